package journaltest

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
)

// testNULRefused hands the store U+0000 (NUL) in a tenant, in
// transaction IDs and in the text of a transaction. PostgreSQL keeps it
// in neither a key nor a JSON string: a journal over it failed as a
// fault of the store (a 500 over HTTP) where one over Badger or in
// memory stored the text. Every store refuses it alike, as an invalid
// argument naming the field, and writes nothing.
func testNULRefused(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))

	texts := map[string]func(*journal.Transaction){
		"documentNumber": func(tx *journal.Transaction) { tx.DocumentNumber = "DOC\x00" },
		"customer.name":  func(tx *journal.Transaction) { tx.Customer = &journal.Party{Name: "Ann\x00Smith"} },
		"customer.address.street1": func(tx *journal.Transaction) {
			tx.Customer = &journal.Party{Address: &journal.Address{Street1: "1\x00Main St"}}
		},
		"lines[0].item.description": func(tx *journal.Transaction) { tx.Lines[0].Item = &journal.Item{Description: "\x00"} },
		"lines[0].taxes[1].jurisdictionName": func(tx *journal.Transaction) {
			tx.Lines[0].Taxes[1].JurisdictionName = "County\x00"
		},
	}
	for field, set := range texts {
		tx := simple(t, "NUL-TEXT", "2026-03-14")
		set(tx)
		_, err := s.Post(ctx, tenant, tx)
		wantField(t, "Post with NUL in "+field, err, field)
		_, err = s.PostAll(ctx, tenant, []*journal.Transaction{simple(t, "NUL-OTHER", "2026-03-14"), tx})
		wantField(t, "PostAll with NUL in "+field, err, field)
	}
	if exists(t, s, tenant, "NUL-TEXT") || exists(t, s, tenant, "NUL-OTHER") {
		t.Fatal("a transaction refused for a NUL was stored")
	}

	_, err := s.Post(ctx, "acme\x00", simple(t, "INV-1", "2026-03-14"))
	wantField(t, "Post under a tenant with NUL", err, "tenant")
	_, err = s.Exists(ctx, "acme\x00", "INV-1")
	wantField(t, "Exists under a tenant with NUL", err, "tenant")

	id := "INV\x001"
	_, post := s.Post(ctx, tenant, simple(t, id, "2026-03-14"))
	_, get := s.Get(ctx, tenant, id)
	_, versions := s.Versions(ctx, tenant, id)
	_, history := s.History(ctx, tenant, id)
	_, exists := s.Exists(ctx, tenant, id)
	_, reverse := s.Reverse(ctx, tenant, id, journal.Reversal{})
	_, rollback := s.Rollback(ctx, tenant, id)
	for name, err := range map[string]error{"Post": post, "Get": get, "Versions": versions, "History": history,
		"Exists": exists, "Delete": s.Delete(ctx, tenant, id), "Reverse": reverse, "Rollback": rollback} {
		wantField(t, name+" of an ID with NUL", err, journal.FieldTransactionID)
	}

	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV\x00"})
	wantField(t, "Reverse into an ID with NUL", err, journal.FieldReversalID)
	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", DocumentNumber: "CN\x00"})
	wantField(t, "Reverse with a document number with NUL", err, journal.FieldReversalDocumentNumber)
	wantHistory(t, s, tenant, "INV-1", 1, true, "")
	wantScan(t, s, tenant, "", "", "INV-1@1")
}

// wantField fails unless err is a levy.EInvalid error about field.
func wantField(t *testing.T, what string, err error, field string) {
	t.Helper()
	wantCode(t, what, err, levy.EInvalid)
	var le *levy.Error
	if !errors.As(err, &le) || le.Field != field {
		t.Fatalf("%s: error %v does not name %q", what, err, field)
	}
}
