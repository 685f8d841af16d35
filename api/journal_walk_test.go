package api

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// walkInvoice is the harness's quotation as an INVOICE of transaction
// ID id posted on date.
func walkInvoice(id, date string) string {
	body := strings.Replace(quotation, `"QUOTATION"`, `"INVOICE"`, 1)
	return strings.Replace(body, `{"saleMessageType"`, `{"transactionId":"`+id+`","postingDate":"`+date+`","saleMessageType"`, 1)
}

// walkBooks checks that the default tenant's summary of [from, to]
// counts transactions and adds up to tax, and that the stored taxes of
// the period add up to the same.
func walkBooks(t *testing.T, store journal.Store, from, to string, transactions int, tax money.Amount) {
	t.Helper()
	ctx := context.Background()
	f, u := civil.MustParse(from), civil.MustParse(to)
	rep, err := journal.Summarize(ctx, store, levy.DefaultTenant, f, u)
	if err != nil {
		t.Fatal(err)
	}
	var sum, stored money.Amount
	for _, c := range rep.Currencies {
		sum = sum.Add(c.Total.Tax)
	}
	err = store.Scan(ctx, levy.DefaultTenant, f, u, func(tx *journal.Transaction) error {
		for i := range tx.Lines {
			for j := range tx.Lines[i].Taxes {
				stored = stored.Add(tx.Lines[i].Taxes[j].Tax)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Transactions != transactions || !sum.Equal(tax) || !stored.Equal(tax) {
		t.Fatalf("%s..%s: %d transactions, tax %s in the summary and %s stored; want %d and %s",
			from, to, rep.Transactions, sum, stored, transactions, tax)
	}
}

// wantError checks that a is answered status and that its first error
// names target (when not empty) and says each of words.
func wantError(t *testing.T, what string, a answer, status int, target string, words ...string) {
	t.Helper()
	if a.status != status {
		t.Fatalf("%s: status %d, want %d: %s", what, a.status, status, a.body)
	}
	items := errorsOf(t, a)
	if target != "" && items[0].Target != target {
		t.Fatalf("%s: %+v, want target %s", what, items, target)
	}
	for _, w := range words {
		if !strings.Contains(items[0].Message, w) {
			t.Fatalf("%s: %+v does not say %q", what, items, w)
		}
	}
}

// exists asks the journal over HTTP whether id exists.
func (h *harness) exists(id string) bool {
	h.t.Helper()
	a := h.do("GET", "/api/v2/transaction-exists/"+id, nil)
	if a.status != http.StatusOK {
		h.t.Fatalf("exists %s: status %d: %s", id, a.status, a.body)
	}
	switch {
	case strings.Contains(string(a.body), `"transactionExistsIndicator":"true"`):
		return true
	case strings.Contains(string(a.body), `"transactionExistsIndicator":"false"`):
		return false
	}
	h.t.Fatalf("exists %s: %s", id, a.body)
	return false
}

// TestJournalWalkOverHTTP walks one invoice through the operations an
// accountant makes over HTTP on loopback, with a Badger journal of its
// own, checking after each that the summary and the stored taxes agree
// with the calculation's answers: a posted invoice, a retry of it (the
// Idempotency-Key header is not read: the retry is the next version and
// the books count the sale once), a partial reversal (refused, a
// reversal is of the whole transaction), a reversal in a later month, a
// second reversal (refused, naming the first), a delete, and the
// operations on a quotation that was never stored.
func TestJournalWalkOverHTTP(t *testing.T) {
	h, store := explainHarness(t)
	var inv wire.SaleResponse
	dataOf(t, h.do("POST", "/api/v2/supplies", strings.NewReader(walkInvoice("walk-1", "2026-05-29")), "Idempotency-Key", "k-1"), &inv)
	if inv.TotalTax.Sign() <= 0 {
		t.Fatalf("the invoice has no tax: %s", inv.TotalTax)
	}
	if !h.exists("walk-1") {
		t.Fatal("walk-1 does not exist once posted")
	}
	walkBooks(t, store, "2026-05-01", "2026-05-31", 1, inv.TotalTax)

	// A retry, the same key and body, and one with another body under
	// that key: each replaces the version before it.
	var again wire.SaleResponse
	dataOf(t, h.do("POST", "/api/v2/supplies", strings.NewReader(walkInvoice("walk-1", "2026-05-29")), "Idempotency-Key", "k-1"), &again)
	if !again.TotalTax.Equal(inv.TotalTax) {
		t.Fatalf("the retry's tax %s, the first's %s", again.TotalTax, inv.TotalTax)
	}
	walkBooks(t, store, "2026-05-01", "2026-05-31", 1, inv.TotalTax)
	one := strings.Replace(walkInvoice("walk-1", "2026-05-29"), `"quantity":{"value":2}`, `"quantity":{"value":1}`, 1)
	var changed wire.SaleResponse
	dataOf(t, h.do("POST", "/api/v2/supplies", strings.NewReader(one), "Idempotency-Key", "k-1"), &changed)
	if changed.TotalTax.Cmp(inv.TotalTax) >= 0 {
		t.Fatalf("one unit fewer taxed %s, two %s", changed.TotalTax, inv.TotalTax)
	}
	walkBooks(t, store, "2026-05-01", "2026-05-31", 1, changed.TotalTax)
	if vs, err := store.Versions(context.Background(), levy.DefaultTenant, "walk-1"); err != nil || len(vs) != 3 {
		t.Fatalf("walk-1: %d versions (%v), want 3", len(vs), err)
	}

	// A partial reversal: lines to reverse are not a member.
	a := h.post("/api/v2/transactions/walk-1/reversal", `{"data":{"transactionId":"walk-1-r","postingDate":"2026-06-02","lineItems":[{"lineItemId":"1"}]}}`)
	wantError(t, "partial reversal", a, http.StatusBadRequest, "data.lineItems")
	if h.exists("walk-1-r") {
		t.Fatal("the refused partial reversal was stored")
	}

	// Reversed in June: May keeps the sale, June carries the credit.
	var rev wire.ReversalResponse
	dataOf(t, h.post("/api/v2/transactions/walk-1/reversal", `{"data":{"transactionId":"walk-1-r","postingDate":"2026-06-02"}}`), &rev)
	if rev.TransactionID != "walk-1-r" || rev.PostingDate != civil.MustParse("2026-06-02") {
		t.Fatalf("reversal: %+v", rev)
	}
	walkBooks(t, store, "2026-05-01", "2026-05-31", 1, changed.TotalTax)
	walkBooks(t, store, "2026-06-01", "2026-06-30", 1, changed.TotalTax.Neg())
	walkBooks(t, store, "2026-05-01", "2026-06-30", 2, money.Amount{})

	// Past zero: a second reversal is refused naming the first.
	a = h.post("/api/v2/transactions/walk-1/reversal", `{"data":{"transactionId":"walk-1-r2","postingDate":"2026-06-03"}}`)
	wantError(t, "second reversal", a, http.StatusConflict, "", "walk-1-r")
	if h.exists("walk-1-r2") {
		t.Fatal("the refused second reversal was stored")
	}
	// A rollback of a reversed invoice is refused.
	wantError(t, "rollback", h.post("/api/v2/transactions/walk-1/rollback", ""), http.StatusConflict, "", "walk-1")
	walkBooks(t, store, "2026-05-01", "2026-06-30", 2, money.Amount{})

	// Deleting the reversal gives the sale back to the books; deleting
	// it again, or an ID never stored, is not found, naming it.
	if a := h.do("DELETE", "/api/v2/transactions/walk-1-r", nil); a.status != http.StatusOK {
		t.Fatalf("delete: %d %s", a.status, a.body)
	}
	if h.exists("walk-1-r") {
		t.Fatal("walk-1-r exists once deleted")
	}
	walkBooks(t, store, "2026-05-01", "2026-06-30", 1, changed.TotalTax)
	wantError(t, "second delete", h.do("DELETE", "/api/v2/transactions/walk-1-r", nil), http.StatusNotFound, "", "walk-1-r")
	wantError(t, "delete of an unknown ID", h.do("DELETE", "/api/v2/transactions/walk-never", nil), http.StatusNotFound, "", "walk-never")

	// A quotation is calculated, not stored: every operation on its ID
	// is not found, naming it.
	quote := strings.Replace(quotation, `{"saleMessageType"`, `{"transactionId":"walk-quote","saleMessageType"`, 1)
	var q wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", quote), &q)
	if h.exists("walk-quote") {
		t.Fatal("the quotation was stored")
	}
	wantError(t, "reversal of a quotation", h.post("/api/v2/transactions/walk-quote/reversal", ""), http.StatusNotFound, "", "walk-quote")
	wantError(t, "rollback of a quotation", h.post("/api/v2/transactions/walk-quote/rollback", ""), http.StatusNotFound, "", "walk-quote")
	wantError(t, "delete of a quotation", h.do("DELETE", "/api/v2/transactions/walk-quote", nil), http.StatusNotFound, "", "walk-quote")
	walkBooks(t, store, "2026-05-01", "2026-06-30", 1, changed.TotalTax)
}

// TestJournalWalkConcurrentReversalsOverHTTP: two clients reverse one
// invoice at once over HTTP, each under its own ID: one is answered 200,
// the other 409 naming the winner, and the books net to zero.
func TestJournalWalkConcurrentReversalsOverHTTP(t *testing.T) {
	h, store := explainHarness(t)
	var inv wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", walkInvoice("walk-c", "2026-05-29")), &inv)
	ids := []string{"walk-c-a", "walk-c-b"}
	answers := make([]answer, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			answers[i] = h.post("/api/v2/transactions/walk-c/reversal", `{"data":{"transactionId":"`+id+`","postingDate":"2026-05-30"}}`)
		})
	}
	wg.Wait()
	won, lost := 0, 1
	if answers[0].status != http.StatusOK {
		won, lost = 1, 0
	}
	if answers[won].status != http.StatusOK {
		t.Fatalf("no reversal stored: %d %s; %d %s", answers[0].status, answers[0].body, answers[1].status, answers[1].body)
	}
	wantError(t, "the second reversal", answers[lost], http.StatusConflict, "", ids[won])
	if !h.exists(ids[won]) || h.exists(ids[lost]) {
		t.Fatalf("%s should exist and %s not", ids[won], ids[lost])
	}
	walkBooks(t, store, "2026-05-01", "2026-05-31", 2, money.Amount{})
}
