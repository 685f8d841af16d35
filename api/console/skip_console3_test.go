package console_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleSkipLinkStaysOnThePage: the link "Skip to the page", the
// first stop of a keyboard, moves the focus to the page being shown. Its
// href #main changed the fragment that names the console's page, and
// the console, finding no page in it, drew the calculation page in place
// of the one the user was on (the journal's period and lists gone).
func TestConsoleSkipLinkStaysOnThePage(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	b.wait("the journal's summary", `document.querySelector('#journal-summary h2')`)
	b.eval(`document.getElementById('journal-from').value = '2013-01-01'; true`)
	b.do("follow the skip link", chromedp.Focus(chromedp.CSS("a.skip")), chromedp.KeyEvent("\r"))
	b.wait("the focus on the page", `document.activeElement && document.activeElement.id === 'main'`)
	if got := b.eval(`document.title`); got != "Journal · Levy console" {
		t.Errorf("after the skip link the console shows %q, want the journal still", got)
	}
	if got := b.eval(`(document.getElementById('journal-from') || {}).value || ''`); got != "2013-01-01" {
		t.Errorf("after the skip link the journal's period begins %q, want what was typed, 2013-01-01", got)
	}
}
