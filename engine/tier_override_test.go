package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestRateOverrideOfOwnRateTiersSaysSo checks that a rate override of a
// tax whose TIERED or BRACKET structure charges the line at its tiers'
// own rates leaves the tax as it was and says so: the override's rate
// carries not-acted-on, as it does for a QUANTITY structure. Before, the
// tiers' rates were charged and nothing said the override was left out.
// A line whose price reaches a tier without a rate of its own bears the
// override's rate there and says nothing.
func TestRateOverrideOfOwnRateTiersSaysSo(t *testing.T) {
	ctx := context.Background()
	d := func(s string) *decimal.Decimal { v := decimal.RequireFromString(s); return &v }
	for _, c := range []struct {
		name     string
		s        rules.Structure
		price    string
		tax      string
		notActed bool
	}{
		{"tiered, all own rates", rules.Structure{Kind: rules.Tiered, Tiers: []rules.Tier{{UpTo: d("50"), Rate: d("0.02")}, {Rate: d("0.04")}}},
			"100.00", "3.00", true},
		{"bracket, all own rates", rules.Structure{Kind: rules.Bracket, Tiers: []rules.Tier{{UpTo: d("50"), Rate: d("0.02")}, {Rate: d("0.04")}}},
			"100.00", "4.00", true},
		{"tiered, within the tier of its own rate", rules.Structure{Kind: rules.Tiered, Tiers: []rules.Tier{{UpTo: d("500"), Rate: d("0.02")}, {}}},
			"100.00", "2.00", true},
		{"tiered, into the jurisdiction's rate", rules.Structure{Kind: rules.Tiered, Tiers: []rules.Tier{{UpTo: d("50"), Rate: d("0.02")}, {}}},
			"100.00", "1.50", false},
		{"bracket, the jurisdiction's rate plus", rules.Structure{Kind: rules.Bracket, Tiers: []rules.Tier{{UpTo: d("50"), Rate: d("0.02")}, {Add: d("0.01")}}},
			"100.00", "2.00", false},
	} {
		s := c.s
		s.ID, s.Jurisdiction, s.Currency = "ca-tiers", "US-CA", "USD"
		e, err := New(ctx, WithRules(nil, []rules.Structure{s}))
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range []bool{false, true} {
			req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", c.price)
			ro := []wire.RateOverride{{JurisdictionType: jurisdiction.State, Rate: amt("0.01")}}
			param := "lineItems[0].rateOverrides[0].rate"
			if doc {
				req.RateOverrides, param = ro, "rateOverrides[0].rate"
			} else {
				req.LineItems[0].RateOverrides = ro
			}
			resp, err := e.Sale(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			l := resp.LineItems[0]
			tax := ""
			for _, x := range l.Taxes {
				if x.Jurisdiction.JurisdictionID == "US-CA" {
					tax = x.CalculatedTax.String()
				}
			}
			p := notActedAt(l, param)
			if tax != c.tax || (p != nil) != c.notActed || p != nil && p.OriginalValue != "0.01" {
				t.Errorf("%s (the document's %v): California %s, parameters %+v; want %s, not-acted-on %s %v",
					c.name, doc, tax, l.AssistedParameters, c.tax, param, c.notActed)
			}
		}
	}
}
