package render_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
)

// outsideScope is invoice() with every line outside the scope of VAT.
func outsideScope() *journal.Transaction {
	tx := invoice()
	for i := range tx.Lines {
		l := &tx.Lines[i]
		l.Taxes = []journal.Tax{{JurisdictionID: "DE", JurisdictionType: "COUNTRY", JurisdictionName: "Germany", Imposition: "VAT", TaxType: "VAT",
			TaxResult: "NONTAXABLE", CollectedFrom: "SELLER", NonTaxable: l.Amount}}
		l.TotalTax = m("0.00")
	}
	tx.TotalTax, tx.Total = m("0.00"), m("150.00")
	return tx
}

// TestRenderOutsideScopeSellerNeedsItsCode: an invoice outside the scope
// of VAT names no VAT identifier (BR-O-02), so a seller without a company
// code has no identifier (BR-CO-26) however it is registered: the refusal
// says to calculate the sale with the company code, not to store the VAT
// registration the seller already has, as it did. With the code, the
// seller is named by it.
func TestRenderOutsideScopeSellerNeedsItsCode(t *testing.T) {
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		tx := outsideScope()
		tx.Seller.Code = ""
		_, err := render.Render(tx, render.Options{Syntax: syntax, SellerName: "Lindenlicht GmbH"})
		if err == nil || !strings.Contains(err.Error(), "BR-CO-26") || !strings.Contains(err.Error(), "seller.company") ||
			strings.Contains(err.Error(), "seller.taxRegistrations") {
			t.Errorf("%s: %v", syntax, err)
		}
		r, d := read(t, outsideScope(), render.Options{Syntax: syntax})
		if d.Supplier.VATID != "" || !strings.Contains(string(r.Content), "Lindenlicht &amp; Söhne &lt;GmbH&gt;</") {
			t.Errorf("%s: seller %+v\n%s", syntax, d.Supplier, r.Content)
		}
	}
}
