package journal

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
)

// operations implements Store over a Backend: the checks of the
// arguments, the operations of ops.go in one unit each, and the wrapping
// of the backend's errors with the operation and ID. Its methods are
// safe for concurrent use as far as the backend's are.
type operations struct {
	be Backend
}

// update runs fn in a read-write unit of tenant, checking ctx first: it
// must not have ended, nor be read-only (levy.WithReadOnly), since every
// write of the journal comes through here.
func (o operations) update(ctx context.Context, op, tenant string, ids []string, fn func(State) error) error {
	if err := ctx.Err(); err != nil {
		return wrap(op, ids[0], err)
	}
	if err := levy.CheckWritable(ctx, "change the tax journal ("+op+")"); err != nil {
		return err
	}
	return wrap(op, ids[0], o.be.Update(ctx, tenant, ids, fn))
}

// view runs fn in a read-only unit of tenant, checking ctx first.
func (o operations) view(ctx context.Context, op, tenant, id string, fn func(State) error) error {
	if err := ctx.Err(); err != nil {
		return wrap(op, id, err)
	}
	return wrap(op, id, o.be.View(ctx, tenant, fn))
}

// write runs a write operation that returns a transaction.
func (o operations) write(ctx context.Context, op, tenant string, ids []string, do func(State, time.Time) (*Transaction, error)) (*Transaction, error) {
	var out *Transaction
	err := o.update(ctx, op, tenant, ids, func(st State) (err error) {
		out, err = do(st, time.Now().UTC())
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Post implements Store.
func (o operations) Post(ctx context.Context, tenant string, tx *Transaction) (*Transaction, error) {
	if err := CheckPost(tenant, tx); err != nil {
		return nil, err
	}
	return o.write(ctx, "post", tenant, []string{tx.TransactionID}, func(st State, now time.Time) (*Transaction, error) {
		return doPost(st, tx, now)
	})
}

// PostAll implements Store.
func (o operations) PostAll(ctx context.Context, tenant string, txs []*Transaction) ([]*Transaction, error) {
	if len(txs) == 0 {
		return nil, nil
	}
	ids := make([]string, 0, len(txs))
	seen := make(map[string]bool, len(txs))
	for i, tx := range txs {
		if err := CheckPost(tenant, tx); err != nil {
			return nil, &PostAllError{Index: i, Err: fmt.Errorf("journal: post of transaction %d of %d: %w", i+1, len(txs), err)}
		}
		if !seen[tx.TransactionID] {
			seen[tx.TransactionID] = true
			ids = append(ids, tx.TransactionID)
		}
	}
	out := make([]*Transaction, len(txs))
	err := o.update(ctx, "post", tenant, ids, func(st State) error {
		now := time.Now().UTC()
		for i, tx := range txs {
			v, err := doPost(st, tx, now)
			if err != nil {
				return &PostAllError{Index: i, Err: err}
			}
			out[i] = v
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PostAllError is the error of PostAll when the transaction at Index of
// its txs is refused, or its post fails: nothing of the group is stored.
// Err is what Post returns for that transaction alone, and Error its
// text: a *levy.Error of code levy.EConflict or levy.EInvalid is a
// refusal of that transaction, which a caller storing documents in
// groups (package batch) reports for its document, storing the others
// with PostAll again; any other Err is a fault of the store.
type PostAllError struct {
	Index int
	Err   error
}

// Error returns the text of Err: the index is in the error's Index.
func (e *PostAllError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *PostAllError) Unwrap() error { return e.Err }

// Refused reports whether Err refuses the transaction (levy.EConflict or
// levy.EInvalid) rather than reports a fault of the store.
func (e *PostAllError) Refused() bool {
	code := levy.ErrorCode(e.Err)
	return code == levy.EConflict || code == levy.EInvalid
}

// Get implements Store.
func (o operations) Get(ctx context.Context, tenant, id string) (*Transaction, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	var out *Transaction
	err := o.view(ctx, "get", tenant, id, func(st State) (err error) {
		out, err = doGet(st, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Versions implements Store.
func (o operations) Versions(ctx context.Context, tenant, id string) ([]*Transaction, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	var out []*Transaction
	err := o.view(ctx, "versions", tenant, id, func(st State) (err error) {
		out, err = doVersions(st, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// History implements Store.
func (o operations) History(ctx context.Context, tenant, id string) (*History, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	var out *History
	err := o.view(ctx, "history", tenant, id, func(st State) (err error) {
		out, err = doHistory(st, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Exists implements Store.
func (o operations) Exists(ctx context.Context, tenant, id string) (bool, error) {
	if err := checkKey(tenant, id); err != nil {
		return false, err
	}
	var ok bool
	err := o.view(ctx, "exists", tenant, id, func(st State) (err error) {
		ok, err = doExists(st, id)
		return err
	})
	return ok, err
}

// Delete implements Store.
func (o operations) Delete(ctx context.Context, tenant, id string) error {
	if err := checkKey(tenant, id); err != nil {
		return err
	}
	return o.update(ctx, "delete", tenant, []string{id}, func(st State) error {
		return doDelete(st, id)
	})
}

// Reverse implements Store. The reversal, its head and index entry and
// the original's link are written in one atomic unit.
func (o operations) Reverse(ctx context.Context, tenant, id string, r Reversal) (*Transaction, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	if err := checkReversal(r); err != nil {
		return nil, err
	}
	if r.TransactionID == "" {
		r.TransactionID = newID()
	}
	return o.write(ctx, "reverse", tenant, []string{id, r.TransactionID}, func(st State, now time.Time) (*Transaction, error) {
		return doReverse(st, id, r, now)
	})
}

// Rollback implements Store.
func (o operations) Rollback(ctx context.Context, tenant, id string) (*Transaction, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	return o.write(ctx, "rollback", tenant, []string{id}, func(st State, now time.Time) (*Transaction, error) {
		return doRollback(st, id, now)
	})
}

// errStopped marks a scan that the caller's function stopped.
var errStopped = errors.New("scan stopped")

// Scan implements Store. The caller's error is returned as it is; the
// backend's are wrapped.
func (o operations) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*Transaction) error) error {
	if err := checkScan(tenant, from, to); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return wrap("scan", "", err)
	}
	var fnErr error
	err := o.be.Scan(ctx, tenant, from, to, func(tx *Transaction) error {
		if err := fn(tx); err != nil {
			fnErr = err
			return errStopped
		}
		return nil
	})
	if fnErr != nil {
		return fnErr
	}
	return wrap("scan", "", err)
}

// Close implements Store. Its error always names the journal, even one
// of a code such as levy.EUnavailable, for the logs of a shutdown.
func (o operations) Close() error {
	if err := o.be.Close(); err != nil {
		return fmt.Errorf("journal: close: %w", err)
	}
	return nil
}

// EachFigure implements Store.
func (o operations) EachFigure(ctx context.Context, tenant string, from, to civil.Date, fn func(Figure) error) error {
	return o.figures(ctx, tenant, FigureQuery{From: from, To: to}, fn)
}

// CompanyFigures implements Store.
func (o operations) CompanyFigures(ctx context.Context, tenant, company string, from, to civil.Date, fn func(Figure) error) error {
	return o.figures(ctx, tenant, FigureQuery{From: from, To: to, Company: company, OneCompany: true}, fn)
}

// AreaFigures implements Store.
func (o operations) AreaFigures(ctx context.Context, tenant, company, area string, from, to civil.Date, fn func(Figure) error) error {
	if area == "" {
		return levy.Invalid("area", "the area is required")
	}
	return o.figures(ctx, tenant, FigureQuery{From: from, To: to, Company: company, Area: area}, fn)
}

// MaxSpans bounds the spans of one AreaSums, and the months they cover
// together: a hundred years of months.
const MaxSpans = 1200

// AreaSums implements Store.
func (o operations) AreaSums(ctx context.Context, tenant, company, area string, spans []Span) ([]Sum, error) {
	if err := checkTenant(tenant); err != nil {
		return nil, err
	}
	if area == "" {
		return nil, levy.Invalid("area", "the area is required")
	}
	switch {
	case len(spans) == 0:
		return nil, levy.Invalid("spans", "at least one span of days is required")
	case len(spans) > MaxSpans:
		return nil, levy.Invalid("spans", "%d spans of days, at most %d are allowed", len(spans), MaxSpans)
	}
	months := 0
	for i, s := range spans {
		for _, e := range []struct {
			field string
			d     civil.Date
		}{{fmt.Sprintf("spans[%d].from", i), s.From}, {fmt.Sprintf("spans[%d].to", i), s.To}} {
			if e.d.IsZero() {
				return nil, levy.Invalid(e.field, "the date is required")
			}
			if err := checkDate(e.field, e.d); err != nil {
				return nil, err
			}
		}
		if s.To.Before(s.From) {
			return nil, levy.Invalid(fmt.Sprintf("spans[%d].to", i), "%s is before the span's first day %s", s.To, s.From)
		}
		if months += (s.To.Year-s.From.Year)*12 + int(s.To.Month) - int(s.From.Month) + 1; months > MaxSpans {
			return nil, levy.Invalid("spans", "the spans cover more than %d months together", MaxSpans)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, wrap("sums", "", err)
	}
	sums, err := o.be.AreaSums(ctx, tenant, company, area, spans)
	if err != nil {
		return nil, wrap("sums", "", err)
	}
	return sums, nil
}

// figures runs a query of figures.
func (o operations) figures(ctx context.Context, tenant string, q FigureQuery, fn func(Figure) error) error {
	if err := checkScan(tenant, q.From, q.To); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return wrap("figures", "", err)
	}
	var fnErr error
	err := o.be.Figures(ctx, tenant, q, func(f Figure) error {
		if err := fn(f); err != nil {
			fnErr = err
			return errStopped
		}
		return nil
	})
	if fnErr != nil {
		return fnErr
	}
	return wrap("figures", "", err)
}

// Figures implements Store.
func (o operations) Figures(ctx context.Context, tenant string, from, to civil.Date) ([]Figure, error) {
	var out []Figure
	err := o.EachFigure(ctx, tenant, from, to, func(f Figure) error {
		out = append(out, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return MergeFigures(out), nil
}

// ReplaceFigures implements Store.
func (o operations) ReplaceFigures(ctx context.Context, tenant string, figs []Figure) error {
	if err := checkTenant(tenant); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return wrap("replace figures", "", err)
	}
	if err := levy.CheckWritable(ctx, "change the tax journal (replace figures)"); err != nil {
		return err
	}
	figs = MergeFigures(slices.Clone(figs))
	for i := range figs {
		if err := checkDate(fmt.Sprintf("figures[%d].day", i), figs[i].Day); err != nil {
			return err
		}
		if figs[i].Day.IsZero() {
			return levy.Invalid(fmt.Sprintf("figures[%d].day", i), "day is missing")
		}
	}
	return wrap("replace figures", "", o.be.ReplaceFigures(ctx, tenant, figs))
}
