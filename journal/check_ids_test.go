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

// TestPostRefusesIdentifiersHTTPCannotName: an identifier that a
// request could not have given (a control, line-separator or
// bidirectional formatting character in a transaction ID, document
// number or line item ID, a company code the report's company= could
// not ask for) is refused by Post in-process too, naming its field, and
// nothing is stored: before, it was stored, and the operations over
// HTTP (deletion, reversal, rollback, existence, a company's report),
// whose parameters may hold no such character, could not name it.
// Reverse holds its own ID and document number to the same rules.
// Identifiers in other scripts, right-to-left ones too, are taken. So
// are a document number of more than 50 characters and a line item ID of
// more than 40 (the wire's limits, which no calculation over HTTP may
// pass); the limits themselves, counted in characters (é is one), are
// taken.
func TestPostRefusesIdentifiersHTTPCannotName(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	zero, err := money.Parse("0")
	if err != nil {
		t.Fatal(err)
	}
	day := civil.MustParse("2026-03-14")
	doc := func(id string) *journal.Transaction {
		return &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: day, PostingDate: day,
			Currency: "USD", DocumentNumber: "DOC-1", Company: "ACME", SubTotal: zero, TotalTax: zero, Total: zero,
			Lines: []journal.Line{{LineItemID: "L1", Amount: zero, TotalTax: zero}, {LineItemID: "L2", Amount: zero, TotalTax: zero}}}
	}
	for _, c := range []struct {
		name, field, says string
		change            func(*journal.Transaction)
	}{
		{"transaction ID with a right-to-left override", "transactionId", "bidirectional", func(tx *journal.Transaction) { tx.TransactionID = "INV-\u202e1" }},
		{"transaction ID with a tab", "transactionId", "control", func(tx *journal.Transaction) { tx.TransactionID = "INV\t1" }},
		{"document number with a bidirectional isolate", "documentNumber", "bidirectional", func(tx *journal.Transaction) { tx.DocumentNumber = "DOC-\u20661" }},
		{"document number with a line separator", "documentNumber", "separator", func(tx *journal.Transaction) { tx.DocumentNumber = "DOC\u20281" }},
		{"company code with a right-to-left mark", "company", "bidirectional", func(tx *journal.Transaction) { tx.Company = "ACME\u200f" }},
		{"company code with an escape", "company", "control", func(tx *journal.Transaction) { tx.Company = "ACME\x1b[31m" }},
		{"company code of 41 characters", "company", "at most 40", func(tx *journal.Transaction) { tx.Company = strings.Repeat("C", 41) }},
		{"line item ID with a line feed", "lines[1].lineItemId", "control", func(tx *journal.Transaction) { tx.Lines[1].LineItemID = "L\n2" }},
		{"document number of 51 characters", "documentNumber", "at most", func(tx *journal.Transaction) {
			tx.DocumentNumber = strings.Repeat("D", wire.MaxDocumentNumberLength+1)
		}},
		{"line item ID of 41 characters", "lines[1].lineItemId", "at most", func(tx *journal.Transaction) {
			tx.Lines[1].LineItemID = strings.Repeat("L", wire.MaxLineItemIDLength+1)
		}},
	} {
		tx := doc("INV-1")
		c.change(tx)
		_, err := s.Post(ctx, "acme", tx)
		var e *levy.Error
		if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != c.field || !strings.Contains(e.Message, c.says) {
			t.Errorf("%s: %v, want invalid %s saying %q", c.name, err, c.field, c.says)
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

	hebrew := doc("חשבונית-1")
	hebrew.DocumentNumber, hebrew.Company, hebrew.Lines[0].LineItemID = "מס-7", "חברה", "שורה-1"
	if _, err := s.Post(ctx, "acme", hebrew); err != nil {
		t.Fatalf("identifiers in Hebrew: %v", err)
	}
	for _, c := range []struct {
		r           journal.Reversal
		field, says string
	}{
		{journal.Reversal{DocumentNumber: "R-\u202e1"}, journal.FieldReversalDocumentNumber, "bidirectional"},
		{journal.Reversal{TransactionID: "R-\u202d1"}, journal.FieldReversalID, "bidirectional"},
		{journal.Reversal{DocumentNumber: strings.Repeat("R", wire.MaxDocumentNumberLength+1)}, journal.FieldReversalDocumentNumber, ""},
	} {
		_, err := s.Reverse(ctx, "acme", hebrew.TransactionID, c.r)
		var e *levy.Error
		if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != c.field || !strings.Contains(e.Message, c.says) {
			t.Errorf("reversal %+v: %v, want invalid %s", c.r, err, c.field)
		}
	}
	if rev, err := s.Reverse(ctx, "acme", hebrew.TransactionID, journal.Reversal{TransactionID: "ביטול-1"}); err != nil || rev.DocumentNumber != "מס-7" {
		t.Errorf("a reversal in Hebrew: %+v, %v", rev, err)
	}
}
