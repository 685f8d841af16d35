package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// TestOverrideMatchingNoTaxSaysNotActedOn checks that an exempt,
// non-taxable or rate override whose selectors accept none of a line's
// taxes says so with not-acted-on on the whole override, and that one
// that acts says nothing. Before, a rate override of CITY on a line in
// Los Angeles (where no city levies a sales tax) or a document's
// exemption of Texas on a line taxed in California was dropped without a
// word: the answer read as one that had weighed it.
func TestOverrideMatchingNoTaxSaysNotActedOn(t *testing.T) {
	ctx := context.Background()
	e := testEngine(t)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	second := req.LineItems[0]
	second.LineItemID = "2"
	third := req.LineItems[0]
	third.LineItemID = "3"
	req.LineItems = append(req.LineItems, second, third)
	// The first line: a city rate where no city taxes, a county's
	// non-taxable amount where no county taxes.
	req.LineItems[0].RateOverrides = []wire.RateOverride{{JurisdictionType: jurisdiction.City, Rate: amt("0.01")}}
	req.LineItems[0].NonTaxableOverrides = []wire.Override{{JurisdictionType: jurisdiction.County, Amount: amt("40.00"), ReasonCode: "7"}}
	// The second line: California's exemption, which acts.
	req.LineItems[1].ExemptOverrides = []wire.Override{{JurisdictionID: "US-CA", ReasonCode: "0004"}}
	// The document's: Texas's exemption, which no line bears; the lines
	// without exemptions of their own (the first and third) take it.
	req.ExemptOverrides = []wire.Override{{JurisdictionID: "US-TX", ReasonCode: "0004"}}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	want := []map[string]string{
		{"lineItems[0].rateOverrides[0]": `{"jurisdictionType":"CITY","rate":0.01}`,
			"lineItems[0].nonTaxableOverrides[0]": `{"amount":40.00,"jurisdictionType":"COUNTY","reasonCode":"7"}`,
			"exemptOverrides[0]":                  `{"jurisdictionId":"US-TX","reasonCode":"0004"}`},
		{},
		{"exemptOverrides[0]": `{"jurisdictionId":"US-TX","reasonCode":"0004"}`},
	}
	for i, l := range resp.LineItems {
		got := map[string]string{}
		for _, p := range l.AssistedParameters {
			if p.RuleName == NotActedOnRule {
				got[p.ParamName] = p.Value
				if p.OriginalValue != p.Value || p.Phase != wire.PhasePre {
					t.Errorf("line %d: %s: %+v, want the override as originalValue and value, phase PRE", i, p.ParamName, p)
				}
			}
		}
		if len(got) != len(want[i]) {
			t.Errorf("line %d: not-acted-on %v, want %v", i, got, want[i])
			continue
		}
		for k, v := range want[i] {
			if got[k] != v {
				t.Errorf("line %d: %s = %q, want %q", i, k, got[k], v)
			}
		}
	}
	// The overrides that matched nothing changed nothing; California's
	// exempted its tax.
	if got := resp.LineItems[0].TotalTax.String(); got != "9.75" {
		t.Errorf("line 0 tax %s, want 9.75", got)
	}
	if ca := californiaOf(resp.LineItems[1]); ca == nil || ca.TaxResult != wire.TaxResultExempt {
		t.Errorf("line 1: California's tax %+v, want EXEMPT", ca)
	}
}
