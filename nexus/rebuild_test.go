package nexus_test

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// sumsCounter is a journal that notes the areas AreaSums is asked
// about, over a real store.
type sumsCounter struct {
	journal.Store
	mu    sync.Mutex
	areas []string
}

func (c *sumsCounter) AreaSums(ctx context.Context, tenant, company, area string, spans []journal.Span) ([]journal.Sum, error) {
	c.mu.Lock()
	c.areas = append(c.areas, area)
	c.mu.Unlock()
	return c.Store.AreaSums(ctx, tenant, company, area, spans)
}

// euSale posts an EU distance sale of company, of amount euros, into
// France.
func euSale(t testing.TB, j journal.Store, tenant, id, company, date, amount string) {
	t.Helper()
	a := money.MustParse(amount)
	tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: company,
		DocumentDate: civil.MustParse(date), Currency: "EUR", SubTotal: a, Total: a,
		Lines: []journal.Line{{LineItemID: "1", Destination: "FR", Amount: a, EUDistanceSale: true}}}
	if _, err := j.Post(context.Background(), tenant, tx); err != nil {
		t.Fatal(err)
	}
}

// monthsAsRead returns the month differences of the figures of tenant
// as the store's AreaSums reads every area's months, the rebuild's
// check before it read the EU's alone: what the rebuild must still find.
func monthsAsRead(t *testing.T, j journal.Store, tenant string) []nexus.MonthDifference {
	t.Helper()
	ctx := context.Background()
	stored, err := j.Figures(ctx, tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	computed, err := journal.Recompute(ctx, j, tenant)
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ company, area string }
	months := map[key][]civil.Date{}
	want := map[key][]journal.Figure{}
	var keys []key
	for i, figs := range [][]journal.Figure{stored, computed} {
		for _, f := range figs {
			k := key{f.Company, f.Area}
			if _, ok := months[k]; !ok {
				keys = append(keys, k)
			}
			if m := journal.MonthOf(f.Day); !slices.Contains(months[k], m) {
				months[k] = append(months[k], m)
			}
			if i == 1 {
				want[k] = append(want[k], f)
			}
		}
	}
	slices.SortFunc(keys, func(a, b key) int { return cmp.Or(cmp.Compare(a.company, b.company), cmp.Compare(a.area, b.area)) })
	var out []nexus.MonthDifference
	for _, k := range keys {
		ms := months[k]
		slices.SortFunc(ms, civil.Date.Compare)
		spans := make([]journal.Span, len(ms))
		for i, m := range ms {
			spans[i] = journal.Span{From: m, To: civil.New(m.Year, m.Month+1, 1).AddDays(-1)}
		}
		got, err := j.AreaSums(ctx, tenant, k.company, k.area, spans)
		if err != nil {
			t.Fatal(err)
		}
		sums := journal.SumFigures(want[k], spans)
		for i := range spans {
			if got[i] != sums[i] {
				out = append(out, nexus.MonthDifference{Company: k.company, Area: k.area, Month: spans[i].From, Stored: got[i], Computed: sums[i]})
			}
		}
	}
	return out
}

