package einvoice_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/facturx/facturxtest"
	"github.com/levytax/levy/einvoice/webhook"
)

// ciiInvoice returns the CII test invoice (XRechnung CII as a German
// seller writes it), with each pair of old and new strings replaced.
func ciiInvoice(t testing.TB, replace ...string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/invoice-cii.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i+1 < len(replace); i += 2 {
		if !strings.Contains(s, replace[i]) {
			t.Fatalf("the CII test invoice has no %q", replace[i])
		}
		s = strings.Replace(s, replace[i], replace[i+1], 1)
	}
	return []byte(s)
}

// TestCIIAndFacturXComplete: a CII invoice and a Factur-X PDF that embeds
// it go through the same workflow as a UBL invoice: the record names the
// syntax and media type, every event carries the number and issue date
// read from the CII, and the outbox holds the document as received (the
// PDF as a .pdf).
func TestCIIAndFacturXComplete(t *testing.T) {
	dir := t.TempDir()
	s, _ := open(t, dir, Config{})
	tg := newTarget(t, nil)
	connect(t, s, "acme", tg, AllEvents, true)
	cii := ciiInvoice(t)
	for _, c := range []struct {
		name, media, ext string
		doc              []byte
	}{
		{"CII", MediaXML, ".xml", cii},
		{"Factur-X", MediaPDF, ".pdf", facturxtest.Invoice(cii)},
		{"ZUGFeRD with object streams", MediaPDF, ".pdf", facturxtest.PDF(facturxtest.Options{Compress: true, ObjectStreams: true},
			facturxtest.File{Name: "zugferd-invoice.xml", Relationship: "Alternative", Data: cii, Subtype: "text/xml"})},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, _, err := s.Submit(tenantCtx("acme"), c.doc, "")
			if err != nil {
				t.Fatal(err)
			}
			if d.DocumentNumber != "LL-2026-0815" || d.IssueDate != "2026-03-02" || d.MediaType != c.media {
				t.Fatalf("submitted: %+v", d)
			}
			d = waitFinal(t, s, "acme", d.DocumentID)
			if d.Status != webhook.StatusCompleted || d.Syntax != "CII" || d.DocumentType != "Invoice" || d.PayableAmount != "400.00" ||
				d.CustomizationID != "urn:cen.eu:en16931:2017" || d.Endpoints.Receiver.Scheme != "9930" || d.Endpoints.Receiver.ID != "DE129483712" ||
				d.Endpoints.Sender.Name != "Lindenlicht Leuchten GmbH" {
				t.Fatalf("final: %+v %+v %+v", d, d.ErrorDetail, d.Endpoints.Receiver)
			}
			ref := "9930_DE129483712/" + d.DocumentID + c.ext
			if d.Delivery == nil || d.Delivery.Reference != ref {
				t.Fatalf("delivery %+v, want %s", d.Delivery, ref)
			}
			if got, err := os.ReadFile(filepath.Join(dir, "outbox", filepath.FromSlash(ref))); err != nil || string(got) != string(c.doc) {
				t.Fatalf("outbox: %v", err)
			}
			eventually(t, "three events", func() bool { return len(tg.statuses(d.DocumentID)) == 3 })
			for _, dl := range tg.deliveries() {
				if dl.event.DocumentID == d.DocumentID && (dl.event.DocumentNumber != "LL-2026-0815" || dl.event.IssueDate != "2026-03-02") {
					t.Errorf("event: %s", dl.body)
				}
			}
		})
	}
}

