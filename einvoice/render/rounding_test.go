package render_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestRenderLineRoundingHint: a German sale of 500 lines of 0.07 whose
// VAT is rounded line by line (the default) has 5.00 of VAT where its
// 35.00 at 19% is 6.65: its e-invoice would break BR-CO-17 and BR-S-09
// (the official artefacts allow 1 of rounding), and the refusal says how
// to mend it, which the same sale calculated with roundAtLineLevel false
// shows by rendering.
func TestRenderLineRoundingHint(t *testing.T) {
	sale := func(id string, roundAtLine bool) *journal.Transaction {
		req := berlinInvoice(id, "EUR")
		req.RoundAtLineLevel = &roundAtLine
		for i := range 500 {
			a := m("0.07")
			req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: fmt.Sprint(i + 1), Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &a})
		}
		return storeSale(t, req)
	}
	byLine := sale("by-line", true)
	if byLine.TotalTax.String() != "5.00" {
		t.Fatalf("VAT rounded by line %s, want 5.00", byLine.TotalTax)
	}
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		_, err := render.Render(byLine, render.Options{Syntax: syntax})
		if err == nil || !strings.Contains(err.Error(), "BR-CO-17") || !strings.Contains(err.Error(), "calculate it again with roundAtLineLevel false") {
			t.Fatalf("%s: got %v, want BR-CO-17 with the hint", syntax, err)
		}
		tx := sale("once-"+string(syntax), false)
		if _, d := read(t, tx, render.Options{Syntax: syntax}); d.TaxTotals[0].Subtotals[0].TaxAmount.Value.StringFixed(2) != "6.65" {
			t.Errorf("%s: VAT rounded once %v, want 6.65", syntax, d.TaxTotals[0].Subtotals[0].TaxAmount)
		}
	}
}
