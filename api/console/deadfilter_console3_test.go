package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleDeadLetterFilterSurvivesARefusal: the tenant filter of the
// dead letters stays on the page, with what was typed, when the list is
// refused: a tenant admin who named another tenant (403) saw the error
// alone, the filter gone, and could not name their own again but by
// leaving the page.
func TestConsoleDeadLetterFilterSurvivesARefusal(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	// The e-invoicing routes are not mounted here: the page's fetch
	// answers them as a server does, refusing another tenant.
	b.eval(`(() => {
		const real = window.fetch;
		const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
		window.fetch = (url, opts) => {
			const u = String(url);
			if (u.includes('/admin/v1/einvoicing/dead-letters')) {
				return Promise.resolve(u.includes('tenant=beta')
					? answer(403, { errors: [{ code: 'forbidden', message: 'an admin token acts on its own tenant only, not beta', target: 'tenant' }] })
					: answer(200, { data: [] }));
			}
			if (u.includes('/einvoicing/v1/webhooks')) return Promise.resolve(answer(200, { data: [] }));
			return real(url, opts);
		};
		return true;
	})()`)
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'console3-admin', tenant: 'default',
		admin: {token: 'console3-admin-token', expiresAt: Date.now() + 3600000}})); location.hash = '#/einvoicing'; true`)
	b.wait("the dead letters' filter", `document.getElementById('einv-dead-empty') && document.getElementById('einv-dead-tenant')`)
	b.eval(`document.getElementById('einv-dead-tenant').value = 'beta'; true`)
	b.do("filter", chromedp.Click(chromedp.CSS("#einv-dead form button[type=submit]")))
	b.wait("the refusal", `document.querySelector('#einv-dead .error')`)
	if got := b.text("einv-dead"); !strings.Contains(got, "not beta") {
		t.Errorf("the dead letters say %q, want the refusal", got)
	}
	if got := b.eval(`(document.getElementById('einv-dead-tenant') && document.getElementById('einv-dead-tenant').isConnected) ? document.getElementById('einv-dead-tenant').value : 'gone'`); got != "beta" {
		t.Errorf("after the refusal the tenant filter is %q, want it on the page holding beta", got)
	}
}
