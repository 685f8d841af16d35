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
	"github.com/levytax/levy/money"
)

func m(s string) money.Amount { return money.MustParse(s) }

// vatTax is a German VAT of a line at rate (a fraction).
func vatTax(taxable, tax, rate string) journal.Tax {
	return journal.Tax{JurisdictionID: "DE", JurisdictionType: "COUNTRY", JurisdictionName: "Germany", Imposition: "VAT", TaxType: "VAT",
		TaxResult: "TAXABLE", CollectedFrom: "SELLER", Taxable: m(taxable), Tax: m(tax), Rate: m(rate)}
}

// invoice is a stored German invoice of two lines at 19% and 7%.
func invoice() *journal.Transaction {
	return &journal.Transaction{TransactionID: "T-1", Version: 1, Perspective: "SELLER", MessageType: "INVOICE", DocumentNumber: "2026-0815",
		DocumentDate: civil.MustParse("2026-09-01"), Currency: "EUR", SubTotal: m("150.00"), TotalTax: m("22.50"), Total: m("172.50"),
		Seller: &journal.Party{Code: "Lindenlicht & Söhne <GmbH>", Address: &journal.Address{City: "Leipzig", PostalCode: "04109", Country: "DE"},
			Registrations: []journal.Registration{{Country: "DE", Number: "813495721", Type: "VAT Registration"}}},
		Customer: &journal.Party{Name: "Stadtwerke Halle GmbH", Address: &journal.Address{City: "Halle", PostalCode: "06108", Country: "DE"}},
		Lines: []journal.Line{
			{LineItemID: "a", ProductClass: "GENERAL", Amount: m("100.00"), TotalTax: m("19.00"), Taxes: []journal.Tax{vatTax("100.00", "19.00", "0.19")},
				Item: &journal.Item{Description: "Lamp", Quantity: m("4"), Unit: "H87", UnitPrice: ptr(m("25.00"))}},
			{LineItemID: "b", ProductClass: "BOOKS", Amount: m("50.00"), TotalTax: m("3.50"), Taxes: []journal.Tax{vatTax("50.00", "3.50", "0.07")}},
		}}
}

func ptr[T any](v T) *T { return &v }

// read renders tx and reads the document back.
func read(t *testing.T, tx *journal.Transaction, o render.Options) (*render.Rendered, *ubl.Document) {
	t.Helper()
	r, err := render.Render(tx, o)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ubl.Read(r.Content)
	if err != nil {
		t.Fatal(err)
	}
	if ps := d.Check(); ubl.HasFatal(ps) {
		t.Fatalf("%v\n%s", ps, r.Content)
	}
	return r, d
}

// TestRenderInvoice: the business terms of a rendered invoice, in both
// syntaxes: the number, the parties (names escaped, the VAT identifier
// with its country prefix), the lines with their quantities and prices,
// the breakdown per rate and the totals.
func TestRenderInvoice(t *testing.T) {
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		t.Run(string(syntax), func(t *testing.T) {
			r, d := read(t, invoice(), render.Options{Syntax: syntax, DueDate: civil.MustParse("2026-10-01"), IBAN: "DE89370400440532013000"})
			if r.Syntax != syntax || r.Peppol || r.Number != "2026-0815" || r.Kind != ubl.KindInvoice {
				t.Errorf("rendered %+v", r)
			}
			if d.ID != "2026-0815" || d.IssueDate != "2026-09-01" || d.DueDate != "2026-10-01" || d.Currency != "EUR" || d.TypeCode != "380" {
				t.Errorf("header %+v", d)
			}
			if d.Supplier.Name != "Lindenlicht & Söhne <GmbH>" || d.Supplier.VATID != "DE813495721" || d.Customer.Name != "Stadtwerke Halle GmbH" || d.Customer.VATID != "" {
				t.Errorf("parties %+v %+v", d.Supplier, d.Customer)
			}
			if len(d.Lines) != 2 || d.Lines[0].ID != "a" || d.Lines[0].Quantity.Value.String() != "4" || d.Lines[0].Quantity.UnitCode != "H87" ||
				d.Lines[0].PriceAmount.Value.String() != "25" || d.Lines[1].Quantity.UnitCode != "C62" || d.Lines[1].ItemName != "BOOKS" {
				t.Errorf("lines %+v", d.Lines)
			}
			if v := d.VATTotal(); v.Value.String() != "22.5" || d.Totals.PayableAmount.Value.String() != "172.5" || len(d.TaxTotals[0].Subtotals) != 2 {
				t.Errorf("totals %+v", d.Totals)
			}
		})
	}
}

