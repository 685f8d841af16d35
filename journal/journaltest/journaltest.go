package journaltest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// Run runs the conformance suite against the stores that open returns:
// each subtest opens a new, empty store and closes it when it ends
// (closing twice must be harmless, so open may register a Close of its
// own).
func Run(t *testing.T, open func(t *testing.T) journal.Store) {
	tests := []struct {
		name string
		fn   func(*testing.T, journal.Store)
	}{
		{"PostGetVersions", testPostGetVersions},
		{"PostingDateDefault", testPostingDateDefault},
		{"PostAll", testPostAll},
		{"PostAllAllOrNothing", testPostAllAllOrNothing},
		{"DeepCopies", testDeepCopies},
		{"TenantIsolation", testTenantIsolation},
		{"Delete", testDelete},
		{"PostRevivesDeleted", testPostRevivesDeleted},
		{"Reverse", testReverse},
		{"ReverseDefaults", testReverseDefaults},
		{"ReverseGeneratedID", testReverseGeneratedID},
		{"ReverseErrorsWriteNothing", testReverseErrors},
		{"ReverseOntoDeletedID", testReverseOntoDeletedID},
		{"ReverseNotBeforeItsOriginal", testReverseNotBeforeItsOriginal},
		{"ReverseAfterItsReversalIsDeleted", testReverseAfterItsReversalIsDeleted},
		{"ReverseAfterItsReversalIDIsReused", testReverseAfterItsReversalIDIsReused},
		{"ReversalKeepsItsOriginal", testReversalKeepsItsOriginal},
		{"DeleteReversalOfReversed", testDeleteReversalOfReversed},
		{"PostAfterReversal", testPostAfterReversal},
		{"HistoryNamesTheStandingReversal", testHistory},
		{"RollbackOneSync", testRollbackOneSync},
		{"RollbackTwoSyncs", testRollbackTwoSyncs},
		{"RollbackErrors", testRollbackErrors},
		{"RollbackOfReversed", testRollbackOfReversed},
		{"RollbackMovesPostingDate", testRollbackMovesPostingDate},
		{"RollbackOfSyncOverDeleted", testRollbackOfSyncOverDeleted},
		{"RollbackUnderEarlierReversal", testRollbackUnderEarlierReversal},
		{"RollbackOfSyncOverReversal", testRollbackOfSyncOverReversal},
		{"RollbackOfSyncOverReversalOfGoneVersion", testRollbackOfSyncOverReversalOfGoneVersion},
		{"RollbackOfSyncOverReversalOfDeletedReversal", testRollbackOfSyncOverReversalOfDeletedReversal},
		{"ConcurrentRollbacksOfReversals", testConcurrentRollbacksOfReversals},
		{"SyncReconciles", testSyncReconciles},
		{"SyncWithoutLiveVersion", testSyncWithoutLiveVersion},
		{"SyncKeepsCurrencyAndCompany", testSyncKeepsCurrencyAndCompany},
		{"SyncKeepsFlags", testSyncKeepsFlags},
		{"SyncRepeatRollsBack", testSyncRepeatRollsBack},
		{"ScanPeriod", testScanPeriod},
		{"ScanFollowsLatestVersion", testScanFollowsLatestVersion},
		{"ScanStops", testScanStops},
		{"ScanWhileWriting", testScanWhileWriting},
		{"InvalidArguments", testInvalid},
		{"NULRefused", testNULRefused},
		{"DateThatDoesNotExist", testDateThatDoesNotExist},
		{"CancelledContext", testCancelled},
		{"ConcurrentDistinctIDs", testConcurrentDistinct},
		{"ConcurrentSameID", testConcurrentSame},
		{"ConcurrentReversals", testConcurrentReversals},
		{"ConcurrentDeleteAndReversal", testConcurrentDeleteAndReversal},
		{"FiguresFollowOperations", testFiguresFollowOperations},
		{"FiguresApart", testFiguresApart},
		{"FiguresOfCompany", testFiguresOfCompany},
		{"FiguresAllOrNothing", testFiguresAllOrNothing},
		{"FiguresConcurrent", testFiguresConcurrent},
		{"FiguresReplace", testFiguresReplace},
		{"FiguresOfOneUnit", testFiguresOfOneUnit},
		{"FiguresResaleApart", testFiguresResaleApart},
		{"FiguresUnconvertedReversed", testFiguresUnconvertedReversed},
		{"SumsFollowOperations", testSumsFollowOperations},
		{"SumsRandomHistory", testSumsRandomHistory},
		{"LifecycleRandom", testLifecycleRandom},
		{"SumsInvalid", testSumsInvalid},
		{"SumsConcurrent", testSumsConcurrent},
		{"IntrastatAndWithholding", testIntrastatAndWithholding},
		{"IntrastatOwnerReturn", testIntrastatOwnerReturn},
		{"IntrastatReversalOfSupersededVersion", testIntrastatReversalOfSupersededVersion},
		{"SummaryWithholdingTypes", testSummaryWithholdingTypes},
		{"ProfileVersion", testProfileVersion},
		{"LatestVersions", testLatestVersions},
		{"ExportCustomerAndRule", testExportCustomerAndRule},
		{"SellerRepresentative", testSellerRepresentative},
		{"Close", testClose},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tc.fn(t, s)
		})
	}
}

const tenant = "acme"

// amount parses s, which the suite writes correctly.
func amount(t *testing.T, s string) money.Amount {
	t.Helper()
	a, err := money.Parse(s)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	return a
}

// line returns a line of amount net with two taxes: a state tax at 6%
// and a county tax at 1.5% with filing amounts in another currency. Its
// TotalTax is the sum of the two.
func line(t *testing.T, itemID, net, stateTax, countyTax string) journal.Line {
	t.Helper()
	st, ct := amount(t, stateTax), amount(t, countyTax)
	return journal.Line{
		LineItemID:   itemID,
		ProductClass: "GOODS",
		Amount:       amount(t, net),
		TotalTax:     st.Add(ct),
		Taxes: []journal.Tax{{
			JurisdictionID:   "ST-1",
			JurisdictionType: "STATE",
			Imposition:       "Sales Tax",
			TaxType:          "SALES",
			TaxResult:        "TAXABLE",
			CollectedFrom:    "SELLER",
			Taxable:          amount(t, net),
			Exempt:           amount(t, "0.00"),
			NonTaxable:       amount(t, "1.25"),
			Tax:              st,
			Rate:             amount(t, "0.06"),
		}, {
			JurisdictionID:   "CO-7",
			JurisdictionType: "COUNTY",
			Imposition:       "Local Sales Tax",
			TaxType:          "SALES",
			TaxResult:        "TAXABLE",
			CollectedFrom:    "SELLER",
			Taxable:          amount(t, net),
			Exempt:           amount(t, "2.50"),
			NonTaxable:       amount(t, "0"),
			Tax:              ct,
			Rate:             amount(t, "0.015"),
			Filing: &journal.Filing{
				Currency: "CAD",
				Taxable:  amount(t, "137.00"),
				Exempt:   amount(t, "3.40"),
				Tax:      amount(t, "2.06"),
			},
		}},
	}
}

// invoice returns a seller's invoice of lines, its totals summed from
// them.
func invoice(t *testing.T, id, date string, lines ...journal.Line) *journal.Transaction {
	t.Helper()
	d := civil.MustParse(date)
	tx := &journal.Transaction{
		TransactionID:  id,
		Perspective:    "SELLER",
		MessageType:    "INVOICE",
		DocumentNumber: "DOC-" + id,
		DocumentDate:   d,
		PostingDate:    d,
		Currency:       "USD",
		Lines:          lines,
	}
	for _, l := range lines {
		tx.SubTotal = tx.SubTotal.Add(l.Amount)
		tx.TotalTax = tx.TotalTax.Add(l.TotalTax)
	}
	tx.Total = tx.SubTotal.Add(tx.TotalTax)
	return tx
}

// simple returns an invoice of one line of 100.00.
func simple(t *testing.T, id, date string) *journal.Transaction {
	t.Helper()
	return invoice(t, id, date, line(t, "L1", "100.00", "6.00", "1.50"))
}

// sync returns a sync version (ARBILLING_SYNC) of lines.
func sync_(t *testing.T, id, date string, lines ...journal.Line) *journal.Transaction {
	t.Helper()
	tx := invoice(t, id, date, lines...)
	tx.MessageType = "ARBILLING_SYNC"
	tx.Sync = true
	return tx
}

// syncSale returns a sync (ARBILLING_SYNC) of sale id of ACME dated
// 2026-03-14 whose one line, named line, in Texas, of amount (its
// taxable amount too), carries syncType (ADD, UPDATE).
func syncSale(t *testing.T, id, line, amount, syncType string) *journal.Transaction {
	t.Helper()
	l := usLine(t, line, "US-TX", amount, amount)
	l.SyncType = syncType
	tx := sale(t, id, "2026-03-14", "ACME", l)
	tx.MessageType, tx.Sync = "ARBILLING_SYNC", true
	return tx
}

// content is tx's JSON without the fields a store assigns (Version and
// PostedAt), for comparing what was posted with what was stored.
func content(t *testing.T, tx *journal.Transaction) string {
	t.Helper()
	if tx == nil {
		return "<nil>"
	}
	c := *tx
	c.Version = 0
	c.PostedAt = time.Time{}
	return encode(t, &c)
}

// encode is v's JSON.
func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return string(b)
}

// sameContent fails unless got and want have the same content.
func sameContent(t *testing.T, what string, got, want *journal.Transaction) {
	t.Helper()
	if g, w := content(t, got), content(t, want); g != w {
		t.Fatalf("%s:\n got %s\nwant %s", what, g, w)
	}
}

// wantCode fails unless err has the levy error code code.
func wantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if got := levy.ErrorCode(err); got != code {
		t.Fatalf("%s: error %v has code %q, want %q", what, err, got, code)
	}
}

func mustPost(t *testing.T, s journal.Store, ten string, tx *journal.Transaction) *journal.Transaction {
	t.Helper()
	out, err := s.Post(context.Background(), ten, tx)
	if err != nil {
		t.Fatalf("Post %s: %v", tx.TransactionID, err)
	}
	return out
}

func mustGet(t *testing.T, s journal.Store, ten, id string) *journal.Transaction {
	t.Helper()
	out, err := s.Get(context.Background(), ten, id)
	if err != nil {
		t.Fatalf("Get %s: %v", id, err)
	}
	return out
}

func mustVersions(t *testing.T, s journal.Store, ten, id string) []*journal.Transaction {
	t.Helper()
	out, err := s.Versions(context.Background(), ten, id)
	if err != nil {
		t.Fatalf("Versions %s: %v", id, err)
	}
	for i, v := range out {
		if v.Version != i+1 {
			t.Fatalf("Versions %s: element %d has version %d", id, i, v.Version)
		}
		if v.TransactionID != id {
			t.Fatalf("Versions %s: element %d has ID %q", id, i, v.TransactionID)
		}
	}
	return out
}

