// Package ordered runs a function over a sequence on several goroutines
// and yields the results in the order of the sequence, holding at most a
// bounded number of items in flight, so that memory stays bounded
// whatever the sequence's length. The batch runs of Levy (engine.Sales
// and its kin, levy batch) are built on it.
package ordered

import (
	"context"
	"fmt"
	"iter"
	"math"
	"runtime/debug"
	"sync"
)

// Panic is what Map raises on the consumer's goroutine when the sequence
// or fn panicked on one of Map's goroutines: the value panicked with and
// the stack of the goroutine where it happened. It is an error, which
// unwraps to the value when that is an error.
type Panic struct {
	Value any
	Stack []byte
}

// Error returns the value and the stack where it was panicked with.
func (p *Panic) Error() string {
	return fmt.Sprintf("ordered: panic on a goroutine of Map: %v\n\n%s", p.Value, p.Stack)
}

// Unwrap returns the value panicked with when it is an error.
func (p *Panic) Unwrap() error {
	err, _ := p.Value.(error)
	return err
}

// fault keeps the first panic of Map's goroutines.
type fault struct {
	once sync.Once
	p    *Panic
	set  chan struct{}
}

// catch, deferred on one of Map's goroutines, recovers its panic, keeps
// the first one and ends the run with cancel.
func (f *fault) catch(cancel context.CancelFunc) {
	v := recover()
	if v == nil {
		return
	}
	f.once.Do(func() {
		f.p = &Panic{Value: v, Stack: debug.Stack()}
		close(f.set)
	})
	cancel()
}

// raised reports whether one of Map's goroutines panicked.
func (f *fault) raised() bool {
	select {
	case <-f.set:
		return true
	default:
		return false
	}
}

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
//
// in is read, and fn called, on goroutines of Map: when either panics
// (or in is nil), Map stops, and once its goroutines have returned it
// panics with a *Panic on the goroutine that ranges over it, where the
// caller can recover it, instead of ending the process.
func Map[T, R any](ctx context.Context, in iter.Seq[T], workers, window int, fn func(context.Context, T) (R, error)) iter.Seq2[R, error] {
	return MapChunks(ctx, in, workers, window, 1, fn)
}

// MapChunks is Map that hands the items to the workers in chunks of up
// to chunk consecutive items, each chunk calculated by one worker in
// order and yielded when all of it is done. A chunk costs the goroutines
// one handover where Map's items cost one each, which matters when fn
// takes tens of microseconds; in exchange the first result of a chunk
// waits for its last item to be read, so a slow source (a terminal, a
// pipe) should use Map. The window counts the items of the chunks
// queued, and is raised to workers times chunk; beside it, a chunk being
// read and a chunk being yielded are in flight too.
func MapChunks[T, R any](ctx context.Context, in iter.Seq[T], workers, window, chunk int, fn func(context.Context, T) (R, error)) iter.Seq2[R, error] {
	return MapWeighed(ctx, in, workers, window, chunk, Weights[T, R]{}, fn)
}

// Weights bounds the items in flight of MapWeighed by their total
// weight (the bytes they hold, say) beside their number. Limit is the
// bound (0: none); In weighs an item before fn has run on it, and Out
// its result once fn has, which replaces the item's weight from then
// until the result is yielded. Either may be nil, which weighs 0.
type Weights[T, R any] struct {
	Limit int64
	In    func(T) int64
	Out   func(R) int64
}

// weight is the total weight in flight of a run of MapWeighed, which
// the reading goroutine waits on before it sends a chunk.
type weight struct {
	limit int64
	mu    sync.Mutex
	held  int64
	freed chan struct{} // a token after weight was let go
}

// take adds w to the weight held once what is held is below the limit,
// or is nothing: a chunk heavier than the limit goes alone, so that it
// never waits for itself. It reports false when ctx ended first.
func (g *weight) take(ctx context.Context, w int64) bool {
	for {
		g.mu.Lock()
		ok := g.limit <= 0 || g.held < g.limit
		if ok {
			g.held += w
		}
		g.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-g.freed:
		case <-ctx.Done():
			return false
		}
	}
}

// change adds d to the weight held; a negative d lets weight go, and
// wakes the reading goroutine if it waits.
func (g *weight) change(d int64) {
	if d == 0 {
		return
	}
	g.mu.Lock()
	g.held += d
	g.mu.Unlock()
	if d < 0 {
		select {
		case g.freed <- struct{}{}:
		default:
		}
	}
}

