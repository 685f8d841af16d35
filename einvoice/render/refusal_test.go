package render_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
)

// TestRenderSalesTaxBeforeNames: a US sale whose seller has no company
// code is refused for its sales tax, which no option mends, not for the
// seller's name, which sellerName would give only to be refused next for
// the tax. Before, the answer named the missing name alone.
func TestRenderSalesTaxBeforeNames(t *testing.T) {
	tx := invoice()
	tx.Seller.Code = ""
	tx.Customer.Name = ""
	tx.Lines[1].Taxes[0] = journal.Tax{JurisdictionID: "US-CA", JurisdictionName: "California", Imposition: "Sales and Use Tax", TaxType: "SALES",
		TaxResult: "TAXABLE", CollectedFrom: "SELLER", Taxable: m("50.00"), Tax: m("3.50"), Rate: m("0.07")}
	_, err := render.Render(tx, render.Options{})
	if err == nil || !strings.Contains(err.Error(), "line 2 (b) carries SALES tax (Sales and Use Tax) of California (US-CA)") ||
		strings.Contains(err.Error(), "has no name") {
		t.Fatalf("got %v, want the refusal of the sales tax", err)
	}
}

// TestRenderBlankBuyerName: a buyerName of spaces gives no name, so the
// stored customer's name stays, as a sellerName of spaces leaves the
// seller's code. Before, the blank replaced the stored name and the
// rendering was refused: "the buyer has no name: give one (buyerName)".
func TestRenderBlankBuyerName(t *testing.T) {
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		_, d := read(t, invoice(), render.Options{Syntax: syntax, BuyerName: " \u00a0 ", SellerName: "  "})
		if d.Customer.Name != "Stadtwerke Halle GmbH" || d.Supplier.Name != "Lindenlicht & Söhne <GmbH>" {
			t.Errorf("%s: buyer %q, seller %q", syntax, d.Customer.Name, d.Supplier.Name)
		}
	}
}

// TestRenderNamesEachVATOfALine: a line with several taxes of the type
// VAT in one jurisdiction (Brazil's PIS and COFINS) is refused naming
// each by its imposition. Before, the message named the jurisdiction
// twice: "the VAT of 2 jurisdictions (Brazil (BR) and Brazil (BR))".
func TestRenderNamesEachVATOfALine(t *testing.T) {
	tx := invoice()
	br := func(imp, rate string) journal.Tax {
		return journal.Tax{JurisdictionID: "BR", JurisdictionName: "Brazil", Imposition: imp, TaxType: "VAT", TaxResult: "TAXABLE",
			CollectedFrom: "SELLER", Taxable: m("100.00"), Rate: m(rate)}
	}
	tx.Lines[0].Taxes = []journal.Tax{br("PIS", "0.0165"), br("COFINS", "0.076")}
	_, err := render.Render(tx, render.Options{})
	if err == nil || !strings.Contains(err.Error(), "line 1 (a) carries 2 taxes of the type VAT (PIS of Brazil (BR), COFINS of Brazil (BR))") {
		t.Fatalf("got %v", err)
	}
}

// TestRenderDueDateBeforeIssue: a due date before the invoice's issue
// date is refused naming dueDate, 0000-01-01 among them, which is no date
// of XML Schema 1.0 (the UBL and CII schemas have no year 0). Before, both
// were written into the document; the issue date itself is taken.
func TestRenderDueDateBeforeIssue(t *testing.T) {
	for _, due := range []string{"0000-01-01", "2026-08-31"} {
		_, err := render.Render(invoice(), render.Options{DueDate: civil.MustParse(due)})
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "dueDate" || !strings.Contains(err.Error(), "before the invoice's issue date 2026-09-01") {
			t.Errorf("due %s: got %v, want dueDate refused", due, err)
		}
	}
	if _, d := read(t, invoice(), render.Options{DueDate: civil.MustParse("2026-09-01")}); d.DueDate != "2026-09-01" {
		t.Errorf("due on the issue date: %q", d.DueDate)
	}
}

