package ubl

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// edit changes a valid document into a variant.
type edit func(t testing.TB, doc []byte) []byte

// rep replaces each old by its new; every old must occur exactly once.
func rep(pairs ...string) edit {
	return func(t testing.TB, doc []byte) []byte {
		t.Helper()
		for i := 0; i+1 < len(pairs); i += 2 {
			doc = mutate(t, doc, pairs[i], pairs[i+1])
		}
		return doc
	}
}

// whole replaces the document.
func whole(text string) edit {
	return func(testing.TB, []byte) []byte { return []byte(text) }
}

// cut removes the text from the first from up to, not including, the
// following to.
func cut(from, to string) edit {
	return func(t testing.TB, doc []byte) []byte {
		t.Helper()
		s := string(doc)
		i := strings.Index(s, from)
		if i < 0 {
			t.Fatalf("%q not in the document", from)
		}
		j := strings.Index(s[i:], to)
		if j < 0 {
			t.Fatalf("%q not after %q", to, from)
		}
		return []byte(s[:i] + s[i+j:])
	}
}

const (
	inv = "/Invoice"
	cn  = "/CreditNote"
	sup = inv + "/cac:AccountingSupplierParty/cac:Party"
	cus = inv + "/cac:AccountingCustomerParty/cac:Party"
	lmt = inv + "/cac:LegalMonetaryTotal"
)