func exists(t *testing.T, s journal.Store, ten, id string) bool {
	t.Helper()
	ok, err := s.Exists(context.Background(), ten, id)
	if err != nil {
		t.Fatalf("Exists %s: %v", id, err)
	}
	return ok
}

// scan returns the IDs and versions Scan reports, as "id@version".
func scan(t *testing.T, s journal.Store, ten, from, to string) []string {
	t.Helper()
	var f, u civil.Date
	if from != "" {
		f = civil.MustParse(from)
	}
	if to != "" {
		u = civil.MustParse(to)
	}
	var out []string
	err := s.Scan(context.Background(), ten, f, u, func(tx *journal.Transaction) error {
		out = append(out, fmt.Sprintf("%s@%d", tx.TransactionID, tx.Version))
		return nil
	})
	if err != nil {
		t.Fatalf("Scan %s..%s: %v", from, to, err)
	}
	return out
}

func wantScan(t *testing.T, s journal.Store, ten, from, to string, want ...string) {
	t.Helper()
	got := scan(t, s, ten, from, to)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("Scan %s %s..%s = %v, want %v", ten, from, to, got, want)
	}
}

func testPostGetVersions(t *testing.T, s journal.Store) {
	in := invoice(t, "INV-1", "2026-03-14",
		line(t, "L1", "100.00", "6.00", "1.50"),
		line(t, "L2", "19.99", "1.20", "0.30"))
	in.Version = 7                // a store assigns versions itself
	in.PostedAt = time.Unix(0, 0) // and the time of posting
	before := time.Now()
	v1 := mustPost(t, s, tenant, in)
	after := time.Now()
	if v1.Version != 1 {
		t.Fatalf("first version is %d, want 1", v1.Version)
	}
	if v1.PostedAt.Before(before.Add(-time.Second)) || v1.PostedAt.After(after.Add(time.Second)) {
		t.Fatalf("PostedAt %v is not between %v and %v", v1.PostedAt, before, after)
	}
	if v1.PostedAt.Location() != time.UTC {
		t.Fatalf("PostedAt %v is not in UTC", v1.PostedAt)
	}
	sameContent(t, "posted version", v1, in)
	got := mustGet(t, s, tenant, "INV-1")
	if got.Version != 1 || !got.PostedAt.Equal(v1.PostedAt) {
		t.Fatalf("Get: version %d posted at %v, want 1 at %v", got.Version, got.PostedAt, v1.PostedAt)
	}
	sameContent(t, "Get after one post", got, in)
	if !exists(t, s, tenant, "INV-1") {
		t.Fatal("Exists is false after Post")
	}

	in2 := invoice(t, "INV-1", "2026-03-15", line(t, "L1", "50.00", "3.00", "0.75"))
	in2.DocumentNumber = "DOC-corrected"
	v2 := mustPost(t, s, tenant, in2)
	if v2.Version != 2 {
		t.Fatalf("second version is %d, want 2", v2.Version)
	}
	sameContent(t, "Get after two posts", mustGet(t, s, tenant, "INV-1"), in2)
	vs := mustVersions(t, s, tenant, "INV-1")
	if len(vs) != 2 {
		t.Fatalf("Versions: %d versions, want 2", len(vs))
	}
	sameContent(t, "version 1", vs[0], in)
	sameContent(t, "version 2", vs[1], in2)
	if !vs[0].PostedAt.Equal(v1.PostedAt) || !vs[1].PostedAt.Equal(v2.PostedAt) {
		t.Fatalf("Versions lost the posting times")
	}

	_, err := s.Get(context.Background(), tenant, "INV-404")
	wantCode(t, "Get of an unknown ID", err, levy.ENotFound)
	_, err = s.Versions(context.Background(), tenant, "INV-404")
	wantCode(t, "Versions of an unknown ID", err, levy.ENotFound)
	if exists(t, s, tenant, "INV-404") {
		t.Fatal("Exists of an unknown ID is true")
	}
}

func testPostAll(t *testing.T, s journal.Store) {
	ctx := context.Background()
	if out, err := s.PostAll(ctx, tenant, nil); err != nil || len(out) != 0 {
		t.Fatalf("PostAll of nothing: %v, %v", out, err)
	}
	mustPost(t, s, tenant, invoice(t, "INV-1", "2026-03-14",
		line(t, "A", "100.00", "6.00", "1.50"), line(t, "B", "200.00", "12.00", "3.00")))
	upA := line(t, "A", "150.00", "9.00", "2.25")
	upA.SyncType = "UPDATE"
	second := simple(t, "INV-2", "2026-03-15")
	third := simple(t, "INV-2", "2026-03-16") // the next version of the one before it
	in := []*journal.Transaction{sync_(t, "INV-1", "2026-03-20", upA), second, third}
	out, err := s.PostAll(ctx, tenant, in)
	if err != nil {
		t.Fatalf("PostAll: %v", err)
	}
	if len(out) != 3 {
		t.Fatalf("PostAll returned %d transactions, want 3", len(out))
	}
	for i, want := range []struct {
		id      string
		version int
	}{{"INV-1", 2}, {"INV-2", 1}, {"INV-2", 2}} {
		if out[i].TransactionID != want.id || out[i].Version != want.version {
			t.Fatalf("PostAll result %d is %s@%d, want %s@%d", i, out[i].TransactionID, out[i].Version, want.id, want.version)
		}
		if !out[i].PostedAt.Equal(out[0].PostedAt) {
			t.Fatalf("PostAll result %d posted at %v, the first at %v", i, out[i].PostedAt, out[0].PostedAt)
		}
	}
	if got := out[0].SubTotal.String(); got != "350.00" {
		t.Fatalf("the sync in PostAll was not reconciled: subtotal %s, want 350.00", got)
	}
	sameContent(t, "Get INV-1 after PostAll", mustGet(t, s, tenant, "INV-1"), out[0])
	vs := mustVersions(t, s, tenant, "INV-2")
	if len(vs) != 2 {
		t.Fatalf("INV-2 has %d versions, want 2", len(vs))
	}
	sameContent(t, "INV-2 version 1", vs[0], second)
	sameContent(t, "INV-2 version 2", vs[1], third)
	wantScan(t, s, tenant, "2026-03-01", "2026-03-31", "INV-2@2", "INV-1@2")
}

func testPostAllAllOrNothing(t *testing.T, s journal.Store) {
	ctx := context.Background()
	bad := simple(t, "INV-9", "2026-03-15")
	bad.DocumentDate = civil.Date{}
	_, err := s.PostAll(ctx, tenant, []*journal.Transaction{simple(t, "INV-8", "2026-03-14"), bad})
	wantCode(t, "PostAll with a transaction without a document date", err, levy.EInvalid)
	if !strings.Contains(err.Error(), "2 of 2") {
		t.Fatalf("PostAll's error %q does not name the transaction", err)
	}
	if exists(t, s, tenant, "INV-8") || exists(t, s, tenant, "INV-9") {
		t.Fatal("a failed PostAll stored a transaction")
	}
	var pe *journal.PostAllError
	if !errors.As(err, &pe) || pe.Index != 1 || !pe.Refused() {
		t.Fatalf("PostAll's error %v names no refused transaction at index 1", err)
	}
	wantScan(t, s, tenant, "", "")

	// Refused within the unit: a sync whose document's charge its lines
	// shared, over a stored line it leaves in place (INV-5's L1).
	mustPost(t, s, tenant, simple(t, "INV-5", "2026-03-15"))
	charged := sync_(t, "INV-5", "2026-03-15", line(t, "L2", "50.00", "3.00", "0.75"))
	charged.DocumentCharge = amount(t, "2.00")
	_, err = s.PostAll(ctx, tenant, []*journal.Transaction{simple(t, "INV-6", "2026-03-15"), charged})
	var le *levy.Error
	if !errors.As(err, &pe) || pe.Index != 1 || !pe.Refused() || !errors.As(err, &le) || le.Field != "chargedTax" {
		t.Fatalf("PostAll of a sync's document charge over a stored line: %v, want a refusal of index 1 naming chargedTax", err)
	}
	if exists(t, s, tenant, "INV-6") {
		t.Fatal("a refused PostAll stored a transaction")
	}
	if got := mustGet(t, s, tenant, "INV-5"); got.Version != 1 || len(got.Lines) != 1 {
		t.Fatalf("INV-5 after the refused sync: version %d with %d lines, want version 1 with 1", got.Version, len(got.Lines))
	}
	// Sent with the stored line too, the sync is stored.
	charged.Lines = append(charged.Lines, line(t, "L1", "100.00", "6.00", "1.50"))
	if _, err := s.PostAll(ctx, tenant, []*journal.Transaction{charged}); err != nil {
		t.Fatalf("PostAll of a sync's document charge over every stored line: %v", err)
	}
}

func testPostingDateDefault(t *testing.T, s journal.Store) {
	in := simple(t, "INV-1", "2026-05-02")
	in.PostingDate = civil.Date{}
	out := mustPost(t, s, tenant, in)
	if want := civil.MustParse("2026-05-02"); out.PostingDate != want {
		t.Fatalf("posting date %v, want the document date %v", out.PostingDate, want)
	}
	if got := mustGet(t, s, tenant, "INV-1").PostingDate; got != out.PostingDate {
		t.Fatalf("stored posting date %v, want %v", got, out.PostingDate)
	}
	wantScan(t, s, tenant, "2026-05-02", "2026-05-02", "INV-1@1")
}

