package ubl

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/ubl/internal/corpus"
)

// ciiBase returns a CII base document of the corpus by name.
func ciiBase(tb testing.TB, name string) []byte {
	tb.Helper()
	for _, d := range corpus.CIIDocuments() {
		if d.Name == name {
			return d.XML
		}
	}
	tb.Fatalf("no CII document %s in the corpus", name)
	return nil
}

// fatalCodes returns the codes of the fatal problems.
func fatalCodes(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		if p.Flag == Fatal {
			out = append(out, p.Code)
		}
	}
	return out
}

// TestCIICorpus checks Levy's verdict on its CII mutation corpus: every
// base document and harmless change is accepted, and every mutation that
// breaks a rule of EN 16931 bound to CII is refused with that rule's ID.
// The conformance command compares the same documents with the official
// CEN artefacts for CII (docs/einvoicing-validation.md), and the documents
// the artefacts cannot judge (CIIUnjudged) are refused under the syntax
// rule they break.
func TestCIICorpus(t *testing.T) {
	docs := corpus.CIIDocuments()
	if len(docs) < 100 {
		t.Fatalf("the CII corpus has %d documents, fewer than 100", len(docs))
	}
	for _, d := range append(docs, corpus.CIIUnjudged()...) {
		t.Run(d.Name, func(t *testing.T) {
			doc, err := Read(d.XML)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if doc.Syntax != SyntaxCII {
				t.Fatalf("syntax %q", doc.Syntax)
			}
			ps := doc.Check()
			fatal := fatalCodes(ps)
			switch {
			case d.Breaks == "" && len(fatal) > 0:
				t.Fatalf("a valid document is refused: %v", ps)
			case d.Breaks != "" && !slices.Contains(fatal, d.Breaks):
				t.Fatalf("want %s among the fatal problems, got %v", d.Breaks, ps)
			}
			for _, p := range ps {
				if p.Location == "" && !strings.HasPrefix(p.Code, "BR-") {
					t.Errorf("%s has no location", p)
				}
				if p.Location != "" && !strings.HasPrefix(p.Location, "/CrossIndustryInvoice") {
					t.Errorf("%s: the location does not start at the root", p)
				}
			}
		})
	}
}

// TestReadDetectsSyntax: Read reads each syntax by its root element, and
// reports anything else as ROOT; DetectSyntax names the syntax.
func TestReadDetectsSyntax(t *testing.T) {
	ublDoc, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	ciiDoc := ciiBase(t, "cii-de-base")
	for _, c := range []struct {
		name string
		data []byte
		want Syntax
	}{{"UBL invoice", ublDoc, SyntaxUBL}, {"CII invoice", ciiDoc, SyntaxCII}} {
		d, err := Read(c.data)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if d.Syntax != c.want || DetectSyntax(c.data) != c.want {
			t.Errorf("%s: syntax %q, detected %q, want %q", c.name, d.Syntax, DetectSyntax(c.data), c.want)
		}
		if ps := d.Check(); HasFatal(ps) {
			t.Errorf("%s: %v", c.name, ps)
		}
	}
	for _, c := range []struct{ name, doc, msg string }{
		{"other root", `<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>`, "not a UBL 2.1 Invoice or CreditNote or a UN/CEFACT CrossIndustryInvoice"},
		{"CII root in another namespace", `<rsm:CrossIndustryInvoice xmlns:rsm="urn:example:invoice"/>`, "is in namespace"},
		{"UBL root in another namespace", `<Invoice xmlns="urn:example"/>`, "is in namespace"},
		{"ZUGFeRD 1.0", `<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>`, "ZUGFeRD 1.0"},
	} {
		_, err := Read([]byte(c.doc))
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Problems[0].Code != "ROOT" || !strings.Contains(fe.Problems[0].Message, c.msg) {
			t.Errorf("%s: %v", c.name, err)
		}
		if DetectSyntax([]byte(c.doc)) != "" {
			t.Errorf("%s: detected %q", c.name, DetectSyntax([]byte(c.doc)))
		}
	}
	if DetectSyntax([]byte("%PDF-1.7")) != "" || DetectSyntax(nil) != "" {
		t.Error("DetectSyntax names a syntax for input that is not XML")
	}
	// Parse reads UBL only, ParseCII CII only.
	var fe *FormatError
	if _, err := Parse(ciiDoc); !errors.As(err, &fe) || fe.Problems[0].Code != "ROOT" {
		t.Errorf("Parse of CII: %v", err)
	}
	if _, err := ParseCII(ublDoc); !errors.As(err, &fe) || fe.Problems[0].Code != "ROOT" {
		t.Errorf("ParseCII of UBL: %v", err)
	}
}

