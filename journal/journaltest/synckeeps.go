package journaltest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// testSyncKeepsCurrencyAndCompany checks that a sync sent in another
// currency, or under another company code, than the stored transaction
// whose lines it leaves in place is refused, storing nothing: kept, the
// stored lines' amounts (100.00 USD) would be added to the sync's as if
// they were in its currency (a report's EUR section held 300.00, of
// which 100.00 were dollars), and the tax that one company collected
// would be reported, and counted in the sales figures, as another's. A
// sync that sends every stored line (updated or deleted) replaces them
// all and may change both.
func testSyncKeepsCurrencyAndCompany(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "EAST",
		line(t, "A", "100.00", "6.00", "1.50"),
		line(t, "B", "200.00", "12.00", "3.00")))
	v1 := mustGet(t, s, tenant, "INV-1")
	before := figures(t, s, tenant)

	upB := line(t, "B", "250.00", "15.00", "3.75")
	upB.SyncType = "UPDATE"
	for _, c := range []struct {
		name, currency, company, field string
	}{
		{"currency", "EUR", "EAST", "currency.isoCurrencyCodeAlpha"},
		{"company", "USD", "WEST", "seller.company"},
		{"no company", "USD", "", "seller.company"},
	} {
		in := sync_(t, "INV-1", "2026-03-14", upB)
		in.Currency, in.Company = c.currency, c.company
		_, err := s.Post(ctx, tenant, in)
		wantCode(t, "sync in another "+c.name+" leaving line A in place", err, levy.EConflict)
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != c.field {
			t.Fatalf("sync in another %s: error %v names no field %q", c.name, err, c.field)
		}
		if vs := mustVersions(t, s, tenant, "INV-1"); len(vs) != 1 {
			t.Fatalf("refused sync in another %s stored version %d", c.name, len(vs))
		}
		sameContent(t, "the transaction after a refused sync", mustGet(t, s, tenant, "INV-1"), v1)
		if got := figures(t, s, tenant); len(got) != len(before) {
			t.Fatalf("figures after a refused sync: %v, want %v", got, before)
		}
		// PostAll refuses it as the document at its index.
		_, err = s.PostAll(ctx, tenant, []*journal.Transaction{simple(t, "OTHER", "2026-03-14"), in})
		var pe *journal.PostAllError
		if !errors.As(err, &pe) || pe.Index != 1 || !pe.Refused() {
			t.Fatalf("PostAll with a sync in another %s: %v, want a refusal of index 1", c.name, err)
		}
		if exists(t, s, tenant, "OTHER") {
			t.Fatalf("PostAll refused in part stored OTHER")
		}
	}

	// The same currency in other letters, with the same company, and
	// every line sent are accepted.
	in := sync_(t, "INV-1", "2026-03-14", upB)
	in.Currency, in.Company = "usd", "EAST"
	mustPost(t, s, tenant, in)

	delA := line(t, "A", "0", "0", "0")
	delA.SyncType = "DELETE"
	in = sync_(t, "INV-1", "2026-03-15", delA, upB)
	in.Currency, in.Company = "EUR", "WEST"
	out := mustPost(t, s, tenant, in)
	if out.Currency != "EUR" || out.Company != "WEST" || len(out.Lines) != 1 || out.SubTotal.String() != "250.00" {
		t.Fatalf("sync of every line in EUR for WEST: %s %s, %d lines, subtotal %s; want EUR WEST, 1 line, 250.00",
			out.Currency, out.Company, len(out.Lines), out.SubTotal)
	}
	wantScan(t, s, tenant, "2026-03-15", "2026-03-15", "INV-1@3")

	// A transaction stored without a currency or a company code (a
	// purchase stored before the journal kept the buyer's) is not
	// refused for them.
	old := simple(t, "OLD", "2026-03-14")
	old.Currency = ""
	mustPost(t, s, tenant, old)
	in = sync_(t, "OLD", "2026-03-14", line(t, "L2", "5.00", "0.30", "0.07"))
	in.Company = "EAST"
	mustPost(t, s, tenant, in)
	if got := mustGet(t, s, tenant, "OLD"); got.Currency != "USD" || got.Company != "EAST" || len(got.Lines) != 2 {
		t.Fatalf("sync over a transaction stored without a currency and company: %s %s, %d lines; want USD EAST, 2", got.Currency, got.Company, len(got.Lines))
	}
}

