package render_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
)

// dollarSale is an invoice in US dollars from a German seller, registered
// in Austria too, to an Austrian consumer, as the engine calculates it
// with a conversion into euro on the customer's destination: a service
// taxed where the seller is (Germany's VAT, without amounts in euro, since
// its place is the seller's) and goods taxed where they arrive (Austria's
// VAT, converted into euro). servicesFirst puts the service first.
func dollarSale(servicesFirst bool) *journal.Transaction {
	service := journal.Line{LineItemID: "svc", ProductClass: "SERVICES", Amount: m("100.00"), TotalTax: m("19.00"),
		Taxes: []journal.Tax{vatTax("100.00", "19.00", "0.19")}}
	goods := journal.Line{LineItemID: "goods", ProductClass: "GENERAL", Amount: m("50.00"), TotalTax: m("10.00"),
		Taxes: []journal.Tax{{JurisdictionID: "AT", JurisdictionType: "COUNTRY", JurisdictionName: "Austria", Imposition: "VAT", TaxType: "VAT",
			TaxResult: "TAXABLE", CollectedFrom: "SELLER", Taxable: m("50.00"), Tax: m("10.00"), Rate: m("0.20"),
			Filing: &journal.Filing{Currency: "EUR", Rate: m("0.9238"), Taxable: m("46.19"), Tax: m("9.24")}}}}
	lines := []journal.Line{goods, service}
	if servicesFirst {
		lines = []journal.Line{service, goods}
	}
	return &journal.Transaction{TransactionID: "T-USD", Version: 1, Perspective: "SELLER", MessageType: "INVOICE", DocumentNumber: "2026-0901",
		DocumentDate: civil.MustParse("2026-09-01"), Currency: "USD", SubTotal: m("150.00"), TotalTax: m("29.00"), Total: m("179.00"),
		Seller: &journal.Party{Code: "Lindenlicht GmbH", Address: &journal.Address{City: "Leipzig", PostalCode: "04109", Country: "DE"},
			Registrations: []journal.Registration{{Country: "DE", Number: "813495721", Type: "VAT Registration"}, {Country: "AT", Number: "ATU48291736", Type: "VAT Registration"}}},
		Customer: &journal.Party{Name: "Anna Gruber", Address: &journal.Address{City: "Wien", PostalCode: "1010", Country: "AT"}},
		Lines:    lines}
}

// TestRenderVATInFilingCurrencyCoversEveryLine: the VAT in the VAT
// accounting currency (BT-111) is that of every line. An invoice whose
// lines are taxed partly with amounts in the filing currency and partly
// without is refused, naming the line without, whichever line comes first.
// Before, the line without came first went unnoticed, and the document
// stated EUR 9.24 of VAT in euro for USD 29.00 of VAT. A line whose VAT is
// zero needs no amount in the filing currency.
func TestRenderVATInFilingCurrencyCoversEveryLine(t *testing.T) {
	for _, servicesFirst := range []bool{true, false} {
		for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
			r, err := render.Render(dollarSale(servicesFirst), render.Options{Syntax: syntax})
			if err == nil {
				d, _ := ubl.Read(r.Content)
				t.Fatalf("services first %v, %s: rendered with the VAT totals %+v", servicesFirst, syntax, d.TaxTotals)
			}
			if msg := err.Error(); !strings.Contains(msg, "line 2 (svc)") && !strings.Contains(msg, "line 1 (svc)") ||
				!strings.Contains(msg, "no VAT in the filing currency EUR") {
				t.Errorf("services first %v, %s: %v", servicesFirst, syntax, err)
			}
		}
	}
	// The service exempt: its VAT of zero is zero in euro too.
	for _, servicesFirst := range []bool{true, false} {
		tx := dollarSale(servicesFirst)
		for i := range tx.Lines {
			if l := &tx.Lines[i]; l.LineItemID == "svc" {
				l.TotalTax, l.Taxes[0].TaxResult, l.Taxes[0].Tax, l.Taxes[0].Taxable, l.Taxes[0].Exempt = m("0.00"), "EXEMPT", m("0.00"), m("0.00"), m("100.00")
				l.Taxes[0].ReasonCode = "VATEX-EU-132-1I"
			}
		}
		tx.TotalTax, tx.Total = m("10.00"), m("160.00")
		for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
			_, d := read(t, tx, render.Options{Syntax: syntax})
			if d.TaxCurrency != "EUR" || len(d.TaxTotals) != 2 || d.TaxTotals[1].TaxAmount.Currency != "EUR" || d.TaxTotals[1].TaxAmount.Value.String() != "9.24" {
				t.Errorf("services first %v, %s: VAT currency %q, totals %+v", servicesFirst, syntax, d.TaxCurrency, d.TaxTotals)
			}
		}
	}
}
