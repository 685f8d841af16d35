package ubl

import (
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/ubl/internal/corpus"
)

// corpusDoc returns a document of the mutation corpus by name.
func corpusDoc(t testing.TB, name string) []byte {
	t.Helper()
	for _, d := range corpus.Documents() {
		if d.Name == name {
			return d.XML
		}
	}
	t.Fatalf("no document %s in the corpus", name)
	return nil
}

// replaceAll replaces every old by its new; each old must occur at least
// once.
func replaceAll(pairs ...string) edit {
	return func(t testing.TB, doc []byte) []byte {
		t.Helper()
		s := string(doc)
		for i := 0; i+1 < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("%q does not occur in the document", pairs[i])
			}
			s = strings.ReplaceAll(s, pairs[i], pairs[i+1])
		}
		return []byte(s)
	}
}

// verdict is what a test expects of the rules applied to one document.
type verdict struct {
	accepted bool     // no fatal problem at all
	fires    []string // rules that must be among the fatal problems
	quiet    []string // rules that must not be reported
}

// judge checks problems against a verdict.
func judge(t *testing.T, what string, ps []Problem, want verdict) {
	t.Helper()
	fatal := fatalCodes(ps)
	all := make([]string, 0, len(ps))
	for _, p := range ps {
		all = append(all, p.Code)
	}
	if want.accepted && len(fatal) > 0 {
		t.Errorf("%s: refused, want accepted: %v", what, ps)
	}
	for _, id := range want.fires {
		if !slices.Contains(fatal, id) {
			t.Errorf("%s: want %s among the fatal problems, got %v", what, id, ps)
		}
	}
	for _, id := range want.quiet {
		if slices.Contains(all, id) {
			t.Errorf("%s: %s reported, want it not to be: %v", what, id, ps)
		}
	}
}

