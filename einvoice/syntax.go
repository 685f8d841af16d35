package einvoice

import (
	"bytes"
	"encoding/xml"
	"errors"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/facturx"
	"github.com/levytax/levy/einvoice/ubl"
)

// The media types of the documents e-invoicing takes: XML in either
// syntax of EN 16931 (UBL 2.1 or UN/CEFACT CII, told apart by the root
// element), and Factur-X or ZUGFeRD PDFs, which embed a CII invoice.
const (
	MediaXML = "application/xml"
	MediaPDF = "application/pdf"
)

// MediaTypeOf returns the media type of a document by its content:
// MediaPDF for a PDF, MediaXML for anything else.
func MediaTypeOf(data []byte) string {
	if facturx.IsPDF(data) {
		return MediaPDF
	}
	return MediaXML
}

// readDocument reads a stored document: the CII invoice embedded in a
// Factur-X or ZUGFeRD PDF, or an XML document in either syntax. The XML
// embedded in a PDF (and its XMP metadata) may have at most limit bytes
// once decoded. A PDF that gives no invoice is reported as a
// *ubl.FormatError with the code PDF; the profile of its invoice is the
// XML's, or the XMP metadata's when the XML names none (ubl.ParseFacturX).
func readDocument(content []byte, limit int) (*ubl.Document, error) {
	if !facturx.IsPDF(content) {
		return ubl.Read(content)
	}
	a, err := facturx.ExtractInvoice(content, limit)
	if err != nil {
		var fe *facturx.Error
		if errors.As(err, &fe) {
			return nil, &ubl.FormatError{Problems: []ubl.Problem{{Code: "PDF", Message: fe.Message, Flag: ubl.Fatal}}}
		}
		return nil, err
	}
	doc, err := ubl.ParseFacturX(a.Data, a.ConformanceLevel)
	var fe *ubl.FormatError
	if errors.As(err, &fe) {
		for i := range fe.Problems {
			fe.Problems[i].Message = "in the PDF's " + a.Name + ": " + fe.Problems[i].Message
		}
	}
	return doc, err
}

// peekHead reads the document number and the issue date (when it is a
// real date, as YYYY-MM-DD) from the start of a document, so that the
// record and the event of Pending carry them; either is "" when it is not
// found early, and pre-processing reads both properly. It reads a UBL
// document's cbc:ID and cbc:IssueDate, a CII document's ExchangedDocument
// ram:ID and IssueDateTime, and those of the CII invoice a PDF embeds
// (at most limit bytes of it).
func peekHead(data []byte, limit int) (number, issueDate string) {
	if facturx.IsPDF(data) {
		a, err := facturx.Extract(data, limit)
		if err != nil {
			return "", ""
		}
		data = a.Data
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var path []string // local names from the root
	cii := false
	text := func(t xml.StartElement) (string, bool) {
		var s string
		if err := dec.DecodeElement(&s, &t); err != nil || len(s) > 200 {
			return "", false
		}
		return ubl.TrimXMLSpace(s), true
	}
	for range 400 {
		if number != "" && issueDate != "" {
			return number, issueDate
		}
		tok, err := dec.Token()
		if err != nil {
			return number, issueDate
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(path) == 0 {
				cii = t.Name.Local == ubl.RootCII && t.Name.Space == ubl.NamespaceRSM
			}
			depth := len(path) + 1
			var s string
			var ok bool
			switch {
			case !cii && depth == 2 && t.Name.Space == ubl.NamespaceCBC && t.Name.Local == "ID" && number == "":
				if s, ok = text(t); !ok {
					return number, issueDate
				}
				number = s
				continue
			case !cii && depth == 2 && t.Name.Space == ubl.NamespaceCBC && t.Name.Local == "IssueDate" && issueDate == "":
				if s, ok = text(t); !ok {
					return number, issueDate
				}
				if _, err := civil.Parse(s); err == nil {
					issueDate = s
				}
				continue
			case cii && depth == 3 && path[1] == "ExchangedDocument" && t.Name.Space == ubl.NamespaceRAM && t.Name.Local == "ID" && number == "":
				if s, ok = text(t); !ok {
					return number, issueDate
				}
				number = s
				continue
			case cii && depth == 4 && path[1] == "ExchangedDocument" && path[2] == "IssueDateTime" && t.Name.Local == "DateTimeString" && issueDate == "":
				format := ""
				for _, a := range t.Attr {
					if a.Name.Local == "format" {
						format = a.Value
					}
				}
				if s, ok = text(t); !ok {
					return number, issueDate
				}
				if d := date102(s); format == "102" && d != "" {
					issueDate = d
				}
				continue
			case cii && depth == 2 && t.Name.Local == "SupplyChainTradeTransaction":
				return number, issueDate
			}
			path = append(path, t.Name.Local)
		case xml.EndElement:
			if len(path) > 0 {
				path = path[:len(path)-1]
			}
		}
	}
	return number, issueDate
}

// date102 returns a date of format 102 (YYYYMMDD) as YYYY-MM-DD when it is
// a real date, and "" otherwise.
func date102(s string) string {
	if len(s) != 8 {
		return ""
	}
	d := s[:4] + "-" + s[4:6] + "-" + s[6:]
	if _, err := civil.Parse(d); err != nil {
		return ""
	}
	return d
}
