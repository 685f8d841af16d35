package facturx_test

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/facturx"
	"github.com/levytax/levy/einvoice/facturx/facturxtest"
)

const invoice = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><!-- (a parenthesis) and endstream --></rsm:CrossIndustryInvoice>
`

const limit = 1 << 20

// TestExtract reads the invoice of PDFs built as Factur-X and ZUGFeRD
// build them: a cross-reference table or object streams, the file
// compressed or not, listed in the name tree and /AF or in /AF only.
func TestExtract(t *testing.T) {
	for _, c := range []struct {
		name string
		opts facturxtest.Options
		file string
		rel  string
	}{
		{"factur-x, plain", facturxtest.Options{}, "factur-x.xml", "Data"},
		{"factur-x, compressed", facturxtest.Options{Compress: true}, "factur-x.xml", "Data"},
		{"object streams", facturxtest.Options{Compress: true, ObjectStreams: true}, "factur-x.xml", "Alternative"},
		{"listed by /AF only", facturxtest.Options{Compress: true, NoCatalogNames: true}, "factur-x.xml", "Data"},
		{"ZUGFeRD 2.0", facturxtest.Options{Compress: true}, "zugferd-invoice.xml", "Alternative"},
		{"ZUGFeRD 2.1 XRechnung", facturxtest.Options{Compress: true}, "xrechnung.xml", "Alternative"},
		{"name in another case", facturxtest.Options{}, "Factur-X.XML", "Data"},
		{"only XML file, another name", facturxtest.Options{Compress: true}, "rechnung-2026-0815.xml", "Source"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdf := facturxtest.PDF(c.opts,
				facturxtest.File{Name: "terms.pdf", Relationship: "Supplement", Data: []byte("%PDF-1.4 terms"), Subtype: "application/pdf"},
				facturxtest.File{Name: c.file, Relationship: c.rel, Data: []byte(invoice), Subtype: "text/xml"})
			if !facturx.IsPDF(pdf) {
				t.Fatal("IsPDF is false")
			}
			a, err := facturx.Extract(pdf, limit)
			if err != nil {
				t.Fatal(err)
			}
			if a.Name != c.file || a.Relationship != c.rel || string(a.Data) != invoice {
				t.Errorf("got %q %q %q", a.Name, a.Relationship, a.Data)
			}
			all, err := facturx.Attachments(pdf, limit)
			if err != nil || len(all) != 2 {
				t.Errorf("Attachments: %d, %v", len(all), err)
			}
		})
	}
}

// TestExtractRefuses: what gives no invoice, each with a reason.
func TestExtractRefuses(t *testing.T) {
	xmlFile := func(name string) facturxtest.File {
		return facturxtest.File{Name: name, Relationship: "Data", Data: []byte(invoice), Subtype: "text/xml"}
	}
	png := facturxtest.File{Name: "logo.png", Relationship: "Supplement", Data: []byte("\x89PNG"), Subtype: "image/png"}
	bomb := func() []byte {
		var b bytes.Buffer
		w := zlib.NewWriter(&b)
		_, _ = w.Write(make([]byte, 4*limit))
		_ = w.Close()
		return []byte(fmt.Sprintf("%%PDF-1.7\n1 0 obj\n<< /Type /Catalog /AF [2 0 R] >>\nendobj\n2 0 obj\n<< /Type /Filespec /F (factur-x.xml) /EF << /F 3 0 R >> >>\nendobj\n3 0 obj\n<< /Type /EmbeddedFile /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n", b.Len(), b.Bytes()))
	}
	for _, c := range []struct {
		name string
		pdf  []byte
		msg  string
	}{
		{"not a PDF", []byte(invoice), "not a PDF"},
		{"no attachment", facturxtest.PDF(facturxtest.Options{}), "no embedded file"},
		{"no XML attachment", facturxtest.PDF(facturxtest.Options{}, png), `embeds no XML file (it embeds "logo.png")`},
		{"two XML attachments of other names", facturxtest.PDF(facturxtest.Options{}, xmlFile("a.xml"), xmlFile("b.xml")), "embeds 2 XML files"},
		{"encrypted", append(facturxtest.Invoice([]byte(invoice)), "trailer\n<< /Root 1 0 R /Encrypt 9 0 R >>\n"...), "encrypted"},
		{"decompression bomb", bomb(), "more than 1048576 bytes"},
		{"nesting too deep", []byte("%PDF-1.7\n1 0 obj\n" + strings.Repeat("[", 100) + "\nendobj\n"), "nests arrays and dictionaries more than 32 deep"},
		{"an unknown filter", []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /AF [2 0 R] >>\nendobj\n2 0 obj\n<< /F (factur-x.xml) /EF << /F 3 0 R >> >>\nendobj\n3 0 obj\n<< /Filter /JBIG2Decode /Length 3 >>\nstream\nabc\nendstream\nendobj\n"), "JBIG2Decode"},
		{"damaged compressed data", []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /AF [2 0 R] >>\nendobj\n2 0 obj\n<< /F (factur-x.xml) /EF << /F 3 0 R >> >>\nendobj\n3 0 obj\n<< /Filter /FlateDecode /Length 3 >>\nstream\nabc\nendstream\nendobj\n"), "damaged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := facturx.Extract(c.pdf, limit)
			var fe *facturx.Error
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want an *Error with %q", err, c.msg)
			}
		})
	}
}

// TestExtractManyValues: a PDF of more values than MaxValues is refused
// once the bound is reached, whatever it goes on to hold.
func TestExtractManyValues(t *testing.T) {
	pdf := []byte("%PDF-1.7\n1 0 obj\n[" + strings.Repeat("1 ", facturx.MaxValues+1) + "]\nendobj\n")
	_, err := facturx.Extract(pdf, limit)
	if err == nil || !strings.Contains(err.Error(), "more than 200000 values") {
		t.Fatalf("got %v", err)
	}
}

// TestExtractLatestRevision: an incremental update that replaces the
// embedded file replaces the invoice; a /Length given by reference, and
// a name written in UTF-16 with escapes, are read.
func TestExtractLatestRevision(t *testing.T) {
	pdf := facturxtest.PDF(facturxtest.Options{}, facturxtest.File{Name: "factur-x.xml", Relationship: "Data", Data: []byte("old"), Subtype: "text/xml"})
	// The embedded file is object 5, its specification object 6 (see
	// facturxtest.PDF).
	// The new specification names the file in UTF-16BE, with its byte
	// order mark, written as octal escapes in a literal string.
	uf := `\376\377`
	for _, c := range "factur-x.xml" {
		uf += fmt.Sprintf(`\000\%03o`, c)
	}
	update := "5 0 obj\n<< /Type /EmbeddedFile /Length 7 0 R >>\nstream\n" + invoice + "\nendstream\nendobj\n7 0 obj\n" +
		fmt.Sprint(len(invoice)) + "\nendobj\n6 0 obj\n<< /Type /Filespec /F (x.xml) /UF (" + uf + ") /AFRelationship /Data /EF << /F 5 0 R >> >>\nendobj\n" +
		"trailer\n<< /Root 1 0 R /Prev 0 >>\n%%EOF\n"
	a, err := facturx.Extract(append(pdf, update...), limit)
	if err != nil {
		t.Fatal(err)
	}
	if string(a.Data) != invoice || a.Name != "factur-x.xml" {
		t.Errorf("got %q named %q", a.Data, a.Name)
	}
}

// FuzzExtract checks that Extract and ExtractInvoice never panic, return
// an *Error when they fail, and agree.
func FuzzExtract(f *testing.F) {
	f.Add(facturxtest.Invoice([]byte(invoice)))
	f.Add(facturxtest.PDF(facturxtest.Options{Metadata: facturxtest.XMP("MINIMUM", true)}, facturxtest.File{Name: "factur-x.xml", Relationship: "Data", Data: []byte(invoice), Subtype: "text/xml"}))
	f.Add(facturxtest.PDF(facturxtest.Options{Compress: true, ObjectStreams: true}, facturxtest.File{Name: "factur-x.xml", Relationship: "Data", Data: []byte(invoice), Subtype: "text/xml"}))
	f.Add([]byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /AF [2 0 R] >>\nendobj\n2 0 obj\n<< /F (a\\(b\\)) /EF << /F 2 0 R >> >>\nendobj\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := facturx.Extract(data, 1<<16)
		if err != nil {
			if !facturx.IsError(err) {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		if len(a.Data) > 1<<16 {
			t.Fatalf("%d bytes", len(a.Data))
		}
		inv, err := facturx.ExtractInvoice(data, 1<<16)
		if err != nil || string(inv.Data) != string(a.Data) || inv.Name != a.Name {
			t.Fatalf("ExtractInvoice: %v", err)
		}
	})
}

// TestIsPDFNotXML: data that starts as XML does is not a PDF even when
// its first kilobyte mentions %PDF-; a PDF is one with its header at the
// start or after other bytes that are not XML.
func TestIsPDFNotXML(t *testing.T) {
	for _, c := range []struct {
		data string
		pdf  bool
	}{
		{"%PDF-1.7\n", true},
		{"junk before the header\n%PDF-1.4\n", true},
		{`<?xml version="1.0"?><Invoice><Note>scan: %PDF-1.7</Note></Invoice>`, false},
		{"\xef\xbb\xbf\n  <rsm:CrossIndustryInvoice><!-- %PDF- -->", false},
		{"<Invoice/>", false},
	} {
		if got := facturx.IsPDF([]byte(c.data)); got != c.pdf {
			t.Errorf("IsPDF(%q) = %v", c.data, got)
		}
	}
}

// TestExtractInvoiceConformanceLevel: ExtractInvoice reads the Factur-X
// conformance level of the PDF's XMP metadata, written as an element or
// as an attribute, with a cross-reference table or object streams; a PDF
// without metadata, or whose metadata is not XML or gives no level, has
// none, and its invoice is read all the same.
func TestExtractInvoiceConformanceLevel(t *testing.T) {
	zugferd := []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:zf="urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#"><zf:ConformanceLevel> BASIC WL </zf:ConformanceLevel></rdf:Description></rdf:RDF></x:xmpmeta>`)
	other := []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:o="urn:example:other#"><o:ConformanceLevel>MINIMUM</o:ConformanceLevel></rdf:Description></rdf:RDF></x:xmpmeta>`)
	for _, c := range []struct {
		name     string
		opts     facturxtest.Options
		want     string
		fileName string
	}{
		{"element", facturxtest.Options{Metadata: facturxtest.XMP("MINIMUM", false)}, "MINIMUM", "factur-x.xml"},
		{"attribute", facturxtest.Options{Compress: true, Metadata: facturxtest.XMP("EN 16931", true)}, "EN 16931", "factur-x.xml"},
		{"object streams", facturxtest.Options{Compress: true, ObjectStreams: true, Metadata: facturxtest.XMP("BASIC WL", false)}, "BASIC WL", "factur-x.xml"},
		{"ZUGFeRD 2 namespace", facturxtest.Options{Metadata: zugferd}, "BASIC WL", "zugferd-invoice.xml"},
		{"another namespace", facturxtest.Options{Metadata: other}, "", "factur-x.xml"},
		{"no metadata", facturxtest.Options{Compress: true}, "", "factur-x.xml"},
		{"metadata not XML", facturxtest.Options{Metadata: []byte("<x:xmpmeta><fx:ConformanceLevel>MINIMUM")}, "", "factur-x.xml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdf := facturxtest.PDF(c.opts, facturxtest.File{Name: c.fileName, Relationship: "Data", Data: []byte(invoice), Subtype: "text/xml"})
			inv, err := facturx.ExtractInvoice(pdf, limit)
			if err != nil {
				t.Fatal(err)
			}
			if inv.ConformanceLevel != c.want || inv.Name != c.fileName || string(inv.Data) != invoice {
				t.Errorf("got level %q, file %q %q", inv.ConformanceLevel, inv.Name, inv.Data)
			}
			if a, err := facturx.Extract(pdf, limit); err != nil || string(a.Data) != invoice {
				t.Errorf("Extract: %v", err)
			}
		})
	}
	t.Run("metadata past the limit", func(t *testing.T) {
		pdf := facturxtest.PDF(facturxtest.Options{Metadata: facturxtest.XMP("MINIMUM", false)},
			facturxtest.File{Name: "factur-x.xml", Relationship: "Data", Data: []byte(invoice), Subtype: "text/xml"})
		inv, err := facturx.ExtractInvoice(pdf, len(invoice))
		if err != nil || inv.ConformanceLevel != "" {
			t.Fatalf("got %+v, %v", inv, err)
		}
	})
}
