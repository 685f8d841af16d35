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
			open := func() *JournalStore {
				s, err := OpenJournal(ctx, b.TempDir(), WithSyncWrites(c.sync))
				if err != nil {
					b.Fatal(err)
				}
				b.Cleanup(func() { _ = s.Close() })
				return s
			}
			withStore, withoutStore := open(), open()
			base := benchInvoice(b)
			// One invoice per state, prepared before the clock starts.
			placed := make([]*journal.Transaction, len(benchStates))
			for i, st := range benchStates {
				tx := *base
				tx.Lines = append([]journal.Line(nil), base.Lines...)
				for k := range tx.Lines {
					l := &tx.Lines[k]
					l.Taxes = append([]journal.Tax(nil), l.Taxes...)
					l.Destination = "US-" + st
					l.Taxes[0].JurisdictionID = "US-" + st
				}
				placed[i] = &tx
			}
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
