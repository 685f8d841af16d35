// Package ordered runs a function over a sequence on several goroutines
// and yields the results in the order of the sequence, holding at most a
// bounded number of items in flight, so that memory stays bounded
// whatever the sequence's length. The batch runs of Levy (engine.Sales
// and its kin, levy batch) are built on it.
package ordered

import (
	"context"
	"iter"
	"sync"
)

// Map calls fn on each item of in, on up to workers goroutines, and
// yields fn's results in the order of in. At most window items are in
// flight (read from in and not yet yielded): the reorder window, which
// bounds memory when one slow item holds back those after it. workers
// and window below 1 count as 1, and window is raised to workers.
//
// The context given to fn ends when ctx does or when the consumer stops
// ranging; after ctx ends Map yields ctx's error once, with the zero
// result, and stops. Map returns only after every goroutine it started
// has, so in must stop when its yield function returns false, as a
// range-over-func sequence does.
func Map[T, R any](ctx context.Context, in iter.Seq[T], workers, window int, fn func(context.Context, T) (R, error)) iter.Seq2[R, error] {
	workers = max(workers, 1)
	window = max(window, workers)
	return func(yield func(R, error) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()

		type slot struct {
			r    R
			err  error
			done chan struct{}
		}
		type job struct {
			item T
			s    *slot
		}
		jobs := make(chan job, workers)   // buffered: a worker that finishes takes its next item without waiting for the reader
		slots := make(chan *slot, window) // in order of in; its capacity is the window
		var wg sync.WaitGroup

		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(jobs)
			defer close(slots)
			for item := range in {
				s := &slot{done: make(chan struct{})}
				select {
				case slots <- s:
				case <-ctx.Done():
					return
				}
				select {
				case jobs <- job{item, s}:
				case <-ctx.Done():
					// The slot is queued but will not run: settle it.
					s.err = ctx.Err()
					close(s.done)
					return
				}
			}
		}()
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range jobs {
					j.s.r, j.s.err = fn(ctx, j.item)
					close(j.s.done)
				}
			}()
		}
		defer wg.Wait()
		defer cancel() // before the wait: the goroutines must see the end

		for s := range slots {
			select {
			case <-s.done:
			case <-ctx.Done():
				var zero R
				yield(zero, ctx.Err())
				return
			}
			if s.err != nil && ctx.Err() != nil {
				// Stopped by the end of ctx, not by the item.
				var zero R
				yield(zero, ctx.Err())
				return
			}
			if !yield(s.r, s.err) {
				return
			}
		}
		if err := ctx.Err(); err != nil {
			var zero R
			yield(zero, err)
		}
	}
}
