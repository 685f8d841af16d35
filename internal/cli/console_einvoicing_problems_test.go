package cli

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// submitFinal submits an invoice over the API and waits until it is in
// a final status, which it returns with the document's ID.
func (r *reviewConsole) submitFinal(t *testing.T, doc []byte) (id, status string) {
	t.Helper()
	var d struct {
		Data struct{ DocumentID, Status string }
	}
	r.c.must(http.StatusAccepted, "POST", "/einvoicing/v1/documents", r.apiToken, "application/xml", doc, &d)
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		r.c.must(http.StatusOK, "GET", "/einvoicing/v1/documents/"+d.Data.DocumentID, r.apiToken, "", nil, &d)
		switch d.Data.Status {
		case "Completed", "Processing Issue", "Error":
			return d.Data.DocumentID, d.Data.Status
		}
		if time.Now().After(deadline) {
			t.Fatalf("document %s is still %s", d.Data.DocumentID, d.Data.Status)
		}
	}
}

// testInvoice returns the e-invoicing package's test invoice with each
// pair of replace done.
func testInvoice(t *testing.T, replace ...string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i+1 < len(replace); i += 2 {
		if !strings.Contains(s, replace[i]) {
			t.Fatalf("the test invoice has no %q", replace[i])
		}
		s = strings.Replace(s, replace[i], replace[i+1], 1)
	}
	return []byte(s)
}

// TestConsoleDocumentProblems opens, on the e-invoicing page, a document
// refused for an amount it could not read and one delivered with a
// warning: the refusal shows its stage, its message and a table of its
// problems (rule, flag, element, what), and the delivered one its
// warning. The page showed the refusal as the JSON of the answer, and
// the warnings of a delivered document not at all.
func TestConsoleDocumentProblems(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	refused, st := r.submitFinal(t, testInvoice(t, `<cbc:PayableAmount currencyID="EUR">281.25</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">281,25</cbc:PayableAmount>`))
	if st != "Processing Issue" {
		t.Fatalf("the invoice with 281,25 is %s", st)
	}
	warned, st := r.submitFinal(t, testInvoice(t, "<cbc:Name>Torque wrench</cbc:Name>",
		"<cbc:Name>Torque wrench</cbc:Name>\n      <cac:CommodityClassification><cbc:ItemClassificationCode listID=\"TST\">27120000</cbc:ItemClassificationCode></cac:CommodityClassification>"))
	if st != "Completed" {
		t.Fatalf("the invoice with a warning is %s", st)
	}
	open := func(id string) {
		t.Helper()
		b.do("open "+id, chromedp.Evaluate[chromedp.Void](`document.getElementById('einv-open-id').value = '`+id+`'`), submit("einv-open"))
		b.wait("the document", `document.querySelector('#einv-detail h2') && document.querySelector('#einv-detail h2').textContent.includes('`+id+`')`)
	}
	b.do("open the e-invoicing page", chromedp.Click(chromedp.CSS(`#nav a[data-page=einvoicing]`)))
	b.wait("the page", `document.getElementById('einv-open-id')`)

	open(refused)
	detail := eval[string](b, `document.getElementById('einv-detail').innerText`)
	if strings.Contains(detail, `"stage"`) || strings.Contains(detail, `"errors"`) {
		t.Errorf("the refusal is shown as JSON:\n%s", detail)
	}
	rows := eval[[]string](b, `[...document.querySelectorAll('#einv-detail tr.einv-problem')].map((r) => r.innerText)`)
	if len(rows) == 0 || !strings.Contains(rows[0], "FORMAT") || !strings.Contains(rows[0], "PayableAmount") || !strings.Contains(rows[0], "fatal") {
		t.Errorf("the refusal's problems: %q\n%s", rows, detail)
	}
	if !strings.Contains(detail, "Processing Issue") {
		t.Errorf("the refusal does not say its stage:\n%s", detail)
	}

	open(warned)
	detail = eval[string](b, `document.getElementById('einv-detail').innerText`)
	rows = eval[[]string](b, `[...document.querySelectorAll('#einv-detail tr.einv-problem')].map((r) => r.innerText)`)
	if len(rows) != 1 || !strings.Contains(rows[0], "DK-R-003") || !strings.Contains(rows[0], "warning") {
		t.Errorf("the delivered document's warnings: %q\n%s", rows, detail)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
