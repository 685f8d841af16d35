package console_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleRightToLeftNames: a name of the tenant's data written in a
// right-to-left script is laid out in its own direction, in a table's
// cell and inside a sentence. The page laid every one out left to right,
// so that a Hebrew customer name ending in a digit or a parenthesis had
// them on the wrong side, and a name inside a sentence took the words
// after it into its run.
func TestConsoleRightToLeftNames(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	const name = "חברת הדגמה בע״מ (2)"
	b.eval(`(() => {
		const real = window.fetch;
		const answer = (body) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
		const customer = { code: 'RTL-1', name: '` + name + `', classCode: 'RETAIL' };
		window.fetch = async (url, opts) => {
			const u = new URL(String(url), location.href);
			if (u.pathname === '/admin/v1/profile/customers') return answer({ data: { items: [customer], total: 1 } });
			if (u.pathname === '/admin/v1/profile/customers/RTL-1') {
				return answer({ data: { customer, certificates: [], versions: [{ version: 1, at: '2026-01-01T00:00:00Z', by: 'x', customer }] } });
			}
			if (u.pathname === '/admin/v1/profile/certificates') return answer({ data: { items: [], total: 0 } });
			return real(url, opts);
		};
		return true;
	})()`)
	b.eval(`location.hash = '#/customers'; true`)
	b.wait("the customers", `document.querySelector('#prof-customers td')`)
	cell := b.eval(`(() => {
		const td = [...document.querySelectorAll('#prof-customers td')].find((c) => c.textContent === '` + name + `');
		return td ? getComputedStyle(td).direction : 'none';
	})()`)
	if cell != "rtl" {
		t.Errorf("the cell of the Hebrew name is laid out %s, want rtl", cell)
	}
	b.do("open the customer", chromedp.Click(chromedp.CSS(`#prof-customers button[data-customer="RTL-1"]`)))
	b.wait("the customer", `document.querySelector('#prof-customer p')`)
	inline := b.eval(`(() => {
		const p = document.querySelector('#prof-customer p');
		const el = [...p.querySelectorAll('*')].find((e) => e.textContent === '` + name + `');
		if (!el) return 'not apart from the sentence';
		const cs = getComputedStyle(el);
		return cs.direction + ' ' + cs.unicodeBidi;
	})()`)
	if inline != "rtl isolate" {
		t.Errorf("the Hebrew name in the customer's sentence is %s, want rtl isolate", inline)
	}
	if got := b.eval(`getComputedStyle(document.getElementById('prof-cust-filter')).direction + ' ' + document.getElementById('prof-cust-filter').getAttribute('dir')`); got != "ltr auto" {
		t.Errorf("the customer filter's field is %q, want dir=auto (ltr while empty)", got)
	}
}
