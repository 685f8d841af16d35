package engine

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// calling runs f and turns its panic into an error, so that a test of
// what a host hands the engine reports a panic instead of dying of it.
func calling(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return f()
}

// wantField checks that err is levy.EInvalid about field.
func wantField(t *testing.T, what string, err error, field string) {
	t.Helper()
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != field {
		t.Errorf("%s: error %v, want %s about %q", what, err, levy.EInvalid, field)
	}
}

func embedInvoice(id string) *wire.SaleRequest {
	q := Quotation("2026-06-01",
		SellerAt(USAddress("", "Seattle", "WA", "98101")),
		CustomerAt(USAddress("", "Boston", "MA", "02108")),
		Line("lamp", "GENERAL", "40.00"))
	q.SaleMessageType = wire.SaleInvoice
	q.TransactionID = id
	return q
}

// TestNilFromHost: a nil option, a nil function of SaleWith and its
// siblings and a nil iterator of the batch methods are refused with an
// error naming the parameter; they panicked (the iterator on a goroutine
// of the engine, which ended the host's process), and SaleWith's nil
// function did so after the invoice was stored.
func TestNilFromHost(t *testing.T) {
	ctx := context.Background()
	wantField(t, "New", calling(func() error { _, err := New(ctx, WithToday(nil), nil); return err }), "opts[1]")

	j := journal.NewMemory()
	e, err := New(ctx, WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	wantField(t, "Reload", calling(func() error { return e.Reload(ctx, nil) }), "opts[0]")
	if _, err := e.Sale(ctx, embedInvoice("")); err != nil {
		t.Fatalf("the engine does not calculate after the refused Reload: %v", err)
	}

	wantField(t, "SaleWith", calling(func() error { return e.SaleWith(ctx, embedInvoice("nil-use"), nil) }), "use")
	if ok, err := e.TransactionExists(ctx, "nil-use"); err != nil || ok {
		t.Errorf("SaleWith with a nil use stored its invoice (exists %v, %v)", ok, err)
	}
	wantField(t, "PurchaseWith", calling(func() error { return e.PurchaseWith(ctx, &wire.PurchaseRequest{}, nil) }), "use")
	wantField(t, "OwnerWith", calling(func() error { return e.OwnerWith(ctx, &wire.OwnerRequest{}, nil) }), "use")

	type answer struct {
		n   int
		err error
	}
	first := func(seq func(func(any, error) bool)) answer {
		var a answer
		a.err = calling(func() error {
			for _, err := range seq {
				a.n++
				if a.err == nil {
					a.err = err
				}
			}
			return a.err
		})
		return a
	}
	for name, seq := range map[string]func(func(any, error) bool){
		"Sales":     anySeq(e.Sales(ctx, nil, Batch{})),
		"Purchases": anySeq(e.Purchases(ctx, nil, Batch{})),
		"Owners":    anySeq(e.Owners(ctx, nil, Batch{})),
	} {
		a := first(seq)
		wantField(t, name, a.err, "reqs")
		if a.n != 1 {
			t.Errorf("%s of a nil iterator yielded %d pairs, want 1", name, a.n)
		}
	}
}

// anySeq erases the response type of a batch method's sequence.
func anySeq[R any](seq iter.Seq2[*R, error]) func(func(any, error) bool) {
	return func(yield func(any, error) bool) {
		for r, err := range seq {
			if !yield(r, err) {
				return
			}
		}
	}
}

// TestSalesPanicReachesCaller: a host's iterator of requests is read on a
// goroutine of Sales; when it panics, the panic is raised on the host's
// goroutine that ranges over Sales, where the host recovers it, instead
// of ending the process.
func TestSalesPanicReachesCaller(t *testing.T) {
	e := testEngine(t)
	boom := errors.New("the host's reader failed")
	reqs := func(yield func(*wire.SaleRequest) bool) {
		for i := range 10 {
			if i == 5 {
				panic(boom)
			}
			if !yield(embedInvoice("")) {
				return
			}
		}
	}
	var got any
	answered := 0
	func() {
		defer func() { got = recover() }()
		for _, err := range e.Sales(context.Background(), reqs, Batch{Workers: 2}) {
			if err != nil {
				t.Errorf("request %d: %v", answered, err)
			}
			answered++
		}
	}()
	err, ok := got.(error)
	if !ok || !errors.Is(err, boom) {
		t.Fatalf("recovered %v, want the iterator's panic", got)
	}
	if answered > 5 {
		t.Errorf("%d answers for 5 requests before the panic", answered)
	}
}
