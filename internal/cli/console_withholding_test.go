package cli

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// twoWithholdings is a rule file under which a Kenyan business that buys
// services from abroad withholds 20% of professional fees and of repair
// services, each under a withholding type of its own: two rows of
// Kenya's withholding tax in the remittance summary.
const twoWithholdings = `{"version": 1, "withholdings": [
 {"id": "ke-wht-fees", "jurisdiction": "KE", "tax": "Withholding Tax", "withholdingType": "NON_RESIDENT_PROFESSIONAL_FEES",
  "productClass": "PROFESSIONAL_SERVICES", "fromAbroad": true, "when": "businessCustomer", "rate": "0.20", "reason": "A rule of the test."},
 {"id": "ke-wht-repairs", "jurisdiction": "KE", "tax": "Withholding Tax", "withholdingType": "NON_RESIDENT_REPAIRS",
  "productClass": "REPAIR_SERVICES", "fromAbroad": true, "when": "businessCustomer", "rate": "0.20", "reason": "A rule of the test."}]}`

// TestConsoleDrillDownOfAWithholdingType: the transactions of a row of
// the journal's summary that sums one withholding type are those with a
// tax of that type, each with its tax of that type. KE-1 withholds
// 20,000.00 of fees and 10,000.00 of repairs, KE-2 6,000.00 of repairs:
// the fees' row lists KE-1 with 20,000.00, the repairs' row KE-1 with
// 10,000.00 and KE-2 with 6,000.00. The page sent no withholding type
// and the route read none, so that each row listed both transactions
// with both types' tax (KE-1 with 30,000.00), more than the row's tax;
// and the two rows bore one name.
func TestConsoleDrillDownOfAWithholdingType(t *testing.T) {
	rules := filepath.Join(t.TempDir(), "withholdings.json")
	if err := os.WriteFile(rules, []byte(twoWithholdings), 0o600); err != nil {
		t.Fatal(err)
	}
	r := startReviewConsole(t, "--rules", rules)
	b := r.b
	purchase := func(id, lines string) {
		t.Helper()
		r.c.must(http.StatusOK, "POST", "/api/v2/procurement", r.apiToken, "application/json", []byte(`{"purchaseMessageType":"ACCRUAL",
			"transactionType":"PURCHASE","documentDate":"2026-07-03","transactionId":"`+id+`","currency":{"isoCurrencyCodeAlpha":"KES"},
			"vendor":{"physicalOrigin":{"city":"Berlin","postalCode":"10115","country":"DE"}},
			"buyer":{"destination":{"city":"Nairobi","country":"KE"}},"lineItems":[`+lines+`]}`), nil)
	}
	purchase("KE-1", `{"lineItemId":"1","purchase":{"purchaseClass":"PROFESSIONAL_SERVICES"},"extendedPrice":100000.00},
		{"lineItemId":"2","purchase":{"purchaseClass":"REPAIR_SERVICES"},"extendedPrice":50000.00}`)
	purchase("KE-2", `{"lineItemId":"1","purchase":{"purchaseClass":"REPAIR_SERVICES"},"extendedPrice":30000.00}`)

	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the journal page", `document.getElementById('journal-from') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.do("choose the period", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-from').value = '2026-07-01'; document.getElementById('journal-to').value = '2026-07-31'`),
		submit("journal-period"))
	b.wait("the summary", `document.querySelector('#journal-summary h2') && document.querySelector('#journal-summary h2').textContent.includes('2026-07-31') && document.querySelectorAll('#journal-summary .bar-row').length > 0`)

	// The summary's rows of withheld tax: what each is collected from,
	// its tax and the name of its button.
	type row struct {
		Index            int
		From, Tax, Label string
	}
	rows := eval[[]row](b, `(() => {
		const table = [...document.querySelectorAll('#journal-summary table')].find((t) => t.caption && t.caption.textContent === 'The summary');
		const heads = [...table.tHead.rows[0].cells].map((c) => c.textContent);
		return [...table.tBodies[0].rows].map((r, i) => ({
			Index: i, From: r.cells[heads.indexOf('Collected from')].textContent, Tax: r.cells[heads.indexOf('Tax')].textContent,
			Label: r.querySelector('button').getAttribute('aria-label'),
		})).filter((r) => r.From.includes('withheld'));
	})()`)
	want := map[string]string{"NON_RESIDENT_PROFESSIONAL_FEES": "KE-1 20000.00", "NON_RESIDENT_REPAIRS": "KE-1 10000.00, KE-2 6000.00"}
	if len(rows) != len(want) {
		t.Fatalf("the summary's withheld rows: %+v, want one per withholding type", rows)
	}
	for _, w := range rows {
		// The list is emptied first, so that the one read is the row's.
		b.do("the transactions of "+w.Label, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById('journal-transactions').replaceChildren();
			[...document.querySelectorAll('#journal-summary table')].find((t) => t.caption && t.caption.textContent === 'The summary').tBodies[0].rows[%d].querySelector('button').click()`, w.Index)))
		b.wait("the transactions of "+w.Label, `document.querySelector('#journal-transactions table tbody')`)
		listed := eval[[]string](b, `[...document.querySelectorAll('#journal-transactions table tbody tr')].map((r) => r.cells[0].textContent + ' ' + r.cells[6].textContent)`)
		got := strings.Join(listed, ", ")
		matched := false
		for typ, list := range want {
			if strings.Contains(w.From, typ) {
				matched = true
				if got != list {
					t.Errorf("the transactions of the row of %s (tax %s): %s, want %s", typ, w.Tax, got, list)
				}
			}
		}
		if !matched {
			t.Errorf("the row %q (tax %s, listing %s) names no withholding type", w.From, w.Tax, got)
		}
	}
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}
