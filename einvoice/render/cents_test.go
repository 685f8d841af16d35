package render_test

import (
	"testing"

	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
)

// subCentInvoice is a stored German invoice whose line amounts have
// more than two decimals, as the engine keeps them for a fractional
// quantity at a unit price of three decimals (2.5 kg at 3.333 each,
// 8.3325) or for a price below a cent: its subtotal is 16.665 and its
// total 19.825.
func subCentInvoice(amounts ...string) *journal.Transaction {
	tx := invoice()
	tx.Lines = nil
	sub := m("0")
	tax := m("0")
	for i, a := range amounts {
		l := journal.Line{LineItemID: string(rune('a' + i)), ProductClass: "GENERAL", Amount: m(a)}
		vat := "0.00"
		if m(a).Decimal().Abs().GreaterThanOrEqual(m("1").Decimal()) {
			vat = m(a).Decimal().Mul(m("0.19").Decimal()).Round(2).StringFixed(2)
		}
		l.TotalTax = m(vat)
		l.Taxes = []journal.Tax{vatTax(a, vat, "0.19")}
		tx.Lines = append(tx.Lines, l)
		sub = m(sub.Decimal().Add(m(a).Decimal()).String())
		tax = m(tax.Decimal().Add(m(vat).Decimal()).String())
	}
	tx.SubTotal, tx.TotalTax, tx.Total = sub, tax, m(sub.Decimal().Add(tax.Decimal()).String())
	return tx
}

// TestRenderSubCentLines: a calculation whose line amounts have more than
// two decimals renders in both syntaxes: each line's net amount (BT-131)
// is rounded to the cent so that the lines add up to the calculation's
// subtotal rounded to the cent (BT-106, BR-CO-10), and the totals are the
// calculation's rounded to the cent, with a breakdown (BT-116) of the
// same lines.
func TestRenderSubCentLines(t *testing.T) {
	for _, c := range []struct {
		name       string
		amounts    []string
		lineTotal  string
		grandTotal string
	}{
		{"fractional quantity", []string{"8.3325", "8.3325"}, "16.67", "19.83"},
		{"half cents", []string{"0.005", "0.005", "10.00"}, "10.01", "11.91"},
		{"thirds", []string{"3.3333", "3.3333", "3.3334", "0.004"}, "10.00", "11.89"},
		{"a return", []string{"8.3325", "-2.0045", "1.0049"}, "7.33", "8.72"},
	} {
		for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
			t.Run(c.name+"/"+string(syntax), func(t *testing.T) {
				tx := subCentInvoice(c.amounts...)
				_, d := read(t, tx, render.Options{Syntax: syntax})
				if got := d.Totals.LineExtensionAmount.Value.StringFixed(2); got != c.lineTotal {
					t.Errorf("BT-106 %s, want %s (subtotal %s)", got, c.lineTotal, tx.SubTotal)
				}
				if got := d.Totals.PayableAmount.Value.StringFixed(2); got != c.grandTotal {
					t.Errorf("BT-115 %s, want %s (total %s)", got, c.grandTotal, tx.Total)
				}
			})
		}
	}
}
