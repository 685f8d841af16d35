package cli

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/internal/browsertest"
)

// TestConsoleProfileListsPage stores more product codes than one page of
// the profile's list holds (the API's page is 500 records) and reads
// them in the console as a reader: the page says which records it shows
// of the total, and its "Next page" shows the ones past the first page,
// as the API's own pages hold them. The console used to draw the first
// 500 under "500 of 501 product codes" with no way to reach the rest.
func TestConsoleProfileListsPage(t *testing.T) {
	browsertest.Path(t)
	out := &syncBuilder{}
	dir := t.TempDir()
	base, stop, _, _ := startServeOut(t, dir, serveConfig{}, out)
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	printed := out.String()
	id, secret := printedField(t, printed, "console_client_id"), printedField(t, printed, "console_secret")
	c := consoleClient{t, base}
	adminToken := c.token(id, secret, "levy://admin")
	consoleToken := c.token(id, secret, "levy://console")

	const stored = 501
	var csv strings.Builder
	csv.WriteString("product_code,product_class\n")
	for i := range stored {
		fmt.Fprintf(&csv, "P-%04d,GENERAL\n", i)
	}
	// The ERP's file, as an admin imports it.
	status, body := c.do("POST", "/admin/v1/profile/import/files?name=products.csv", adminToken, "text/csv", []byte(csv.String()))
	if status != http.StatusOK {
		t.Fatalf("import: %d %s", status, body)
	}
	// The API's second page holds the 501st code.
	var second struct {
		Data struct {
			Items []struct{ Code string }
			Total int
		}
	}
	c.must(http.StatusOK, "GET", "/admin/v1/profile/products?offset=500", consoleToken, "", nil, &second)
	if second.Data.Total != stored || len(second.Data.Items) != 1 || second.Data.Items[0].Code != "P-0500" {
		t.Fatalf("the API's second page: %+v", second.Data)
	}

	b := startBrowser(t)
	b.do("open the console", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/console/"), chromedp.WaitVisible(chromedp.ID("client-id")))
	b.do("sign in", chromedp.SendKeys(chromedp.ID("client-id"), id), chromedp.SendKeys(chromedp.ID("client-secret"), secret),
		submit("signin-form"))
	b.wait("the calculation page", `document.getElementById('calc-send')`)
	b.expected("status of 400")
	b.do("open the products", chromedp.Click(chromedp.CSS(`#nav a[data-page=products]`)))
	b.wait("the first page", `document.querySelectorAll('#prof-products tbody tr').length === 500`)
	if where := eval[string](b, `(document.getElementById('prof-products-pager') || {}).textContent || ''`); !strings.Contains(where, "1–500 of 501 product codes") {
		t.Errorf("the first page says %q, want 1–500 of 501 product codes", where)
	}
	b.wait("the next page's button", `document.querySelector('#prof-products-pager button[data-page=next]:not([disabled])')`)
	b.do("show the next page", chromedp.Click(chromedp.CSS(`#prof-products-pager button[data-page=next]`)))
	b.wait("the second page", `document.querySelectorAll('#prof-products tbody tr').length === 1`)
	if code := eval[string](b, `document.querySelector('#prof-products tbody tr code').textContent`); code != "P-0500" {
		t.Errorf("the second page shows %q, want P-0500", code)
	}
	if where := eval[string](b, `document.getElementById('prof-products-pager').textContent`); !strings.Contains(where, "501–501 of 501 product codes") {
		t.Errorf("the second page says %q", where)
	}
	if eval[bool](b, `!document.querySelector('#prof-products-pager button[data-page=next]').disabled`) {
		t.Error("the last page offers a next page")
	}
	b.do("back to the first page", chromedp.Click(chromedp.CSS(`#prof-products-pager button[data-page=previous]`)))
	b.wait("the first page again", `document.querySelectorAll('#prof-products tbody tr').length === 500`)
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
