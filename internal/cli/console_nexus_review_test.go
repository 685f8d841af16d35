package cli

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleNexusRowByKeyboard: a row of the nexus report has a control
// that the keyboard reaches, and Enter on it shows the row's explanation,
// as a click on the row or on the map does. The rows answered the mouse
// only: the page's explanation of a state was out of a keyboard's reach.
func TestConsoleNexusRowByKeyboard(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	b.do("open the nexus page", chromedp.Click(chromedp.CSS(`#nav a[data-page=nexus]`)))
	b.wait("the table", `document.querySelector('#nexus-table tbody tr[data-state=WA]')`)
	focusable := `document.querySelector('#nexus-table tbody tr[data-state=WA]').querySelector('button, a[href], [tabindex]:not([tabindex="-1"])')`
	if !eval[bool](b, "!!"+focusable) {
		t.Fatal("Washington's row has nothing the keyboard can reach")
	}
	b.do("press Enter on Washington", chromedp.Evaluate[chromedp.Void](focusable+".focus()"), chromedp.KeyEvent("\r"))
	b.wait("the explanation", `document.getElementById('nexus-detail').textContent.includes('WA')`)
	if got := eval[string](b, `document.getElementById('nexus-detail').textContent`); !strings.Contains(got, "WA: ") {
		t.Errorf("the explanation says %q", got)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
