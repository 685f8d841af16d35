package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/internal/browsertest"
)

// TestConsoleNexusShareAndEmptyPeriod: the console's nexus page takes
// any share of a threshold the route takes (0.83: the page's field
// stepped by 0.05, and the browser refused to send 0.83, saying the
// nearest were 0.8 and 0.85), and a row whose jurisdiction had no
// threshold on the day shows no period (the page printed " to ").
func TestConsoleNexusShareAndEmptyPeriod(t *testing.T) {
	b := nexusConsole(t, "84000", nil)
	b.do("ask from 83% on 2026-03-31", chromedp.Evaluate[chromedp.Void](`document.getElementById('nexus-as-of').value = '2026-03-31';
		document.getElementById('nexus-share').value = '0.83'`), submit("nexus-form"))
	b.wait("the table from 83%", `document.querySelector('#nexus-table caption').textContent.includes('2026-03-31 (approaching from 83%')`)
	if st := eval[string](b, `document.querySelector('#nexus-table tbody tr[data-state=WA]').dataset.status`); st != "approaching" {
		t.Errorf("Washington at 84%% of its threshold, approaching from 83%%: %s", st)
	}
	b.do("ask on 2010-06-30", chromedp.Evaluate[chromedp.Void](`document.getElementById('nexus-as-of').value = '2010-06-30'`), submit("nexus-form"))
	b.wait("the table of 2010", `document.querySelector('#nexus-table caption').textContent.includes('2010-06-30')`)
	periods := eval[[]string](b, `[...document.querySelectorAll('#nexus-table tbody tr')].map(r => r.cells[7].textContent)`)
	for _, p := range periods {
		if strings.TrimSpace(p) == "to" {
			t.Errorf("a row without a period shows %q", p)
			break
		}
	}
	if len(periods) == 0 {
		t.Error("no rows in 2010")
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser's console: %s", errs)
	}
}

// nexusConsole stores a sale of amount dollars from Oregon into Seattle
// on 2026-03-01 in a new data directory, lets prepare add to it (a
// tenant's policy), serves it until the test ends, and opens the
// console's nexus page signed in with the console credential printed.
func nexusConsole(t *testing.T, amount string, prepare func(dir string)) *browserSession {
	t.Helper()
	browsertest.Path(t)
	dir := t.TempDir()
	req := `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"WA-1","documentDate":"2026-03-01",
		"seller":{"company":"ACME","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
		"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
		"lineItems":[{"product":{"productClass":"GENERAL"},"extendedPrice":` + amount + `}]}`
	file := filepath.Join(dir, "req.json")
	if err := os.WriteFile(file, []byte(req), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, file); code != 0 {
		t.Fatalf("calc: exit %d, %s", code, errOut)
	}
	if prepare != nil {
		prepare(dir)
	}
	out := &syncBuilder{}
	base, stop, _, _ := startServeOut(t, dir, serveConfig{}, out)
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
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
	return b
}
