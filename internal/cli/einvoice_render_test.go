package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/ubl"
)

// crossBorderSale is an INVOICE of LED panels from Leipzig to a French
// business, both with VAT numbers: the sale the render tests store.
const crossBorderSale = `{"saleMessageType": "INVOICE", "transactionType": "SALE", "documentDate": "2026-09-01", "transactionId": "INV-7", "documentNumber": "2026-0815",
  "currency": {"isoCurrencyCodeAlpha": "EUR"},
  "seller": {"company": "Lindenlicht GmbH", "physicalOrigin": {"streetAddress1": "Lampestrasse 4", "city": "Leipzig", "postalCode": "04109", "country": "DE"},
    "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE813495721", "taxRegistrationType": "VAT Registration"}]},
  "customer": {"customerName": "Atelier Lumière SARL", "destination": {"city": "Paris", "postalCode": "75001", "country": "FR"},
    "taxRegistrations": [{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045", "taxRegistrationType": "VAT Registration"}]},
  "lineItems": [{"lineItemId": "1", "lineItemDescription": "LED panel", "product": {"productClass": "GENERAL"}, "quantity": {"value": 4, "unitOfMeasure": "H87"}, "extendedPrice": 180.00}]}`

// TestEInvoiceRender: levy einvoice render writes the e-invoice of a sale
// that levy calc stored in a data directory, in UBL (Peppol BIS with both
// endpoints) or CII, to standard output or a file, or submits it to the
// directory's e-invoicing; a transaction that cannot become an e-invoice
// fails with its reasons, and bad flags are usage errors.
func TestEInvoiceRender(t *testing.T) {
	dir := t.TempDir()
	sale := filepath.Join(t.TempDir(), "sale.json")
	body := crossBorderSale
	if err := os.WriteFile(sale, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, sale); code != 0 {
		t.Fatalf("calc: %d %s", code, errOut)
	}
	// A domestic sale whose seller sent no VAT registration.
	domestic := strings.NewReplacer(`"INV-7"`, `"INV-8"`, `"taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE813495721", "taxRegistrationType": "VAT Registration"}]`, `"division": "1"`,
		`"country": "FR"`, `"country": "DE"`, `"city": "Paris"`, `"city": "Halle"`, `"75001"`, `"06108"`).Replace(body)
	if err := os.WriteFile(sale, []byte(domestic), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, sale); code != 0 {
		t.Fatalf("calc: %d %s", code, errOut)
	}
	code, out, errOut := runCLI(t, "einvoice", "render", "--data-dir", dir, "--transaction", "INV-7")
	d, err := ubl.Read([]byte(out))
	if code != 0 || err != nil || d.Syntax != ubl.SyntaxUBL || d.ID != "2026-0815" || ubl.HasFatal(d.Check()) {
		t.Fatalf("render: %d %v %s", code, err, errOut)
	}
	if d.TaxTotals[0].Subtotals[0].Category.ID != "K" {
		t.Errorf("an intra-community supply in category %s", d.TaxTotals[0].Subtotals[0].Category.ID)
	}
	file := filepath.Join(t.TempDir(), "invoice.xml")
	code, _, errOut = runCLI(t, "einvoice", "render", "--data-dir", dir, "--transaction", "INV-7", "--syntax", "cii", "--out", file,
		"--seller-endpoint", "0088:4000001000005", "--buyer-endpoint", "0088:4000002000004", "--buyer-reference", "PO-77")
	data, _ := os.ReadFile(file)
	if d, err := ubl.Read(data); code != 0 || err != nil || d.Syntax != ubl.SyntaxCII || d.BuyerReference != "PO-77" || !strings.Contains(errOut, "wrote the invoice 2026-0815") {
		t.Fatalf("render --syntax cii: %d %v %s", code, err, errOut)
	}
	code, out, errOut = runCLI(t, "einvoice", "render", "--data-dir", dir, "--transaction", "INV-7", "--submit")
	var rec einvoice.Document
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || rec.Status != "Pending" || rec.DocumentNumber != "2026-0815" || rec.TenantID != "default" {
		t.Fatalf("render --submit: %d %s %s", code, out, errOut)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--transaction", "INV-9"}, 1, "not found"},
		{[]string{"--transaction", "INV-8"}, 1, "BR-S-02"},
		{[]string{"--transaction", "INV-7", "--iban", "DE89 3704"}, 1, "iban"},
		{[]string{"--transaction", "INV-7", "--syntax", "edifact"}, 2, "unknown --syntax"},
		{[]string{}, 2, "--transaction is required"},
		{[]string{"--transaction", "INV-7", "--submit", "--out", file}, 2, "exclusive"},
	} {
		code, _, errOut := runCLI(t, append([]string{"einvoice", "render", "--data-dir", dir}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, %s", c.args, code, errOut)
		}
	}
}

// TestEInvoiceRenderSubmitOnce: levy einvoice render --submit run again
// for the same e-invoice of a transaction (a command repeated after it
// seemed to fail, a script run twice) answers the document it submitted
// the first time, as .../submit does, rather than submitting, and so
// sending, the invoice a second time; an e-invoice rendered with other
// options is a document of its own.
func TestEInvoiceRenderSubmitOnce(t *testing.T) {
	dir := t.TempDir()
	sale := filepath.Join(t.TempDir(), "sale.json")
	body := crossBorderSale
	if err := os.WriteFile(sale, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, sale); code != 0 {
		t.Fatalf("calc: %d %s", code, errOut)
	}
	submit := func(extra ...string) (einvoice.Document, string) {
		t.Helper()
		code, out, errOut := runCLI(t, append([]string{"einvoice", "render", "--data-dir", dir, "--transaction", "INV-7", "--submit"}, extra...)...)
		var rec einvoice.Document
		if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || rec.DocumentID == "" {
			t.Fatalf("render --submit %v: %d %s %s", extra, code, out, errOut)
		}
		return rec, errOut
	}
	first, _ := submit("--buyer-reference", "PO-4711")
	again, errOut := submit("--buyer-reference", "PO-4711")
	if again.DocumentID != first.DocumentID {
		t.Errorf("the same e-invoice submitted twice: documents %s and %s", first.DocumentID, again.DocumentID)
	}
	if !strings.Contains(errOut, "submitted before") || !strings.Contains(errOut, first.DocumentID) {
		t.Errorf("a repeated submission says nothing of the first: %q", errOut)
	}
	if other, errOut := submit("--buyer-reference", "PO-4712"); other.DocumentID == first.DocumentID || errOut != "" {
		t.Errorf("another e-invoice of the transaction: document %s (first %s), %q", other.DocumentID, first.DocumentID, errOut)
	}
}
