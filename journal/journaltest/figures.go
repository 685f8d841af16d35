package journaltest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// usLine returns a line of amount net delivered to state ("US-TX"),
// taxed there: its state tax's taxable amount is taxable, the rest of
// net exempt by the customer's certificate (what a US state's figures
// count as exempt: journal.CustomerExemption).
func usLine(t *testing.T, itemID, state, net, taxable string) journal.Line {
	t.Helper()
	n, x := amount(t, net), amount(t, taxable)
	return journal.Line{
		LineItemID: itemID, ProductClass: "GENERAL", Origin: "US-WA", Destination: state,
		Amount: n,
		Taxes: []journal.Tax{{JurisdictionID: state, JurisdictionType: "STATE", TaxResult: "TAXABLE",
			Taxable: x, Exempt: n.Sub(x), Tax: amount(t, "0"), RuleID: "customer-certificate"}},
	}
}

// sale returns an invoice of company with lines.
func sale(t *testing.T, id, date, company string, lines ...journal.Line) *journal.Transaction {
	t.Helper()
	tx := invoice(t, id, date, lines...)
	tx.Company = company
	return tx
}

// figures returns the store's figures of tenant as a map from
// "company/area/day" to the figure.
func figures(t *testing.T, s journal.Store, tenant string) map[string]journal.Figure {
	t.Helper()
	figs, err := s.Figures(context.Background(), tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatalf("Figures: %v", err)
	}
	out := make(map[string]journal.Figure, len(figs))
	for _, f := range figs {
		out[f.Company+"/"+f.Area+"/"+f.Day.String()] = f
	}
	return out
}

// wantFigures fails unless the store's figures of tenant are want (by
// "company/area/day") and agree with what Recompute finds in the
// journal.
func wantFigures(t *testing.T, s journal.Store, tenant string, want map[string]journal.Figure) {
	t.Helper()
	got := figures(t, s, tenant)
	for k, w := range want {
		w.Company, w.Area, w.Day = got[k].Company, got[k].Area, got[k].Day
		if got[k] != w {
			t.Errorf("figure %s = %+v, want %+v", k, got[k], w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected figure %s = %+v", k, got[k])
		}
	}
	stored, err := s.Figures(context.Background(), tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	computed, err := journal.Recompute(context.Background(), s, tenant)
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(stored, computed); len(d) > 0 {
		t.Errorf("stored figures differ from the journal's: %+v", d)
	}
	checkSums(t, s, tenant)
}

// tally builds a Tally of whole currency units.
func tally(gross, exempt, taxable, count int64) journal.Tally {
	const u = journal.UnitsPerCurrencyUnit
	return journal.Tally{Gross: gross * u, Exempt: exempt * u, Taxable: taxable * u, Count: count}
}

func testFiguresFollowOperations(t *testing.T, s journal.Store) {
	ctx := context.Background()
	// A sale into Texas and New York, one into Texas only.
	if _, err := s.Post(ctx, tenant, sale(t, "F1", "2026-03-02", "ACME",
		usLine(t, "L1", "US-TX", "1000.00", "800.00"), usLine(t, "L2", "US-NY", "500.00", "500.00"))); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Post(ctx, tenant, sale(t, "F2", "2026-03-02", "ACME", usLine(t, "L1", "US-TX", "200.00", "200.00"))); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-03-02": {Direct: tally(1200, 200, 1000, 2)},
		"ACME/US-NY/2026-03-02": {Direct: tally(500, 0, 500, 1)},
	})

	// A new version of F1 replaces the old one in the figures, on its
	// new posting date.
	if _, err := s.Post(ctx, tenant, sale(t, "F1", "2026-04-10", "ACME", usLine(t, "L1", "US-TX", "300.00", "300.00"))); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-03-02": {Direct: tally(200, 0, 200, 1)},
		"ACME/US-TX/2026-04-10": {Direct: tally(300, 0, 300, 1)},
	})

	// A reversal takes the original's sales away on its own date.
	if _, err := s.Reverse(ctx, tenant, "F2", journal.Reversal{TransactionID: "F2-R", PostingDate: civil.MustParse("2026-04-11")}); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-03-02": {Direct: tally(200, 0, 200, 1)},
		"ACME/US-TX/2026-04-10": {Direct: tally(300, 0, 300, 1)},
		"ACME/US-TX/2026-04-11": {Direct: tally(-200, 0, -200, -1)},
	})

	// Deleting takes a transaction's sales away; the reversal stays.
	if err := s.Delete(ctx, tenant, "F1"); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-03-02": {Direct: tally(200, 0, 200, 1)},
		"ACME/US-TX/2026-04-11": {Direct: tally(-200, 0, -200, -1)},
	})

	// A sync, then its rollback.
	if _, err := s.Post(ctx, tenant, sale(t, "F3", "2026-05-01", "ACME", usLine(t, "A", "US-CA", "100.00", "100.00"))); err != nil {
		t.Fatal(err)
	}
	sy := sale(t, "F3", "2026-05-01", "ACME", usLine(t, "A", "US-CA", "900.00", "900.00"))
	sy.MessageType, sy.Sync = "ARBILLING_SYNC", true
	if _, err := s.Post(ctx, tenant, sy); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-03-02": {Direct: tally(200, 0, 200, 1)},
		"ACME/US-TX/2026-04-11": {Direct: tally(-200, 0, -200, -1)},
		"ACME/US-CA/2026-05-01": {Direct: tally(900, 0, 900, 1)},
	})
	if _, err := s.Rollback(ctx, tenant, "F3"); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-03-02": {Direct: tally(200, 0, 200, 1)},
		"ACME/US-TX/2026-04-11": {Direct: tally(-200, 0, -200, -1)},
		"ACME/US-CA/2026-05-01": {Direct: tally(100, 0, 100, 1)},
	})
	// Another tenant sees none of it.
	wantFigures(t, s, "other", map[string]journal.Figure{})
}

