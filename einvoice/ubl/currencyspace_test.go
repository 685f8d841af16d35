package ubl

import (
	"os"
	"strings"
	"testing"
)

// TestCurrencyCodeWhiteSpace: BR-CO-15 and BR-53 look for the total VAT
// whose currencyID attribute equals the document currency (BT-5) or the
// VAT accounting currency (BT-6) as written, so that a code with white
// space around it matches none and the artefacts (CEN's, and Peppol's
// copy, whose tests are the same) refuse the document. Levy compared the
// trimmed code and delivered it. The message says that the white space
// counts; without it the document is valid.
func TestCurrencyCodeWhiteSpace(t *testing.T) {
	for _, c := range []struct {
		name, file, old, new string
		want                 string // the one fatal code, "" for none
	}{
		{"document currency padded", "creditnote.xml", "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "<cbc:DocumentCurrencyCode> EUR </cbc:DocumentCurrencyCode>", "BR-CO-15"},
		{"document currency on its own line", "invoice.xml", "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "<cbc:DocumentCurrencyCode>\n    EUR\n  </cbc:DocumentCurrencyCode>", "BR-CO-15"},
		{"VAT accounting currency padded", "creditnote.xml", "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>", "<cbc:TaxCurrencyCode>SEK </cbc:TaxCurrencyCode>", "BR-53"},
		{"unchanged credit note", "creditnote.xml", "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>", "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>", ""},
	} {
		for _, sets := range []RuleSets{RulesEN16931, RulesPeppol} {
			t.Run(c.name, func(t *testing.T) {
				b, err := os.ReadFile("testdata/" + c.file)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(b), c.old) {
					t.Fatalf("%s has no %s", c.file, c.old)
				}
				d, err := Read([]byte(strings.Replace(string(b), c.old, c.new, 1)))
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, p := range d.CheckWith(sets) {
					if p.Flag != Fatal {
						continue
					}
					got = append(got, p.Code)
					if !strings.Contains(p.Message, "white space") {
						t.Errorf("%s: %s does not say that the white space counts", p.Code, p.Message)
					}
				}
				want := []string{}
				if c.want != "" {
					want = []string{c.want}
				}
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("fatal problems %v, want %v", got, want)
				}
			})
		}
	}
}
