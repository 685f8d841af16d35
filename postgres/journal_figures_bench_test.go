package postgres

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkJournalPostFigures posts invoices, each a new transaction ID,
// to the PostgreSQL journal, alternating by slices of sliceOps in one
// run: invoices into a US state, whose unit adds its sales figures
// (journal_figures, one upsert in the same round trip), and the same
// invoices placed in no state, whose unit keeps none. ns/op is a post
// with figures, without-ns/op one without; ratio is the first over the
// second: what keeping the figures costs a post.
func BenchmarkJournalPostFigures(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			s := db.Journal()
			ctx := context.Background()
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
				a += timeOps(b, writers, k, &n, with)
				c += timeOps(b, writers, k, &n, without)
			}
			b.ReportMetric(float64(a.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(c.Nanoseconds())/float64(b.N), "without-ns/op")
			b.ReportMetric(float64(a)/float64(c), "ratio")
		})
	}
}
