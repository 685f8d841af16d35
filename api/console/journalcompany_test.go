package console_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestConsoleJournalKeepsTheCompany: the journal page keeps the company
// chosen when the user leaves it and comes back, as it keeps the
// period. The page came back showing every company's summary, its
// select on "All companies": the company chosen was lost.
func TestConsoleJournalKeepsTheCompany(t *testing.T) {
	f := newFixture(t)
	for _, company := range []string{"KEEP-A", "KEEP-B"} {
		a, tax := money.MustParse("100.00"), money.MustParse("6.50")
		d := civil.MustParse("2013-05-07")
		tx := &journal.Transaction{TransactionID: "L32-" + company, Perspective: "SELLER", MessageType: "INVOICE", Company: company,
			DocumentDate: d, PostingDate: d, Currency: "USD", SubTotal: a, TotalTax: tax, Total: a.Add(tax),
			Lines: []journal.Line{{LineItemID: "1", Amount: a, TotalTax: tax,
				Taxes: []journal.Tax{{JurisdictionID: "US-WA", JurisdictionName: "WASHINGTON", JurisdictionType: "STATE", Taxable: a, Tax: tax}}}}}
		if _, err := f.journal.Post(context.Background(), levy.DefaultTenant, tx); err != nil {
			t.Fatal(err)
		}
	}
	b := openConsole(t, f, "")
	b.eval(`document.getElementById('journal-from').value = '2013-05-01'; document.getElementById('journal-to').value = '2013-05-31';
		document.getElementById('journal-period').requestSubmit(); true`)
	b.wait("the period's companies", `[...document.getElementById('journal-company').options].some((o) => o.value === 'KEEP-B')`)
	b.eval(`const c = document.getElementById('journal-company'); c.value = 'KEEP-B'; c.dispatchEvent(new Event('change')); true`)
	b.wait("KEEP-B's summary", `(document.querySelector('#journal-summary h2') || {}).textContent?.includes('company KEEP-B')`)

	b.eval(`location.hash = '#/registrations'; true`)
	b.wait("the registrations page", `document.title.startsWith('Registrations')`)
	b.eval(`location.hash = '#/journal'; true`)
	b.wait("the journal's summary", `document.querySelector('#journal-summary h2')`)
	if got := b.eval(`document.querySelector('#journal-summary h2').textContent`); !strings.Contains(got, "2013-05-01 to 2013-05-31, company KEEP-B") {
		t.Errorf("back on the journal, the summary is %q, want KEEP-B's of May 2013", got)
	}
	if got := b.eval(`document.getElementById('journal-company').value`); got != "KEEP-B" {
		t.Errorf("back on the journal, the company chosen is %q, want KEEP-B", got)
	}
}
