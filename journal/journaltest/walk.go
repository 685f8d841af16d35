package journaltest

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// Walk runs, over the stores that open returns (one new, empty store
// per subtest, as Run opens them), the operations an accountant makes
// on stored transactions: reversals in the same and a later month,
// reversals refused, rollbacks, deletes, existence, tenants and
// companies apart, retried posts and concurrent reversals. After each
// step the tax summary, the CSV export and the stored taxes agree to
// the cent, and each is the amount the accountant expects.
func Walk(t *testing.T, open func(t *testing.T) journal.Store) {
	tests := []struct {
		name string
		fn   func(*testing.T, journal.Store)
	}{
		{"ReverseInTheSameMonth", walkReverseSameMonth},
		{"ReverseTwiceRefused", walkReverseTwice},
		{"ReverseTheReversal", walkReverseTheReversal},
		{"ReverseInALaterMonth", walkReverseLaterMonth},
		{"RollbackToTheInvoice", walkRollback},
		{"DeleteAndExistence", walkDeleteAndExistence},
		{"NeverStored", walkNeverStored},
		{"TenantsAndCompaniesApart", walkTenantsAndCompanies},
		{"RetriedPost", walkRetriedPost},
		{"ConcurrentReversalsReport", walkConcurrentReversals},
		{"ConcurrentReversalAndRollback", walkConcurrentReversalAndRollback},
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

// wantBooks checks that the summary of tenant ten's period [from, to]
// of company (nil for every company) counts transactions, adds up to
// subTotal and tax, and that the tax column of the CSV export and the
// taxes of the transactions that Scan gives add up to the same tax.
func wantBooks(t *testing.T, s journal.Store, ten string, company *string, from, to string, transactions int, subTotal, tax string) {
	t.Helper()
	ctx := context.Background()
	var f, u civil.Date
	if from != "" {
		f = civil.MustParse(from)
	}
	if to != "" {
		u = civil.MustParse(to)
	}
	var rep *journal.Report
	var err error
	if company == nil {
		rep, err = journal.Summarize(ctx, s, ten, f, u)
	} else {
		rep, err = journal.SummarizeCompany(ctx, s, ten, *company, f, u)
	}
	if err != nil {
		t.Fatalf("Summarize %s %s..%s: %v", ten, from, to, err)
	}
	var sumSub, sumTax money.Amount
	for _, c := range rep.Currencies {
		if c.Currency != "USD" {
			t.Fatalf("summary %s %s..%s: a section in %q", ten, from, to, c.Currency)
		}
		sumSub, sumTax = sumSub.Add(c.Total.SubTotal), sumTax.Add(c.Total.Tax)
	}
	var b bytes.Buffer
	if company == nil {
		_, err = journal.Export(ctx, s, ten, f, u, journal.CSV, &b, nil)
	} else {
		_, err = journal.ExportCompany(ctx, s, ten, *company, f, u, journal.CSV, &b, nil)
	}
	if err != nil {
		t.Fatalf("Export %s %s..%s: %v", ten, from, to, err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatalf("csv export %s %s..%s: %v", ten, from, to, err)
	}
	col := slices.Index(rows[0], "tax")
	var exported money.Amount
	for _, r := range rows[1:] {
		exported = exported.Add(amount(t, r[col]))
	}
	var scanned, scannedSub money.Amount
	n := 0
	err = s.Scan(ctx, ten, f, u, func(tx *journal.Transaction) error {
		if company != nil && tx.Company != *company {
			return nil
		}
		n++
		scannedSub = scannedSub.Add(tx.SubTotal)
		for i := range tx.Lines {
			for j := range tx.Lines[i].Taxes {
				scanned = scanned.Add(tx.Lines[i].Taxes[j].Tax)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Scan %s %s..%s: %v", ten, from, to, err)
	}
	if n != transactions || rep.Transactions != transactions {
		t.Fatalf("%s %s..%s: the summary counts %d transactions and Scan gives %d, want %d", ten, from, to, rep.Transactions, n, transactions)
	}
	figuresAgree(t, s, ten)
	wantSub, wantTax := amount(t, subTotal), amount(t, tax)
	if !sumSub.Equal(wantSub) || !scannedSub.Equal(wantSub) {
		t.Fatalf("%s %s..%s: subtotal %s in the summary, %s stored, want %s", ten, from, to, sumSub, scannedSub, wantSub)
	}
	if !sumTax.Equal(wantTax) || !exported.Equal(wantTax) || !scanned.Equal(wantTax) {
		t.Fatalf("%s %s..%s: tax %s in the summary, %s in the export, %s stored, want %s", ten, from, to, sumTax, exported, scanned, wantTax)
	}
}

// figuresAgree fails unless the sales figures that the store keeps for
// tenant ten are those its live transactions give.
func figuresAgree(t *testing.T, s journal.Store, ten string) {
	t.Helper()
	ctx := context.Background()
	stored, err := s.Figures(ctx, ten, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatalf("Figures %s: %v", ten, err)
	}
	computed, err := journal.Recompute(ctx, s, ten)
	if err != nil {
		t.Fatalf("Recompute %s: %v", ten, err)
	}
	if d := journal.CompareFigures(stored, computed); len(d) > 0 {
		t.Fatalf("%s: the stored sales figures differ from the transactions': %+v", ten, d)
	}
}

// mustReverse reverses id under rid dated date.
func mustReverse(t *testing.T, s journal.Store, ten, id, rid, date string) *journal.Transaction {
	t.Helper()
	rev, err := s.Reverse(context.Background(), ten, id, journal.Reversal{TransactionID: rid, PostingDate: civil.MustParse(date)})
	if err != nil {
		t.Fatalf("Reverse %s as %s: %v", id, rid, err)
	}
	return rev
}

// wantRefused fails unless err has code and its message names each of
// names.
func wantRefused(t *testing.T, what string, err error, code string, names ...string) {
	t.Helper()
	wantCode(t, what, err, code)
	for _, n := range names {
		if !strings.Contains(err.Error(), n) {
			t.Fatalf("%s: %v does not name %s", what, err, n)
		}
	}
}

// walkInvoice is the walk's invoice: two lines, 100.00 and 40.00, taxed
// 6.00 + 1.50 and 2.40 + 0.60: 140.00 and 10.50 of tax.
func walkInvoice(t *testing.T, id, date string) *journal.Transaction {
	t.Helper()
	a, b := line(t, "L1", "100.00", "6.00", "1.50"), line(t, "L2", "40.00", "2.40", "0.60")
	a.Origin, a.Destination = "US-WA", "US-TX"
	b.Origin, b.Destination = "US-WA", "US-CA"
	return invoice(t, id, date, a, b)
}

// S1, S2: an invoice reversed in its own month nets the month to zero;
// the export carries the reversal's negative taxes naming the original.
func walkReverseSameMonth(t *testing.T, s journal.Store) {
	mustPost(t, s, tenant, walkInvoice(t, "INV-100", "2026-03-10"))
	if n := len(figures(t, s, tenant)); n != 2 {
		t.Fatalf("the invoice gives %d sales figures, want 2 (Texas and California)", n)
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 1, "140.00", "10.50")
	rev := mustReverse(t, s, tenant, "INV-100", "INV-100-R", "2026-03-20")
	if rev.TotalTax.String() != "-10.50" || rev.SubTotal.String() != "-140.00" || rev.ReversalOf != "INV-100" {
		t.Fatalf("reversal: total tax %s, subtotal %s, of %q", rev.TotalTax, rev.SubTotal, rev.ReversalOf)
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 2, "0.00", "0.00")
	wantBooks(t, s, tenant, nil, "2026-03-20", "2026-03-31", 1, "-140.00", "-10.50")
	wantHistory(t, s, tenant, "INV-100", 1, true, "INV-100-R")
}

// S4: a second reversal of a reversed invoice is refused, naming the
// standing reversal, and nothing is written; the books still net to
// zero. The reversal itself can not be reversed under an ID in use.
func walkReverseTwice(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, walkInvoice(t, "INV-200", "2026-03-10"))
	mustReverse(t, s, tenant, "INV-200", "INV-200-R", "2026-03-11")
	_, err := s.Reverse(ctx, tenant, "INV-200", journal.Reversal{TransactionID: "INV-200-R2", PostingDate: civil.MustParse("2026-03-12")})
	wantRefused(t, "second reversal", err, levy.EConflict, "INV-200", "INV-200-R")
	if exists(t, s, tenant, "INV-200-R2") {
		t.Fatal("the refused second reversal was stored")
	}
	_, err = s.Reverse(ctx, tenant, "INV-200-R", journal.Reversal{TransactionID: "INV-200", PostingDate: civil.MustParse("2026-03-12")})
	wantRefused(t, "reversal onto the original's ID", err, levy.EConflict, "INV-200")
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 2, "0.00", "0.00")
	wantHistory(t, s, tenant, "INV-200", 1, true, "INV-200-R")
}

// S5: the reversal of the reversal gives the sale back once; the
// reversal is then not deleted while its own reversal stands.
func walkReverseTheReversal(t *testing.T, s journal.Store) {
	mustPost(t, s, tenant, walkInvoice(t, "INV-300", "2026-03-10"))
	mustReverse(t, s, tenant, "INV-300", "INV-300-R", "2026-03-11")
	rr := mustReverse(t, s, tenant, "INV-300-R", "INV-300-RR", "2026-03-12")
	if rr.TotalTax.String() != "10.50" {
		t.Fatalf("reversal of the reversal: total tax %s, want 10.50", rr.TotalTax)
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 3, "140.00", "10.50")
	err := s.Delete(context.Background(), tenant, "INV-300-R")
	wantRefused(t, "delete of a reversed reversal", err, levy.EConflict, "INV-300-RR")
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 3, "140.00", "10.50")
	// Deleted in the right order, the reversals leave the sale alone.
	if err := s.Delete(context.Background(), tenant, "INV-300-RR"); err != nil {
		t.Fatal(err)
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 2, "0.00", "0.00")
	if err := s.Delete(context.Background(), tenant, "INV-300-R"); err != nil {
		t.Fatal(err)
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 1, "140.00", "10.50")
}

// S12, S13: a March invoice reversed in April stays in March's books;
// April carries the negation and the quarter nets to zero. Dated in
// February, the reversal is refused naming the original's date.
func walkReverseLaterMonth(t *testing.T, s journal.Store) {
	mustPost(t, s, tenant, walkInvoice(t, "INV-400", "2026-03-31"))
	_, err := s.Reverse(context.Background(), tenant, "INV-400", journal.Reversal{TransactionID: "INV-400-R", PostingDate: civil.MustParse("2026-02-28")})
	wantRefused(t, "reversal dated before its original", err, levy.EInvalid, "2026-03-31")
	if exists(t, s, tenant, "INV-400-R") {
		t.Fatal("the refused reversal was stored")
	}
	mustReverse(t, s, tenant, "INV-400", "INV-400-R", "2026-04-01")
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 1, "140.00", "10.50")
	wantBooks(t, s, tenant, nil, "2026-04-01", "2026-04-30", 1, "-140.00", "-10.50")
	wantBooks(t, s, tenant, nil, "2026-01-01", "2026-06-30", 2, "0.00", "0.00")
}

// S6, S7: a sync that raises an invoice's lines is rolled back to the
// invoice, whose taxes the books carry again; a rollback of the
// invoice itself (no sync) is refused and writes nothing.
func walkRollback(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, walkInvoice(t, "INV-500", "2026-03-10"))
	_, err := s.Rollback(ctx, tenant, "INV-500")
	wantRefused(t, "rollback of an invoice", err, levy.EConflict, "INV-500", "nothing to roll back")
	up := line(t, "L1", "200.00", "12.00", "3.00")
	up.SyncType = "UPDATE"
	mustPost(t, s, tenant, sync_(t, "INV-500", "2026-03-10", up))
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 1, "240.00", "18.00")
	back, err := s.Rollback(ctx, tenant, "INV-500")
	if err != nil {
		t.Fatalf("Rollback: %v", err)
	}
	if back.Version != 3 || back.RollbackOf != 1 || back.TotalTax.String() != "10.50" {
		t.Fatalf("rolled back: version %d of %d, tax %s", back.Version, back.RollbackOf, back.TotalTax)
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 1, "140.00", "10.50")
	_, err = s.Rollback(ctx, tenant, "INV-500")
	wantRefused(t, "second rollback", err, levy.EConflict, "INV-500")
	if got := len(mustVersions(t, s, tenant, "INV-500")); got != 3 {
		t.Fatalf("%d versions after a refused rollback, want 3", got)
	}
}