// TestRenderPeppolInvoiceNeedsDueDate: a Peppol BIS invoice whose amount
// is due needs a due date: Peppol BIS Billing 3.0.19 applies BR-CO-25 of
// EN 16931 to invoices (CEN's artefacts no longer do), and Levy writes no
// payment terms. Without dueDate the rendering is refused naming the rule
// and the option; with it, it renders. A Peppol credit note and a plain
// EN 16931 or CII invoice need none. Before, the Peppol invoice without
// a due date was returned, and Peppol's validation refused it.
func TestRenderPeppolInvoiceNeedsDueDate(t *testing.T) {
	peppol := render.Options{SellerEndpoint: "0088:4000001000005", BuyerEndpoint: "0088:4000002000004", BuyerReference: "PO-1",
		IBAN: "DE89370400440532013000", ContactName: "Jana Roth", ContactPhone: "+49 341 555 0100", ContactEmail: "rechnung@lindenlicht.example"}
	_, err := render.Render(invoice(), peppol)
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Code != levy.EConflict || errs[0].Field != render.FieldTransactionID ||
		!strings.Contains(errs[0].Message, "would break BR-CO-25: the amount due (BT-115) is 172.50 EUR") || !strings.Contains(errs[0].Message, "(give the payment due date (dueDate))") {
		t.Fatalf("got %v, want BR-CO-25 alone", err)
	}
	withDue := peppol
	withDue.DueDate = civil.MustParse("2026-10-01")
	if r, d := read(t, invoice(), withDue); !r.Peppol || d.DueDate != "2026-10-01" {
		t.Errorf("with a due date: Peppol %v, due %q", r.Peppol, d.DueDate)
	}
	credit := invoice()
	for i := range credit.Lines {
		l := &credit.Lines[i]
		l.Amount, l.TotalTax = m("-"+l.Amount.String()), m("-"+l.TotalTax.String())
		l.Taxes[0].Taxable, l.Taxes[0].Tax = m("-"+l.Taxes[0].Taxable.String()), m("-"+l.Taxes[0].Tax.String())
	}
	credit.SubTotal, credit.TotalTax, credit.Total = m("-150.00"), m("-22.50"), m("-172.50")
	if r, _ := read(t, credit, peppol); !r.Peppol || r.Kind != ubl.KindCreditNote {
		t.Errorf("credit note: Peppol %v, kind %s", r.Peppol, r.Kind)
	}
	cii := peppol
	cii.Syntax = ubl.SyntaxCII
	read(t, invoice(), cii)
	read(t, invoice(), render.Options{})
}

// TestRenderWithheldTax: a sale whose buyer withholds a tax on a line
// (Kenya's withholding on professional fees paid to a non-resident) is
// refused naming the withholding: EN 16931 has no element for it. Before,
// the refusal called it "a tax of unknown type tax" and a sales tax that
// is not VAT.
func TestRenderWithheldTax(t *testing.T) {
	tx := invoice()
	tx.Lines[0].Taxes = append(tx.Lines[0].Taxes, journal.Tax{JurisdictionID: "KE", JurisdictionName: "Kenya", Imposition: "Withholding Tax",
		TaxResult: "TAXABLE", CollectedFrom: "BUYER", Taxable: m("100.00"), Tax: m("20.00"), Rate: m("0.20"),
		Withheld: true, WithholdingType: "NON_RESIDENT_PROFESSIONAL_FEES"})
	_, err := render.Render(tx, render.Options{})
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EConflict ||
		!strings.Contains(err.Error(), "line 1 (a) carries Withholding Tax of Kenya (KE), which the buyer withholds (withholdingType NON_RESIDENT_PROFESSIONAL_FEES)") ||
		strings.Contains(err.Error(), "unknown type") {
		t.Fatalf("got %v, want the refusal of the withheld tax", err)
	}
}

// TestRenderFranchiseFee: a line that bears a franchise fee, a tax
// without a tax type, is refused naming it by its imposition type. Before,
// the refusal read "carries a tax of unknown type tax (Konzessionsabgabe)"
// and called it a sales tax.
func TestRenderFranchiseFee(t *testing.T) {
	tx := invoice()
	tx.Lines[0].Taxes = append(tx.Lines[0].Taxes, journal.Tax{JurisdictionID: "DE", JurisdictionName: "Germany", Imposition: "Konzessionsabgabe",
		ImpositionType: "Franchise Fee", TaxResult: "TAXABLE", CollectedFrom: "SELLER", Taxable: m("100.00"), Tax: m("2.00"), Rate: m("0.02")})
	_, err := render.Render(tx, render.Options{})
	if err == nil || !strings.Contains(err.Error(), "line 1 (a) carries a Franchise Fee (Konzessionsabgabe) of Germany (DE): an EN 16931 e-invoice carries VAT only") ||
		strings.Contains(err.Error(), "unknown type") || strings.Contains(err.Error(), "sales tax") {
		t.Fatalf("got %v, want the refusal of the franchise fee", err)
	}
}