// MapWeighed is MapChunks that also bounds the items in flight by
// their total weight (w): a chunk is sent to the workers only while the
// weight in flight is below w.Limit, or when nothing is in flight, so
// that one item heavier than the limit goes through alone. The weight
// that a chunk adds is taken when it is sent, not while it is read, so
// that the reading goroutine never waits for the items it holds; a
// chunk is sent early once its items weigh w.Limit/workers, so that
// heavy items spread over the workers. Only the sending waits for the
// weight: the consumer lets it go as it is yielded, and never waits for
// the reading goroutine, so the bound cannot stall the run.
func MapWeighed[T, R any](ctx context.Context, in iter.Seq[T], workers, window, chunk int, w Weights[T, R], fn func(context.Context, T) (R, error)) iter.Seq2[R, error] {
	workers = max(workers, 1)
	chunk = max(chunk, 1)
	window = max(window, workers*chunk)
	return func(yield func(R, error) bool) {
		f := &fault{set: make(chan struct{})}
		defer func() {
			// Last: after the goroutines have returned.
			if f.raised() {
				panic(f.p)
			}
		}()
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()

		// A slot is one chunk: its items, their results once done is
		// closed, and err when the chunk was settled without running.
		type slot struct {
			items  []T
			rs     []R
			errs   []error
			err    error
			done   chan struct{}
			weight int64 // the chunk's weight in flight
		}
		g := &weight{limit: w.Limit, freed: make(chan struct{}, 1)}
		inWeight := func(item T) int64 {
			if w.In == nil {
				return 0
			}
			return max(w.In(item), 0)
		}
		outWeight := func(r R) int64 {
			if w.Out == nil {
				return 0
			}
			return max(w.Out(r), 0)
		}
		// The chunk being read is sent early at this weight.
		chunkLimit := int64(math.MaxInt64)
		if w.Limit > 0 {
			chunkLimit = max(w.Limit/int64(workers), 1)
		}
		// jobs holds one chunk per worker, so that a worker that finishes
		// goes on without waiting for the reader; slots holds the chunks
		// in the order of in, and its capacity makes the window.
		jobs := make(chan *slot, workers)
		slots := make(chan *slot, max(window/chunk, 1))
		var wg sync.WaitGroup

		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(jobs)
			defer close(slots)
			defer f.catch(cancel)
			send := func(s *slot) bool {
				s.done = make(chan struct{})
				if !g.take(ctx, s.weight) {
					return false
				}
				select {
				case slots <- s:
				case <-ctx.Done():
					return false
				}
				select {
				case jobs <- s:
					return true
				case <-ctx.Done():
					// The slot is queued but will not run: settle it.
					s.err = ctx.Err()
					close(s.done)
					return false
				}
			}
			cur := &slot{items: make([]T, 0, chunk)}
			for item := range in {
				cur.items = append(cur.items, item)
				cur.weight += inWeight(item)
				if len(cur.items) == chunk || cur.weight >= chunkLimit {
					if !send(cur) {
						return
					}
					cur = &slot{items: make([]T, 0, chunk)}
				}
			}
			if len(cur.items) > 0 {
				send(cur)
			}
		}()
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer f.catch(cancel)
				for s := range jobs {
					s.rs, s.errs = make([]R, len(s.items)), make([]error, len(s.items))
					var out int64
					for i, item := range s.items {
						s.rs[i], s.errs[i] = fn(ctx, item)
						out += outWeight(s.rs[i])
					}
					// The results' weight replaces the items'; the slot
					// is the consumer's only once done is closed.
					g.change(out - s.weight)
					s.weight = out
					close(s.done)
				}
			}()
		}
		defer wg.Wait()
		defer cancel() // before the wait: the goroutines must see the end

		for s := range slots {
			select {
			case <-s.done:
			case <-ctx.Done():
				if f.raised() {
					return
				}
				var zero R
				yield(zero, ctx.Err())
				return
			}
			if f.raised() {
				return
			}
			if s.err != nil {
				// Settled without running: stopped by the end of ctx.
				var zero R
				yield(zero, s.err)
				return
			}
			for i := range s.rs {
				if s.errs[i] != nil && ctx.Err() != nil {
					// Stopped by the end of ctx, not by the item.
					var zero R
					yield(zero, ctx.Err())
					return
				}
				if !yield(s.rs[i], s.errs[i]) {
					return
				}
			}
			g.change(-s.weight)
		}
		if err := ctx.Err(); err != nil && !f.raised() {
			var zero R
			yield(zero, err)
		}
	}
}
