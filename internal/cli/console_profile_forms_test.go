package cli

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// profileCSV writes a file of an ERP's export named name into a new
// directory and returns its path.
func profileCSV(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// importCSV imports one file of an ERP's export over the admin route.
func (r *reviewConsole) importCSV(t *testing.T, name, content, adminToken string) {
	t.Helper()
	status, body := r.c.do("POST", "/admin/v1/profile/import/files?name="+name, adminToken, "text/csv", []byte(content))
	if status != http.StatusOK {
		t.Fatalf("import %s: %d %s", name, status, body)
	}
}

// TestConsoleImportReinstatesRevokedOnlyWhenAsked imports, in the
// console, a certificates file whose row says active for a certificate
// revoked in Levy since: the refusal names the file's row and the
// certificate and stores nothing, and the page offers to import the
// same files again reinstating it, which then makes it active. The
// console used to show the refusal with no way to reinstate: only the
// CLI's --reinstate-revoked and the route's reinstateRevoked=true could.
func TestConsoleImportReinstatesRevokedOnlyWhenAsked(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	certs := certsHeader + "TX-1,C-1,TX,G,,2026-01-01,,,active\nCA-1,C-2,CA,E,,2026-01-01,,,active\n"
	r.importCSV(t, "customers.csv", customersFile, adminToken)
	r.importCSV(t, "certificates.csv", certs, adminToken)
	r.c.must(http.StatusOK, "POST", "/admin/v1/profile/customers/C-1/certificates/TX-1/revoke", adminToken, "", nil, nil)
	status := func() string {
		var got struct {
			Data struct{ Certificate struct{ Status string } }
		}
		r.c.must(http.StatusOK, "GET", "/admin/v1/profile/customers/C-1/certificates/TX-1", r.consoleToken, "", nil, &got)
		return got.Data.Certificate.Status
	}

	file := profileCSV(t, "certificates.csv", certs)
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the import form", `document.getElementById('prof-files')`)
	b.do("import the old file", chromedp.SetUploadFiles(chromedp.CSS("#prof-files"), []string{file}), submit("prof-import"))
	b.wait("the refusal", `document.querySelector('#prof-import-result .import-error')`)
	b.awaitExpected("the refused import", "status of 409")
	text := eval[string](b, `document.getElementById('prof-import-result').innerText`)
	for _, want := range []string{"certificates.csv:2:status", "TX-1 of customer C-1 is revoked"} {
		if !strings.Contains(text, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, text)
		}
	}
	if got := status(); got != "revoked" {
		t.Fatalf("the refused import made TX-1 %s", got)
	}
	if !eval[bool](b, `!!document.getElementById('prof-import-reinstate')`) {
		t.Fatalf("the refusal offers no import that reinstates the certificate:\n%s", text)
	}
	if label := eval[string](b, `document.getElementById('prof-import-reinstate').textContent`); !strings.Contains(label, "reinstating that certificate") {
		t.Errorf("the button says %q", label)
	}
	b.do("import again, reinstating", chromedp.Click(chromedp.ID("prof-import-reinstate")))
	b.wait("the import", `document.getElementById('prof-import-ok')`)
	if text := eval[string](b, `document.getElementById('prof-import-ok').textContent`); !strings.Contains(text, "active again") {
		t.Errorf("the import says %q", text)
	}
	if got := status(); got != "active" {
		t.Errorf("the import reinstating made TX-1 %s", got)
	}
	b.wait("TX-1 active in the list", `[...document.querySelectorAll('#prof-certs tr[data-cert="TX-1"] .pill')].some((p) => p.textContent === 'active')`)
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleFranchiseFeeCurrency shows the currency of a fee per line
// in the list of franchise fees and stores the one typed in the form.
// The page used to show 0.85 with no currency, though a fee's amount is
// in its own currency (EUR here), and had no field to give one.
func TestConsoleFranchiseFeeCurrency(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	r.c.must(http.StatusOK, "PUT", "/admin/v1/profile/franchises/SEA-VIDEO-2/Video%20Service%20Fee", adminToken, "application/json",
		[]byte(`{"areaId":"SEA-VIDEO-2","name":"Video Service Fee","perLine":true,"amount":"0.85","currency":"EUR"}`), nil)
	b.do("open the franchise fees", chromedp.Click(chromedp.CSS(`#nav a[data-page=franchises]`)))
	b.wait("the fee", `document.getElementById('prof-franchises') && document.getElementById('prof-franchises').textContent.includes('Video Service Fee')`)
	row := eval[string](b, `document.querySelector('#prof-franchises tbody tr').innerText`)
	if !strings.Contains(row, "EUR") {
		t.Errorf("the fee's row has no currency: %q", row)
	}
	if !eval[bool](b, `!!document.getElementById('prof-fr-currency')`) {
		t.Fatal("the form has no currency field")
	}
	b.do("store a fee per line in CAD", chromedp.SendKeys(chromedp.ID("prof-fr-area"), "TOR-CABLE-1"), chromedp.SendKeys(chromedp.ID("prof-fr-name"), "Cable fee"),
		chromedp.SetValue(chromedp.ID("prof-fr-basis"), "per-line"), chromedp.SendKeys(chromedp.ID("prof-fr-value"), "1.25"),
		chromedp.SendKeys(chromedp.ID("prof-fr-currency"), "cad"), submit("prof-fr-form"))
	b.wait("the new fee", `document.getElementById('prof-franchises').textContent.includes('TOR-CABLE-1')`)
	var fees struct {
		Data struct {
			Items []struct{ AreaID, Amount, Currency string }
		}
	}
	r.c.must(http.StatusOK, "GET", "/admin/v1/profile/franchises?area=TOR-CABLE-1", adminToken, "", nil, &fees)
	if len(fees.Data.Items) != 1 || fees.Data.Items[0].Amount != "1.25" || fees.Data.Items[0].Currency != "CAD" {
		t.Errorf("the fee the page stored: %+v", fees.Data.Items)
	}
	if text := eval[string](b, `document.getElementById('prof-franchises').innerText`); !strings.Contains(text, "CAD") {
		t.Errorf("the list does not show the stored fee's currency:\n%s", text)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleRevokedAfterItExpired: a certificate that expired and was
// revoked afterwards says revoked, and from when, in the list.
func TestConsoleRevokedAfterItExpired(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	r.importCSV(t, "customers.csv", customersFile, adminToken)
	r.importCSV(t, "certificates.csv", certsHeader+"TX-OLD,C-1,TX,G,,2024-01-01,2024-12-31,,active\n", adminToken)
	var revoked struct{ Data struct{ RevokedDate string } }
	r.c.must(http.StatusOK, "POST", "/admin/v1/profile/customers/C-1/certificates/TX-OLD/revoke", adminToken, "", nil, &revoked)
	var got struct {
		Data struct {
			Certificate struct{ Status, RevokedDate string }
		}
	}
	r.c.must(http.StatusOK, "GET", "/admin/v1/profile/customers/C-1/certificates/TX-OLD", r.consoleToken, "", nil, &got)
	if got.Data.Certificate.Status != "revoked" || got.Data.Certificate.RevokedDate == "" {
		t.Fatalf("TX-OLD after its revocation: %+v", got.Data.Certificate)
	}
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the certificate", `document.querySelector('#prof-certs tr[data-cert="TX-OLD"]')`)
	row := eval[string](b, `document.querySelector('#prof-certs tr[data-cert="TX-OLD"]').innerText`)
	if !strings.Contains(row, "revoked") || !strings.Contains(row, got.Data.Certificate.RevokedDate) {
		t.Errorf("TX-OLD, revoked from %s after it expired, shows %q", got.Data.Certificate.RevokedDate, row)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleDeleteSaysSo deletes a product code in the console: the
// status line says it was deleted and the list no longer has it. The
// page used to redraw the list without a word, the status line keeping
// whatever it said before (here, that the code had been mapped).
func TestConsoleDeleteSaysSo(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	r.importCSV(t, "products.csv", "product_code,product_class\nSKU-1,SAAS\nSKU-2,GENERAL\n", adminToken)
	b.do("open the products", chromedp.Click(chromedp.CSS(`#nav a[data-page=products]`)))
	b.wait("the codes", `document.querySelectorAll('#prof-products tbody tr').length === 2`)
	b.do("map a code", chromedp.SendKeys(chromedp.ID("prof-prod-code"), "SKU-3"), chromedp.SendKeys(chromedp.ID("prof-prod-class"), "SAAS"), submit("prof-prod-form"))
	b.wait("the new code", `document.querySelectorAll('#prof-products tbody tr').length === 3`)
	b.do("delete SKU-1", chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		chromedp.Click(chromedp.CSS(`#prof-products button[aria-label="Delete SKU SKU-1"]`)))
	b.wait("the list without SKU-1", `document.querySelectorAll('#prof-products tbody tr').length === 2`)
	b.wait("the status line", `document.getElementById('status').textContent !== 'Mapped SKU-3 to SAAS.'`)
	if got := eval[string](b, `document.getElementById('status').textContent`); got != "Deleted the mapping of SKU SKU-1." {
		t.Errorf("after the deletion the status line says %q", got)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleImportSaysUnchanged imports in the console files whose
// records are stored already: the page says they were equal to the
// stored ones and left as they were. It used to say "Imported 0
// customers, …" and nothing of the two records of the file, as if the
// file had been empty or the import had lost them.
func TestConsoleImportSaysUnchanged(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	r.importCSV(t, "customers.csv", customersFile, adminToken)
	file := profileCSV(t, "customers.csv", customersFile)
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the import form", `document.getElementById('prof-files')`)
	b.do("import the same file", chromedp.SetUploadFiles(chromedp.CSS("#prof-files"), []string{file}), submit("prof-import"))
	b.wait("the import", `document.getElementById('prof-import-ok')`)
	if text := eval[string](b, `document.getElementById('prof-import-ok').textContent`); !strings.Contains(text, "2 records of the files were equal to the stored ones and left as they were") {
		t.Errorf("the import of two stored customers says %q", text)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleRefusalNamesEveryField stores, in the console, a franchise
// fee refused for two of its fields: the status line names both. It
// named the first alone, so that the user who fixed it was refused
// again for the second.
func TestConsoleRefusalNamesEveryField(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	b.do("open the franchise fees", chromedp.Click(chromedp.CSS(`#nav a[data-page=franchises]`)))
	b.wait("the franchise page", `document.getElementById('prof-fr-form') && document.querySelector('#prof-franchises table')`)
	b.do("store a fee with a negative amount in a currency of two letters", chromedp.SendKeys(chromedp.ID("prof-fr-area"), "SEA-VIDEO-2"),
		chromedp.SendKeys(chromedp.ID("prof-fr-name"), "Video fee"), chromedp.SetValue(chromedp.ID("prof-fr-basis"), "per-line"),
		chromedp.SendKeys(chromedp.ID("prof-fr-value"), "-1"), chromedp.SendKeys(chromedp.ID("prof-fr-currency"), "EU"), submit("prof-fr-form"))
	b.wait("the refusal", `document.getElementById('status').textContent.startsWith('Error')`)
	b.awaitExpected("the refused fee", "status of 400")
	got := eval[string](b, `document.getElementById('status').textContent`)
	for _, want := range []string{"is negative: an amount per line is at least 0 (amount)", "is not an ISO 4217 currency code: three letters, EUR for the euro (currency)"} {
		if !strings.Contains(got, want) {
			t.Errorf("the status line does not name %s: %q", want, got)
		}
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleFocusAfterActionsThatRedraw: a keyboard user who deletes a
// record, revokes a certificate or asks for the import that reinstates
// one finds the focus on the list or the result the action redrew, not
// on the page's body: the button that had it went with what the page
// redrew, and the next Tab started again from the top of the page.
func TestConsoleFocusAfterActionsThatRedraw(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	certs := certsHeader + "TX-1,C-1,TX,G,,2026-01-01,,,active\nCA-1,C-2,CA,E,,2026-01-01,,,active\n"
	r.importCSV(t, "customers.csv", customersFile, adminToken)
	r.importCSV(t, "certificates.csv", certs, adminToken)
	r.importCSV(t, "products.csv", "product_code,product_class\nSKU-1,SAAS\nSKU-2,GENERAL\n", adminToken)
	r.c.must(http.StatusOK, "POST", "/admin/v1/profile/customers/C-1/certificates/TX-1/revoke", adminToken, "", nil, nil)
	focused := func(what, inside string) {
		t.Helper()
		if got := eval[string](b, `(() => { const a = document.activeElement; return a && a !== document.body && document.querySelector('`+inside+`').contains(a) ? 'inside' : (a ? a.tagName + '#' + a.id : 'none'); })()`); got != "inside" {
			t.Errorf("after %s the focus is on %s, not within %s", what, got, inside)
		}
	}
	// The page moves the focus in the same task as it draws what the
	// action changed (a microtask after the drawing), so that a check
	// made once the drawing shows finds the focus where it went.
	press := func(what, selector string) {
		t.Helper()
		b.do(what, chromedp.Evaluate[chromedp.Void](`window.confirm = () => true; document.querySelector('`+selector+`').focus()`), chromedp.KeyEvent("\r"))
	}

	b.do("open the products", chromedp.Click(chromedp.CSS(`#nav a[data-page=products]`)))
	b.wait("the codes", `document.querySelectorAll('#prof-products tbody tr').length === 2`)
	press("delete SKU-1 by keyboard", `#prof-products button[aria-label="Delete SKU SKU-1"]`)
	b.wait("the list without SKU-1", `document.querySelectorAll('#prof-products tbody tr').length === 1 && document.getElementById('status').textContent.startsWith('Deleted')`)
	focused("the deletion", "#prof-products")

	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the certificates", `document.querySelector('#prof-certs button.revoke[data-cert="CA-1"]')`)
	press("revoke CA-1 by keyboard", `#prof-certs button.revoke[data-cert="CA-1"]`)
	b.wait("the revocation", `!document.querySelector('#prof-certs button.revoke[data-cert="CA-1"]') && document.getElementById('status').textContent.startsWith('Revoked')`)
	focused("the revocation", "#prof-certs")

	file := profileCSV(t, "certificates.csv", certs)
	b.do("import the old file", chromedp.SetUploadFiles(chromedp.CSS("#prof-files"), []string{file}), submit("prof-import"))
	b.wait("the offer", `document.getElementById('prof-import-reinstate')`)
	b.awaitExpected("the refused import", "status of 409")
	press("import again by keyboard", `#prof-import-reinstate`)
	b.wait("the import", `document.getElementById('prof-import-ok')`)
	focused("the import that reinstated", "#prof-import-result")
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleDeleteKeepsThePage deletes records on the second page of a
// list of product codes: the list shows the second page again, and,
// once that page is empty, the last page there is. It went back to the
// first page after each deletion, so that deleting past the first 500
// records meant paging forward again for each one.
func TestConsoleDeleteKeepsThePage(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	var csv strings.Builder
	csv.WriteString("product_code,product_class\n")
	for i := range 502 {
		fmt.Fprintf(&csv, "P-%04d,GENERAL\n", i)
	}
	r.importCSV(t, "products.csv", csv.String(), adminToken)
	pager := `document.getElementById('prof-products-pager').textContent`
	b.do("open the products", chromedp.Click(chromedp.CSS(`#nav a[data-page=products]`)))
	b.wait("the first page", `document.querySelectorAll('#prof-products tbody tr').length === 500`)
	b.do("show the next page", chromedp.Click(chromedp.CSS(`#prof-products-pager button[data-page=next]`)))
	b.wait("the second page", `document.querySelectorAll('#prof-products tbody tr').length === 2`)
	b.do("delete P-0500", chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		chromedp.Click(chromedp.CSS(`#prof-products button[aria-label="Delete SKU P-0500"]`)))
	b.wait("the list redrawn", `document.getElementById('status').textContent.startsWith('Deleted') && !document.querySelector('#prof-products button[aria-label="Delete SKU P-0500"]')`)
	if got := eval[string](b, pager); !strings.Contains(got, "501–501 of 501 product codes") {
		t.Errorf("after deleting P-0500 on the second page, the list says %q", got)
	}
	b.do("delete P-0501", chromedp.Click(chromedp.CSS(`#prof-products button[aria-label="Delete SKU P-0501"]`)))
	b.wait("the list redrawn", `!document.querySelector('#prof-products button[aria-label="Delete SKU P-0501"]')`)
	if got := eval[string](b, pager); !strings.Contains(got, "500 product codes") || eval[int](b, `document.querySelectorAll('#prof-products tbody tr').length`) != 500 {
		t.Errorf("after emptying the second page, the list says %q", got)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleRegistrationEnds ends, in the console, a registration the
// seller gave up: the form, given the day it ended, finds it stored
// already and, once the user says so, replaces it, and the list shows
// the day. The form had no end date and could only create, so that a
// registration could only be deleted, with the record that the seller
// had been registered there.
func TestConsoleRegistrationEnds(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	r.importCSV(t, "registrations.csv", regsFile, adminToken)
	b.do("open the registrations", chromedp.Click(chromedp.CSS(`#nav a[data-page=registrations]`)))
	b.wait("the registration", `document.querySelector('#prof-regs tbody tr')`)
	if !eval[bool](b, `!!document.getElementById('prof-reg-to')`) {
		t.Fatal("the registration form has no end date")
	}
	b.do("end it", chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`), chromedp.SendKeys(chromedp.ID("prof-reg-company"), "ACME"), chromedp.SendKeys(chromedp.ID("prof-reg-new-jur"), "TX"),
		chromedp.SendKeys(chromedp.ID("prof-reg-number"), "32000000001"), chromedp.Click(chromedp.ID("prof-reg-presence")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('prof-reg-from').value = '2025-01-01'; document.getElementById('prof-reg-to').value = '2026-06-30'`),
		submit("prof-reg-form"))
	b.wait("the answer", `/^(Replaced|Added|Error)/.test(document.getElementById('status').textContent)`)
	b.awaitExpected("the creation refused for a registration stored already", "status of 400")
	var got struct {
		Data struct {
			Items []struct{ Number, EndDate string }
		}
	}
	r.c.must(http.StatusOK, "GET", "/admin/v1/profile/registrations", adminToken, "", nil, &got)
	if len(got.Data.Items) != 1 || got.Data.Items[0].EndDate != "2026-06-30" {
		t.Errorf("after the form ended it, the registrations are %+v; the page says %q", got.Data.Items, eval[string](b, `document.getElementById('status').textContent`))
	}
	b.wait("the list", `document.getElementById('prof-regs').textContent.includes('2026-06-30')`)
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleProfileMarkupIsText stores a customer whose name and a
// franchise fee whose source are markup and opens them in the console:
// they show as the text they are, and nothing of them runs.
func TestConsoleProfileMarkupIsText(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	const name = `<img src=x onerror="window.__levyXSS=1">`
	r.importCSV(t, "customers.csv", "customer_code,class_code,is_business,name\nC-1,,no,\""+strings.ReplaceAll(name, `"`, `""`)+"\"\n", adminToken)
	r.c.must(http.StatusOK, "PUT", "/admin/v1/profile/franchises/A-1/Fee", adminToken, "application/json",
		[]byte(`{"areaId":"A-1","name":"Fee","rate":"0.05","source":"<script>window.__levyXSS=2</script>"}`), nil)
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the customer", `document.querySelector('#prof-customers button[data-customer="C-1"]')`)
	b.do("open C-1", chromedp.Click(chromedp.CSS(`#prof-customers button[data-customer="C-1"]`)))
	b.wait("its versions", `document.querySelector('#prof-customer table')`)
	if !strings.Contains(eval[string](b, `document.getElementById('prof-customers').textContent`), name) {
		t.Error("the customer's name is not shown as its text")
	}
	b.do("open the franchise fees", chromedp.Click(chromedp.CSS(`#nav a[data-page=franchises]`)))
	b.wait("the fee", `document.getElementById('prof-franchises') && document.getElementById('prof-franchises').textContent.includes('<script>')`)
	if n := eval[int](b, `document.querySelectorAll('#page img, #page script').length`); n != 0 {
		t.Errorf("the page holds %d elements made of the records' text", n)
	}
	if eval[bool](b, `window.__levyXSS !== undefined`) {
		t.Error("the records' markup ran")
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
