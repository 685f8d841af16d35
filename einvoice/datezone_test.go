package einvoice_test

import (
	"testing"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestDateWithTimeZoneCompletes: a plain EN 16931 invoice whose issue
// date carries a time zone, as the UBL schema's xsd:date allows, is
// delivered (it was refused as FORMAT), and its record and events carry
// the issue date without the zone.
func TestDateWithTimeZoneCompletes(t *testing.T) {
	s, _ := open(t, t.TempDir(), einvoice.Config{})
	doc := validInvoice(t,
		"urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0", "urn:cen.eu:en16931:2017",
		"<cbc:IssueDate>2026-11-20</cbc:IssueDate>", "<cbc:IssueDate>2026-11-20+01:00</cbc:IssueDate>")
	d, _, err := s.Submit(tenantCtx("acme"), doc, "")
	if err != nil {
		t.Fatal(err)
	}
	d = waitFinal(t, s, "acme", d.DocumentID)
	if d.Status != webhook.StatusCompleted {
		t.Fatalf("status %s, %+v", d.Status, d.ErrorDetail)
	}
	if d.IssueDate != "2026-11-20" {
		t.Errorf("record issue date %q, want 2026-11-20", d.IssueDate)
	}
}
