package einvoicing

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// calcSale calculates a sale for tenant with e, which stores it.
func calcSale(t *testing.T, e *engine.Engine, tenant, body string) {
	t.Helper()
	var req wire.SaleRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Sale(levy.WithTenant(context.Background(), tenant), &req); err != nil {
		t.Fatal(err)
	}
}

const germanSale = `{"saleMessageType": "INVOICE", "transactionType": "SALE", "documentDate": "2026-09-01", "transactionId": "%s", "documentNumber": "2026-0815",
  "currency": {"isoCurrencyCodeAlpha": "EUR"},
  "seller": {"company": "Lindenlicht GmbH", "physicalOrigin": {"streetAddress1": "Lampestrasse 4", "city": "Leipzig", "postalCode": "04109", "country": "DE"},
    "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE813495721", "taxRegistrationType": "VAT Registration"}]},
  "customer": {"customerName": "Stadtwerke Halle GmbH", "destination": {"streetAddress1": "Bornknechtstrasse 5", "city": "Halle", "postalCode": "06108", "country": "DE"}},
  "lineItems": [{"lineItemId": "1", "lineItemDescription": "LED panel", "product": {"productClass": "GENERAL"}, "quantity": {"value": 4, "unitOfMeasure": "H87"}, "extendedPrice": 180.00}]}`

// journaledEngine returns a Badger journal in a temporary directory,
// closed when the test ends, and an engine that stores into it.
func journaledEngine(t *testing.T) (*badger.JournalStore, *engine.Engine) {
	t.Helper()
	j, err := badger.OpenJournal(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	e, err := engine.New(context.Background(), engine.WithJournal(j))
	if err != nil {
		t.Fatal(err)
	}
	return j, e
}

// TestRenderRoutes: POST /einvoicing/v1/transactions/{id}/render answers
// the e-invoice of the tenant's stored invoice in the syntax asked, and
// .../submit puts it through the workflow (once per document, without an
// Idempotency-Key); what cannot become an e-invoice is a 409 with the
// reasons, a bad option a 400 naming it, another tenant's transaction a
// 404.
func TestRenderRoutes(t *testing.T) {
	j, e := journaledEngine(t)
	calcSale(t, e, "acme", strings.Replace(germanSale, "%s", "INV-1", 1))
	us := strings.NewReplacer(`"country": "DE"`, `"country": "US", "mainDivision": "CA"`, `"city": "Leipzig"`, `"city": "Los Angeles"`, `"04109"`, `"90012"`,
		`"city": "Halle"`, `"city": "Los Angeles"`, `"06108"`, `"90012"`).Replace(strings.Replace(germanSale, "%s", "US-1", 1))
	calcSale(t, e, "acme", us)
	h := newStrictHarness(t, einvoice.Config{AllowPrivateTargets: true}, WithJournal(j))

	a := h.do("POST", "/einvoicing/v1/transactions/INV-1/render", "acme", nil)
	if a.status != 200 || a.header.Get("Content-Type") != "application/xml" {
		t.Fatalf("render: %d %s", a.status, a.body)
	}
	d, err := ubl.Read(a.body)
	if err != nil || d.Syntax != ubl.SyntaxUBL || d.ID != "2026-0815" || ubl.HasFatal(d.Check()) {
		t.Fatalf("rendered UBL: %v %+v", err, d)
	}
	a = h.do("POST", "/einvoicing/v1/transactions/INV-1/render", "acme", []byte(`{"syntax": "cii", "buyerReference": "04011000-12345-34"}`), "Content-Type", "application/json")
	if d, err := ubl.Read(a.body); a.status != 200 || err != nil || d.Syntax != ubl.SyntaxCII || d.BuyerReference != "04011000-12345-34" {
		t.Fatalf("render CII: %d %s", a.status, a.body)
	}
	for _, c := range []struct {
		name, path, who, body string
		status                int
		target, msg           string
	}{
		{"another tenant's", "/einvoicing/v1/transactions/INV-1/render", "globex", "", 404, "transactionId", ""},
		{"unknown", "/einvoicing/v1/transactions/INV-9/render", "acme", "", 404, "transactionId", ""},
		{"US sales tax", "/einvoicing/v1/transactions/US-1/render", "acme", "", 409, "transactionId", "carries VAT only"},
		{"bad syntax", "/einvoicing/v1/transactions/INV-1/render", "acme", `{"syntax": "edifact"}`, 400, "syntax", ""},
		{"bad endpoint", "/einvoicing/v1/transactions/INV-1/render", "acme", `{"buyerEndpoint": "0088:124"}`, 400, "buyerEndpoint", ""},
		{"unknown member", "/einvoicing/v1/transactions/INV-1/render", "acme", `{"colour": 1}`, 400, "colour", ""},
		{"submit US sales tax", "/einvoicing/v1/transactions/US-1/submit", "acme", "", 409, "transactionId", "carries VAT only"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var headers []string
			if c.body != "" {
				headers = []string{"Content-Type", "application/json"}
			}
			a := h.do("POST", c.path, c.who, []byte(c.body), headers...)
			if a.status != c.status || target(t, a) != c.target || !strings.Contains(string(a.body), c.msg) {
				t.Fatalf("%d %s", a.status, a.body)
			}
		})
	}

	// Submit: the e-invoice goes through the workflow; submitted again,
	// the same document answers.
	a = h.do("POST", "/einvoicing/v1/transactions/INV-1/submit", "acme", []byte(`{"syntax": "cii"}`), "Content-Type", "application/json")
	if a.status != 202 {
		t.Fatalf("submit: %d %s", a.status, a.body)
	}
	doc := data[einvoice.Document](t, a)
	if doc.DocumentNumber != "2026-0815" || doc.IssueDate != "2026-09-01" {
		t.Errorf("submitted %+v", doc)
	}
	if final := h.waitFinal(doc.DocumentID); final.Status != "Completed" || final.Syntax != "CII" {
		t.Fatalf("final %+v %+v", final, final.ErrorDetail)
	}
	a = h.do("POST", "/einvoicing/v1/transactions/INV-1/submit", "acme", []byte(`{"syntax": "cii"}`), "Content-Type", "application/json")
	if again := data[einvoice.Document](t, a); a.status != 200 || again.DocumentID != doc.DocumentID {
		t.Errorf("submitted again: %d %s", a.status, a.body)
	}
}
