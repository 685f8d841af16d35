package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// californiaOf returns California's own tax of l (nil without one).
func californiaOf(l wire.SaleResponseLineItem) *wire.Tax {
	for i := range l.Taxes {
		if l.Taxes[i].Jurisdiction.JurisdictionID == "US-CA" {
			return &l.Taxes[i]
		}
	}
	return nil
}

// paramOf returns the assisted parameter of l with ruleName rule and
// paramName path, nil without one.
func paramOf(l wire.SaleResponseLineItem, rule, path string) *wire.AssistedParameter {
	for i, p := range l.AssistedParameters {
		if p.RuleName == rule && p.ParamName == path {
			return &l.AssistedParameters[i]
		}
	}
	return nil
}

// TestRateOverrideAnswersTheRateUsed checks that a tax whose rate
// override changed nothing answers the nominalRate it bore (its own, as
// without the override), and that a rate override of a tax whose
// structure caps the tax of each item (maxTaxPerItem) says what it did:
// not-acted-on when the tax stands at the maximum at either rate (the
// tax keeps its own rate and rule), rate-override-capped when the
// override's rate took the tax to the maximum (the tax answers the
// override's rate). Before, an unused override left its own rate as the
// tax's nominalRate, and a capped one said nothing.
func TestRateOverrideAnswersTheRateUsed(t *testing.T) {
	ctx := context.Background()
	d := func(s string) *decimal.Decimal { v := decimal.RequireFromString(s); return &v }
	const path = "lineItems[0].rateOverrides[0].rate"
	for _, c := range []struct {
		name     string
		s        rules.Structure
		override string
		// tax and rate are California's with the override; rule is
		// its calculationRuleId ("" for the one it bears without).
		tax, rate, rule string
		param           string // the override's parameter, "" for none
	}{
		{"tiered, all own rates", rules.Structure{Kind: rules.Tiered, Tiers: []rules.Tier{{UpTo: d("50"), Rate: d("0.02")}, {Rate: d("0.04")}}},
			"0.01", "3.00", "", "", NotActedOnRule},
		{"at the cap either way", rules.Structure{Kind: rules.SingleRate, MaxTaxPerItem: d("1.00")},
			"0.50", "1.00", "", "", NotActedOnRule},
		{"capped by the override", rules.Structure{Kind: rules.SingleRate, MaxTaxPerItem: d("8.00")},
			"0.10", "8.00", "0.10", "rate-override", RateOverrideCappedRule},
		{"under the cap", rules.Structure{Kind: rules.SingleRate, MaxTaxPerItem: d("8.00")},
			"0.01", "1.00", "0.01", "rate-override", ""},
	} {
		s := c.s
		s.ID, s.Jurisdiction, s.Currency = "ca-structure", "US-CA", "USD"
		e, err := New(ctx, WithRules(nil, []rules.Structure{s}))
		if err != nil {
			t.Fatal(err)
		}
		sale := func(ro []wire.RateOverride) wire.SaleResponseLineItem {
			t.Helper()
			req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
			req.LineItems[0].RateOverrides = ro
			resp, err := e.Sale(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			return resp.LineItems[0]
		}
		plain := californiaOf(sale(nil))
		if plain == nil || plain.NominalRate == nil || plain.CalculationRuleID == nil {
			t.Fatalf("%s: California without an override: %+v", c.name, plain)
		}
		l := sale([]wire.RateOverride{{JurisdictionType: jurisdiction.State, Rate: amt(c.override)}})
		ca := californiaOf(l)
		if ca == nil || ca.NominalRate == nil || ca.CalculationRuleID == nil {
			t.Fatalf("%s: California with the override: %+v", c.name, ca)
		}
		rate, rule := c.rate, c.rule
		if rate == "" {
			rate, rule = plain.NominalRate.String(), plain.CalculationRuleID.Value
		}
		if ca.CalculatedTax.String() != c.tax || ca.NominalRate.String() != rate || ca.CalculationRuleID.Value != rule {
			t.Errorf("%s: California %s at nominalRate %s under %s, want %s at %s under %s", c.name,
				ca.CalculatedTax, ca.NominalRate, ca.CalculationRuleID.Value, c.tax, rate, rule)
		}
		for _, r := range []string{NotActedOnRule, RateOverrideCappedRule} {
			p := paramOf(l, r, path)
			switch {
			case r == c.param && (p == nil || p.Value != c.override):
				t.Errorf("%s: parameter %s of %s: %+v, want value %s (parameters %+v)", c.name, r, path, p, c.override, l.AssistedParameters)
			case r != c.param && p != nil:
				t.Errorf("%s: parameter %s of %s: %+v, want none", c.name, r, path, p)
			}
		}
	}
}
