package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestVATTerritoryLiesInItsCountry: a place in a VAT special territory is
// taxed from the territory's jurisdiction (its chain starts there, so that
// the country's VAT is not charged on top), but it still lies in its
// country. Before, what looked for the country in the place's chain no
// longer found it: a withholding configured on Spain (an income-tax
// withholding, which the IGIC does not replace) was not taken from a
// buyer in Las Palmas, nor one on Portugal from a buyer in Funchal; a rule
// within PT did not reach Madeira, where Portugal's VAT Code applies; and
// a registration whose jurisdictionId names Portugal did not cover a sale
// within Funchal (NO_TAX). Figures by hand: 15% withheld of 100.00 is
// 15.00, Madeira's 22% of 100.00 is 22.00.
func TestVATTerritoryLiesInItsCountry(t *testing.T) {
	ctx := context.Background()
	rate := decimal.RequireFromString("0.15")
	e, err := New(ctx,
		WithWithholdings(
			rules.Withholding{ID: "es-withheld", Jurisdiction: "ES", Tax: "IRPF", WithholdingType: "IRPF", Rate: rate, ProductClass: "SERVICES"},
			rules.Withholding{ID: "pt-withheld", Jurisdiction: "PT", Tax: "IRS", WithholdingType: "IRS", Rate: rate, ProductClass: "SERVICES"}),
		WithRules([]rules.Rule{{ID: "within-pt-exempt", Within: "PT", ProductClass: "ELECTRONICS", Outcome: rules.Exempt}}, nil))
	if err != nil {
		t.Fatal(err)
	}
	const today = "2026-06-01"
	// withheld returns the line's withheld tax of rule id, or "".
	withheld := func(l wire.SaleResponseLineItem, id string) string {
		for _, tx := range l.Taxes {
			if tx.CalculationRuleID != nil && tx.CalculationRuleID.Value == id {
				return tx.CalculatedTax.String()
			}
		}
		return ""
	}
	for _, c := range []struct {
		name, rule, want string
		req              *wire.SaleRequest
	}{
		{"Spain's withholding, a buyer in Madrid (as before)", "es-withheld", "15.00",
			vaSale(today, vaCompany, "SERVICES", vtMadrid, vtMadrid, true, nil, nil)},
		{"Spain's withholding, a buyer in Las Palmas", "es-withheld", "15.00",
			vaSale(today, vaCompany, "SERVICES", vtMadrid, vtLasPalmas, true, nil, nil)},
		{"Spain's withholding, within Las Palmas", "es-withheld", "15.00",
			vaSale(today, vaCompany, "SERVICES", vtLasPalmas, vtLasPalmas, true, nil, nil)},
		{"Portugal's withholding, a buyer in Funchal", "pt-withheld", "15.00",
			vaSale(today, vaCompany, "SERVICES", vtLisboa, vtFunchal, true, nil, nil)},
	} {
		r, err := e.Sale(ctx, c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := withheld(r.LineItems[0], c.rule); got != c.want {
			t.Errorf("%s: withheld %q, want %s (taxes %+v)", c.name, got, c.want, r.LineItems[0].Taxes)
		}
	}
	for _, c := range []struct {
		name string
		req  *wire.SaleRequest
		want euOutcome
	}{
		{"a rule within PT, Lisbon (as before)", vaSale(today, vaCompany, "ELECTRONICS", vtLisboa, vtLisboa, false, nil, nil),
			euOutcome{"within-pt-exempt", "PT", "0.00", "SELLER", false}},
		{"a rule within PT, Funchal", vaSale(today, vaCompany, "ELECTRONICS", vtFunchal, vtFunchal, false, nil, nil),
			euOutcome{"within-pt-exempt", "PT-30", "0.00", "SELLER", false}},
		{"a registration naming PT by jurisdictionId, within Funchal",
			vaSale(today, vaCompany, "GENERAL", vtFunchal, vtFunchal, false, []wire.TaxRegistration{{ISOCountryCode: "PT", JurisdictionID: "PT"}}, nil),
			euOutcome{"domestic-supply", "PT-30", "22.00", "SELLER", false}},
	} {
		r, err := e.Sale(ctx, c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := r.LineItems[0]
		if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
		if c.want.tax == "22.00" && l.Taxes[0].TaxResult != wire.TaxResultTaxable {
			t.Errorf("%s: %s, want TAXABLE", c.name, l.Taxes[0].TaxResult)
		}
	}
}
