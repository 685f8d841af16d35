package render_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestRenderReversalIssuedWhenReversed: goods sent on 2026-06-01 from
// Amsterdam to a business in Paris (an intra-community supply, K) are
// taken back on 2026-07-15, when the invoice is reversed with that
// posting date. The credit note is issued then: its issue date (BT-2) is
// 2026-07-15, while the invoice it refers to keeps its own (BT-26,
// 2026-06-01, when the caller loads the original) and so does the
// delivery it corrects (BT-72). Before, the credit note was dated 2026-06-01, the
// invoice's date, six weeks before it was issued; a due date between
// the two dates was taken though it is before the credit note's issue.
func TestRenderReversalIssuedWhenReversed(t *testing.T) {
	e, j := journaledEngine(t)
	nl := wire.TaxRegistration{ISOCountryCode: "NL", TaxRegistrationNumber: "NL004909665B07"}
	renderGoodsSale(t, e, j, "CN-SRC",
		&wire.Seller{Company: "Grachten BV", PhysicalOrigin: &wire.Location{City: "Amsterdam", PostalCode: "1012", Country: "NL"},
			TaxRegistrations: []wire.TaxRegistration{nl}},
		&wire.Customer{CustomerName: "Atelier Lumière SARL", Destination: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}},
			CustomerCode:     &wire.CustomerCode{Value: "LUMIERE", IsBusinessIndicator: true}},
		"eu-reverse-charge")
	ctx := context.Background()
	orig, err := j.Get(ctx, levy.DefaultTenant, "CN-SRC")
	if err != nil {
		t.Fatal(err)
	}
	rev, err := j.Reverse(ctx, levy.DefaultTenant, "CN-SRC", journal.Reversal{TransactionID: "CN-1", DocumentNumber: "GS-2026-7",
		PostingDate: civil.MustParse("2026-07-15")})
	if err != nil {
		t.Fatal(err)
	}
	// Without the original, a reversal is rendered only without a
	// number, which could be the invoice's: then under its transaction ID.
	unnumbered := *rev
	unnumbered.DocumentNumber = ""
	for _, c := range []struct {
		syntax        ubl.Syntax
		original      *journal.Transaction
		issue, before []string // in the document: the credit note's date, the invoice's
	}{
		{ubl.SyntaxUBL, orig, []string{"<cbc:IssueDate>2026-07-15</cbc:IssueDate>\n  <cbc:CreditNoteTypeCode>"},
			[]string{"<cbc:ID>CN-SRC</cbc:ID>\n      <cbc:IssueDate>2026-06-01</cbc:IssueDate>", "<cbc:ActualDeliveryDate>2026-06-01</cbc:ActualDeliveryDate>"}},
		{ubl.SyntaxUBL, nil, []string{"<cbc:IssueDate>2026-07-15</cbc:IssueDate>\n  <cbc:CreditNoteTypeCode>"},
			[]string{"<cbc:ActualDeliveryDate>2026-06-01</cbc:ActualDeliveryDate>"}},
		{ubl.SyntaxCII, orig, []string{`<ram:IssueDateTime>` + "\n      " + `<udt:DateTimeString format="102">20260715</udt:DateTimeString>`},
			[]string{`<qdt:DateTimeString format="102">20260601</qdt:DateTimeString>`,
				`<ram:OccurrenceDateTime>` + "\n          " + `<udt:DateTimeString format="102">20260601</udt:DateTimeString>`}},
	} {
		tx, number := rev, "GS-2026-7"
		if c.original == nil {
			tx, number = &unnumbered, "CN-1"
		}
		out, err := render.Render(tx, render.Options{Syntax: c.syntax, Original: c.original})
		if err != nil {
			t.Fatalf("%s: %v", c.syntax, err)
		}
		d, err := ubl.Read(out.Content)
		if err != nil {
			t.Fatal(err)
		}
		if d.Kind != ubl.KindCreditNote || d.IssueDate != "2026-07-15" || d.ID != number {
			t.Errorf("%s (original loaded %v): %s %s of %s, want credit note %s of 2026-07-15", c.syntax, c.original != nil, d.Kind, d.ID, d.IssueDate, number)
		}
		for _, s := range append(c.issue, c.before...) {
			if !strings.Contains(string(out.Content), s) {
				t.Errorf("%s (original loaded %v): no %q in\n%s", c.syntax, c.original != nil, s, out.Content)
			}
		}
	}
	// The credit note reversed in its turn on 2026-08-03 is an invoice of
	// that date, which refers to the credit note of 2026-07-15.
	again, err := j.Reverse(ctx, levy.DefaultTenant, "CN-1", journal.Reversal{TransactionID: "CN-1-R", PostingDate: civil.MustParse("2026-08-03")})
	if err != nil {
		t.Fatal(err)
	}
	out, err := render.Render(again, render.Options{Original: rev})
	if err != nil {
		t.Fatal(err)
	}
	if d, err := ubl.Read(out.Content); err != nil || d.Kind != ubl.KindInvoice || d.IssueDate != "2026-08-03" ||
		!strings.Contains(string(out.Content), "<cbc:ID>GS-2026-7</cbc:ID>\n      <cbc:IssueDate>2026-07-15</cbc:IssueDate>") {
		t.Errorf("the reversal of the credit note: %v\n%s", err, out.Content)
	}
	// A due date after the invoice but before the credit note is refused,
	// naming the credit note's issue date.
	_, err = render.Render(rev, render.Options{Original: orig, DueDate: civil.MustParse("2026-07-01")})
	if err == nil || !strings.Contains(err.Error(), "dueDate") || !strings.Contains(err.Error(), "2026-07-15") {
		t.Errorf("a due date of 2026-07-01 on the credit note of 2026-07-15: %v, want a refusal naming dueDate", err)
	}
}
