package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleFormSurvivesTheSessionsEnd: a form sent after the session's
// token expired on the server (401) keeps what was typed for the sign-in
// again with the same credential. The sign-in drew the page anew, its
// forms empty, and the user typed the whole record again. Another
// credential's sign-in gets a page drawn anew, nothing of the other's.
func TestConsoleFormSurvivesTheSessionsEnd(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	// The profile's routes and the token endpoint are not mounted here:
	// the page's fetch answers them, the product's creation as a server
	// whose token expired does.
	b.eval(`(() => {
		const real = window.fetch;
		const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
		window.fetch = async (url, opts) => {
			const u = new URL(String(url), location.href);
			if (u.pathname === '/admin/v1/profile/products') {
				if ((opts || {}).method === 'POST') return answer(401, { errors: [{ code: 'unauthorized', message: 'the token expired' }] });
				return answer(200, { data: { items: [], total: 0 } });
			}
			if (u.pathname === '/cached/oauth/token') {
				const aud = new URLSearchParams(String(opts.body)).get('audience');
				if (aud !== 'levy://admin') return answer(400, { error: 'invalid_target', error_description: 'not an audience of the credential' });
				return answer(200, { access_token: 'tester-admin-2', token_type: 'Bearer', expires_in: 3600 });
			}
			return real(url, opts);
		};
		return true;
	})()`)
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'tester-admin', tenant: 'default',
		admin: {token: 'tester-admin-token', expiresAt: Date.now() + 3600000}})); location.hash = '#/products'; true`)
	b.wait("the product form", `document.getElementById('prof-prod-code')`)
	b.eval(`document.getElementById('prof-prod-type').value = 'SKU';
		document.getElementById('prof-prod-code').value = 'WIDGET-42';
		document.getElementById('prof-prod-class').value = 'general'; true`)
	b.do("send the form", chromedp.Click(chromedp.CSS("#prof-prod-form button[type=submit]")))
	b.wait("the sign-in", `!document.getElementById('signin').hidden`)
	signIn := func(id string) {
		b.eval(`document.getElementById('client-id').value = '` + id + `'; document.getElementById('client-secret').value = 'the-secret'; true`)
		b.do("sign in as "+id, chromedp.Click(chromedp.CSS("#signin-form button[type=submit]")))
		b.wait("the page", `document.getElementById('signin').hidden && document.getElementById('prof-prod-code')`)
	}
	signIn("tester-admin")
	for id, want := range map[string]string{"prof-prod-type": "SKU", "prof-prod-code": "WIDGET-42", "prof-prod-class": "general"} {
		if got := b.eval(`document.getElementById('` + id + `').value`); got != want {
			t.Errorf("signed in again, %s holds %q, want %q as typed", id, got, want)
		}
	}
	if got := b.eval(`document.getElementById('page').hidden ? 'hidden' : 'shown'`); got != "shown" {
		t.Errorf("signed in again, the page is %s", got)
	}
	if got := b.text("status"); !strings.Contains(got, "as you left it") {
		t.Errorf("signed in again, the status says %q, want that the page is as it was", got)
	}

	// Another credential's session does not get the page of this one.
	b.do("send the form again", chromedp.Click(chromedp.CSS("#prof-prod-form button[type=submit]")))
	b.wait("the sign-in", `!document.getElementById('signin').hidden`)
	signIn("tester-other")
	if got := b.eval(`document.getElementById('prof-prod-code').value`); got != "" {
		t.Errorf("another credential's sign-in shows the form of the session that ended, holding %q", got)
	}
}
