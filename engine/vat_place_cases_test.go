package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// placeTax is the one tax a sale of the VAT place-of-supply tests must
// bear: its jurisdiction, amount, rule and result.
type placeTax struct {
	juris, tax, rule string
	result           wire.TaxResult
}

// placeCase is one sale of those tests and the tax it must bear.
type placeCase struct {
	name string
	req  *wire.SaleRequest
	want placeTax
}

// checkPlaceCases calculates each case's sale on e, in a subtest of its
// name, and checks that its first line bears the one tax the case wants
// and that the document's tax is that tax alone.
func checkPlaceCases(t *testing.T, e *Engine, cases []placeCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Sale(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if len(l.Taxes) != 1 {
				t.Fatalf("%d taxes, want one: %+v", len(l.Taxes), l.Taxes)
			}
			tx := l.Taxes[0]
			got := placeTax{juris: tx.Jurisdiction.JurisdictionID, tax: tx.CalculatedTax.String(), result: tx.TaxResult}
			if tx.CalculationRuleID != nil {
				got.rule = tx.CalculationRuleID.Value
			}
			if got != c.want || r.TotalTax.String() != c.want.tax {
				t.Errorf("got %+v, document %s; want %+v", got, r.TotalTax, c.want)
			}
		})
	}
}
