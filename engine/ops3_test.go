package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestReversalDocumentNumberAsOverHTTP reverses an invoice in-process
// with document numbers that hold a control character, a line
// separator or a NUL: over HTTP each is refused (400 naming
// data.documentNumber), and the engine, which a host may call in its
// place (wire.Calculator), refuses them alike and stores no reversal;
// a plain document number is then stored on the reversal.
func TestReversalDocumentNumberAsOverHTTP(t *testing.T) {
	e, j := journalEngine(t)
	ctx := context.Background()
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "INV-OPS3"
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{"CN\n1", "CN\u20281", "CN\x00"} {
		_, err := e.ReverseTransaction(ctx, "INV-OPS3", wire.ReversalRequest{TransactionID: "REV-OPS3", DocumentNumber: doc})
		if levy.ErrorCode(err) != levy.EInvalid || fieldOf(err) != "data.documentNumber" {
			t.Fatalf("document number %q: %v; want invalid, naming data.documentNumber", doc, err)
		}
		if ok, err := j.Exists(ctx, levy.DefaultTenant, "REV-OPS3"); err != nil || ok {
			t.Fatalf("document number %q: the reversal was stored (%v, %v)", doc, ok, err)
		}
	}
	rev, err := e.ReverseTransaction(ctx, "INV-OPS3", wire.ReversalRequest{TransactionID: "REV-OPS3", DocumentNumber: "CN-1"})
	if err != nil || rev.DocumentNumber != "CN-1" {
		t.Fatalf("reversal: %+v, %v", rev, err)
	}
}
