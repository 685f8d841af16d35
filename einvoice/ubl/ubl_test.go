package ubl

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// load reads a file of testdata.
func load(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mutate returns doc with old replaced by new; old must occur exactly once,
// so that a test can not silently stop testing what it says.
func mutate(t testing.TB, doc []byte, old, new string) []byte {
	t.Helper()
	if n := strings.Count(string(doc), old); n != 1 {
		t.Fatalf("%q occurs %d times in the document, want once", old, n)
	}
	return []byte(strings.Replace(string(doc), old, new, 1))
}

// codes returns the problems as "CODE LOCATION" strings.
func codes(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Code+" "+p.Location)
	}
	return out
}

func TestValidDocuments(t *testing.T) {
	for _, name := range []string{"invoice.xml", "creditnote.xml"} {
		doc, err := Parse(load(t, name))
		if err != nil {
			t.Fatalf("%s: Parse: %v", name, err)
		}
		if ps := doc.Check(); ps != nil {
			for _, p := range ps {
				t.Errorf("%s: %s", name, p)
			}
		}
	}
}

func TestParseInvoiceFields(t *testing.T) {
	doc, err := Parse(load(t, "invoice.xml"))
	if err != nil {
		t.Fatal(err)
	}
	str := func(field, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %q, want %q", field, got, want)
		}
	}
	amt := func(field string, a Amount, want string) {
		t.Helper()
		got := "absent"
		if a.Present {
			got = a.Value.String() + " " + a.Currency
			if a.Value.Exponent() != -2 {
				got += " (scale lost)"
			}
		}
		if got != want {
			t.Errorf("%s = %s, want %s", field, got, want)
		}
	}
	str("Kind", doc.Kind, KindInvoice)
	str("CustomizationID", doc.CustomizationID, "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0")
	str("ProfileID", doc.ProfileID, "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
	str("ID", doc.ID, "VRB-2025-00417")
	str("IssueDate", doc.IssueDate, "2025-03-14")
	str("DueDate", doc.DueDate, "2025-04-13")
	str("TypeCode", doc.TypeCode, "380")
	str("Currency", doc.Currency, "EUR")
	str("TaxCurrency", doc.TaxCurrency, "")
	str("BuyerReference", doc.BuyerReference, "KLK-PO-8812")

	str("Supplier.Address", doc.Supplier.Address(), "0208:0471826311")
	str("Supplier.Name", doc.Supplier.Name, "Atelier Verbeke BV")
	str("Supplier.TradingName", doc.Supplier.TradingName, "Atelier Verbeke")
	str("Supplier.CountryCode", doc.Supplier.CountryCode, "BE")
	str("Supplier.VATID", doc.Supplier.VATID, "BE0471826311")
	str("Supplier.LegalID", doc.Supplier.LegalID, "0471826311")
	str("Receiver().Address", doc.Receiver().Address(), "0088:5418726003154")
	str("Customer.EndpointID", doc.Customer.EndpointID, "5418726003154")
	str("Customer.EndpointScheme", doc.Customer.EndpointScheme, "0088")
	str("Customer.Name", doc.Customer.Name, "Brasserie De Klokke NV")
	str("Customer.VATID", doc.Customer.VATID, "BE0825193747")
	str("Sender().Name", doc.Sender().Name, "Atelier Verbeke BV")

	if len(doc.AllowanceCharges) != 2 {
		t.Fatalf("%d allowances and charges, want 2", len(doc.AllowanceCharges))
	}
	a, c := doc.AllowanceCharges[0], doc.AllowanceCharges[1]
	if a.Charge || !c.Charge {
		t.Errorf("Charge = %v, %v; want false, true", a.Charge, c.Charge)
	}
	amt("allowance Amount", a.Amount, "29.5 EUR")
	amt("allowance BaseAmount", a.BaseAmount, "295 EUR")
	str("allowance ReasonCode", a.ReasonCode, "95")
	str("allowance Reason", a.Reason, "Loyalty discount on furniture")
	str("allowance MultiplierFactor", a.MultiplierFactor.Value.String(), "10")
	str("allowance TaxCategory", a.TaxCategory.ID+" "+a.TaxCategory.Percent.Value.String()+" "+a.TaxCategory.TaxScheme, "S 21 VAT")
	amt("charge Amount", c.Amount, "15 EUR")
	amt("charge BaseAmount", c.BaseAmount, "absent")

	if len(doc.TaxTotals) != 1 || len(doc.TaxTotals[0].Subtotals) != 2 {
		t.Fatalf("TaxTotals = %+v, want one with two subtotals", doc.TaxTotals)
	}
	amt("TaxTotal.TaxAmount", doc.TaxTotals[0].TaxAmount, "61.79 EUR")
	amt("VATTotal", doc.VATTotal(), "61.79 EUR")
	s := doc.TaxTotals[0].Subtotals[1]
	amt("TaxSubtotal[2].TaxableAmount", s.TaxableAmount, "48 EUR")
	amt("TaxSubtotal[2].TaxAmount", s.TaxAmount, "2.88 EUR")
	str("TaxSubtotal[2].Category", s.Category.ID+" "+s.Category.Percent.Value.String(), "S 6")

	m := doc.Totals
	amt("LineExtensionAmount", m.LineExtensionAmount, "343 EUR")
	amt("TaxExclusiveAmount", m.TaxExclusiveAmount, "328.5 EUR")
	amt("TaxInclusiveAmount", m.TaxInclusiveAmount, "390.29 EUR")
	amt("AllowanceTotalAmount", m.AllowanceTotalAmount, "29.5 EUR")
	amt("ChargeTotalAmount", m.ChargeTotalAmount, "15 EUR")
	amt("PrepaidAmount", m.PrepaidAmount, "100 EUR")
	amt("PayableRoundingAmount", m.PayableRoundingAmount, "0.01 EUR")
	amt("PayableAmount", m.PayableAmount, "290.3 EUR")

	if len(doc.Lines) != 3 {
		t.Fatalf("%d lines, want 3", len(doc.Lines))
	}
	l := doc.Lines[2]
	str("line 3 ID", l.ID, "3")
	str("line 3 Quantity", l.Quantity.Value.String()+" "+l.Quantity.UnitCode, "250 KGM")
	amt("line 3 LineExtensionAmount", l.LineExtensionAmount, "50 EUR")
	str("line 3 ItemName", l.ItemName, "Recycled packing paper")
	str("line 3 TaxCategory", l.TaxCategory.ID+" "+l.TaxCategory.Percent.Value.String(), "S 21")
	amt("line 3 PriceAmount", l.PriceAmount, "18 EUR")
	str("line 3 BaseQuantity", l.BaseQuantity.Value.String()+" "+l.BaseQuantity.UnitCode, "100 KGM")
	if len(l.AllowanceCharges) != 1 || !l.AllowanceCharges[0].Charge {
		t.Errorf("line 3 AllowanceCharges = %+v, want one charge", l.AllowanceCharges)
	}
	if doc.Lines[0].BaseQuantity.Present || len(doc.Lines[0].AllowanceCharges) != 0 {
		t.Errorf("line 1 = %+v, want no base quantity and no allowance (the price allowance is not one)", doc.Lines[0])
	}
}

