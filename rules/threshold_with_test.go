package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// TestThresholdWithInRuleFile: a document_up_to_exempt threshold may
// name, in "with", the classes of which a line must be on the document
// for its rule's line to count and be exempt (Ontario's soft drinks,
// rebated only beside qualifying prepared food). A rule file that names
// an unknown class there, a class twice, none at all, or gives "with"
// to another kind of threshold is refused with an error that names the
// rule, the member and the class.
func TestThresholdWithInRuleFile(t *testing.T) {
	const rule = `{"version":1,"rules":[{"id":"soda","jurisdiction":"CA-ON","tax":"HST","productClass":"SOFT_DRINKS","outcome":"TAXABLE",` +
		`"threshold":{"amount":"4.00","kind":"%s","currency":"CAD"%s}}]}`
	read := func(kind, with string) (*File, error) {
		f, err := ReadFile(strings.NewReader(strings.Replace(strings.Replace(rule, "%s", kind, 1), "%s", with, 1)))
		if err != nil {
			return nil, err
		}
		return f, f.Check()
	}
	f, err := read("document_up_to_exempt", `,"with":["PREPARED_FOOD"]`)
	if err != nil {
		t.Fatalf("with PREPARED_FOOD: %v", err)
	}
	if w := f.Rules[0].Threshold.With; !slices.Equal(w, []string{"PREPARED_FOOD"}) {
		t.Errorf("with %q, want [PREPARED_FOOD]", w)
	}
	for _, c := range []struct{ kind, with, want string }{
		{"document_up_to_exempt", `,"with":["PREPARED_FOOOD"]`, `rule soda: threshold with[0]: class "PREPARED_FOOOD" is not a product class`},
		{"document_up_to_exempt", `,"with":["PREPARED_FOOD","PREPARED_FOOD"]`, `rule soda: threshold with[1]: class "PREPARED_FOOD" is given twice`},
		{"document_up_to_exempt", `,"with":[]`, "rule soda: threshold with is empty"},
		{"up_to_exempt", `,"with":["PREPARED_FOOD"]`, "rule soda: threshold with belongs to kind document_up_to_exempt"},
	} {
		if _, err := read(c.kind, c.with); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want an error containing %q", c.kind, c.with, err, c.want)
		}
	}
	// SameLimit does not look at with: the soda shares the food's limit.
	d := decimal.RequireFromString
	food := &Threshold{Amount: d("4.00"), Kind: DocumentUpToExempt, Currency: "CAD"}
	soda := &Threshold{Amount: d("4"), Kind: DocumentUpToExempt, Currency: "CAD", With: []string{"PREPARED_FOOD"}}
	if !food.SameLimit(soda) || !soda.SameLimit(food) {
		t.Error("a threshold with a companion class is not the same limit as its companion's")
	}
}