// testSyncRepeatRollsBack checks that a sync sent again as it was (a
// host's retry after a timeout) stores no version of its own, so that a
// rollback still returns the transaction to what it was before the
// sync: stored, the repeat was the "last sync", and the rollback
// restored the first sending, the same 150.00, answering as if it had
// undone the sync; a second rollback was then refused, the rollback
// not being a sync, and the sync could never be undone. A sync that
// changes something, and a repeat over a reversal of the sync's
// version, are stored as before.
func testSyncRepeatRollsBack(t *testing.T, s journal.Store) {
	ctx := context.Background()
	v1 := mustPost(t, s, tenant, invoice(t, "INV-1", "2026-03-14",
		line(t, "A", "100.00", "6.00", "1.50"), line(t, "B", "10.00", "0.60", "0.15")))
	up := line(t, "A", "150.00", "9.00", "2.25")
	up.SyncType = "UPDATE"
	v2 := mustPost(t, s, tenant, sync_(t, "INV-1", "2026-03-14", up))
	again := mustPost(t, s, tenant, sync_(t, "INV-1", "2026-03-14", up))
	if again.Version != 2 {
		t.Fatalf("the sync sent again was stored as version %d, want it to answer version 2", again.Version)
	}
	sameContent(t, "the sync sent again", again, v2)
	if _, err := s.PostAll(ctx, tenant, []*journal.Transaction{sync_(t, "INV-1", "2026-03-14", up), sync_(t, "INV-1", "2026-03-14", up)}); err != nil {
		t.Fatalf("PostAll of the sync twice: %v", err)
	}
	if n := len(mustVersions(t, s, tenant, "INV-1")); n != 2 {
		t.Fatalf("%d versions after the sync was sent four times, want 2", n)
	}
	rb, err := s.Rollback(ctx, tenant, "INV-1")
	if err != nil {
		t.Fatalf("Rollback: %v", err)
	}
	want := *v1
	want.RollbackOf = 1
	sameContent(t, "rollback of the sync sent again", rb, &want)

	// A sync of other content is stored, and its rollback restores the
	// sync before it.
	mustPost(t, s, tenant, sync_(t, "INV-1", "2026-03-14", up))
	up2 := line(t, "A", "160.00", "9.60", "2.40")
	up2.SyncType = "UPDATE"
	if v := mustPost(t, s, tenant, sync_(t, "INV-1", "2026-03-14", up2)); v.Version != 5 {
		t.Fatalf("a sync of other content was stored as version %d, want 5", v.Version)
	}
	if rb, err := s.Rollback(ctx, tenant, "INV-1"); err != nil || rb.RollbackOf != 4 || rb.Lines[0].Amount.String() != "150.00" {
		t.Fatalf("rollback of the second sync: %v, %v; want version 4 restored, 150.00", rb, err)
	}

	// Sent again after the sync's version was reversed, the sync is a
	// new version that supersedes the one reversed, as any post is.
	mustPost(t, s, tenant, simple(t, "INV-2", "2026-03-14"))
	up3 := line(t, "L1", "120.00", "7.20", "1.80")
	up3.SyncType = "UPDATE"
	mustPost(t, s, tenant, sync_(t, "INV-2", "2026-03-14", up3))
	if _, err := s.Reverse(ctx, tenant, "INV-2", journal.Reversal{TransactionID: "REV-2", PostingDate: civil.MustParse("2026-03-20")}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	if v := mustPost(t, s, tenant, sync_(t, "INV-2", "2026-03-14", up3)); v.Version != 3 {
		t.Fatalf("the sync sent again over its reversal was stored as version %d, want 3", v.Version)
	}
	h, err := s.History(ctx, tenant, "INV-2")
	if err != nil || h.ReversedBy != "" {
		t.Fatalf("History after the sync over its reversal: reversed by %q, %v; want none", h.ReversedBy, err)
	}
}

// testSyncKeepsFlags checks that a sync that leaves stored lines in
// place is refused when it marks the document otherwise than the stored
// transaction as a tax-only adjustment or as a marketplace sale,
// storing nothing: the sales figures, which leave tax-only adjustments
// out and count marketplace sales apart, would have moved the kept
// lines with the sync's header (line A's 100.00 left Texas's direct
// sales when a sync of line B said tax-only). A sync that sends every
// stored line may change either.
func testSyncKeepsFlags(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME",
		usLine(t, "A", "US-TX", "100.00", "100.00"), usLine(t, "B", "US-TX", "200.00", "200.00")))
	before := map[string]journal.Figure{"ACME/US-TX/2026-03-14": {Direct: tally(300, 0, 300, 1)}}
	wantFigures(t, s, tenant, before)
	for _, c := range []struct {
		field             string
		taxOnly, marketed bool
	}{
		{"isTaxOnlyAdjustmentIndicator", true, false},
		{"marketplaceFacilitated", false, true},
	} {
		in := syncSale(t, "INV-1", "B", "250.00", "UPDATE")
		in.TaxOnly, in.Marketplace = c.taxOnly, c.marketed
		_, err := s.Post(ctx, tenant, in)
		wantCode(t, "sync with another "+c.field+" leaving line A in place", err, levy.EConflict)
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != c.field || !strings.Contains(le.Message, `"A"`) {
			t.Fatalf("sync with another %s: error %v names no field %q and line A", c.field, err, c.field)
		}
		if vs := mustVersions(t, s, tenant, "INV-1"); len(vs) != 1 {
			t.Fatalf("refused sync with another %s stored version %d", c.field, len(vs))
		}
		wantFigures(t, s, tenant, before)
	}
	del := syncSale(t, "INV-1", "A", "0", "DELETE")
	in := syncSale(t, "INV-1", "B", "250.00", "UPDATE")
	in.Lines = append(in.Lines, del.Lines...)
	in.Marketplace = true
	mustPost(t, s, tenant, in)
	wantFigures(t, s, tenant, map[string]journal.Figure{"ACME/US-TX/2026-03-14": {Marketplace: tally(250, 0, 250, 1)}})
}
