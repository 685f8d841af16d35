package ubl

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestSyntaxCodesAsWritten: UBL-SR-04, UBL-SR-43, UBL-SR-44 and UBL-SR-47
// compare the supporting document's type code, the payment identifiers
// and the payment means codes as written (cbc:DocumentTypeCode = '130',
// distinct values), white space included, where Levy trimmed them and let
// through a document the artefacts refuse. Each expectation is the CEN
// artefacts' (validation 1.3.16) on the same document.
func TestSyntaxCodesAsWritten(t *testing.T) {
	b, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	inv := string(b)
	pm := "  <cac:PaymentMeans>\n    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>\n    <cbc:PaymentID>+++417/2025/00417+++</cbc:PaymentID>\n" +
		"    <cac:PayeeFinancialAccount>\n      <cbc:ID>BE71096123456769</cbc:ID>\n    </cac:PayeeFinancialAccount>\n  </cac:PaymentMeans>\n"
	supplier := "  <cac:AccountingSupplierParty>"
	ref := func(code string) string {
		return `<cac:AdditionalDocumentReference><cbc:ID schemeID="ABT">OBJ-1</cbc:ID><cbc:DocumentTypeCode>` + code + "</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>\n"
	}
	for _, c := range []struct {
		name, old, new string
		want           []string
	}{
		{"two equal payment means", pm, pm + pm, nil},
		{"payment means code padded", pm, pm + strings.Replace(pm, "<cbc:PaymentMeansCode>30<", "<cbc:PaymentMeansCode> 30<", 1), []string{"UBL-SR-47"}},
		{"payment identifier padded", pm, pm + strings.Replace(pm, "+++</cbc:PaymentID>", "+++ </cbc:PaymentID>", 1), []string{"UBL-SR-44"}},
		{"invoiced object", supplier, ref("130") + supplier, nil},
		{"invoiced object code padded", supplier, ref(" 130 ") + supplier, []string{"UBL-SR-43"}},
		{"second invoiced object code padded", supplier, ref("130") + ref("130 ") + supplier, []string{"UBL-SR-43"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(inv, c.old) {
				t.Fatalf("the test invoice has no %s", c.old)
			}
			d, err := Read([]byte(strings.Replace(inv, c.old, c.new, 1)))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range d.CheckWith(RulesEN16931) {
				if p.Flag == Fatal && !slices.Contains(got, p.Code) {
					got = append(got, p.Code)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("fatal problems %v, want %v", got, c.want)
			}
		})
	}
}
