package taxarea

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/levytax/levy/data"
)

// TestNewStopsItsGoroutines: New whose context ends returns the
// context's error once the goroutines that load the dataset's parts have
// stopped; they went on building the boundary index for hundreds of
// milliseconds after New had returned, on every core, for a resolver that
// nobody would get (a host retrying a start-up under a deadline piled
// them up). The goroutines may only have their exit left when New
// returns: yielding the processor a bounded number of times (no clock)
// lets them go.
func TestNewStopsItsGoroutines(t *testing.T) {
	ds := data.Default()
	if _, err := New(context.Background(), ds); err != nil { // the dataset's parts decoded once
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(ctx, ds); !errors.Is(err, context.Canceled) {
		t.Fatalf("New returned %v, want context.Canceled", err)
	}
	for i := 0; i < 1000 && runtime.NumGoroutine() > before; i++ {
		runtime.Gosched()
	}
	if g := runtime.NumGoroutine(); g > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines after New returned, %d before:\n%s", g, before, buf[:runtime.Stack(buf, true)])
	}
}
