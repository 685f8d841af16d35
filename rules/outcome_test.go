package rules

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// TestThresholdNeedsTaxable checks that a rule pairing a threshold or a
// basis reduction with an outcome other than TAXABLE is refused, naming
// the rule: the engine applies both only to TAXABLE rules, so an EXEMPT
// rule "below 50" exempted an item of 100 too.
func TestThresholdNeedsTaxable(t *testing.T) {
	half := decimal.RequireFromString("0.5")
	th := &Threshold{Amount: decimal.NewFromInt(50), Kind: BelowExempt}
	for _, out := range []Taxability{Exempt, NonTaxable} {
		for name, r := range map[string]Rule{
			"threshold":    {ID: "clothing-under-50", Outcome: out, Threshold: th},
			"basisPercent": {ID: "half-basis", Outcome: out, BasisPercent: &half},
		} {
			_, err := Compile([]Rule{r})
			if err == nil || !strings.Contains(err.Error(), r.ID) || !strings.Contains(err.Error(), string(out)) {
				t.Errorf("%s with %s: Compile gave %v, want an error naming the rule and its outcome", name, out, err)
			}
		}
	}
	if _, err := Compile([]Rule{{ID: "ok", Outcome: Taxable, Threshold: th, BasisPercent: &half}}); err != nil {
		t.Errorf("a TAXABLE rule with a threshold and a basis: %v", err)
	}
}
