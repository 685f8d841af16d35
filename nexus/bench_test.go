package nexus_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
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
	n := 1_000_000
	if v := os.Getenv("LEVY_NEXUS_BENCH_SALES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			b.Fatal(err)
		}
	}
	j, err := badger.OpenJournal(ctx, b.TempDir(), badger.WithSyncWrites(false))
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	first := civil.MustParse("2025-01-01")
	const unit = 1000
	amount := money.MustParse("123.45")
	batch := make([]*journal.Transaction, 0, unit)
	for i := range n {
		st := "US-" + benchStates[i%len(benchStates)]
		d := first.AddDays(i % 730)
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
	rules, err := dataRules(b)
	if err != nil {
		b.Fatal(err)
	}
	o := nexus.Options{AsOf: civil.MustParse("2026-12-31")}
	rep, err := nexus.Build(ctx, j, rules, "bench", o)
	if err != nil {
		b.Fatal(err)
	}
	var total int64
	for _, r := range rep.Rows {
		if r.State != nexus.AreaEU && r.PeriodStart.Year == 2026 {
			total += r.Transactions
		}
	}
	b.Logf("%d sales; the report has %d rows; %d sales in 2026 periods", n, len(rep.Rows), total)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := nexus.Build(ctx, j, rules, "bench", o); err != nil {
			b.Fatal(err)
		}
	}
}

func dataRules(b *testing.B) (r *data.NexusRules, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("%v", e)
		}
	}()
	return rules(b), nil
}