// TestPeppolCopyOfEN16931 checks that a Peppol document is judged by
// Peppol BIS Billing 3.0.19's own copy of the EN 16931 rules where it
// differs from CEN's artefacts 1.3.16 (BR-CO-25, BR-66, BR-67 and no
// UBL-SR-56; BR-B-02, BR-CO-26, UBL-SR-23 and the code lists of BR-CL-01,
// 03, 04, 05, 10, 11, 21, 22, 25 and 26 as the copy tests them), and that
// the same document with a plain EN 16931 CustomizationID, or checked
// with RulesEN16931, is judged by CEN's rules.
func TestPeppolCopyOfEN16931(t *testing.T) {
	const (
		dueDate   = "<cbc:DueDate>2026-04-01</cbc:DueDate>\n  "
		terms     = "<cac:PaymentTerms>\n    <cbc:Note>30 days</cbc:Note>\n  </cac:PaymentTerms>\n  "
		payment   = "<cbc:PaymentID>LMB-2026-0042</cbc:PaymentID>"
		account   = "<cbc:ID>FR7630006000011234567890189</cbc:ID>\n    </cac:PayeeFinancialAccount>"
		supplier  = "<cac:AccountingSupplierParty>"
		delivery  = "<cac:Delivery>\n    <cbc:ActualDeliveryDate>2026-02-27</cbc:ActualDeliveryDate>"
		seller    = `<cbc:EndpointID schemeID="0009">73282932000074</cbc:EndpointID>`
		buyer     = `<cbc:EndpointID schemeID="0009">41853629100026</cbc:EndpointID>`
		legal     = `<cbc:CompanyID schemeID="0002">732829320</cbc:CompanyID>`
		sellerVAT = "<cac:PartyTaxScheme>\n        <cbc:CompanyID>FR44732829320</cbc:CompanyID>\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>\n        </cac:TaxScheme>\n      </cac:PartyTaxScheme>\n      "
		zSubtotal = "<cbc:TaxAmount currencyID=\"EUR\">0.00</cbc:TaxAmount>\n      <cac:TaxCategory>\n        <cbc:ID>Z</cbc:ID>\n        <cbc:Percent>0</cbc:Percent>"
		sSubtotal = "41.00</cbc:TaxAmount>\n      <cac:TaxCategory>\n        <cbc:ID>S</cbc:ID>"
		line3     = "<cbc:Name>Printed manual</cbc:Name>\n      <cac:ClassifiedTaxCategory>\n        <cbc:ID>Z</cbc:ID>"
		card      = "\n    <cac:CardAccount>\n      <cbc:PrimaryAccountNumberID>4321</cbc:PrimaryAccountNumberID>\n      <cbc:NetworkID>VISA</cbc:NetworkID>\n    </cac:CardAccount>"
		mandate   = "\n    <cac:PaymentMandate>\n      <cbc:ID>MANDATE-1</cbc:ID>\n    </cac:PaymentMandate>"
		tender    = "<cac:OriginatorDocumentReference>\n    <cbc:ID>LOT-1</cbc:ID>\n  </cac:OriginatorDocumentReference>\n  "
		vatScheme = "<cac:PartyTaxScheme>\n      <cbc:CompanyID>FR61552081317</cbc:CompanyID>\n      <cac:TaxScheme>\n        <cbc:ID>VAT</cbc:ID>\n      </cac:TaxScheme>\n    </cac:PartyTaxScheme>\n    "
		repStart  = "<cac:TaxRepresentativeParty>\n    <cac:PartyName>\n      <cbc:Name>Représentant fiscal SA</cbc:Name>\n    </cac:PartyName>\n    <cac:PostalAddress>\n      <cac:Country>\n        <cbc:IdentificationCode>FR</cbc:IdentificationCode>\n      </cac:Country>\n    </cac:PostalAddress>\n    "
		repEnd    = "</cac:TaxRepresentativeParty>\n  "
	)
	tests := []struct {
		name          string
		base          string // a document of the corpus
		edit          edit
		peppol, plain verdict
	}{
		{"BR-CO-25: an amount due without due date nor payment terms", "peppol-base", rep(dueDate, "", terms, ""),
			verdict{fires: []string{"BR-CO-25"}}, verdict{accepted: true}},
		{"BR-CO-25: payment terms without a due date", "peppol-base", rep(dueDate, ""),
			verdict{accepted: true}, verdict{accepted: true}},
		{"BR-CO-25: a due date without payment terms", "peppol-base", rep(terms, ""),
			verdict{accepted: true}, verdict{accepted: true}},
		{"BR-CO-25: nothing due", "peppol-base", rep(dueDate, "", terms, "",
			`<cbc:PrepaidAmount currencyID="EUR">26.00</cbc:PrepaidAmount>`, `<cbc:PrepaidAmount currencyID="EUR">326.00</cbc:PrepaidAmount>`,
			`<cbc:PayableAmount currencyID="EUR">300.00</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">0.00</cbc:PayableAmount>`),
			verdict{accepted: true}, verdict{accepted: true}},
		{"BR-CO-25: a credit note is not concerned", "nl-base", rep(),
			verdict{accepted: true, quiet: []string{"BR-CO-25"}}, verdict{accepted: true}},
		{"BR-66 for UBL-SR-54: two card accounts", "peppol-base", rep(payment, payment+card+card),
			verdict{fires: []string{"BR-66"}, quiet: []string{"UBL-SR-54"}}, verdict{fires: []string{"UBL-SR-54"}, quiet: []string{"BR-66"}}},
		{"BR-67 for UBL-SR-55: two mandates", "peppol-base", rep(account, account+mandate+strings.Replace(mandate, "-1", "-2", 1)),
			verdict{fires: []string{"BR-67"}, quiet: []string{"UBL-SR-55"}}, verdict{fires: []string{"UBL-SR-55"}, quiet: []string{"BR-67"}}},
		{"UBL-SR-56: two tender or lot references", "peppol-base", rep(supplier, tender+strings.Replace(tender, "-1", "-2", 1)+supplier),
			verdict{accepted: true}, verdict{fires: []string{"UBL-SR-56"}}},
		{"BR-CO-26: a seller identified by a SEPA creditor identifier only", "peppol-base",
			rep(sellerVAT, "", legal, "", seller, seller+"\n      <cac:PartyIdentification>\n        <cbc:ID schemeID=\"SEPA\">FR12ZZZ123456</cbc:ID>\n      </cac:PartyIdentification>"),
			verdict{quiet: []string{"BR-CO-26"}}, verdict{fires: []string{"BR-CO-26"}}},
		{"UBL-SR-23: a tax representative with two VAT identifiers", "peppol-base",
			rep(delivery, repStart+vatScheme+strings.Replace(vatScheme, "FR61552081317", "FR40303265045", 1)+repEnd+delivery),
			verdict{accepted: true}, verdict{fires: []string{"UBL-SR-23"}}},
		{"UBL-SR-23: the path Peppol's copy counts", "peppol-base",
			rep(delivery, repStart+vatScheme+"<cac:Party>\n    "+vatScheme+strings.Replace(vatScheme, "FR61552081317", "FR40303265045", 1)+"</cac:Party>\n    "+repEnd+delivery),
			verdict{fires: []string{"UBL-SR-23"}}, verdict{quiet: []string{"UBL-SR-23"}}},
		{"BR-B-02: split payment lines, the standard rate only in the breakdown", "peppol-base",
			func(t testing.TB, doc []byte) []byte {
				doc = replaceAll("<cbc:ID>S</cbc:ID>", "<cbc:ID>B</cbc:ID>")(t, doc)
				return rep(strings.Replace(sSubtotal, ">S<", ">B<", 1), sSubtotal)(t, doc)
			},
			verdict{quiet: []string{"BR-B-02"}}, verdict{fires: []string{"BR-B-02"}}},
		{"BR-B-02: a split payment line beside standard rate lines", "peppol-base", rep(line3, strings.Replace(line3, ">Z<", ">B<", 1)),
			verdict{fires: []string{"BR-B-02"}}, verdict{fires: []string{"BR-B-02"}}},
		{"BR-CL-01: invoice type code 502", "peppol-base", rep("<cbc:InvoiceTypeCode>380<", "<cbc:InvoiceTypeCode>502<"),
			verdict{quiet: []string{"BR-CL-01"}}, verdict{fires: []string{"BR-CL-01"}}},
		{"BR-CL-01: credit note type code 502", "nl-base", rep("<cbc:CreditNoteTypeCode>381<", "<cbc:CreditNoteTypeCode>502<"),
			verdict{fires: []string{"BR-CL-01"}}, verdict{quiet: []string{"BR-CL-01"}}},
		{"BR-CL-03, BR-CL-04: currency XCG", "peppol-base", replaceAll(`"EUR"`, `"XCG"`, ">EUR<", ">XCG<"),
			verdict{fires: []string{"BR-CL-03", "BR-CL-04"}}, verdict{quiet: []string{"BR-CL-03", "BR-CL-04"}}},
		{"BR-CL-03, BR-CL-04: currency CUC", "peppol-base", replaceAll(`"EUR"`, `"CUC"`, ">EUR<", ">CUC<"),
			verdict{quiet: []string{"BR-CL-03", "BR-CL-04"}}, verdict{fires: []string{"BR-CL-03", "BR-CL-04"}}},
		{"BR-CL-05: VAT accounting currency CUC", "peppol-base", rep(">EUR</cbc:DocumentCurrencyCode>", ">EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>CUC</cbc:TaxCurrencyCode>"),
			verdict{quiet: []string{"BR-CL-05"}}, verdict{fires: []string{"BR-CL-05"}}},
		{"BR-CL-05: VAT accounting currency XCG", "peppol-base", rep(">EUR</cbc:DocumentCurrencyCode>", ">EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>XCG</cbc:TaxCurrencyCode>"),
			verdict{fires: []string{"BR-CL-05"}}, verdict{quiet: []string{"BR-CL-05"}}},
		{"BR-CL-10: buyer identifier scheme 0245", "peppol-base", rep(buyer, buyer+"\n      <cac:PartyIdentification>\n        <cbc:ID schemeID=\"0245\">41853629100026</cbc:ID>\n      </cac:PartyIdentification>"),
			verdict{fires: []string{"BR-CL-10"}}, verdict{accepted: true}},
		{"BR-CL-11: seller legal registration scheme 0241", "peppol-base", rep(legal, strings.Replace(legal, "0002", "0241", 1)),
			verdict{fires: []string{"BR-CL-11"}}, verdict{accepted: true}},
		{"BR-CL-21: item identifier scheme 0242", "peppol-base", rep(`<cbc:ID schemeID="0160">`, `<cbc:ID schemeID="0242">`),
			verdict{fires: []string{"BR-CL-21"}}, verdict{accepted: true}},
		{"BR-CL-22: exemption reason code VATEX-EU-135-1", "peppol-base", rep(zSubtotal, zSubtotal+"\n        <cbc:TaxExemptionReasonCode>VATEX-EU-135-1</cbc:TaxExemptionReasonCode>"),
			verdict{fires: []string{"BR-CL-22"}}, verdict{quiet: []string{"BR-CL-22"}}},
		{"BR-CL-25: seller electronic address scheme 0244", "peppol-base", rep(seller, strings.Replace(seller, "0009", "0244", 1)),
			verdict{fires: []string{"BR-CL-25"}}, verdict{accepted: true}},
		{"BR-CL-26: delivery location scheme 0246", "peppol-base", rep(delivery, delivery+"\n    <cac:DeliveryLocation>\n      <cbc:ID schemeID=\"0246\">62000-4</cbc:ID>\n    </cac:DeliveryLocation>"),
			verdict{fires: []string{"BR-CL-26"}}, verdict{accepted: true}},
	}
	const (
		peppolID = "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>"
		plainID  = "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"
	)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.edit(t, corpusDoc(t, tt.base))
			doc, err := Parse(data)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if !doc.IsPeppol() {
				t.Fatal("the document is not a Peppol document")
			}
			judge(t, "Peppol", doc.Check(), tt.peppol)
			judge(t, "Peppol, RulesEN16931", doc.CheckWith(RulesEN16931), verdict{fires: tt.plain.fires, quiet: tt.plain.quiet})
			plain, err := Parse(mutate(t, data, peppolID, plainID))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			judge(t, "plain EN 16931", plain.Check(), tt.plain)
		})
	}
}
