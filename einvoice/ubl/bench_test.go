package ubl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/ubl/internal/corpus"
)

// hundredLines returns a valid Peppol invoice between German parties with
// 100 lines, made from the corpus' German base document.
func hundredLines(tb testing.TB) []byte {
	tb.Helper()
	var base string
	for _, d := range corpus.Documents() {
		if d.Name == "de-base" {
			base = string(d.XML)
		}
	}
	start := strings.Index(base, "<cac:InvoiceLine>")
	end := strings.Index(base, "</cac:InvoiceLine>") + len("</cac:InvoiceLine>")
	if start < 0 || end < start {
		tb.Fatal("no line in the German base document")
	}
	line := base[start:end]
	var lines strings.Builder
	for i := 1; i <= 100; i++ {
		lines.WriteString(strings.Replace(line, "<cbc:ID>1</cbc:ID>", fmt.Sprintf("<cbc:ID>%d</cbc:ID>", i), 1))
		lines.WriteString("\n  ")
	}
	doc := base[:start] + lines.String() + base[end:]
	r := strings.NewReplacer(
		`<cbc:TaxAmount currencyID="EUR">19.00</cbc:TaxAmount>`, `<cbc:TaxAmount currencyID="EUR">1900.00</cbc:TaxAmount>`,
		`<cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount>`, `<cbc:TaxableAmount currencyID="EUR">10000.00</cbc:TaxableAmount>`,
		`<cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">119.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">119.00</cbc:PayableAmount>`, `<cbc:LineExtensionAmount currencyID="EUR">10000.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">10000.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">11900.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">11900.00</cbc:PayableAmount>`)
	out := []byte(r.Replace(doc))
	d, err := Parse(out)
	if err != nil {
		tb.Fatal(err)
	}
	if len(d.Lines) != 100 {
		tb.Fatalf("%d lines", len(d.Lines))
	}
	if ps := d.Check(); ps != nil {
		tb.Fatalf("the 100-line invoice is refused: %v", ps)
	}
	return out
}

// BenchmarkValidate100Lines reads and checks a valid 100-line Peppol
// invoice between German parties (EN 16931, Peppol and the German rules):
// what e-invoicing does with each document.
func BenchmarkValidate100Lines(b *testing.B) {
	data := hundredLines(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		if ps := d.Check(); ps != nil {
			b.Fatal(ps)
		}
	}
}

// BenchmarkCheck100Lines applies the rules alone to the same invoice.
func BenchmarkCheck100Lines(b *testing.B) {
	d, err := Parse(hundredLines(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if ps := d.Check(); ps != nil {
			b.Fatal(ps)
		}
	}
}

// TestHundredLines keeps the benchmark's document valid.
func TestHundredLines(t *testing.T) { hundredLines(t) }