func testDeepCopies(t *testing.T, s journal.Store) {
	ctx := context.Background()
	in := invoice(t, "INV-1", "2026-03-14", line(t, "L1", "100.00", "6.00", "1.50"))
	want := content(t, in)
	out := mustPost(t, s, tenant, in)

	scribble := func(tx *journal.Transaction) {
		tx.DocumentNumber = "scribbled"
		tx.Lines[0].Amount = amount(t, "999")
		tx.Lines[0].Taxes[0].Tax = amount(t, "999")
		tx.Lines[0].Taxes[1].Filing.Tax = amount(t, "999")
		tx.Lines[0].Taxes = append(tx.Lines[0].Taxes[:1], journal.Tax{JurisdictionID: "X"})
		tx.Lines = append(tx.Lines, journal.Line{LineItemID: "X"})
	}
	check := func(what string) {
		t.Helper()
		if got := content(t, mustGet(t, s, tenant, "INV-1")); got != want {
			t.Fatalf("after changing %s, Get returns\n%s\nwant\n%s", what, got, want)
		}
	}
	scribble(in)
	check("the posted transaction")
	scribble(out)
	check("Post's result")
	scribble(mustGet(t, s, tenant, "INV-1"))
	check("Get's result")
	scribble(mustVersions(t, s, tenant, "INV-1")[0])
	check("Versions' result")
	err := s.Scan(ctx, tenant, civil.Date{}, civil.Date{}, func(tx *journal.Transaction) error {
		scribble(tx)
		return nil
	})
	if err != nil {
		t.Fatalf("Scan: %v", err)
	}
	check("Scan's transactions")

	rev, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1"})
	if err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	wantRev := content(t, rev)
	scribble(rev)
	if got := content(t, mustGet(t, s, tenant, "REV-1")); got != wantRev {
		t.Fatalf("after changing Reverse's result, Get returns\n%s\nwant\n%s", got, wantRev)
	}
	check("Reverse's result")

	mustPost(t, s, tenant, simple(t, "INV-2", "2026-03-14"))
	mustPost(t, s, tenant, sync_(t, "INV-2", "2026-03-14", line(t, "L9", "1.00", "0.06", "0.02")))
	rb, err := s.Rollback(ctx, tenant, "INV-2")
	if err != nil {
		t.Fatalf("Rollback: %v", err)
	}
	wantRB := content(t, rb)
	scribble(rb)
	if got := content(t, mustGet(t, s, tenant, "INV-2")); got != wantRB {
		t.Fatalf("after changing Rollback's result, Get returns\n%s\nwant\n%s", got, wantRB)
	}
}

func testTenantIsolation(t *testing.T, s journal.Store) {
	ctx := context.Background()
	a := invoice(t, "INV-1", "2026-03-14", line(t, "L1", "100.00", "6.00", "1.50"))
	b := invoice(t, "INV-1", "2026-03-14", line(t, "L1", "200.00", "12.00", "3.00"))
	mustPost(t, s, "tenant-a", a)
	mustPost(t, s, "tenant-b", b)
	mustPost(t, s, "tenant-b", b)
	sameContent(t, "tenant-a's INV-1", mustGet(t, s, "tenant-a", "INV-1"), a)
	sameContent(t, "tenant-b's INV-1", mustGet(t, s, "tenant-b", "INV-1"), b)
	if n := len(mustVersions(t, s, "tenant-a", "INV-1")); n != 1 {
		t.Fatalf("tenant-a has %d versions, want 1", n)
	}
	if n := len(mustVersions(t, s, "tenant-b", "INV-1")); n != 2 {
		t.Fatalf("tenant-b has %d versions, want 2", n)
	}

	// Tenants and IDs that would run into each other if joined.
	mustPost(t, s, "ab", simple(t, "c", "2026-03-14"))
	for _, k := range [][2]string{{"a", "bc"}, {"abc", "c"}, {"a", "b"}, {"tenant-", "aINV-1"}} {
		if exists(t, s, k[0], k[1]) {
			t.Fatalf("tenant %q sees ID %q of another tenant", k[0], k[1])
		}
	}
	wantScan(t, s, "a", "", "")
	wantScan(t, s, "tenant-", "", "")

	if _, err := s.Reverse(ctx, "tenant-b", "INV-1", journal.Reversal{TransactionID: "REV-1"}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	if exists(t, s, "tenant-a", "REV-1") {
		t.Fatal("a reversal in tenant-b exists in tenant-a")
	}
	// tenant-a's INV-1 is not reversed by tenant-b's reversal.
	if _, err := s.Reverse(ctx, "tenant-a", "INV-1", journal.Reversal{TransactionID: "REV-1"}); err != nil {
		t.Fatalf("Reverse in tenant-a after the same in tenant-b: %v", err)
	}

	if err := s.Delete(ctx, "tenant-a", "INV-1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if exists(t, s, "tenant-a", "INV-1") || !exists(t, s, "tenant-b", "INV-1") {
		t.Fatal("Delete in tenant-a reached tenant-b (or did nothing)")
	}
	sameContent(t, "tenant-b's INV-1 after tenant-a's delete", mustGet(t, s, "tenant-b", "INV-1"), b)
	err := s.Delete(ctx, "tenant-c", "INV-1")
	wantCode(t, "Delete in a tenant without the ID", err, levy.ENotFound)
	_, err = s.Get(ctx, "tenant-c", "INV-1")
	wantCode(t, "Get in a tenant without the ID", err, levy.ENotFound)

	wantScan(t, s, "tenant-a", "", "", "REV-1@1")
	wantScan(t, s, "tenant-b", "2026-03-14", "2026-03-14", "INV-1@2")
	wantScan(t, s, "tenant-c", "", "")
}

func testDelete(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	mustPost(t, s, tenant, simple(t, "INV-2", "2026-03-14"))
	if err := s.Delete(ctx, tenant, "INV-1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if exists(t, s, tenant, "INV-1") {
		t.Fatal("Exists is true after Delete")
	}
	_, err := s.Get(ctx, tenant, "INV-1")
	wantCode(t, "Get after Delete", err, levy.ENotFound)
	if n := len(mustVersions(t, s, tenant, "INV-1")); n != 2 {
		t.Fatalf("Versions after Delete: %d, want 2", n)
	}
	wantScan(t, s, tenant, "", "", "INV-2@1")
	wantCode(t, "second Delete", s.Delete(ctx, tenant, "INV-1"), levy.ENotFound)
	wantCode(t, "Delete of an unknown ID", s.Delete(ctx, tenant, "INV-404"), levy.ENotFound)
	if !exists(t, s, tenant, "INV-2") {
		t.Fatal("Delete removed another transaction")
	}
}

func testPostRevivesDeleted(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	if err := s.Delete(ctx, tenant, "INV-1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	in := simple(t, "INV-1", "2026-04-01")
	in.DocumentNumber = "revived"
	out := mustPost(t, s, tenant, in)
	if out.Version != 2 {
		t.Fatalf("post after delete: version %d, want 2", out.Version)
	}
	if !exists(t, s, tenant, "INV-1") {
		t.Fatal("post after delete: Exists is false")
	}
	want := *in
	want.Restarts = true // it starts the transaction anew
	sameContent(t, "Get after revival", mustGet(t, s, tenant, "INV-1"), &want)
	wantScan(t, s, tenant, "", "", "INV-1@2")
	wantScan(t, s, tenant, "2026-03-14", "2026-03-14")
}

// negatedContent is what the reversal of orig under the given header
// must contain.
func negatedContent(t *testing.T, orig *journal.Transaction, id, doc string, date civil.Date) string {
	t.Helper()
	want := journal.Negated(orig)
	want.TransactionID = id
	want.ReversalOf, want.ReversalOfVersion = orig.TransactionID, orig.Version
	want.DocumentNumber = doc
	want.PostingDate = date
	return content(t, want)
}

func testReverse(t *testing.T, s journal.Store) {
	ctx := context.Background()
	orig := mustPost(t, s, tenant, invoice(t, "INV-1", "2026-03-14",
		line(t, "L1", "100.00", "6.00", "1.50"),
		line(t, "L2", "-20.00", "-1.20", "-0.30")))
	date := civil.MustParse("2026-04-02")
	rev, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: date, DocumentNumber: "CN-9"})
	if err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	if rev.TransactionID != "REV-1" || rev.ReversalOf != "INV-1" || rev.Version != 1 ||
		rev.DocumentNumber != "CN-9" || rev.PostingDate != date || rev.MessageType != "INVOICE" ||
		rev.DocumentDate != orig.DocumentDate || rev.PostedAt.IsZero() {
		t.Fatalf("reversal header: %+v", rev)
	}
	if got, want := content(t, rev), negatedContent(t, orig, "REV-1", "CN-9", date); got != want {
		t.Fatalf("reversal:\n got %s\nwant %s", got, want)
	}
	// Spot checks of the negation, exact to the scale.
	l1 := rev.Lines[0]
	if l1.Amount.String() != "-100.00" || l1.TotalTax.String() != "-7.50" ||
		l1.Taxes[0].Tax.String() != "-6.00" || l1.Taxes[0].NonTaxable.String() != "-1.25" ||
		l1.Taxes[0].Rate.String() != "0.06" || l1.Taxes[1].Exempt.String() != "-2.50" ||
		l1.Taxes[1].Filing.Taxable.String() != "-137.00" || l1.Taxes[1].Filing.Exempt.String() != "-3.40" ||
		l1.Taxes[1].Filing.Tax.String() != "-2.06" || rev.Lines[1].Amount.String() != "20.00" ||
		rev.SubTotal.String() != "-80.00" || rev.TotalTax.String() != "-6.00" || rev.Total.String() != "-86.00" {
		t.Fatalf("reversal amounts: %s", encode(t, rev))
	}
	sameContent(t, "Get of the reversal", mustGet(t, s, tenant, "REV-1"), rev)
	vs := mustVersions(t, s, tenant, "INV-1")
	if len(vs) != 1 {
		t.Fatalf("the original has %d versions after its reversal, want 1", len(vs))
	}
	sameContent(t, "the original after its reversal", vs[0], orig)
	if !exists(t, s, tenant, "INV-1") {
		t.Fatal("the original no longer exists after its reversal")
	}
	wantScan(t, s, tenant, "", "", "INV-1@1", "REV-1@1")

	// The original is linked to its reversal.
	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-2"})
	wantCode(t, "second reversal", err, levy.EConflict)
	if !strings.Contains(err.Error(), "REV-1") {
		t.Fatalf("second reversal: error %q does not name the first reversal", err)
	}

	// A reversal is a transaction like another: it can be reversed.
	rr, err := s.Reverse(ctx, tenant, "REV-1", journal.Reversal{TransactionID: "REV-REV-1", PostingDate: date})
	if err != nil {
		t.Fatalf("reversing the reversal: %v", err)
	}
	if rr.Total.String() != "86.00" || rr.ReversalOf != "REV-1" || rr.DocumentNumber != "CN-9" {
		t.Fatalf("reversal of the reversal: %s", encode(t, rr))
	}
}

func testReverseDefaults(t *testing.T, s journal.Store) {
	ctx := context.Background()
	orig := mustPost(t, s, tenant, simple(t, "INV-1", "2020-01-31"))
	before := civil.Today()
	rev, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1"})
	after := civil.Today()
	if err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	if rev.PostingDate != before && rev.PostingDate != after {
		t.Fatalf("reversal posting date %v, want today (%v)", rev.PostingDate, before)
	}
	if rev.DocumentNumber != orig.DocumentNumber {
		t.Fatalf("reversal document number %q, want the original's %q", rev.DocumentNumber, orig.DocumentNumber)
	}
	if got, want := content(t, rev), negatedContent(t, orig, "REV-1", orig.DocumentNumber, rev.PostingDate); got != want {
		t.Fatalf("reversal:\n got %s\nwant %s", got, want)
	}
	wantScan(t, s, tenant, rev.PostingDate.String(), rev.PostingDate.String(), "REV-1@1")
}

var hex32 = regexp.MustCompile(`^[0-9a-f]{32}$`)

