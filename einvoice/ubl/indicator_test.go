package ubl

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestChargeIndicatorNotBoolean: outside Peppol, an allowance or charge
// whose cbc:ChargeIndicator is not an xs:boolean is FORMAT. Levy read it
// as neither an allowance nor a charge, left it out of every sum and, on
// a line or a price, delivered the document; the UBL schema refuses it
// and CEN's artefacts stop on it without a verdict. 1 and 0 are booleans
// and stay valid; Peppol keeps reporting it as PEPPOL-EN16931-R043.
func TestChargeIndicatorNotBoolean(t *testing.T) {
	b, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	// The allowance of line 2, which no EN 16931 rule adds up.
	old := "<cbc:ChargeIndicator>false</cbc:ChargeIndicator>\n      <cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>\n      <cbc:AllowanceChargeReason>Bundle discount"
	if !strings.Contains(string(b), old) {
		t.Fatal("the test invoice has no line allowance")
	}
	for _, c := range []struct {
		value string
		sets  RuleSets
		want  string // a fatal code that must be reported, "" for none at all
	}{
		{"", RulesEN16931, "FORMAT"},
		{"no", RulesEN16931, "FORMAT"},
		{"FALSE", RulesEN16931, "FORMAT"},
		{"0", RulesEN16931, ""},
		{"false", RulesEN16931, ""},
		{"no", RulesPeppol, "PEPPOL-EN16931-R043"},
	} {
		t.Run(c.value, func(t *testing.T) {
			doc := strings.Replace(string(b), old, strings.Replace(old, ">false<", ">"+c.value+"<", 1), 1)
			d, err := Read([]byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range d.CheckWith(c.sets) {
				if p.Flag == Fatal {
					got = append(got, p.Code)
				}
			}
			if c.want == "" && len(got) > 0 || c.want != "" && !slices.Contains(got, c.want) {
				t.Errorf("fatal problems %v, want %q", got, c.want)
			}
			if c.sets == RulesPeppol && slices.Contains(got, "FORMAT") {
				t.Errorf("FORMAT in a Peppol document, which PEPPOL-EN16931-R043 reports: %v", got)
			}
		})
	}
}
