package api

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// syncSale is a sale SK-1 in Los Angeles of message type msg, in
// currency, by company, of lines given whole as JSON.
func syncSale(msg, currency, company string, lines ...string) string {
	return fmt.Sprintf(`{"saleMessageType":%q,"transactionType":"SALE","transactionId":"SK-1","documentDate":"2026-06-01",
 "currency":{"isoCurrencyCodeAlpha":%q},
 "seller":{"company":%q,"physicalOrigin":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "customer":{"destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[%s]}`, msg, currency, company, strings.Join(lines, ","))
}

// syncSaleLine is a line of syncSale: its lineItemId, extended price and
// syncType ("" for none).
func syncSaleLine(id, price, syncType string) string {
	st := ""
	if syncType != "" {
		st = fmt.Sprintf(`,"syncType":%q`, syncType)
	}
	return fmt.Sprintf(`{"lineItemId":%q,"extendedPrice":%s%s}`, id, price, st)
}

// TestSyncInAnotherCurrencyOrCompanyOverHTTP: an ARBILLING_SYNC in
// euros of line 2 of an invoice stored in dollars (lines 1 and 2 of
// 100.00) is refused, 409 naming currency.isoCurrencyCodeAlpha and line
// 1, which it would have left in place: stored, the version held line
// 1's 100.00 dollars and its tax as euros, and the report's EUR section
// added them to the sync's. The same for a sync of company WEST over
// EAST's invoice (409 naming seller.company). The invoice stays as it
// was, in the report's USD section under EAST; a sync sending both
// lines in euros is stored.
func TestSyncInAnotherCurrencyOrCompanyOverHTTP(t *testing.T) {
	h, store := explainHarness(t)
	ctx := context.Background()
	if a := h.post("/api/v2/supplies", syncSale("INVOICE", "USD", "EAST", syncSaleLine("1", "100.00", ""), syncSaleLine("2", "100.00", ""))); a.status != 200 {
		t.Fatalf("invoice: %d %s", a.status, a.body)
	}
	report := func(what string) string {
		t.Helper()
		r, err := journal.Summarize(ctx, store, levy.DefaultTenant, civil.Date{}, civil.Date{})
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		var out []string
		for _, c := range r.Currencies {
			out = append(out, fmt.Sprintf("%s %s", c.Currency, c.Total.SubTotal))
		}
		for _, c := range r.Companies {
			out = append(out, fmt.Sprintf("%s/%s %s", c.Company, c.Currency, c.SubTotal))
		}
		return strings.Join(out, "; ")
	}
	const stored = "USD 200.00; EAST/USD 200.00"
	if got := report("invoice"); got != stored {
		t.Fatalf("report of the invoice: %s, want %s", got, stored)
	}
	for _, c := range []struct{ currency, company, target string }{
		{"EUR", "EAST", "currency.isoCurrencyCodeAlpha"},
		{"USD", "WEST", "seller.company"},
	} {
		a := h.post("/api/v2/supplies", syncSale("ARBILLING_SYNC", c.currency, c.company, syncSaleLine("2", "150.00", "UPDATE")))
		if a.status != 409 {
			t.Fatalf("sync of line 2 in %s for %s: %d %s, want 409", c.currency, c.company, a.status, a.body)
		}
		if items := errorsOf(t, a); items[0].Target != c.target || !strings.Contains(items[0].Message, `"1"`) {
			t.Errorf("sync of line 2 in %s for %s: %+v, want %s named with line 1", c.currency, c.company, items, c.target)
		}
		if got := report("after a refused sync"); got != stored {
			t.Errorf("report after the sync in %s for %s: %s, want %s", c.currency, c.company, got, stored)
		}
		if vs, err := store.Versions(ctx, levy.DefaultTenant, "SK-1"); err != nil || len(vs) != 1 {
			t.Fatalf("versions after a refused sync: %d, %v; want 1", len(vs), err)
		}
	}
	if a := h.post("/api/v2/supplies", syncSale("ARBILLING_SYNC", "EUR", "EAST", syncSaleLine("1", "100.00", "UPDATE"), syncSaleLine("2", "150.00", "UPDATE"))); a.status != 200 {
		t.Fatalf("sync of both lines in EUR: %d %s", a.status, a.body)
	}
	if got, want := report("sync of both lines"), "EUR 250.00; EAST/EUR 250.00"; got != want {
		t.Errorf("report after the sync of both lines in EUR: %s, want %s", got, want)
	}
}

// TestSyncSentAgainRollsBackOverHTTP: an ARBILLING_SYNC sent twice as
// it was (a retry after a timeout) over an invoice of two lines of
// 100.00 is stored once, so that the rollback returns the invoice to
// 200.00; stored twice, the rollback restored the first sending (250.00)
// and answered as if the sync were undone. The calculation's
// transaction, as the engine makes it (parties, items, profile
// version), is the same both times.
func TestSyncSentAgainRollsBackOverHTTP(t *testing.T) {
	h, store := explainHarness(t)
	ctx := context.Background()
	if a := h.post("/api/v2/supplies", syncSale("INVOICE", "USD", "EAST", syncSaleLine("1", "100.00", ""), syncSaleLine("2", "100.00", ""))); a.status != 200 {
		t.Fatalf("invoice: %d %s", a.status, a.body)
	}
	sync := syncSale("ARBILLING_SYNC", "USD", "EAST", syncSaleLine("2", "150.00", "UPDATE"))
	for i := range 2 {
		if a := h.post("/api/v2/supplies", sync); a.status != 200 {
			t.Fatalf("sync, sending %d: %d %s", i+1, a.status, a.body)
		}
	}
	if vs, err := store.Versions(ctx, levy.DefaultTenant, "SK-1"); err != nil {
		t.Fatal(err)
	} else if len(vs) != 2 {
		t.Errorf("versions after the sync sent twice: %d, want 2", len(vs))
	}
	if a := h.post("/api/v2/transactions/SK-1/rollback", ""); a.status != 200 {
		t.Fatalf("rollback: %d %s", a.status, a.body)
	}
	tx, err := store.Get(ctx, levy.DefaultTenant, "SK-1")
	if err != nil {
		t.Fatal(err)
	}
	if tx.SubTotal.String() != "200.00" || tx.RollbackOf != 1 {
		t.Errorf("rolled back: subtotal %s, version %d restored; want 200.00, version 1", tx.SubTotal, tx.RollbackOf)
	}
}