func testReverseGeneratedID(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	mustPost(t, s, tenant, simple(t, "INV-2", "2026-03-14"))
	r1, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{})
	if err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	r2, err := s.Reverse(ctx, tenant, "INV-2", journal.Reversal{})
	if err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	for _, r := range []*journal.Transaction{r1, r2} {
		if !hex32.MatchString(r.TransactionID) {
			t.Fatalf("generated reversal ID %q is not 32 hexadecimal characters", r.TransactionID)
		}
		sameContent(t, "Get of a generated reversal", mustGet(t, s, tenant, r.TransactionID), r)
	}
	if r1.TransactionID == r2.TransactionID {
		t.Fatalf("two reversals got the same ID %q", r1.TransactionID)
	}
}

func testReverseErrors(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	mustPost(t, s, tenant, simple(t, "DEL-1", "2026-03-14"))
	if err := s.Delete(ctx, tenant, "DEL-1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	taken := mustPost(t, s, tenant, simple(t, "TAKEN", "2026-03-14"))
	before := scan(t, s, tenant, "", "")

	nothing := func(what, id string) {
		t.Helper()
		if exists(t, s, tenant, id) {
			t.Fatalf("%s: the reversal %s was written", what, id)
		}
		_, err := s.Versions(ctx, tenant, id)
		wantCode(t, what+": Versions of the would-be reversal", err, levy.ENotFound)
	}

	_, err := s.Reverse(ctx, tenant, "INV-404", journal.Reversal{TransactionID: "R-UNKNOWN"})
	wantCode(t, "reversing an unknown ID", err, levy.ENotFound)
	nothing("reversing an unknown ID", "R-UNKNOWN")

	_, err = s.Reverse(ctx, tenant, "DEL-1", journal.Reversal{TransactionID: "R-DELETED"})
	wantCode(t, "reversing a deleted ID", err, levy.ENotFound)
	nothing("reversing a deleted ID", "R-DELETED")

	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "TAKEN"})
	wantCode(t, "reversing into a taken ID", err, levy.EConflict)
	vs := mustVersions(t, s, tenant, "TAKEN")
	if len(vs) != 1 {
		t.Fatalf("reversing into a taken ID wrote a version of it (%d versions)", len(vs))
	}
	sameContent(t, "the taken ID", vs[0], taken)

	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "INV-1"})
	wantCode(t, "reversing into the original's own ID", err, levy.EConflict)
	if n := len(mustVersions(t, s, tenant, "INV-1")); n != 1 {
		t.Fatalf("reversing into the original's ID wrote a version of it (%d versions)", n)
	}

	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: strings.Repeat("x", journal.MaxIDLength+1)})
	wantCode(t, "reversal ID too long", err, levy.EInvalid)

	if got := scan(t, s, tenant, "", ""); strings.Join(got, " ") != strings.Join(before, " ") {
		t.Fatalf("failed reversals changed the journal: %v, was %v", got, before)
	}

	// The failures left the original's head unchanged: it is not linked
	// to a reversal, so it can still be reversed, once.
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "R-1"}); err != nil {
		t.Fatalf("reversal after failed ones: %v", err)
	}
	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "R-2"})
	wantCode(t, "reversing a reversed ID", err, levy.EConflict)
	nothing("reversing a reversed ID", "R-2")
}

// testReverseNotBeforeItsOriginal reverses an invoice of 2026-03-31
// posted on 2026-04-01, in April's report. A reversal dated 2026-03-31
// (the document's date) would take 100.00 out of March's report, which
// never had it, and leave April's with it: it is refused, naming the
// reversal's posting date, and writes nothing. So is one with no date
// of a transaction posted after today. One of 2026-04-01, the original's
// own posting date, is stored.
func testReverseNotBeforeItsOriginal(t *testing.T, s journal.Store) {
	ctx := context.Background()
	tx := simple(t, "INV-1", "2026-03-31")
	tx.PostingDate = civil.MustParse("2026-04-01")
	mustPost(t, s, tenant, tx)
	future := simple(t, "INV-NEXT", "2026-03-31")
	future.PostingDate = civil.Today().AddDays(2)
	mustPost(t, s, tenant, future)
	before := scan(t, s, tenant, "", "")
	for _, c := range []struct {
		what string
		id   string
		r    journal.Reversal
	}{
		{"a reversal dated before its original", "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: civil.MustParse("2026-03-31")}},
		{"a reversal dated today of a transaction posted later", "INV-NEXT", journal.Reversal{TransactionID: "REV-NEXT"}},
	} {
		_, err := s.Reverse(ctx, tenant, c.id, c.r)
		wantCode(t, c.what, err, levy.EInvalid)
		if le := (*levy.Error)(nil); !errors.As(err, &le) || le.Field != journal.FieldReversalPostingDate {
			t.Fatalf("%s: error %v does not name %q", c.what, err, journal.FieldReversalPostingDate)
		}
		if exists(t, s, tenant, c.r.TransactionID) {
			t.Fatalf("%s: the reversal %s was written", c.what, c.r.TransactionID)
		}
	}
	if got := scan(t, s, tenant, "", ""); strings.Join(got, " ") != strings.Join(before, " ") {
		t.Fatalf("refused reversals changed the journal: %v, was %v", got, before)
	}
	rev, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: civil.MustParse("2026-04-01")})
	if err != nil {
		t.Fatalf("a reversal on its original's posting date: %v", err)
	}
	if rev.PostingDate != civil.MustParse("2026-04-01") {
		t.Fatalf("reversal posting date %s, want 2026-04-01", rev.PostingDate)
	}
	wantScan(t, s, tenant, "2026-03-01", "2026-03-31")
	wantScan(t, s, tenant, "2026-04-01", "2026-04-30", "INV-1@1", "REV-1@1")
}

func testReverseOntoDeletedID(t *testing.T, s journal.Store) {
	ctx := context.Background()
	orig := mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	old := mustPost(t, s, tenant, simple(t, "OLD", "2026-03-14"))
	if err := s.Delete(ctx, tenant, "OLD"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	rev, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "OLD", PostingDate: orig.PostingDate})
	if err != nil {
		t.Fatalf("reversing into a deleted ID: %v", err)
	}
	if rev.Version != 2 {
		t.Fatalf("reversal into a deleted ID has version %d, want 2 (after the deleted one)", rev.Version)
	}
	vs := mustVersions(t, s, tenant, "OLD")
	if len(vs) != 2 {
		t.Fatalf("%d versions, want 2", len(vs))
	}
	sameContent(t, "the deleted version kept for audit", vs[0], old)
	sameContent(t, "the reversal", vs[1], rev)
	wantScan(t, s, tenant, "", "", "INV-1@1", "OLD@2")
}

// testReverseAfterItsReversalIsDeleted: a transaction whose reversal was
// deleted counts in full again and may be reversed anew; a deleted
// transaction posted again under its ID is a transaction of its own,
// which the reversal of the deleted one does not reverse; a live
// reversal still refuses a second one.
func testReverseAfterItsReversalIsDeleted(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1"}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	if err := s.Delete(ctx, tenant, "REV-1"); err != nil {
		t.Fatalf("Delete of the reversal: %v", err)
	}
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-2"}); err != nil {
		t.Fatalf("reversing again after the reversal was deleted: %v", err)
	}
	_, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-3"})
	wantCode(t, "a third reversal while REV-2 is live", err, levy.EConflict)
	if err == nil || !strings.Contains(err.Error(), "REV-2") {
		t.Fatalf("a third reversal: %v, want it to name REV-2", err)
	}
	wantScan(t, s, tenant, "", "", "INV-1@1", "REV-2@1")

	// Deleted, and posted again: the new transaction is not reversed.
	if err := s.Delete(ctx, tenant, "INV-1"); err != nil {
		t.Fatalf("Delete of the original: %v", err)
	}
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-20"))
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-4"}); err != nil {
		t.Fatalf("reversing a deleted ID posted again: %v", err)
	}
	wantScan(t, s, tenant, "", "", "INV-1@2", "REV-2@1", "REV-4@1")
}

// testReverseAfterItsReversalIDIsReused: the ID of a deleted reversal
// may be used again, by a post or by the reversal of another
// transaction; the transaction that then has that ID does not reverse
// the one the deleted reversal reversed, which counts in full and may
// be reversed again, once.
func testReverseAfterItsReversalIDIsReused(t *testing.T, s journal.Store) {
	ctx := context.Background()
	for _, reuse := range []string{"post", "reversal"} {
		t.Run(reuse, func(t *testing.T) {
			inv, rev, other := "INV-"+reuse, "REV-"+reuse, "OTHER-"+reuse
			mustPost(t, s, tenant, simple(t, inv, "2026-03-14"))
			mustPost(t, s, tenant, simple(t, other, "2026-03-14"))
			if _, err := s.Reverse(ctx, tenant, inv, journal.Reversal{TransactionID: rev}); err != nil {
				t.Fatalf("Reverse: %v", err)
			}
			if err := s.Delete(ctx, tenant, rev); err != nil {
				t.Fatalf("Delete of the reversal: %v", err)
			}
			switch reuse {
			case "post":
				mustPost(t, s, tenant, simple(t, rev, "2026-03-20"))
			case "reversal":
				if _, err := s.Reverse(ctx, tenant, other, journal.Reversal{TransactionID: rev}); err != nil {
					t.Fatalf("reversing %s into the deleted reversal's ID: %v", other, err)
				}
			}
			again, err := s.Reverse(ctx, tenant, inv, journal.Reversal{TransactionID: rev + "-2"})
			if err != nil {
				t.Fatalf("reversing %s after its reversal's ID %s was used by a %s: %v", inv, rev, reuse, err)
			}
			if again.ReversalOf != inv {
				t.Fatalf("the new reversal reverses %q, want %q", again.ReversalOf, inv)
			}
			_, err = s.Reverse(ctx, tenant, inv, journal.Reversal{TransactionID: rev + "-3"})
			wantCode(t, "a third reversal while "+rev+"-2 is live", err, levy.EConflict)
			if err == nil || !strings.Contains(err.Error(), rev+"-2") {
				t.Fatalf("a third reversal: %v, want it to name %s-2", err, rev)
			}
		})
	}
}

