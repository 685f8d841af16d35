package batch

import (
	"context"
	"errors"
	"iter"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// Result is the answer to one request of Sales, Purchases or Owners.
type Result[R any] struct {
	// N is the request's place in the sequence, from 1 (after
	// Config.Skip).
	N int
	// Response is the calculation's answer; nil when Err is set.
	Response *R
	// Err is the request's own error (a levy.Errors of the bad fields,
	// say): it fails the request, not the run. A fault that is not the
	// request's (a store that cannot be reached, say) ends the run
	// instead, with a *FaultError.
	Err error
}

// Sales calculates the requests of reqs as Run does the lines of a file:
// on cfg.Workers goroutines, in order, with cfg.Journal storing the
// stored kinds in groups with journal.Store.PostAll, and yields each
// Result in the order of reqs once its group is stored. A failed request
// does not stop the run. The error yielded, once and last, is what ended
// the run: the journal's, a *FaultError (the requests before it were
// yielded, and the one it names was not), the end of ctx, or
// ErrMaxErrors; a consumer
// may stop ranging at any time (the rest of a group it was yielded from
// is stored). cfg.Format and cfg.LineLimit do not apply; cfg.Skip passes
// over the first requests of reqs. Without a File there is no
// checkpoint: after a crash between a group's commit and its yield,
// only the journal tells whether the group was stored.
//
// A request that reqs yields is read on a worker of the run until its
// Result is yielded, and its Response may share members with the
// request (those the calculation left as sent): reqs must yield a request of its own each time, never
// one value decoded into again and yielded anew, and a request is not
// to be changed while its Response is in use.
//
// reqs is read, and the requests calculated, on goroutines of the run:
// when reqs or a calculation panics, the run stops, and once its
// goroutines have returned the panic is raised again on the goroutine
// that ranges over Sales, where the host can recover it (the value
// recovered is an *engine.Panic: its Value is the one panicked with, its
// Stack the stack where it happened, and as an error it wraps Value when
// that is an error). Sales returns only
// once reqs has returned, so a reqs that waits for its input (a queue, a
// network stream) must itself stop when ctx ends.
func Sales(ctx context.Context, cfg Config, reqs iter.Seq[*wire.SaleRequest]) iter.Seq2[Result[wire.SaleResponse], error] {
	cfg.Perspective = Sale
	return requests(ctx, cfg, reqs, func(c Config) func(context.Context, *wire.SaleRequest) (*wire.SaleResponse, *journal.Transaction, error) {
		s, _, _ := calculators(c.Engine, c.Journal)
		return s
	}, func(r *wire.SaleResponse) (*wire.Currency, money.Amount, int) {
		return r.Currency, r.TotalTax, len(r.LineItems)
	}, func(q *wire.SaleRequest) int { return len(q.LineItems) })
}

// Purchases is Sales for the buyer's requests; what Sales says of panics
// and of a reqs that waits holds for it too.
func Purchases(ctx context.Context, cfg Config, reqs iter.Seq[*wire.PurchaseRequest]) iter.Seq2[Result[wire.PurchaseResponse], error] {
	cfg.Perspective = Purchase
	return requests(ctx, cfg, reqs, func(c Config) func(context.Context, *wire.PurchaseRequest) (*wire.PurchaseResponse, *journal.Transaction, error) {
		_, p, _ := calculators(c.Engine, c.Journal)
		return p
	}, func(r *wire.PurchaseResponse) (*wire.Currency, money.Amount, int) {
		return r.Currency, r.TotalTax, len(r.LineItems)
	}, func(q *wire.PurchaseRequest) int { return len(q.LineItems) })
}

// Owners is Sales for the owner's requests; what Sales says of panics
// and of a reqs that waits holds for it too.
func Owners(ctx context.Context, cfg Config, reqs iter.Seq[*wire.OwnerRequest]) iter.Seq2[Result[wire.OwnerResponse], error] {
	cfg.Perspective = Owner
	return requests(ctx, cfg, reqs, func(c Config) func(context.Context, *wire.OwnerRequest) (*wire.OwnerResponse, *journal.Transaction, error) {
		_, _, o := calculators(c.Engine, c.Journal)
		return o
	}, func(r *wire.OwnerResponse) (*wire.Currency, money.Amount, int) {
		return r.Currency, r.TotalTax, len(r.LineItems)
	}, func(q *wire.OwnerRequest) int { return len(q.LineItems) })
}

// errStopped ends a run whose consumer stopped ranging.
var errStopped = errors.New("batch: the consumer stopped")

// yieldSink hands the answers of an iterator run to its consumer.
type yieldSink[R any] struct {
	yield func(Result[R], error) bool
}

func (s *yieldSink[R]) emit(r *result) error {
	if !s.yield(r.value.(Result[R]), nil) {
		return errStopped
	}
	return nil
}

func (s *yieldSink[R]) flush(bool) error { return nil }

// request is one request of an iterator run with its place.
type request[Q any] struct {
	n   int
	req *Q
}

// requests runs the requests of an iterator through the committer, as
// run does the documents of a file.
func requests[Q, R any](ctx context.Context, cfg Config, reqs iter.Seq[*Q],
	calcOf func(Config) func(context.Context, *Q) (*R, *journal.Transaction, error),
	sum func(*R) (*wire.Currency, money.Amount, int), lines func(*Q) int) iter.Seq2[Result[R], error] {
	return func(yield func(Result[R], error) bool) {
		cfg, err := cfg.settings(ctx)
		if err == nil && reqs == nil {
			err = levy.Invalid("reqs", "the run needs a sequence of requests, and reqs is nil")
		}
		if err != nil {
			yield(Result[R]{}, err)
			return
		}
		ctx := contextOf(ctx, cfg)
		calc := calcOf(cfg)
		inputs := func(yield func(request[Q]) bool) {
			n := 0
			for q := range reqs {
				if n++; n > cfg.Skip && !yield(request[Q]{n, q}) {
					return
				}
			}
		}
		one := func(ctx context.Context, in request[Q]) (result, error) {
			resp, tx, err := calc(ctx, in.req)
			if err != nil {
				if ctx.Err() != nil {
					return result{}, ctx.Err()
				}
				if faulty(err) {
					return result{}, &FaultError{N: in.n, Err: err}
				}
				return result{failed: true, value: Result[R]{N: in.n, Err: err}}, nil
			}
			cur, tax, lines := sum(resp)
			r := result{tx: tx, lines: lines, currency: currencyOf(cur), tax: tax, value: Result[R]{N: in.n, Response: resp}}
			if tx != nil {
				r.refuse = func(err error) result { return result{failed: true, value: Result[R]{N: in.n, Err: err}} }
			}
			return r, nil
		}
		com := &committer{journal: cfg.Journal, tenant: cfg.Tenant, perspective: string(cfg.Perspective), done: cfg.Skip, sink: &yieldSink[R]{yield}}
		weigh := func(in request[Q]) int64 {
			if in.req == nil { // the calculation answers it with its error
				return answerBase
			}
			return answerBase + int64(lines(in.req))*answerLine
		}
		s, err := drive(ctx, cfg, com, nil, inputs, weigh, one)
		switch {
		case errors.Is(err, errStopped):
		case err != nil:
			yield(Result[R]{}, err)
		case s.Stopped != nil:
			yield(Result[R]{}, s.Stopped)
		}
	}
}
