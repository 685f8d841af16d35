package cli

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/internal/browsertest"
)

// watchFetches makes the page note, in window.levySettled, the URL of
// every fetch whose answer has come whole, once the page's own handling
// of it is over: the note is written by a task queued after the answer's
// body was read, which runs when the promises the page chained on the
// answer have run. A test waits for it (awaitSettled) to look at what a
// late answer left on the page, which may be nothing.
func watchFetches(b *browserSession) {
	b.t.Helper()
	b.do("watch the fetches", chromedp.Evaluate[chromedp.Void](`{
		window.levySettled = [];
		const fetched = window.fetch;
		window.fetch = (...args) => {
			const p = fetched(...args);
			const url = String(args[0]);
			p.then((resp) => resp.clone().text()).catch(() => {}).finally(() => setTimeout(() => window.levySettled.push(url), 0));
			return p;
		};
	}`))
}

// awaitSettled waits until a fetch of path has settled (watchFetches).
func awaitSettled(b *browserSession, what, path string) {
	b.t.Helper()
	b.wait(what, `window.levySettled.some((u) => new URL(u, location.href).pathname === '`+path+`')`)
}

// TestConsoleDiscardedPageSaysNothingOfItsLateAnswer: the answer of a
// page the user left, come after another page was drawn, writes nothing
// on that page. The journal's late summary wrote "N summary rows." over
// the customers page.
func TestConsoleDiscardedPageSaysNothingOfItsLateAnswer(t *testing.T) {
	var p *heldProxy
	b, _, _ := signedInThrough(t, func(base string) string {
		p = answerLate(t, base, "/console/api/journal/summary")
		return p.URL
	})

	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	select {
	case <-p.asked:
	case <-b.ctx.Done():
		t.Fatal("the journal asked for no summary")
	}
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the customers page", `document.getElementById('prof-new-code') && document.querySelector('#nav a[data-page=customers][aria-current=page]')`)
	b.do("note the status", chromedp.Evaluate[chromedp.Void](`document.getElementById('status').textContent = 'the customers page'`))

	p.release()
	awaitSettled(b, "the journal's late summary", "/console/api/journal/summary")
	if got := eval[string](b, `document.getElementById('status').textContent`); got != "the customers page" {
		t.Errorf("the late summary of the journal page left wrote %q on the customers page", got)
	}
	if strings.Contains(eval[string](b, `document.getElementById('page').textContent`), "Remittance summary") {
		t.Errorf("the late summary of the journal page left drew on the customers page")
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleJournalCompanySelectTakesTheChosenDirection: the journal's
// company select, closed, shows the company chosen in the direction of
// its text: a Hebrew company code right to left, "All companies" left to
// right, and so again when the page is drawn anew with the company
// chosen. The options had dir="auto", the select none: closed, it showed
// a Hebrew code left to right, its digit on the wrong side.
func TestConsoleJournalCompanySelectTakesTheChosenDirection(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	const company = "חברה-2"
	r.postCompanySale(company, "DIR-34")
	direction := `getComputedStyle(document.getElementById('journal-company')).direction`
	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the companies", `[...document.querySelectorAll('#journal-company option')].some((o) => o.value === '`+company+`')`)
	if got := eval[string](b, direction); got != "ltr" {
		t.Errorf("with every company chosen, the select is %s", got)
	}
	choose := func(value string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](`{ const s = document.getElementById('journal-company'); s.value = ` + value + `; s.dispatchEvent(new Event('change')); }`)
	}
	b.do("choose the company", choose(`'`+company+`'`))
	if got := eval[string](b, direction); got != "rtl" {
		t.Errorf("with the Hebrew company chosen, the select is %s", got)
	}
	b.wait("the summary of the company", `document.querySelector('#journal-summary h2 bdi')`)
	if got := eval[string](b, direction); got != "rtl" {
		t.Errorf("with the Hebrew company's summary shown, the select is %s", got)
	}
	b.do("leave the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the customers page", `document.getElementById('prof-new-code')`)
	b.do("come back to the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the journal", `document.getElementById('journal-company')`)
	if got := eval[string](b, direction); got != "rtl" {
		t.Errorf("drawn anew with the Hebrew company chosen, the select is %s", got)
	}
	b.wait("the summary of the company", `document.querySelector('#journal-summary h2 bdi')`)
	b.do("choose every company", choose(`document.querySelector('#journal-company option').value`))
	if got := eval[string](b, direction); got != "ltr" {
		t.Errorf("with every company chosen again, the select is %s", got)
	}
	b.wait("the summary of every company", `document.querySelector('#journal-summary h2') && !document.querySelector('#journal-summary h2 bdi')`)
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// signedInThrough serves an empty data directory until the test ends,
// puts the proxy that through makes of its address in front of it, and
// signs in to the console through that proxy with the console
// credential printed, watching the page's fetches (watchFetches). It
// returns the browser on the calculation page, and the credential.
func signedInThrough(t *testing.T, through func(base string) string) (b *browserSession, id, secret string) {
	t.Helper()
	browsertest.Path(t)
	out := &syncBuilder{}
	base, stop, _, _ := startServeOut(t, t.TempDir(), serveConfig{}, out)
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	printed := out.String()
	id, secret = printedField(t, printed, "console_client_id"), printedField(t, printed, "console_secret")
	url := through(base)
	b = startBrowser(t)
	b.do("open the console", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(url+"/console/"), chromedp.WaitVisible(chromedp.ID("client-id")))
	watchFetches(b)
	b.do("sign in", chromedp.SendKeys(chromedp.ID("client-id"), id), chromedp.SendKeys(chromedp.ID("client-secret"), secret), submit("signin-form"))
	b.wait("the calculation page", `document.getElementById('calc-send')`)
	b.awaitExpected("the sign-in's token request without an operator's audience", "status of 400")
	return b, id, secret
}
