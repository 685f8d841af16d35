package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestComms911AddedStates checks the statewide fees per line added for
// Wisconsin, New York, Maryland and Washington, on a month of two
// wireless lines and a landline for 90.00 (nil lines) or on one VoIP
// line: Wisconsin's police and fire protection fee of 75 cents on every
// voice connection since September 1 2009 (2009 Wis. Act 28), New
// York's $1.20 public safety communications surcharge on postpaid
// wireless devices from December 1 2017 (Tax Law 186-f), its landline
// and VoIP lines saying their fee is not computed, Maryland's 50-cent
// State 9-1-1 fee on every line type from October 1 2022 (Public Safety
// 1-310) and Washington's 25-cent state 911 excise tax on every line
// type since January 1 2011 (RCW 82.14B.030); the day before each, the
// lines say the fee is not computed.
func TestComms911AddedStates(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	voip := []wire.LineTypeSet{{Value: "VOIP"}}
	for _, c := range []struct {
		what                string
		date, city, st, zip string
		lines               []wire.LineTypeSet // nil: two wireless lines and a landline
		want                []string           // the 911 fees, one per line type charged
		said, quiet         []int              // the line types that say, and that must not say, the fee is not computed
	}{
		// 2 x 0.75 on the wireless lines, 0.75 on the landline.
		{"Wisconsin 2026", "2026-02-15", "Madison", "WI", "53703", nil, []string{"1.50", "0.75"}, nil, []int{0, 1}},
		{"Wisconsin 2026, VoIP", "2026-02-15", "Madison", "WI", "53703", voip, []string{"0.75"}, nil, []int{0}},
		{"Wisconsin September 1 2009", "2009-09-01", "Madison", "WI", "53703", nil, []string{"1.50", "0.75"}, nil, []int{0, 1}},
		{"Wisconsin August 31 2009", "2009-08-31", "Madison", "WI", "53703", nil, nil, []int{0, 1}, nil},
		// 2 x 1.20 on the wireless lines; the landline's fees are local.
		{"New York 2026", "2026-02-15", "New York", "NY", "10007", nil, []string{"2.40"}, []int{1}, []int{0}},
		{"New York 2026, VoIP", "2026-02-15", "New York", "NY", "10007", voip, nil, []int{0}, nil},
		{"New York November 30 2017", "2017-11-30", "New York", "NY", "10007", nil, nil, []int{0, 1}, nil},
		// 2 x 0.50 and 0.50.
		{"Maryland 2026", "2026-02-15", "Baltimore", "MD", "21202", nil, []string{"1.00", "0.50"}, nil, []int{0, 1}},
		{"Maryland 2026, VoIP", "2026-02-15", "Baltimore", "MD", "21202", voip, []string{"0.50"}, nil, []int{0}},
		{"Maryland September 30 2022", "2022-09-30", "Baltimore", "MD", "21202", nil, nil, []int{0, 1}, nil},
		// 2 x 0.25 and 0.25.
		{"Washington 2026", "2026-02-15", "Seattle", "WA", "98104", nil, []string{"0.50", "0.25"}, nil, []int{0, 1}},
		{"Washington 2026, VoIP", "2026-02-15", "Seattle", "WA", "98104", voip, []string{"0.25"}, nil, []int{0}},
		{"Washington December 31 2010", "2010-12-31", "Seattle", "WA", "98104", nil, nil, []int{0, 1}, nil},
	} {
		resp, err := e.Sale(ctx, telecomSaleIn(c.date, c.city, c.st, c.zip, c.lines...))
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		var amounts []string
		for _, f := range byImposition(resp.LineItems[0].Taxes)[e911Imposition] {
			amounts = append(amounts, f.CalculatedTax.String())
			if f.Jurisdiction.JurisdictionID != "US-"+c.st || f.TaxStructure != wire.TaxStructureQuantity ||
				!strings.Contains(f.CalculationRuleID.Value, "us-"+strings.ToLower(c.st)+"-911-fee") {
				t.Errorf("%s: a 911 fee of another state, structure or rule: %+v", c.what, f)
			}
		}
		if !slices.Equal(amounts, c.want) {
			t.Errorf("%s: 911 fees %v, want %v", c.what, amounts, c.want)
		}
		notComputed := func(i int) bool {
			for _, p := range resp.LineItems[0].AssistedParameters {
				if p.ParamName == fmt.Sprintf("lineItems[0].lineTypes[%d].value", i) && p.RuleName == TaxNotComputedRule &&
					strings.Contains(p.Value, "911 fees of US-"+c.st) {
					return true
				}
			}
			return false
		}
		for _, i := range c.said {
			if !notComputed(i) {
				t.Errorf("%s: line type %d does not say its 911 fee is not computed: %+v", c.what, i, resp.LineItems[0].AssistedParameters)
			}
		}
		for _, i := range c.quiet {
			if notComputed(i) {
				t.Errorf("%s: line type %d, which Levy has a fee for, says it has none: %+v", c.what, i, resp.LineItems[0].AssistedParameters)
			}
		}
	}
}

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