// S8, S9, S10: existence before and after each step; a delete takes the
// invoice out of the books and keeps its versions; a second delete and
// a delete of an ID never stored are not found, naming the ID; a post
// under the deleted ID starts it again.
func walkDeleteAndExistence(t *testing.T, s journal.Store) {
	ctx := context.Background()
	if exists(t, s, tenant, "INV-600") {
		t.Fatal("INV-600 exists before it is stored")
	}
	mustPost(t, s, tenant, walkInvoice(t, "INV-600", "2026-03-10"))
	mustPost(t, s, tenant, simple(t, "INV-601", "2026-03-11"))
	if !exists(t, s, tenant, "INV-600") {
		t.Fatal("INV-600 does not exist once stored")
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 2, "240.00", "18.00")
	if err := s.Delete(ctx, tenant, "INV-600"); err != nil {
		t.Fatal(err)
	}
	if exists(t, s, tenant, "INV-600") {
		t.Fatal("INV-600 exists once deleted")
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 1, "100.00", "7.50")
	if got := len(mustVersions(t, s, tenant, "INV-600")); got != 1 {
		t.Fatalf("the deleted INV-600 keeps %d versions, want 1", got)
	}
	wantRefused(t, "second delete", s.Delete(ctx, tenant, "INV-600"), levy.ENotFound, "INV-600")
	wantRefused(t, "delete of an ID never stored", s.Delete(ctx, tenant, "INV-NEVER"), levy.ENotFound, "INV-NEVER")
	_, err := s.Reverse(ctx, tenant, "INV-600", journal.Reversal{TransactionID: "INV-600-R", PostingDate: civil.MustParse("2026-03-12")})
	wantRefused(t, "reversal of a deleted invoice", err, levy.ENotFound, "INV-600")
	mustPost(t, s, tenant, simple(t, "INV-600", "2026-03-12"))
	if !exists(t, s, tenant, "INV-600") {
		t.Fatal("INV-600 does not exist once posted again")
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 2, "200.00", "15.00")
}

