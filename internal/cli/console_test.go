package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/browsertest"
)

// browserSession is one headless Chromium driven over the DevTools
// protocol, with the messages its pages wrote to their console.
type browserSession struct {
	t       *testing.T
	ctx     context.Context
	shots   string // the directory of the screenshots
	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

// startBrowser starts Chromium with a fresh profile, a 1280×800 window,
// and a collector of its console messages; it stops with the test.
func startBrowser(t *testing.T) *browserSession {
	t.Helper()
	ctx := browsertest.Start(t)
	var err error
	shots := os.Getenv("LEVY_CONSOLE_SCREENSHOTS")
	if shots == "" {
		if shots, err = os.MkdirTemp("", "levy-console-screenshots-"); err != nil {
			t.Fatal(err)
		}
		// A session that took no screenshot leaves no directory behind;
		// os.Remove keeps one that holds screenshots.
		made := shots
		t.Cleanup(func() { _ = os.Remove(made) })
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	b := &browserSession{t: t, ctx: ctx, shots: shots}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.console = append(b.console, m)
			b.mu.Unlock()
		}
	}()
	return b
}

// do runs actions, failing the test with what.
func (b *browserSession) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v%s", what, err, b.errors())
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) and
// decodes its value into T.
func eval[T any](b *browserSession, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v%s", expr, err, b.errors())
	}
	return v
}

