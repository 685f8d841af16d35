package console_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestConsoleJournalListFollowsThePeriod: the transaction list of the
// journal page is of the period and company on the page. Another period
// shown (or company chosen) drew its summary above the list of the last
// one, whose transactions, of another period, stood under the new
// summary as if they were its own.
func TestConsoleJournalListFollowsThePeriod(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for i, day := range []string{"2017-03-10", "2017-03-11", "2017-04-10"} {
		a, tax := money.MustParse("100.00"), money.MustParse("6.50")
		d := civil.MustParse(day)
		tx := &journal.Transaction{TransactionID: "STALE-" + day, Perspective: "SELLER", MessageType: "INVOICE", Company: "STALE",
			DocumentDate: d, PostingDate: d, Currency: "USD", SubTotal: a, TotalTax: tax, Total: a.Add(tax),
			Lines: []journal.Line{{LineItemID: "1", Amount: a, TotalTax: tax,
				Taxes: []journal.Tax{{JurisdictionID: "US-WA", JurisdictionName: "WASHINGTON", JurisdictionType: "STATE", Taxable: a, Tax: tax}}}}}
		if _, err := f.journal.Post(ctx, levy.DefaultTenant, tx); err != nil {
			t.Fatalf("posting %d: %v", i, err)
		}
	}
	b := openConsole(t, f, "")
	show := func(from, to string) {
		b.eval(`document.getElementById('journal-from').value = '` + from + `'; document.getElementById('journal-to').value = '` + to + `'; true`)
		b.do("show "+from, chromedp.Click(chromedp.CSS("#journal-period button[type=submit]")))
		b.wait("the summary of "+from, `document.querySelector('#journal-summary h2') && document.querySelector('#journal-summary h2').textContent.includes('`+from+` to `+to+`')`)
	}
	show("2017-03-01", "2017-03-31")
	b.do("list the period's transactions", chromedp.Click(chromedp.CSS("#journal-summary p button")))
	b.wait("the list", `document.querySelector('#journal-transactions table')`)
	if got := b.text("journal-transactions"); !strings.Contains(got, "STALE-2017-03-10") || !strings.Contains(got, "STALE-2017-03-11") {
		t.Fatalf("the list of March shows %q, want its two transactions", got)
	}
	show("2017-04-01", "2017-04-30")
	if got := b.text("journal-transactions"); strings.Contains(got, "STALE-2017-03-10") {
		t.Errorf("the page shows April's summary above the transactions of March: %q", got)
	}
	b.do("list April's transactions", chromedp.Click(chromedp.CSS("#journal-summary p button")))
	b.wait("April's list", `document.getElementById('journal-transactions').textContent.includes('STALE-2017-04-10')`)
	if got := b.text("journal-transactions"); strings.Contains(got, "STALE-2017-03") {
		t.Errorf("April's list holds March's transactions: %q", got)
	}
}
