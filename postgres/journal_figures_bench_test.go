package postgres

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/journal/journaltest"
)

// BenchmarkJournalPostFigures posts invoices, each a new transaction ID,
// to the PostgreSQL journal, alternating by slices of sliceOps in one
// run: invoices into a US state, whose unit adds its sales figures
// (journal_figures, one upsert in the same round trip), and the same
// invoices placed in no state, whose unit keeps none. ns/op is a post
// with figures, without-ns/op one without; ratio is the first over the
// second: what keeping the figures costs a post.
//
// The test cluster runs without fsync, so that a commit costs no flush
// and the ratio is the CPU's; LEVY_BENCH_FSYNC=1 turns fsync on for the
// run (ALTER SYSTEM, reloaded, and reset after), as a product database
// has it.
func BenchmarkJournalPostFigures(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			s := db.Journal()
			ctx := context.Background()
			if os.Getenv("LEVY_BENCH_FSYNC") == "1" {
				for _, q := range []string{"ALTER SYSTEM SET fsync = on", "SELECT pg_reload_conf()"} {
					if _, err := db.pool.Exec(ctx, q); err != nil {
						b.Fatal(err)
					}
				}
				b.Cleanup(func() {
					for _, q := range []string{"ALTER SYSTEM RESET fsync", "SELECT pg_reload_conf()"} {
						_, _ = db.pool.Exec(context.Background(), q)
					}
				})
			}
			with := func(n int64) error {
				_, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", n), "SO-1"))
				return err
			}
			without := func(n int64) error {
				tx := posting(fmt.Sprintf("INV-%d", n), "SO-1")
				tx.Lines[0].Taxes[0].JurisdictionID = "06"
				_, err := s.Post(ctx, "acme", tx)
				return err
			}
			var n atomic.Int64
			var a, c time.Duration
			b.ResetTimer()
			for done := 0; done < b.N; done += sliceOps {
				k := min(sliceOps, b.N-done)
				a += journaltest.TimeOps(b, writers, k, &n, with)
				c += journaltest.TimeOps(b, writers, k, &n, without)
			}
			b.ReportMetric(float64(a.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(c.Nanoseconds())/float64(b.N), "without-ns/op")
			b.ReportMetric(float64(a)/float64(c), "ratio")
		})
	}
}

// BenchmarkJournalPostEUFigures is BenchmarkJournalPostFigures for EU
// distance sales: invoices in euros whose line is such a sale, whose unit
// adds to the day's figures and to the month's total of AreaEU
// (journal_figure_months), alternating with the same invoices without
// the sale, whose unit keeps no figures. ratio is the first over the
// second.
func BenchmarkJournalPostEUFigures(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			s := db.Journal()
			ctx := context.Background()
			post := func(n int64, eu bool) error {
				tx := posting(fmt.Sprintf("INV-%d", n), "SO-1")
				tx.Currency = "EUR"
				tx.Lines[0].Taxes[0].JurisdictionID = "06"
				tx.Lines[0].EUDistanceSale = eu
				_, err := s.Post(ctx, "acme", tx)
				return err
			}
			with := func(n int64) error { return post(n, true) }
			without := func(n int64) error { return post(n, false) }
			var n atomic.Int64
			var a, c time.Duration
			b.ResetTimer()
			for done := 0; done < b.N; done += sliceOps {
				k := min(sliceOps, b.N-done)
				a += journaltest.TimeOps(b, writers, k, &n, with)
				c += journaltest.TimeOps(b, writers, k, &n, without)
			}
			b.ReportMetric(float64(a.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(c.Nanoseconds())/float64(b.N), "without-ns/op")
			b.ReportMetric(float64(a)/float64(c), "ratio")
		})
	}
}
