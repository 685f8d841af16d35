package ubl

import (
	"slices"
	"strings"
	"testing"
)

// TestUBLRepeatedSingleElements: a UBL document that repeats an element
// the UBL 2.1 schema allows once holds two values of one business term
// (two issue dates, two sellers, two amounts due, two quantities on a
// line); Levy read the first and a receiver may read the other. Check
// refuses it as FORMAT at the second one, naming the count, in a Peppol
// document (whose network validates the schema first) as in a plain
// EN 16931 one, at every level of the document.
func TestUBLRepeatedSingleElements(t *testing.T) {
	peppol := string(load(t, "invoice.xml"))
	en := strings.Replace(peppol, "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0", "urn:cen.eu:en16931:2017", 1)
	credit := string(load(t, "creditnote.xml"))
	seller := "/Invoice/cac:AccountingSupplierParty/cac:Party"
	cases := []struct {
		name, doc, old, new, where string
	}{
		// The document.
		{"two issue dates", "invoice", "<cbc:IssueDate>2025-03-14</cbc:IssueDate>",
			"<cbc:IssueDate>2025-03-14</cbc:IssueDate>\n  <cbc:IssueDate>2025-03-15</cbc:IssueDate>", "/Invoice/cbc:IssueDate[2]"},
		{"two invoice numbers", "invoice", "<cbc:ID>VRB-2025-00417</cbc:ID>",
			"<cbc:ID>VRB-2025-00417</cbc:ID>\n  <cbc:ID>VRB-2025-00418</cbc:ID>", "/Invoice/cbc:ID[2]"},
		{"two currencies", "invoice", "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>",
			"<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "/Invoice/cbc:DocumentCurrencyCode[2]"},
		{"two sellers", "invoice", "  <cac:AccountingCustomerParty>",
			"  <cac:AccountingSupplierParty>\n    <cac:Party>\n      <cac:PartyLegalEntity>\n        <cbc:RegistrationName>Other BV</cbc:RegistrationName>\n      </cac:PartyLegalEntity>\n    </cac:Party>\n  </cac:AccountingSupplierParty>\n  <cac:AccountingCustomerParty>",
			"/Invoice/cac:AccountingSupplierParty[2]"},
		// A party.
		{"two seller endpoints", "invoice", `<cbc:EndpointID schemeID="0208">0471826311</cbc:EndpointID>`,
			`<cbc:EndpointID schemeID="0208">0471826311</cbc:EndpointID>` + "\n      " + `<cbc:EndpointID schemeID="0208">0471826312</cbc:EndpointID>`, seller + "/cbc:EndpointID[2]"},
		{"two parties in the seller", "invoice", "    </cac:Party>\n  </cac:AccountingSupplierParty>",
			"    </cac:Party>\n    <cac:Party>\n      <cac:PartyName>\n        <cbc:Name>Other</cbc:Name>\n      </cac:PartyName>\n    </cac:Party>\n  </cac:AccountingSupplierParty>",
			"/Invoice/cac:AccountingSupplierParty/cac:Party[2]"},
		{"two seller countries", "invoice", "<cbc:IdentificationCode>BE</cbc:IdentificationCode>\n        </cac:Country>\n      </cac:PostalAddress>\n      <cac:PartyTaxScheme>\n        <cbc:CompanyID>BE0471826311",
			"<cbc:IdentificationCode>BE</cbc:IdentificationCode>\n          <cbc:IdentificationCode>NL</cbc:IdentificationCode>\n        </cac:Country>\n      </cac:PostalAddress>\n      <cac:PartyTaxScheme>\n        <cbc:CompanyID>BE0471826311",
			seller + "/cac:PostalAddress/cac:Country/cbc:IdentificationCode[2]"},
		// A line.
		{"two quantities on a line", "invoice", `<cbc:InvoicedQuantity unitCode="C62">4</cbc:InvoicedQuantity>`,
			`<cbc:InvoicedQuantity unitCode="C62">4</cbc:InvoicedQuantity>` + "\n    " + `<cbc:InvoicedQuantity unitCode="C62">40</cbc:InvoicedQuantity>`, "/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity[2]"},
		{"two prices on a line", "invoice", "<cbc:PriceAmount currencyID=\"EUR\">12.75</cbc:PriceAmount>\n    </cac:Price>",
			"<cbc:PriceAmount currencyID=\"EUR\">12.75</cbc:PriceAmount>\n    </cac:Price>\n    <cac:Price>\n      <cbc:PriceAmount currencyID=\"EUR\">1.75</cbc:PriceAmount>\n    </cac:Price>", "/Invoice/cac:InvoiceLine[2]/cac:Price[2]"},
		{"two item names", "invoice", "<cbc:Name>Recycled packing paper</cbc:Name>",
			"<cbc:Name>Recycled packing paper</cbc:Name>\n      <cbc:Name>Paper</cbc:Name>", "/Invoice/cac:InvoiceLine[3]/cac:Item/cbc:Name[2]"},
		// The totals and the VAT breakdown.
		{"two amounts due", "invoice", `<cbc:PayableAmount currencyID="EUR">290.30</cbc:PayableAmount>`,
			`<cbc:PayableAmount currencyID="EUR">290.30</cbc:PayableAmount>` + "\n    " + `<cbc:PayableAmount currencyID="EUR">2900.30</cbc:PayableAmount>`, "/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount[2]"},
		{"two monetary totals", "invoice", "  <cac:InvoiceLine>\n    <cbc:ID>1</cbc:ID>",
			"  <cac:LegalMonetaryTotal>\n    <cbc:PayableAmount currencyID=\"EUR\">290.30</cbc:PayableAmount>\n  </cac:LegalMonetaryTotal>\n  <cac:InvoiceLine>\n    <cbc:ID>1</cbc:ID>", "/Invoice/cac:LegalMonetaryTotal[2]"},
		{"two VAT amounts in a breakdown", "invoice", `<cbc:TaxAmount currencyID="EUR">2.88</cbc:TaxAmount>`,
			`<cbc:TaxAmount currencyID="EUR">2.88</cbc:TaxAmount>` + "\n      " + `<cbc:TaxAmount currencyID="EUR">2.88</cbc:TaxAmount>`, "/Invoice/cac:TaxTotal[1]/cac:TaxSubtotal[2]/cbc:TaxAmount[2]"},
		// A credit note.
		{"two issue dates in a credit note", "credit", "<cbc:IssueDate>2025-05-02</cbc:IssueDate>", "<cbc:IssueDate>2025-05-02</cbc:IssueDate>\n  <cbc:IssueDate>2024-01-01</cbc:IssueDate>", "/CreditNote/cbc:IssueDate[2]"},
		{"two issue dates in a preceding invoice reference", "credit", "<cbc:IssueDate>2025-04-08</cbc:IssueDate>", "<cbc:IssueDate>2025-04-08</cbc:IssueDate>\n      <cbc:IssueDate>2025-04-09</cbc:IssueDate>", "/CreditNote/cac:BillingReference[1]/cac:InvoiceDocumentReference/cbc:IssueDate[2]"},
		{"two quantities on a credit note line", "credit", `<cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity>`, `<cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity><cbc:CreditedQuantity unitCode="C62">1</cbc:CreditedQuantity>`, "/CreditNote/cac:CreditNoteLine[1]/cbc:CreditedQuantity[2]"},
	}
	for _, c := range cases {
		bases := map[string]string{"peppol": peppol, "en": en}
		if c.doc == "credit" {
			bases = map[string]string{"credit": credit}
		}
		for kind, base := range bases {
			t.Run(c.name+"/"+kind, func(t *testing.T) {
				d, err := Parse(mutate(t, []byte(base), c.old, c.new))
				if err != nil {
					t.Fatal(err)
				}
				ps := d.Check()
				var found []Problem
				for _, p := range ps {
					if p.Code == "FORMAT" {
						found = append(found, p)
					}
				}
				if len(found) != 1 || found[0].Location != c.where || found[0].Flag != Fatal || !strings.Contains(found[0].Message, "appears 2 times") {
					t.Fatalf("want one FORMAT at %s, got %v", c.where, ps)
				}
			})
		}
	}
	// The message names the element, the count and the parent.
	d, err := Parse(mutate(t, []byte(peppol), `<cbc:PayableAmount currencyID="EUR">290.30</cbc:PayableAmount>`,
		`<cbc:PayableAmount currencyID="EUR">290.30</cbc:PayableAmount><cbc:PayableAmount currencyID="EUR">1.00</cbc:PayableAmount><cbc:PayableAmount currencyID="EUR">2.00</cbc:PayableAmount>`))
	if err != nil {
		t.Fatal(err)
	}
	ps := d.Check()
	if codes := fatalCodes(ps); !slices.Equal(codes, []string{"FORMAT"}) {
		t.Fatalf("three amounts due: %v", ps)
	}
	if want := "cbc:PayableAmount appears 3 times in cac:LegalMonetaryTotal"; !strings.Contains(ps[0].Message, want) {
		t.Errorf("message %q, want it to contain %q", ps[0].Message, want)
	}
}

// TestUBLRepeatableElementsStayValid: what the UBL schema repeats (notes,
// lines, VAT breakdowns, party identifiers, additional item properties)
// is not FORMAT, and a repetition that a syntax rule of EN 16931 reports
// (UBL-SR-27 for two payment means codes, UBL-SR-09 for two seller names,
// UBL-SR-54 or Peppol's BR-66 for two card accounts) is reported under
// that rule alone.
func TestUBLRepeatableElementsStayValid(t *testing.T) {
	// Outside Peppol, which allows one note (PEPPOL-EN16931-R002).
	base := []byte(strings.Replace(string(load(t, "invoice.xml")), "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0", "urn:cen.eu:en16931:2017", 1))
	for _, c := range []struct{ name, old, new, rule string }{
		{"two notes", "<cbc:Note>Goods delivered", "<cbc:Note>Second note</cbc:Note>\n  <cbc:Note>Goods delivered", ""},
		{"two seller identifiers", "<cac:PartyName>\n        <cbc:Name>Atelier Verbeke</cbc:Name>", "<cac:PartyIdentification>\n        <cbc:ID>AV-1</cbc:ID>\n      </cac:PartyIdentification>\n      <cac:PartyIdentification>\n        <cbc:ID>AV-2</cbc:ID>\n      </cac:PartyIdentification>\n      <cac:PartyName>\n        <cbc:Name>Atelier Verbeke</cbc:Name>", ""},
		{"two supporting documents", "  <cac:AccountingSupplierParty>", "  <cac:AdditionalDocumentReference>\n    <cbc:ID>TS-1</cbc:ID>\n  </cac:AdditionalDocumentReference>\n  <cac:AdditionalDocumentReference>\n    <cbc:ID>TS-2</cbc:ID>\n  </cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>", ""},
		{"two item properties", "<cbc:Name>Printed user manual, Dutch edition</cbc:Name>",
			"<cbc:Name>Printed user manual, Dutch edition</cbc:Name>\n      <cac:AdditionalItemProperty>\n        <cbc:Name>Pages</cbc:Name>\n        <cbc:Value>64</cbc:Value>\n      </cac:AdditionalItemProperty>\n      <cac:AdditionalItemProperty>\n        <cbc:Name>Binding</cbc:Name>\n        <cbc:Value>Stapled</cbc:Value>\n      </cac:AdditionalItemProperty>", ""},
		{"two payment means codes", "<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>", "<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>\n    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>", "UBL-SR-27"},
		{"two seller names", "<cbc:RegistrationName>Atelier Verbeke BV</cbc:RegistrationName>", "<cbc:RegistrationName>Atelier Verbeke BV</cbc:RegistrationName>\n        <cbc:RegistrationName>Verbeke</cbc:RegistrationName>", "UBL-SR-09"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := Parse(mutate(t, base, c.old, c.new))
			if err != nil {
				t.Fatal(err)
			}
			ps := d.Check()
			codes := fatalCodes(ps)
			if slices.Contains(codes, "FORMAT") || c.rule == "" && len(codes) > 0 || c.rule != "" && !slices.Contains(codes, c.rule) {
				t.Fatalf("want %q alone, got %v", c.rule, ps)
			}
		})
	}
	// Two card accounts in one payment means: UBL-SR-54 counts them in
	// every payment means and reports them without the payment means'
	// index; Peppol's copy names the rule BR-66. Either alone, no FORMAT.
	cards := "\n    <cac:CardAccount>\n      <cbc:PrimaryAccountNumberID>4321</cbc:PrimaryAccountNumberID>\n      <cbc:NetworkID>VISA</cbc:NetworkID>\n    </cac:CardAccount>"
	for rule, doc := range map[string][]byte{"UBL-SR-54": base, "BR-66": load(t, "invoice.xml")} {
		d, err := Parse(mutate(t, doc, "</cbc:PaymentID>", "</cbc:PaymentID>"+cards+cards))
		if err != nil {
			t.Fatal(err)
		}
		if ps := d.Check(); !slices.Equal(fatalCodes(ps), []string{rule}) {
			t.Errorf("two card accounts: want %s alone, got %v", rule, ps)
		}
	}
}
