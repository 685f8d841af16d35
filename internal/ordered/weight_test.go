package ordered

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// weighed runs items (each its own weight) through MapWeighed with the
// limit, and returns the results in the order yielded and the most
// weight that was ever being calculated or waiting to be yielded.
func weighed(t *testing.T, items []int64, workers, chunk int, limit int64) ([]int64, int64) {
	t.Helper()
	var mu sync.Mutex
	var cur, most int64
	in := func(yield func(int64) bool) {
		for _, w := range items {
			if !yield(w) {
				return
			}
		}
	}
	id := func(w int64) int64 { return w }
	var got []int64
	for r, err := range MapWeighed(context.Background(), in, workers, 64*workers, chunk, Weights[int64, int64]{Limit: limit, In: id, Out: id},
		func(_ context.Context, w int64) (int64, error) {
			mu.Lock()
			cur += w
			most = max(most, cur)
			mu.Unlock()
			// An odd heavy item is slow, so that the items after it pile
			// up behind it, as answers do behind a long document.
			if w > 1 && w%2 == 1 {
				time.Sleep(5 * time.Millisecond)
			} else {
				time.Sleep(20 * time.Microsecond)
			}
			return w, nil
		}) {
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		cur -= r
		mu.Unlock()
		got = append(got, r)
	}
	return got, most
}

// TestWeightBound: the weight being calculated or waiting to be yielded
// stays within the limit, but for the last chunk sent (at most the
// limit per worker and one item more), whatever the mix of light and
// heavy items, and every result comes in order.
func TestWeightBound(t *testing.T) {
	// Every fifth item is heavy, and every fiftieth slow.
	var items []int64
	for i := range 400 {
		w := int64(1)
		switch {
		case i%50 == 0:
			w = 101
		case i%5 == 0:
			w = 100
		}
		items = append(items, w)
	}
	const workers, limit = 4, 50
	for _, chunk := range []int{1, 3, 16} {
		t.Run(fmt.Sprint("chunk", chunk), func(t *testing.T) {
			got, most := weighed(t, items, workers, chunk, limit)
			if fmt.Sprint(got) != fmt.Sprint(items) {
				t.Fatalf("results out of order or lost: got %d of %d", len(got), len(items))
			}
			// Sent while under the limit; a chunk is cut once it weighs
			// limit/workers, so it weighs less than that plus one item.
			bound := int64(limit-1) + (limit/workers - 1) + 101
			if most > bound {
				t.Errorf("%d weight in flight at once, want at most %d", most, bound)
			}
			// Unbounded, the 64 items per worker of the window would hold
			// several heavy items at once.
			if unbounded, all := weighed(t, items, workers, chunk, 0); fmt.Sprint(unbounded) != fmt.Sprint(items) || all <= bound {
				t.Errorf("without a limit %d weight in flight at once; the test does not load the bound", all)
			}
		})
	}
}

// TestWeightHeavierThanLimit: items each heavier than the whole limit go
// through one at a time, none waiting for itself.
func TestWeightHeavierThanLimit(t *testing.T) {
	items := []int64{10, 10, 10, 10, 10, 10, 10, 10}
	for _, chunk := range []int{1, 4} {
		got, most := weighed(t, items, 4, chunk, 1)
		if len(got) != len(items) {
			t.Fatalf("chunk %d: %d results, want %d", chunk, len(got), len(items))
		}
		if most != 10 {
			t.Errorf("chunk %d: %d weight in flight at once, want one item's, 10", chunk, most)
		}
	}
}

// TestWeightCancelWhileWaiting ends the context while the reading
// goroutine waits for weight held by an item that waits for the end of
// the context: the run yields the context's error and returns.
func TestWeightCancelWhileWaiting(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{})
	in := func(yield func(int) bool) {
		for i := range 10 {
			if !yield(i) {
				return
			}
		}
	}
	w := Weights[int, int]{Limit: 5, In: func(int) int64 { return 5 }, Out: func(int) int64 { return 5 }}
	go func() { <-started; cancel() }()
	n := 0
	var last error
	for _, err := range MapWeighed(ctx, in, 4, 64, 1, w, func(ctx context.Context, i int) (int, error) {
		if i == 0 {
			close(started)
			<-ctx.Done()
			return 0, ctx.Err()
		}
		return i, nil
	}) {
		n++
		last = err
	}
	if n != 1 || !errors.Is(last, context.Canceled) {
		t.Errorf("yielded %d, last %v; want the context's error alone", n, last)
	}
}