func TestParseCreditNoteFields(t *testing.T) {
	doc, err := Parse(load(t, "creditnote.xml"))
	if err != nil {
		t.Fatal(err)
	}
	got := []string{doc.Kind, doc.ID, doc.TypeCode, doc.DueDate, doc.Currency, doc.TaxCurrency,
		doc.Supplier.Address(), doc.Customer.Address(), doc.Customer.Name, doc.VATTotal().Value.String()}
	want := []string{KindCreditNote, "KR-88121", "381", "2025-05-31", "EUR", "SEK",
		"0007:5568217342", "0007:5590123658", "Hallmässan Konferens AB", "84.5"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if len(doc.TaxTotals) != 2 || doc.TaxTotals[1].TaxAmount.Currency != "SEK" || len(doc.TaxTotals[1].Subtotals) != 0 {
		t.Errorf("TaxTotals = %+v, want a second one in SEK without breakdown", doc.TaxTotals)
	}
	if len(doc.Lines) != 2 || doc.Lines[0].Quantity.Value.String() != "2" || doc.Lines[0].Quantity.UnitCode != "C62" {
		t.Errorf("Lines = %+v, want two, the first of 2 C62", doc.Lines)
	}
}

// TestParsePrefixes checks that elements are matched by namespace, not by
// prefix: the invoice with other prefixes, or with cbc as the default
// namespace, reads the same.
func TestParsePrefixes(t *testing.T) {
	orig := load(t, "invoice.xml")
	want, err := Parse(orig)
	if err != nil {
		t.Fatal(err)
	}
	s := string(orig)
	renamed := strings.NewReplacer("cbc:", "b:", "cac:", "agg:", "xmlns:cbc=", "xmlns:b=", "xmlns:cac=", "xmlns:agg=").Replace(s)
	// The root in a prefix, cbc the default namespace.
	defaulted := strings.NewReplacer("<Invoice ", "<inv:Invoice ", "</Invoice>", "</inv:Invoice>",
		`xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"`, `xmlns:inv="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"`,
		"cbc:", "", "xmlns:cbc=", "xmlns=").Replace(s)
	for name, text := range map[string]string{"renamed": renamed, "defaulted": defaulted} {
		got, err := Parse([]byte(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !sameDocument(got, want) {
			t.Errorf("%s: got %+v\nwant %+v", name, got, want)
		}
	}
}

// sameDocument compares two documents field by field, amounts by value.
func sameDocument(a, b *Document) bool {
	x, y := *a, *b
	x.tree, y.tree = nil, nil
	return fmt.Sprintf("%v", x) == fmt.Sprintf("%v", y)
}