// TestRenderPeppolNeedsBothEndpoints: a UBL document is Peppol BIS with
// both parties' electronic addresses only; CII is never Peppol.
func TestRenderPeppolNeedsBothEndpoints(t *testing.T) {
	o := render.Options{SellerEndpoint: "0088:4000001000005", BuyerEndpoint: "0088:4000002000004", BuyerReference: "04011000-12345-34",
		IBAN: "DE89370400440532013000", ContactName: "Jana Roth", ContactPhone: "+49 341 555 0100", ContactEmail: "rechnung@lindenlicht.example",
		DueDate: civil.MustParse("2026-10-01")}
	r, d := read(t, invoice(), o)
	if !r.Peppol || !d.IsPeppol() || d.ProfileID != render.ProfilePeppol || d.Receiver().Address() != "0088:4000002000004" {
		t.Errorf("Peppol %v %q %q", r.Peppol, d.CustomizationID, d.Receiver().Address())
	}
	one := o
	one.BuyerEndpoint = ""
	if r, _ := read(t, invoice(), one); r.Peppol {
		t.Error("Peppol with one endpoint")
	}
	cii := o
	cii.Syntax = ubl.SyntaxCII
	if r, d := read(t, invoice(), cii); r.Peppol || d.Receiver().Address() != "0088:4000002000004" {
		t.Errorf("CII: Peppol %v, buyer %q", r.Peppol, d.Receiver().Address())
	}
	// Between German parties, Peppol's German rules want a buyer
	// reference, payment instructions and the seller's contact: without
	// them the document is refused under the rules, each with a hint.
	_, err := render.Render(invoice(), render.Options{SellerEndpoint: o.SellerEndpoint, BuyerEndpoint: o.BuyerEndpoint})
	var errs levy.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("got %v", err)
	}
	var all []string
	for _, e := range errs {
		if e.Code != levy.EConflict || e.Field != render.FieldTransactionID {
			t.Errorf("error %+v", e)
		}
		all = append(all, e.Message)
	}
	for _, want := range []string{"PEPPOL-EN16931-R003", "DE-R-001", "DE-R-002", "(give the account to pay to (iban))"} {
		if !strings.Contains(strings.Join(all, "\n"), want) {
			t.Errorf("want %q in %v", want, all)
		}
	}
}

// TestRenderCreditNotes: a reversal renders as a credit note that refers
// to the invoice it reverses, under a number of its own; a negative line
// of an invoice has a negative quantity and a positive price.
func TestRenderCreditNotes(t *testing.T) {
	orig := invoice()
	rev := journal.Negated(orig)
	rev.TransactionID, rev.ReversalOf = "T-1-R", "T-1"
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		r, d := read(t, rev, render.Options{Syntax: syntax, Original: orig})
		if r.Kind != ubl.KindCreditNote || d.Kind != ubl.KindCreditNote || d.TypeCode != "381" || d.ID != "T-1-R" {
			t.Errorf("%s: %+v, %s %s %s", syntax, r, d.Kind, d.TypeCode, d.ID)
		}
		if d.Totals.PayableAmount.Value.String() != "172.5" || d.Lines[0].Quantity.Value.String() != "4" {
			t.Errorf("%s: amounts %+v %+v", syntax, d.Totals.PayableAmount, d.Lines[0].Quantity)
		}
		if !strings.Contains(string(r.Content), "2026-0815") {
			t.Errorf("%s: no reference to the invoice 2026-0815", syntax)
		}
	}
	mixed := invoice()
	mixed.Lines[1].Amount, mixed.Lines[1].TotalTax, mixed.Lines[1].Taxes[0].Tax = m("-50.00"), m("-3.50"), m("-3.50")
	mixed.Lines[1].Taxes[0].Taxable = m("-50.00")
	mixed.SubTotal, mixed.TotalTax, mixed.Total = m("50.00"), m("15.50"), m("65.50")
	_, d := read(t, mixed, render.Options{})
	if l := d.Lines[1]; l.Quantity.Value.String() != "-1" || l.PriceAmount.Value.String() != "50" || l.LineExtensionAmount.Value.String() != "-50" {
		t.Errorf("a negative line: %+v", l)
	}
}

