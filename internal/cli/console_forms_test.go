package cli

import (
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/journal"

	"github.com/levytax/levy/internal/browsertest"
)

// reviewConsole is a server started with --dev, a browser signed in to
// its console with the development credential, and a client of the API.
type reviewConsole struct {
	b                      *browserSession
	c                      consoleClient
	base, id, secret       string
	apiToken, consoleToken string
}

// startReviewConsole starts the server with args and signs a browser
// in.
func startReviewConsole(t *testing.T, args ...string) *reviewConsole {
	t.Helper()
	browsertest.Path(t)
	out := &syncBuilder{}
	base, stop, _, apiToken := startServeOut(t, t.TempDir(), serveConfig{}, out, args...)
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	printed := out.String()
	r := &reviewConsole{c: consoleClient{t, base}, base: base, apiToken: apiToken,
		id: printedField(t, printed, "console_client_id"), secret: printedField(t, printed, "console_secret")}
	r.consoleToken = r.c.token(r.id, r.secret, "levy://console")
	r.b = startBrowser(t)
	r.b.do("open the console", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/console/"), chromedp.WaitVisible(chromedp.ID("client-id")))
	r.b.do("sign in", chromedp.SendKeys(chromedp.ID("client-id"), r.id), chromedp.SendKeys(chromedp.ID("client-secret"), r.secret),
		submit("signin-form"))
	r.b.wait("the calculation page", `document.getElementById('calc-send')`)
	// The development credential has no operator's audience: the token
	// endpoint's 400 for it is expected.
	r.b.awaitExpected("the sign-in's token request without an operator's audience", "status of 400")
	return r
}

// setControl types text into a control of the playground's form, as a
// person does (the form keeps what its input events say).
func setControl(id, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`{ const el = document.getElementById(%q); el.value = %q; el.dispatchEvent(new Event('input')); }`, id, text))
}

// TestConsoleAmountsOfTheForm: the calculation form sends a line's amount
// with the digits typed, and refuses one it cannot read naming the line
// and the field, in place of the last answer. The form used to send the
// amount as a JavaScript number: "1,000.00" or an empty amount went as
// null, which the API takes as no amount, and the page showed a tax of
// 0.00 without a word; 12345678901234567.89 went as 12345678901234568.
// "Copy as curl" and "Copy as Go" rounded it so too. And a request that
// was not JSON left the last answer's figures on the page under an
// error in the status line.
func TestConsoleAmountsOfTheForm(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	refusal := func(what string) string {
		b.t.Helper()
		b.do(what, chromedp.Click(chromedp.ID("calc-send")))
		b.wait("the refusal of "+what, `document.getElementById('calc-errors')`)
		return eval[string](b, `document.getElementById('calc-errors').textContent`)
	}
	totals := `document.querySelectorAll('#calc-result [data-total]').length`

	// A good calculation first, whose figures must not outlive a refusal.
	b.do("calculate", chromedp.Click(chromedp.ID("calc-send")))
	b.wait("the totals", `document.querySelector('[data-total=totalTax]')`)

	for _, c := range []struct{ amount, want string }{
		{"1,000.00", `Line 1 amount: want a number such as 1234.56 (a point for the decimals, no separators), not "1,000.00"`},
		{"", "Line 1 amount: is empty; give a number such as 59.97"},
		{"12 EUR", `Line 1 amount: want a number such as 1234.56 (a point for the decimals, no separators), not "12 EUR"`},
	} {
		b.do("type the amount "+c.amount, setControl("calc-line-0-amount", c.amount))
		if got := refusal("the amount " + c.amount); got != c.want {
			t.Errorf("amount %q: the page says %q, want %q", c.amount, got, c.want)
		}
		if n := eval[int](b, totals); n != 0 {
			t.Errorf("amount %q: the page still shows %d totals", c.amount, n)
		}
		if focus := eval[string](b, `document.activeElement.id + ' ' + document.activeElement.getAttribute('aria-invalid')`); focus != "calc-line-0-amount true" {
			t.Errorf("amount %q: the focus is on %q, want the amount marked invalid", c.amount, focus)
		}
		if border := eval[string](b, `getComputedStyle(document.getElementById('calc-line-0-amount')).borderTopColor`); border != "rgb(180, 35, 24)" {
			t.Errorf("amount %q: the refused amount's border is %s, not the red of errors", c.amount, border)
		}
	}
	b.do("type an empty quantity", setControl("calc-line-0-amount", "10.00"), setControl("calc-line-0-quantity", ""))
	if got := refusal("an empty quantity"); got != "Line 1 quantity: is empty; give a number such as 59.97" {
		t.Errorf("an empty quantity: the page says %q", got)
	}
	// The JSON view of a form it cannot carry stays on the form.
	b.do("show an empty quantity as JSON", chromedp.Click(chromedp.ID("calc-mode-json")))
	if got := eval[string](b, `(document.getElementById('calc-mode-form').checked ? 'form ' : 'json ') + document.getElementById('calc-errors').textContent`); got != "form Line 1 quantity: is empty; give a number such as 59.97" {
		t.Errorf("the JSON view of an empty quantity: %q", got)
	}

	// An amount of more digits than a JavaScript number holds (which
	// would read this one as 1000000000000000), and still under the
	// API's bound of 1e15, is calculated as typed: the page's subtotal
	// is the API's for it.
	const big = "999999999999999.99"
	b.do("type a large amount", setControl("calc-line-0-quantity", "1"), setControl("calc-line-0-amount", big), chromedp.Click(chromedp.ID("calc-send")))
	b.wait("the totals", `document.querySelector('[data-total=subTotal]')`)
	if got := eval[string](b, `document.querySelector('[data-total=subTotal]').textContent`); got != big {
		t.Errorf("the subtotal of %s is %s", big, got)
	}
	// The request to run elsewhere carries it too.
	b.do("copy as curl", chromedp.Click(chromedp.ID("calc-curl")))
	if got := eval[string](b, `document.getElementById('calc-code-curl').textContent`); !strings.Contains(got, `"extendedPrice":`+big+`}`) {
		t.Errorf("the curl command does not carry the amount %s:\n%s", big, got)
	}
	b.do("copy as Go", chromedp.Click(chromedp.ID("calc-go")))
	if got := eval[string](b, `document.getElementById('calc-code-go').textContent`); !strings.Contains(got, `"extendedPrice": `+big+`
`) {
		t.Errorf("the Go program does not carry the amount %s:\n%s", big, got)
	}
	b.do("show it as JSON", chromedp.Click(chromedp.ID("calc-mode-json")))
	if got := eval[string](b, `document.getElementById('calc-json').value`); !strings.Contains(got, `"extendedPrice": `+big+`
`) {
		t.Errorf("the request as JSON does not carry the amount %s:\n%s", big, got)
	}

	// A request that is not JSON: the refusal replaces the last answer.
	b.do("break the JSON", setControl("calc-json", `{"saleMessageType":`))
	if got := refusal("a request that is not JSON"); !strings.HasPrefix(got, "the request is not JSON: ") {
		t.Errorf("a request that is not JSON: the page says %q", got)
	}
	if n := eval[int](b, totals); n != 0 {
		t.Errorf("a request that is not JSON: the page still shows the last answer's %d totals", n)
	}
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}

