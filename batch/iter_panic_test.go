package batch_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"testing"
	"time"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// saleInvoice is an invoice of one line, numbered i.
func saleInvoice(t *testing.T, i int) *wire.SaleRequest {
	t.Helper()
	body := fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"P-%d","documentDate":"2026-06-01",`+
		`"seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"10118","country":"US"}},`+
		`"lineItems":[{"lineItemNumber":1,"extendedPrice":%d}]}`, i, 10+i)
	r := new(wire.SaleRequest)
	if err := json.Unmarshal([]byte(body), r); err != nil {
		t.Fatal(err)
	}
	return r
}

// panickyProfiles is a profile store whose Records, which the engine's
// profile cache calls in the calculation of a tenant's first request, on
// a worker of the run, panics with err.
type panickyProfiles struct {
	profile.Store
	err error
}

func (p panickyProfiles) Records(context.Context, string, time.Time) (*profile.Records, error) {
	panic(p.err)
}

// TestSalesPanicRaisedInCallersLoop: the requests of batch.Sales are read,
// and calculated, on goroutines of the run; a panic of the iterator or of
// a calculation is raised again on the goroutine that ranges over Sales,
// once the run's goroutines have returned, where the host recovers it
// with the value panicked with, instead of ending the process.
func TestSalesPanicRaisedInCallersLoop(t *testing.T) {
	e := newEngine(t)
	boom := errors.New("the host's part failed")
	panicking, err := engine.New(context.Background(), engine.WithProfileStore(panickyProfiles{err: boom}))
	if err != nil {
		t.Fatal(err)
	}
	reading := func(yield func(*wire.SaleRequest) bool) {
		for i := range 10 {
			if i == 5 {
				panic(boom)
			}
			if !yield(saleInvoice(t, i)) {
				return
			}
		}
	}
	calculating := func(yield func(*wire.SaleRequest) bool) {
		for i := range 10 {
			if !yield(saleInvoice(t, i)) {
				return
			}
		}
	}
	for _, c := range []struct {
		name string
		cfg  batch.Config
		reqs iter.Seq[*wire.SaleRequest]
	}{
		{"the iterator", batch.Config{Engine: e, Workers: 2}, reading},
		{"a calculation", batch.Config{Engine: panicking, Workers: 2, Journal: journal.NewMemory()}, calculating},
	} {
		var got any
		func() {
			defer func() { got = recover() }()
			for res, err := range batch.Sales(context.Background(), c.cfg, c.reqs) {
				if err != nil {
					t.Errorf("%s: the run ended with %v before the panic", c.name, err)
				}
				if res.Err != nil {
					t.Errorf("%s: request %d: %v", c.name, res.N, res.Err)
				}
			}
		}()
		if err, ok := got.(error); !ok || !errors.Is(err, boom) {
			t.Errorf("%s panicked: the caller's loop recovered %v (%T), want a panic wrapping %v", c.name, got, got, boom)
		}
	}
}

// TestSalesWaitingIteratorStopsWithContext: an iterator that waits for
// input (a queue, a stream) and stops when ctx ends, as Sales's
// documentation asks, lets the run end with ctx's error, once and last,
// after the answers of what it read.
func TestSalesWaitingIteratorStopsWithContext(t *testing.T) {
	e := newEngine(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reqs := func(yield func(*wire.SaleRequest) bool) {
		for i := range 3 {
			if !yield(saleInvoice(t, i)) {
				return
			}
		}
		<-ctx.Done() // no more input for now
	}
	done := make(chan struct{})
	var answered int
	var last error
	go func() {
		defer close(done)
		for res, err := range batch.Sales(ctx, batch.Config{Engine: e, Workers: 2}, reqs) {
			if err != nil {
				last = err
				continue
			}
			if res.Err != nil {
				t.Errorf("request %d: %v", res.N, res.Err)
			}
			if answered++; answered == 3 {
				cancel()
			}
		}
	}()
	waitRun(t, done)
	if answered != 3 || !errors.Is(last, context.Canceled) {
		t.Errorf("%d answers, then %v; want 3, then context.Canceled", answered, last)
	}
}
