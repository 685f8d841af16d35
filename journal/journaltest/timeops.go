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
