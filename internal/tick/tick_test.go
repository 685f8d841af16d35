package tick

import (
	"context"
	"testing"
	"time"
)

// TestEveryOutlivesAHungRun: a run that never returns on its own (it
// waits on its context, as a statement on a hung connection does) is
// given up after its bound, and the next tick calls run again.
func TestEveryOutlivesAHungRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const interval = time.Millisecond
	calls := make(chan time.Duration, 2)
	done := make(chan struct{})
	n := 0
	go func() {
		defer close(done)
		Every(ctx, interval, true, func(rctx context.Context) {
			n++
			dl, ok := rctx.Deadline()
			if !ok {
				calls <- -1
				cancel()
				return
			}
			if n == 1 {
				calls <- time.Until(dl)
				<-rctx.Done()
				return
			}
			calls <- 0
			cancel()
		})
	}()
	if left := <-calls; left < 0 || left > Bound*interval {
		t.Fatalf("the first run's context ends in %v, want a deadline within %v", left, Bound*interval)
	}
	if got := <-calls; got != 0 {
		t.Fatal("the second run has no deadline")
	}
	<-done
}

// TestEveryNotPositive: a non-positive interval runs nothing.
func TestEveryNotPositive(t *testing.T) {
	Every(context.Background(), 0, true, func(context.Context) { t.Fatal("run called") })
}

// TestEveryHugeInterval: an interval whose bound would overflow gets a
// deadline all the same, in the future.
func TestEveryHugeInterval(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	Every(ctx, time.Duration(1<<62), true, func(rctx context.Context) {
		if dl, ok := rctx.Deadline(); !ok || !dl.After(time.Now()) {
			t.Errorf("deadline %v, %v", dl, ok)
		}
		cancel()
	})
}
