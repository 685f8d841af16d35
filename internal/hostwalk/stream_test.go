package hostwalk_test

import (
	"context"
	"fmt"
	"iter"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/wire"
)

// A host streams its orders through Engine.Sales: the answers come in
// order, a bad order fails alone, a consumer that stops early leaves no
// goroutine behind, and a panic of the host's own iterator is raised
// where the host ranges, for it to recover.
func TestHostStreamsOrders(t *testing.T) {
	ctx := context.Background()
	e, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	orders := func(n int) iter.Seq[*wire.SaleRequest] {
		return func(yield func(*wire.SaleRequest) bool) {
			for i := range n {
				q := order("2026-06-01", fmt.Sprintf("S-%d", i), wire.SaleQuotation, fmt.Sprintf("%d.00", 10*(i+1)))
				if i == 3 {
					q.LineItems[0].ExtendedPrice = nil
					q.LineItems[0].Quantity = &wire.Measure{Value: new(engine.Price("1").Neg())}
				}
				if !yield(q) {
					return
				}
			}
		}
	}
	i := 0
	for resp, err := range e.Sales(ctx, orders(40), engine.Batch{Workers: 4}) {
		switch {
		case i == 3:
			if levy.ErrorCode(err) != levy.EInvalid {
				t.Errorf("order 3: %v, want invalid", err)
			}
		case err != nil:
			t.Fatalf("order %d: %v", i, err)
		case resp.TransactionID != fmt.Sprintf("S-%d", i):
			t.Fatalf("answer %d is of %s", i, resp.TransactionID)
		}
		i++
	}
	if i != 40 {
		t.Fatalf("%d answers of 40", i)
	}

	// The consumer stops after five answers.
	i = 0
	for range e.Sales(ctx, orders(1000), engine.Batch{Workers: 4}) {
		if i++; i == 5 {
			break
		}
	}

	// The host's iterator panics.
	func() {
		defer func() {
			r := recover()
			p, ok := r.(*engine.Panic)
			if !ok || p.Value != "feed broke" || len(p.Stack) == 0 {
				t.Errorf("recovered %T %v, want an *engine.Panic of the iterator's value", r, r)
			}
		}()
		broken := func(yield func(*wire.SaleRequest) bool) {
			yield(quotation())
			panic("feed broke")
		}
		for range e.Sales(ctx, broken, engine.Batch{Workers: 2}) {
		}
		t.Error("Sales returned without the iterator's panic")
	}()

	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Fatalf("%d goroutines before the streams, %d after", before, after)
	}
}

// The nexus report of a host's Badger journal, read after a restart:
// the sales stored before it count.
func TestNexusAfterRestart(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "journal")
	store, err := badger.OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(ctx, engine.WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	for i, price := range []string{"70000.00", "45000.00"} {
		inv := engine.Quotation(fmt.Sprintf("2026-0%d-15", i+3),
			engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
			engine.CustomerAt(engine.USAddress("", "Miami", "FL", "33131")),
			engine.Line("equipment", "GENERAL", price))
		inv.SaleMessageType = wire.SaleInvoice
		inv.TransactionID = fmt.Sprintf("FL-%d", i+1)
		if _, err := e.Sale(levy.WithTenant(ctx, "acme"), inv); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	store, err = badger.OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	rules, err := data.Default().Nexus()
	if err != nil {
		t.Fatal(err)
	}
	asOf := civil.MustParse("2026-06-30")
	rep, err := nexus.Build(ctx, store, rules, "acme", nexus.Options{AsOf: asOf})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rep.Rows {
		if r.State == "FL" {
			found = true
			if r.Status != nexus.StatusExceeded || r.Sales.String() != "115000.00" || r.CrossedOn.String() != "2026-04-15" {
				t.Fatalf("FL after the restart: %s %s crossed %s, want exceeded 115000.00 on 2026-04-15", r.Status, r.Sales, r.CrossedOn)
			}
		}
	}
	if !found {
		t.Fatal("no FL row")
	}
	other, err := nexus.Build(ctx, store, rules, "globex", nexus.Options{AsOf: asOf})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range other.Rows {
		if r.Status != nexus.StatusNone {
			t.Fatalf("another tenant's report has %s %s", r.State, r.Status)
		}
	}
}
