package postgres

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
	"github.com/levytax/levy/money"
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

// canadaPosting is posting's invoice sold in Canadian dollars to a
// consumer in province, as the engine records such a sale: the GST's
// record ("CA", 5%) and the province's (its PST, or the provincial part
// of its HST) at rate. Its unit keeps four figures: Canada's, the
// province's and the consumers' of both.
func canadaPosting(id, province, rate string) *journal.Transaction {
	tx := posting(id, "SO-1")
	tx.Currency = "CAD"
	l := &tx.Lines[0]
	l.Destination = province
	l.Taxes, l.TotalTax = nil, money.Amount{}
	for _, j := range [][2]string{{"CA", "0.05"}, {province, rate}} {
		r := money.MustParse(j[1])
		t := journal.Tax{JurisdictionID: j[0], Taxable: l.Amount, Rate: r, Tax: money.New(l.Amount.MulRate(r.Decimal()).Decimal().Round(2))}
		l.Taxes = append(l.Taxes, t)
		l.TotalTax = l.TotalTax.Add(t.Tax)
	}
	tx.TotalTax = l.TotalTax
	tx.Total = tx.SubTotal.Add(tx.TotalTax)
	return tx
}

// BenchmarkJournalPostCanadaFigures is BenchmarkJournalPostFigures for
// Canadian sales: four kinds of post alternate by slices of sliceOps in
// one run, in one schema: none, a Toronto invoice delivered outside the
// US and Canada (Destination "GB"), whose unit keeps no figures; us,
// posting's invoice into California (one figure); on, the sale to a
// consumer in Toronto, GST and Ontario's part of the HST (four figures,
// four rows of journal_figures in the same round trip); onb, the same sale
// to a business registered for the GST/HST (two figures: CA, CA-ON); bc,
// the sale to a consumer in Vancouver, GST and B.C.'s PST (four figures).
// A unit of one figure is upserted by a statement of scalars
// (insertFirstVersionFigure), one of several through arrays
// (insertFirstVersionFigures). ns/op is the Toronto post's, kind-ns/op
// each kind's, and on/none, on/us, onb/none, onb/us, bc/none and bc/us
// the ratios of their times. LEVY_BENCH_FSYNC is not read: the
// ratios are the CPU's and the statements'.
func BenchmarkJournalPostCanadaFigures(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			s := db.Journal()
			ctx := context.Background()
			registered := &journal.Party{Business: true, Name: "Northwind Ltd.",
				Registrations: []journal.Registration{{Country: "CA", Number: "123456789RT0001"}}}
			kinds := []struct {
				name    string
				tx      func(id string) *journal.Transaction
				figures int
			}{
				{"none", func(id string) *journal.Transaction {
					tx := canadaPosting(id, "CA-ON", "0.08")
					tx.Lines[0].Destination = "GB"
					return tx
				}, 0},
				{"us", func(id string) *journal.Transaction { return posting(id, "SO-1") }, 1},
				{"on", func(id string) *journal.Transaction { return canadaPosting(id, "CA-ON", "0.08") }, 4},
				{"onb", func(id string) *journal.Transaction {
					tx := canadaPosting(id, "CA-ON", "0.08")
					tx.Customer = registered
					return tx
				}, 2},
				{"bc", func(id string) *journal.Transaction { return canadaPosting(id, "CA-BC", "0.07") }, 4},
			}
			names := make([]string, len(kinds))
			ops := make([]func(int64) error, len(kinds))
			for i, kd := range kinds {
				if got := len(journal.Contribution(kd.tx("X"))); got != kd.figures {
					b.Fatalf("%s: %d figures, want %d", kd.name, got, kd.figures)
				}
				names[i] = kd.name
				ops[i] = func(n int64) error {
					_, err := s.Post(ctx, "acme", kd.tx(fmt.Sprintf("INV-%d", n)))
					return err
				}
			}
			var n atomic.Int64
			took := make([]time.Duration, len(kinds))
			b.ResetTimer()
			for done := 0; done < b.N; done += sliceOps {
				k := min(sliceOps, b.N-done)
				for i, op := range ops {
					took[i] += journaltest.TimeOps(b, writers, k, &n, op)
				}
			}
			journaltest.ReportKinds(b, "on", names, took, [][2]string{
				{"on", "none"}, {"on", "us"}, {"onb", "none"}, {"onb", "us"}, {"bc", "none"}, {"bc", "us"}})
		})
	}
}
