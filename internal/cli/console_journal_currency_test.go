package cli

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleVersionsSayTheirCurrency opens, on the journal page, the
// versions of a transaction: the table gives each version's currency
// beside its subtotal, tax and total. It gave the amounts alone, though
// the list of transactions has a currency column and a later version
// may be in another currency.
func TestConsoleVersionsSayTheirCurrency(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	r.c.must(http.StatusOK, "POST", "/api/v2/supplies", r.apiToken, "application/json", []byte(
		`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-07-01","transactionId":"CUR-1",
		"currency":{"isoCurrencyCodeAlpha":"USD"},
		"seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
		"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`), nil)
	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	b.wait("the journal page", `document.getElementById('journal-from') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.do("show CUR-1", chromedp.Evaluate[chromedp.Void](`{ document.getElementById('journal-id').value = 'CUR-1'; document.querySelector('#journal-lookup button[type=submit]').click(); }`))
	b.wait("its versions", `document.querySelector('#journal-versions table')`)
	heads := eval[[]string](b, `[...document.querySelectorAll('#journal-versions thead th')].map((th) => th.textContent)`)
	cells := eval[[]string](b, `[...document.querySelectorAll('#journal-versions tbody tr:first-child td')].map((td) => td.textContent)`)
	at := -1
	for i, h := range heads {
		if h == "Currency" {
			at = i
		}
	}
	if at < 0 || at >= len(cells) || cells[at] != "USD" {
		t.Errorf("the versions table: heads %q, first row %q; want its currency USD", heads, cells)
	}
	if !strings.Contains(strings.Join(cells, " "), "100") {
		t.Errorf("the first version's amounts: %q", cells)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}
