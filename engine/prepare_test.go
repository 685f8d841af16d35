package engine

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestPrepareSale: PrepareSale answers as Sale does and returns the
// transaction that Sale stores, storing nothing itself; an estimate has
// no transaction; a request without an ID gets a generated one, which
// the response gives; and a bad tenant is refused as Post refuses it.
func TestPrepareSale(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "INV-P1"

	resp, tx, err := e.PrepareSale(ctx, req)
	if err != nil || tx == nil {
		t.Fatalf("PrepareSale: %v, transaction %v", err, tx)
	}
	if ok, err := e.TransactionExists(ctx, "INV-P1"); err != nil || ok {
		t.Fatalf("PrepareSale stored the invoice: %v %v", ok, err)
	}
	if tx.TransactionID != "INV-P1" || resp.TransactionID != "INV-P1" || !tx.TotalTax.Equal(resp.TotalTax) || len(tx.Lines) != 1 {
		t.Fatalf("transaction %+v for response %s, tax %s", tx, resp.TransactionID, resp.TotalTax)
	}

	// What Sale stores is the prepared transaction.
	stored, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := j.Versions(ctx, "acme", "INV-P1")
	if err != nil || len(vs) != 1 {
		t.Fatalf("Sale stored %d versions: %v", len(vs), err)
	}
	got := *vs[0]
	got.Version, got.PostedAt = tx.Version, tx.PostedAt
	if !reflect.DeepEqual(&got, tx) {
		t.Errorf("Sale stored\n%+v\nPrepareSale returned\n%+v", &got, tx)
	}
	if !stored.TotalTax.Equal(resp.TotalTax) {
		t.Errorf("Sale's tax %s, PrepareSale's %s", stored.TotalTax, resp.TotalTax)
	}

	// A quotation is not stored: no transaction.
	q := *req
	q.SaleMessageType, q.TransactionID = wire.SaleQuotation, "Q-P1"
	if _, tx, err := e.PrepareSale(ctx, &q); err != nil || tx != nil {
		t.Errorf("a quotation: transaction %v, %v", tx, err)
	}

	// No ID: a generated one, in the response too.
	n := *req
	n.TransactionID = ""
	resp, tx, err = e.PrepareSale(ctx, &n)
	if err != nil || tx == nil || tx.TransactionID == "" || resp.TransactionID != tx.TransactionID {
		t.Errorf("no ID: response %q, transaction %v, %v", resp.TransactionID, tx, err)
	}

	// The tenant is checked as Post checks it.
	if _, _, err := e.PrepareSale(levy.WithTenant(context.Background(), strings.Repeat("t", 1000)), req); levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("a bad tenant: %v", err)
	}
}
