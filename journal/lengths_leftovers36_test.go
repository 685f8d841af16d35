package journal_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestPostRefusesIdentifiersLongerThanARequests: a document number of
// more than 50 characters, or a line item ID of more than 40, which no
// calculation over HTTP may send (the wire's limits), was stored by Post
// in-process, and by Reverse as a reversal's document number: the
// journal then held what a request could not have given it. Each is now
// refused naming its field, and nothing is stored; the limits themselves,
// counted in characters (é is one), are taken.
func TestPostRefusesIdentifiersLongerThanARequests(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	zero := money.MustParse("0")
	day := civil.MustParse("2026-03-14")
	doc := func(id string) *journal.Transaction {
		return &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: day, PostingDate: day,
			Currency: "USD", DocumentNumber: "DOC-1", SubTotal: zero, TotalTax: zero, Total: zero,
			Lines: []journal.Line{{LineItemID: "L1", Amount: zero, TotalTax: zero}, {LineItemID: "L2", Amount: zero, TotalTax: zero}}}
	}
	for _, c := range []struct {
		name, field string
		change      func(*journal.Transaction)
	}{
		{"document number of 51 characters", "documentNumber", func(tx *journal.Transaction) {
			tx.DocumentNumber = strings.Repeat("D", wire.MaxDocumentNumberLength+1)
		}},
		{"line item ID of 41 characters", "lines[1].lineItemId", func(tx *journal.Transaction) {
			tx.Lines[1].LineItemID = strings.Repeat("L", wire.MaxLineItemIDLength+1)
		}},
	} {
		tx := doc("INV-1")
		c.change(tx)
		_, err := s.Post(ctx, "acme", tx)
		var e *levy.Error
		if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != c.field || !strings.Contains(e.Message, "at most") {
			t.Errorf("%s: %v, want invalid %s saying at most", c.name, err, c.field)
		}
		if ok, err := s.Exists(ctx, "acme", tx.TransactionID); err != nil || ok {
			t.Errorf("%s: stored (%v, %v)", c.name, ok, err)
		}
	}

	full := doc("INV-2")
	full.DocumentNumber = strings.Repeat("é", wire.MaxDocumentNumberLength)
	full.Lines[0].LineItemID = strings.Repeat("é", wire.MaxLineItemIDLength)
	if _, err := s.Post(ctx, "acme", full); err != nil {
		t.Fatalf("identifiers at the wire's limits: %v", err)
	}
	_, err := s.Reverse(ctx, "acme", full.TransactionID, journal.Reversal{DocumentNumber: strings.Repeat("R", wire.MaxDocumentNumberLength+1)})
	var e *levy.Error
	if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != journal.FieldReversalDocumentNumber {
		t.Errorf("reversal with a document number of 51 characters: %v, want invalid %s", err, journal.FieldReversalDocumentNumber)
	}
}
