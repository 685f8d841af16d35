package console_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleSecretEndingInWhitespace: the sign-in says that the secret
// typed (or pasted: the field shows dots) ends with whitespace, which no
// Levy secret holds, and still sends it as typed. The form said nothing
// of it, and a refusal that does not name the whitespace (too many
// tries) left the user to guess.
func TestConsoleSecretEndingInWhitespace(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	b.do("sign out", chromedp.Click(chromedp.ID("signout")))
	b.wait("the sign-in", `!document.getElementById('signin').hidden`)
	b.eval(`(() => {
		const real = window.fetch;
		window.fetch = async (url, opts) => {
			if (!String(url).includes('/oauth/token')) return real(url, opts);
			window.sentSecret = new URLSearchParams(String(opts.body)).get('client_secret');
			return new Response(JSON.stringify({ error: 'slow_down', error_description: 'too many failed tries: wait 30 seconds' }),
				{ status: 429, headers: { 'Content-Type': 'application/json' } });
		};
		return true;
	})()`)
	b.do("type the client ID", chromedp.SendKeys(chromedp.ID("client-id"), "tester"))
	b.do("paste the secret", chromedp.SendKeys(chromedp.ID("client-secret"), "s3cr3t-value "))
	if got := b.text("client-secret-hint"); !strings.Contains(got, "ends with whitespace") {
		t.Errorf("with a secret ending in a space the form says %q, want that it ends with whitespace", got)
	}
	b.do("sign in", chromedp.Click(chromedp.CSS("#signin-form button[type=submit]")))
	b.wait("the refusal", `document.getElementById('signin-error').textContent`)
	if got := b.text("signin-error"); !strings.Contains(got, "too many failed tries") || !strings.Contains(got, "ends with whitespace") {
		t.Errorf("the refusal says %q, want the server's words and the whitespace", got)
	}
	if got := b.eval(`window.sentSecret`); got != "s3cr3t-value " {
		t.Errorf("the secret sent is %q, want it as typed", got)
	}
	b.eval(`document.getElementById('client-secret').value = ''; true`)
	b.do("type a secret without whitespace", chromedp.SendKeys(chromedp.ID("client-secret"), "s3cr3t"))
	if got := b.text("client-secret-hint"); got != "" {
		t.Errorf("with a secret without whitespace the form says %q", got)
	}
}
