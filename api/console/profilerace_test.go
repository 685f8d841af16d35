package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// holdProfileList makes the page's fetch answer the profile's list at
// path itself (the profile's routes are not mounted here): an item
// named after the filter's value, held until window.release() when the
// value is SLOW.
func holdProfileList(b *tab, path, param string, item string) {
	b.t.Helper()
	b.eval(`(() => {
		const real = window.fetch;
		window.fetch = async (url, opts) => {
			const u = new URL(String(url), location.href);
			if (u.pathname !== '` + path + `') return real(url, opts);
			const v = u.searchParams.get('` + param + `') || 'ALL';
			const item = (` + item + `)(v);
			const resp = new Response(JSON.stringify({ data: { items: [item], total: 1 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
			if (v !== 'SLOW') return resp;
			window.slowHeld = true;
			await new Promise((r) => { window.release = r; });
			return resp;
		};
		return true;
	})()`)
}

// TestConsoleProfileListOfTheLastFilter: a list of the profile's pages
// (customers, certificates, registrations, products, franchise fees) is
// of the filter sent last. The answer of a filter sent before, answered
// after (a slower query), was drawn over the later one: the list stood
// for a filter that no longer was in the field.
func TestConsoleProfileListOfTheLastFilter(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		page, path, param, item, input, form, box string
	}{
		{"registrations", "/admin/v1/profile/registrations", "jurisdiction",
			`(v) => ({ jurisdiction: 'US-' + v, number: 'REG-' + v })`, "prof-reg-jur", "prof-reg-filter", "prof-regs"},
		{"products", "/admin/v1/profile/products", "codeType",
			`(v) => ({ codeType: v, code: 'CODE-' + v, class: 'general' })`, "prof-prod-type-filter", "prof-prod-filter", "prof-products"},
		{"customers", "/admin/v1/profile/customers", "customer",
			`(v) => ({ code: 'CUST-' + v, name: 'Customer ' + v })`, "prof-cust-filter", "prof-cust-filter-form", "prof-customers"},
		{"customers", "/admin/v1/profile/certificates", "customer",
			`(v) => ({ customerCode: v, number: 'CERT-' + v, jurisdictions: ['US-TX'], reasonCode: 'RESALE', effectiveDate: '2020-01-01' })`,
			"prof-cert-customer", "prof-cert-filter", "prof-certs"},
	}
	for _, c := range cases {
		t.Run(c.box, func(t *testing.T) {
			b := openConsole(t, f, "")
			holdProfileList(b, c.path, c.param, c.item)
			b.eval(`location.hash = '#/` + c.page + `'; true`)
			b.wait("the list", `document.querySelector('#`+c.box+` table')`)
			filter := func(v string) {
				b.eval(`document.getElementById('` + c.input + `').value = '` + v + `'; true`)
				b.do("filter "+v, chromedp.Click(chromedp.CSS("#"+c.form+" button[type=submit]")))
			}
			filter("SLOW")
			b.wait("the slow answer, held", `window.slowHeld`)
			filter("FAST")
			b.wait("the list of FAST", `document.getElementById('`+c.box+`').textContent.includes('-FAST')`)
			b.eval(`window.release(); true`)
			// The late answer has its turn to be drawn: a list it would
			// draw is there once the page's next list is.
			b.eval(`new Promise((r) => setTimeout(() => r(true), 300))`)
			if got := b.text(c.box); strings.Contains(got, "-SLOW") || !strings.Contains(got, "-FAST") {
				t.Errorf("after the late answer of SLOW the list is %q, want FAST's, asked last", got)
			}
		})
	}
}