// TestParseCIIReadsTheBusinessTerms: what a CII document says about
// itself, as e-invoicing records it.
func TestParseCIIReadsTheBusinessTerms(t *testing.T) {
	d, err := ParseCII(ciiBase(t, "cii-de-base"))
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%s %s %s %s %s %s %s %s", d.Kind, d.ID, d.IssueDate, d.DueDate, d.TypeCode, d.Currency, d.CustomizationID, d.BuyerReference)
	if want := "Invoice LL-2026-0815 2026-03-02 2026-04-01 380 EUR urn:cen.eu:en16931:2017 04011000-12345-34"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if s := d.Supplier; s.Name != "Lindenlicht Leuchten GmbH" || s.VATID != "DE813495721" || s.CountryCode != "DE" || s.Address() != "EM:rechnung@lindenlicht.example" || s.LegalID != "HRB 24817" {
		t.Errorf("seller %+v", s)
	}
	if b := d.Customer; b.Name != "Stadtwerke Halle GmbH" || b.VATID != "DE129483712" || b.Address() != "EM:eingangsrechnung@swh.example" {
		t.Errorf("buyer %+v", b)
	}
	if p := d.Totals.PayableAmount; !p.Present || p.Value.String() != "400" || p.Currency != "EUR" {
		t.Errorf("payable %+v", p)
	}
	if v := d.VATTotal(); !v.Present || v.Value.String() != "69.2" {
		t.Errorf("VAT total %+v", v)
	}
	if len(d.Lines) != 3 || d.Lines[1].ItemName != "Installation" || d.Lines[1].Quantity.UnitCode != "HUR" || d.Lines[2].TaxCategory.Percent.Value.String() != "7" {
		t.Errorf("lines %+v", d.Lines)
	}
	if len(d.TaxTotals) != 1 || len(d.TaxTotals[0].Subtotals) != 2 || len(d.AllowanceCharges) != 2 || !d.AllowanceCharges[1].Charge {
		t.Errorf("tax totals %+v, allowances %+v", d.TaxTotals, d.AllowanceCharges)
	}
	cn, err := ParseCII(ciiBase(t, "cii-cn-base"))
	if err != nil {
		t.Fatal(err)
	}
	if cn.Kind != KindCreditNote || cn.TypeCode != "381" {
		t.Errorf("credit note read as %s %s", cn.Kind, cn.TypeCode)
	}
}

