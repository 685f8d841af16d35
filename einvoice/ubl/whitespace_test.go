package ubl

import (
	"os"
	"strings"
	"testing"
)

// TestAmountDecimalsCountWhiteSpace: the official artefacts count an
// amount's decimals as the characters after its point, as written
// (string-length(substring-after(., '.'))), so that an amount padded
// with white space after its digits has more than two decimals
// (BR-DEC-18, and in UBL UBL-DT-01), in UBL as in CII; Levy's UBL rules
// counted them trimmed and delivered a document the artefacts refuse.
// The message says that the white space counts. White space before the
// digits alone changes nothing.
func TestAmountDecimalsCountWhiteSpace(t *testing.T) {
	ublDoc, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	ciiDoc, err := os.ReadFile("../testdata/invoice-cii.xml")
	if err != nil {
		t.Fatal(err)
	}
	ublAmount := `<cbc:PayableAmount currencyID="EUR">290.30</cbc:PayableAmount>`
	ciiAmount := `<ram:DuePayableAmount>400.00</ram:DuePayableAmount>`
	for _, c := range []struct {
		name, doc, old, new string
		want                []string
	}{
		{"UBL padded", string(ublDoc), ublAmount, "<cbc:PayableAmount currencyID=\"EUR\">\n      290.30\n    </cbc:PayableAmount>", []string{"BR-DEC-18", "UBL-DT-01"}},
		{"UBL leading space", string(ublDoc), ublAmount, "<cbc:PayableAmount currencyID=\"EUR\">\n      290.30</cbc:PayableAmount>", nil},
		{"CII padded", string(ciiDoc), ciiAmount, "<ram:DuePayableAmount> 400.00 </ram:DuePayableAmount>", []string{"BR-DEC-18"}},
		{"CII leading space", string(ciiDoc), ciiAmount, "<ram:DuePayableAmount> 400.00</ram:DuePayableAmount>", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(c.doc, c.old) {
				t.Fatalf("the test document has no %s", c.old)
			}
			d, err := Read([]byte(strings.Replace(c.doc, c.old, c.new, 1)))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range d.Check() {
				if p.Flag != Fatal {
					continue
				}
				got = append(got, p.Code)
				if !strings.Contains(p.Message, "white space") {
					t.Errorf("%s: %s does not say that the white space counts", p.Code, p.Message)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("fatal problems %v, want %v", got, c.want)
			}
		})
	}
}
