package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestComms911BeyondAccountLimit checks Wisconsin's fee on an account of
// more than ten connections: 75 cents on each of the first ten and 7.5
// cents on each beyond (Wisconsin Department of Revenue, Police & Fire
// Protection Fee). Eight wireless lines, four landlines and two VoIP
// lines for 140.00 (80.00, 40.00 and 20.00 of it) pay 6.00 on the
// wireless lines, 1.50 on the two landlines the first ten leave and
// 0.15 on the two beyond, and 0.15 on the two VoIP lines, all beyond:
// 7.80, which is 10 x 0.75 + 4 x 0.075. Each part of the landlines'
// revenue is the base of its part of the fee (20.00 and 20.00), so the
// bases add up to the line's amount. Thirty wireless lines on one entry
// for 90.00 pay 7.50 on ten (on 30.00) and 1.50 on twenty (on 60.00).
// A credit of the fourteen lines credits 7.80. A tax-included price of
// the thirty lines bears the same 9.00, its net and taxes adding up to
// the price.
func TestComms911BeyondAccountLimit(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	type fee struct{ tax, taxable, rule string }
	fees := func(price string, types ...wire.LineTypeSet) []fee {
		t.Helper()
		req := telecomSaleIn("2026-02-15", "Madison", "WI", "53703", types...)
		req.LineItems[0].ExtendedPrice = amt(price)
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		var out []fee
		for _, f := range byImposition(resp.LineItems[0].Taxes)[e911Imposition] {
			out = append(out, fee{f.CalculatedTax.String(), f.Taxable.String(), f.CalculationRuleID.Value})
		}
		for _, p := range resp.LineItems[0].AssistedParameters {
			if p.RuleName == TaxNotComputedRule && strings.Contains(p.Value, "911") {
				t.Errorf("%s: %+v", price, p)
			}
		}
		return out
	}
	const rule, beyond = "us-wi-911-fee-2009-09-01", "us-wi-911-fee-2009-09-01-beyond-10"
	mixed := []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("8")}, {Value: "LOCAL", Count: amt("4")}, {Value: "VOIP", Count: amt("2")}}
	want := []fee{{"6.00", "80.00", rule}, {"1.50", "20.00", rule}, {"0.15", "20.00", beyond}, {"0.15", "20.00", beyond}}
	if got := fees("140.00", mixed...); !slices.Equal(got, want) {
		t.Errorf("8 wireless, 4 landlines and 2 VoIP lines: %v, want %v", got, want)
	}
	want = []fee{{"7.50", "30.00", rule}, {"1.50", "60.00", beyond}}
	if got := fees("90.00", wire.LineTypeSet{Value: "WIRELESS", Count: amt("30")}); !slices.Equal(got, want) {
		t.Errorf("30 wireless lines: %v, want %v", got, want)
	}
	want = []fee{{"-6.00", "-80.00", rule}, {"-1.50", "-20.00", rule}, {"-0.15", "-20.00", beyond}, {"-0.15", "-20.00", beyond}}
	if got := fees("-140.00", mixed...); !slices.Equal(got, want) {
		t.Errorf("a credit of the 14 lines: %v, want %v", got, want)
	}
	req := telecomSaleIn("2026-02-15", "Madison", "WI", "53703", wire.LineTypeSet{Value: "WIRELESS", Count: amt("30")})
	req.LineItems[0].ExtendedPrice = amt("100.00")
	req.LineItems[0].TaxIncludedIndicator = true
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	var got []string
	for _, f := range byImposition(l.Taxes)[e911Imposition] {
		got = append(got, f.CalculatedTax.String()+" "+f.CalculationRuleID.Value)
	}
	if !slices.Equal(got, []string{"7.50 " + rule, "1.50 " + beyond}) {
		t.Errorf("tax-included, 30 wireless lines: 911 fees %v, want 7.50 and 1.50", got)
	}
	if l.ExtendedPrice == nil || l.ExtendedPrice.Add(l.TotalTax).String() != "100.00" {
		t.Errorf("tax-included: net %v and tax %v do not add up to 100.00", l.ExtendedPrice, l.TotalTax)
	}
	// Ten lines are all within the limit: no part beyond it.
	want = []fee{{"7.50", "90.00", rule}}
	if got := fees("90.00", wire.LineTypeSet{Value: "WIRELESS", Count: amt("10")}); !slices.Equal(got, want) {
		t.Errorf("10 wireless lines: %v, want %v", got, want)
	}
}
