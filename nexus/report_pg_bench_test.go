package nexus_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/postgres"
)

// benchReportSales returns the number of sales of the report's
// benchmarks: 1,000,000, or LEVY_NEXUS_BENCH_SALES.
func benchReportSales(b *testing.B) int {
	n := 1_000_000
	if v := os.Getenv("LEVY_NEXUS_BENCH_SALES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			b.Fatal(err)
		}
	}
	return n
}

// fillReportJournal posts n sales of company ACME to j, into the 45
// states of benchStates over the 730 days from 2025-01-01, in units of
// 1,000 as a batch run posts them. The i-th sale goes to the i-th state
// on the i-th day, as in BenchmarkReport, which makes 6,570 days of
// states with sales (45 and 730 share the factor 5); with everyDay, the
// i-th to the i-th state on the (i/45)-th day, which fills every day of
// every state (32,850) from 32,850 sales on.
func fillReportJournal(b *testing.B, j journal.Store, n int, everyDay bool) {
	ctx := context.Background()
	first := civil.MustParse("2025-01-01")
	const unit = 1000
	amount := money.MustParse("123.45")
	batch := make([]*journal.Transaction, 0, unit)
	for i := range n {
		st := "US-" + benchStates[i%len(benchStates)]
		d := first.AddDays(i % 730)
		if everyDay {
			d = first.AddDays(i / len(benchStates) % 730)
		}
		batch = append(batch, &journal.Transaction{TransactionID: "T" + strconv.Itoa(i), Perspective: "SELLER", MessageType: "INVOICE",
			Company: "ACME", DocumentDate: d, Currency: "USD", SubTotal: amount, Total: amount,
			Lines: []journal.Line{{Destination: st, Amount: amount, Taxes: []journal.Tax{{JurisdictionID: st, Taxable: amount}}}}})
		if len(batch) == unit || i == n-1 {
			if _, err := j.PostAll(ctx, "bench", batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
}

// BenchmarkReportPostgres is BenchmarkReport over a PostgreSQL journal
// (a throwaway cluster of pgtest): the same sales, posted the same way
// through PostAll on one connection at a time, then the report built
// from the figures alone, in the sub-benchmark Report (the parent runs
// once, so the sales are posted once). LEVY_NEXUS_BENCH_SALES changes
// the number of sales; posting 1,000,000 takes a minute or two, which
// the benchmark logs.
func BenchmarkReportPostgres(b *testing.B) { benchReportPostgres(b, false) }

// BenchmarkReportPostgresEveryDay is BenchmarkReportPostgres with sales
// in every state on every day of the two years (32,850 figures, where
// BenchmarkReport's sales fill 6,570).
func BenchmarkReportPostgresEveryDay(b *testing.B) { benchReportPostgres(b, true) }

// benchReportPostgres runs BenchmarkReportPostgres, its sales on every
// day of every state when everyDay (fillReportJournal).
func benchReportPostgres(b *testing.B, everyDay bool) {
	ctx := context.Background()
	n := benchReportSales(b)
	db, err := postgres.Open(ctx, pgtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	j := db.Journal()
	start := time.Now()
	fillReportJournal(b, j, n, everyDay)
	filled := time.Since(start)
	rules, o, rep := benchReportOnce(b, j)
	total := salesOf2026(rep)
	figures := 0
	if err := j.EachFigure(ctx, "bench", civil.Date{}, civil.Date{}, func(journal.Figure) error { figures++; return nil }); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d sales posted in %s, %d figures; the report has %d rows; %d sales in 2026 periods",
		n, filled.Round(time.Millisecond), figures, len(rep.Rows), total)
	b.Run("Report", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := nexus.Build(ctx, j, rules, "bench", o); err != nil {
				b.Fatal(err)
			}
		}
	})
}