// TestConsoleCombinedRate: the tax area page's combined rate of an area
// adds up the rates of its jurisdictions. It used to be the tax of a
// quotation of 100.00 divided by 100, which the rounding of each tax to
// the cent makes another number where a rate has more than four
// decimals: New York City's 4% + 4.5% + 0.375% showed as 0.0888.
func TestConsoleCombinedRate(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	b.do("open the map", chromedp.Click(chromedp.CSS(`#nav a[data-page=map]`)))
	b.wait("the search form", `document.getElementById('map-addr-city')`)
	b.do("search an address in New York City", setControl("map-addr-streetAddress1", "350 5th Ave"), setControl("map-addr-city", "New York"),
		setControl("map-addr-mainDivision", "NY"), setControl("map-addr-postalCode", "10118"), submit("map-search"))
	b.wait("the rates", `document.querySelector('#map-result .combined-rate')`)
	area := eval[string](b, `document.querySelector('#map-result .lookup-result').dataset.taxArea`)
	asOf := eval[string](b, `document.getElementById('map-asof').value`)
	var quote struct {
		Data struct {
			TotalTax  json.Number
			LineItems []struct {
				Taxes []struct{ EffectiveRate json.Number }
			}
		}
	}
	r.c.must(http.StatusOK, "POST", "/api/v2/supplies", r.consoleToken, "application/json", fmt.Appendf(nil,
		`{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":%q,"seller":{"physicalOrigin":{"taxAreaId":%q}},
		"customer":{"destination":{"taxAreaId":%q}},"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`,
		asOf, area, area), &quote)
	sum := new(big.Rat)
	for _, tax := range quote.Data.LineItems[0].Taxes {
		rate, ok := new(big.Rat).SetString(tax.EffectiveRate.String())
		if !ok {
			t.Fatalf("the rate %q", tax.EffectiveRate)
		}
		sum.Add(sum, rate)
	}
	shown := eval[string](b, `document.querySelector('#map-result .combined-rate').textContent`)
	got, ok := new(big.Rat).SetString(shown)
	if !ok || got.Cmp(sum) != 0 || shown != "0.08875" {
		t.Errorf("the combined rate shown is %q; the rates of the API's quotation add up to %s (tax %s on 100.00)", shown, sum.FloatString(6), quote.Data.TotalTax)
	}
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}

