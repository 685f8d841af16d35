package cli

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestConsoleJournalReversalAndCompanyDownload: the journal page says
// that a transaction is reversed, and by which transaction, as the
// server reads it with the versions: opened by its ID, before any list
// was shown, and no longer once the reversal is deleted, though the list
// shown before still holds it. And its downloads are of the company
// chosen on the page. The page used to look for the reversal in the last
// list it showed (none for a transaction opened by its ID; the deleted
// reversal after it), and to download every company's transactions
// whichever company was chosen.
func TestConsoleJournalReversalAndCompanyDownload(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	sale := func(id, company, date string) {
		t.Helper()
		r.c.must(http.StatusOK, "POST", "/api/v2/supplies", r.apiToken, "application/json", fmt.Appendf(nil,
			`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":%q,"transactionId":%q,
			"currency":{"isoCurrencyCodeAlpha":"USD"},
			"seller":{"company":%q,"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}},
			"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
			"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`, date, id, company), nil)
	}
	sale("RV-EAST-1", "EAST", "2026-07-01")
	sale("RV-EAST-2", "EAST", "2026-07-02")
	sale("RV-WEST-1", "WEST", "2026-07-03")
	r.c.must(http.StatusOK, "POST", "/api/v2/transactions/RV-EAST-1/reversal", r.apiToken, "application/json",
		[]byte(`{"data":{"transactionId":"RV-EAST-1-R","postingDate":"2026-07-05"}}`), nil)

	b.do("open the journal", chromedp.Click(chromedp.CSS(`#nav a[data-page=journal]`)))
	// The page shows its default period first: a period chosen before
	// that showing ends would be overwritten by it.
	b.wait("the journal page", `document.getElementById('journal-from') && / summary rows\.$/.test(document.getElementById('status').textContent)`)
	b.do("choose the period", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-from').value = '2026-07-01'; document.getElementById('journal-to').value = '2026-07-31'`),
		submit("journal-period"))
	b.wait("the summary", `document.querySelector('#journal-summary h2') && document.querySelector('#journal-summary h2').textContent.includes('2026-07-31')`)

	// What the versions box says of a transaction: its ID, its status
	// pills, and the reversal named.
	versions := func(what, id string, open chromedp.Action[chromedp.Void]) string {
		t.Helper()
		b.do("clear the versions", chromedp.Evaluate[chromedp.Void](`document.getElementById('journal-versions').replaceChildren()`))
		b.do(what, open)
		b.wait("the versions of "+id, fmt.Sprintf(`document.querySelector('#journal-versions h2') && document.querySelector('#journal-versions h2').textContent.startsWith(%q)`, "Transaction "+id+" "))
		return eval[string](b, `[...document.querySelectorAll('#journal-versions h2 .pill')].map((p) => p.textContent).join(' ') + ' | ' +
			([...document.querySelectorAll('#journal-versions p')].map((p) => p.textContent).find((s) => s.startsWith('Reversed by')) || 'not reversed')`)
	}
	byID := func(id string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`{ document.getElementById('journal-id').value = %q; document.querySelector('#journal-lookup button[type=submit]').click(); }`, id))
	}
	// Opened by its ID, with no list shown yet.
	if got := versions("open RV-EAST-1 by its ID", "RV-EAST-1", byID("RV-EAST-1")); got != "live reversed | Reversed by RV-EAST-1-R, which takes its latest version back." {
		t.Errorf("RV-EAST-1 opened by its ID: %q", got)
	}
	if got := versions("open the reversal by its ID", "RV-EAST-1-R", byID("RV-EAST-1-R")); got != "live | not reversed" {
		t.Errorf("RV-EAST-1-R opened by its ID: %q", got)
	}

	// The list shown, then the reversal deleted: the list still holds
	// it, the transaction opened from it is no longer reversed.
	b.do("show the transactions", chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('#journal-summary button')].find((e) => e.textContent === 'All transactions of the period').click()`))
	b.wait("the list with the reversal", `[...document.querySelectorAll('#journal-transactions button.linkish')].some((e) => e.textContent === 'RV-EAST-1-R')`)
	r.c.must(http.StatusOK, "DELETE", "/api/v2/transactions/RV-EAST-1-R", r.apiToken, "", nil, nil)
	fromList := chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('#journal-transactions button.linkish')].find((e) => e.textContent === 'RV-EAST-1').click()`)
	if got := versions("open RV-EAST-1 from the list", "RV-EAST-1", fromList); got != "live | not reversed" {
		t.Errorf("RV-EAST-1 after its reversal was deleted: %q", got)
	}

	// The downloads of the company chosen, caught where the page saves
	// them.
	b.do("choose the company EAST", chromedp.Evaluate[chromedp.Void](`{ const s = document.getElementById('journal-company'); s.value = 'EAST'; s.dispatchEvent(new Event('change')); }`))
	b.wait("the summary of EAST", `document.querySelector('#journal-summary h2').textContent.endsWith('company EAST')`)
	// (The page's policy lets no script read a blob: URL back, so the
	// blob is caught as the page makes its URL.)
	b.do("catch the saved files", chromedp.Evaluate[chromedp.Void](`window.saved = []; window.blobs = new Map();
		URL.createObjectURL = ((make) => (blob) => { const u = make.call(URL, blob); window.blobs.set(u, blob); return u; })(URL.createObjectURL);
		HTMLAnchorElement.prototype.click = function () {
			if (this.download) window.saved.push(window.blobs.get(this.href).text().then((text) => ({ name: this.download, text })));
		}`))
	for _, format := range []string{"csv", "jsonl"} {
		b.do("download "+format, chromedp.Evaluate[chromedp.Void](`document.getElementById('status').textContent = ''`), chromedp.Click(chromedp.ID("journal-"+format)))
		b.wait("the end of the "+format+" download", `/^(Error|Exported)/.test(document.getElementById('status').textContent)`)
	}
	type saved struct{ Name, Text string }
	files := eval[[]saved](b, `Promise.all(window.saved)`)
	if len(files) != 2 {
		t.Fatalf("the page saved %d files, want 2", len(files))
	}
	for i, want := range []string{"journal-EAST-2026-07-01-2026-07-31.csv", "journal-EAST-2026-07-01-2026-07-31.jsonl"} {
		if files[i].Name != want {
			t.Errorf("file %d is named %q, want %q", i, files[i].Name, want)
		}
	}
	// The CSV: its transactions (first column) and companies (the
	// company column).
	var ids, companies []string
	rows := strings.Split(strings.TrimSpace(files[0].Text), "\n")
	col := slices.Index(strings.Split(rows[0], ","), "company")
	if col < 0 {
		t.Fatalf("the CSV download has no company column: %s", rows[0])
	}
	for _, row := range rows[1:] {
		cells := strings.Split(row, ",")
		ids, companies = append(ids, cells[0]), append(companies, cells[col])
	}
	ids, companies = slices.Compact(ids), slices.Compact(companies)
	if !slices.Equal(ids, []string{"RV-EAST-1", "RV-EAST-2"}) || !slices.Equal(companies, []string{"EAST"}) {
		t.Errorf("the CSV download of EAST holds the transactions %q of the companies %q:\n%s", ids, companies, files[0].Text)
	}
	if n := strings.Count(files[1].Text, "\n"); n != 2 || strings.Contains(files[1].Text, "WEST") {
		t.Errorf("the JSON lines download of EAST holds %d lines:\n%s", n, files[1].Text)
	}
	if errs := b.errors(); errs != "" {
		t.Error(errs)
	}
}