// wait waits until a JavaScript expression is true.
func (b *browserSession) wait(what, expr string) {
	b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !eval[bool](b, "!!("+expr+")") {
		if time.Now().After(deadline) {
			text := eval[string](b, `document.getElementById('status').textContent + ' | ' + document.getElementById('page').innerText.slice(0, 2000)`)
			b.t.Fatalf("waiting for %s (%s); the page shows: %s%s", what, expr, text, b.errors())
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// shot saves a screenshot of the whole page as name.png.
func (b *browserSession) shot(name string) {
	b.t.Helper()
	buf, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(b.shots, name+".png"), buf, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// errors returns the error messages of the pages' consoles, for a
// failure's text.
func (b *browserSession) errors() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, m := range b.console {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			out = append(out, describe(m))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "\nbrowser console errors:\n  " + strings.Join(out, "\n  ")
}

// describe returns a console message's type and text, and the URL it
// names: a refused request's message says its status but not what was
// asked, which its URL tells.
func describe(m chromedp.ConsoleMessage) string {
	if m.URL == "" {
		return m.String()
	}
	return m.String() + " (" + m.URL + ")"
}

// expected drops the browser's console errors so far that contain text,
// which the test caused on purpose (a refusal the page shows), and
// returns how many it dropped.
func (b *browserSession) expected(text string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(b.console)
	b.console = slices.DeleteFunc(b.console, func(m chromedp.ConsoleMessage) bool {
		return m.Type == chromedp.ConsoleError && strings.Contains(m.String(), text)
	})
	return n - len(b.console)
}

// awaitExpected waits until the browser has reported at least one
// console error that contains text, which the test caused on purpose, and
// drops them: the browser reports a refused request's error as an event
// of its own, which may reach the test after the page has shown the
// refusal. It fails the test when none comes.
func (b *browserSession) awaitExpected(what, text string) {
	b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for b.expected(text) == 0 {
		if time.Now().After(deadline) {
			b.t.Errorf("%s: the browser reported no error with %q%s", what, text, b.errors())
			return
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// submit clicks the submit button of the form with the id, as a person
// does (a form's submit() would skip the page's handler).
func submit(id string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS("#" + id + " button[type=submit]"))
}

// consoleClient calls the server as the tests' own client.
type consoleClient struct {
	t    *testing.T
	base string
}

// do sends a request with token and returns the status and body.
func (c consoleClient) do(method, path, token, ctype string, body []byte) (int, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return resp.StatusCode, out
}

// must sends a request that must answer want, and decodes its body into
// v (when not nil).
func (c consoleClient) must(want int, method, path, token, ctype string, body []byte, v any) {
	c.t.Helper()
	status, out := c.do(method, path, token, ctype, body)
	if status != want {
		c.t.Fatalf("%s %s: %d, want %d: %s", method, path, status, want, out)
	}
	if v != nil {
		if err := json.Unmarshal(out, v); err != nil {
			c.t.Fatalf("%s %s: %v: %s", method, path, err, out)
		}
	}
}

// token asks the token endpoint for a token of audience.
func (c consoleClient) token(id, secret, audience string) string {
	c.t.Helper()
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}, "audience": {audience}}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	c.must(http.StatusOK, "POST", "/oauth/token", "", "application/x-www-form-urlencoded", []byte(form.Encode()), &tok)
	return tok.AccessToken
}

// printedField returns the value after "name:" in what levy serve
// printed.
func printedField(t *testing.T, printed, name string) string {
	t.Helper()
	for _, l := range strings.Split(printed, "\n") {
		if _, v, ok := strings.Cut(l, name+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("no %s in the --dev output:\n%s", name, printed)
	return ""
}

// mercator projects degrees to Web Mercator pixels at zoom 0, as the
// map page does.
func mercator(lat, lng float64) (x, y float64) {
	la := lat * math.Pi / 180
	return (lng + 180) / 360 * 256, (1 - math.Log(math.Tan(la)+1/math.Cos(la))/math.Pi) / 2 * 256
}

// TestConsoleInBrowser drives every page of the console in a headless
// Chromium against a real server (Badger on disk, real HTTP): sign-in,
// a calculation whose totals equal the API's, a point of the map whose
// county and rate are the lookup's and a quotation's, a journal chart
// whose bars equal the remittance summary, the replay of a dead letter,
// the creation of a credential, and no error in the browser's console.
// It saves a screenshot of each page and reports how long the map took
// to draw the US counties.
func TestConsoleInBrowser(t *testing.T) {
	browsertest.Path(t)
	testStart := time.Now()

	// A webhook target that refuses until told otherwise, so that the
	// events of a document become dead letters.
	var mu sync.Mutex
	accepting := false
	received := map[string]int{} // Idempotency-Key -> deliveries accepted
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if !accepting {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		received[r.Header.Get("Idempotency-Key")]++
		w.WriteHeader(http.StatusNoContent)
	}))
	defer target.Close()

	out := &syncBuilder{}
	dir := t.TempDir()
	operator := createOperator(t, dir)
	base, stop, _, apiToken := startServeOut(t, dir, serveConfig{}, out,
		"--webhook-max-attempts", "1", "--webhook-min-backoff", "10ms")
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	printed := out.String()
	if !strings.Contains(printed, "Web console: "+base+"/console/") {
		t.Fatalf("--dev did not print the console's URL:\n%s", printed)
	}
	id, secret := printedField(t, printed, "console_client_id"), printedField(t, printed, "console_secret")
	c := consoleClient{t, base}
	consoleToken := c.token(id, secret, "levy://console")
	adminToken := c.token(id, secret, "levy://admin")

	// The journal: invoices in two states, one reversed, one deleted.
	invoice := func(txID, date, city, state, zip string, amount string) {
		body := fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":%q,"transactionId":%q,
			"currency":{"isoCurrencyCodeAlpha":"USD"},
			"seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
			"customer":{"destination":{"city":%q,"mainDivision":%q,"postalCode":%q,"country":"US"}},
			"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":%s}]}`,
			date, txID, city, state, zip, amount)
		c.must(http.StatusOK, "POST", "/api/v2/supplies", apiToken, "application/json", []byte(body), nil)
	}
	invoice("INV-1", "2026-06-01", "Los Angeles", "CA", "90012", "100.00")
	invoice("INV-2", "2026-06-02", "Seattle", "WA", "98101", "250.00")
	invoice("INV-3", "2026-06-03", "Los Angeles", "CA", "90012", "40.00")
	invoice("INV-4", "2026-06-03", "Seattle", "WA", "98101", "75.00")
	c.must(http.StatusOK, "POST", "/api/v2/transactions/INV-3/reversal", apiToken, "application/json",
		[]byte(`{"data":{"transactionId":"INV-3-R","postingDate":"2026-06-05"}}`), nil)
	c.must(http.StatusOK, "DELETE", "/api/v2/transactions/INV-4", apiToken, "", nil, nil)

	// E-invoicing: a connection to the refusing target and a document,
	// whose events die after their one attempt.
	c.must(http.StatusCreated, "POST", "/einvoicing/v1/webhooks", apiToken, "application/json",
		[]byte(`{"targetUrl":"`+target.URL+`/events","secretKey":"console-test-secret-0123456789abcdef","events":"all"}`), nil)
	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var submitted struct{ Data struct{ DocumentID string } }
	c.must(http.StatusAccepted, "POST", "/einvoicing/v1/documents", apiToken, "application/xml", doc, &submitted)
	type deadLetter struct{ EventID, DocumentID, Status string }
	var dead struct{ Data []deadLetter }
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		c.must(http.StatusOK, "GET", "/admin/v1/einvoicing/dead-letters", adminToken, "", nil, &dead)
		if len(dead.Data) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the document's events did not die: %+v", dead.Data)
		}
	}
	mu.Lock()
	accepting = true
	mu.Unlock()

	b := startBrowser(t)
	t.Logf("screenshots of the console's pages: %s", b.shots)
	started := time.Now()

	// Sign in.
	b.do("open the console", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(base+"/console/"), chromedp.WaitVisible(chromedp.ID("client-id")))
	b.shot("0-sign-in")
	// The sign-in page shows no page links (hidden used to lose to the
	// nav's display: flex).
	if shown := eval[bool](b, `getComputedStyle(document.getElementById('nav')).display !== 'none'`); shown {
		t.Error("the page links show on the sign-in page")
	}
	b.do("sign in", chromedp.SendKeys(chromedp.ID("client-id"), id), chromedp.SendKeys(chromedp.ID("client-secret"), secret),
		submit("signin-form"))
	b.wait("the calculation page", `document.getElementById('calc-send')`)
	// The sign-in asks for a token of each audience, and the development
	// credential has no operator's: the token endpoint's 400 for it is
	// expected.
	b.awaitExpected("the sign-in's token request without an operator's audience", "status of 400")
	// The header names the tenant, not the client ID.
	if who := eval[string](b, `document.getElementById('who').textContent`); !strings.HasPrefix(who, "tenant default") {
		t.Errorf("the header says %q", who)
	}
	if stored := eval[string](b, `JSON.stringify(sessionStorage)`); strings.Contains(stored, secret) {
		t.Error("the browser kept the client secret")
	}

	// The calculation playground: its totals are the API's for the same
	// request, and a tax's rule has its definition.
	b.do("calculate", chromedp.Click(chromedp.ID("calc-send")))
	b.wait("the totals", `document.querySelector('[data-total=totalTax]') && document.querySelector('[data-total=totalTax]').textContent !== ''`)
	shown := eval[map[string]string](b, `Object.fromEntries([...document.querySelectorAll('[data-total]')].map(e => [e.dataset.total, e.textContent]))`)
	b.do("open a tax's explanation", chromedp.Click(chromedp.CSS("#calc-result details.why summary")))
	b.wait("the rule's definition", `document.querySelector('#calc-result details.why .rule')`)
	b.shot("1-calculation")
	b.do("show the request as JSON", chromedp.Click(chromedp.ID("calc-mode-json")))
	request := eval[string](b, `document.getElementById('calc-json').value`)
	var api struct {
		Data struct {
			SubTotal, TotalTax, Total json.Number
		}
	}
	c.must(http.StatusOK, "POST", "/api/v2/supplies", consoleToken, "application/json", []byte(request), &api)
	if shown["subTotal"] != api.Data.SubTotal.String() || shown["totalTax"] != api.Data.TotalTax.String() || shown["total"] != api.Data.Total.String() {
		t.Errorf("the page shows %v; the API answers subTotal %s, totalTax %s, total %s", shown, api.Data.SubTotal, api.Data.TotalTax, api.Data.Total)
	}
	if api.Data.TotalTax.String() == "0" || api.Data.TotalTax.String() == "" {
		t.Errorf("the default calculation has no tax: %s", request)
	}
	b.do("copy as Go", chromedp.Click(chromedp.ID("calc-go")))
	goCode := eval[string](b, `document.getElementById('calc-code-go').textContent`)
	if _, err := parser.ParseFile(token.NewFileSet(), "main.go", goCode, 0); err != nil {
		t.Errorf("the Go code does not parse: %v\n%s", err, goCode)
	}
	b.do("copy as curl", chromedp.Click(chromedp.ID("calc-curl")))
	if curl := eval[string](b, `document.getElementById('calc-code-curl').textContent`); !strings.Contains(curl, base+"/api/v2/supplies") {
		t.Errorf("the curl command does not name the route: %s", curl)
	}

	// The map: the first drawing with the US counties, then a click on
	// Los Angeles.
	mapOpened := time.Now()
	b.do("open the map", chromedp.Click(chromedp.CSS(`#nav a[data-page=map]`)))
	b.wait("the counties drawn", `document.getElementById('map-canvas') && document.getElementById('map-canvas').dataset.firstRenderMs`)
	wall := time.Since(mapOpened)
	inPage := eval[string](b, `document.getElementById('map-canvas').dataset.firstRenderMs`)
	t.Logf("map page, first drawing with the US counties: %s ms measured in the page (from the page's start), %s from the click on its link to the test seeing it", inPage, wall.Round(time.Millisecond))
	view := strings.Split(eval[string](b, `document.getElementById('map-canvas').dataset.view`), ",")
	box := eval[[]float64](b, `(() => { const r = document.getElementById('map-canvas').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`)
	clat, _ := strconv.ParseFloat(view[0], 64)
	clng, _ := strconv.ParseFloat(view[1], 64)
	zoom, _ := strconv.ParseFloat(view[2], 64)
	cx, cy := mercator(clat, clng)
	px, py := mercator(34.0537, -118.2428) // downtown Los Angeles
	k := math.Exp2(zoom)
	b.do("click Los Angeles", chromedp.MouseClickXY(box[0]+box[2]/2+(px-cx)*k, box[1]+box[3]/2+(py-cy)*k))
	b.wait("the lookup and its rates", `document.querySelector('#map-result .combined-tax')`)
	b.shot("2-map")
	heading := eval[string](b, `document.querySelector('#map-result h2').textContent`)
	coords := strings.Split(strings.TrimPrefix(heading, "Lookup: "), ", ")
	lat, _ := strconv.ParseFloat(coords[0], 64)
	lng, _ := strconv.ParseFloat(coords[1], 64)
	var lookup struct {
		Data struct {
			LookupResults []struct {
				TaxAreaID     string
				Jurisdictions []struct{ JurisdictionType, Value string }
			}
		}
	}
	c.must(http.StatusOK, "POST", "/api/v2/coordinates-lookup", consoleToken, "application/json",
		fmt.Appendf(nil, `{"coordinates":{"latitude":%s,"longitude":%s}}`, coords[0], coords[1]), &lookup)
	if len(lookup.Data.LookupResults) != 1 {
		t.Fatalf("the API finds %d tax areas at %f, %f", len(lookup.Data.LookupResults), lat, lng)
	}
	res := lookup.Data.LookupResults[0]
	county := ""
	for _, j := range res.Jurisdictions {
		if j.JurisdictionType == "COUNTY" {
			county = j.Value
		}
	}
	if county != "Los Angeles" {
		t.Errorf("the click at %f, %f fell in county %q, not Los Angeles", lat, lng, county)
	}
	pageArea := eval[string](b, `document.querySelector('#map-result .lookup-result').dataset.taxArea`)
	pageText := eval[string](b, `document.querySelector('#map-result .lookup-result').innerText`)
	if pageArea != res.TaxAreaID || !strings.Contains(pageText, "COUNTY\tLos Angeles") {
		t.Errorf("the page shows tax area %s (the API %s):\n%s", pageArea, res.TaxAreaID, pageText)
	}
	var quote struct {
		Data struct{ TotalTax json.Number }
	}
	c.must(http.StatusOK, "POST", "/api/v2/supplies", consoleToken, "application/json", fmt.Appendf(nil,
		`{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":%q,"seller":{"physicalOrigin":{"taxAreaId":%q}},
		"customer":{"destination":{"taxAreaId":%q}},"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100}]}`,
		eval[string](b, `document.getElementById('map-asof').value`), res.TaxAreaID, res.TaxAreaID), &quote)
	if got := eval[string](b, `document.querySelector('#map-result .combined-tax').textContent`); got != quote.Data.TotalTax.String() {
		t.Errorf("the page's rate gives a tax of %s on 100; the API's quotation %s", got, quote.Data.TotalTax)
	}
	b.do("highlight the changes", submit("map-changed"))
	b.wait("the changed areas", `document.getElementById('map-changed-note').dataset.changed`)
	var changed struct{ Data []string }
	begin := eval[string](b, `document.getElementById('map-begin').value`)
	end := eval[string](b, `document.getElementById('map-end').value`)
	c.must(http.StatusOK, "GET", "/api/v2/changed-taxareas?beginDate="+begin+"&endDate="+end, consoleToken, "", nil, &changed)
	if got := eval[string](b, `document.getElementById('map-changed-note').dataset.changed`); got != strconv.Itoa(len(changed.Data)) {
		t.Errorf("the page counts %s changed tax areas, the API %d", got, len(changed.Data))
	}
	b.shot("3-map-changes")

	// The journal: the bars are the remittance summary's taxes.
	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the journal page", `document.getElementById('journal-from')`)
	// The page's calls from here on are noted, to see which routes it
	// reads the period with.
	b.do("note the page's calls", chromedp.Evaluate[chromedp.Void](`window.journalCalls = []; window.fetch = ((f) => (u, o) => { window.journalCalls.push(String(u)); return f(u, o); })(window.fetch)`))
	b.do("choose the period", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-from').value = '2026-06-01'; document.getElementById('journal-to').value = '2026-06-30'`),
		submit("journal-period"))
	b.wait("the bars", `document.querySelector('#journal-summary h2') && document.querySelector('#journal-summary h2').textContent.includes('2026-06-30') && document.querySelectorAll('#journal-summary .bar-row').length > 0`)
	// Every company: the summary carries the companies of the select,
	// which the page does not read again from the companies route; one
	// company: its summary has none, and the page reads them there.
	calls := func(route string) int {
		return eval[int](b, `window.journalCalls.filter((u) => new URL(u, location.href).pathname === '/console/api/journal/`+route+`').length`)
	}
	companyOptions := `[...document.querySelectorAll('#journal-company option')].map((o) => o.value + '=' + o.textContent).join('|')`
	const everyCompany, noCode = "\x00all=All companies|=(no company code)", "(no company code)"
	if got := eval[string](b, companyOptions); got != everyCompany || calls("summary") != 1 || calls("companies") != 0 {
		t.Errorf("every company: the select offers %q, want %q; the page read the summary %d times and the companies %d times, want once and never",
			got, everyCompany, calls("summary"), calls("companies"))
	}
	b.do("choose the transactions without a company code", chromedp.Evaluate[chromedp.Void](`{ const c = document.getElementById('journal-company'); c.value = ''; c.dispatchEvent(new Event('change')); }`))
	b.wait("that company's summary", `document.querySelector('#journal-summary h2').textContent.includes('`+noCode+`')`)
	if got := eval[string](b, companyOptions); got != everyCompany || calls("companies") != 1 || eval[string](b, `document.getElementById('journal-company').value`) != "" {
		t.Errorf("one company: the select offers %q, want %q, and the page read the companies %d times, want once", got, everyCompany, calls("companies"))
	}
	b.do("choose every company again", chromedp.Evaluate[chromedp.Void](`{ const c = document.getElementById('journal-company'); c.value = '\u0000all'; c.dispatchEvent(new Event('change')); }`))
	b.wait("every company's summary", `!document.querySelector('#journal-summary h2').textContent.includes('`+noCode+`') && document.querySelectorAll('#journal-summary .bar-row').length > 0`)
	if calls("summary") != 3 || calls("companies") != 1 {
		t.Errorf("back to every company: the page read the summary %d times and the companies %d times, want 3 and 1", calls("summary"), calls("companies"))
	}
	bars := eval[[]string](b, `[...document.querySelectorAll('#journal-summary .bar-row')].map(g => g.dataset.value)`)
	var summary struct{ Data []struct{ Tax json.Number } }
	c.must(http.StatusOK, "GET", "/console/api/journal/summary?from=2026-06-01&to=2026-06-30", consoleToken, "", nil, &summary)
	var want []string
	for _, r := range summary.Data {
		want = append(want, r.Tax.String())
	}
	if !slices.Equal(bars, want) || len(want) == 0 {
		t.Errorf("the bars are %q; the remittance summary's taxes %q", bars, want)
	}
	if n := eval[int](b, `document.querySelectorAll('#journal-series .dot').length`); n == 0 {
		t.Error("the tax over time has no point")
	}
	b.do("drill down", chromedp.Click(chromedp.CSS(`#journal-summary .bar-row`)))
	b.wait("the transactions", `document.querySelector('#journal-transactions button.linkish')`)
	b.do("open the reversed transaction", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-id').value = 'INV-3'`),
		submit("journal-lookup"))
	b.wait("its versions", `document.querySelector('#journal-versions h2') && document.querySelector('#journal-versions h2').textContent.includes('INV-3')`)
	b.shot("4-journal")
	b.do("download the period as CSV", chromedp.Click(chromedp.ID("journal-csv")))
	b.wait("the export", `document.getElementById('status').textContent.startsWith('Exported ')`)
	b.do("open the deleted transaction", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-id').value = 'INV-4'`),
		submit("journal-lookup"))
	b.wait("its deletion", `document.querySelector('#journal-versions h2') && document.querySelector('#journal-versions h2').textContent.includes('INV-4') && document.querySelector('#journal-versions').textContent.includes('deleted')`)

	// Where must I register? The map of the states and the table are the
	// admin route's report.
	b.do("open the nexus page", chromedp.Click(chromedp.CSS(`#nav a[data-page=nexus]`)))
	b.wait("the nexus page", `document.getElementById('nexus-as-of')`)
	b.do("choose the day", chromedp.Evaluate[chromedp.Void](`document.getElementById('nexus-as-of').value = '2026-06-30'`), submit("nexus-form"))
	b.wait("the table", `document.querySelector('#nexus-table caption') && document.querySelector('#nexus-table caption').textContent.includes('2026-06-30')`)
	var nexusReport struct {
		Data struct {
			Rows []struct{ State, Status string }
		}
	}
	c.must(http.StatusOK, "GET", "/admin/v1/nexus/report?asOf=2026-06-30", adminToken, "", nil, &nexusReport)
	var wantRows []string
	for _, r := range nexusReport.Data.Rows {
		wantRows = append(wantRows, r.State+" "+r.Status)
	}
	gotRows := eval[[]string](b, `[...document.querySelectorAll('#nexus-table tbody tr')].map(r => r.dataset.state + ' ' + r.dataset.status)`)
	// 48 US rows (45 states, DC, Alaska's municipalities, Puerto Rico), Canada's six and the EU's.
	if !slices.Equal(gotRows, wantRows) || len(wantRows) != 55 {
		t.Errorf("the nexus table's rows are %q; the report's %q", gotRows, wantRows)
	}
	// Canada's two GST/HST rows share the state CAN: the cell names the
	// scheme, and the amounts their currency.
	cells := eval[[]string](b, `[...document.querySelectorAll('#nexus-table tbody tr[data-state=CAN]')].map(r => r.cells[1].textContent + ' ' + r.cells[5].textContent)`)
	if !slices.Equal(cells, []string{"CAN simplified 30,000.00 CAD", "CAN small-supplier 30,000.00 CAD"}) {
		t.Errorf("Canada's rows in the nexus table: %q", cells)
	}
	b.wait("the map", `(() => { const c = document.getElementById('nexus-map'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
		for (let i = 3; i < d.length; i += 4) if (d[i] > 0) return true; return false; })()`)
	b.shot("4b-nexus")

	// E-invoicing: the document's timeline, and the replay of a dead
	// letter, which the target then receives.
	b.do("open e-invoicing", chromedp.Click(chromedp.CSS(`#nav a[data-page=einvoicing]`)))
	b.wait("the dead letters", `document.querySelector('#einv-dead button.replay')`)
	b.do("open the document", chromedp.SendKeys(chromedp.ID("einv-open-id"), submitted.Data.DocumentID), submit("einv-open"))
	b.wait("its timeline", `document.querySelectorAll('#einv-timeline li').length >= 2`)
	replayed := dead.Data[0].EventID
	b.do("replay a dead letter", chromedp.Click(chromedp.CSS(`#einv-dead button.replay[data-event="`+replayed+`"]`)))
	b.wait("the replay", `document.getElementById('status').textContent.includes('queued again') && !document.querySelector('#einv-dead button.replay[data-event="`+replayed+`"]')`)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := received[replayed]
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replayed event %s never reached the target", replayed)
		}
	}
	b.shot("5-einvoicing")

	// The tax profile: an import whose certificates file has a bad row is
	// refused with the row's place and stores nothing; the good files are
	// stored; the certificate that expires within 30 days stands out; its
	// scan downloads; it is revoked; the registrations and products show,
	// and a product code is mapped.
	profileDir := t.TempDir()
	soon, later := civil.Today().AddDays(10), civil.Today().AddDays(200)
	profileFile := func(name, content string) string {
		p := filepath.Join(profileDir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	custFile := profileFile("customers.csv", customersFile)
	goodCerts := profileFile("certificates.csv", certsHeader+fmt.Sprintf("TX-1,C-1,TX,G,,2026-01-01,%s,,active\nCA-1,C-2,CA,E,,2026-01-01,%s,,active\n", soon, later))
	badCerts := profileFile("bad/certificates.csv", certsHeader+"TX-1,C-1,TX,G,,2026-06-01,2026-05-01,,active\n")
	regFile := profileFile("registrations.csv", regsFile)
	prodFile := profileFile("products.csv", productsFile)
	b.do("open the customers", chromedp.Click(chromedp.CSS(`#nav a[data-page=customers]`)))
	b.wait("the import form", `document.getElementById('prof-files')`)
	b.do("import a bad file", chromedp.SetUploadFiles(chromedp.CSS("#prof-files"), []string{custFile, badCerts}), submit("prof-import"))
	b.wait("the refusal", `document.querySelector('#prof-import-result .import-error')`)
	if text := eval[string](b, `document.getElementById('prof-import-result').innerText`); !strings.Contains(text, "certificates.csv:2:expiration_date") {
		t.Errorf("the refused import shows:\n%s", text)
	}
	b.awaitExpected("the refused import", "status of 400")
	var custPage struct{ Data struct{ Total int } }
	c.must(http.StatusOK, "GET", "/admin/v1/profile/customers", adminToken, "", nil, &custPage)
	if custPage.Data.Total != 0 {
		t.Errorf("the refused import stored %d customers", custPage.Data.Total)
	}
	b.do("import the files", chromedp.SetUploadFiles(chromedp.CSS("#prof-files"), []string{custFile, goodCerts, regFile, prodFile}), submit("prof-import"))
	b.wait("the import", `document.getElementById('prof-import-ok')`)
	b.wait("the certificates", `document.querySelectorAll('#prof-certs tbody tr').length === 2`)
	if got := eval[[]string](b, `[...document.querySelectorAll('#prof-certs tr.expiring')].map(r => r.dataset.cert)`); len(got) != 1 || got[0] != "TX-1" {
		t.Errorf("the certificates that stand out: %q", got)
	}
	if badge := eval[string](b, `document.querySelector('#prof-certs tr.expiring .expiring-badge').textContent`); badge != "expires in 10 days" {
		t.Errorf("TX-1's badge: %q", badge)
	}
	scan := "%PDF-1.7\n% the scan of TX-1\n%%EOF\n"
	c.must(http.StatusOK, "PUT", "/admin/v1/profile/customers/C-1/certificates/TX-1/document?fileName=tx-1.pdf", adminToken, "application/pdf", []byte(scan), nil)
	b.do("show the expiring ones", chromedp.Click(chromedp.ID("prof-cert-soon")), submit("prof-cert-filter"))
	b.wait("TX-1 alone", `document.querySelectorAll('#prof-certs tbody tr').length === 1 && document.querySelector('#prof-certs button.download')`)
	b.do("download the scan", chromedp.Click(chromedp.CSS(`#prof-certs button.download[data-cert="TX-1"]`)))
	b.wait("the download", `document.getElementById('prof-certs').dataset.downloaded`)
	if n := eval[string](b, `document.getElementById('prof-certs').dataset.downloaded`); n != strconv.Itoa(len(scan)) {
		t.Errorf("the page downloaded %s bytes of the %d-byte scan", n, len(scan))
	}
	b.do("open the customer", chromedp.Click(chromedp.CSS(`#prof-customers button[data-customer="C-1"]`)))
	b.wait("its versions", `document.querySelector('#prof-customer table')`)
	b.shot("8-customers")
	b.do("revoke TX-1", chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`), chromedp.Click(chromedp.CSS(`#prof-certs button.revoke[data-cert="TX-1"]`)))
	b.wait("the revocation", `document.getElementById('status').textContent.includes('Revoked TX-1')`)
	var tx1 struct {
		Data struct {
			Certificate struct{ Status, RevokedDate string }
		}
	}
	c.must(http.StatusOK, "GET", "/admin/v1/profile/customers/C-1/certificates/TX-1", consoleToken, "", nil, &tx1)
	if tx1.Data.Certificate.Status != "revoked" || tx1.Data.Certificate.RevokedDate != civil.Today().String() {
		t.Errorf("TX-1 after the page revoked it: %+v", tx1.Data.Certificate)
	}
	b.do("open the registrations", chromedp.Click(chromedp.CSS(`#nav a[data-page=registrations]`)))
	b.wait("the registration", `document.querySelector('#prof-regs table') && document.getElementById('prof-regs').textContent.includes('32000000001')`)
	b.shot("9-registrations")
	b.do("open the products", chromedp.Click(chromedp.CSS(`#nav a[data-page=products]`)))
	b.wait("the product", `document.querySelector('#prof-products table') && document.getElementById('prof-products').textContent.includes('SKU-1')`)
	b.do("map a code", chromedp.SendKeys(chromedp.ID("prof-prod-code"), "SKU-2"), chromedp.SendKeys(chromedp.ID("prof-prod-class"), "SAAS"), submit("prof-prod-form"))
	b.wait("the new code", `document.getElementById('prof-products').textContent.includes('SKU-2')`)
	b.shot("10-products")
	b.do("open the franchise fees", chromedp.Click(chromedp.CSS(`#nav a[data-page=franchises]`)))
	b.wait("the franchise page", `document.getElementById('prof-fr-form') && document.querySelector('#prof-franchises table')`)
	b.do("store a fee", chromedp.SendKeys(chromedp.ID("prof-fr-area"), "CHI-CABLE-1"), chromedp.SendKeys(chromedp.ID("prof-fr-name"), "Cable franchise fee"),
		chromedp.SendKeys(chromedp.ID("prof-fr-value"), "0.05"), submit("prof-fr-form"))
	b.wait("the new fee", `document.getElementById('prof-franchises').textContent.includes('Cable franchise fee')`)
	var fees struct {
		Data struct {
			Items []struct{ AreaID, Name, Rate string }
		}
	}
	c.must(http.StatusOK, "GET", "/admin/v1/profile/franchises", adminToken, "", nil, &fees)
	if len(fees.Data.Items) != 1 || fees.Data.Items[0].AreaID != "CHI-CABLE-1" || fees.Data.Items[0].Rate != "0.05" {
		t.Errorf("the fee the page stored: %+v", fees.Data.Items)
	}
	b.shot("11-franchises")

	// Credentials: a tenant's admin may not create one of another tenant;
	// a new one of its own, whose secret, shown once, works.
	b.do("open the credentials", chromedp.Click(chromedp.CSS(`#nav a[data-page=credentials]`)))
	b.wait("the credentials", `document.querySelector('#cred-list table')`)
	b.do("create a credential of another tenant", chromedp.Evaluate[chromedp.Void](`document.getElementById('cred-tenant').value = 'acme'; document.getElementById('cred-audiences').value = 'levy://console'; document.getElementById('cred-active').checked = true`),
		submit("cred-form"))
	b.wait("the refusal", `document.getElementById('status').textContent.includes('its own tenant')`)
	b.awaitExpected("the refused credential of another tenant", "status of 403")
	b.do("create a credential", chromedp.Evaluate[chromedp.Void](`document.getElementById('cred-tenant').value = ''`), submit("cred-form"))
	b.wait("the new secret", `document.getElementById('cred-secret-value')`)
	newID := eval[string](b, `document.getElementById('cred-secret-id').textContent`)
	newSecret := eval[string](b, `document.getElementById('cred-secret-value').textContent`)
	b.shot("6-credentials")
	var own struct{ Data []json.RawMessage }
	c.must(http.StatusOK, "GET", "/console/api/journal/summary?from=2026-06-01&to=2026-06-30", c.token(newID, newSecret, "levy://console"), "", nil, &own)
	if len(own.Data) == 0 {
		t.Error("the new credential of the admin's tenant does not see its journal")
	}
	// The operator's credential of another tenant sees none of the
	// default tenant's journal.
	var made struct{ Data credential }
	c.must(http.StatusCreated, "POST", "/admin/v1/clients", c.token(operator.ClientID, operator.ClientSecret, "levy://operator"),
		"application/json", []byte(`{"tenant":"acme","audiences":["levy://console"],"activeNow":true}`), &made)
	acme := c.token(made.Data.ClientID, made.Data.ClientSecret, "levy://console")
	var empty struct{ Data []json.RawMessage }
	c.must(http.StatusOK, "GET", "/console/api/journal/summary?from=2026-06-01&to=2026-06-30", acme, "", nil, &empty)
	if len(empty.Data) != 0 {
		t.Errorf("tenant acme sees another tenant's summary: %d rows", len(empty.Data))
	}

	// A narrow screen: the calculation page fits its width.
	b.do("narrow the screen", chromedp.EmulateViewport(390, 844), chromedp.Click(chromedp.CSS(`#nav a[data-page=playground]`)))
	b.wait("the calculation page", `document.getElementById('calc-send')`)
	if w := eval[[]int](b, `[document.documentElement.scrollWidth, window.innerWidth]`); w[0] > w[1] {
		t.Errorf("on a 390-pixel screen the calculation page is %d pixels wide", w[0])
	}
	b.shot("7-narrow")

	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
	t.Logf("browser part: %s; whole test: %s", time.Since(started).Round(time.Millisecond), time.Since(testStart).Round(time.Millisecond))
}
