package journal_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// TestIntrastatReversalOfASupersededVersion: a dispatch of 10 kg to Italy
// is reversed in May, and its ID posted again the same month with 20 kg
// of the same goods to the same customer. The new version counts in full
// (the reversal takes back the version it was made against, which the
// period no longer holds), so May declares 20 kg and 200.00 and refuses
// the reversal, as it does when the new version sends other goods. Levy
// let the reversal take its 10 kg out of the new version's item and
// declared 10 kg and 100.00, refusing nothing.
func TestIntrastatReversalOfASupersededVersion(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	if _, err := s.Post(ctx, "t", intrastatDE("X", "2026-05-04", "100.00", 10, "IT", "IT00743110157", 11)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Reverse(ctx, "t", "X", journal.Reversal{TransactionID: "X-R", PostingDate: civil.MustParse("2026-05-10")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Post(ctx, "t", intrastatDE("X", "2026-05-12", "200.00", 20, "IT", "IT00743110157", 11)); err != nil {
		t.Fatal(err)
	}
	d := mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].NetMass != 20 || d.Items[0].InvoicedValue.String() != "200.00" || d.Items[0].Lines != 1 {
		t.Errorf("items %+v, want the new version's 20 kg and 200.00 in 1 line", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "X-R" || !strings.Contains(d.Refused[0].Reason, `"X"`) {
		t.Errorf("refused %+v, want the reversal X-R, naming X", d.Refused)
	}
	// The reversal reversed in the month: the two net to nothing, and the
	// new version stays declared in full.
	if _, err := s.Reverse(ctx, "t", "X-R", journal.Reversal{TransactionID: "X-RR", PostingDate: civil.MustParse("2026-05-14")}); err != nil {
		t.Fatal(err)
	}
	d = mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].NetMass != 20 || d.Items[0].InvoicedValue.String() != "200.00" || d.Items[0].Lines != 1 || len(d.Refused) != 0 {
		t.Errorf("the reversal reversed: items %+v, refused %+v, want 20 kg and 200.00 in 1 line and nothing refused", d.Items, d.Refused)
	}
}

// TestIntrastatStaleReversalReversed: a dispatch to Italy is reversed
// and posted again to France in May, and the reversal is reversed the
// same month. The reversal, which takes back Italian goods that May does
// not hold, and its reversal net to nothing: May declares France's goods
// and refuses nothing. Levy refused both, the second as the reversal of
// goods not declared in the period, and the command ended with status 1.
func TestIntrastatStaleReversalReversed(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	if _, err := s.Post(ctx, "t", intrastatDE("X", "2026-05-04", "100.00", 10, "IT", "IT00743110157", 11)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Reverse(ctx, "t", "X", journal.Reversal{TransactionID: "X-R", PostingDate: civil.MustParse("2026-05-10")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Post(ctx, "t", intrastatDE("X", "2026-05-12", "200.00", 20, "FR", "FR40303265045", 11)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Reverse(ctx, "t", "X-R", journal.Reversal{TransactionID: "X-RR", PostingDate: civil.MustParse("2026-05-14")}); err != nil {
		t.Fatal(err)
	}
	d := mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].PartnerCountry != "FR" || d.Items[0].NetMass != 20 || d.Items[0].Lines != 1 || len(d.Refused) != 0 {
		t.Errorf("items %+v, refused %+v, want France's 20 kg in 1 line and nothing refused", d.Items, d.Refused)
	}
	// Its reversal in turn restores the refusal.
	if _, err := s.Reverse(ctx, "t", "X-RR", journal.Reversal{TransactionID: "X-RRR", PostingDate: civil.MustParse("2026-05-16")}); err != nil {
		t.Fatal(err)
	}
	d = mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].NetMass != 20 || len(d.Refused) != 1 || d.Refused[0].TransactionID != "X-RRR" {
		t.Errorf("reversed again: items %+v, refused %+v, want France's 20 kg and X-RRR refused", d.Items, d.Refused)
	}
}

// TestIntrastatMemberStateEL: a query for EL, Greece's VAT prefix, is
// refused naming memberState and saying that Greece's code is GR; Levy
// said only that EL is no member state's code.
func TestIntrastatMemberStateEL(t *testing.T) {
	_, err := journal.Intrastat(context.Background(), journal.NewMemory(), "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"),
		To: civil.MustParse("2026-05-31"), MemberState: "el", Flow: journal.Dispatches}, codes{})
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != "memberState" || !strings.Contains(errs[0].Error(), "GR") {
		t.Fatalf("error %v, want memberState refused naming GR", err)
	}
	d, err := journal.Intrastat(context.Background(), journal.NewMemory(), "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"),
		To: civil.MustParse("2026-05-31"), MemberState: "GR", Flow: journal.Dispatches}, codes{})
	if err != nil || d.MemberState != "GR" || d.Currency != "EUR" {
		t.Fatalf("GR: %+v, %v", d, err)
	}
}
