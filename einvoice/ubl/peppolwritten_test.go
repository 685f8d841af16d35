package ubl

import (
	"os"
	"strings"
	"testing"
)

// TestPeppolValuesAsWritten: Peppol's PEPPOL-EN16931-F001 counts a date's
// characters as written (string-length(text()) = 10) and
// PEPPOL-EN16931-R051 compares each currencyID with the document currency
// code as written, so that Peppol's artefacts refuse a date or a currency
// code with white space around it; Levy trimmed both and delivered the
// document. Outside Peppol the padded date stays valid (the UBL schema's
// xsd:date collapses white space, and CEN's artefacts accept it). Each
// expectation is that of the artefacts (Peppol BIS 3.0.19, its two
// Schematron files; CEN 1.3.16) on the same document.
func TestPeppolValuesAsWritten(t *testing.T) {
	b, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, old, new string
		sets           RuleSets
		want           []string
	}{
		{"padded issue date", "<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "<cbc:IssueDate> 2025-03-14 </cbc:IssueDate>", RulesPeppol, []string{"PEPPOL-EN16931-F001"}},
		{"due date on its own line", "<cbc:DueDate>2025-04-13</cbc:DueDate>", "<cbc:DueDate>\n    2025-04-13\n  </cbc:DueDate>", RulesPeppol, []string{"PEPPOL-EN16931-F001"}},
		{"padded issue date outside Peppol", "<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "<cbc:IssueDate> 2025-03-14 </cbc:IssueDate>", RulesEN16931, nil},
		{"padded document currency", "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "<cbc:DocumentCurrencyCode> EUR </cbc:DocumentCurrencyCode>", RulesPeppol, []string{"BR-CO-15", "PEPPOL-EN16931-R051"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(string(b), c.old) {
				t.Fatalf("the test invoice has no %s", c.old)
			}
			d, err := Read([]byte(strings.Replace(string(b), c.old, c.new, 1)))
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			var got []string
			for _, p := range d.CheckWith(c.sets) {
				if p.Flag == Fatal && !seen[p.Code] {
					seen[p.Code] = true
					got = append(got, p.Code)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("fatal problems %v, want %v", got, c.want)
			}
		})
	}
}
