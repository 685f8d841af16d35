package cli

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/internal/browsertest"
)

// heldProxy is a reverse proxy in front of levy serve that holds the
// requests of one path (or only the first of them) until it is opened,
// as a slow network or a busy server does, and keeps the URL of every
// request it passed. A proxy that refuses answers the requests it held
// 401, as the server answers a token revoked or expired while the
// request was on its way.
type heldProxy struct {
	t      *testing.T
	URL    string
	path   string
	first  bool // hold only the first request of path
	refuse bool // answer the requests held 401
	proxy  *httputil.ReverseProxy

	mu       sync.Mutex
	seen     []string
	asked    chan struct{} // closed at the first request of path
	open     chan struct{} // closed to let the requests held go
	answered chan struct{} // closed once the first request held was answered
	once     sync.Once     // of asked
	opens    sync.Once     // of open
	answers  sync.Once     // of answered
}

// holdPath starts a heldProxy to base that holds the requests of path;
// it stops with the test.
func holdPath(t *testing.T, base, path string) *heldProxy {
	t.Helper()
	return startHeldProxy(t, &heldProxy{path: path}, base)
}

// answerLate starts a heldProxy to base that holds the first request
// of path and passes the others at once.
func answerLate(t *testing.T, base, path string) *heldProxy {
	t.Helper()
	return startHeldProxy(t, &heldProxy{path: path, first: true}, base)
}

// refuseLate starts a heldProxy to base that holds the first request of
// path and then refuses it; the others pass at once.
func refuseLate(t *testing.T, base, path string) *heldProxy {
	t.Helper()
	return startHeldProxy(t, &heldProxy{path: path, first: true, refuse: true}, base)
}

// startHeldProxy starts p to base; it stops with the test.
func startHeldProxy(t *testing.T, p *heldProxy, base string) *heldProxy {
	t.Helper()
	target, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	p.t, p.proxy = t, httputil.NewSingleHostReverseProxy(target)
	p.asked, p.open, p.answered = make(chan struct{}), make(chan struct{}), make(chan struct{})
	srv := httptest.NewServer(p)
	p.URL = srv.URL
	// Open before closing: Close waits for the requests held.
	t.Cleanup(func() { p.release(); srv.Close() })
	return p
}

func (p *heldProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	p.seen = append(p.seen, r.Method+" "+r.URL.RequestURI())
	p.mu.Unlock()
	if r.URL.Path != p.path {
		p.proxy.ServeHTTP(w, r)
		return
	}
	hold := !p.first
	p.once.Do(func() { close(p.asked); hold = true })
	if !hold {
		p.proxy.ServeHTTP(w, r)
		return
	}
	select {
	case <-p.open:
	case <-r.Context().Done():
		return
	}
	defer p.answers.Do(func() { close(p.answered) })
	if !p.refuse {
		p.proxy.ServeHTTP(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
	w.WriteHeader(http.StatusUnauthorized)
	_, _ = w.Write([]byte(`{"errors":[{"code":"unauthorized","message":"the token was revoked"}]}`))
}

// awaitAsked waits until the browser has asked for the path held.
func (p *heldProxy) awaitAsked() {
	p.t.Helper()
	select {
	case <-p.asked:
	case <-time.After(15 * time.Second):
		p.t.Fatalf("the browser did not ask for %s; it asked for %q", p.path, p.requests())
	}
}

// awaitAnswered waits until the first request held was answered.
func (p *heldProxy) awaitAnswered() {
	p.t.Helper()
	select {
	case <-p.answered:
	case <-time.After(15 * time.Second):
		p.t.Fatalf("the proxy did not answer the request of %s it held", p.path)
	}
}

// release lets the requests of the path held through, and those to
// come.
func (p *heldProxy) release() { p.opens.Do(func() { close(p.open) }) }

// requests returns the requests the proxy passed, as "METHOD URI".
func (p *heldProxy) requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.seen...)
}

// noSecretInURL fails the test if a request's URL carried secret.
func (p *heldProxy) noSecretInURL(what, secret string) {
	p.t.Helper()
	for _, r := range p.requests() {
		if strings.Contains(r, url.QueryEscape(secret)) || strings.Contains(r, secret) {
			p.t.Errorf("%s: the browser sent the client secret in a URL: %s", what, r)
		}
	}
}

// watchSubmissions notes how the page takes a submission of a form:
// window.submission is "page" when a handler of the page took it, and
// "browser" when none did and the browser would have sent the form as
// HTML does (a GET, with the fields in the URL), which it then does not.
var watchSubmissions = chromedp.Evaluate[chromedp.Void](`window.addEventListener('submit', (e) => {
	window.submission = e.defaultPrevented ? 'page' : 'browser';
	e.preventDefault();
})`)

// submission returns how the page took the last submission of a form
// (see watchSubmissions), "" for none.
func submission(b *browserSession) string {
	b.t.Helper()
	return eval[string](b, `window.submission || ''`)
}

