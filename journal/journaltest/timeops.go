package journaltest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TimeOps runs n calls of op on writers goroutines, each call with a
// number of its own from next, and returns how long they took: the
// paired benchmarks of the stores run two operations by turns, a slice of
// each at a time, so that a change of the machine's load falls on both.
// A failing call fails b and stops its goroutine.
func TimeOps(b *testing.B, writers, n int, next *atomic.Int64, op func(int64) error) time.Duration {
	var left atomic.Int64
	left.Store(int64(n))
	var wg sync.WaitGroup
	start := time.Now()
	for range writers {
		wg.Go(func() {
			for left.Add(-1) >= 0 {
				if err := op(next.Add(1)); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	return time.Since(start)
}

// ReportKinds reports the times of the kinds of operation that a
// benchmark ran by turns, b.N of each: took[i] is the total of names[i].
// ns/op is main's time per operation, name-ns/op each kind's, and for
// each pair {x, y} of ratios, x/y is x's time over y's.
func ReportKinds(b *testing.B, main string, names []string, took []time.Duration, ratios [][2]string) {
	b.Helper()
	if b.N == 0 {
		return
	}
	of := make(map[string]time.Duration, len(names))
	for i, name := range names {
		of[name] = took[i]
		b.ReportMetric(float64(took[i].Nanoseconds())/float64(b.N), name+"-ns/op")
	}
	b.ReportMetric(float64(of[main].Nanoseconds())/float64(b.N), "ns/op")
	for _, r := range ratios {
		if of[r[1]] > 0 {
			b.ReportMetric(float64(of[r[0]])/float64(of[r[1]]), r[0]+"/"+r[1])
		}
	}
}
