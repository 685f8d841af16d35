package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleMapKeepsTheLastLookup: the map page shows the answer of
// the lookup asked last. A lookup whose answer came after a later one's
// (a slow answer for the first address searched) replaced the later
// answer in the panel, and its areas were coloured "looked up", while
// the fields said the other address.
func TestConsoleMapKeepsTheLastLookup(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	b.eval(`location.hash = '#/map'; true`)
	b.wait("the map page", `document.getElementById('map-search')`)
	// The answer of the lookup of Seattle is held until the test lets it
	// go; the rest of its way is promises, which run before the next
	// evaluation.
	b.eval(`(() => {
		const real = window.fetch;
		window.fetch = async (url, opts) => {
			const resp = await real(url, opts);
			if (!String(url).includes('address-lookup') || !String((opts || {}).body).includes('Seattle')) return resp;
			const text = await resp.text();
			window.slowReady = true;
			await new Promise((r) => { window.release = r; });
			return { ok: resp.ok, status: resp.status, headers: resp.headers, text: async () => text, json: async () => JSON.parse(text) };
		};
		return true;
	})()`)
	search := func(street, city, state, zip string) {
		b.eval(`(() => { const set = (k, v) => { document.getElementById('map-addr-' + k).value = v; };
			set('streetAddress1', '` + street + `'); set('city', '` + city + `'); set('mainDivision', '` + state + `'); set('postalCode', '` + zip + `');
			return true; })()`)
		b.do("search "+city, chromedp.Click(chromedp.CSS("#map-search button[type=submit]")))
	}
	search("400 Broad St", "Seattle", "WA", "98109")
	b.wait("Seattle's answer, held", `window.slowReady`)
	search("200 N Spring St", "Los Angeles", "CA", "90012")
	b.wait("the lookup of Los Angeles", `(document.querySelector('#map-result h2') || {}).textContent?.includes('Los Angeles')`)
	b.eval(`window.release(); true`)
	if got := b.eval(`document.querySelector('#map-result h2').textContent`); !strings.Contains(got, "Los Angeles") {
		t.Errorf("after Seattle's late answer the panel shows %q, want the lookup of Los Angeles, asked last", got)
	}
	if got := b.text("status"); strings.Contains(got, "Seattle") {
		t.Errorf("the status line says %q, of the lookup asked first", got)
	}
}