func testFiguresApart(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mp := sale(t, "M1", "2026-06-01", "ACME", usLine(t, "L1", "US-TX", "50.00", "50.00"))
	mp.Marketplace = true
	other := sale(t, "O1", "2026-06-01", "BETA", usLine(t, "L1", "US-TX", "70.00", "70.00"))
	eu := sale(t, "E1", "2026-06-01", "ACME",
		journal.Line{LineItemID: "1", Origin: "DE", Destination: "FR", EUDistanceSale: true, Amount: amount(t, "40.00")},
		journal.Line{LineItemID: "2", Origin: "DE", Destination: "FR", Amount: amount(t, "10.00")})
	eu.Currency = "EUR"
	usd := sale(t, "E2", "2026-06-01", "ACME",
		journal.Line{LineItemID: "1", Origin: "DE", Destination: "AT", EUDistanceSale: true, Amount: amount(t, "99.00")})
	buyer := sale(t, "B1", "2026-06-01", "ACME", usLine(t, "L1", "US-TX", "1000.00", "1000.00"))
	buyer.Perspective, buyer.MessageType = "BUYER", "ACCRUAL"
	for _, tx := range []*journal.Transaction{mp, other, eu, usd, buyer} {
		if _, err := s.Post(ctx, tenant, tx); err != nil {
			t.Fatal(err)
		}
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-06-01": {Marketplace: tally(50, 0, 50, 1)},
		"BETA/US-TX/2026-06-01": {Direct: tally(70, 0, 70, 1)},
		"ACME/EU/2026-06-01":    {Direct: journal.Tally{Gross: 40 * journal.UnitsPerCurrencyUnit, Count: 2, Unconverted: 1}},
	})
	// One company's figures in one area, and no other's.
	var got []journal.Figure
	err := s.AreaFigures(ctx, tenant, "ACME", journal.AreaEU, civil.MustParse("2025-01-01"), civil.MustParse("2026-12-31"), func(f journal.Figure) error {
		got = append(got, f)
		return nil
	})
	// A backend may give a day's figures in parts: add them up once.
	merged := journal.MergeFigures(slices.Clone(got))
	if err != nil || len(merged) != 1 || merged[0].Direct.Gross != 40*journal.UnitsPerCurrencyUnit || merged[0].Direct.Count != 2 {
		t.Fatalf("AreaFigures of ACME in the EU = %+v (added up %+v), %v", got, merged, err)
	}
	got = nil
	err = s.AreaFigures(ctx, tenant, "BETA", journal.AreaEU, civil.Date{}, civil.Date{}, func(f journal.Figure) error {
		got = append(got, f)
		return nil
	})
	if err != nil || len(got) != 0 {
		t.Fatalf("AreaFigures of BETA in the EU = %+v, %v", got, err)
	}
	// A period reads its days only.
	figs, err := s.Figures(ctx, tenant, civil.MustParse("2026-06-02"), civil.Date{})
	if err != nil || len(figs) != 0 {
		t.Fatalf("Figures after the last day = %v, %v; want none", figs, err)
	}
}