// TestRenderRefuses: what cannot become an e-invoice is refused with the
// reason, as a conflict about the transaction; bad options are refused
// naming their field.
func TestRenderRefuses(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(*journal.Transaction)
		msg    string
	}{
		{"a purchase", func(tx *journal.Transaction) { tx.Perspective, tx.MessageType = "BUYER", "ACCRUAL" }, "BUYER ACCRUAL"},
		{"stored before the journal kept parties", func(tx *journal.Transaction) { tx.Seller = nil }, "stored before the journal kept the parties"},
		{"tax only", func(tx *journal.Transaction) { tx.TaxOnly = true }, "tax-only adjustment"},
		{"Canadian GST", func(tx *journal.Transaction) { tx.Lines[0].Taxes[0].TaxType = "GST" }, "line 1 (a) carries GST tax"},
		{"VAT of two countries", func(tx *journal.Transaction) {
			tx.Lines[0].Taxes = append(tx.Lines[0].Taxes, vatTax("100.00", "0.00", "0.20"))
		}, "line 1 (a) carries 2 taxes of the type VAT (VAT of Germany (DE), VAT of Germany (DE))"},
		{"part exempt", func(tx *journal.Transaction) { tx.Lines[0].Taxes[0].Exempt = m("10.00") }, "part taxed and part exempt"},
		{"deferred", func(tx *journal.Transaction) { tx.Lines[0].Taxes[0].TaxResult = "DEFERRED" }, "VAT result DEFERRED"},
		{"lines that do not add up", func(tx *journal.Transaction) { tx.SubTotal = m("151.00") }, "its lines add up to 150.00"},
		{"no buyer name", func(tx *journal.Transaction) { tx.Customer.Name = "" }, "the buyer has no name"},
		{"no seller country", func(tx *journal.Transaction) { tx.Seller.Address.Country = "" }, "the seller's address has no country"},
		{"a line's own seller", func(tx *journal.Transaction) { tx.Lines[1].Seller = &journal.Party{Code: "X"} }, "names a seller of its own"},
		{"no VAT identifier", func(tx *journal.Transaction) { tx.Seller.Registrations = nil }, "BR-S-02"},
		{"no VAT identifier: the profile's registrations", func(tx *journal.Transaction) { tx.Seller.Registrations = nil }, "seller.company in the tenant's profile"},
		{"an unknown unit", func(tx *journal.Transaction) { tx.Lines[0].Item.Unit = "XYZ9" }, "BR-CL-23"},
		{"too many lines", func(tx *journal.Transaction) {
			for len(tx.Lines) <= render.MaxLines {
				tx.Lines = append(tx.Lines, tx.Lines[1])
			}
		}, "at most 2500"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tx := invoice()
			c.change(tx)
			_, err := render.Render(tx, render.Options{})
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EConflict || le.Field != render.FieldTransactionID || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want a conflict with %q", err, c.msg)
			}
		})
	}
	for _, c := range []struct {
		name  string
		o     render.Options
		field string
	}{
		{"syntax", render.Options{Syntax: "edifact"}, "syntax"},
		{"endpoint form", render.Options{SellerEndpoint: "4000001000005"}, "sellerEndpoint"},
		{"GLN check digit", render.Options{BuyerEndpoint: "0088:4000001000006"}, "buyerEndpoint"},
		{"IBAN", render.Options{IBAN: "DE89 3704"}, "iban"},
		{"control character", render.Options{BuyerReference: "a\nb"}, "buyerReference"},
	} {
		_, err := render.Render(invoice(), c.o)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field {
			t.Errorf("%s: got %v", c.name, err)
		}
	}
}