// TestParseCIIFormatProblems: a CII document whose numbers are not
// numbers, or whose indicators are not booleans, cannot be read; the
// official artefacts stop on them too.
func TestParseCIIFormatProblems(t *testing.T) {
	base := string(ciiBase(t, "cii-de-base"))
	for _, c := range []struct{ name, old, new, location, msg string }{
		{"thousands separator", "<ram:LineTotalAmount>385.00</ram:LineTotalAmount>", "<ram:LineTotalAmount>1,385.00</ram:LineTotalAmount>",
			"/CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:LineTotalAmount", "not a plain decimal"},
		{"empty amount", "<ram:ChargeTotalAmount>5.00</ram:ChargeTotalAmount>", "<ram:ChargeTotalAmount/>", "", "is empty"},
		{"exponent in a quantity", `<ram:BilledQuantity unitCode="HUR">3</ram:BilledQuantity>`, `<ram:BilledQuantity unitCode="HUR">3e0</ram:BilledQuantity>`, "", "exponent"},
		{"rate with a percent sign", "<ram:RateApplicablePercent>7</ram:RateApplicablePercent>\n        </ram:ApplicableTradeTax>\n        <ram:SpecifiedTradeSettlementLineMonetarySummation>\n          <ram:LineTotalAmount>25.00", "<ram:RateApplicablePercent>7%</ram:RateApplicablePercent>\n        </ram:ApplicableTradeTax>\n        <ram:SpecifiedTradeSettlementLineMonetarySummation>\n          <ram:LineTotalAmount>25.00", "", "not a plain decimal"},
		{"indicator yes", "<udt:Indicator>true</udt:Indicator>", "<udt:Indicator>yes</udt:Indicator>", "", "not a boolean"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if strings.Count(base, c.old) < 1 {
				t.Fatalf("%q not in the base", c.old)
			}
			_, err := Read([]byte(strings.Replace(base, c.old, c.new, 1)))
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("want a FormatError, got %v", err)
			}
			p := fe.Problems[0]
			if p.Code != "FORMAT" || !strings.Contains(p.Message, c.msg) || c.location != "" && p.Location != c.location {
				t.Errorf("got %s", p)
			}
		})
	}
}

// TestCIIChecksCreditNoteAndNotUBLRules: a CII credit note is checked
// with the CII binding only, whatever rule sets are asked: Peppol BIS and
// its national rules are bound to UBL.
func TestCIIChecksCreditNoteAndNotUBLRules(t *testing.T) {
	d, err := Read(ciiBase(t, "cii-cn-base"))
	if err != nil {
		t.Fatal(err)
	}
	for _, sets := range []RuleSets{RulesAuto, RulesEN16931, RulesPeppol} {
		if ps := d.CheckWith(sets); ps != nil {
			t.Errorf("rule sets %d: %v", sets, ps)
		}
	}
	// A breakdown of category O has the rules of O only: BR-45 to BR-48,
	// which the artefacts apply to the other breakdowns, do not fire on
	// it, as they do not in the artefacts.
	o := strings.Replace(string(ciiBase(t, "cii-o-base")), "<ram:BasisAmount>120.00</ram:BasisAmount>\n", "", 1)
	d, err = Read([]byte(o))
	if err != nil {
		t.Fatal(err)
	}
	codes := fatalCodes(d.Check())
	if !slices.Contains(codes, "BR-O-08") || slices.Contains(codes, "BR-45") {
		t.Errorf("a breakdown of O without taxable amount: %v", codes)
	}
}

// TestCIIBoundsElements: a CII document of more than MaxElements elements
// is refused by the reader, as a UBL one is.
func TestCIIBoundsElements(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">`)
	for range MaxElements + 1 {
		b.WriteString("<ram:IncludedNote/>")
	}
	b.WriteString("</rsm:CrossIndustryInvoice>")
	_, err := Read([]byte(b.String()))
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Problems[0].Code != "FORMAT" || !strings.Contains(fe.Problems[0].Message, "more than") {
		t.Fatalf("got %v", err)
	}
}