// testPostAfterReversal: a reversed transaction posted again under its
// ID, without being deleted, gets a new version that supersedes the one
// the reversal took back. The reversal stays, as a credit of its own,
// and reverses the version it took back only: the new version counts in
// full, may be reversed (once), and a sync of it rolled back.
func testPostAfterReversal(t *testing.T, s journal.Store) {
	ctx := context.Background()
	day := civil.MustParse("2026-03-14")
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "100.00", "100.00")))
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: day}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{})

	// Posted again: version 2 replaces version 1, and REV-1 still takes
	// back version 1's 100 (and its one sale).
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "150.00", "150.00")))
	wantFigures(t, s, tenant, map[string]journal.Figure{"ACME/US-TX/2026-03-14": {Direct: tally(50, 0, 50, 0)}})

	// A sync of version 2 is rolled back: REV-1 does not stand over it.
	synced := syncSale(t, "INV-1", "A", "120.00", "UPDATE")
	mustPost(t, s, tenant, synced)
	rb, err := s.Rollback(ctx, tenant, "INV-1")
	if err != nil {
		t.Fatalf("rolling back a sync posted after the reversal of an earlier version: %v", err)
	}
	if rb.Version != 4 || rb.RollbackOf != 2 || rb.Total.String() != "150.00" {
		t.Fatalf("rollback: %s", encode(t, rb))
	}

	// Reversed anew: the new reversal takes back the latest version.
	rev, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-2", PostingDate: day})
	if err != nil {
		t.Fatalf("reversing a reversed transaction posted again: %v", err)
	}
	if rev.ReversalOf != "INV-1" || rev.ReversalOfVersion != 4 || rev.Total.String() != "-150.00" {
		t.Fatalf("the new reversal: %s", encode(t, rev))
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{"ACME/US-TX/2026-03-14": {Direct: tally(-100, 0, -100, -1)}})
	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-3"})
	wantCode(t, "a third reversal while REV-2 stands", err, levy.EConflict)
	if err == nil || !strings.Contains(err.Error(), "REV-2") {
		t.Fatalf("a third reversal: %v, want it to name REV-2", err)
	}
	orig, err := journal.Original(ctx, s, tenant, mustGet(t, s, tenant, "REV-1"))
	if err != nil || orig.Version != 1 || orig.Total.String() != "100.00" {
		t.Fatalf("the original of REV-1: %v, %v; want version 1 of 100.00", orig, err)
	}
}

// wantHistory checks what History says of id: its number of versions,
// whether it is live, and the reversal that stands against it.
func wantHistory(t *testing.T, s journal.Store, ten, id string, versions int, live bool, reversedBy string) {
	t.Helper()
	h, err := s.History(context.Background(), ten, id)
	if err != nil {
		t.Fatalf("History %s: %v", id, err)
	}
	if len(h.Versions) != versions || h.Live != live || h.ReversedBy != reversedBy {
		t.Fatalf("History %s: %d versions, live %t, reversed by %q; want %d, %t, %q",
			id, len(h.Versions), h.Live, h.ReversedBy, versions, live, reversedBy)
	}
	for i, v := range h.Versions {
		if v.Version != i+1 || v.TransactionID != id {
			t.Fatalf("History %s: element %d is %s version %d", id, i, v.TransactionID, v.Version)
		}
	}
}

// testHistory: History names the reversal of a transaction while it
// stands against the latest version, and no longer once the reversal is
// deleted, its ID is used by a transaction of its own, or a version
// posted since supersedes the one it took back; a deleted transaction
// keeps the reversal that stands. The reversal itself is reversed by
// nothing. An unknown ID is not found, a bad one invalid.
func testHistory(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	wantHistory(t, s, tenant, "INV-1", 1, true, "")
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1"}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	wantHistory(t, s, tenant, "INV-1", 1, true, "REV-1")
	wantHistory(t, s, tenant, "REV-1", 1, true, "")

	// The reversal deleted: INV-1 counts in full again.
	if err := s.Delete(ctx, tenant, "REV-1"); err != nil {
		t.Fatalf("Delete of the reversal: %v", err)
	}
	wantHistory(t, s, tenant, "INV-1", 1, true, "")
	wantHistory(t, s, tenant, "REV-1", 1, false, "")

	// Reversed again, then the reversal's ID posted anew as a
	// transaction of its own.
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-2"}); err != nil {
		t.Fatalf("Reverse again: %v", err)
	}
	wantHistory(t, s, tenant, "INV-1", 1, true, "REV-2")
	if err := s.Delete(ctx, tenant, "REV-2"); err != nil {
		t.Fatalf("Delete of the second reversal: %v", err)
	}
	mustPost(t, s, tenant, simple(t, "REV-2", "2026-03-20"))
	wantHistory(t, s, tenant, "INV-1", 1, true, "")

	// Reversed again, then a new version posted over the reversed one.
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-3"}); err != nil {
		t.Fatalf("Reverse a third time: %v", err)
	}
	wantHistory(t, s, tenant, "INV-1", 1, true, "REV-3")
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	wantHistory(t, s, tenant, "INV-1", 2, true, "")

	// Reversed, then deleted: the reversal still stands in the journal.
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-4"}); err != nil {
		t.Fatalf("Reverse the second version: %v", err)
	}
	if err := s.Delete(ctx, tenant, "INV-1"); err != nil {
		t.Fatalf("Delete of the original: %v", err)
	}
	wantHistory(t, s, tenant, "INV-1", 2, false, "REV-4")

	_, err := s.History(ctx, tenant, "INV-404")
	wantCode(t, "History of an unknown ID", err, levy.ENotFound)
	_, err = s.History(ctx, "", "INV-1")
	wantCode(t, "History without a tenant", err, levy.EInvalid)
	_, err = s.History(ctx, tenant, "bad\xff")
	wantCode(t, "History of an ID that is not UTF-8", err, levy.EInvalid)
	_, err = s.History(ctx, "other", "INV-1")
	wantCode(t, "History of another tenant's ID", err, levy.ENotFound)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.History(cancelled, tenant, "INV-1"); !errors.Is(err, context.Canceled) {
		t.Fatalf("History with a cancelled context: %v", err)
	}
}

// testReversalKeepsItsOriginal reverses the second version of INV-1,
// then deletes INV-1 and posts a new transaction under its ID: Original
// still finds the version that the reversal took back.
func testReversalKeepsItsOriginal(t *testing.T, s journal.Store) {
	ctx := context.Background()
	first := simple(t, "INV-1", "2026-03-14")
	first.DocumentNumber = "A-1"
	mustPost(t, s, tenant, first)
	second := simple(t, "INV-1", "2026-03-14")
	second.DocumentNumber = "A-2"
	reversed := mustPost(t, s, tenant, second)
	rev, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1"})
	if err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	if rev.ReversalOf != "INV-1" || rev.ReversalOfVersion != 2 {
		t.Fatalf("the reversal reverses %q version %d, want INV-1 version 2", rev.ReversalOf, rev.ReversalOfVersion)
	}
	if err := s.Delete(ctx, tenant, "INV-1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	third := simple(t, "INV-1", "2026-03-20")
	third.DocumentNumber = "B-1"
	mustPost(t, s, tenant, third)
	orig, err := journal.Original(ctx, s, tenant, mustGet(t, s, tenant, "REV-1"))
	if err != nil {
		t.Fatalf("Original: %v", err)
	}
	sameContent(t, "the original of the reversal", orig, reversed)
	_, err = journal.Original(ctx, s, tenant, mustGet(t, s, tenant, "INV-1"))
	wantCode(t, "the original of a transaction that reverses nothing", err, levy.EInvalid)
}

func testRollbackOneSync(t *testing.T, s journal.Store) {
	ctx := context.Background()
	v1 := mustPost(t, s, tenant, invoice(t, "INV-1", "2026-03-14",
		line(t, "A", "100.00", "6.00", "1.50"), line(t, "B", "10.00", "0.60", "0.15")))
	up := line(t, "A", "150.00", "9.00", "2.25")
	up.SyncType = "UPDATE"
	v2 := mustPost(t, s, tenant, sync_(t, "INV-1", "2026-03-14", up))
	if !v2.Sync || v2.Lines[0].Amount.String() != "150.00" {
		t.Fatalf("sync version: %s", encode(t, v2))
	}
	rb, err := s.Rollback(ctx, tenant, "INV-1")
	if err != nil {
		t.Fatalf("Rollback: %v", err)
	}
	if rb.Version != 3 || rb.RollbackOf != 1 || rb.Sync || rb.PostedAt.Before(v2.PostedAt) {
		t.Fatalf("rollback version %d of %d, sync %v, posted %v", rb.Version, rb.RollbackOf, rb.Sync, rb.PostedAt)
	}
	want := *v1
	want.RollbackOf = 1
	sameContent(t, "rollback", rb, &want)
	sameContent(t, "Get after rollback", mustGet(t, s, tenant, "INV-1"), &want)
	if n := len(mustVersions(t, s, tenant, "INV-1")); n != 3 {
		t.Fatalf("%d versions after a rollback, want 3", n)
	}
	_, err = s.Rollback(ctx, tenant, "INV-1")
	wantCode(t, "rolling back a rollback", err, levy.EConflict)
}

func testRollbackTwoSyncs(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, invoice(t, "INV-1", "2026-03-14", line(t, "A", "100.00", "6.00", "1.50")))
	b := line(t, "B", "10.00", "0.60", "0.15")
	b.SyncType = "ADD"
	v2 := mustPost(t, s, tenant, sync_(t, "INV-1", "2026-03-14", b))
	c := line(t, "C", "20.00", "1.20", "0.30")
	c.SyncType = "ADD"
	v3 := mustPost(t, s, tenant, sync_(t, "INV-1", "2026-03-14", c))
	if len(v3.Lines) != 3 {
		t.Fatalf("second sync has %d lines, want 3", len(v3.Lines))
	}
	rb, err := s.Rollback(ctx, tenant, "INV-1")
	if err != nil {
		t.Fatalf("Rollback: %v", err)
	}
	if rb.Version != 4 || rb.RollbackOf != 2 || rb.Sync {
		t.Fatalf("rollback version %d of %d, sync %v; want 4 of 2, not sync", rb.Version, rb.RollbackOf, rb.Sync)
	}
	want := *v2
	want.Sync = false
	want.RollbackOf = 2
	sameContent(t, "rollback of the second sync", rb, &want)
	if len(rb.Lines) != 2 || rb.Total.String() != "118.25" {
		t.Fatalf("rollback of the second sync: %s", encode(t, rb))
	}
	_, err = s.Rollback(ctx, tenant, "INV-1")
	wantCode(t, "rolling back twice", err, levy.EConflict)
}

