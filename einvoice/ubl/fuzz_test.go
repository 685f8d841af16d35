package ubl

import (
	"encoding/xml"
	"errors"
	"strings"
	"testing"
)

// FuzzParse checks that Parse and Check never panic, that Parse returns
// either a document or a *FormatError with bounded, complete problems, and
// that Check's problems are bounded and complete too. The seeds in
// testdata/fuzz/FuzzParse include the valid documents of testdata.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Parse(data)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Parse error %T %v, want a *FormatError", err, err)
			}
			if doc != nil {
				t.Fatal("Parse returned a document with its error")
			}
			if len(fe.Problems) == 0 || len(fe.Problems) > MaxProblems+1 {
				t.Fatalf("%d format problems", len(fe.Problems))
			}
			complete(t, fe.Problems)
			_ = fe.Error()
			return
		}
		if doc.Kind != KindInvoice && doc.Kind != KindCreditNote {
			t.Fatalf("Kind = %q", doc.Kind)
		}
		ps := doc.Check()
		// A document without a mandatory element is refused by the
		// rules that require it.
		if doc.ID == "" || doc.IssueDate == "" || doc.Currency == "" || len(doc.Lines) == 0 {
			if !HasFatal(ps) {
				t.Fatalf("Check accepted a document without a mandatory element: %+v", doc)
			}
		}
		if len(ps) > MaxProblems+1 {
			t.Fatalf("%d business problems", len(ps))
		}
		complete(t, ps)
		_ = doc.Receiver().Address()
		_ = doc.Sender().Address()
	})
}

// complete fails when a problem lacks a code or a message.
func complete(t *testing.T, ps []Problem) {
	t.Helper()
	for _, p := range ps {
		if p.Code == "" || p.Message == "" {
			t.Fatalf("incomplete problem %+v", p)
		}
	}
}

// FuzzValues puts arbitrary values into the valid invoice, where they reach
// Check more often than the bytes FuzzParse mutates: a line quantity, price
// and base quantity, a VAT rate, a total, and the buyer's electronic
// address.
func FuzzValues(f *testing.F) {
	f.Add("10", "24.50", "1", "21", "290.30", "0088", "5418726003154")
	f.Add("-3", "0.001", "0.0001", "0", "-0.00", "0192", "974760673")
	f.Add("999999999999999999999999999999", "99999999999999999999.9999999999", "3", "99999999999999999999999999.9999", "1", "0208", "0471826311")
	f.Add("1.", ".5", "0", "-21", "+1", "9925", "BE 1")
	doc := string(load(f, "invoice.xml"))
	f.Fuzz(func(t *testing.T, qty, price, base, rate, payable, scheme, id string) {
		esc := func(s string) string {
			var b strings.Builder
			xml.EscapeText(&b, []byte(s))
			return b.String()
		}
		r := strings.NewReplacer(
			`<cbc:InvoicedQuantity unitCode="C62">10<`, `<cbc:InvoicedQuantity unitCode="C62">`+esc(qty)+`<`,
			`<cbc:PriceAmount currencyID="EUR">24.50<`, `<cbc:PriceAmount currencyID="EUR">`+esc(price)+`<`,
			`<cbc:BaseQuantity unitCode="KGM">100<`, `<cbc:BaseQuantity unitCode="KGM">`+esc(base)+`<`,
			`<cbc:Percent>6<`, `<cbc:Percent>`+esc(rate)+`<`,
			`<cbc:PayableAmount currencyID="EUR">290.30<`, `<cbc:PayableAmount currencyID="EUR">`+esc(payable)+`<`,
			`<cbc:EndpointID schemeID="0088">5418726003154<`, `<cbc:EndpointID schemeID="`+esc(scheme)+`">`+esc(id)+`<`,
		)
		d, err := Parse([]byte(r.Replace(doc)))
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Parse error %T %v", err, err)
			}
			complete(t, fe.Problems)
			return
		}
		ps := d.Check()
		if len(ps) > MaxProblems+1 {
			t.Fatalf("%d problems", len(ps))
		}
		complete(t, ps)
	})
}
