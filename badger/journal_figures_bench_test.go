package badger

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy/journal"
)

// benchStates are the 45 states the benchmarks' sales go to.
var benchStates = []string{"AL", "AR", "AZ", "CA", "CO", "CT", "DC", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS", "KY", "LA",
	"MA", "MD", "ME", "MI", "MN", "MO", "MS", "NC", "ND", "NE", "NJ", "NM", "NV", "NY", "OH", "OK", "PA", "RI", "SC", "SD", "TN",
	"TX", "UT", "VA", "VT", "WA", "WI", "WV"}

// BenchmarkPostFigures posts the invoice of BenchmarkPost, synced, from
// concurrent writers, twice in one run: "without", as BenchmarkPost
// does, its lines placed in no US state, so that the unit keeps no
// sales figures; "with", the same invoice delivered to one of 45
// states in turn (the lines' destination and state tax), so that the
// unit adds its figures. The ratio of the two is what keeping the
// figures costs a post.
func BenchmarkPostFigures(b *testing.B) {
	ctx := context.Background()
	for _, writers := range []int{1, 8} {
		for _, with := range []bool{false, true} {
			name := "without"
			if with {
				name = "with"
			}
			b.Run(fmt.Sprintf("writers=%d/figures=%s", writers, name), func(b *testing.B) {
				s, err := OpenJournal(ctx, b.TempDir(), WithSyncWrites(true))
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				base := benchInvoice(b)
				// One invoice per state, prepared before the clock starts.
				txs := make([]*journal.Transaction, len(benchStates))
				for i, st := range benchStates {
					tx := *base
					tx.Lines = append([]journal.Line(nil), base.Lines...)
					for k := range tx.Lines {
						l := &tx.Lines[k]
						l.Taxes = append([]journal.Tax(nil), l.Taxes...)
						if with {
							l.Destination = "US-" + st
							l.Taxes[0].JurisdictionID = "US-" + st
						}
					}
					txs[i] = &tx
				}
				var n atomic.Int64
				b.ReportAllocs()
				b.SetParallelism(writers)
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						k := n.Add(1)
						mine := *txs[k%int64(len(txs))]
						mine.TransactionID = "INV-" + strconv.FormatInt(k, 10)
						if _, err := s.Post(ctx, "bench", &mine); err != nil {
							b.Error(err)
							return
						}
					}
				})
			})
		}
	}
}