// testRollbackOfReversed syncs a sale of 100.00 to 150.00 and reverses
// it: the reversal takes back 150.00 and the figures come to nothing.
// Rolled back to 100.00 while the reversal stands, the sale would count
// 100.00 against the reversal's -150.00, and could not be reversed
// again: the rollback is refused as a conflict naming the reversal, and
// writes nothing. Once the reversal is deleted, the rollback is made.
func testRollbackOfReversed(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "100.00", "100.00")))
	synced := syncSale(t, "INV-1", "A", "150.00", "UPDATE")
	mustPost(t, s, tenant, synced)
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: civil.MustParse("2026-03-14")}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{})

	_, err := s.Rollback(ctx, tenant, "INV-1")
	wantCode(t, "rolling back a reversed transaction", err, levy.EConflict)
	if err == nil || !strings.Contains(err.Error(), "REV-1") {
		t.Fatalf("rolling back a reversed transaction: %v, want it to name REV-1", err)
	}
	if n := len(mustVersions(t, s, tenant, "INV-1")); n != 2 {
		t.Fatalf("the refused rollback wrote a version: %d versions, want 2", n)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{})

	if err := s.Delete(ctx, tenant, "REV-1"); err != nil {
		t.Fatalf("Delete of the reversal: %v", err)
	}
	rb, err := s.Rollback(ctx, tenant, "INV-1")
	if err != nil {
		t.Fatalf("rolling back after the reversal was deleted: %v", err)
	}
	if rb.RollbackOf != 1 || rb.Total.String() != "100.00" {
		t.Fatalf("rollback: %s", encode(t, rb))
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{"ACME/US-TX/2026-03-14": {Direct: tally(100, 0, 100, 1)}})
}

func testRollbackErrors(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "PLAIN", "2026-03-14"))
	mustPost(t, s, tenant, simple(t, "PLAIN", "2026-03-14"))
	_, err := s.Rollback(ctx, tenant, "PLAIN")
	wantCode(t, "rolling back what no sync wrote", err, levy.EConflict)
	if !strings.Contains(err.Error(), "nothing to roll back") {
		t.Fatalf("error %q does not say there is nothing to roll back", err)
	}

	mustPost(t, s, tenant, sync_(t, "FIRST", "2026-03-14", line(t, "A", "1.00", "0.06", "0.01")))
	_, err = s.Rollback(ctx, tenant, "FIRST")
	wantCode(t, "rolling back a first version", err, levy.EConflict)

	_, err = s.Rollback(ctx, tenant, "INV-404")
	wantCode(t, "rolling back an unknown ID", err, levy.ENotFound)

	mustPost(t, s, tenant, simple(t, "DEL", "2026-03-14"))
	mustPost(t, s, tenant, sync_(t, "DEL", "2026-03-14", line(t, "A", "1.00", "0.06", "0.01")))
	if err := s.Delete(ctx, tenant, "DEL"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	_, err = s.Rollback(ctx, tenant, "DEL")
	wantCode(t, "rolling back a deleted ID", err, levy.ENotFound)

	for id, n := range map[string]int{"PLAIN": 2, "FIRST": 1, "DEL": 2} {
		if got := len(mustVersions(t, s, tenant, id)); got != n {
			t.Fatalf("a failed rollback of %s wrote a version: %d versions, want %d", id, got, n)
		}
	}
	if exists(t, s, tenant, "DEL") {
		t.Fatal("a failed rollback revived a deleted ID")
	}
}

func testRollbackMovesPostingDate(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-01-15"))
	mustPost(t, s, tenant, sync_(t, "INV-1", "2026-02-15", line(t, "L1", "1.00", "0.06", "0.01")))
	wantScan(t, s, tenant, "2026-01-01", "2026-01-31")
	wantScan(t, s, tenant, "2026-02-01", "2026-02-28", "INV-1@2")
	if _, err := s.Rollback(ctx, tenant, "INV-1"); err != nil {
		t.Fatalf("Rollback: %v", err)
	}
	wantScan(t, s, tenant, "2026-01-01", "2026-01-31", "INV-1@3")
	wantScan(t, s, tenant, "2026-02-01", "2026-02-28")
}

func testSyncReconciles(t *testing.T, s journal.Store) {
	mustPost(t, s, tenant, invoice(t, "INV-1", "2026-03-14",
		line(t, "A", "100.00", "6.00", "1.50"),
		line(t, "B", "200.00", "12.00", "3.00"),
		line(t, "C", "300.00", "18.00", "4.50")))
	upA := line(t, "A", "150.00", "9.00", "2.25")
	upA.SyncType = "UPDATE"
	delB := line(t, "B", "0", "0", "0")
	delB.SyncType = "DELETE"
	addD := line(t, "D", "50.00", "3.00", "0.75")
	addD.SyncType = "ADD"
	delE := line(t, "E", "70.00", "1", "1") // matches nothing: ignored
	delE.SyncType = "DELETE"
	noID := line(t, "", "10.00", "0.60", "0.15")
	in := sync_(t, "INV-1", "2026-03-20", upA, delB, addD, delE, noID)
	in.DocumentNumber = "DOC-synced"
	in.SubTotal, in.TotalTax, in.Total = amount(t, "1"), amount(t, "2"), amount(t, "3") // recomputed

	out := mustPost(t, s, tenant, in)
	var ids []string
	for _, l := range out.Lines {
		ids = append(ids, l.LineItemID+"="+l.Amount.String())
		if l.SyncType != "" {
			t.Fatalf("stored line %q keeps sync type %q", l.LineItemID, l.SyncType)
		}
	}
	if got, want := strings.Join(ids, " "), "A=150.00 C=300.00 D=50.00 =10.00"; got != want {
		t.Fatalf("reconciled lines %s, want %s", got, want)
	}
	if out.SubTotal.String() != "510.00" || out.TotalTax.String() != "38.25" || out.Total.String() != "548.25" {
		t.Fatalf("reconciled totals %s %s %s, want 510.00 38.25 548.25", out.SubTotal, out.TotalTax, out.Total)
	}
	if out.Version != 2 || !out.Sync || out.DocumentNumber != "DOC-synced" || out.MessageType != "ARBILLING_SYNC" ||
		out.PostingDate != civil.MustParse("2026-03-20") {
		t.Fatalf("reconciled header: %+v", out)
	}
	sameContent(t, "Get of the reconciled version", mustGet(t, s, tenant, "INV-1"), out)
	wantScan(t, s, tenant, "2026-03-20", "2026-03-20", "INV-1@2")
	wantScan(t, s, tenant, "2026-03-14", "2026-03-14")
	if got := content(t, journal.Reconcile(mustVersions(t, s, tenant, "INV-1")[0], in)); got != content(t, out) {
		t.Fatalf("the store's reconciliation differs from Reconcile's:\n%s\n%s", got, content(t, out))
	}
}

