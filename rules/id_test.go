package rules

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// TestIDsBounded checks that a rule, structure or withholding whose ID
// is longer than MaxIDLength, or holds a control character, is refused:
// before, a rule file could give an ID of megabytes, which went into
// every tax the rule decided and every stored transaction, or a line
// break, which went into logs and exports.
func TestIDsBounded(t *testing.T) {
	rate := decimal.RequireFromString("0.1")
	for name, id := range map[string]string{
		"too long":       strings.Repeat("a", MaxIDLength+1),
		"a line break":   "acme\nresale",
		"a NUL":          "acme\x00",
		"not UTF-8":      "acme\xff",
		"an escape code": "acme\x1b[31m",
	} {
		if _, err := Compile([]Rule{{ID: id, Outcome: Exempt}}); err == nil || !strings.Contains(err.Error(), "rule") {
			t.Errorf("rule, %s: Compile gave %v", name, err)
		}
		if _, err := CompileStructures([]Structure{{ID: id, Kind: SingleRate}}); err == nil {
			t.Errorf("structure, %s: accepted", name)
		}
		if _, err := CompileWithholdings([]Withholding{{ID: id, Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X", Rate: rate}}); err == nil {
			t.Errorf("withholding, %s: accepted", name)
		}
	}
	for _, id := range []string{strings.Repeat("a", MaxIDLength), "acme-resale", "règle-é 1"} {
		if _, err := Compile([]Rule{{ID: id, Outcome: Exempt}}); err != nil {
			t.Errorf("%q: %v", id, err)
		}
	}
}

// TestJurisdictionTypeChecked checks that a rule or structure whose
// jurisdictionType is not one of the wire's jurisdiction types ("State",
// "CITIES") is refused: before, it loaded and never applied.
func TestJurisdictionTypeChecked(t *testing.T) {
	for _, jt := range []string{"State", "CITIES", "county "} {
		if _, err := Compile([]Rule{{ID: "r", JurisdictionType: jt, Outcome: Exempt}}); err == nil || !strings.Contains(err.Error(), "jurisdictionType") {
			t.Errorf("rule, %q: Compile gave %v", jt, err)
		}
		if _, err := CompileStructures([]Structure{{ID: "s", JurisdictionType: jt, Kind: SingleRate}}); err == nil {
			t.Errorf("structure, %q: accepted", jt)
		}
	}
	if _, err := Compile([]Rule{{ID: "r", JurisdictionType: "TRANSIT_DISTRICT", Outcome: Exempt}}); err != nil {
		t.Error(err)
	}
}