// TestRebuildReadsEUMonthsOnly: the rebuild's check of the monthly
// totals asks the store for the sums of the areas that keep them
// (journal.KeepsMonthTotals: the EU's) and of no other, whose months it
// adds up from the stored days it read already; it finds the same
// differences as when it read every area's months from the store, with
// figures that agree, with days of a state and of the EU taken away, and
// after the repair. Over Badger on disk and the memory store.
func TestRebuildReadsEUMonthsOnly(t *testing.T) {
	stores := journalStores(false)
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			j := open(t)
			defer j.Close()
			for i, c := range []string{"ACME", "BETA", ""} {
				sale(t, j, "acme", c+"-TX-1", c, "2026-01-15", "TX", "1000.00")
				sale(t, j, "acme", c+"-TX-2", c, "2026-03-02", "TX", "250.00")
				sale(t, j, "acme", c+"-CA-1", c, "2026-02-27", "CA", "400.00")
				euSale(t, j, "acme", c+"-EU-1", c, "2026-01-31", "300.00")
				euSale(t, j, "acme", c+"-EU-2", c, "2026-02-01", fmt.Sprintf("8%d.00", i))
			}
			c := &sumsCounter{Store: j}
			check := func(what string, wantMonths int) *nexus.Rebuilt {
				t.Helper()
				want := monthsAsRead(t, j, "acme")
				c.areas = nil
				got, err := nexus.Rebuild(ctx, c, "acme", false)
				if err != nil {
					t.Fatal(err)
				}
				for _, a := range c.areas {
					if !journal.KeepsMonthTotals(a) {
						t.Errorf("%s: the rebuild read the sums of %s again", what, a)
					}
				}
				if len(c.areas) != 3 {
					t.Errorf("%s: the rebuild read the sums of %d areas, want the EU's of the 3 companies", what, len(c.areas))
				}
				if !reflect.DeepEqual(got.Months, want) || len(got.Months) != wantMonths {
					t.Errorf("%s: month differences %+v, want %d: %+v", what, got.Months, wantMonths, want)
				}
				return got
			}
			check("agreeing figures", 0)
			// Take away the days of BETA's Texas in January and of its EU
			// sales on February 1.
			stored, err := j.Figures(ctx, "acme", civil.Date{}, civil.Date{})
			if err != nil {
				t.Fatal(err)
			}
			kept := slices.DeleteFunc(slices.Clone(stored), func(f journal.Figure) bool {
				return f.Company == "BETA" && (f.Area == "US-TX" && f.Day.Month == 1 || f.Area == journal.AreaEU && f.Day.Month == 2)
			})
			if len(kept) != len(stored)-2 {
				t.Fatalf("took %d figures away, want 2", len(stored)-len(kept))
			}
			if err := j.ReplaceFigures(ctx, "acme", kept); err != nil {
				t.Fatal(err)
			}
			found := check("days taken away", 2)
			if len(found.Differences) != 2 {
				t.Errorf("day differences %+v, want 2", found.Differences)
			}
			if _, err := nexus.Rebuild(ctx, j, "acme", true); err != nil {
				t.Fatal(err)
			}
			check("after the repair", 0)
		})
	}
}

// BenchmarkRebuild checks the figures of a Badger journal of 20,000 sales
// of one company into 45 states and the EU over the two years before
// 2026-12-31 (nexus.Rebuild without repair): it scans the journal,
// reads the stored figures, and reads the EU's monthly totals.
// areasums/op counts the areas whose sums it asks the store for.
func BenchmarkRebuild(b *testing.B) {
	ctx := context.Background()
	j, err := badger.OpenJournal(ctx, b.TempDir(), badger.WithSyncWrites(false))
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	first := civil.MustParse("2025-01-01")
	amount := money.MustParse("40.00")
	var batch []*journal.Transaction
	const n = 20000
	for i := range n {
		tx := &journal.Transaction{TransactionID: fmt.Sprint("T", i), Perspective: "SELLER", MessageType: "INVOICE",
			Company: "ACME", DocumentDate: first.AddDays(i % 730), Currency: "USD", SubTotal: amount, Total: amount}
		if i%10 == 0 {
			tx.Currency = "EUR"
			tx.Lines = []journal.Line{{Destination: "FR", Amount: amount, EUDistanceSale: true}}
		} else {
			st := "US-" + benchStates[i%len(benchStates)]
			tx.Lines = []journal.Line{{Destination: st, Amount: amount, Taxes: []journal.Tax{{JurisdictionID: st, Taxable: amount}}}}
		}
		batch = append(batch, tx)
		if len(batch) == 1000 || i == n-1 {
			if _, err := j.PostAll(ctx, "bench", batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	c := &sumsCounter{Store: j}
	b.ReportAllocs()
	for b.Loop() {
		res, err := nexus.Rebuild(ctx, c, "bench", false)
		if err != nil || len(res.Differences)+len(res.Months) != 0 {
			b.Fatalf("rebuild: %+v, %v", res, err)
		}
	}
	b.ReportMetric(float64(len(c.areas))/float64(b.N), "areasums/op")
}