func testSyncWithoutLiveVersion(t *testing.T, s journal.Store) {
	ctx := context.Background()
	add := line(t, "A", "100.00", "6.00", "1.50")
	add.SyncType = "ADD"
	in := sync_(t, "NEW", "2026-03-14", add)
	out := mustPost(t, s, tenant, in)
	want := *in
	want.Lines = []journal.Line{line(t, "A", "100.00", "6.00", "1.50")}
	sameContent(t, "sync of an unknown ID", out, &want)

	mustPost(t, s, tenant, invoice(t, "DEL", "2026-03-14", line(t, "X", "5.00", "0.30", "0.07")))
	if err := s.Delete(ctx, tenant, "DEL"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	in = sync_(t, "DEL", "2026-03-14", add)
	out = mustPost(t, s, tenant, in)
	want = *in
	want.Lines = []journal.Line{line(t, "A", "100.00", "6.00", "1.50")}
	want.Restarts = true
	sameContent(t, "sync of a deleted ID (its stored lines are not merged)", out, &want)
	if out.Version != 2 {
		t.Fatalf("sync of a deleted ID: version %d, want 2", out.Version)
	}
}

func testScanPeriod(t *testing.T, s journal.Store) {
	ctx := context.Background()
	for _, p := range [][2]string{
		{"c", "2026-02-15"}, {"JAN", "2026-01-31"}, {"aa", "2026-02-15"}, {"FEB1", "2026-02-01"},
		{"MAR", "2026-03-01"}, {"b", "2026-02-15"}, {"FEB28", "2026-02-28"}, {"DEL", "2026-02-15"},
		{"2026", "2026-02-15"},
	} {
		mustPost(t, s, tenant, simple(t, p[0], p[1]))
	}
	if err := s.Delete(ctx, tenant, "DEL"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	mustPost(t, s, "other", simple(t, "OTHER", "2026-02-15"))

	feb := []string{"FEB1@1", "2026@1", "aa@1", "b@1", "c@1", "FEB28@1"}
	wantScan(t, s, tenant, "2026-02-01", "2026-02-28", feb...)
	wantScan(t, s, tenant, "2026-02-15", "2026-02-15", "2026@1", "aa@1", "b@1", "c@1")
	wantScan(t, s, tenant, "", "2026-02-01", "JAN@1", "FEB1@1")
	wantScan(t, s, tenant, "2026-02-28", "", "FEB28@1", "MAR@1")
	wantScan(t, s, tenant, "", "", append(append([]string{"JAN@1"}, feb...), "MAR@1")...)
	wantScan(t, s, tenant, "2026-03-02", "")
	wantScan(t, s, tenant, "2026-02-16", "2026-02-27")
	wantScan(t, s, tenant, "2026-03-01", "2026-02-01")

	// fn may use the store while the scan runs.
	n := 0
	err := s.Scan(ctx, tenant, civil.MustParse("2026-02-15"), civil.MustParse("2026-02-15"), func(tx *journal.Transaction) error {
		n++
		got, err := s.Get(ctx, tenant, tx.TransactionID)
		if err != nil {
			return err
		}
		if content(t, got) != content(t, tx) {
			return fmt.Errorf("Scan's %s differs from Get's", tx.TransactionID)
		}
		return nil
	})
	if err != nil || n != 4 {
		t.Fatalf("Scan calling Get: %d calls, error %v", n, err)
	}
}

func testScanFollowsLatestVersion(t *testing.T, s journal.Store) {
	mustPost(t, s, tenant, simple(t, "MOVES", "2026-01-10"))
	mustPost(t, s, tenant, simple(t, "STAYS", "2026-01-10"))
	wantScan(t, s, tenant, "2026-01-01", "2026-01-31", "MOVES@1", "STAYS@1")
	in := simple(t, "MOVES", "2026-01-10")
	in.PostingDate = civil.MustParse("2026-02-10")
	mustPost(t, s, tenant, in)
	mustPost(t, s, tenant, simple(t, "STAYS", "2026-01-10"))
	wantScan(t, s, tenant, "2026-01-01", "2026-01-31", "STAYS@2")
	wantScan(t, s, tenant, "2026-02-01", "2026-02-28", "MOVES@2")
	wantScan(t, s, tenant, "", "", "STAYS@2", "MOVES@2")
}

func testScanStops(t *testing.T, s journal.Store) {
	ctx := context.Background()
	for i := range 5 {
		mustPost(t, s, tenant, simple(t, fmt.Sprintf("INV-%d", i), "2026-03-14"))
	}
	stop := errors.New("enough")
	var seen []string
	err := s.Scan(ctx, tenant, civil.Date{}, civil.Date{}, func(tx *journal.Transaction) error {
		seen = append(seen, tx.TransactionID)
		if len(seen) == 2 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("Scan returned %v, want fn's error", err)
	}
	if strings.Join(seen, " ") != "INV-0 INV-1" {
		t.Fatalf("Scan went on after fn's error: %v", seen)
	}

	cctx, cancel := context.WithCancel(ctx)
	n := 0
	err = s.Scan(cctx, tenant, civil.Date{}, civil.Date{}, func(*journal.Transaction) error {
		n++
		cancel()
		return nil
	})
	if err == nil || !errors.Is(err, context.Canceled) || n != 1 {
		t.Fatalf("Scan cancelled by fn: %d calls, error %v; want 1 call and context.Canceled", n, err)
	}
}

// testScanWhileWriting writes to the journal from a scan's fn, after
// the first of 1,200 transactions (more than one page of a backend that
// reads a page at a time): a new version behind the scan's position and
// one ahead of it, a new ID ahead and a deletion ahead. Whatever the
// backend reads (one snapshot, or a page at a time), the scan keeps what
// journal.Backend promises: the keys strictly increase, every
// transaction that no write touched is reported exactly once, and every
// one that a write touched at most once.
func testScanWhileWriting(t *testing.T, s journal.Store) {
	ctx := context.Background()
	const n = 1200
	id := func(i int) string { return fmt.Sprintf("W-%04d", i) }
	for from := 0; from < n; from += 400 {
		var batch []*journal.Transaction
		for i := from; i < from+400; i++ {
			batch = append(batch, simple(t, id(i), "2026-03-14"))
		}
		if _, err := s.PostAll(ctx, tenant, batch); err != nil {
			t.Fatalf("PostAll: %v", err)
		}
	}
	touched := map[string]bool{"W-0000": true, "W-1100": true, "W-1100a": true, "W-1199": true}
	seen := map[string]int{}
	var keys []string
	err := s.Scan(ctx, tenant, civil.Date{}, civil.Date{}, func(tx *journal.Transaction) error {
		seen[tx.TransactionID]++
		keys = append(keys, tx.PostingDate.String()+" "+tx.TransactionID)
		if len(keys) > 1 {
			return nil
		}
		for _, w := range []string{"W-0000", "W-1100", "W-1100a"} {
			if _, err := s.Post(ctx, tenant, simple(t, w, "2026-03-14")); err != nil {
				return fmt.Errorf("Post %s during the scan: %w", w, err)
			}
		}
		return s.Delete(ctx, tenant, "W-1199")
	})
	if err != nil {
		t.Fatalf("Scan writing from fn: %v", err)
	}
	for i := 1; i < len(keys); i++ {
		if keys[i] <= keys[i-1] {
			t.Fatalf("Scan reported %q after %q", keys[i], keys[i-1])
		}
	}
	for i := range n {
		if k := id(i); !touched[k] && seen[k] != 1 {
			t.Errorf("Scan reported %s, which no write touched, %d times", k, seen[k])
		}
	}
	for k := range touched {
		if seen[k] > 1 {
			t.Errorf("Scan reported %s %d times", k, seen[k])
		}
	}
}

func testInvalid(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	long := strings.Repeat("é", journal.MaxIDLength) // 40 characters, 80 bytes
	mustPost(t, s, tenant, simple(t, long, "2026-03-14"))
	if !exists(t, s, tenant, long) {
		t.Fatalf("an ID of %d characters does not exist after Post", journal.MaxIDLength)
	}
	// Every tenant that a credential may have (levy.CheckTenant) stores
	// its transactions: one of 101 bytes was refused while credentials
	// allowed 200.
	for _, n := range []int{100, 101, levy.MaxTenantLength} {
		mustPost(t, s, strings.Repeat("t", n), simple(t, "INV-1", "2026-03-14"))
	}

	noDate := simple(t, "NO-DATE", "2026-03-14")
	noDate.DocumentDate = civil.Date{}
	noDate.PostingDate = civil.Date{}
	badDate := simple(t, "BAD-DATE", "2026-03-14")
	badDate.PostingDate = civil.Date{Year: 12026, Month: 1, Day: 1}
	noop := func(*journal.Transaction) error { return nil }
	badTenants := []string{"", strings.Repeat("t", levy.MaxTenantLength+1)}
	badIDs := []string{"", strings.Repeat("x", journal.MaxIDLength+1), "bad\xff"}

	calls := func(ten, id string) map[string]error {
		_, post := s.Post(ctx, ten, simple(t, id, "2026-03-14"))
		_, get := s.Get(ctx, ten, id)
		_, versions := s.Versions(ctx, ten, id)
		_, exists := s.Exists(ctx, ten, id)
		_, reverse := s.Reverse(ctx, ten, id, journal.Reversal{TransactionID: "R"})
		_, rollback := s.Rollback(ctx, ten, id)
		return map[string]error{
			"Post": post, "Get": get, "Versions": versions, "Exists": exists,
			"Delete": s.Delete(ctx, ten, id), "Reverse": reverse, "Rollback": rollback,
		}
	}
	for _, ten := range badTenants {
		for name, err := range calls(ten, "INV-1") {
			wantCode(t, fmt.Sprintf("%s with tenant %q", name, ten), err, levy.EInvalid)
		}
		wantCode(t, fmt.Sprintf("Scan with tenant %q", ten), s.Scan(ctx, ten, civil.Date{}, civil.Date{}, noop), levy.EInvalid)
	}
	for _, id := range badIDs {
		for name, err := range calls(tenant, id) {
			wantCode(t, fmt.Sprintf("%s with ID %q", name, id), err, levy.EInvalid)
		}
	}
	// An ID of only whitespace is never written: not posted, and not the
	// ID of a reversal.
	for _, id := range []string{" ", "   ", "\u00a0\u3000"} {
		_, err := s.Post(ctx, tenant, simple(t, id, "2026-03-14"))
		wantCode(t, fmt.Sprintf("Post with ID %q", id), err, levy.EInvalid)
		_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: id})
		wantCode(t, fmt.Sprintf("Reverse into ID %q", id), err, levy.EInvalid)
		if exists(t, s, tenant, id) {
			t.Errorf("the ID %q exists after a refused Post and Reverse", id)
		}
	}
	wantCode(t, "Scan from year 12026", s.Scan(ctx, tenant, badDate.PostingDate, civil.Date{}, noop), levy.EInvalid)
	_, err := s.Post(ctx, tenant, nil)
	wantCode(t, "Post of nil", err, levy.EInvalid)
	_, err = s.Post(ctx, tenant, noDate)
	wantCode(t, "Post without a document date", err, levy.EInvalid)
	_, err = s.Post(ctx, tenant, badDate)
	wantCode(t, "Post with a posting date in year 12026", err, levy.EInvalid)
	if exists(t, s, tenant, "NO-DATE") || exists(t, s, tenant, "BAD-DATE") {
		t.Fatal("an invalid Post wrote")
	}
	wantScan(t, s, tenant, "", "", "INV-1@1", long+"@1")
	if n := len(mustVersions(t, s, tenant, "INV-1")); n != 1 {
		t.Fatalf("invalid calls wrote versions of INV-1: %d", n)
	}
}

func testCancelled(t *testing.T, s journal.Store) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Post(ctx, tenant, simple(t, "INV-1", "2026-03-14")); !errors.Is(err, context.Canceled) {
		t.Fatalf("Post with a cancelled context: %v", err)
	}
	if exists(t, s, tenant, "INV-1") {
		t.Fatal("Post with a cancelled context wrote")
	}
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	if _, err := s.Get(ctx, tenant, "INV-1"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Get with a cancelled context: %v", err)
	}
	if err := s.Delete(ctx, tenant, "INV-1"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Delete with a cancelled context: %v", err)
	}
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "R"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Reverse with a cancelled context: %v", err)
	}
	if !exists(t, s, tenant, "INV-1") || exists(t, s, tenant, "R") {
		t.Fatal("a call with a cancelled context wrote")
	}
}

func testConcurrentDistinct(t *testing.T, s journal.Store) {
	const writers, each = 16, 8
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				id := fmt.Sprintf("W%02d-%02d", w, i)
				if _, err := s.Post(ctx, tenant, simple(t, id, "2026-03-14")); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("concurrent Post: %v", err)
	}
	if got := scan(t, s, tenant, "", ""); len(got) != writers*each {
		t.Fatalf("Scan finds %d transactions after %d concurrent posts", len(got), writers*each)
	}
	for w := range writers {
		for i := range each {
			id := fmt.Sprintf("W%02d-%02d", w, i)
			if n := len(mustVersions(t, s, tenant, id)); n != 1 {
				t.Fatalf("%s has %d versions, want 1", id, n)
			}
		}
	}
}

func testConcurrentSame(t *testing.T, s journal.Store) {
	const writers, each = 16, 6
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				tx := simple(t, "SAME", "2026-03-14")
				tx.DocumentNumber = fmt.Sprintf("W%02d-%02d", w, i)
				if _, err := s.Post(ctx, tenant, tx); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("concurrent Post: %v", err)
	}
	vs := mustVersions(t, s, tenant, "SAME") // checks the numbering 1..n
	if len(vs) != writers*each {
		t.Fatalf("%d versions after %d posts", len(vs), writers*each)
	}
	seen := make(map[string]bool)
	for _, v := range vs {
		if seen[v.DocumentNumber] {
			t.Fatalf("post %s stored twice", v.DocumentNumber)
		}
		seen[v.DocumentNumber] = true
	}
	if got := mustGet(t, s, tenant, "SAME").Version; got != writers*each {
		t.Fatalf("latest version %d, want %d", got, writers*each)
	}
	wantScan(t, s, tenant, "", "", fmt.Sprintf("SAME@%d", writers*each))
}

// testConcurrentReversals reverses one transaction from many goroutines
// at once, each under its own reversal ID: exactly one reversal is
// stored, every other is refused as a conflict naming it, and the
// figures count the transaction once and its reversal once.
func testConcurrentReversals(t *testing.T, s journal.Store) {
	const writers = 12
	ctx := context.Background()
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "1", "US-TX", "100.00", "100.00")))
	winner := oneWins(t, writers, "reversal", func(w int) (string, error) {
		rid := fmt.Sprintf("REV-%02d", w)
		_, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: rid, PostingDate: civil.MustParse("2026-03-14")})
		return rid, err
	})
	wantScan(t, s, tenant, "", "", "INV-1@1", winner+"@1")
	wantFigures(t, s, tenant, map[string]journal.Figure{})
}