// TestCIIAndFacturXProblems: a CII invoice breaking a rule of the CII
// binding is refused under its official ID; a PDF without an invoice, or
// whose invoice is not CII, cannot be read (PDF, ROOT).
func TestCIIAndFacturXProblems(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	bad := ciiInvoice(t, "<ram:DuePayableAmount>400.00</ram:DuePayableAmount>", "<ram:DuePayableAmount>401.00</ram:DuePayableAmount>")
	for _, c := range []struct {
		name   string
		doc    []byte
		status string
		code   string
		msg    string
	}{
		{"CII breaking BR-CO-16", bad, webhook.StatusError, "BR-CO-16", "amount due"},
		{"Factur-X breaking BR-CO-16", facturxtest.Invoice(bad), webhook.StatusError, "BR-CO-16", "amount due"},
		{"CII with a malformed amount", ciiInvoice(t, "<ram:GrandTotalAmount>449.20</ram:GrandTotalAmount>", "<ram:GrandTotalAmount>449,20</ram:GrandTotalAmount>"), webhook.StatusProcessingIssue, "FORMAT", "not a plain decimal"},
		{"PDF without an invoice", facturxtest.PDF(facturxtest.Options{}), webhook.StatusProcessingIssue, "PDF", "no embedded file"},
		{"PDF that is not a PDF", []byte("%PDF-1.7\n%%EOF\n"), webhook.StatusProcessingIssue, "PDF", "no embedded file"},
		{"Factur-X embedding UBL", facturxtest.Invoice(validInvoice(t)), webhook.StatusProcessingIssue, "ROOT", "in the PDF's factur-x.xml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, _, err := s.Submit(tenantCtx("acme"), c.doc, "")
			if err != nil {
				t.Fatal(err)
			}
			d = waitFinal(t, s, "acme", d.DocumentID)
			if d.Status != c.status || d.ErrorDetail == nil {
				t.Fatalf("record %+v", d)
			}
			var codes []string
			found := false
			for _, p := range d.ErrorDetail.Errors {
				codes = append(codes, p.Code)
				found = found || p.Code == c.code && strings.Contains(p.Message, c.msg)
			}
			if !found {
				t.Fatalf("problems %v, want %s with %q: %+v", codes, c.code, c.msg, d.ErrorDetail)
			}
			if c.status == webhook.StatusError && !slices.Contains(codes, c.code) {
				t.Errorf("codes %v", codes)
			}
		})
	}
}

// TestXMLMentioningPDFHeader: an XML invoice whose first kilobyte holds
// the text %PDF- (here in a note: "scan of the order, %PDF-1.7") is XML,
// not a PDF: it is stored as application/xml, read as CII and completed,
// not refused as a PDF without an invoice.
func TestXMLMentioningPDFHeader(t *testing.T) {
	cii := ciiInvoice(t, "<ram:Content>Lieferungen im Februar</ram:Content>", "<ram:Content>Lieferungen im Februar; order scan attached (%PDF-1.7)</ram:Content>")
	if m := MediaTypeOf(cii); m != MediaXML {
		t.Fatalf("MediaTypeOf: %s", m)
	}
	s, _ := open(t, t.TempDir(), Config{})
	tg := newTarget(t, nil)
	connect(t, s, "acme", tg, AllEvents, true)
	d, _, err := s.Submit(tenantCtx("acme"), cii, "")
	if err != nil {
		t.Fatal(err)
	}
	if d.MediaType != MediaXML || d.DocumentNumber != "LL-2026-0815" {
		t.Fatalf("submitted: %+v", d)
	}
	d = waitFinal(t, s, "acme", d.DocumentID)
	if d.Status != webhook.StatusCompleted || d.Syntax != "CII" {
		t.Fatalf("final: %+v %+v", d, d.ErrorDetail)
	}
}