// TestConsoleJournalSummaryIsTheReport: the journal page's remittance
// summary shows the rows of `levy journal report` with what tells them
// apart (who remits the tax, why it is zero) and its total tax per
// currency, to the cent. The page used to show neither: a sale's
// taxable and non-taxable lines in California were two rows "California
// · Sales and Use Tax · USD" alike but for their figures, the use tax
// accrued in Washington looked like tax collected there, and the page
// gave no total, which is not the sum of the rows where customers
// withheld a tax or vendors charged one.
func TestConsoleJournalSummaryIsTheReport(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	post := func(path, body string) {
		t.Helper()
		r.c.must(http.StatusOK, "POST", path, r.apiToken, "application/json", []byte(body), nil)
	}
	post("/api/v2/supplies", `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-07-01","transactionId":"S-1",
		"currency":{"isoCurrencyCodeAlpha":"USD"},
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00},
			{"lineItemId":"2","product":{"productClass":"FOOD"},"quantity":{"value":1},"extendedPrice":50.00}]}`)
	post("/api/v2/supplies", `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-07-02","transactionId":"S-2",
		"currency":{"isoCurrencyCodeAlpha":"USD"},
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":80.00}]}`)
	post("/api/v2/procurement", `{"purchaseMessageType":"ACCRUAL","transactionType":"PURCHASE","documentDate":"2026-07-03","transactionId":"P-1",
		"currency":{"isoCurrencyCodeAlpha":"USD"},
		"vendor":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
		"buyer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
		"lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`)

	code, printed, errOut := runCLI(t, "journal", "report", "--server", r.base, "--client-id", r.id, "--client-secret", r.secret,
		"--from", "2026-07-01", "--to", "2026-07-31", "--json")
	if code != 0 {
		t.Fatalf("levy journal report: %d %s", code, errOut)
	}
	var rep journal.Report
	if err := json.Unmarshal([]byte(printed), &rep); err != nil || len(rep.Currencies) != 1 {
		t.Fatalf("the report: %v\n%s", err, printed)
	}
	var want, wantTotals []string
	for _, c := range rep.Currencies {
		for _, row := range c.Rows {
			want = append(want, strings.Join([]string{row.JurisdictionID, row.CollectedFrom, c.Currency, row.Taxable.String(), row.NonTaxable.String(),
				row.Tax.String(), fmt.Sprint(row.Transactions), row.ZeroTaxReason.Text()}, "|"))
		}
		wantTotals = append(wantTotals, c.Currency+" "+c.Total.Tax.String())
	}

	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	// The page shows its default period first: a period chosen before
	// that showing ends would be overwritten by it.
	b.wait("the journal page", `document.getElementById('journal-from') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.do("choose the period", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-from').value = '2026-07-01'; document.getElementById('journal-to').value = '2026-07-31'`),
		submit("journal-period"))
	b.wait("the summary", `document.querySelector('#journal-summary h2') && document.querySelector('#journal-summary h2').textContent.includes('2026-07-31') && document.querySelectorAll('#journal-summary .bar-row').length > 0`)
	got := eval[[]string](b, `(() => {
		const table = [...document.querySelectorAll('#journal-summary table')].find((t) => t.caption && t.caption.textContent === 'The summary');
		const heads = [...table.tHead.rows[0].cells].map((c) => c.textContent);
		const col = (name) => heads.indexOf(name);
		return [...table.tBodies[0].rows].map((r) => {
			const cell = (name) => (col(name) < 0 ? '(no column ' + name + ')' : r.cells[col(name)].textContent);
			return [r.cells[0].querySelector('code').textContent, cell('Collected from'), cell('Currency'), cell('Taxable'), cell('Non-taxable'),
				cell('Tax'), cell('Transactions'), cell('Zero tax because')].join('|');
		});
	})()`)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the page's summary rows:\n  %s\nthe report's:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	totals := eval[[]string](b, `[...document.querySelectorAll('#journal-totals tbody tr')].map((r) => r.dataset.currency + ' ' + r.dataset.tax)`)
	if strings.Join(totals, ",") != strings.Join(wantTotals, ",") {
		t.Errorf("the page's totals are %q; the report's %q", totals, wantTotals)
	}
	// Every bar, in the words beside it, in its name and in its row's
	// button, names its row apart from the others.
	shown := eval[[]string](b, `[...document.querySelectorAll('#journal-summary .bar-row')].map((g) => g.querySelector('text').textContent)`)
	seen := map[string]bool{}
	for _, s := range shown {
		if seen[s] {
			t.Errorf("two bars read %q:\n  %s", s, strings.Join(shown, "\n  "))
		}
		seen[s] = true
	}
	for _, sel := range []string{`#journal-summary .bar-row`, `#journal-summary button.secondary[aria-label]`} {
		names := eval[[]string](b, `[...document.querySelectorAll('`+sel+`')].map((e) => e.getAttribute('aria-label'))`)
		seen := map[string]bool{}
		for _, n := range names {
			if seen[n] {
				t.Errorf("two of %s are called %q", sel, n)
			}
			seen[n] = true
		}
		if len(names) != len(want) {
			t.Errorf("%d of %s for %d rows", len(names), sel, len(want))
		}
	}
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}

