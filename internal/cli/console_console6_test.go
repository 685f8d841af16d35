package cli

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleJournalBarsOfOneCurrencyAndPlace: the journal's bar chart is
// one chart per currency, each titled with its currency and holding the
// bars of that currency's rows of the summary, and the bars of two
// jurisdictions of one name (the state of New York and New York City)
// read apart, in the words beside them and in their names. The page drew
// one chart of every currency, a row in euros among the dollars' without
// its currency, its bar measured on their scale; and the two New Yorks'
// bars both read "New York", their names both "New York · Sales and Use
// Tax · USD", as did the heading of their transactions.
func TestConsoleJournalBarsOfOneCurrencyAndPlace(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	post := func(body string) {
		t.Helper()
		r.c.must(http.StatusOK, "POST", "/api/v2/supplies", r.apiToken, "application/json", []byte(body), nil)
	}
	post(`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-07-01","transactionId":"NY-1",
		"currency":{"isoCurrencyCodeAlpha":"USD"},
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`)
	post(`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-07-02","transactionId":"DE-1",
		"currency":{"isoCurrencyCodeAlpha":"EUR"},
		"seller":{"physicalOrigin":{"city":"Berlin","postalCode":"10115","country":"DE"}},
		"customer":{"destination":{"city":"München","postalCode":"80331","country":"DE"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":50000.00}]}`)
	var summary struct {
		Data []struct {
			JurisdictionID, JurisdictionName, Currency string
			Tax                                        json.Number
		}
	}
	r.c.must(http.StatusOK, "GET", "/console/api/journal/summary?from=2026-07-01&to=2026-07-31", r.consoleToken, "", nil, &summary)
	want := map[string][]string{}
	names := map[string][]string{}
	for _, row := range summary.Data {
		want[row.Currency] = append(want[row.Currency], row.Tax.String())
		names[row.JurisdictionName] = append(names[row.JurisdictionName], row.JurisdictionID)
	}
	if len(want) != 2 || len(names["New York"]) < 2 {
		t.Fatalf("the summary has rows of %d currencies and New Yorks %q; the test needs two currencies and two New Yorks", len(want), names["New York"])
	}

	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the journal page", `document.getElementById('journal-from') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.do("choose the period", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-from').value = '2026-07-01'; document.getElementById('journal-to').value = '2026-07-31'`),
		submit("journal-period"))
	b.wait("the summary", `document.querySelector('#journal-summary h2') && document.querySelector('#journal-summary h2').textContent.includes('2026-07-31') && document.querySelectorAll('#journal-summary .bar-row').length > 0`)

	charts := eval[[]struct {
		Title  string
		Values []string
	}](b, `[...document.querySelectorAll('#journal-summary .bar-chart')].map((f) => ({
		Title: f.querySelector('figcaption').textContent,
		Values: [...f.querySelectorAll('.bar-row')].map((g) => g.dataset.value),
	}))`)
	if len(charts) != len(want) {
		t.Errorf("%d bar charts for the rows of %d currencies: %+v", len(charts), len(want), charts)
	}
	for _, c := range charts {
		cur := c.Title[strings.LastIndex(c.Title, "(")+1 : max(strings.LastIndex(c.Title, ")"), 0)]
		if !strings.HasPrefix(c.Title, "Tax per jurisdiction and imposition (") || !slices.Equal(c.Values, want[cur]) {
			t.Errorf("the chart %q has the bars %q; the summary's rows of %s are %q", c.Title, c.Values, cur, want[cur])
		}
	}

	// The bars read apart in the words beside them, in their names, and
	// in their rows' buttons.
	for what, expr := range map[string]string{
		"the words beside the bars": `[...document.querySelectorAll('#journal-summary .bar-row')].map((g) => g.querySelector('text').textContent)`,
		"the bars' names":           `[...document.querySelectorAll('#journal-summary .bar-row')].map((g) => g.getAttribute('aria-label').replace(/: [^:]*$/, ''))`,
		"the rows' buttons":         `[...document.querySelectorAll('#journal-summary button.secondary[aria-label]')].map((e) => e.getAttribute('aria-label'))`,
	} {
		got := eval[[]string](b, expr)
		seen := map[string]bool{}
		for _, s := range got {
			if seen[s] {
				t.Errorf("%s: two read %q:\n  %s", what, s, strings.Join(got, "\n  "))
			}
			seen[s] = true
		}
		if len(got) != len(summary.Data) {
			t.Errorf("%s: %d for %d rows", what, len(got), len(summary.Data))
		}
	}

	// The transactions of the city's row say it is the city's.
	city := ""
	for _, id := range names["New York"] {
		if id != "US-NY" {
			city = id
		}
	}
	b.do("the city's transactions", chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('#journal-summary .bar-row')].find((g) => g.getAttribute('aria-label').includes('(`+city+`)')).dispatchEvent(new MouseEvent('click'))`))
	b.wait("the transactions", `document.querySelector('#journal-transactions h2')`)
	if h := eval[string](b, `document.querySelector('#journal-transactions h2').textContent`); !strings.Contains(h, "New York ("+city+")") {
		t.Errorf("the heading of the city's transactions is %q; want it to name New York (%s)", h, city)
	}
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}

// TestConsoleSessionLapsedBetweenPages: the tokens of the session expire
// while the user reads a page, and the user goes to another page: the
// sign-in says that the session ended, and the status line no longer
// shows the last page's message. The sign-in came up without a word,
// under the refusal of the form of the page left, as if that had ended
// the session; signed in again, the page gone to is shown.
func TestConsoleSessionLapsedBetweenPages(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	b.do("open the registrations", chromedp.Click(chromedp.CSS(`#nav a[data-page=registrations]`)))
	b.wait("the registration form", `document.getElementById('prof-reg-new-jur')`)
	b.do("add a registration of no jurisdiction", setControl("prof-reg-new-jur", "US-ZZ"), setControl("prof-reg-number", "123"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('prof-reg-new-jur').form.querySelector('button[type=submit]').click()`))
	b.wait("its refusal", `document.getElementById('status').textContent.includes('US-ZZ')`)
	b.awaitExpected("the refused registration", "status of 400")
	// The tokens expire: the page reads their expiry from the session it
	// keeps, as it does when their time has come.
	b.do("let the tokens expire", chromedp.Evaluate[chromedp.Void](`{
		const k = 'levy.console.session';
		const s = JSON.parse(sessionStorage.getItem(k));
		for (const a of ['console', 'admin', 'operator']) if (s[a]) s[a].expiresAt = Date.now() - 1000;
		sessionStorage.setItem(k, JSON.stringify(s));
	}`))
	b.do("go to the journal", chromedp.Evaluate[chromedp.Void](`location.hash = '#/journal'`))
	b.wait("the sign-in", `!document.getElementById('signin').hidden`)
	if got := eval[string](b, `document.getElementById('signin-error').textContent`); !strings.Contains(got, "session ended") {
		t.Errorf("the sign-in after the session lapsed says %q; want that the session ended", got)
	}
	if got := eval[string](b, `document.getElementById('status').textContent`); strings.Contains(got, "US-ZZ") {
		t.Errorf("the status line over the sign-in still shows the page left: %q", got)
	}
	b.do("sign in again", chromedp.Evaluate[chromedp.Void](`document.getElementById('client-id').value = ''`),
		chromedp.SendKeys(chromedp.ID("client-id"), r.id), chromedp.SendKeys(chromedp.ID("client-secret"), r.secret),
		submit("signin-form"))
	b.wait("the journal", `document.getElementById('journal-from') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.expected("status of 400") // the sign-in's token request without an operator's audience
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}

// TestConsoleTaxOverTimeOfZeros: the tax over time of a currency whose
// every tax is zero (an export invoiced in euros) labels its one grid
// line once. The chart wrote "0.00" three times, one over the other, at
// the top, middle and bottom of a span of nothing.
func TestConsoleTaxOverTimeOfZeros(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	r.c.must(http.StatusOK, "POST", "/api/v2/supplies", r.apiToken, "application/json", []byte(
		`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-07-01","transactionId":"EXP-1",
		"currency":{"isoCurrencyCodeAlpha":"EUR"},
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"München","postalCode":"80331","country":"DE"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`), nil)
	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the journal page", `document.getElementById('journal-from') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.do("choose the period", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-from').value = '2026-07-01'; document.getElementById('journal-to').value = '2026-07-31'`),
		submit("journal-period"))
	b.wait("the tax over time", `document.querySelector('#journal-summary h2') && document.querySelector('#journal-summary h2').textContent.includes('2026-07-31') && document.querySelector('#journal-series .line-chart')`)
	labels := eval[[]string](b, `[...document.querySelectorAll('#journal-series .line-chart svg > text[text-anchor=end]')].map((e) => e.textContent)`)
	if len(labels) != 1 || labels[0] != "0.00" {
		t.Errorf("the grid of a series of zeros is labelled %q; want 0.00 once", labels)
	}
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}