// TestFacturXProfiles: a Factur-X PDF of the profile MINIMUM or BASIC WL,
// by its XML's specification identifier or, when the XML has none, by
// its XMP metadata, cannot be processed: one problem, PROFILE, names the
// profile and says it is not an EN 16931 invoice, instead of the BR- rules
// its missing lines break. An EN 16931 or EXTENDED invoice goes through
// the rules as before; when its XMP metadata names another level, the XML
// wins, and the record of the delivered invoice keeps the warning
// PROFILE-XMP.
func TestFacturXProfiles(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	const en = "<ram:ID>urn:cen.eu:en16931:2017</ram:ID>"
	minimum := ciiInvoice(t, en, "<ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID>")
	basicWL := ciiInvoice(t, en, "<ram:ID>urn:zugferd.de:2p0:basicwl</ram:ID>")
	noID := ciiInvoice(t, en, "")
	extended := ciiInvoice(t, en, "<ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended</ram:ID>")
	badExtended := ciiInvoice(t, en, "<ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended</ram:ID>",
		"<ram:DuePayableAmount>400.00</ram:DuePayableAmount>", "<ram:DuePayableAmount>401.00</ram:DuePayableAmount>")
	pdf := func(xml []byte, level string) []byte {
		o := facturxtest.Options{Compress: true}
		if level != "" {
			o.Metadata = facturxtest.XMP(level, false)
		}
		return facturxtest.PDF(o, facturxtest.File{Name: "factur-x.xml", Relationship: "Data", Data: xml, Subtype: "text/xml"})
	}
	for _, c := range []struct {
		name   string
		doc    []byte
		status string
		errors []string // the codes of the record's errors
		msg    string   // in the first error
		warn   []string // the codes of the record's warnings
	}{
		{"MINIMUM", pdf(minimum, "MINIMUM"), webhook.StatusProcessingIssue, []string{"PROFILE"}, `profile MINIMUM (specification identifier "urn:factur-x.eu:1p0:minimum"`, nil},
		{"ZUGFeRD 2.0 BASIC WL", pdf(basicWL, ""), webhook.StatusProcessingIssue, []string{"PROFILE"}, "profile BASIC WL", nil},
		{"MINIMUM as plain CII", minimum, webhook.StatusProcessingIssue, []string{"PROFILE"}, "not an EN 16931 invoice", nil},
		{"no identifier, XMP MINIMUM", pdf(noID, "MINIMUM"), webhook.StatusProcessingIssue, []string{"PROFILE"}, `XMP metadata gives the Factur-X/ZUGFeRD conformance level "MINIMUM"`, nil},
		{"XML MINIMUM, XMP EN 16931", pdf(minimum, "EN 16931"), webhook.StatusProcessingIssue, []string{"PROFILE"}, "which the embedded XML's specification identifier overrides", nil},
		{"EN 16931", pdf(ciiInvoice(t), "EN 16931"), webhook.StatusCompleted, nil, "", nil},
		{"EXTENDED", pdf(extended, "EXTENDED"), webhook.StatusCompleted, nil, "", nil},
		{"EXTENDED breaking BR-CO-16", pdf(badExtended, "EXTENDED"), webhook.StatusError, []string{"BR-CO-16"}, "amount due", nil},
		{"XML EN 16931, XMP BASIC WL", pdf(ciiInvoice(t), "BASIC WL"), webhook.StatusCompleted, nil, "", []string{"PROFILE-XMP"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, _, err := s.Submit(tenantCtx("acme"), c.doc, "")
			if err != nil {
				t.Fatal(err)
			}
			d = waitFinal(t, s, "acme", d.DocumentID)
			if d.Status != c.status {
				t.Fatalf("status %s: %+v %+v", d.Status, d, d.ErrorDetail)
			}
			var errs, warns []string
			if d.ErrorDetail != nil {
				for _, p := range d.ErrorDetail.Errors {
					errs = append(errs, p.Code)
				}
			}
			for _, p := range d.Warnings {
				warns = append(warns, p.Code)
			}
			if !slices.Equal(errs, c.errors) || !slices.Equal(warns, c.warn) {
				t.Fatalf("errors %v, warnings %v; want %v, %v: %+v", errs, warns, c.errors, c.warn, d.ErrorDetail)
			}
			if c.msg != "" && !strings.Contains(d.ErrorDetail.Errors[0].Message, c.msg) {
				t.Fatalf("message %q, want %q", d.ErrorDetail.Errors[0].Message, c.msg)
			}
		})
	}
}
