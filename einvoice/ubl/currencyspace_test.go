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
		// In a Peppol document, Peppol's own PEPPOL-EN16931-R051 also
		// fires on every amount (see TestPeppolValuesAsWritten).
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
					if p.Code != "PEPPOL-EN16931-R051" {
						got = append(got, p.Code)
					}
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

// TestTaxCurrencyTotalOnALine: BR-53 looks for the total VAT in the VAT
// accounting currency in any cac:TaxTotal of the document
// (//cac:TaxTotal/cbc:TaxAmount), so that the artefacts, CEN's and
// Peppol's copy, accept a credit note that gives it in a line's
// cac:TaxTotal only; Levy looked at the document level only and refused
// it. Without it anywhere, BR-53 fires.
func TestTaxCurrencyTotalOnALine(t *testing.T) {
	b, err := os.ReadFile("testdata/creditnote.xml")
	if err != nil {
		t.Fatal(err)
	}
	sek := "  <cac:TaxTotal>\n    <cbc:TaxAmount currencyID=\"SEK\">946.40</cbc:TaxAmount>\n  </cac:TaxTotal>\n"
	line := "    <cbc:LineExtensionAmount currencyID=\"EUR\">298.00</cbc:LineExtensionAmount>\n"
	if !strings.Contains(string(b), sek) || !strings.Contains(string(b), line) {
		t.Fatal("the test credit note has changed")
	}
	without := strings.Replace(string(b), sek, "", 1)
	onLine := strings.Replace(without, line, line+"    <cac:TaxTotal>\n      <cbc:TaxAmount currencyID=\"SEK\">946.40</cbc:TaxAmount>\n    </cac:TaxTotal>\n", 1)
	for _, c := range []struct {
		name, doc string
		want      string
	}{
		{"on a line", onLine, ""},
		{"nowhere", without, "BR-53"},
	} {
		for _, sets := range []RuleSets{RulesEN16931, RulesPeppol} {
			t.Run(c.name, func(t *testing.T) {
				d, err := Read([]byte(c.doc))
				if err != nil {
					t.Fatal(err)
				}
				// Peppol's own rules refuse both (PEPPOL-EN16931-R054 and
				// R055, as Peppol's artefacts do); BR-53 is what differs.
				var got []string
				for _, p := range d.CheckWith(sets) {
					if p.Flag == Fatal && (sets == RulesEN16931 || !strings.HasPrefix(p.Code, "PEPPOL-")) {
						got = append(got, p.Code)
					}
				}
				if strings.Join(got, " ") != c.want {
					t.Errorf("fatal problems %v, want %q", got, c.want)
				}
			})
		}
	}
}
