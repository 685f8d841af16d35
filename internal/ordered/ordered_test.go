package ordered

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// count yields 0, 1, ... n-1.
func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// TestOrderAndWindow: results come in input order although items finish
// out of order, and no more than the window are ever in flight, handed
// to the workers one at a time or in chunks.
func TestOrderAndWindow(t *testing.T) {
	for _, chunk := range []int{1, 3, 8} {
		t.Run(fmt.Sprint("chunk", chunk), func(t *testing.T) { testOrderAndWindow(t, chunk) })
	}
}

func testOrderAndWindow(t *testing.T, chunk int) {
	const n, workers, window = 500, 4, 16
	var inFlight, most atomic.Int64
	read := func(yield func(int) bool) {
		for i := range n {
			if v := inFlight.Add(1); v > most.Load() {
				most.Store(v)
			}
			if !yield(i) {
				return
			}
		}
	}
	var got []int
	for r, err := range MapChunks(context.Background(), read, workers, window, chunk, func(_ context.Context, i int) (int, error) {
		time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
		if i%7 == 0 {
			return 0, errors.New("seven")
		}
		return i * 2, nil
	}) {
		inFlight.Add(-1)
		if err != nil {
			r = -1
		}
		got = append(got, r)
	}
	if len(got) != n {
		t.Fatalf("%d results of %d items", len(got), n)
	}
	for i, r := range got {
		want := i * 2
		if i%7 == 0 {
			want = -1
		}
		if r != want {
			t.Fatalf("result %d is %d, want %d", i, r, want)
		}
	}
	// Beside a full window, the producer may hold the chunk it is
	// reading and the consumer the chunk it is yielding (one item, when
	// items go one at a time), and the consumer counts an item out after
	// it is yielded.
	w := max(window, workers*chunk)
	if m := most.Load(); m > int64(w+2*chunk) {
		t.Errorf("%d items in flight at most, window %d, chunks of %d", m, w, chunk)
	}
}

// TestStopEarly: a consumer that stops ranging leaves no goroutine
// behind, and fn sees its context end.
func TestStopEarly(t *testing.T) {
	before := runtime.NumGoroutine()
	n := 0
	for _, err := range Map(context.Background(), count(1_000_000), 3, 8, func(ctx context.Context, i int) (int, error) {
		return i, ctx.Err()
	}) {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 10 {
			break
		}
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > before {
		t.Errorf("%d goroutines after the stop, %d before", g, before)
	}
}

// TestCancel: ending the context yields its error once, last.
func TestCancel(t *testing.T) {
	for _, chunk := range []int{1, 3, 8} {
		t.Run(fmt.Sprint("chunk", chunk), func(t *testing.T) { testCancel(t, chunk) })
	}
}

func testCancel(t *testing.T, chunk int) {
	ctx, cancel := context.WithCancel(context.Background())
	var errs []error
	var got []int
	for r, err := range MapChunks(ctx, count(1_000_000), 2, 4, chunk, func(ctx context.Context, i int) (int, error) {
		if i == 50 {
			cancel()
		}
		return i, nil
	}) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		got = append(got, r)
	}
	if len(errs) != 1 || !errors.Is(errs[0], context.Canceled) {
		t.Fatalf("errors %v, want one context.Canceled", errs)
	}
	if !slices.Equal(got, slices.Collect(func(yield func(int) bool) { count(len(got))(yield) })) {
		t.Fatalf("results before the cancel are not 0..%d in order", len(got)-1)
	}
}