// testConcurrentDeleteAndReversal deletes a transaction while others
// reverse it: each round ends in one of the two orders, never in a
// reversal of a deleted transaction nor a reversal without its link.
// Either the delete came first (the reversal is refused as not found and
// nothing counts), or the reversal did (the delete removes the original
// and the reversal stays, alone in the figures).
func testConcurrentDeleteAndReversal(t *testing.T, s journal.Store) {
	const rounds = 16
	ctx := context.Background()
	reversed := int64(0)
	for i := range rounds {
		id, rid := fmt.Sprintf("INV-%02d", i), fmt.Sprintf("REV-%02d", i)
		mustPost(t, s, tenant, sale(t, id, "2026-03-14", "ACME", usLine(t, "1", "US-TX", "100.00", "100.00")))
		var wg sync.WaitGroup
		var revErr, delErr error
		start := make(chan struct{})
		reverse := func() {
			<-start
			_, revErr = s.Reverse(ctx, tenant, id, journal.Reversal{TransactionID: rid, PostingDate: civil.MustParse("2026-03-14")})
		}
		remove := func() {
			<-start
			delErr = s.Delete(ctx, tenant, id)
		}
		// Started in turns, so that both orders come up.
		if i%2 == 0 {
			wg.Go(reverse)
			wg.Go(remove)
		} else {
			wg.Go(remove)
			wg.Go(reverse)
		}
		close(start)
		wg.Wait()
		if delErr != nil {
			t.Fatalf("round %d: Delete: %v", i, delErr)
		}
		if exists(t, s, tenant, id) {
			t.Fatalf("round %d: %s exists after its delete", i, id)
		}
		if revErr != nil {
			wantCode(t, fmt.Sprintf("round %d: a reversal after the delete", i), revErr, levy.ENotFound)
			if exists(t, s, tenant, rid) {
				t.Fatalf("round %d: the refused reversal %s was stored", i, rid)
			}
			continue
		}
		rev := mustGet(t, s, tenant, rid)
		if rev.ReversalOf != id {
			t.Fatalf("round %d: %s reverses %q, want %q", i, rid, rev.ReversalOf, id)
		}
		reversed++
	}
	// Only the reversals of the rounds that reversed before the delete
	// count, negative; wantFigures also checks the stored figures against
	// what the live transactions add up to.
	want := map[string]journal.Figure{}
	if reversed > 0 {
		want["ACME/US-TX/2026-03-14"] = journal.Figure{Direct: tally(-100*reversed, 0, -100*reversed, -reversed)}
	}
	wantFigures(t, s, tenant, want)
	t.Logf("%d of %d rounds reversed before the delete", reversed, rounds)
}

func testClose(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, simple(t, "INV-1", "2026-03-14"))
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	// A closed store cannot serve now (its host is shutting down): the
	// error says so by its code, by which a host retries and the HTTP
	// adapter answers 503, not as a fault of Levy.
	closed := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, journal.ErrClosed) || levy.ErrorCode(err) != levy.EUnavailable {
			t.Errorf("%s after Close: %v (code %q), want ErrClosed of code %q", what, err, levy.ErrorCode(err), levy.EUnavailable)
		}
	}
	_, err := s.Get(ctx, tenant, "INV-1")
	closed("Get", err)
	_, err = s.Post(ctx, tenant, simple(t, "INV-2", "2026-03-14"))
	closed("Post", err)
	closed("Scan", s.Scan(ctx, tenant, civil.Date{}, civil.Date{}, func(*journal.Transaction) error { return nil }))
}

// testIntrastatAndWithholding stores a line with its Intrastat members
// and a withheld tax, reads them back as they were, and reverses them.
func testIntrastatAndWithholding(t *testing.T, s journal.Store) {
	l := line(t, "L1", "1000.00", "0.00", "0.00")
	l.Intrastat = &journal.IntrastatLine{Dispatch: "DE", Arrival: "FR", PartnerVAT: "FR40303265045", DispatcherVAT: "DE136695976", CommodityCode: "84713000",
		CountryOfOrigin: "CN", NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: 4, SupplementaryUnit: "PST",
		SupplementaryQuantity: amount(t, "2"), StatisticalValue: amount(t, "1010.00"), StatisticalCurrency: "EUR", HasStatistical: true}
	l.Taxes = append(l.Taxes, journal.Tax{JurisdictionID: "KE", Imposition: "Withholding Tax", CollectedFrom: "BUYER",
		Taxable: amount(t, "1000.00"), Exempt: amount(t, "0"), NonTaxable: amount(t, "0"), Tax: amount(t, "200.00"), Rate: amount(t, "0.2"),
		Withheld: true, WithholdingType: "NON_RESIDENT_PROFESSIONAL_FEES"})
	in := invoice(t, "INV-X", "2026-03-14", l)
	mustPost(t, s, tenant, in)
	got := mustGet(t, s, tenant, "INV-X")
	sameContent(t, "a line with Intrastat members and a withheld tax", got, in)
	rev, err := s.Reverse(context.Background(), tenant, "INV-X", journal.Reversal{TransactionID: "INV-X-R", PostingDate: civil.MustParse("2026-03-20")})
	if err != nil {
		t.Fatal(err)
	}
	x := rev.Lines[0].Intrastat
	if x == nil || x.NetMass != -4 || x.SupplementaryQuantity.String() != "-2" || x.StatisticalValue.String() != "-1010.00" || x.CommodityCode != "84713000" {
		t.Fatalf("the reversal's Intrastat members %+v, want the quantities negated", x)
	}
	if got := mustGet(t, s, tenant, "INV-X"); got.Lines[0].Intrastat.NetMass != 4 {
		t.Fatalf("reversing changed the original: %+v", got.Lines[0].Intrastat)
	}
}

// intrastatCodes are the code lists testIntrastatOwnerReturn declares
// against: one CN8 code without a supplementary unit, nature of
// transaction 31, the transport modes.
type intrastatCodes struct{}

func (intrastatCodes) CN8(code string) (string, bool)              { return "", code == "94036010" }
func (intrastatCodes) NatureOfTransaction(code int) (string, bool) { return "", code == 31 }
func (intrastatCodes) TransportMode(code int) (string, bool) {
	return "", code >= 1 && code <= 9 && code != 6
}
func (intrastatCodes) Year() int { return 2026 }

// testIntrastatOwnerReturn stores an owner's goods brought back from
// France to Germany (a movement's line below zero), reverses it, and
// reverses the reversal, in one month: Germany's arrivals and France's
// dispatches declare the goods, the owner's German VAT number read back
// as the dispatch's partner's, then nothing, then the goods again, as the
// declaration reads the versions a reversal takes back from the store.
func testIntrastatOwnerReturn(t *testing.T, s journal.Store) {
	ctx := context.Background()
	l := line(t, "L1", "-400.00", "0.00", "0.00")
	l.Intrastat = &journal.IntrastatLine{Dispatch: "DE", Arrival: "FR", PartnerVAT: "FR40303265045", DispatcherVAT: "DE136695976",
		CommodityCode: "94036010", CountryOfOrigin: "PL", NatureOfTransaction: 31, ModeOfTransport: 3, NetMass: 12}
	tx := invoice(t, "MV-2", "2026-04-14", l)
	tx.Perspective, tx.MessageType, tx.Currency = "OWNER", "INVENTORY_REMOVAL", "EUR"
	mustPost(t, s, tenant, tx)
	declared := func(when string, want int64) {
		t.Helper()
		for _, c := range []struct{ state, flow, vat string }{{"DE", journal.Arrivals, ""}, {"FR", journal.Dispatches, "DE136695976"}} {
			d, err := journal.Intrastat(ctx, s, tenant, journal.IntrastatQuery{From: civil.MustParse("2026-04-01"), To: civil.MustParse("2026-04-30"),
				MemberState: c.state, Flow: c.flow}, intrastatCodes{})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case len(d.Refused) != 0:
				t.Errorf("%s, %s of %s: refused %+v", when, c.flow, c.state, d.Refused)
			case want == 0 && len(d.Items) != 0:
				t.Errorf("%s, %s of %s: %+v, want nothing", when, c.flow, c.state, d.Items)
			case want != 0 && (len(d.Items) != 1 || d.Items[0].NetMass != want || d.Items[0].PartnerVAT != c.vat ||
				d.Items[0].InvoicedValue.String() != "400.00" || d.Items[0].Lines != 1):
				t.Errorf("%s, %s of %s: %+v, want %d kg, 400.00, partner VAT %q", when, c.flow, c.state, d.Items, want, c.vat)
			}
		}
	}
	declared("goods brought back", 12)
	if _, err := s.Reverse(ctx, tenant, "MV-2", journal.Reversal{TransactionID: "MV-2-R", PostingDate: civil.MustParse("2026-04-20")}); err != nil {
		t.Fatal(err)
	}
	declared("reversed", 0)
	if _, err := s.Reverse(ctx, tenant, "MV-2-R", journal.Reversal{TransactionID: "MV-2-RR", PostingDate: civil.MustParse("2026-04-25")}); err != nil {
		t.Fatal(err)
	}
	declared("the reversal reversed", 12)
}

// testIntrastatReversalOfSupersededVersion moves an owner's 10 kg of
// goods from Germany to France, reverses the movement and posts its ID
// again with 20 kg, in one month: France's arrivals declare the 20 kg of
// the new version, which counts in full, and refuse the reversal, which
// takes back the version it was made against and none of the new one, as
// the declaration reads each transaction's version from the store.
func testIntrastatReversalOfSupersededVersion(t *testing.T, s journal.Store) {
	ctx := context.Background()
	move := func(price string, mass int64) *journal.Transaction {
		l := line(t, "L1", price, "0.00", "0.00")
		l.Intrastat = &journal.IntrastatLine{Dispatch: "DE", Arrival: "FR", PartnerVAT: "FR40303265045", DispatcherVAT: "DE136695976",
			CommodityCode: "94036010", CountryOfOrigin: "PL", NatureOfTransaction: 31, ModeOfTransport: 3, NetMass: mass}
		tx := invoice(t, "MV-1", "2026-04-14", l)
		tx.Perspective, tx.MessageType, tx.Currency = "OWNER", "INVENTORY_REMOVAL", "EUR"
		return tx
	}
	declare := func() *journal.IntrastatDeclaration {
		t.Helper()
		d, err := journal.Intrastat(ctx, s, tenant, journal.IntrastatQuery{From: civil.MustParse("2026-04-01"), To: civil.MustParse("2026-04-30"),
			MemberState: "FR", Flow: journal.Arrivals}, intrastatCodes{})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	mustPost(t, s, tenant, move("400.00", 10))
	if _, err := s.Reverse(ctx, tenant, "MV-1", journal.Reversal{TransactionID: "MV-1-R", PostingDate: civil.MustParse("2026-04-20")}); err != nil {
		t.Fatal(err)
	}
	if d := declare(); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("reversed: %+v, refused %+v, want nothing", d.Items, d.Refused)
	}
	mustPost(t, s, tenant, move("800.00", 20))
	d := declare()
	if len(d.Items) != 1 || d.Items[0].NetMass != 20 || d.Items[0].InvoicedValue.String() != "800.00" || d.Items[0].Lines != 1 {
		t.Errorf("posted again: %+v, want the new version's 20 kg and 800.00 in 1 line", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "MV-1-R" {
		t.Errorf("posted again: refused %+v, want the reversal MV-1-R", d.Refused)
	}
}