// S14: every operation on an ID that only a quotation (never stored)
// used is not found, naming it, and the journal stays empty.
func walkNeverStored(t *testing.T, s journal.Store) {
	ctx := context.Background()
	const id = "QUO-1"
	_, err := s.Reverse(ctx, tenant, id, journal.Reversal{TransactionID: "QUO-1-R", PostingDate: civil.MustParse("2026-03-12")})
	wantRefused(t, "reversal", err, levy.ENotFound, id)
	_, err = s.Rollback(ctx, tenant, id)
	wantRefused(t, "rollback", err, levy.ENotFound, id)
	wantRefused(t, "delete", s.Delete(ctx, tenant, id), levy.ENotFound, id)
	_, err = s.Get(ctx, tenant, id)
	wantRefused(t, "get", err, levy.ENotFound, id)
	_, err = s.History(ctx, tenant, id)
	wantRefused(t, "history", err, levy.ENotFound, id)
	if exists(t, s, tenant, id) || exists(t, s, tenant, "QUO-1-R") {
		t.Fatal("an operation on a quotation stored something")
	}
	wantBooks(t, s, tenant, nil, "", "", 0, "0", "0")
}

// S11: one transaction ID in two tenants, and one document number for
// two companies of a tenant, stay apart through reversal and delete.
func walkTenantsAndCompanies(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, "north", walkInvoice(t, "INV-700", "2026-03-10"))
	mustPost(t, s, "south", simple(t, "INV-700", "2026-03-10"))
	mustReverse(t, s, "north", "INV-700", "INV-700-R", "2026-03-11")
	wantBooks(t, s, "north", nil, "", "", 2, "0.00", "0.00")
	wantBooks(t, s, "south", nil, "", "", 1, "100.00", "7.50")
	if exists(t, s, "south", "INV-700-R") {
		t.Fatal("north's reversal exists in south")
	}
	if err := s.Delete(ctx, tenant, "INV-700"); levy.ErrorCode(err) != levy.ENotFound {
		t.Fatalf("delete in a third tenant: %v, want not found", err)
	}
	if err := s.Delete(ctx, "south", "INV-700"); err != nil {
		t.Fatal(err)
	}
	if !exists(t, s, "north", "INV-700") {
		t.Fatal("south's delete took north's INV-700")
	}
	wantBooks(t, s, "south", nil, "", "", 0, "0", "0")
	wantBooks(t, s, "north", nil, "", "", 2, "0.00", "0.00")

	// Two companies of one tenant, one document number.
	east := walkInvoice(t, "EAST-9", "2026-03-10")
	east.Company, east.DocumentNumber = "EAST", "9"
	west := simple(t, "WEST-9", "2026-03-10")
	west.Company, west.DocumentNumber = "WEST", "9"
	mustPost(t, s, tenant, east)
	mustPost(t, s, tenant, west)
	mustReverse(t, s, tenant, "WEST-9", "WEST-9-R", "2026-03-11")
	e, w := "EAST", "WEST"
	wantBooks(t, s, tenant, &e, "", "", 1, "140.00", "10.50")
	wantBooks(t, s, tenant, &w, "", "", 2, "0.00", "0.00")
	wantBooks(t, s, tenant, nil, "", "", 3, "140.00", "10.50")
}