var formatTests = []struct {
	name string
	file string // "invoice.xml" when empty
	edit edit
	want []string // "CODE LOCATION"
	msg  string   // a part of the first message, if not empty
}{
	// Not XML, not UBL.
	{"empty", "", whole(""), []string{"XML "}, "empty"},
	{"blank", "", whole(" \n\t "), []string{"XML "}, "empty"},
	{"not xml", "", whole("Invoice VRB-2025-00417, total 290.30 EUR"), []string{"XML "}, "not XML"},
	{"json", "", whole(`{"Invoice": {"ID": "VRB-2025-00417"}}`), []string{"XML "}, "line 1"},
	{"mismatched end tag", "", rep("<cbc:ID>VRB-2025-00417</cbc:ID>", "<cbc:ID>VRB-2025-00417</cbc:Name>"),
		[]string{"XML " + inv + "/cbc:ID"}, "line 7"},
	{"unclosed root", "", rep("</Invoice>", ""), []string{"XML " + inv}, "unexpected EOF"},
	{"unknown entity", "", rep("<cbc:Name>Oak desk organiser</cbc:Name>", "<cbc:Name>Oak desk organiser&trade;</cbc:Name>"),
		[]string{"XML " + inv + "/cac:InvoiceLine[1]/cac:Item/cbc:Name"}, "entity"},
	{"latin-1 declaration", "", rep(`encoding="UTF-8"`, `encoding="ISO-8859-1"`), []string{"XML "}, `"ISO-8859-1" (line 1); e-invoices must be in UTF-8`},
	{"invalid utf-8", "", rep("Brugge", "Br\xfcgge"), []string{"XML "}, "line 25"},
	{"second root", "", rep("</Invoice>", "</Invoice>\n<Invoice/>"), []string{"XML " + inv}, "second top-level"},
	{"text after root", "", rep("</Invoice>", "</Invoice>\ntrailing words"), []string{"XML " + inv}, "text follows"},
	{"doctype", "", rep(`<?xml version="1.0" encoding="UTF-8"?>`,
		`<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<!DOCTYPE Invoice [<!ENTITY seller "Atelier Verbeke BV">]>`),
		[]string{"FORMAT "}, "DOCTYPE"},
	{"external doctype", "", rep(`<?xml version="1.0" encoding="UTF-8"?>`,
		`<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<!DOCTYPE Invoice SYSTEM "file:///etc/hostname">`),
		[]string{"FORMAT "}, "DOCTYPE"},
	{"order", "", whole(`<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID xmlns="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">7</ID></Order>`),
		[]string{"ROOT /Order"}, "not a UBL 2.1 Invoice"},
	{"invoice without namespace", "", whole(`<Invoice><ID>1</ID></Invoice>`), []string{"ROOT /Invoice"}, `namespace ""`},
	{"invoice in the credit note namespace", "", rep(`xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"`,
		`xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"`), []string{"ROOT /Invoice"}, "CreditNote-2"},

	// Mandatory elements.
	{"no customization", "", cut("<cbc:CustomizationID>", "<cbc:ProfileID>"), []string{"BR-01 " + inv + "/cbc:CustomizationID"}, "BT-24"},
	{"no id", "", rep("<cbc:ID>VRB-2025-00417</cbc:ID>", ""), []string{"BR-02 " + inv + "/cbc:ID"}, "BT-1"},
	{"empty id", "", rep("<cbc:ID>VRB-2025-00417</cbc:ID>", "<cbc:ID>  </cbc:ID>"), []string{"BR-02 " + inv + "/cbc:ID"}, "empty"},
	{"no issue date", "", rep("<cbc:IssueDate>2025-03-14</cbc:IssueDate>", ""), []string{"BR-03 " + inv + "/cbc:IssueDate"}, "BT-2"},
	{"issue date in cac", "", rep("<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "<cac:IssueDate>2025-03-14</cac:IssueDate>"),
		[]string{"BR-03 " + inv + "/cbc:IssueDate"}, "CommonAggregateComponents-2"},
	{"issue date undeclared prefix", "", rep("<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "<x:IssueDate>2025-03-14</x:IssueDate>"),
		[]string{"XML " + inv}, `prefix "x" is not declared`},
	{"no type code", "", rep("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", ""), []string{"BR-04 " + inv + "/cbc:InvoiceTypeCode"}, "BT-3"},
	{"no currency", "", rep("<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", ""),
		[]string{"BR-05 " + inv + "/cbc:DocumentCurrencyCode"}, "BT-5"},
	{"no seller", "", rep("<cac:AccountingSupplierParty>", "<cac:SellerSupplierParty>", "</cac:AccountingSupplierParty>", "</cac:SellerSupplierParty>"),
		[]string{"BR-06 " + sup + "/cac:PartyLegalEntity/cbc:RegistrationName"}, "BG-4"},
	{"no buyer party", "", rep("<cac:AccountingCustomerParty>\n    <cac:Party>", "<cac:AccountingCustomerParty>\n    <cac:Customer>",
		"</cac:Party>\n  </cac:AccountingCustomerParty>", "</cac:Customer>\n  </cac:AccountingCustomerParty>"),
		[]string{"BR-07 " + cus + "/cac:PartyLegalEntity/cbc:RegistrationName"}, "BG-7"},
	{"no buyer country", "", rep("<cbc:PostalZone>9000</cbc:PostalZone>\n        <cac:Country>\n          <cbc:IdentificationCode>BE</cbc:IdentificationCode>",
		"<cbc:PostalZone>9000</cbc:PostalZone>\n        <cac:Country>"),
		[]string{"BR-11 " + cus + "/cac:PostalAddress/cac:Country/cbc:IdentificationCode"}, "BT-55"},
	{"no seller address", "", cut("<cac:PostalAddress>\n        <cbc:StreetName>Houtkaai 27", "<cac:PartyTaxScheme>"),
		[]string{"BR-08 " + sup + "/cac:PostalAddress"}, "postal address"},
	{"no buyer name", "", rep("<cbc:RegistrationName>Brasserie De Klokke NV</cbc:RegistrationName>", ""),
		[]string{"BR-07 " + cus + "/cac:PartyLegalEntity/cbc:RegistrationName"}, "BT-44"},
	{"no seller legal entity", "", cut("<cac:PartyLegalEntity>\n        <cbc:RegistrationName>Atelier", "<cac:Contact>"),
		[]string{"BR-06 " + sup + "/cac:PartyLegalEntity/cbc:RegistrationName"}, "legal entity"},
	{"no tax total", "", rep("<cac:TaxTotal>", "<cac:WithholdingTaxTotal>", "</cac:TaxTotal>", "</cac:WithholdingTaxTotal>"),
		[]string{"BR-CO-18 " + inv + "/cac:TaxTotal/cac:TaxSubtotal"}, "BT-110"},
	{"no tax amount", "", rep(`<cbc:TaxAmount currencyID="EUR">61.79</cbc:TaxAmount>`, ""),
		[]string{"BR-CO-14 " + inv + "/cac:TaxTotal[1]/cbc:TaxAmount"}, "BT-110"},
	{"empty tax amount", "", rep(`<cbc:TaxAmount currencyID="EUR">61.79</cbc:TaxAmount>`, `<cbc:TaxAmount currencyID="EUR"/>`),
		[]string{"PEPPOL-EN16931-R008 " + inv + "/cac:TaxTotal[1]/cbc:TaxAmount"}, "empty"},
	{"no subtotal tax amount", "", rep(`<cbc:TaxAmount currencyID="EUR">2.88</cbc:TaxAmount>`, ""),
		[]string{"BR-46 " + inv + "/cac:TaxTotal[1]/cac:TaxSubtotal[2]/cbc:TaxAmount"}, "BT-117"},
	{"no monetary total", "", cut("<cac:LegalMonetaryTotal>", "<cac:InvoiceLine>"),
		[]string{"BR-CO-15 " + lmt + "/cbc:TaxInclusiveAmount"}, "BG-22"},
	{"no line extension total", "", rep(`<cbc:LineExtensionAmount currencyID="EUR">343.00</cbc:LineExtensionAmount>`, ""),
		[]string{"BR-12 " + lmt + "/cbc:LineExtensionAmount"}, "BT-106"},
	{"no tax exclusive", "", rep(`<cbc:TaxExclusiveAmount currencyID="EUR">328.50</cbc:TaxExclusiveAmount>`, ""),
		[]string{"BR-13 " + lmt + "/cbc:TaxExclusiveAmount"}, "BT-109"},
	{"no tax inclusive", "", rep(`<cbc:TaxInclusiveAmount currencyID="EUR">390.29</cbc:TaxInclusiveAmount>`, ""),
		[]string{"BR-14 " + lmt + "/cbc:TaxInclusiveAmount"}, "BT-112"},
	{"no payable", "", rep(`<cbc:PayableAmount currencyID="EUR">290.30</cbc:PayableAmount>`, ""),
		[]string{"BR-15 " + lmt + "/cbc:PayableAmount"}, "BT-115"},
	{"no lines", "", cut("<cac:InvoiceLine>", "</Invoice>"), []string{"BR-16 " + inv + "/cac:InvoiceLine"}, "BG-25"},
	{"line without id", "", rep("<cbc:ID>2</cbc:ID>", ""), []string{"BR-21 " + inv + "/cac:InvoiceLine[2]/cbc:ID"}, "BT-126"},
	{"line without quantity", "", rep(`<cbc:InvoicedQuantity unitCode="C62">10</cbc:InvoicedQuantity>`, ""),
		[]string{"BR-22 " + inv + "/cac:InvoiceLine[1]/cbc:InvoicedQuantity"}, "BT-129"},
	{"line with empty quantity", "", rep(`<cbc:InvoicedQuantity unitCode="C62">10</cbc:InvoicedQuantity>`, `<cbc:InvoicedQuantity unitCode="C62"></cbc:InvoicedQuantity>`),
		[]string{"PEPPOL-EN16931-R008 " + inv + "/cac:InvoiceLine[1]/cbc:InvoicedQuantity"}, "empty"},
	{"line without net amount", "", rep(`<cbc:LineExtensionAmount currencyID="EUR">50.00</cbc:LineExtensionAmount>`, ""),
		[]string{"BR-24 " + inv + "/cac:InvoiceLine[3]/cbc:LineExtensionAmount"}, "BT-131"},
	{"line without item name", "", rep("<cbc:Name>Recycled packing paper</cbc:Name>", ""),
		[]string{"BR-25 " + inv + "/cac:InvoiceLine[3]/cac:Item/cbc:Name"}, "BT-153"},
	{"line without tax category id", "", rep("<cbc:Name>Printed user manual, Dutch edition</cbc:Name>\n      <cac:ClassifiedTaxCategory>\n        <cbc:ID>S</cbc:ID>",
		"<cbc:Name>Printed user manual, Dutch edition</cbc:Name>\n      <cac:ClassifiedTaxCategory>"),
		[]string{"BR-CO-04 " + inv + "/cac:InvoiceLine[2]/cac:Item/cac:ClassifiedTaxCategory/cbc:ID"}, "BT-151"},
	{"line without price", "", rep(`<cbc:PriceAmount currencyID="EUR">12.75</cbc:PriceAmount>`, ""),
		[]string{"BR-26 " + inv + "/cac:InvoiceLine[2]/cac:Price/cbc:PriceAmount"}, "BT-146"},
	{"allowance without amount", "", rep(`<cbc:Amount currencyID="EUR">15.00</cbc:Amount>`, ""),
		[]string{"BR-36 " + inv + "/cac:AllowanceCharge[2]/cbc:Amount"}, "amount"},
	{"credit note without credited quantity", "creditnote.xml", rep(`<cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity>`, ""),
		[]string{"BR-22 " + cn + "/cac:CreditNoteLine[1]/cbc:CreditedQuantity"}, "BT-129"},
	{"credit note with an invoice type code", "creditnote.xml", rep("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>", "<cbc:InvoiceTypeCode>381</cbc:InvoiceTypeCode>"),
		[]string{"BR-CL-01 " + cn + "/cbc:InvoiceTypeCode"}, "BT-3"},
	{"credit note with invoice lines", "creditnote.xml", func(t testing.TB, doc []byte) []byte {
		return []byte(strings.ReplaceAll(string(doc), "CreditNoteLine>", "InvoiceLine>"))
	}, nil, "BG-25"},

	// Malformed values.
	{"impossible date", "", rep("<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "<cbc:IssueDate>2025-02-29</cbc:IssueDate>"),
		[]string{"PEPPOL-EN16931-F001 " + inv + "/cbc:IssueDate"}, `"2025-02-29"`},
	{"european date", "", rep("<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "<cbc:IssueDate>14.03.2025</cbc:IssueDate>"),
		[]string{"PEPPOL-EN16931-F001 " + inv + "/cbc:IssueDate"}, "YYYY-MM-DD"},
	{"date with time zone", "", rep("<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "<cbc:IssueDate>2025-03-14+01:00</cbc:IssueDate>"),
		[]string{"PEPPOL-EN16931-F001 " + inv + "/cbc:IssueDate"}, "YYYY-MM-DD"},
	{"short due date", "", rep("<cbc:DueDate>2025-04-13</cbc:DueDate>", "<cbc:DueDate>2025-4-13</cbc:DueDate>"),
		[]string{"PEPPOL-EN16931-F001 " + inv + "/cbc:DueDate"}, "YYYY-MM-DD"},
	{"empty due date", "", rep("<cbc:DueDate>2025-04-13</cbc:DueDate>", "<cbc:DueDate/>"),
		[]string{"PEPPOL-EN16931-F001 " + inv + "/cbc:DueDate"}, "empty"},
	{"credit note due date", "creditnote.xml", rep("<cbc:PaymentDueDate>2025-05-31</cbc:PaymentDueDate>", "<cbc:PaymentDueDate>2025-05-32</cbc:PaymentDueDate>"),
		nil, "2025-05-32"},
	{"exponent", "", rep(`<cbc:PayableAmount currencyID="EUR">290.30</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">2.903E2</cbc:PayableAmount>`),
		[]string{"FORMAT " + lmt + "/cbc:PayableAmount"}, "exponent"},
	{"thousands separator", "", rep(`<cbc:PrepaidAmount currencyID="EUR">100.00</cbc:PrepaidAmount>`, `<cbc:PrepaidAmount currencyID="EUR">1,000.00</cbc:PrepaidAmount>`),
		[]string{"FORMAT " + lmt + "/cbc:PrepaidAmount"}, "separator"},
	{"decimal comma", "", rep(`<cbc:Amount currencyID="EUR">29.50</cbc:Amount>`, `<cbc:Amount currencyID="EUR">29,50</cbc:Amount>`),
		[]string{"FORMAT " + inv + "/cac:AllowanceCharge[1]/cbc:Amount"}, `"29,50"`},
	{"currency symbol", "", rep(`<cbc:PriceAmount currencyID="EUR">24.50</cbc:PriceAmount>`, `<cbc:PriceAmount currencyID="EUR">€24.50</cbc:PriceAmount>`),
		[]string{"FORMAT " + inv + "/cac:InvoiceLine[1]/cac:Price/cbc:PriceAmount"}, "characters"},
	{"too many digits", "", rep(`<cbc:TaxableAmount currencyID="EUR">48.00</cbc:TaxableAmount>`,
		`<cbc:TaxableAmount currencyID="EUR">1234567890123456789012345678.901</cbc:TaxableAmount>`),
		[]string{"FORMAT " + inv + "/cac:TaxTotal[1]/cac:TaxSubtotal[2]/cbc:TaxableAmount"}, "31 digits"},
	{"empty optional amount", "", rep(`<cbc:PrepaidAmount currencyID="EUR">100.00</cbc:PrepaidAmount>`, `<cbc:PrepaidAmount currencyID="EUR"/>`),
		[]string{"PEPPOL-EN16931-R008 " + lmt + "/cbc:PrepaidAmount"}, "empty"},
	{"bad quantity", "", rep(`<cbc:InvoicedQuantity unitCode="KGM">250</cbc:InvoicedQuantity>`, `<cbc:InvoicedQuantity unitCode="KGM">250 kg</cbc:InvoicedQuantity>`),
		[]string{"FORMAT " + inv + "/cac:InvoiceLine[3]/cbc:InvoicedQuantity"}, `"250 kg"`},
	{"bad percent", "", rep("<cbc:Percent>6</cbc:Percent>\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:TaxCategory>",
		"<cbc:Percent>6%</cbc:Percent>\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:TaxCategory>"),
		[]string{"FORMAT " + inv + "/cac:TaxTotal[1]/cac:TaxSubtotal[2]/cac:TaxCategory/cbc:Percent"}, `"6%"`},
	{"lower-case currency", "", rep("<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>", "<cbc:DocumentCurrencyCode>eur</cbc:DocumentCurrencyCode>"),
		[]string{"BR-CL-04 " + inv + "/cbc:DocumentCurrencyCode"}, "ISO 4217"},
	{"currency name", "", rep(`<cbc:TaxInclusiveAmount currencyID="EUR">`, `<cbc:TaxInclusiveAmount currencyID="Euro">`),
		[]string{"BR-CL-03 " + lmt + "/cbc:TaxInclusiveAmount"}, `"Euro"`},
	{"no currency id", "", rep(`<cbc:TaxInclusiveAmount currencyID="EUR">`, `<cbc:TaxInclusiveAmount>`),
		[]string{"BR-CL-03 " + lmt + "/cbc:TaxInclusiveAmount"}, "no currencyID"},
	{"other currency", "", rep(`<cbc:PayableAmount currencyID="EUR">`, `<cbc:PayableAmount currencyID="USD">`),
		[]string{"PEPPOL-EN16931-R051 " + lmt + "/cbc:PayableAmount"}, "USD"},
	{"other currency in a price allowance", "", rep(`<cbc:Amount currencyID="EUR">0.50</cbc:Amount>`, `<cbc:Amount currencyID="GBP">0.50</cbc:Amount>`),
		[]string{"PEPPOL-EN16931-R051 " + inv + "/cac:InvoiceLine[1]/cac:Price/cac:AllowanceCharge[1]/cbc:Amount"}, "GBP"},
	{"bad price allowance amount", "", rep(`<cbc:BaseAmount currencyID="EUR">25.00</cbc:BaseAmount>`, `<cbc:BaseAmount currencyID="EUR">25.00 EUR</cbc:BaseAmount>`),
		[]string{"FORMAT " + inv + "/cac:InvoiceLine[1]/cac:Price/cac:AllowanceCharge[1]/cbc:BaseAmount"}, `"25.00 EUR"`},
	{"tax total in a third currency", "creditnote.xml", rep(`<cbc:TaxAmount currencyID="SEK">946.40</cbc:TaxAmount>`, `<cbc:TaxAmount currencyID="NOK">946.40</cbc:TaxAmount>`),
		[]string{"BR-53 " + cn + "/cac:TaxTotal"}, "SEK"},
	{"subtotal in the tax currency", "creditnote.xml", rep(`<cbc:TaxableAmount currencyID="EUR">338.00</cbc:TaxableAmount>`, `<cbc:TaxableAmount currencyID="SEK">338.00</cbc:TaxableAmount>`),
		[]string{"PEPPOL-EN16931-R051 " + cn + "/cac:TaxTotal[1]/cac:TaxSubtotal[1]/cbc:TaxableAmount"}, "SEK"},
	{"tax totals only in the tax currency", "creditnote.xml", rep(`<cbc:TaxAmount currencyID="EUR">84.50</cbc:TaxAmount>`+"\n    <cac:TaxSubtotal>",
		`<cbc:TaxAmount currencyID="SEK">84.50</cbc:TaxAmount>`+"\n    <cac:TaxSubtotal>"),
		[]string{"BR-CO-15 " + cn + "/cac:TaxTotal"}, "document currency EUR"},
	{"bad tax currency", "creditnote.xml", rep("<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>", "<cbc:TaxCurrencyCode>kronor</cbc:TaxCurrencyCode>"),
		[]string{"BR-CL-05 " + cn + "/cbc:TaxCurrencyCode"}, "ISO 4217"},
	{"type code letters", "", rep("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>INV</cbc:InvoiceTypeCode>"),
		[]string{"BR-CL-01 " + inv + "/cbc:InvoiceTypeCode"}, "UNTDID 1001"},
	{"charge indicator", "", rep("<cbc:ChargeIndicator>true</cbc:ChargeIndicator>\n    <cbc:AllowanceChargeReasonCode>FC", "<cbc:ChargeIndicator>yes</cbc:ChargeIndicator>\n    <cbc:AllowanceChargeReasonCode>FC"),
		[]string{"PEPPOL-EN16931-R043 " + inv + "/cac:AllowanceCharge[2]/cbc:ChargeIndicator"}, `"yes"`},
	{"country name", "", rep("<cbc:PostalZone>8000</cbc:PostalZone>\n        <cac:Country>\n          <cbc:IdentificationCode>BE</cbc:IdentificationCode>",
		"<cbc:PostalZone>8000</cbc:PostalZone>\n        <cac:Country>\n          <cbc:IdentificationCode>Belgium</cbc:IdentificationCode>"),
		[]string{"BR-CL-14 " + sup + "/cac:PostalAddress/cac:Country/cbc:IdentificationCode"}, "alpha-2"},
	{"two issue dates", "", rep("<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "<cbc:IssueDate>2025-03-14</cbc:IssueDate>\n  <cbc:IssueDate>2025-03-15</cbc:IssueDate>"),
		[]string{"FORMAT " + inv + "/cbc:IssueDate[2]"}, "more than once"},
	{"two monetary totals", "", rep("<cac:InvoiceLine>\n    <cbc:ID>1</cbc:ID>", "<cac:LegalMonetaryTotal/>\n  <cac:InvoiceLine>\n    <cbc:ID>1</cbc:ID>"),
		[]string{"BR-12 " + inv + "/cac:LegalMonetaryTotal[2]/cbc:LineExtensionAmount", "FORMAT " + inv + "/cac:LegalMonetaryTotal[2]"}, "more than once"},

	// Several problems at once, in document order.
	{"several", "", rep("<cbc:IssueDate>2025-03-14</cbc:IssueDate>", "",
		`<cbc:PayableAmount currencyID="EUR">290.30</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">290.3O</cbc:PayableAmount>`,
		"<cbc:Name>Oak desk organiser</cbc:Name>", ""),
		[]string{"FORMAT " + lmt + "/cbc:PayableAmount"}, ""},
}

// TestParseFormatProblems reads each variant as Levy's e-invoicing does:
// Parse, then Check when Parse accepts it. What prevents reading the
// document (XML, ROOT, FORMAT) is a *FormatError of Parse, with the first
// message as given; a missing element or a wrong code is the business of
// the rules, which report it under its official ID, and an element that
// the UBL schema allows once, repeated, is FORMAT of Check. nil: the
// official artefacts accept the variant too (the UBL schema would not;
// Levy checks no more of the schema).
func TestParseFormatProblems(t *testing.T) {
	for _, tt := range formatTests {
		t.Run(tt.name, func(t *testing.T) {
			file := tt.file
			if file == "" {
				file = "invoice.xml"
			}
			data := tt.edit(t, load(t, file))
			doc, err := Parse(data)
			var fe *FormatError
			var ps []Problem
			switch {
			case errors.As(err, &fe):
				if doc != nil {
					t.Errorf("Parse returned a document with the error")
				}
				ps = fe.Problems
				if !strings.Contains(ps[0].Message, tt.msg) {
					t.Errorf("message %q does not contain %q", ps[0].Message, tt.msg)
				}
				if !strings.Contains(fe.Error(), ps[0].Message) {
					t.Errorf("Error() = %q, does not contain the first message", fe.Error())
				}
			case err != nil:
				t.Fatalf("Parse = %v", err)
			default:
				ps = doc.Check()
			}
			if tt.want == nil && HasFatal(ps) {
				t.Fatalf("refused: %v", ps)
			}
			got := codes(ps)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("problems:\n got  %q\n want %q among them\n%s", got, w, ps)
				}
			}
		})
	}
}

// TestParseAccepts lists variants that are well formatted.
func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name string
		edit edit
	}{
		{"byte order mark", func(_ testing.TB, doc []byte) []byte { return append([]byte("\xef\xbb\xbf"), doc...) }},
		{"no declaration", rep(`<?xml version="1.0" encoding="UTF-8"?>`, "")},
		{"comments and CDATA", rep("<cbc:ID>VRB-2025-00417</cbc:ID>", "<!-- number --><cbc:ID><![CDATA[VRB-2025-00417]]></cbc:ID>")},
		// White space around a code that the rules read normalized. (Around
		// a date, Peppol's PEPPOL-EN16931-F001 counts it, as Peppol's
		// artefacts do: TestPeppolValuesAsWritten.)
		{"spaces around values", rep("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>\n    380\n  </cbc:InvoiceTypeCode>")},
		{"signed and bare decimals", rep(`<cbc:PrepaidAmount currencyID="EUR">100.00</cbc:PrepaidAmount>`, `<cbc:PrepaidAmount currencyID="EUR">+100.</cbc:PrepaidAmount>`)},
		{"extensions", rep("<cbc:CustomizationID>", `<ext:UBLExtensions xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"><ext:UBLExtension><ext:ExtensionContent><x:Stamp xmlns:x="urn:example:stamp"><x:Total currencyID="XYZ">n/a</x:Total></x:Stamp></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>
  <cbc:CustomizationID>`)},
		{"ISO-8859-1 name in UTF-8", rep("Gent", "Gent – Sint-Pieters")},
	}
	for _, tt := range tests {
		doc, err := Parse(tt.edit(t, load(t, "invoice.xml")))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if ps := doc.Check(); ps != nil {
			t.Errorf("%s: Check = %v", tt.name, ps)
		}
	}
}

func TestParseDeepNesting(t *testing.T) {
	for _, depth := range []int{MaxDepth + 1, 100_000, 1_000_000} {
		var b strings.Builder
		b.WriteString(`<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">`)
		b.WriteString(strings.Repeat("<a>", depth))
		b.WriteString(strings.Repeat("</a>", depth))
		b.WriteString(`</Invoice>`)
		start := time.Now()
		_, err := Parse([]byte(b.String()))
		var fe *FormatError
		if !errors.As(err, &fe) || len(fe.Problems) != 1 || fe.Problems[0].Code != "FORMAT" || !strings.Contains(fe.Problems[0].Message, "nested") {
			t.Fatalf("depth %d: Parse = %v", depth, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("depth %d took %v", depth, d)
		}
	}
	// Just below the limit, the document is read, and the rules find it
	// is no invoice.
	doc := `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">` +
		strings.Repeat("<a>", MaxDepth-1) + strings.Repeat("</a>", MaxDepth-1) + `</Invoice>`
	read, err := Parse([]byte(doc))
	if err != nil {
		t.Fatalf("depth %d: Parse = %v", MaxDepth, err)
	}
	if ps := read.Check(); len(ps) == 0 || ps[0].Code != "BR-01" {
		t.Fatalf("depth %d: Check = %v, want BR-01 first", MaxDepth, ps)
	}
}

// TestParseManyProblems checks the cap on the number of problems and that
// a large document is read and checked in linear time: 20,000 lines with
// nothing but an identifier.
func TestParseManyProblems(t *testing.T) {
	orig := string(load(t, "invoice.xml"))
	i := strings.Index(orig, "<cac:InvoiceLine>")
	j := strings.Index(orig, "</Invoice>")
	line := "<cac:InvoiceLine><cbc:ID>x</cbc:ID></cac:InvoiceLine>\n"
	const n = 20000
	doc := orig[:i] + strings.Repeat(line, n) + orig[j:]
	read, err := Parse([]byte(doc))
	if err != nil {
		t.Fatalf("Parse = %v", err)
	}
	ps := read.Check()
	if len(ps) != MaxProblems+1 {
		t.Fatalf("%d problems, want %d", len(ps), MaxProblems+1)
	}
	if last := ps[MaxProblems]; last.Code != "TRUNCATED" || last.Flag != Fatal || !strings.Contains(last.Message, "more problems") {
		t.Errorf("last problem = %v, want TRUNCATED", last)
	}
	// Each line misses its quantity, unit, net amount, item name, price
	// and VAT category: BR-22 to BR-26, BR-27 and BR-CO-04.
	if got := ps[0]; got.Code != "BR-CO-10" && !strings.HasPrefix(got.Code, "BR-") {
		t.Errorf("first problem %v", got)
	}
}