// hundredLinesCII returns a valid CII invoice between German parties
// with 100 lines, made from the corpus' French base document.
func hundredLinesCII(tb testing.TB) []byte {
	tb.Helper()
	base := string(ciiBase(tb, "cii-fr-base"))
	start := strings.Index(base, "<ram:IncludedSupplyChainTradeLineItem>")
	end := strings.Index(base, "</ram:IncludedSupplyChainTradeLineItem>") + len("</ram:IncludedSupplyChainTradeLineItem>")
	line := base[start:end]
	var lines strings.Builder
	for i := 1; i <= 100; i++ {
		lines.WriteString(strings.Replace(line, "<ram:LineID>1</ram:LineID>", fmt.Sprintf("<ram:LineID>%d</ram:LineID>", i), 1))
		lines.WriteString("\n    ")
	}
	rest := base[end:]
	rest = rest[strings.Index(rest, "<ram:ApplicableHeaderTradeAgreement>"):]
	rest = strings.NewReplacer(
		"<ram:CalculatedAmount>20.00</ram:CalculatedAmount>", "<ram:CalculatedAmount>2000.00</ram:CalculatedAmount>",
		"<ram:BasisAmount>100.00</ram:BasisAmount>", "<ram:BasisAmount>10000.00</ram:BasisAmount>",
	).Replace(rest)
	zero := ciiBreakdownText(rest, "Z")
	exempt := ciiBreakdownText(rest, "E")
	rest = strings.Replace(strings.Replace(rest, zero, "", 1), exempt, "", 1)
	rest = strings.NewReplacer(
		"<ram:LineTotalAmount>180.00</ram:LineTotalAmount>", "<ram:LineTotalAmount>10000.00</ram:LineTotalAmount>",
		"<ram:TaxBasisTotalAmount>180.00</ram:TaxBasisTotalAmount>", "<ram:TaxBasisTotalAmount>10000.00</ram:TaxBasisTotalAmount>",
		`<ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount>`, `<ram:TaxTotalAmount currencyID="EUR">2000.00</ram:TaxTotalAmount>`,
		"<ram:GrandTotalAmount>200.00</ram:GrandTotalAmount>", "<ram:GrandTotalAmount>12000.00</ram:GrandTotalAmount>",
		"<ram:DuePayableAmount>200.00</ram:DuePayableAmount>", "<ram:DuePayableAmount>12000.00</ram:DuePayableAmount>",
	).Replace(rest)
	out := []byte(base[:start] + lines.String() + rest)
	d, err := Read(out)
	if err != nil {
		tb.Fatal(err)
	}
	if len(d.Lines) != 100 {
		tb.Fatalf("%d lines", len(d.Lines))
	}
	if ps := d.Check(); ps != nil {
		tb.Fatalf("the 100-line CII invoice is refused: %v", ps)
	}
	return out
}

// ciiBreakdownText returns the ApplicableTradeTax element of the header
// whose category is code.
func ciiBreakdownText(doc, code string) string {
	const open, end = "      <ram:ApplicableTradeTax>\n", "      </ram:ApplicableTradeTax>\n"
	for rest := doc; ; {
		i := strings.Index(rest, open)
		if i < 0 {
			return ""
		}
		j := strings.Index(rest[i:], end)
		el := rest[i : i+j+len(end)]
		if strings.Contains(el, "<ram:CategoryCode>"+code+"</ram:CategoryCode>") {
			return el
		}
		rest = rest[i+j+len(end):]
	}
}

func TestHundredLinesCII(t *testing.T) { hundredLinesCII(t) }

// BenchmarkValidateCII100Lines reads and checks a valid 100-line CII
// invoice: what e-invoicing does with each CII document.
func BenchmarkValidateCII100Lines(b *testing.B) {
	doc := hundredLinesCII(b)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := Read(doc)
		if err != nil {
			b.Fatal(err)
		}
		if ps := d.Check(); ps != nil {
			b.Fatal(ps)
		}
	}
}

// FuzzReadCII checks that Read and Check never panic on CII input and
// keep their bounds: a document or a *FormatError, problems bounded and
// complete. The seeds are the corpus' CII base documents.
func FuzzReadCII(f *testing.F) {
	for _, d := range corpus.CIIDocuments() {
		if strings.HasSuffix(d.Name, "-base") {
			f.Add(d.XML)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Read(data)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || doc != nil || len(fe.Problems) == 0 || len(fe.Problems) > MaxProblems+1 {
				t.Fatalf("Read: %T %v", err, err)
			}
			complete(t, fe.Problems)
			return
		}
		ps := doc.Check()
		if doc.Syntax == SyntaxCII && (doc.ID == "" || len(doc.Lines) == 0) && !HasFatal(ps) {
			t.Fatalf("Check accepted a CII document without a number or lines")
		}
		if len(ps) > MaxProblems+1 {
			t.Fatalf("%d business problems", len(ps))
		}
		complete(t, ps)
	})
}

