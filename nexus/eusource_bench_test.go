package nexus_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/postgres"
)

// benchEUJournal opens a Badger journal holding n EU distance sales of
// one company, spread over the 730 days before 2026-12-31 (a figure row
// on every day of both years the source reads).
func benchEUJournal(b *testing.B, n int) *badger.JournalStore {
	j, err := badger.OpenJournal(context.Background(), b.TempDir(), badger.WithSyncWrites(false))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { j.Close() })
	fillEUJournal(b, j, n)
	return j
}

// fillEUJournal posts n EU distance sales of one company to j, spread
// over the 730 days before 2026-12-31, a thousand per unit.
func fillEUJournal(b *testing.B, j journal.Store, n int) {
	ctx := context.Background()
	first := civil.MustParse("2025-01-01")
	amount := money.MustParse("40.00")
	var batch []*journal.Transaction
	for i := range n {
		batch = append(batch, &journal.Transaction{TransactionID: "EU" + strconv.Itoa(i), Perspective: "SELLER", MessageType: "INVOICE",
			Company: "ACME", DocumentDate: first.AddDays(i % 730), Currency: "EUR", SubTotal: amount, Total: amount,
			Lines: []journal.Line{{Destination: "FR", Amount: amount, EUDistanceSale: true}}})
		if len(batch) == 1000 || i == n-1 {
			if _, err := j.PostAll(ctx, "bench", batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
}

// BenchmarkEUSource is what an EU distance sale to a consumer adds to its
// calculation when the seller's figures come from a Badger journal
// (nexus.EUSource, as `levy serve` wires it): the figures of every day of
// the sale's year and the year before, read for each calculation. Its
// sub-benchmark Replacing adds the read of the stored transaction that an
// INVOICE with a transaction ID replaces; ByDay is the read before the
// journal kept monthly totals, every day's figure of both years (a
// source without AreaSums), for comparison in the same run. Compare with
// engine's BenchmarkQuotation1 in the same run. LEVY_EU_BENCH_SALES sets
// the number of sales in the journal (20,000 by default).
func BenchmarkEUSource(b *testing.B) {
	n := 20_000
	if v := os.Getenv("LEVY_EU_BENCH_SALES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			b.Fatal(err)
		}
	}
	benchEUSource(b, benchEUJournal(b, n))
}

// BenchmarkEUSourcePostgres is BenchmarkEUSource over a PostgreSQL
// journal (a throwaway cluster of pgtest): the same sales, the same
// sub-benchmarks.
func BenchmarkEUSourcePostgres(b *testing.B) {
	n := 20_000
	if v := os.Getenv("LEVY_EU_BENCH_SALES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			b.Fatal(err)
		}
	}
	db, err := postgres.Open(context.Background(), pgtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	j := db.Journal()
	fillEUJournal(b, j, n)
	benchEUSource(b, j)
}

// benchEUSource runs the sub-benchmarks of BenchmarkEUSource over j.
func benchEUSource(b *testing.B, j journal.Store) {
	ctx := context.Background()
	src := nexus.NewEUSource(j, nil)
	day := civil.MustParse("2026-12-31")
	f, err := src.EUDistanceSales(ctx, "bench", "ACME", day)
	if err != nil || f.Current.IsZero() || f.Previous.IsZero() {
		b.Fatalf("figures %+v, %v", f, err)
	}
	b.Run("Figures", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := src.EUDistanceSales(ctx, "bench", "ACME", day); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ByDay", func(b *testing.B) {
		byDay := nexus.NewEUSource(daysOnly{j}, nil)
		g, err := byDay.EUDistanceSales(ctx, "bench", "ACME", day)
		if err != nil || !g.Current.Equal(f.Current) || !g.Previous.Equal(f.Previous) {
			b.Fatalf("figures by day %+v, %v; want %+v", g, err, f)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := byDay.EUDistanceSales(ctx, "bench", "ACME", day); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Replacing", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := src.EUDistanceSalesReplacing(ctx, "bench", "ACME", day, "EU729"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// daysOnly is a figure source that reads every day's figure: the journal
// without its AreaSums (its stored transactions still read, for a
// replacing calculation).
type daysOnly struct{ j journal.Store }

func (d daysOnly) EachFigure(ctx context.Context, tenant string, from, to civil.Date, fn func(journal.Figure) error) error {
	return d.j.EachFigure(ctx, tenant, from, to, fn)
}

func (d daysOnly) AreaFigures(ctx context.Context, tenant, company, area string, from, to civil.Date, fn func(journal.Figure) error) error {
	return d.j.AreaFigures(ctx, tenant, company, area, from, to, fn)
}

func (d daysOnly) Get(ctx context.Context, tenant, id string) (*journal.Transaction, error) {
	return d.j.Get(ctx, tenant, id)
}
