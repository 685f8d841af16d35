package nexus_test

import (
	"context"
	"log/slog"
	"strconv"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// BenchmarkWatcherCheck measures a round of the watcher on a tenant
// whose statuses did not change since the last (the watcher's usual
// round): 9,000 sales in a memory journal over the 45 states of
// BenchmarkReport, all of them notified before. "build" builds the
// report alone, the floor of a round; "memory" and "badger" are the
// rounds over those records of notices, so that their ratios to build,
// in one run, are the cost of reading the records.
func BenchmarkWatcherCheck(b *testing.B) {
	ctx := context.Background()
	j := journal.NewMemory()
	first := civil.MustParse("2026-01-01")
	var batch []*journal.Transaction
	for i := range 9000 {
		st := "US-" + benchStates[i%len(benchStates)]
		// Enough, in a few states, to be approaching or past the threshold.
		amount := money.MustParse([]string{"12.00", "600.00", "2500.00"}[i%3])
		batch = append(batch, &journal.Transaction{TransactionID: "T" + strconv.Itoa(i), Perspective: "SELLER", MessageType: "INVOICE",
			Company: "ACME", DocumentDate: first.AddDays(i % 300), Currency: "USD", SubTotal: amount, Total: amount,
			Lines: []journal.Line{{Destination: st, Amount: amount, Taxes: []journal.Tax{{JurisdictionID: st, Taxable: amount}}}}})
	}
	if _, err := j.PostAll(ctx, "acme", batch); err != nil {
		b.Fatal(err)
	}
	rules, err := dataRules(b)
	if err != nil {
		b.Fatal(err)
	}
	day := civil.MustParse("2026-12-31")
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := nexus.Build(ctx, j, rules, "acme", nexus.Options{AsOf: day}); err != nil {
				b.Fatal(err)
			}
		}
	})
	estore, err := badger.OpenEInvoice(ctx, b.TempDir(), badger.WithSyncWrites(false))
	if err != nil {
		b.Fatal(err)
	}
	defer estore.Close()
	for _, c := range []struct {
		name string
		sent nexus.SentStore
	}{{"memory", nexus.NewMemorySent()}, {"badger", estore.NexusSent()}} {
		svc, _ := eventReceiver(b)
		w := nexus.NewWatcher(nexus.WatcherConfig{Figures: j, Rules: rules, Notify: svc, Sent: c.sent, Log: slog.New(slog.DiscardHandler),
			Today: func() civil.Date { return day }})
		n, err := w.Check(ctx, "acme")
		if err != nil || n == 0 {
			b.Fatalf("the first round: %d notices, %v", n, err)
		}
		b.Logf("%s: %d states notified in the first round", c.name, n)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if n, err := w.Check(ctx, "acme"); err != nil || n != 0 {
					b.Fatalf("a round: %d notices, %v", n, err)
				}
			}
		})
	}
}
