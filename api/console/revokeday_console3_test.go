package console_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestConsoleRevocationOnTheUsersDay: the revocation of a certificate
// that the console's question says is "from today" is from the user's
// today. The console sent no date and the server revoked from its own
// day, UTC's: in the evening in the Americas the certificate still
// covered the rest of the user's day, and in the morning in Asia it
// covered nothing from the day before, sales already made.
func TestConsoleRevocationOnTheUsersDay(t *testing.T) {
	f := newFixture(t)
	zone, offset := "Etc/GMT+12", -12*time.Hour
	if time.Now().UTC().Hour() >= 12 {
		zone, offset = "Pacific/Kiritimati", 14*time.Hour
	}
	local := time.FixedZone(zone, int(offset/time.Second))
	b := openConsole(t, f, zone)
	// The profile's routes are not mounted here: the page's fetch
	// answers them and keeps the revocation's request.
	b.eval(`(() => {
		const real = window.fetch;
		const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
		const cert = { customerCode: 'C1', number: 'CERT-1', jurisdictions: ['US-TX'], reasonCode: 'RESALE', effectiveDate: '2020-01-01', status: 'active' };
		window.revocations = [];
		window.confirm = () => true;
		window.fetch = (url, opts) => {
			const u = String(url);
			if (u.includes('/revoke')) {
				window.revocations.push({ url: u, body: (opts && typeof opts.body === 'string') ? opts.body : '' });
				return Promise.resolve(answer(200, { data: { ...cert, status: 'revoked' } }));
			}
			if (u.includes('/admin/v1/profile/certificates')) return Promise.resolve(answer(200, { data: { items: [cert], total: 1 } }));
			if (u.includes('/admin/v1/profile/customers')) return Promise.resolve(answer(200, { data: { items: [], total: 0 } }));
			return real(url, opts);
		};
		return true;
	})()`)
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'console3-admin', tenant: 'default',
		admin: {token: 'console3-admin-token', expiresAt: Date.now() + 3600000}})); location.hash = '#/customers'; true`)
	b.wait("the certificate", `document.querySelector('#prof-certs button.revoke')`)
	before := time.Now().In(local).Format(time.DateOnly)
	b.do("revoke", chromedp.Click(chromedp.CSS("#prof-certs button.revoke")))
	b.wait("the revocation", `window.revocations.length > 0`)
	after := time.Now().In(local).Format(time.DateOnly)
	got := b.eval(`(() => { try { return JSON.parse(window.revocations[0].body).revokedDate || ''; } catch { return ''; } })()`)
	if got != before && got != after {
		t.Errorf("in %s the revocation 'from today' asks for revokedDate %q (body %s), want the day there, %s",
			zone, got, b.eval(`window.revocations[0].body`), before)
	}
}
