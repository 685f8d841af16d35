package console_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestConsoleDeletesOneOfANumbersRegistrations: the delete button of a
// registration names its type (identity or tax), so that a company's CVR
// and its VAT number of the same digits, two records, are each deleted
// alone. Without it the route refused the deletion of either, naming
// type. The page's list of the types of numbers of identity is the
// wire's.
func TestConsoleDeletesOneOfANumbersRegistrations(t *testing.T) {
	f := newFixture(t)
	status, _, body := f.get(t, "/console/js/profile.js")
	if status != 200 {
		t.Fatalf("GET profile.js: %d", status)
	}
	table := regexp.MustCompile(`(?s)const IDENTITY_TYPES = \[(.*?)\];`).FindSubmatch(body)
	var got []string
	if table == nil {
		t.Error("profile.js has no IDENTITY_TYPES")
	} else {
		for _, m := range regexp.MustCompile(`'([^']+)'`).FindAllSubmatch(table[1], -1) {
			got = append(got, string(m[1]))
		}
	}
	var want []string
	for _, typ := range []wire.TaxRegistrationType{wire.TaxRegistrationTypeVAT, wire.TaxRegistrationTypeFEIN, wire.TaxRegistrationTypeTIN,
		wire.TaxRegistrationTypeSSN, wire.TaxRegistrationTypeBusinessNumber, wire.TaxRegistrationTypeStateIdentification,
		wire.TaxRegistrationTypeNonUnionScheme, wire.TaxRegistrationTypeUnionScheme, wire.TaxRegistrationTypeImportOneStopShop,
		wire.TaxRegistrationTypeCommercialRegistration, wire.TaxRegistrationTypeLVGRegistration} {
		if typ.Identity() {
			want = append(want, string(typ))
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if table != nil && !slices.Equal(got, want) {
		t.Errorf("IDENTITY_TYPES = %q, want the wire's types of identity %q", got, want)
	}

	b := openConsole(t, f, "")
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'console3-admin', tenant: 'default',
		console: {token: 'console3-token', expiresAt: Date.now() + 3600000}, admin: {token: 'console3-admin-token', expiresAt: Date.now() + 3600000}})); true`)
	// The profile's routes are not mounted here: the page's fetch answers
	// the list and keeps the deletions asked for.
	b.eval(`(() => {
		const real = window.fetch;
		window.deletions = [];
		window.confirm = () => true;
		window.fetch = async (url, opts) => {
			const u = new URL(String(url), location.href);
			if (!u.pathname.startsWith('/admin/v1/profile/registrations')) return real(url, opts);
			const ok = (data) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
			if ((opts && opts.method) === 'DELETE') {
				window.deletions.push(u.pathname + '?' + u.searchParams.toString());
				return ok({ deleted: true, versions: [] });
			}
			return ok({ items: [
				{ companyCode: 'ACME', jurisdiction: 'DK', number: 'DK13585628', type: 'VAT Registration' },
				{ companyCode: 'ACME', jurisdiction: 'DK', number: 'DK13585628', type: 'Commercial Registration' },
				{ companyCode: 'ACME', jurisdiction: 'US-TX', number: '32000000001', type: 'Federal Employer Identification Number (FEIN)' }], total: 3 });
		};
		return true;
	})()`)
	b.eval(`location.hash = '#/registrations'; true`)
	b.wait("the list", `document.querySelectorAll('#prof-regs table button.danger').length === 3`)
	for i := range 3 {
		// Clicked in one step of the page's own script: after a deletion
		// the page draws its list again, and a node found by one protocol
		// call may be gone by the next (chromedp.Click's query and click).
		b.wait("delete row", `(() => { const btn = document.querySelector('#prof-regs table tbody tr:nth-child(`+strconv.Itoa(i+1)+`) button.danger'); if (!btn) return false; btn.click(); return true; })()`)
		b.wait("the deletion", `window.deletions.length === `+strconv.Itoa(i+1))
	}
	dels := strings.Split(b.eval(`window.deletions.join('\n')`), "\n")
	for i, want := range []struct{ path, typ string }{
		{"/admin/v1/profile/registrations/DK/DK13585628", "tax"},
		{"/admin/v1/profile/registrations/DK/DK13585628", "identity"},
		// A FEIN stored for a state is a registration there: a tax one.
		{"/admin/v1/profile/registrations/US-TX/32000000001", "tax"},
	} {
		if i >= len(dels) || !strings.HasPrefix(dels[i], want.path+"?") || !strings.Contains(dels[i], "company=ACME") ||
			!strings.Contains(dels[i], "type="+want.typ) {
			t.Errorf("deletion %d of %q: want %s of type %s", i, dels, want.path, want.typ)
		}
	}
}