// TestConsoleSignInWhileThePageLoads: a person may type the credential
// and sign in while the page is still loading its script or its
// settings, and is signed in with what they typed; the secret never goes
// in a URL. The sign-in page used to hook its form only once its
// settings had come, and then moved the focus to the client ID: the rest
// of a secret being typed went there, in clear, and the sign-in was
// refused with a 401 (which the console's browser tests met, now and
// then, on a busy machine); and a click before the settings came, or
// before the script ran, submitted the form as HTML does, putting the
// client ID and the secret in the URL of the page (and in the server's
// and the proxies' logs, and the browser's history).
func TestConsoleSignInWhileThePageLoads(t *testing.T) {
	browsertest.Path(t)
	// An audience of its own, which the page shows once its settings
	// came (the page's default text is levy://console).
	const audience = "levy://console-sign-in"
	out := &syncBuilder{}
	base, stop, _, _ := startServeOut(t, t.TempDir(), serveConfig{}, out, "--console-audience", audience)
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	printed := out.String()
	id, secret := printedField(t, printed, "console_client_id"), printedField(t, printed, "console_secret")
	signedIn := func(t *testing.T, b *browserSession, p *heldProxy, what string) {
		t.Helper()
		b.wait("the calculation page after "+what, `location.search !== '' || document.getElementById('calc-send') || document.getElementById('signin-error').textContent !== ''`)
		p.noSecretInURL(what, secret)
		if e := eval[string](b, `document.getElementById('signin-error').textContent`); e != "" {
			t.Fatalf("%s: the sign-in failed: %s%s", what, e, b.errors())
		}
		if s := eval[string](b, `location.href`); strings.Contains(s, "client_secret") || strings.Contains(s, url.QueryEscape(secret)) {
			t.Errorf("%s: the page's URL holds the secret: %s", what, s)
		}
		b.wait("the calculation page after "+what, `document.getElementById('calc-send')`)
		if who := eval[string](b, `document.getElementById('who').textContent`); !strings.HasPrefix(who, "tenant default (console, admin)") {
			t.Errorf("%s: the header says %q", what, who)
		}
		// The development credential has no operator's audience: the
		// token endpoint's 400 for it is expected.
		b.awaitExpected(what+": the sign-in's token request without an operator's audience", "status of 400")
		if errs := b.errors(); errs != "" {
			t.Errorf("%s: %s", what, errs)
		}
	}
	const settings = "/console/api/config"
	settingsShown := `document.getElementById('aud-console').textContent === '` + audience + `'`

	t.Run("typing when the settings come", func(t *testing.T) {
		p := holdPath(t, base, settings)
		b := startBrowser(t)
		b.do("open the console", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(p.URL+"/console/"), chromedp.WaitVisible(chromedp.ID("client-id")))
		p.awaitAsked()
		half := len(secret) / 2
		b.do("type the client ID and half the secret", chromedp.SendKeys(chromedp.ID("client-id"), id), chromedp.SendKeys(chromedp.ID("client-secret"), secret[:half]))
		p.release()
		b.wait("the settings shown", settingsShown)
		// The rest goes where the focus is, as a person's typing does.
		b.do("type the rest of the secret", chromedp.KeyEvent(secret[half:]))
		got := eval[[]string](b, `[document.getElementById('client-id').value, document.getElementById('client-secret').value]`)
		if got[0] != id || got[1] != secret {
			t.Errorf("the settings came while the secret was typed: the client ID field holds %q and the secret field %d of the secret's %d characters", got[0], len(got[1]), len(secret))
		}
		b.do("sign in", submit("signin-form"))
		signedIn(t, b, p, "typing when the settings come")
	})

	t.Run("a click before the settings come", func(t *testing.T) {
		p := holdPath(t, base, settings)
		b := startBrowser(t)
		b.do("open the console", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(p.URL+"/console/"), chromedp.WaitVisible(chromedp.ID("client-id")))
		p.awaitAsked()
		b.do("sign in", chromedp.SendKeys(chromedp.ID("client-id"), id), chromedp.SendKeys(chromedp.ID("client-secret"), secret),
			watchSubmissions, submit("signin-form"))
		if got := submission(b); got != "page" {
			t.Fatalf("a click before the settings came: the page took no submission (%q): the browser sends the form as HTML does, the secret in the URL", got)
		}
		p.release()
		signedIn(t, b, p, "a click before the settings come")
	})

	t.Run("a click before the script runs", func(t *testing.T) {
		p := holdPath(t, base, "/console/js/app.js")
		b := startBrowser(t)
		// The page's load waits for its script: the navigation is not
		// awaited.
		b.do("open the console", chromedp.EmulateViewport(1280, 800), chromedp.Navigate("about:blank"),
			chromedp.Evaluate[chromedp.Void](`location.href = '`+p.URL+`/console/'`))
		p.awaitAsked()
		b.do("type the credential", chromedp.WaitVisible(chromedp.ID("client-id")), chromedp.SendKeys(chromedp.ID("client-id"), id),
			chromedp.SendKeys(chromedp.ID("client-secret"), secret))
		b.do("click before the script runs", watchSubmissions, submit("signin-form"))
		if got := submission(b); got != "" {
			t.Fatalf("a click before the script ran: the form was submitted (taken by the %s): the browser sends it as HTML does, the secret in the URL", got)
		}
		// Back in the secret (the click may have taken the focus), to
		// type more of it as the script runs.
		b.do("go back to the secret", chromedp.Focus(chromedp.ID("client-secret")))
		p.release()
		// The sign-in is a click once the script is ready.
		b.wait("the page's script", `document.querySelector('#signin-form button[type=submit]:enabled')`)
		// The focus stays in the field being typed in.
		if got := eval[string](b, `document.activeElement.id`); got != "client-secret" {
			t.Errorf("once the script ran, the focus is on %q, not the secret typed into", got)
		}
		b.do("sign in", submit("signin-form"))
		if got := submission(b); got != "page" {
			t.Fatalf("a click once the script ran: the page took no submission (%q)", got)
		}
		signedIn(t, b, p, "a click before the script runs")
	})
}
