package engine

import (
	"context"
	"math"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestLineItemNumbersAssigned: lines sent without a lineItemNumber get
// the numbers after the greatest one sent in their own list, in order;
// children are numbered within their parent; a sent number is kept;
// the journal stores the numbers the response shows; and numbers that
// would pass the largest int64 are not made up.
func TestLineItemNumbersAssigned(t *testing.T) {
	store := journal.NewMemory()
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	ctx := levy.WithTenant(context.Background(), "acme")
	n := func(v int64) *int64 { return &v }
	line := func(id string, num *int64, kids ...wire.SaleLineItem) wire.SaleLineItem {
		l := wire.SaleLineItem{LineItemID: id, LineItemNumber: num, Product: &wire.Product{ProductClass: "GENERAL"},
			Quantity: &wire.Measure{Value: amt("1")}, ExtendedPrice: amt("10.00")}
		if len(kids) > 0 {
			l.Product, l.Quantity, l.ExtendedPrice, l.LineItems = nil, nil, nil, kids
		}
		return l
	}
	number := func(p *int64) int64 {
		if p == nil {
			return -1
		}
		return *p
	}

	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "10.00")
	req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "NUM-1"
	req.LineItems = []wire.SaleLineItem{line("a", nil), line("b", n(7)), line("c", nil, line("c1", nil), line("c2", nil)), line("d", n(2))}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"a": 8, "b": 7, "c": 9, "d": 2, "c1": 1, "c2": 2}
	got := map[string]int64{}
	for _, l := range resp.LineItems {
		got[l.LineItemID] = number(l.LineItemNumber)
		for _, k := range l.LineItems {
			got[k.LineItemID] = number(k.LineItemNumber)
		}
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("line %s: number %d, want %d (all: %v)", id, got[id], w, got)
		}
	}
	if req.LineItems[0].LineItemNumber != nil {
		t.Error("the request's line was changed")
	}
	tx, err := store.Get(ctx, "acme", "NUM-1")
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]int{}
	for _, l := range tx.Lines {
		stored[l.LineItemID] = l.LineItemNumber
	}
	for _, id := range []string{"a", "b", "d", "c1", "c2"} {
		if stored[id] != int(want[id]) {
			t.Errorf("stored line %s: number %d, want %d", id, stored[id], want[id])
		}
	}

	// No room above the largest number sent: the lines stay unnumbered.
	req = usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "10.00")
	req.LineItems = []wire.SaleLineItem{line("x", n(math.MaxInt64)), line("y", nil)}
	if resp, err = e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	if x, y := number(resp.LineItems[0].LineItemNumber), number(resp.LineItems[1].LineItemNumber); x != math.MaxInt64 || y != -1 {
		t.Errorf("beside the largest number: %d and %d", x, y)
	}
}
