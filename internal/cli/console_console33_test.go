package cli

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleLateRefusalOfAnEarlierSession: a 401 to a request sent in
// a session that has ended since (the user signed out, or the session
// ended, and signed in again) does not end the session signed in after
// it. The console ended whatever session was stored at any 401: the
// slow answer of a page of the last session sent the user, just signed
// in again, back to the sign-in; and the discarded journal page wrote
// "Error: the session this was sent in has ended" over the calculation
// page of the new session.
func TestConsoleLateRefusalOfAnEarlierSession(t *testing.T) {
	var p *heldProxy
	b, id, secret := signedInThrough(t, func(base string) string {
		p = refuseLate(t, base, "/console/api/journal/summary")
		return p.URL
	})

	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	p.awaitAsked()
	b.do("sign out", chromedp.Click(chromedp.ID("signout")))
	b.wait("the sign-in", `!document.getElementById('signin').hidden`)
	// Signed in again on the calculation page: the browser holds a GET
	// of a URL that one in flight asks too, until that one's answer.
	b.do("sign in again", chromedp.Evaluate[chromedp.Void](`document.getElementById('client-id').value = ''; location.hash = '#/playground'`),
		chromedp.SendKeys(chromedp.ID("client-id"), id), chromedp.SendKeys(chromedp.ID("client-secret"), secret), submit("signin-form"))
	b.wait("the calculation page of the new session", `document.getElementById('signin').hidden && document.getElementById('calc-send')`)
	b.awaitExpected("the second sign-in's token request without an operator's audience", "status of 400")
	before := eval[string](b, `document.getElementById('status').textContent`)

	p.release()
	p.awaitAnswered()
	// The discarded page's showing takes the refusal, and says nothing
	// of it on the page shown now.
	awaitSettled(b, "the late refusal", "/console/api/journal/summary")
	b.awaitExpected("the late refusal", "status of 401")
	if got := eval[string](b, `document.getElementById('status').textContent`); got != before {
		t.Errorf("the late refusal of the discarded journal page wrote %q on the calculation page (it showed %q)", got, before)
	}
	if !eval[bool](b, `document.getElementById('signin').hidden && !!sessionStorage.getItem('levy.console.session')`) {
		t.Fatalf("a 401 to a request of the session signed out ended the session signed in since: the page shows %q, the sign-in %q",
			eval[string](b, `document.getElementById('status').textContent`), eval[string](b, `document.getElementById('signin-error').textContent`))
	}
	// The session goes on: the journal is read with its tokens.
	b.do("open the journal again", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the journal", `/ summary rows\.$/.test(document.getElementById('status').textContent)`)
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// postCompanySale stores, through the API, a Seattle invoice of 100.00
// whose seller is company, under the transaction ID id.
func (r *reviewConsole) postCompanySale(company, id string) {
	r.c.must(http.StatusOK, "POST", "/api/v2/supplies", r.apiToken, "application/json", []byte(
		`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-07-01","transactionId":"`+id+`",
		"currency":{"isoCurrencyCodeAlpha":"USD"},
		"seller":{"company":"`+company+`","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`), nil)
}

// TestConsoleJournalCompanyOptionsTakeTheirDirection: the options of the
// journal's company select, company codes of the tenant in whatever
// script, each take the direction of their own text (dir="auto"), as
// the tables' cells do. They had none: a Hebrew code ending in a digit
// showed its digit on the wrong side.
func TestConsoleJournalCompanyOptionsTakeTheirDirection(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	const company = "חברה-2"
	r.postCompanySale(company, "DIR-1")
	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the companies", `[...document.querySelectorAll('#journal-company option')].some((o) => o.value === '`+company+`')`)
	got := eval[[]string](b, `[...document.querySelectorAll('#journal-company option')].map((o) => o.textContent + '=' + o.getAttribute('dir'))`)
	for _, o := range got {
		if !strings.HasSuffix(o, "=auto") {
			t.Errorf("the option %q has no dir=auto (options: %q)", o, got)
		}
	}
	b.do("choose the company", chromedp.Evaluate[chromedp.Void](`{ const s = document.getElementById('journal-company'); s.value = '`+company+`'; s.dispatchEvent(new Event('change')); }`))
	b.wait("the summary of the company", `document.querySelector('#journal-summary h2 bdi')`)
	got = eval[[]string](b, `[...document.querySelectorAll('#journal-company option')].map((o) => o.textContent + '=' + o.getAttribute('dir'))`)
	for _, o := range got {
		if !strings.HasSuffix(o, "=auto") {
			t.Errorf("with the company chosen, the option %q has no dir=auto (options: %q)", o, got)
		}
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleStatusIsolatesUserValues: a status-line message that says a
// value of the user's (the customer code just added) holds it isolated
// in the direction of its own text (a bdi, dir="auto"), as the pages'
// headings do. The message was one string: a Hebrew code took the
// sentence's full stop into its run, shown on its wrong side.
func TestConsoleStatusIsolatesUserValues(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	const code = "לקוח-7"
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the customer form", `document.getElementById('prof-new-code')`)
	b.do("add a customer", chromedp.SendKeys(chromedp.ID("prof-new-code"), code), chromedp.SendKeys(chromedp.ID("prof-new-name"), "Dana"),
		submit("prof-new-customer"))
	b.wait("the customer added", `/^(Added|Error)/.test(document.getElementById('status').textContent)`)
	if got := eval[string](b, `document.getElementById('status').textContent`); got != "Added customer "+code+"." {
		t.Fatalf("the status line says %q", got)
	}
	got := eval[[]string](b, `[...document.querySelectorAll('#status bdi')].map((e) => e.textContent + '=' + e.getAttribute('dir'))`)
	if len(got) != 1 || got[0] != code+"=auto" {
		t.Errorf("the status line isolates %q, want the code %q alone in a bdi with dir=auto", got, code)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleSignInKeepsTheClientIDAsTyped: the sign-in sends the client
// ID as typed, as it does the secret, and the server's refusal names the
// whitespace it ends with, which no Levy client ID holds. The console
// trimmed the client ID without a word, and not the secret: a client ID
// pasted with a space signed in, the same one in a script was refused.
func TestConsoleSignInKeepsTheClientIDAsTyped(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	b.do("sign out", chromedp.Click(chromedp.ID("signout")))
	b.wait("the sign-in", `!document.getElementById('signin').hidden`)
	b.do("sign in with a client ID ending in a space", chromedp.Evaluate[chromedp.Void](`document.getElementById('client-id').value = ''`),
		chromedp.SendKeys(chromedp.ID("client-id"), r.id+" "), chromedp.SendKeys(chromedp.ID("client-secret"), r.secret), submit("signin-form"))
	b.wait("the sign-in's end", `document.getElementById('signin-error').textContent || document.getElementById('signin').hidden`)
	if eval[bool](b, `document.getElementById('signin').hidden`) {
		t.Fatalf("a client ID ending in a space signed in: the console trimmed it without a word")
	}
	b.awaitExpected("the refused sign-in", "status of 401")
	if got := eval[string](b, `document.getElementById('signin-error').textContent`); !strings.Contains(got, "client_id ends with whitespace") {
		t.Errorf("the refusal says %q, want that the client ID ends with whitespace", got)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
