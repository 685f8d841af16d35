package render_test

import (
	"testing"

	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/wire"
)

// TestRenderThreeDecimalCurrency: a German invoice in Kuwaiti dinars,
// whose VAT the engine keeps to the fils (0.235 at 19% of 1.235 and
// 0.165 at 7% of 2.350, 0.400 in all), renders in both syntaxes with
// its breakdowns' VAT in cents adding up to the invoice's 0.40 (BR-CO-14),
// each within a cent of the calculation's. Before, each breakdown was
// rounded on its own, 0.24 and 0.17 beside a total of 0.40, and the
// rendering was refused: "would break BR-CO-14".
func TestRenderThreeDecimalCurrency(t *testing.T) {
	a1, a2, rate := m("1.235"), m("2.350"), m("3.0125")
	req := berlinInvoice("kwd-1", "KWD")
	req.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, Rate: &rate}
	req.LineItems = []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &a1},
		{LineItemID: "2", Product: &wire.Product{ProductClass: "BOOKS"}, ExtendedPrice: &a2}}
	tx := storeSale(t, req)
	if tx.TotalTax.String() != "0.400" || tx.Lines[0].TotalTax.String() != "0.235" || tx.Lines[1].TotalTax.String() != "0.165" {
		t.Fatalf("VAT %s of lines %s and %s, want 0.400 of 0.235 and 0.165", tx.TotalTax, tx.Lines[0].TotalTax, tx.Lines[1].TotalTax)
	}
	exact := map[string]string{"19": "0.235", "7": "0.165"}
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		_, d := read(t, tx, render.Options{Syntax: syntax})
		tt := d.TaxTotals[0]
		if tt.TaxAmount.Value.StringFixed(2) != "0.40" || d.Totals.TaxInclusiveAmount.Value.StringFixed(2) != "3.99" {
			t.Errorf("%s: VAT %v, total %v; want 0.40 and 3.99", syntax, tt.TaxAmount.Value, d.Totals.TaxInclusiveAmount.Value)
		}
		sum := m("0").Decimal()
		for _, s := range tt.Subtotals {
			got := s.TaxAmount.Value
			want := m(exact[s.Category.Percent.Value.String()]).Decimal()
			if got.Sub(want).Abs().GreaterThan(m("0.01").Decimal()) || got.Exponent() < -2 && !got.Equal(got.Round(2)) {
				t.Errorf("%s: the VAT at %s%% is %s, more than a cent from %s", syntax, s.Category.Percent.Value, got, want)
			}
			sum = sum.Add(got)
		}
		if len(tt.Subtotals) != 2 || sum.StringFixed(3) != "0.400" {
			t.Errorf("%s: %d breakdowns adding up to %s", syntax, len(tt.Subtotals), sum)
		}
	}
}
