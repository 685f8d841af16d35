package console_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// newTab opens another tab in b's browser, closed when t ends.
func newTab(t *testing.T, b *tab) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	// The tab is made here, on a context that lives as long as the test:
	// made by an action under a timeout, it is closed with the timeout.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening another tab: %v", err)
	}
	return ctx
}

// einvoicingAnswers makes the page's fetch answer the e-invoicing routes
// (not mounted here) as a server does: document DOC-A is the default
// tenant's, read with its token only; every request is noted in
// window.sent.
const einvoicingAnswers = `(() => {
	const real = window.fetch;
	const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
	window.sent = [];
	window.fetch = async (url, opts) => {
		const u = new URL(String(url), location.href);
		window.sent.push(u.pathname + ' ' + ((opts || {}).headers || {}).Authorization);
		if (u.pathname === '/einvoicing/v1/documents/DOC-A') {
			if (opts.headers.Authorization !== 'Bearer tester-token') return answer(404, { errors: [{ code: 'not_found', message: 'no document DOC-A' }] });
			return answer(200, { data: { documentId: 'DOC-A', status: 'Completed', documentNumber: 'INV-1', transmissionDateTime: '2026-11-30T10:00:00Z' } });
		}
		if (u.pathname.startsWith('/einvoicing/') || u.pathname.startsWith('/admin/v1/einvoicing/')) return answer(200, { data: [] });
		return real(url, opts);
	};
	return true;
})()`

// TestConsoleOpenedDocumentsAreTheSessions: the e-invoicing page lists
// the documents opened in the tab by its session's tenant. The list is
// the tab's (another tab of the browser has its own), but it outlived
// the sign-out: the next session in the tab, another tenant's, asked
// the server for each of the other tenant's documents with its own
// token.
func TestConsoleOpenedDocumentsAreTheSessions(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	b.eval(einvoicingAnswers)
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'tester', tenant: 'default',
		console: {token: 'tester-token', expiresAt: Date.now() + 3600000}})); location.hash = '#/einvoicing'; true`)
	b.wait("the page", `document.getElementById('einv-open-id')`)
	b.eval(`document.getElementById('einv-open-id').value = 'DOC-A'; true`)
	b.do("open DOC-A", chromedp.Click(chromedp.CSS("#einv-open button[type=submit]")))
	b.wait("DOC-A in the list", `document.getElementById('einv-documents').textContent.includes('DOC-A')`)

	// Another tab of the same browser has a list of its own.
	other := &tab{t: t, ctx: newTab(t, b), base: b.base}
	other.do("open the console in another tab", chromedp.Navigate(other.base+"/console/"))
	other.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'tester', tenant: 'default',
		console: {token: 'tester-token', expiresAt: Date.now() + 3600000}})); true`)
	other.eval(einvoicingAnswers)
	other.eval(`location.hash = '#/einvoicing'; true`)
	other.wait("the other tab's list", `document.querySelector('#einv-documents .note')`)
	if got := other.text("einv-documents"); got == "" || strings.Contains(got, "DOC-A") {
		t.Errorf("another tab lists %q, want none of the first tab's documents", got)
	}

	// The next session in the tab, another tenant's.
	b.do("sign out", chromedp.Click(chromedp.ID("signout")))
	b.wait("the sign-in", `!document.getElementById('signin').hidden`)
	b.eval(`window.sent = []; sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'tester-beta', tenant: 'beta',
		console: {token: 'tester-beta-token', expiresAt: Date.now() + 3600000}}));
		window.dispatchEvent(new HashChangeEvent('hashchange')); true`)
	b.wait("the list", `document.querySelector('#einv-documents .note, #einv-documents table')`)
	b.wait("the page's calls", `window.sent.some((s) => s.includes('/einvoicing/v1/webhooks'))`)
	if got := b.eval(`window.sent.filter((s) => s.includes('DOC-A')).join(', ')`); got != "" {
		t.Errorf("tenant beta's session asked for the other tenant's document: %s", got)
	}
	if got := b.text("einv-documents"); strings.Contains(got, "DOC-A") {
		t.Errorf("tenant beta's list is %q", got)
	}
}
