package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// A calculation carves its response's taxes from blocks of wire Tax
// records and of their parts (calc.wireFor) that it allocates for the
// response alone, since the response outlives it. A caller that only
// encodes the response and drops it, as the HTTP adapter does, can hand
// those blocks back: SaleWith, PurchaseWith and OwnerWith call a function
// with the response and then reclaim its blocks into the engine's pool
// (Engine.loans), from which the next such calculation carves its taxes.
//
// Only the response of a calculation that stores nothing lends its
// blocks: one that goes to the journal (an INVOICE, say, in an engine
// with a journal) carves them anew, as Sale does, since what the journal
// keeps of it is not the caller's to end. The explanation and Prepare
// paths never lend either.

// taxLoan is a pair of blocks that one calculation carves its response's
// taxes from, and hands back when the caller is done with the response.
type taxLoan struct {
	taxes []wire.Tax
	parts []taxParts
	// used counts the items carved from the blocks (none: not yet taken);
	// done: the calculation moved on to blocks of its own once these were
	// full (it never does while the taxes it counted do not change).
	used int
	done bool
}

// loanPool is an engine's pool of tax blocks.
type loanPool struct{ p sync.Pool }

// borrow returns a loan from the pool, or a new empty one.
func (lp *loanPool) borrow() *taxLoan {
	if l, ok := lp.p.Get().(*taxLoan); ok {
		return l
	}
	return &taxLoan{}
}

// reclaim zeroes the items a calculation carved from l and puts it back
// in the pool, unless its blocks are above maxPooledBytes (pool.go): a
// huge document does not pin its memory. Nothing may use what was carved
// from l afterwards.
func (lp *loanPool) reclaim(l *taxLoan) {
	clear(l.taxes[:l.used])
	clear(l.parts[:l.used])
	if cap(l.taxes) > maxPooled[wire.Tax]() || cap(l.parts) > maxPooled[taxParts]() {
		return
	}
	*l = taxLoan{taxes: l.taxes[:0], parts: l.parts[:0]}
	lp.p.Put(l)
}

// borrow makes the calculation carve its response's taxes from loan's
// blocks, if loan is not nil and the calculation stores nothing: it
// neither returns its transaction (returned: a Prepare or Explain call)
// nor posts it to the engine's journal (isStored, postToJournal).
func (c *calc) borrow(e *Engine, loan *taxLoan, returned bool, postToJournal *bool) {
	if loan == nil || returned || e.journal != nil && isStored(c.d.perspective, c.d.message, postToJournal) {
		return
	}
	c.loan = loan
}

// newWireBlocks returns empty blocks with room for size taxes: the
// loan's, grown to size when smaller, the first time a calculation that
// borrowed needs blocks; new ones otherwise.
func (c *calc) newWireBlocks(size int) ([]wire.Tax, []taxParts) {
	l := c.loan
	if l != nil && l.used > 0 {
		l.done = true // full: what was carved stays where it is
	}
	if l == nil || l.done {
		return wireBlocks(size)
	}
	if cap(l.taxes) < size || cap(l.parts) < size {
		l.taxes, l.parts = make([]wire.Tax, 0, size), make([]taxParts, 0, size)
	}
	return l.taxes[:0], l.parts[:0]
}

// lend calculates req with calc (Engine.sale, purchase or owner) on a
// loan from the engine's pool, calls use with the response, and reclaims
// the loan once use has returned. An error of the calculation is
// returned without calling use (see stopped); an error of use is
// returned as it is. When use panics, the loan is not reclaimed. A nil
// use is refused before anything is calculated or stored.
func lend[Q, S any](ctx context.Context, e *Engine, req *Q, calc func(context.Context, *Q, bool, *wire.Explanation, *taxLoan) (*S, *journal.Transaction, error), use func(*S) error) error {
	if err := checkUse(use); err != nil {
		return err
	}
	if e.current() == nil {
		return notMade()
	}
	l := e.loans.borrow()
	resp, _, err := calc(ctx, req, false, nil, l)
	if err != nil {
		e.loans.reclaim(l)
		return stopped(ctx, err)
	}
	err = use(resp)
	e.loans.reclaim(l)
	return err
}