// S15: the same invoice posted again (a retry after a timeout) is a new
// version that replaces the first: the books count it once. Posted
// again with other amounts, the latest wins.
func walkRetriedPost(t *testing.T, s journal.Store) {
	mustPost(t, s, tenant, walkInvoice(t, "INV-800", "2026-03-10"))
	mustPost(t, s, tenant, walkInvoice(t, "INV-800", "2026-03-10"))
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 1, "140.00", "10.50")
	mustPost(t, s, tenant, simple(t, "INV-800", "2026-03-10"))
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 1, "100.00", "7.50")
	if got := len(mustVersions(t, s, tenant, "INV-800")); got != 3 {
		t.Fatalf("INV-800 has %d versions, want 3", got)
	}
	// The reversal takes back the latest version, not the first.
	rev := mustReverse(t, s, tenant, "INV-800", "INV-800-R", "2026-03-11")
	if rev.TotalTax.String() != "-7.50" || rev.ReversalOfVersion != 3 {
		t.Fatalf("reversal: tax %s of version %d, want -7.50 of 3", rev.TotalTax, rev.ReversalOfVersion)
	}
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 2, "0.00", "0.00")
}

// S16: eight clients reverse one invoice at once, each under its own
// ID: one reversal is stored, the others are refused naming it, and the
// books net to zero with the invoice and that one reversal.
func walkConcurrentReversals(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, walkInvoice(t, "INV-900", "2026-03-10"))
	won := oneWins(t, 8, "reversal", func(w int) (string, error) {
		rid := fmt.Sprintf("INV-900-R%d", w)
		_, err := s.Reverse(ctx, tenant, "INV-900", journal.Reversal{TransactionID: rid, PostingDate: civil.MustParse("2026-03-11")})
		return rid, err
	})
	wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 2, "0.00", "0.00")
	wantHistory(t, s, tenant, "INV-900", 1, true, won)
	for w := range 8 {
		if rid := fmt.Sprintf("INV-900-R%d", w); rid != won && exists(t, s, tenant, rid) {
			t.Fatalf("the refused reversal %s was stored", rid)
		}
	}
}

