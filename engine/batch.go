package engine

import (
	"context"
	"iter"
	"runtime"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/ordered"
	"github.com/levytax/levy/wire"
)

// Batch says how the batch methods (Sales, Purchases, Owners) spread
// their work. The zero value uses every core. A negative field is
// refused: the method yields one error (levy.EInvalid, field "Workers"
// or "Window") and calculates nothing.
type Batch struct {
	// Workers is how many requests are calculated at once (0: the
	// default, runtime.GOMAXPROCS).
	Workers int
	// Window bounds the requests in flight: read and not yet yielded,
	// held back by a slower one before them (0: the default, 64 per
	// worker). It bounds the memory of a run whatever the number of
	// requests.
	Window int
}

// sizes returns the workers and the window of b, or the error of a
// negative one.
func (b Batch) sizes() (int, int, error) {
	if b.Workers < 0 {
		return 0, 0, levy.Invalid("Workers", "must not be negative (0 for the default), got %d", b.Workers)
	}
	if b.Window < 0 {
		return 0, 0, levy.Invalid("Window", "must not be negative (0 for the default), got %d", b.Window)
	}
	w := b.Workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	}
	win := b.Window
	if win == 0 {
		win = 64 * w
	}
	return w, win, nil
}

// Panic is the value that Sales, Purchases and Owners (and package
// batch's Sales, Purchases and Owners) raise on the goroutine that ranges
// over them when reqs or a calculation panicked on one of their
// goroutines: Value is what was panicked with, and Stack the stack of the
// goroutine where it happened. It is an error, which unwraps to Value
// when Value is an error; a host that recovers it gets its own value back
// with a type assertion:
//
//	defer func() {
//		if p, ok := recover().(*engine.Panic); ok {
//			log.Printf("feed failed: %v", p.Value)
//		}
//	}()
type Panic = ordered.Panic

// batchOf runs calc over reqs as Batch b says, for Sales, Purchases and
// Owners: a nil reqs, or a Batch it refuses, is one error yielded once.
func batchOf[Q, R any](ctx context.Context, reqs iter.Seq[*Q], b Batch, calc func(context.Context, *Q) (*R, error)) iter.Seq2[*R, error] {
	w, win, err := b.sizes()
	if reqs == nil {
		err = levy.Invalid("reqs", "a sequence of requests is required")
	}
	if err != nil {
		return func(yield func(*R, error) bool) { yield(nil, err) }
	}
	return ordered.Map(ctx, reqs, w, win, calc)
}

// Sales calculates every request of reqs, as Sale does, on up to
// b.Workers goroutines, and yields each response, or the error of its
// request, in the order of reqs: the n-th pair yielded answers the n-th
// request. A failed request does not stop the run. When ctx ends, Sales
// yields its error once and stops; a consumer may stop ranging at any
// time, and Sales returns once its goroutines have. A nil reqs yields one
// error (levy.EInvalid, field "reqs"). reqs is read on a goroutine of
// Sales: when it panics, the run stops, and once Sales's goroutines have
// returned the panic is raised again on the goroutine that ranges over
// Sales, where the host can recover it: the value recovered is a *Panic,
// whose Value is the one panicked with. Sales returns only once reqs has
// returned, so a reqs that waits for its input (a queue, a network
// stream) must itself stop when ctx ends.
// A request yielded by reqs is read on a worker until its response (or
// error) is yielded, and the response may share members with it: reqs
// must not decode into one value and yield it again.
func (e *Engine) Sales(ctx context.Context, reqs iter.Seq[*wire.SaleRequest], b Batch) iter.Seq2[*wire.SaleResponse, error] {
	return batchOf(ctx, reqs, b, e.Sale)
}

// Purchases is Sales for the buyer's requests (Purchase).
func (e *Engine) Purchases(ctx context.Context, reqs iter.Seq[*wire.PurchaseRequest], b Batch) iter.Seq2[*wire.PurchaseResponse, error] {
	return batchOf(ctx, reqs, b, e.Purchase)
}

// Owners is Sales for the owner's requests (Owner).
func (e *Engine) Owners(ctx context.Context, reqs iter.Seq[*wire.OwnerRequest], b Batch) iter.Seq2[*wire.OwnerResponse, error] {
	return batchOf(ctx, reqs, b, e.Owner)
}
