package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/internal/browsertest"
)

// TestConsoleNexusTenantShare: the console's nexus page, asked with its
// share field empty, shows the report from the share of the tenant's
// policy (nexusShare 0.5: Washington at 55% of its threshold is
// approaching, from 50%); a share typed in decides. The page sent 0.8
// whatever the policy chose.
func TestConsoleNexusTenantShare(t *testing.T) {
	browsertest.Path(t)
	dir := t.TempDir()
	req := `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"WA-1","documentDate":"2026-03-01",
		"seller":{"company":"ACME","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
		"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
		"lineItems":[{"product":{"productClass":"GENERAL"},"extendedPrice":55000}]}`
	file := filepath.Join(dir, "req.json")
	if err := os.WriteFile(file, []byte(req), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, file); code != 0 {
		t.Fatalf("calc: exit %d, %s", code, errOut)
	}
	policy := writeFiles(t, "policy.json", `{"policy":{"nexusShare":"0.5"}}`)
	profileCLI(t, 0, "import", "--data-dir", dir, policy[0])
	out := &syncBuilder{}
	base, stop, _, _ := startServeOut(t, dir, serveConfig{}, out)
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	printed := out.String()
	id, secret := printedField(t, printed, "console_client_id"), printedField(t, printed, "console_secret")

	b := startBrowser(t)
	b.do("open the console", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/console/"), chromedp.WaitVisible(chromedp.ID("client-id")))
	b.do("sign in", chromedp.SendKeys(chromedp.ID("client-id"), id), chromedp.SendKeys(chromedp.ID("client-secret"), secret),
		submit("signin-form"))
	b.wait("the calculation page", `document.getElementById('calc-send')`)
	b.expected("status of 400")
	b.do("open the nexus page", chromedp.Click(chromedp.CSS(`#nav a[data-page=nexus]`)))
	b.wait("the nexus page", `document.querySelector('#nexus-table caption')`)
	b.do("ask on 2026-03-31, no share", chromedp.Evaluate[chromedp.Void](`document.getElementById('nexus-as-of').value = '2026-03-31';
		document.getElementById('nexus-share').value = ''`), submit("nexus-form"))
	b.wait("the table from the policy's 50%", `document.querySelector('#nexus-table caption').textContent.includes('2026-03-31 (approaching from 50%')`)
	if st := eval[string](b, `document.querySelector('#nexus-table tbody tr[data-state=WA]').dataset.status`); st != "approaching" {
		t.Errorf("Washington at 55%% of its threshold, the policy's share 0.5: %s", st)
	}
	b.do("ask from 80%", chromedp.Evaluate[chromedp.Void](`document.getElementById('nexus-share').value = '0.8'`), submit("nexus-form"))
	b.wait("the table from 80%", `document.querySelector('#nexus-table caption').textContent.includes('2026-03-31 (approaching from 80%')`)
	if st := eval[string](b, `document.querySelector('#nexus-table tbody tr[data-state=WA]').dataset.status`); st != "none" {
		t.Errorf("Washington at 55%% of its threshold, asked from 0.8: %s", st)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser's console: %s", errs)
	}
}