// stopped returns err, the error of a calculation under ctx; but when ctx
// is done and err is a fault (levy.EInternal) that is not ctx's error,
// it returns ctx's error, wrapped: the lookups of a document's lines that
// meet a done context report its error as a fault of the document, by
// its message alone, and the caller is to tell its own cancellation or
// deadline from a fault of the engine.
func stopped(ctx context.Context, err error) error {
	done := ctx.Err()
	if done == nil || errors.Is(err, done) || levy.ErrorCode(err) != levy.EInternal {
		return err
	}
	return fmt.Errorf("engine: the calculation stopped: %w", done)
}

// SaleWith calculates req as Sale does and calls use with the response,
// for a caller that is done with the response when use returns (say, one
// that encodes it): the response, and everything it points to, is valid
// only until use returns, after which the engine may reuse its memory for
// another response. A calculation that Sale would store in the journal is
// stored, and its response is Sale's to keep, as with Sale. An error of
// the calculation is returned without calling use: ctx's own error
// (errors.Is context.Canceled or context.DeadlineExceeded) when ctx was
// done before the calculation ended. An error of use is returned as it
// is. When use panics, the memory of the response is not reused, and the
// panic goes on. A nil use is refused (levy.EInvalid, field "use") before
// anything is calculated or stored.
func (e *Engine) SaleWith(ctx context.Context, req *wire.SaleRequest, use func(*wire.SaleResponse) error) error {
	return lend(ctx, e, req, e.sale, use)
}

// PurchaseWith calculates req as Purchase does and calls use with the
// response, which is valid only until use returns, as with SaleWith.
func (e *Engine) PurchaseWith(ctx context.Context, req *wire.PurchaseRequest, use func(*wire.PurchaseResponse) error) error {
	return lend(ctx, e, req, e.purchase, use)
}

// OwnerWith calculates req as Owner does and calls use with the response,
// which is valid only until use returns, as with SaleWith.
func (e *Engine) OwnerWith(ctx context.Context, req *wire.OwnerRequest, use func(*wire.OwnerResponse) error) error {
	return lend(ctx, e, req, e.owner, use)
}

// wireBlocks returns new empty blocks with room for size taxes and
// their parts. Up to eight taxes (a line of Los Angeles has six) both
// come from one allocation, which the response keeps alive as a whole
// in any case, since its taxes point into their parts.
func wireBlocks(size int) ([]wire.Tax, []taxParts) {
	switch size {
	case 1:
		b := new(struct {
			t [1]wire.Tax
			p [1]taxParts
		})
		return b.t[:0], b.p[:0]
	case 2:
		b := new(struct {
			t [2]wire.Tax
			p [2]taxParts
		})
		return b.t[:0], b.p[:0]
	case 3:
		b := new(struct {
			t [3]wire.Tax
			p [3]taxParts
		})
		return b.t[:0], b.p[:0]
	case 4:
		b := new(struct {
			t [4]wire.Tax
			p [4]taxParts
		})
		return b.t[:0], b.p[:0]
	case 5:
		b := new(struct {
			t [5]wire.Tax
			p [5]taxParts
		})
		return b.t[:0], b.p[:0]
	case 6:
		b := new(struct {
			t [6]wire.Tax
			p [6]taxParts
		})
		return b.t[:0], b.p[:0]
	case 7:
		b := new(struct {
			t [7]wire.Tax
			p [7]taxParts
		})
		return b.t[:0], b.p[:0]
	case 8:
		b := new(struct {
			t [8]wire.Tax
			p [8]taxParts
		})
		return b.t[:0], b.p[:0]
	}
	return make([]wire.Tax, 0, size), make([]taxParts, 0, size)
}