// walkConcurrentReversalAndRollback: a client reverses an invoice that
// a sync raised while another rolls the sync back, many times over.
// Whichever comes first, the books net to zero: rolled back first, the
// invoice as it was is reversed; reversed first, the rollback is
// refused (a reversal stands) and the sync's version is the one taken
// back.
func walkConcurrentReversalAndRollback(t *testing.T, s journal.Store) {
	ctx := context.Background()
	for i := range 6 {
		id := fmt.Sprintf("INV-95%d", i)
		mustPost(t, s, tenant, walkInvoice(t, id, "2026-03-10"))
		up := line(t, "L1", "200.00", "12.00", "3.00")
		up.SyncType = "UPDATE"
		mustPost(t, s, tenant, sync_(t, id, "2026-03-10", up))
		var revErr, rbErr error
		var wg sync.WaitGroup
		wg.Go(func() {
			_, revErr = s.Reverse(ctx, tenant, id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse("2026-03-11")})
		})
		wg.Go(func() { _, rbErr = s.Rollback(ctx, tenant, id) })
		wg.Wait()
		if revErr != nil {
			t.Fatalf("%s: reversal: %v", id, revErr)
		}
		h, err := s.History(ctx, tenant, id)
		if err != nil {
			t.Fatal(err)
		}
		if rbErr != nil {
			wantRefused(t, id+": rollback after the reversal", rbErr, levy.EConflict, id+"-R")
			if len(h.Versions) != 2 {
				t.Fatalf("%s: %d versions after a refused rollback, want 2", id, len(h.Versions))
			}
		} else if len(h.Versions) != 3 {
			t.Fatalf("%s: %d versions after a rollback, want 3", id, len(h.Versions))
		}
		if h.ReversedBy != id+"-R" {
			t.Fatalf("%s: reversed by %q, want %s-R", id, h.ReversedBy, id)
		}
		wantBooks(t, s, tenant, nil, "2026-03-01", "2026-03-31", 2*(i+1), "0.00", "0.00")
	}
}
