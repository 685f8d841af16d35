package journaltest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// testNULRefused hands the store U+0000 (NUL) in a tenant, in
// transaction IDs and in the text of a transaction, and a tenant and
// text that are not UTF-8. PostgreSQL keeps NUL in neither a key nor a
// JSON string, nor bytes that are not UTF-8 in a key: a journal over it
// failed as a fault of the store (a 500 over HTTP) where one over
// Badger or in memory stored the text (the JSON of a version with
// U+FFFD in place of the bytes). Every store refuses them alike, as an
// invalid argument naming the field, and writes nothing.
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
		// Not UTF-8: a key of the sales figures, which PostgreSQL refused,
		// and a text that Badger stored with U+FFFD in its place.
		"company": func(tx *journal.Transaction) {
			tx.Company, tx.Lines[0].Destination = "ACME\xff", "US-TX"
		},
		"lines[0].item.unit": func(tx *journal.Transaction) { tx.Lines[0].Item = &journal.Item{Unit: "k\xc3g"} },
	}
	for field, set := range texts {
		tx := simple(t, "NUL-TEXT", "2026-03-14")
		set(tx)
		_, err := s.Post(ctx, tenant, tx)
		wantField(t, "Post with NUL or bytes not UTF-8 in "+field, err, field)
		_, err = s.PostAll(ctx, tenant, []*journal.Transaction{simple(t, "NUL-OTHER", "2026-03-14"), tx})
		wantField(t, "PostAll with NUL or bytes not UTF-8 in "+field, err, field)
	}
	if exists(t, s, tenant, "NUL-TEXT") || exists(t, s, tenant, "NUL-OTHER") {
		t.Fatal("a transaction refused for its text was stored")
	}

	_, err := s.Post(ctx, "acme\x00", simple(t, "INV-1", "2026-03-14"))
	wantField(t, "Post under a tenant with NUL", err, "tenant")
	_, err = s.Exists(ctx, "acme\x00", "INV-1")
	wantField(t, "Exists under a tenant with NUL", err, "tenant")
	_, err = s.Post(ctx, "acme\xff", simple(t, "INV-1", "2026-03-14"))
	wantField(t, "Post under a tenant that is not UTF-8", err, "tenant")
	_, err = s.Exists(ctx, "acme\xff", "INV-1")
	wantField(t, "Exists under a tenant that is not UTF-8", err, "tenant")

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

// testDateThatDoesNotExist hands the store dates that no calendar has:
// February 30 and April 31. A journal over PostgreSQL failed on each as
// a fault of the store (its date type refuses them), where one over
// Badger or in memory filed the transaction under it. Every store
// refuses them alike, naming the field, and writes nothing.
func testDateThatDoesNotExist(t *testing.T, s journal.Store) {
	ctx := context.Background()
	feb30 := civil.Date{Year: 2026, Month: time.February, Day: 30}
	apr31 := civil.Date{Year: 2026, Month: time.April, Day: 31}
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))

	tx := simple(t, "FEB-30", "2026-03-14")
	tx.PostingDate = feb30
	_, err := s.Post(ctx, tenant, tx)
	wantField(t, "Post on February 30", err, "postingDate")
	tx = simple(t, "FEB-30", "2026-03-14")
	tx.DocumentDate = feb30
	_, err = s.Post(ctx, tenant, tx)
	wantField(t, "Post of a document of February 30", err, "documentDate")
	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: apr31})
	wantField(t, "Reverse on April 31", err, journal.FieldReversalPostingDate)

	noop := func(*journal.Transaction) error { return nil }
	wantField(t, "Scan from February 30", s.Scan(ctx, tenant, feb30, civil.Date{}, noop), "from")
	_, err = s.Figures(ctx, tenant, civil.Date{}, apr31)
	wantField(t, "Figures to April 31", err, "to")
	_, err = s.AreaSums(ctx, tenant, "", "US-TX", []journal.Span{{From: feb30, To: apr31}})
	wantField(t, "AreaSums from February 30", err, "spans[0].from")
	err = s.ReplaceFigures(ctx, tenant, []journal.Figure{{Area: "US-TX", Day: feb30, Direct: journal.Tally{Gross: 1, Count: 1}}})
	wantField(t, "ReplaceFigures on February 30", err, "figures[0].day")

	if exists(t, s, tenant, "FEB-30") || exists(t, s, tenant, "REV-1") {
		t.Fatal("a transaction refused for its date was stored")
	}
	wantHistory(t, s, tenant, "INV-1", 1, true, "")
	// February 29 of a leap year exists.
	leap := simple(t, "FEB-29", "2028-02-29")
	mustPost(t, s, tenant, leap)
	wantScan(t, s, tenant, "2028-02-29", "2028-02-29", "FEB-29@1")
}
