package ubl

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestOnlyXMLWhiteSpaceIsTrimmed: XML and XPath know four white space
// characters, space, tab, carriage return and line feed; a no-break space
// (U+00A0), a next line (U+0085) or an em space (U+2003) is text. The
// official artefacts therefore find a type code "380" followed by a
// no-break space in no code list (BR-CL-01, Peppol's P0100), a country
// code "BE" so written in none (BR-CL-14), and stop on a percentage so
// written, which is no xs:decimal. Levy trimmed every Unicode space and
// delivered such documents, in UBL as in CII; a receiver that reads them
// as XML finds no valid code. And it refused an invoice number or an item
// name written as a no-break space as missing, where the artefacts
// accept it.
func TestOnlyXMLWhiteSpaceIsTrimmed(t *testing.T) {
	ublDoc, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	ciiDoc, err := os.ReadFile("../testdata/invoice-cii.xml")
	if err != nil {
		t.Fatal(err)
	}
	const nbsp, nel, emsp = "\u00a0", "\u0085", "\u2003"
	for _, c := range []struct {
		name     string
		doc      string
		sets     RuleSets
		old, new string
		want     string // a fatal code that must be reported, "" for none
	}{
		{"UBL type code, no-break space", string(ublDoc), RulesEN16931, "<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>380" + nbsp + "<", "BR-CL-01"},
		{"UBL type code, next line", string(ublDoc), RulesEN16931, "<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>380" + nel + "<", "BR-CL-01"},
		{"UBL type code, em space", string(ublDoc), RulesEN16931, "<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>" + emsp + "380<", "BR-CL-01"},
		{"Peppol type code, no-break space", string(ublDoc), RulesPeppol, "<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>380" + nbsp + "<", "PEPPOL-EN16931-P0100"},
		{"UBL country code", string(ublDoc), RulesEN16931, "<cbc:IdentificationCode>BE<", "<cbc:IdentificationCode>BE" + nbsp + "<", "BR-CL-14"},
		{"UBL document currency", string(ublDoc), RulesEN16931, "<cbc:DocumentCurrencyCode>EUR<", "<cbc:DocumentCurrencyCode>EUR" + nbsp + "<", "BR-CL-04"},
		{"UBL percentage", string(ublDoc), RulesEN16931, "<cbc:Percent>21<", "<cbc:Percent>" + nbsp + "21<", "FORMAT"},
		{"UBL tab and line feed around the type code", string(ublDoc), RulesEN16931, "<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>\t380\r\n<", ""},
		{"CII type code, no-break space", string(ciiDoc), RulesEN16931, "<ram:TypeCode>380<", "<ram:TypeCode>380" + nbsp + "<", "BR-CL-01"},
		{"CII country code", string(ciiDoc), RulesEN16931, "<ram:CountryID>DE<", "<ram:CountryID>DE" + nbsp + "<", "BR-CL-14"},
		{"CII percentage", string(ciiDoc), RulesEN16931, "<ram:RateApplicablePercent>7<", "<ram:RateApplicablePercent>7" + nbsp + "<", "FORMAT"},
		// A no-break space alone is text, not an empty element: the
		// artefacts take it for an invoice number and an item name.
		{"UBL invoice number a no-break space", string(ublDoc), RulesEN16931, "<cbc:ID>VRB-2025-00417<", "<cbc:ID>" + nbsp + "<", ""},
		{"CII item name a no-break space", string(ciiDoc), RulesEN16931, "<ram:Name>Installation<", "<ram:Name>" + nbsp + "<", ""},
		{"CII tab around the type code", string(ciiDoc), RulesEN16931, "<ram:TypeCode>380<", "<ram:TypeCode>\t380\t<", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(c.doc, c.old) {
				t.Fatalf("the test document has no %s", c.old)
			}
			var got []string
			d, err := Read([]byte(strings.Replace(c.doc, c.old, c.new, 1)))
			var fe *FormatError
			switch {
			case errors.As(err, &fe):
				for _, p := range fe.Problems {
					got = append(got, p.Code)
				}
			case err != nil:
				t.Fatal(err)
			default:
				for _, p := range d.CheckWith(c.sets) {
					if p.Flag == Fatal {
						got = append(got, p.Code)
					}
				}
			}
			if c.want == "" && len(got) > 0 {
				t.Errorf("fatal problems %v, want none", got)
			}
			if c.want != "" && !slices.Contains(got, c.want) {
				t.Errorf("fatal problems %v, want %s among them", got, c.want)
			}
		})
	}
}
