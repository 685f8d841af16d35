package nexus_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// benchStates are the 45 states of the report's benchmark.
var benchStates = []string{"AL", "AR", "AZ", "CA", "CO", "CT", "DC", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS", "KY", "LA",
	"MA", "MD", "ME", "MI", "MN", "MO", "MS", "NC", "ND", "NE", "NJ", "NM", "NV", "NY", "OH", "OK", "PA", "RI", "SC", "SD", "TN",
	"TX", "UT", "VA", "VT", "WA", "WI", "WV"}

// BenchmarkReport builds the report of a tenant whose Badger journal
// holds 1,000,000 sales (LEVY_NEXUS_BENCH_SALES to change it) into 45
// states over the two calendar years before the report's day, posted in
// units of 1,000 as a batch run posts them (every part of the figures'
// keys written). The report reads the figures only, never the
// transactions.
func BenchmarkReport(b *testing.B) {
	ctx := context.Background()
	n := benchReportSales(b)
	j, err := badger.OpenJournal(ctx, b.TempDir(), badger.WithSyncWrites(false))
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	fillReportJournal(b, j, n, false)
	rules, o, rep := benchReportOnce(b, j)
	b.Logf("%d sales; the report has %d rows; %d sales in 2026 periods", n, len(rep.Rows), salesOf2026(rep))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := nexus.Build(ctx, j, rules, "bench", o); err != nil {
			b.Fatal(err)
		}
	}
}

// benchReportOnce builds the report of the benchmarks' tenant over j
// once, as of 2026-12-31, and returns the rules and options it used with
// the report.
func benchReportOnce(b *testing.B, j journal.Store) (*data.NexusRules, nexus.Options, *nexus.Report) {
	b.Helper()
	rules, err := dataRules(b)
	if err != nil {
		b.Fatal(err)
	}
	o := nexus.Options{AsOf: civil.MustParse("2026-12-31")}
	rep, err := nexus.Build(context.Background(), j, rules, "bench", o)
	if err != nil {
		b.Fatal(err)
	}
	return rules, o, rep
}

// salesOf2026 counts the transactions of rep's US rows whose period
// begins in 2026.
func salesOf2026(rep *nexus.Report) int64 {
	var total int64
	for _, r := range rep.Rows {
		if r.State != nexus.AreaEU && r.PeriodStart.Year == 2026 {
			total += r.Transactions
		}
	}
	return total
}

func dataRules(b *testing.B) (r *data.NexusRules, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("%v", e)
		}
	}()
	return rules(b), nil
}
