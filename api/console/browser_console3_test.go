package console_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/internal/browsertest"
)

// tab is one headless Chromium on a console page of the package's
// fixture, signed in with a console token (the fixture has no
// authenticator: every call is the default tenant's).
type tab struct {
	t    *testing.T
	ctx  context.Context
	base string
}

// openConsole starts Chromium with a fresh profile, in the time zone
// zone when it is not empty, and opens the console's journal page
// signed in.
func openConsole(t *testing.T, f *fixture, zone string) *tab {
	t.Helper()
	ctx := browsertest.Start(t)
	b := &tab{t: t, ctx: ctx, base: f.srv.URL}
	if zone != "" {
		if _, err := chromedp.Call(ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: zone}); err != nil {
			t.Fatalf("time zone %s: %v", zone, err)
		}
	}
	b.do("open the console", chromedp.Navigate(b.base+"/console/"))
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'console3', tenant: 'default',
		console: {token: 'console3-token', expiresAt: Date.now() + 3600000}})); location.hash = '#/journal'; true`)
	b.wait("the journal page", `document.getElementById('journal-period')`)
	return b
}

// do runs actions, failing the test with what.
func (b *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) as a
// string.
func (b *tab) eval(expr string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[any](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", expr, err)
	}
	if s, ok := v.(string); ok {
		return s
	}
	if v == nil {
		return ""
	}
	if x, ok := v.(bool); ok && x {
		return "true"
	}
	return "?"
}

// wait waits until a JavaScript expression is true.
func (b *tab) wait(what, expr string) {
	b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for b.eval("!!("+expr+")") != "true" {
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting for %s (%s); the page shows: %s", what, expr,
				b.eval(`document.getElementById('status').textContent + ' | ' + document.getElementById('page').innerText.slice(0, 1500)`))
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// text returns the text of the element with the id, "" when there is
// none.
func (b *tab) text(id string) string {
	b.t.Helper()
	return strings.TrimSpace(b.eval(`(document.getElementById('` + id + `') || {}).textContent || ''`))
}
