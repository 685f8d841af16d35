package journaltest

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// testFiguresUnconvertedReversed checks that the reversal of a sale
// whose line the figures could not convert takes that line back from
// the count of lines not converted, as it takes the sale back from the
// count of transactions: a sale in euros into Massachusetts with no
// conversion to dollars, and its reversal, left two lines "in another
// currency without a conversion to US dollars not counted" in the
// nexus report, where no sale stands. Reversing the reversal counts the
// line again; a return (a document of its own below zero) is a line
// not counted, as a sale is.
func testFiguresUnconvertedReversed(t *testing.T, s journal.Store) {
	ctx := context.Background()
	eur := sale(t, "U1", "2026-06-01", "ACME", usLine(t, "L1", "US-MA", "100.00", "100.00"))
	eur.Currency = "EUR"
	mustPost(t, s, tenant, eur)
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-MA/2026-06-01": {Direct: journal.Tally{Count: 1, Unconverted: 1}},
	})
	if _, err := s.Reverse(ctx, tenant, "U1", journal.Reversal{TransactionID: "U1-R", PostingDate: civil.MustParse("2026-06-03")}); err != nil {
		t.Fatal(err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-MA/2026-06-01": {Direct: journal.Tally{Count: 1, Unconverted: 1}},
		"ACME/US-MA/2026-06-03": {Direct: journal.Tally{Count: -1, Unconverted: -1}},
	})
	if _, err := s.Reverse(ctx, tenant, "U1-R", journal.Reversal{TransactionID: "U1-RR", PostingDate: civil.MustParse("2026-06-04")}); err != nil {
		t.Fatal(err)
	}
	ret := sale(t, "U2", "2026-06-05", "ACME", usLine(t, "L1", "US-MA", "-30.00", "-30.00"))
	ret.Currency = "EUR"
	mustPost(t, s, tenant, ret)
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-MA/2026-06-01": {Direct: journal.Tally{Count: 1, Unconverted: 1}},
		"ACME/US-MA/2026-06-03": {Direct: journal.Tally{Count: -1, Unconverted: -1}},
		"ACME/US-MA/2026-06-04": {Direct: journal.Tally{Count: 1, Unconverted: 1}},
		"ACME/US-MA/2026-06-05": {Direct: journal.Tally{Count: 0, Unconverted: 1}},
	})
}
