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

// TestConsoleVersionsOfTheLastAsked: the versions shown on the journal
// page are of the transaction asked for last. The versions of one asked
// before, answered after (a transaction of many versions, slower to
// read), replaced them under the other's ID typed in the field.
func TestConsoleVersionsOfTheLastAsked(t *testing.T) {
	f := newFixture(t)
	for _, id := range []string{"RACE-SLOW", "RACE-FAST"} {
		a, tax := money.MustParse("100.00"), money.MustParse("6.50")
		d := civil.MustParse("2012-03-05")
		tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: d, PostingDate: d,
			Currency: "USD", SubTotal: a, TotalTax: tax, Total: a.Add(tax)}
		if _, err := f.journal.Post(context.Background(), levy.DefaultTenant, tx); err != nil {
			t.Fatal(err)
		}
	}
	b := openConsole(t, f, "")
	b.eval(`(() => {
		const real = window.fetch;
		window.fetch = async (url, opts) => {
			const resp = await real(url, opts);
			if (!String(url).includes('/journal/transactions/RACE-SLOW')) return resp;
			const text = await resp.text();
			window.slowReady = true;
			await new Promise((r) => { window.release = r; });
			return { ok: resp.ok, status: resp.status, headers: resp.headers, text: async () => text, json: async () => JSON.parse(text) };
		};
		return true;
	})()`)
	ask := func(id string) {
		b.eval(`document.getElementById('journal-id').value = '` + id + `'; true`)
		b.do("ask "+id, chromedp.Click(chromedp.CSS("#journal-lookup button[type=submit]")))
	}
	ask("RACE-SLOW")
	b.wait("the slow answer, held", `window.slowReady`)
	ask("RACE-FAST")
	b.wait("the versions of RACE-FAST", `(document.querySelector('#journal-versions h2') || {}).textContent?.includes('RACE-FAST')`)
	b.eval(`window.release(); true`)
	if got := b.eval(`document.querySelector('#journal-versions h2').textContent`); !strings.Contains(got, "RACE-FAST") {
		t.Errorf("after the late answer the versions are of %q, want RACE-FAST's, asked last", got)
	}
}
