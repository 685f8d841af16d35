package ubl

import (
	"os"
	"strings"
	"testing"
)

// TestSellerTaxSchemeAsWritten: UBL-SR-12, UBL-SR-13 and UBL-SR-18 count
// a party's identifiers by its tax scheme as the artefacts read it,
// upper-case(cbc:ID) = 'VAT' (or !=) with the white space as written, where
// Levy trimmed it: a seller with a VAT identifier under " VAT " and a tax
// registration identifier has, for the artefacts, two tax registration
// identifiers (UBL-SR-13), which Levy let through; and a seller whose
// second identifier is under "VAT " has one VAT identifier, not two
// (UBL-SR-12), which Levy refused. Each expectation is the CEN
// artefacts' (validation 1.3.16) on the same document.
func TestSellerTaxSchemeAsWritten(t *testing.T) {
	b, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	vat := "      <cac:PartyTaxScheme>\n        <cbc:CompanyID>BE0471826311</cbc:CompanyID>\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:PartyTaxScheme>\n"
	if !strings.Contains(string(b), vat) {
		t.Fatal("the test invoice has no seller VAT identifier")
	}
	for _, c := range []struct {
		name, first, second string
		want                []string
	}{
		{"VAT and TAX", "<cbc:ID>VAT</cbc:ID>", "<cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme>", nil},
		{"padded VAT and TAX", "<cbc:ID> VAT </cbc:ID>", "<cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme>", []string{"UBL-SR-13"}},
		{"VAT on its own line and TAX", "<cbc:ID>\n            VAT\n          </cbc:ID>", "<cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme>", []string{"UBL-SR-13"}},
		{"VAT and padded VAT", "<cbc:ID>VAT</cbc:ID>", "<cac:TaxScheme><cbc:ID>VAT </cbc:ID></cac:TaxScheme>", []string{"BR-CO-09"}},
		{"VAT and vat", "<cbc:ID>VAT</cbc:ID>", "<cac:TaxScheme><cbc:ID>vat</cbc:ID></cac:TaxScheme>", []string{"BR-CO-09", "UBL-SR-12"}},
		{"VAT and no scheme", "<cbc:ID>VAT</cbc:ID>", "<cac:TaxScheme/>", []string{"UBL-SR-53"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			second := "      <cac:PartyTaxScheme>\n        <cbc:CompanyID>Reg 4711</cbc:CompanyID>\n        " + c.second + "\n      </cac:PartyTaxScheme>\n"
			doc := strings.Replace(string(b), vat, strings.Replace(vat, "<cbc:ID>VAT</cbc:ID>", c.first, 1)+second, 1)
			d, err := Read([]byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for _, p := range d.CheckWith(RulesEN16931) {
				if p.Flag == Fatal {
					got[p.Code] = true
				}
			}
			want := map[string]bool{}
			for _, id := range c.want {
				want[id] = true
			}
			for id := range got {
				if !want[id] {
					t.Errorf("%s fired; the artefacts report only %v", id, c.want)
				}
			}
			for id := range want {
				if !got[id] {
					t.Errorf("%s did not fire", id)
				}
			}
		})
	}
}
