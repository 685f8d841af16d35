package badger

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
	"github.com/levytax/levy/money"
)

// benchStates are the 45 states the benchmarks' sales go to.
var benchStates = []string{"AL", "AR", "AZ", "CA", "CO", "CT", "DC", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS", "KY", "LA",
	"MA", "MD", "ME", "MI", "MN", "MO", "MS", "NC", "ND", "NE", "NJ", "NM", "NV", "NY", "OH", "OK", "PA", "RI", "SC", "SD", "TN",
	"TX", "UT", "VA", "VT", "WA", "WI", "WV"}

// figureSlice is how many posts of one kind BenchmarkPostFigures runs
// before it runs as many of the other.
const figureSlice = 100

// BenchmarkPostFigures posts the invoice of BenchmarkPost, synced (as
// the product does) and not (which leaves the CPU's part alone), from
// concurrent writers, two ways in one run, alternating by slices of
// figureSlice posts so that a change of the machine's load (it is
// shared) falls on both: into one of 45 states in turn (the lines'
// destination and state tax), so that each unit adds its sales figures,
// and the same invoice placed in no US state, as BenchmarkPost posts
// it, so that no unit keeps any. Each way has a journal of its own.
// ns/op is a post with figures, without-ns/op one without; ratio is the
// first over the second: what keeping the figures costs a post.
func BenchmarkPostFigures(b *testing.B) {
	ctx := context.Background()
	for _, c := range []struct {
		writers int
		sync    bool
	}{{1, true}, {8, true}, {1, false}, {8, false}} {
		writers := c.writers
		b.Run(fmt.Sprintf("writers=%d/sync=%t", c.writers, c.sync), func(b *testing.B) {
			open := func() *JournalStore { return benchJournal(ctx, b, c.sync) }
			withStore, withoutStore := open(), open()
			base := benchInvoice(b)
			// One invoice per state, prepared before the clock starts.
			placed := inEveryState(base)
			post := func(s *JournalStore, tx func(int64) *journal.Transaction) func(int64) error {
				return func(k int64) error {
					mine := *tx(k)
					mine.TransactionID = "INV-" + strconv.FormatInt(k, 10)
					_, err := s.Post(ctx, "bench", &mine)
					return err
				}
			}
			with := post(withStore, func(k int64) *journal.Transaction { return placed[k%int64(len(placed))] })
			without := post(withoutStore, func(int64) *journal.Transaction { return base })
			var n atomic.Int64
			var a, d time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for done := 0; done < b.N; done += figureSlice {
				k := min(figureSlice, b.N-done)
				a += journaltest.TimeOps(b, writers, k, &n, with)
				d += journaltest.TimeOps(b, writers, k, &n, without)
			}
			b.ReportMetric(float64(a.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "without-ns/op")
			b.ReportMetric(float64(a)/float64(d), "ratio")
		})
	}
}

// canadaInvoice returns the invoice of benchInvoice sold in Canadian
// dollars to a customer in province, as the engine records such a sale:
// on each line the GST's record ("CA", 5%) and the province's (its PST,
// or the provincial part of its HST) at rate, of imposition. A nil
// customer is a consumer, whose sale also counts in the consumers' areas
// (four figures); a customer with a GST/HST registration of the normal
// regime counts in the province's and Canada's alone (two).
func canadaInvoice(b *testing.B, province, rate, imposition string, customer *journal.Party) *journal.Transaction {
	b.Helper()
	base := benchInvoice(b)
	tx := *base
	tx.Currency, tx.Customer = "CAD", customer
	tx.Lines = nil
	tx.SubTotal, tx.TotalTax = money.Amount{}, money.Amount{}
	for _, l := range base.Lines {
		l.Destination = province
		l.Taxes, l.TotalTax = nil, money.Amount{}
		for _, j := range []struct{ id, typ, imp, rate string }{
			{"CA", "COUNTRY", "Goods and Services Tax", "0.05"},
			{province, "STATE", imposition, rate},
		} {
			r := money.MustParse(j.rate)
			t := journal.Tax{
				JurisdictionID: j.id, JurisdictionType: j.typ, Imposition: j.imp, ImpositionType: j.imp,
				TaxType: "SALES", TaxResult: "TAXABLE", Situs: "DESTINATION", CollectedFrom: "SELLER",
				Taxable: l.Amount, Exempt: money.MustParse("0.00"), NonTaxable: money.MustParse("0.00"),
				Tax: money.New(l.Amount.MulRate(r.Decimal()).Decimal().Round(2)), Rate: r, RuleID: "R-" + j.id + "-GEN",
			}
			l.Taxes = append(l.Taxes, t)
			l.TotalTax = l.TotalTax.Add(t.Tax)
		}
		tx.Lines = append(tx.Lines, l)
		tx.SubTotal = tx.SubTotal.Add(l.Amount)
		tx.TotalTax = tx.TotalTax.Add(l.TotalTax)
	}
	tx.Total = tx.SubTotal.Add(tx.TotalTax)
	return &tx
}

// BenchmarkPostCanadaFigures measures what a Canadian sale's figures
// cost a post, beside a US sale's and a post that keeps none: five kinds
// of post in one run, each to a journal of its own, alternating by slices
// of figureSlice posts so that a change of the machine's load (it is
// shared) falls on all of them:
//
//   - none: the Toronto invoice below delivered outside the US and
//     Canada (Destination "GB"), whose unit keeps no figures;
//   - us: BenchmarkPostFigures' invoice, into one of 45 states in turn
//     (one figure);
//   - on: a sale to a consumer in Toronto, the GST and Ontario's part of
//     the HST on each line (four figures: CA, CA/consumers, CA-ON,
//     CA-ON/consumers);
//   - onb: the same sale to a business registered for the GST/HST (two
//     figures: CA, CA-ON);
//   - bc: a sale to a consumer in Vancouver, the GST and B.C.'s PST
//     (four figures).
//
// ns/op is the Toronto consumer's post; each kind's own is kind-ns/op,
// and on/none, on/us, onb/none, bc/none and bc/us are the ratios of their
// times.
func BenchmarkPostCanadaFigures(b *testing.B) {
	ctx := context.Background()
	registered := &journal.Party{Business: true, Name: "Northwind Ltd.",
		Registrations: []journal.Registration{{Country: "CA", Number: "123456789RT0001"}}}
	for _, c := range []struct {
		writers int
		sync    bool
	}{{1, true}, {8, true}, {1, false}} {
		writers := c.writers
		b.Run(fmt.Sprintf("writers=%d/sync=%t", c.writers, c.sync), func(b *testing.B) {
			open := func() *JournalStore { return benchJournal(ctx, b, c.sync) }
			base := benchInvoice(b)
			states := inEveryState(base)
			toronto := canadaInvoice(b, "CA-ON", "0.08", "Harmonized Sales Tax", nil)
			nowhere := canadaInvoice(b, "CA-ON", "0.08", "Harmonized Sales Tax", nil)
			for k := range nowhere.Lines {
				nowhere.Lines[k].Destination = "GB"
			}
			onb := canadaInvoice(b, "CA-ON", "0.08", "Harmonized Sales Tax", registered)
			vancouver := canadaInvoice(b, "CA-BC", "0.07", "Provincial Sales Tax", nil)
			kinds := []struct {
				name string
				tx   func(int64) *journal.Transaction
			}{
				{"none", func(int64) *journal.Transaction { return nowhere }},
				{"us", func(k int64) *journal.Transaction { return states[k%int64(len(states))] }},
				{"on", func(int64) *journal.Transaction { return toronto }},
				{"onb", func(int64) *journal.Transaction { return onb }},
				{"bc", func(int64) *journal.Transaction { return vancouver }},
			}
			for i, want := range []int{0, 1, 4, 2, 4} {
				if got := len(journal.Contribution(kinds[i].tx(0))); got != want {
					b.Fatalf("%s: %d figures, want %d", kinds[i].name, got, want)
				}
			}
			names := make([]string, len(kinds))
			ops := make([]func(int64) error, len(kinds))
			for i, kd := range kinds {
				s := open()
				names[i] = kd.name
				ops[i] = func(k int64) error {
					mine := *kd.tx(k) // Post does not modify what it is given
					mine.TransactionID = "INV-" + strconv.FormatInt(k, 10)
					_, err := s.Post(ctx, "bench", &mine)
					return err
				}
			}
			var n atomic.Int64
			took := make([]time.Duration, len(kinds))
			b.ResetTimer()
			for done := 0; done < b.N; done += figureSlice {
				k := min(figureSlice, b.N-done)
				for i, op := range ops {
					took[i] += journaltest.TimeOps(b, writers, k, &n, op)
				}
			}
			journaltest.ReportKinds(b, "on", names, took, [][2]string{
				{"on", "none"}, {"on", "us"}, {"onb", "none"}, {"bc", "none"}, {"bc", "us"}})
		})
	}
}

// benchJournal opens a journal in a directory of the benchmark's, closed
// when it ends, with synced writes or not.
func benchJournal(ctx context.Context, b *testing.B, sync bool) *JournalStore {
	b.Helper()
	s, err := OpenJournal(ctx, b.TempDir(), WithSyncWrites(sync))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = s.Close() })
	return s
}

// inEveryState returns a copy of base for each state of benchStates, its
// lines sent there and their first tax the state's, so that the
// benchmarks' US sales spread over the states' figures.
func inEveryState(base *journal.Transaction) []*journal.Transaction {
	out := make([]*journal.Transaction, len(benchStates))
	for i, st := range benchStates {
		tx := *base
		tx.Lines = append([]journal.Line(nil), base.Lines...)
		for k := range tx.Lines {
			l := &tx.Lines[k]
			l.Taxes = append([]journal.Tax(nil), l.Taxes...)
			l.Destination = "US-" + st
			l.Taxes[0].JurisdictionID = "US-" + st
		}
		out[i] = &tx
	}
	return out
}
