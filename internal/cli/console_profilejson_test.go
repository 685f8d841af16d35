package cli

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleJSONImportReinstatesRevokedOnlyWhenAsked imports, in the
// console, one JSON change set whose certificate is active though it is
// revoked in Levy since: the refusal names the certificate's member and
// the page offers to import the change set again reinstating it, which
// sends reinstateRevoked to the change set's route. The console offered
// that for CSV files only, so a JSON change set had no way to reinstate.
func TestConsoleJSONImportReinstatesRevokedOnlyWhenAsked(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	r.importCSV(t, "customers.csv", customersFile, adminToken)
	r.importCSV(t, "certificates.csv", certsHeader+"TX-1,C-1,TX,G,,2026-01-01,,,active\n", adminToken)
	r.c.must(http.StatusOK, "POST", "/admin/v1/profile/customers/C-1/certificates/TX-1/revoke", adminToken, "", nil, nil)
	status := func() string {
		var got struct {
			Data struct{ Certificate struct{ Status string } }
		}
		r.c.must(http.StatusOK, "GET", "/admin/v1/profile/customers/C-1/certificates/TX-1", r.consoleToken, "", nil, &got)
		return got.Data.Certificate.Status
	}

	file := profileCSV(t, "profile.json", `{"certificates":[{"number":"TX-1","customerCode":"C-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}]}`)
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the import form", `document.getElementById('prof-files')`)
	b.do("import the change set", chromedp.SetUploadFiles(chromedp.CSS("#prof-files"), []string{file}), submit("prof-import"))
	b.wait("the refusal", `document.querySelector('#prof-import-result .import-error')`)
	b.awaitExpected("the refused import", "status of 409")
	if text := eval[string](b, `document.getElementById('prof-import-result').innerText`); !strings.Contains(text, "certificates[0].status") {
		t.Errorf("the refusal does not name the certificate's member:\n%s", text)
	}
	if got := status(); got != "revoked" {
		t.Fatalf("the refused import made TX-1 %s", got)
	}
	if !eval[bool](b, `!!document.getElementById('prof-import-reinstate')`) {
		t.Fatal("the refusal of a JSON change set offers no import that reinstates the certificate")
	}
	b.do("import again, reinstating", chromedp.Click(chromedp.ID("prof-import-reinstate")))
	b.wait("the import", `document.getElementById('prof-import-ok')`)
	if got := status(); got != "active" {
		t.Errorf("the import reinstating made TX-1 %s", got)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
