package einvoicing

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/facturx/facturxtest"
)

func ciiInvoice(t *testing.T) []byte {
	b, err := os.ReadFile("../../einvoice/testdata/invoice-cii.xml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// waitCompleted polls a document until it is final and returns it.
func (h *harness) waitFinal(id string) einvoice.Document {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		a := h.do("GET", "/einvoicing/v1/documents/"+id, "acme", nil)
		if a.status != 200 {
			h.t.Fatalf("get: %d %s", a.status, a.body)
		}
		if d := data[einvoice.Document](h.t, a); einvoice.Final(d.Status) {
			return d
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("document %s not final", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestSubmitCIIAndFacturX: POST /einvoicing/v1/documents takes CII XML as
// application/xml (the root element names the syntax) and a Factur-X PDF
// as application/pdf; the content route answers with the media type of
// the document as received.
func TestSubmitCIIAndFacturX(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	pdf := facturxtest.Invoice(ciiInvoice(t))
	for _, c := range []struct {
		name, contentType string
		body              []byte
	}{
		{"CII", "application/xml", ciiInvoice(t)},
		{"CII as text/xml", "text/xml; charset=utf-8", ciiInvoice(t)},
		// XML whose first kilobyte mentions the PDF header is XML.
		{"CII mentioning %PDF-", "application/xml", bytes.Replace(ciiInvoice(t), []byte("Lieferungen im Februar"), []byte("Lieferungen im Februar (order scan: %PDF-1.7)"), 1)},
		{"Factur-X", "application/pdf", pdf},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := h.do("POST", "/einvoicing/v1/documents", "acme", c.body, "Content-Type", c.contentType)
			if a.status != 202 {
				t.Fatalf("submit: %d %s", a.status, a.body)
			}
			d := data[einvoice.Document](t, a)
			if d.DocumentNumber != "LL-2026-0815" || d.IssueDate != "2026-03-02" {
				t.Fatalf("submitted %+v", d)
			}
			d = h.waitFinal(d.DocumentID)
			if d.Status != "Completed" || d.Syntax != "CII" || d.MediaType != einvoice.MediaTypeOf(c.body) || d.MediaType == einvoice.MediaPDF && c.contentType != einvoice.MediaPDF {
				t.Fatalf("final %+v %+v", d, d.ErrorDetail)
			}
			a = h.do("GET", "/einvoicing/v1/documents/"+d.DocumentID+"/content", "acme", nil)
			if a.status != 200 || !bytes.Equal(a.body, c.body) || a.header.Get("Content-Type") != einvoice.MediaTypeOf(c.body) {
				t.Errorf("content: %d %s", a.status, a.header.Get("Content-Type"))
			}
		})
	}
	// The body must be what its Content-Type says.
	for _, c := range []struct {
		name, contentType string
		body              []byte
		status            int
		target, msg       string
	}{
		{"a PDF sent as XML", "application/xml", pdf, 415, "Content-Type", "send a Factur-X or ZUGFeRD PDF as application/pdf"},
		{"XML sent as a PDF", "application/pdf", ciiInvoice(t), 400, "body", "not a PDF"},
		{"an image", "image/png", []byte("\x89PNG"), 415, "Content-Type", "application/pdf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := h.do("POST", "/einvoicing/v1/documents", "acme", c.body, "Content-Type", c.contentType)
			if a.status != c.status || target(t, a) != c.target || !strings.Contains(string(a.body), c.msg) {
				t.Fatalf("%d %s", a.status, a.body)
			}
		})
	}
}
