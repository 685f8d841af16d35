package facturx_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/facturx"
	"github.com/levytax/levy/einvoice/facturx/facturxtest"
)

// BenchmarkExtract reads the invoice of a Factur-X PDF whose embedded CII
// has about 64 KiB, with 1 MiB of other streams (a PDF's fonts and
// images) before it.
func BenchmarkExtract(b *testing.B) {
	xml := []byte(strings.Repeat(invoice, 64<<10/len(invoice)))
	pdf := facturxtest.PDF(facturxtest.Options{Compress: true},
		facturxtest.File{Name: "logo.png", Relationship: "Supplement", Data: bytes.Repeat([]byte{0x89, 'P', 'N', 'G', 7, 3}, 1<<20/6), Subtype: "image/png"},
		facturxtest.File{Name: "factur-x.xml", Relationship: "Data", Data: xml, Subtype: "text/xml"})
	b.SetBytes(int64(len(pdf)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := facturx.Extract(pdf, 4<<20); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExtractWorstCase reads a PDF of 1 MiB that is nothing but
// small values, up to MaxValues: what the bound costs.
func BenchmarkExtractWorstCase(b *testing.B) {
	pdf := []byte("%PDF-1.7\n1 0 obj\n[" + strings.Repeat("1 ", facturx.MaxValues-2) + "]\nendobj\n")
	b.SetBytes(int64(len(pdf)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := facturx.Extract(pdf, 4<<20); err == nil {
			b.Fatal("a PDF without an invoice was read")
		}
	}
}

// BenchmarkExtractInvoice is BenchmarkExtract's PDF with XMP metadata,
// read by ExtractInvoice: what reading the conformance level adds.
func BenchmarkExtractInvoice(b *testing.B) {
	xml := []byte(strings.Repeat(invoice, 64<<10/len(invoice)))
	pdf := facturxtest.PDF(facturxtest.Options{Compress: true, Metadata: facturxtest.XMP("EN 16931", false)},
		facturxtest.File{Name: "logo.png", Relationship: "Supplement", Data: bytes.Repeat([]byte{0x89, 'P', 'N', 'G', 7, 3}, 1<<20/6), Subtype: "image/png"},
		facturxtest.File{Name: "factur-x.xml", Relationship: "Data", Data: xml, Subtype: "text/xml"})
	b.SetBytes(int64(len(pdf)))
	b.ReportAllocs()
	for b.Loop() {
		if inv, err := facturx.ExtractInvoice(pdf, 4<<20); err != nil || inv.ConformanceLevel != "EN 16931" {
			b.Fatal(inv, err)
		}
	}
}
