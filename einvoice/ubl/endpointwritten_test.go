package ubl

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestPeppolIdentifiersAsWritten: PEPPOL-COMMON-R042 measures a Danish
// CVR number (scheme 0184) as written, white space included, so that
// " 12345678" or "12345678 " is refused by Peppol's artefacts; Levy
// measured it trimmed and delivered it. PEPPOL-COMMON-R040's check of a
// GLN (scheme 0088) holds for the one digit "0" (no digits to weigh, check
// digit 0), which Peppol accepts and Levy refused.
func TestPeppolIdentifiersAsWritten(t *testing.T) {
	b, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	const old = `<cbc:EndpointID schemeID="0208">0471826311</cbc:EndpointID>`
	if !strings.Contains(string(b), old) {
		t.Fatalf("invoice.xml has no %s", old)
	}
	for _, c := range []struct {
		scheme, id string
		want       string // the fatal code, "" for none
	}{
		{"0184", "12345678", ""},
		{"0184", "DK12345678", ""},
		{"0184", " 12345678", "PEPPOL-COMMON-R042"},
		{"0184", "12345678 ", "PEPPOL-COMMON-R042"},
		{"0184", "\n  DK12345678\n", "PEPPOL-COMMON-R042"},
		{"0088", "0", ""},
		{"0088", "5", "PEPPOL-COMMON-R040"},
		{"0088", " 5418726003154 ", ""},
	} {
		t.Run(c.scheme+" "+strings.TrimSpace(c.id), func(t *testing.T) {
			doc := strings.Replace(string(b), old, `<cbc:EndpointID schemeID="`+c.scheme+`">`+c.id+`</cbc:EndpointID>`, 1)
			d, err := Read([]byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range d.CheckWith(RulesPeppol) {
				if p.Flag == Fatal {
					got = append(got, p.Code)
				}
			}
			if c.want == "" && len(got) > 0 || c.want != "" && !slices.Equal(got, []string{c.want}) {
				t.Errorf("%q: fatal problems %v, want %q", c.id, got, c.want)
			}
		})
	}
}