func testFiguresAllOrNothing(t *testing.T, s journal.Store) {
	ctx := context.Background()
	if _, err := s.Post(ctx, tenant, sale(t, "X1", "2026-02-01", "", usLine(t, "L1", "US-FL", "10.00", "10.00"))); err != nil {
		t.Fatal(err)
	}
	bad := sale(t, "", "2026-02-01", "", usLine(t, "L1", "US-FL", "10.00", "10.00"))
	if _, err := s.PostAll(ctx, tenant, []*journal.Transaction{sale(t, "X2", "2026-02-01", "", usLine(t, "L1", "US-FL", "5.00", "5.00")), bad}); err == nil {
		t.Fatal("PostAll with an empty ID succeeded")
	}
	// A reversal that fails (the ID exists) adds nothing.
	if _, err := s.Reverse(ctx, tenant, "X1", journal.Reversal{TransactionID: "X1"}); err == nil {
		t.Fatal("a reversal onto its own ID succeeded")
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{"/US-FL/2026-02-01": {Direct: tally(10, 0, 10, 1)}})
}

func testFiguresConcurrent(t *testing.T, s journal.Store) {
	const writers, each = 8, 10
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				id := fmt.Sprintf("C%02d-%02d", w, i)
				if _, err := s.Post(ctx, tenant, sale(t, id, "2026-07-04", "ACME", usLine(t, "L1", "US-GA", "10.00", "10.00"))); err != nil {
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
	wantFigures(t, s, tenant, map[string]journal.Figure{"ACME/US-GA/2026-07-04": {Direct: tally(writers*each*10, 0, writers*each*10, writers*each)}})
}

func testFiguresReplace(t *testing.T, s journal.Store) {
	ctx := context.Background()
	if _, err := s.Post(ctx, tenant, sale(t, "R1", "2026-08-01", "ACME", usLine(t, "L1", "US-OH", "10.00", "10.00"))); err != nil {
		t.Fatal(err)
	}
	wrong := []journal.Figure{{Company: "ACME", Area: "US-OH", Day: civil.MustParse("2026-08-02"), Direct: tally(1, 0, 0, 1)}}
	if err := s.ReplaceFigures(ctx, tenant, wrong); err != nil {
		t.Fatal(err)
	}
	stored, err := s.Figures(ctx, tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	computed, err := journal.Recompute(ctx, s, tenant)
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(stored, computed); len(d) != 2 {
		t.Fatalf("differences after a bad replacement = %+v, want 2", d)
	}
	if err := s.ReplaceFigures(ctx, tenant, computed); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{"ACME/US-OH/2026-08-01": {Direct: tally(10, 0, 10, 1)}})
	bad := []journal.Figure{{Area: "US-OH", Direct: tally(1, 0, 0, 1)}}
	if err := s.ReplaceFigures(ctx, tenant, bad); err == nil {
		t.Fatal("ReplaceFigures of a figure without a day succeeded")
	}
	if err := s.ReplaceFigures(ctx, "", nil); err == nil {
		t.Fatal("ReplaceFigures without a tenant succeeded")
	}
	if _, err := s.Figures(ctx, tenant, civil.Date{Year: 2026, Month: 13, Day: 1}, civil.Date{}); err == nil {
		t.Fatal("Figures from a date out of range succeeded")
	}
	stop := errors.New("stop")
	if err := s.EachFigure(ctx, tenant, civil.Date{}, civil.Date{}, func(journal.Figure) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("EachFigure returns %v, want the function's error", err)
	}
}

// testFiguresOfCompany: CompanyFigures gives the figures of one company
// in every area, those Figures gives of it, and no other company's: not
// those of a code that begins with it or that it begins with, nor those
// stored without a code (the company ""), nor another tenant's; over
// periods that are open, cut months and cross a year's end. A code that
// no company can have has no figures; fn's error stops it.
func testFiguresOfCompany(t *testing.T, s journal.Store) {
	ctx := context.Background()
	var n int
	post := func(tenant, company, date string, lines ...journal.Line) {
		t.Helper()
		n++
		tx := sale(t, fmt.Sprintf("Q%03d", n), date, company, lines...)
		if lines[0].EUDistanceSale {
			tx.Currency = "EUR"
		}
		if _, err := s.Post(ctx, tenant, tx); err != nil {
			t.Fatal(err)
		}
	}
	eu := func(net string) journal.Line {
		return journal.Line{LineItemID: "1", Origin: "DE", Destination: "FR", EUDistanceSale: true, Amount: amount(t, net)}
	}
	companies := []string{"ACME", "AC", "ACME2", "", "BETA"}
	for i, c := range companies {
		for j, d := range []string{"2025-12-31", "2026-01-01", "2026-01-31", "2026-02-14", "2026-03-01"} {
			net := fmt.Sprintf("%d.00", 10*(i+1)+j)
			post(tenant, c, d, usLine(t, "L1", "US-TX", net, net), usLine(t, "L2", "US-NY", net, "0.00"))
			post(tenant, c, d, eu(net))
		}
	}
	post("other", "ACME", "2026-01-15", usLine(t, "L1", "US-TX", "999.00", "999.00"))
	// A reversal, and a new version that moves a sale to another month.
	if _, err := s.Reverse(ctx, tenant, "Q001", journal.Reversal{TransactionID: "Q001-R", PostingDate: civil.MustParse("2026-02-14")}); err != nil {
		t.Fatal(err)
	}
	moved := sale(t, "Q002", "2026-03-01", "ACME", eu("77.00"))
	moved.Currency = "EUR"
	if _, err := s.Post(ctx, tenant, moved); err != nil {
		t.Fatal(err)
	}
	periods := [][2]civil.Date{
		{},
		{civil.MustParse("2026-01-01"), civil.MustParse("2026-02-28")},
		{civil.MustParse("2025-12-15"), civil.MustParse("2026-01-20")},
		{civil.MustParse("2026-01-31"), {}},
		{{}, civil.MustParse("2026-01-31")},
		{civil.MustParse("2026-02-15"), civil.MustParse("2026-02-27")},
	}
	for _, p := range periods {
		all, err := s.Figures(ctx, tenant, p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range append(companies, "NONE", "ACM", "AC\x00", "\xff") {
			var got []journal.Figure
			err := s.CompanyFigures(ctx, tenant, c, p[0], p[1], func(f journal.Figure) error {
				got = append(got, f)
				return nil
			})
			if err != nil {
				t.Fatalf("CompanyFigures of %q from %s to %s: %v", c, p[0], p[1], err)
			}
			var want []journal.Figure
			for _, f := range all {
				if f.Company == c {
					want = append(want, f)
				}
			}
			if got = journal.MergeFigures(got); !slices.Equal(got, want) {
				t.Errorf("CompanyFigures of %q from %s to %s = %+v, want %+v", c, p[0], p[1], got, want)
			}
		}
	}
	stop := errors.New("stop")
	if err := s.CompanyFigures(ctx, tenant, "ACME", civil.Date{}, civil.Date{}, func(journal.Figure) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("CompanyFigures returns %v, want the function's error", err)
	}
	if err := s.CompanyFigures(ctx, "", "ACME", civil.Date{}, civil.Date{}, func(journal.Figure) error { return nil }); levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("CompanyFigures without a tenant returns %v, want an invalid tenant", err)
	}
}

// testFiguresOfOneUnit: a unit that posts one ID twice (the second a new
// version that moves the sale to another state, day and company), a sale
// and a return, keeps the figures of the last version alone, as the
// journal's transactions give them; a return's reversal takes no
// transaction away, and the reversal of a sale's reversal counts the
// sale's transaction again.
func testFiguresOfOneUnit(t *testing.T, s journal.Store) {
	ctx := context.Background()
	ret := sale(t, "U3", "2026-09-02", "ACME", usLine(t, "L1", "US-TX", "-40.00", "-40.00"))
	if _, err := s.PostAll(ctx, tenant, []*journal.Transaction{
		sale(t, "U1", "2026-09-01", "ACME", usLine(t, "L1", "US-TX", "100.00", "100.00")),
		sale(t, "U2", "2026-09-01", "ACME", usLine(t, "L1", "US-TX", "10.00", "10.00")),
		sale(t, "U1", "2026-09-03", "BETA", usLine(t, "L1", "US-NY", "70.00", "70.00")),
		ret,
	}); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-09-01": {Direct: tally(10, 0, 10, 1)},
		"BETA/US-NY/2026-09-03": {Direct: tally(70, 0, 70, 1)},
		"ACME/US-TX/2026-09-02": {Direct: tally(-40, 0, -40, 0)},
	})
	// The reversal of the return takes its amounts back and no count.
	if _, err := s.Reverse(ctx, tenant, "U3", journal.Reversal{TransactionID: "U3-R", PostingDate: civil.MustParse("2026-09-04")}); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-09-01": {Direct: tally(10, 0, 10, 1)},
		"BETA/US-NY/2026-09-03": {Direct: tally(70, 0, 70, 1)},
		"ACME/US-TX/2026-09-02": {Direct: tally(-40, 0, -40, 0)},
		"ACME/US-TX/2026-09-04": {Direct: tally(40, 0, 40, 0)},
	})
	// A sale, its reversal and the reversal's reversal: the sale counts
	// again, its transaction with it.
	if _, err := s.Post(ctx, tenant, sale(t, "U4", "2026-09-05", "ACME", usLine(t, "L1", "US-TX", "25.00", "25.00"))); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct{ id, day string }{{"U4", "2026-09-06"}, {"U4-R", "2026-09-07"}} {
		if _, err := s.Reverse(ctx, tenant, r.id, journal.Reversal{TransactionID: r.id + "-R", PostingDate: civil.MustParse(r.day)}); err != nil {
			t.Fatal(err)
		}
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-09-01": {Direct: tally(10, 0, 10, 1)},
		"BETA/US-NY/2026-09-03": {Direct: tally(70, 0, 70, 1)},
		"ACME/US-TX/2026-09-02": {Direct: tally(-40, 0, -40, 0)},
		"ACME/US-TX/2026-09-04": {Direct: tally(40, 0, 40, 0)},
		"ACME/US-TX/2026-09-05": {Direct: tally(25, 0, 25, 1)},
		"ACME/US-TX/2026-09-06": {Direct: tally(-25, 0, -25, -1)},
		"ACME/US-TX/2026-09-07": {Direct: tally(25, 0, 25, 1)},
	})
}

