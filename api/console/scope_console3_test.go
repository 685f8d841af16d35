package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleOperatorsTenantStaysWithTheOperator: the tenant that the
// server's operator names on the profile's pages is the operator's
// choice alone. It stayed in the tab after the operator signed out, and
// the tenant admin who signed in next in that tab sent it with every
// call of the profile's pages, which the API refuses (403: another
// tenant), on pages that show such an admin no field to change it.
func TestConsoleOperatorsTenantStaysWithTheOperator(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	// The profile's routes are not mounted here: the test reads the
	// requests the pages send.
	b.eval(`(() => {
		const real = window.fetch;
		window.sent = [];
		window.fetch = (url, opts) => { window.sent.push(String(url)); return real(url, opts); };
		return true;
	})()`)
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'console3-operator',
		operator: {token: 'console3-operator-token', expiresAt: Date.now() + 3600000}})); location.hash = '#/registrations'; true`)
	b.wait("the operator's tenant field", `document.getElementById('prof-tenant')`)
	b.eval(`document.getElementById('prof-tenant').value = 'beta'; true`)
	b.do("name the tenant", chromedp.Click(chromedp.CSS("#prof-tenant-form button[type=submit]")))
	b.wait("the operator's call for beta", `window.sent.some((u) => u.includes('/admin/v1/profile/registrations') && u.includes('tenant=beta'))`)
	b.do("sign out", chromedp.Click(chromedp.ID("signout")))
	b.wait("the sign-in", `!document.getElementById('signin').hidden`)

	b.eval(`window.sent = []; sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'console3-admin', tenant: 'default',
		admin: {token: 'console3-admin-token', expiresAt: Date.now() + 3600000}})); location.hash = '#/products'; true`)
	b.wait("the admin's call", `window.sent.some((u) => u.includes('/admin/v1/profile/products'))`)
	if b.eval(`document.getElementById('prof-tenant') ? 'yes' : 'no'`) != "no" {
		t.Errorf("the tenant admin's page shows the operator's tenant field")
	}
	for _, u := range strings.Split(b.eval(`window.sent.join('\n')`), "\n") {
		if strings.Contains(u, "/admin/v1/profile") && strings.Contains(u, "tenant=") {
			t.Errorf("the tenant admin's page sent the operator's tenant: %s", u)
		}
	}
}
