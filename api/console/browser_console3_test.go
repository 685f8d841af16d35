package console_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// chromium finds the machine's Chromium, or skips the test (fails it
// under CI=true, where .ci/test installs it) naming the missing binary.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (apt-get install -y chromium); CI=true needs it for the console's browser tests")
	}
	t.Skip("chromium is not installed (apt-get install -y chromium): the console's browser tests skip")
	return ""
}

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
	path := chromium(t)
	tmp, err := os.MkdirTemp("", "levy-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.Env("TMPDIR=" + tmp), chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 800),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc(); _ = os.RemoveAll(tmp) })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
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
