package ordered

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// collect ranges over seq and returns the panic it raised on the
// consumer's goroutine, or nil.
func collect(seq func(func(int, error) bool)) (p any) {
	defer func() { p = recover() }()
	for range seq {
	}
	return nil
}

// TestPanicReachesConsumer: a panic of the sequence or of fn, which run
// on Map's goroutines, is raised again on the goroutine that ranges over
// Map, where the caller can recover it, after every goroutine of Map has
// returned; without this it ended the whole process. The panic keeps the
// value (an error stays reachable with errors.Is) and says where it came
// from.
func TestPanicReachesConsumer(t *testing.T) {
	boom := errors.New("boom")
	cases := map[string]struct {
		in func(func(int) bool)
		fn func(context.Context, int) (int, error)
	}{
		"source": {
			in: func(yield func(int) bool) {
				for i := range 100 {
					if i == 40 {
						panic(boom)
					}
					if !yield(i) {
						return
					}
				}
			},
			fn: func(_ context.Context, i int) (int, error) { return i, nil },
		},
		"fn": {
			in: count(1000),
			fn: func(_ context.Context, i int) (int, error) {
				if i == 40 {
					panic(boom)
				}
				return i, nil
			},
		},
		"nil source": {
			in: nil,
			fn: func(_ context.Context, i int) (int, error) { return i, nil },
		},
	}
	for name, c := range cases {
		for _, chunk := range []int{1, 4} {
			t.Run(fmt.Sprint(name, "/chunk", chunk), func(t *testing.T) {
				before := runtime.NumGoroutine()
				p := collect(MapChunks(context.Background(), c.in, 3, 8, chunk, c.fn))
				if p == nil {
					t.Fatal("no panic reached the consumer")
				}
				pe, ok := p.(error)
				if !ok {
					t.Fatalf("panic %T %v, want an error", p, p)
				}
				if c.in != nil && !errors.Is(pe, boom) {
					t.Errorf("panic %v does not wrap the value panicked with", pe)
				}
				if !strings.Contains(pe.Error(), "goroutine") {
					t.Errorf("panic %q does not give the stack where it happened", pe.Error())
				}
				// Map's goroutines are gone once the panic is raised (but
				// for their last step after wg.Done).
				deadline := time.Now().Add(2 * time.Second)
				for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
					time.Sleep(time.Millisecond)
				}
				if g := runtime.NumGoroutine(); g > before {
					t.Errorf("%d goroutines after the panic, %d before", g, before)
				}
			})
		}
	}
}
