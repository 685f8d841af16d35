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

// TestConsoleNexusShareAsAsked: the report's caption says the share of a
// threshold it was asked from as it is (80.5%), which the page rounded
// to a whole percent (81%), a share the report was not made from.
func TestConsoleNexusShareAsAsked(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	b.do("open the nexus page", chromedp.Click(chromedp.CSS(`#nav a[data-page=nexus]`)))
	b.wait("the table", `document.querySelector('#nexus-table caption')`)
	b.do("ask from 80.5%", chromedp.Evaluate[chromedp.Void](`document.getElementById('nexus-as-of').value = '2026-03-31';
		document.getElementById('nexus-share').value = '0.805'`), submit("nexus-form"))
	b.wait("the table of 2026-03-31", `document.querySelector('#nexus-table caption').textContent.includes('2026-03-31')`)
	if got := eval[string](b, `document.querySelector('#nexus-table caption').textContent`); !strings.Contains(got, "(approaching from 80.5% of a threshold)") {
		t.Errorf("the caption of a report from 0.805 says %q", got)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
