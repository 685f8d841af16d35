package console_test

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// paste puts text into the control with the id as a paste does.
func (b *tab) paste(id, text string) {
	b.t.Helper()
	b.eval(`(() => { const el = document.getElementById('` + id + `'); el.value = ''; el.focus(); return true; })()`)
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		b.t.Fatalf("pasting into %s: %v", id, err)
	}
}

// TestConsoleFieldsKeepWhatIsPasted: a control of the console keeps the
// whole of what is typed or pasted into it, and the API refuses a value
// too long naming its field. The controls had HTML's maxlength, which
// cuts a pasted value without a word, and counts UTF-16 code units
// where Levy counts characters: a transaction ID of 38 characters, some
// of them outside the Basic Multilingual Plane (𠮷), was cut to 40
// code units and not found, and a customer code pasted 45 characters
// long would be stored as its first 40, another customer.
func TestConsoleFieldsKeepWhatIsPasted(t *testing.T) {
	f := newFixture(t)
	id := "INV-" + strings.Repeat("𠮷", 10) + "-2026-11-30-000000000001"
	if n := utf8.RuneCountInString(id); n > journal.MaxIDLength {
		t.Fatalf("the test's ID has %d characters", n)
	}
	a, tax := money.MustParse("100.00"), money.MustParse("6.50")
	d := civil.MustParse("2016-05-02")
	tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: d, PostingDate: d,
		Currency: "USD", SubTotal: a, TotalTax: tax, Total: a.Add(tax),
		Lines: []journal.Line{{LineItemID: "1", Amount: a, TotalTax: tax,
			Taxes: []journal.Tax{{JurisdictionID: "US-WA", JurisdictionName: "WASHINGTON", JurisdictionType: "STATE", Taxable: a, Tax: tax}}}}}
	if _, err := f.journal.Post(context.Background(), levy.DefaultTenant, tx); err != nil {
		t.Fatal(err)
	}
	b := openConsole(t, f, "")
	b.paste("journal-id", id)
	if got := b.eval(`document.getElementById('journal-id').value`); got != id {
		t.Errorf("the transaction ID field holds %q of the %q pasted", got, id)
	}
	b.do("show its versions", chromedp.Click(chromedp.CSS("#journal-lookup button[type=submit]")))
	b.wait("the versions or a refusal", `document.querySelector('#journal-versions h2, #journal-versions .error')`)
	if got := b.text("journal-versions"); !strings.Contains(got, "Transaction "+id) {
		t.Errorf("the versions of %s show %q", id, got)
	}

	// The forms of an admin's pages: the profile's routes are not mounted
	// here, but the forms are drawn.
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'console3-admin', tenant: 'default',
		console: {token: 'console3-token', expiresAt: Date.now() + 3600000}, admin: {token: 'console3-admin-token', expiresAt: Date.now() + 3600000}})); true`)
	long := "ACME-INTERNATIONAL-HOLDINGS-EUROPE-BRANCH-01" // 44 characters
	for _, c := range []struct{ page, id, value string }{
		{"customers", "prof-new-code", long},
		{"customers", "prof-new-name", strings.Repeat("𠮷", 150)},
		{"registrations", "prof-reg-number", long},
		{"products", "prof-prod-code", long},
		{"franchises", "prof-fr-area", long},
		{"franchises", "prof-fr-currency", "EURO"},
		{"playground", "calc-transaction-id", long},
		{"playground", "calc-currency", "EURO"},
	} {
		b.eval(`location.hash = '#/` + c.page + `'; true`)
		b.wait(c.id, `document.getElementById('`+c.id+`')`)
		b.paste(c.id, c.value)
		if got := b.eval(`document.getElementById('` + c.id + `').value`); got != c.value {
			t.Errorf("%s: the field %s keeps %q of the %q pasted", c.page, c.id, got, c.value)
		}
	}
}
