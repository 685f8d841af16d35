package cli

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleNexusTenantShare: the console's nexus page, asked with its
// share field empty, shows the report from the share of the tenant's
// policy (nexusShare 0.5: Washington at 55% of its threshold is
// approaching, from 50%); a share typed in decides. The page sent 0.8
// whatever the policy chose.
func TestConsoleNexusTenantShare(t *testing.T) {
	b := nexusConsole(t, "55000", func(dir string) {
		policy := writeFiles(t, "policy.json", `{"policy":{"nexusShare":"0.5"}}`)
		profileCLI(t, 0, "import", "--data-dir", dir, policy[0])
	})
	b.do("ask on 2026-03-31, no share", chromedp.Evaluate[chromedp.Void](`document.getElementById('nexus-as-of').value = '2026-03-31';
		document.getElementById('nexus-share').value = ''`), submit("nexus-form"))
	b.wait("the table from the policy's 50%", `document.querySelector('#nexus-table caption').textContent.includes('2026-03-31 (approaching from 50%')`)
	if st := eval[string](b, `document.querySelector('#nexus-table tbody tr[data-state=WA]').dataset.status`); st != "approaching" {
		t.Errorf("Washington at 55%% of its threshold, the policy's share 0.5: %s", st)
	}
	b.do("ask from 80%", chromedp.Evaluate[chromedp.Void](`document.getElementById('nexus-share').value = '0.8'`), submit("nexus-form"))
	b.wait("the table from 80%", `document.querySelector('#nexus-table caption').textContent.includes('2026-03-31 (approaching from 80%')`)
	if st := eval[string](b, `document.querySelector('#nexus-table tbody tr[data-state=WA]').dataset.status`); st != "none" {
		t.Errorf("Washington at 55%% of its threshold, asked from 0.8: %s", st)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser's console: %s", errs)
	}
}