// exemptLine returns a line of amount net delivered to state, its state
// tax exempted because of the customer by rule (customer-exempt,
// customer-certificate or override) for reason (an SST letter: G is
// resale).
func exemptLine(t *testing.T, itemID, state, net, rule, reason string) journal.Line {
	t.Helper()
	n := amount(t, net)
	return journal.Line{
		LineItemID: itemID, ProductClass: "GENERAL", Origin: "US-WA", Destination: state, Amount: n,
		Taxes: []journal.Tax{{JurisdictionID: state, JurisdictionType: "STATE", TaxResult: "EXEMPT",
			Taxable: amount(t, "0"), Exempt: n, Tax: amount(t, "0"), RuleID: rule, ReasonCode: reason}},
	}
}

// testFiguresResaleApart: a US state's figures keep apart, within the
// part exempted because of the customer, what was exempted for another
// reason than resale (Tally.ExemptOther): a sale to a charitable
// organisation (reason E) there, a resale (G) and a reason the figures
// cannot read (a four-digit code) not; through a post, a reversal, a
// unit of many figures (PostAll into six states) and a replacement.
func testFiguresResaleApart(t *testing.T, s journal.Store) {
	ctx := context.Background()
	const u = journal.UnitsPerCurrencyUnit
	exempt := func(gross, exempt, other, taxable, count int64) journal.Tally {
		return journal.Tally{Gross: gross * u, Exempt: exempt * u, ExemptOther: other * u, Taxable: taxable * u, Count: count}
	}
	if _, err := s.Post(ctx, tenant, sale(t, "TN1", "2026-03-02", "ACME",
		exemptLine(t, "resale", "US-TN", "300.00", "customer-certificate", "G"),
		exemptLine(t, "charity", "US-TN", "200.00", "customer-exempt", "E"),
		exemptLine(t, "override", "US-TN", "40.00", "override", "f"),
		exemptLine(t, "unknown", "US-TN", "7.00", "customer-exempt", "0004"),
		usLine(t, "taxed", "US-TN", "100.00", "100.00"))); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TN/2026-03-02": {Direct: exempt(647, 547, 240, 100, 1)},
	})
	if _, err := s.Reverse(ctx, tenant, "TN1", journal.Reversal{TransactionID: "TN1-R", PostingDate: civil.MustParse("2026-03-05")}); err != nil {
		t.Fatal(err)
	}
	want := map[string]journal.Figure{
		"ACME/US-TN/2026-03-02": {Direct: exempt(647, 547, 240, 100, 1)},
		"ACME/US-TN/2026-03-05": {Direct: exempt(-647, -547, -240, -100, -1)},
	}
	wantFigures(t, s, tenant, want)

	// A unit of more figures than a post of one sale keeps.
	var batch []*journal.Transaction
	for i, st := range []string{"US-NE", "US-TN", "US-OH", "US-TX", "US-MN", "US-GA"} {
		batch = append(batch, sale(t, fmt.Sprintf("M%d", i), "2026-04-01", "ACME",
			exemptLine(t, "church", st, "50.00", "customer-certificate", "F"),
			exemptLine(t, "resale", st, "20.00", "customer-certificate", "G")))
		want["ACME/"+st+"/2026-04-01"] = journal.Figure{Direct: exempt(70, 70, 50, 0, 1)}
	}
	if _, err := s.PostAll(ctx, tenant, batch); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, want)

	// A replacement (a rebuild) keeps the part as the journal gives it.
	computed, err := journal.Recompute(ctx, s, tenant)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceFigures(ctx, tenant, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceFigures(ctx, tenant, computed); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, want)
	sums, err := s.AreaSums(ctx, tenant, "ACME", "US-TN", []journal.Span{{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-04-30")}})
	if err != nil {
		t.Fatal(err)
	}
	if got := sums[0].Direct; got != exempt(70, 70, 50, 0, 1) {
		t.Errorf("Tennessee's sum over March and April = %+v, want %+v", got, exempt(70, 70, 50, 0, 1))
	}
}