// TestCIIRepeatedSingleElements: a CII document that repeats an element
// the CII schema allows once holds two values of one business term (two
// invoice currencies, two category codes in one VAT breakdown, two issue
// dates, two buyers' legal organizations); the artefacts cannot judge or
// silently read one, a receiver may read the other: Check refuses it as
// FORMAT at the second one, naming the count. Repeatable elements (a
// second VAT breakdown, a second line) and a syntax rule's own report
// (CII-SR-014 for two type codes, not also FORMAT) are left alone.
func TestCIIRepeatedSingleElements(t *testing.T) {
	de := string(ciiBase(t, "cii-de-base"))
	settlement := "/CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement"
	for _, c := range []struct {
		name, old, new, where string
	}{
		{"two invoice currencies", "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>", "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>\n      <ram:InvoiceCurrencyCode>USD</ram:InvoiceCurrencyCode>",
			settlement + "/ram:InvoiceCurrencyCode[2]"},
		{"two category codes in a breakdown", "<ram:CategoryCode>S</ram:CategoryCode>\n        <ram:RateApplicablePercent>7</ram:RateApplicablePercent>",
			"<ram:CategoryCode>S</ram:CategoryCode>\n        <ram:CategoryCode>E</ram:CategoryCode>\n        <ram:RateApplicablePercent>7</ram:RateApplicablePercent>",
			settlement + "/ram:ApplicableTradeTax[2]/ram:CategoryCode[2]"},
		{"two issue dates", `<udt:DateTimeString format="102">20260302</udt:DateTimeString>`,
			`<udt:DateTimeString format="102">20260302</udt:DateTimeString><udt:DateTimeString format="102">20250302</udt:DateTimeString>`,
			"/CrossIndustryInvoice/rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString[2]"},
		{"two headers", "  <rsm:SupplyChainTradeTransaction>", "  <rsm:ExchangedDocument>\n    <ram:ID>LL-2026-0816</ram:ID>\n    <ram:TypeCode>380</ram:TypeCode>\n  </rsm:ExchangedDocument>\n  <rsm:SupplyChainTradeTransaction>",
			"/CrossIndustryInvoice/rsm:ExchangedDocument[2]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if strings.Count(de, c.old) != 1 {
				t.Fatalf("the base has %d of %q", strings.Count(de, c.old), c.old)
			}
			d, err := Read([]byte(strings.Replace(de, c.old, c.new, 1)))
			if err != nil {
				t.Fatal(err)
			}
			var found []Problem
			for _, p := range d.Check() {
				if p.Code == "FORMAT" {
					found = append(found, p)
				}
			}
			if len(found) != 1 || found[0].Location != c.where || found[0].Flag != Fatal || !strings.Contains(found[0].Message, "appears 2 times") {
				t.Fatalf("want one FORMAT at %s, got %v", c.where, found)
			}
		})
	}
	// The buyer's legal organization twice, with a trading name in the
	// second: the schema allows one.
	g := strings.Replace(string(ciiBase(t, "cii-g-base")), "<ram:ID>CHE-105.914.781</ram:ID>",
		"<ram:ID>CHE-105.914.781</ram:ID>\n        </ram:SpecifiedLegalOrganization>\n        <ram:SpecifiedLegalOrganization>\n          <ram:TradingBusinessName>Rheinfall</ram:TradingBusinessName>", 1)
	d, err := Read([]byte(g))
	if err != nil {
		t.Fatal(err)
	}
	if codes := fatalCodes(d.Check()); !slices.Equal(codes, []string{"FORMAT"}) {
		t.Errorf("two legal organizations: %v", codes)
	}
	// What the schema repeats stays valid, and a syntax rule that reports
	// a repetition is not doubled by FORMAT.
	for _, doc := range []string{de, strings.Replace(de, "<ram:TypeCode>380</ram:TypeCode>", "<ram:TypeCode>380</ram:TypeCode>\n    <ram:TypeCode>380</ram:TypeCode>", 1)} {
		d, err := Read([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		if codes := fatalCodes(d.Check()); slices.Contains(codes, "FORMAT") {
			t.Errorf("FORMAT among %v", codes)
		}
	}
}
