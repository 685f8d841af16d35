package ubl_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/levytax/levy/einvoice/ubl"
)

func Example() {
	data, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		panic(err)
	}

	// A valid invoice: Parse accepts it and Check finds nothing.
	doc, err := ubl.Parse(data)
	if err != nil {
		panic(err)
	}
	fmt.Println(doc.Kind, doc.ID, doc.IssueDate, doc.Totals.PayableAmount.Value.StringFixed(2), doc.Currency)
	fmt.Println("deliver to", doc.Receiver().Address())
	fmt.Println("problems:", doc.Check())

	// A total with VAT that does not add up is a business error.
	bad := bytes.Replace(data, []byte(">390.29<"), []byte(">390.92<"), 1)
	doc, err = ubl.Parse(bad)
	if err != nil {
		panic(err)
	}
	for _, p := range doc.Check() {
		fmt.Println(p.Code, p.Location)
	}

	// Input that is not XML is a format error.
	_, err = ubl.Parse([]byte("Invoice VRB-2025-00417"))
	var fe *ubl.FormatError
	if errors.As(err, &fe) {
		fmt.Println(fe.Problems[0].Code, fe.Problems[0].Message)
	}
	// Output:
	// Invoice VRB-2025-00417 2025-03-14 290.30 EUR
	// deliver to 0088:5418726003154
	// problems: []
	// BR-CO-15 /Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount
	// BR-CO-16 /Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount
	// XML the document is not XML: it starts with text, not with an element (line 1)
}
