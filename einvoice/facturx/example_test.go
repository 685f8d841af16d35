package facturx_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/levytax/levy/einvoice/facturx"
	"github.com/levytax/levy/einvoice/facturx/facturxtest"
)

// A PDF that a customer uploads carries its invoice as an embedded XML
// file: ExtractInvoice finds it and reads the conformance level from the
// PDF's metadata. A PDF without an embedded invoice is an *Error.
func ExampleExtractInvoice() {
	xml, err := os.ReadFile("../testdata/invoice-cii.xml")
	if err != nil {
		panic(err)
	}
	pdf := facturxtest.PDF(facturxtest.Options{Compress: true, Metadata: facturxtest.XMP("EN 16931", false)},
		facturxtest.File{Name: "factur-x.xml", Relationship: "Data", Data: xml, Subtype: "text/xml"})
	fmt.Println("is a PDF:", facturx.IsPDF(pdf))

	inv, err := facturx.ExtractInvoice(pdf, 1<<20)
	if err != nil {
		panic(err)
	}
	fmt.Println(inv.Name, inv.Relationship, inv.ConformanceLevel, bytes.Equal(inv.Data, xml))

	_, err = facturx.ExtractInvoice(facturxtest.PDF(facturxtest.Options{}), 1<<20)
	fmt.Println(facturx.IsError(err), err)
	// Output:
	// is a PDF: true
	// factur-x.xml Data EN 16931 true
	// true facturx: the PDF has no embedded file: a Factur-X or ZUGFeRD PDF embeds its invoice as factur-x.xml (or zugferd-invoice.xml, xrechnung.xml)
}