// TestConsoleAnswerOfAThousandLines: the calculation page shows an
// answer of 1,000 lines (6,000 taxes) whole, each tax with its
// explanation, and lays a line out only when it comes into view, so
// that it shows at once. The page used to build every explanation and
// lay out every line before showing any: some 200,000 elements, and a
// page frozen for seconds (3.3 s from the click to the first frame in
// headless Chromium on a 2-core machine, 0.7 s since).
func TestConsoleAnswerOfAThousandLines(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	var lines []string
	for i := range 1000 {
		lines = append(lines, fmt.Sprintf(`{"lineItemId":"%d","product":{"productClass":"GENERAL","value":"P-%d"},"quantity":{"value":1},"extendedPrice":10.01}`, i+1, i))
	}
	request := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"USA"}},
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"USA"}},
		"lineItems":[` + strings.Join(lines, ",") + `]}`
	var api struct {
		Data struct {
			TotalTax  json.Number
			LineItems []struct{ Taxes []json.RawMessage }
		}
	}
	r.c.must(http.StatusOK, "POST", "/api/v2/supplies", r.consoleToken, "application/json", []byte(request), &api)
	taxes := 0
	for _, l := range api.Data.LineItems {
		taxes += len(l.Taxes)
	}

	b.do("paste the request", chromedp.Click(chromedp.ID("calc-mode-json")), setControl("calc-json", request))
	b.do("note the first frame after the answer", chromedp.Evaluate[chromedp.Void](`window.answered = new Promise((resolve) => {
		const start = performance.now();
		new MutationObserver((_, o) => {
			if (!document.getElementById('status').textContent.startsWith('Calculated')) return;
			o.disconnect();
			requestAnimationFrame(() => resolve(Math.round(performance.now() - start)));
		}).observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });
	})`), chromedp.Click(chromedp.ID("calc-send")))
	ms := eval[int](b, `window.answered`)
	t.Logf("an answer of %d lines and %d taxes: %d ms from the click to the first frame that shows it", len(api.Data.LineItems), taxes, ms)
	got := eval[[]int](b, `[document.querySelectorAll('#calc-result h3').length, document.querySelectorAll('#calc-result tbody tr').length,
		document.querySelectorAll('#calc-result details.why').length,
		[...document.querySelectorAll('#calc-result .calc-line')].filter((s) => getComputedStyle(s).contentVisibility === 'auto').length]`)
	if got[0] != 1000 || got[1] != taxes || got[2] != taxes || got[3] != 1000 {
		t.Errorf("the page shows %d lines, %d taxes and %d explanations, %d lines laid out in view; want 1000, %d, %d and 1000", got[0], got[1], got[2], got[3], taxes, taxes)
	}
	if shown := eval[string](b, `document.querySelector('[data-total=totalTax]').textContent`); shown != api.Data.TotalTax.String() {
		t.Errorf("the page's tax is %s, the API's %s", shown, api.Data.TotalTax)
	}
	// The explanation of the last line's last tax, opened, has its facts
	// and its rule.
	b.do("open the last explanation", chromedp.Evaluate[chromedp.Void](`{ const all = document.querySelectorAll('#calc-result details.why'); const d = all[all.length - 1]; d.scrollIntoView(); d.querySelector('summary').click(); }`))
	b.wait("its rule", `(() => { const all = document.querySelectorAll('#calc-result details.why'); const d = all[all.length - 1]; return d.querySelector('dl dt') && d.querySelector('.rule'); })()`)
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}

// TestConsoleExportThatBrokeOff: a download of the journal that the
// server cut at its time limit fails in the page, which says so and
// saves nothing. The export ends such an answer with a trailer the
// browser cannot read, and the page used to save the part it had (here
// the CSV's header alone) as "Exported 406 bytes as CSV".
func TestConsoleExportThatBrokeOff(t *testing.T) {
	r := startReviewConsole(t, "--export-timeout", "1ns")
	b := r.b
	r.c.must(http.StatusOK, "POST", "/api/v2/supplies", r.apiToken, "application/json", []byte(`{"saleMessageType":"INVOICE","transactionType":"SALE",
		"documentDate":"2026-06-01","transactionId":"CUT-1","currency":{"isoCurrencyCodeAlpha":"USD"},
		"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`), nil)
	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	// The page shows its default period first: a period chosen before
	// that showing ends would be overwritten by it.
	b.wait("the journal page", `document.getElementById('journal-from') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.do("choose the period", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-from').value = '2026-06-01'; document.getElementById('journal-to').value = '2026-06-30'`),
		submit("journal-period"))
	// The summary of the period chosen, whose status line a download's
	// must not be overwritten by.
	b.wait("the summary", `document.querySelector('#journal-summary h2') && document.querySelector('#journal-summary h2').textContent.includes('2026-06-30') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.do("note the saved files", chromedp.Evaluate[chromedp.Void](`window.saved = 0; HTMLAnchorElement.prototype.click = ((click) => function () { if (this.download) window.saved++; return click.call(this); })(HTMLAnchorElement.prototype.click)`))
	for _, format := range []string{"csv", "jsonl"} {
		b.do("download "+format, chromedp.Evaluate[chromedp.Void](`document.getElementById('status').textContent = ''`), chromedp.Click(chromedp.ID("journal-"+format)))
		b.wait("the end of the "+format+" download", `/^(Error|Exported)/.test(document.getElementById('status').textContent)`)
		if got := eval[string](b, `document.getElementById('status').textContent`); got != "Error: the export broke off before its end, and nothing was saved: try a shorter period, or levy journal export" {
			t.Errorf("the %s download of an export cut at its time limit: the page says %q", format, got)
		}
	}
	if n := eval[int](b, `window.saved`); n != 0 {
		t.Errorf("the page saved %d files of exports that broke off", n)
	}
	// The browser reports the broken answer as an error of its own.
	b.expected("ERR_INCOMPLETE_CHUNKED_ENCODING")
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}

// TestConsoleMapForgetsRefusedLookups: on the tax area page, a refused
// address search or question of changed areas takes the colours of the
// last answer off the map, whose legend says "looked up" and "changed
// between the dates". The page used to leave the areas of the last
// lookup coloured beside the refusal, and the highlight and note of the
// last dates beside a refusal of other dates.
func TestConsoleMapForgetsRefusedLookups(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	b.do("open the map", chromedp.Click(chromedp.CSS(`#nav a[data-page=map]`)))
	b.wait("the counties drawn", `document.getElementById('map-canvas') && document.getElementById('map-canvas').dataset.firstRenderMs`)
	// A click in the middle of the map (Kansas, at the first view).
	box := eval[[]float64](b, `(() => { const r = document.getElementById('map-canvas').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`)
	b.do("click the map", chromedp.MouseClickXY(box[0]+box[2]/2, box[1]+box[3]/2))
	b.wait("its areas coloured", `document.querySelector('#map-result .combined-rate') && Number(document.getElementById('map-canvas').dataset.selected) > 0`)
	b.do("search an address the API refuses", setControl("map-addr-country", ""), submit("map-search"))
	b.wait("the refusal", `document.querySelector('#map-result .error')`)
	if n := eval[string](b, `document.getElementById('map-canvas').dataset.selected`); n != "0" {
		t.Errorf("after a refused search, %s areas are still coloured as looked up", n)
	}
	b.awaitExpected("the refused search", "status of 400")

	b.do("highlight the changes", submit("map-changed"))
	b.wait("the changed areas", `document.getElementById('map-changed-note').dataset.changed`)
	b.do("ask with the dates reversed", chromedp.Evaluate[chromedp.Void](`document.getElementById('map-end').value = '2020-01-01'`), submit("map-changed"))
	b.wait("the refusal", `document.getElementById('status').textContent.startsWith('Error')`)
	if got := eval[string](b, `(document.getElementById('map-changed-note').dataset.changed || 'none') + ' ' + document.getElementById('map-changed-note').textContent`); !strings.HasPrefix(got, "none Not highlighted: ") {
		t.Errorf("after a refused question of changed areas the note says %q", got)
	}
	b.awaitExpected("the refused question", "status of 400")
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}
