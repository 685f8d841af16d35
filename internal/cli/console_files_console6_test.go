package cli

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleJSONImportOfAFileNotInUTF8 imports, in the console, a JSON
// change set saved in Latin-1 (a customer "Café" whose é is the byte
// 0xE9): it is refused as the server refuses such a body, naming the
// member, and nothing is stored. The page read the file as text, which
// made the byte U+FFFD, and the customer was stored as "Caf\uFFFD"; the
// CSV files, sent as their bytes, were refused.
func TestConsoleJSONImportOfAFileNotInUTF8(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	file := profileCSV(t, "profile.json", "{\"customers\":[{\"code\":\"C-9\",\"name\":\"Caf\xe9\"}]}")
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the import form", `document.getElementById('prof-files')`)
	b.do("import the change set", chromedp.SetUploadFiles(chromedp.CSS("#prof-files"), []string{file}), submit("prof-import"))
	b.wait("the answer", `document.querySelector('#prof-import-result .import-error, #prof-import-ok')`)
	b.awaitExpected("the refused import", "status of 400")
	if text := eval[string](b, `document.getElementById('prof-import-result').innerText`); !strings.Contains(text, "customers[0].name") || !strings.Contains(text, "UTF-8") {
		t.Errorf("the answer to a change set in Latin-1:\n%s\nwant it refused naming customers[0].name as not UTF-8", text)
	}
	status, body := r.c.do("GET", "/admin/v1/profile/customers/C-9", r.consoleToken, "", nil)
	if status != http.StatusNotFound {
		t.Errorf("after the import of a change set in Latin-1, customer C-9 is %d %s; want none stored", status, body)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleInvoiceFileNotInUTF8 reads, on the e-invoicing page, an
// invoice file in Latin-1 with no encoding declared (a party "Fyn Byg
// Århus" whose Å is the byte 0xC5): the page refuses it, naming the file
// and saying to save it as UTF-8, and leaves the document's text empty,
// so that nothing is submitted. The page read it as text, each such byte
// made U+FFFD, and the invoice submitted so was accepted with the names
// spoilt. A file in UTF-8 is read as it is.
func TestConsoleInvoiceFileNotInUTF8(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	doc := strings.Replace(string(testInvoice(t, "Fyn Byg A/S", "Fyn Byg \u00c5rhus A/S")), `<?xml version="1.0" encoding="UTF-8"?>`, `<?xml version="1.0"?>`, 1)
	latin1 := strings.Replace(doc, "\u00c5", "\xc5", 1)
	b.do("open the e-invoicing page", chromedp.Click(chromedp.CSS(`#nav a[data-page=einvoicing]`)))
	b.wait("the submit form", `document.getElementById('einv-file')`)
	b.do("read the Latin-1 file", chromedp.SetUploadFiles(chromedp.CSS("#einv-file"), []string{profileCSV(t, "latin1.xml", latin1)}))
	b.wait("the refusal", `document.getElementById('status').textContent.includes('latin1.xml')`)
	if got := eval[string](b, `document.getElementById('status').textContent`); !strings.Contains(got, "not UTF-8") {
		t.Errorf("the status after a file in Latin-1: %q", got)
	}
	if got := eval[string](b, `document.getElementById('einv-xml').value`); got != "" {
		t.Errorf("the document's text holds %.120q… after a file in Latin-1; want it empty", got)
	}
	b.do("read the UTF-8 file", chromedp.SetUploadFiles(chromedp.CSS("#einv-file"), []string{profileCSV(t, "utf8.xml", doc)}))
	b.wait("the document", `document.getElementById('einv-xml').value.length > 0`)
	if got := eval[string](b, `document.getElementById('einv-xml').value`); got != doc {
		t.Errorf("the UTF-8 file was read as %.200q…", got)
	}
	if got := eval[string](b, `document.getElementById('status').textContent`); got != "" {
		t.Errorf("the status after a good file: %q", got)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
