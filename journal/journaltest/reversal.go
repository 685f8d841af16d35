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

// testDeleteReversalOfReversed: a reversal R that a reversal RR
// reverses is not deleted while RR stands (409, naming RR), nor posted
// over: deleted or superseded, R would give the sale back in full
// beside RR, which gives it back already, and the sale would count
// twice in the scan and the figures.
// Once RR is deleted, R may be, and the sale counts once.
func testDeleteReversalOfReversed(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, sale(t, "S1", "2026-03-02", "ACME", usLine(t, "L1", "US-TX", "100.00", "100.00")))
	if _, err := s.Reverse(ctx, tenant, "S1", journal.Reversal{TransactionID: "S1-R", PostingDate: civil.MustParse("2026-03-05")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Reverse(ctx, tenant, "S1-R", journal.Reversal{TransactionID: "S1-RR", PostingDate: civil.MustParse("2026-04-07")}); err != nil {
		t.Fatal(err)
	}
	standing := map[string]journal.Figure{
		"ACME/US-TX/2026-03-02": {Direct: tally(100, 0, 100, 1)},
		"ACME/US-TX/2026-03-05": {Direct: tally(-100, 0, -100, -1)},
		"ACME/US-TX/2026-04-07": {Direct: tally(100, 0, 100, 1)},
	}
	wantFigures(t, s, tenant, standing)

	err := s.Delete(ctx, tenant, "S1-R")
	wantCode(t, "deleting S1-R while S1-RR reverses it", err, levy.EConflict)
	if e := (*levy.Error)(nil); !errors.As(err, &e) || e.Field != journal.FieldTransactionID || !strings.Contains(e.Message, `"S1-RR"`) {
		t.Fatalf("deleting S1-R while S1-RR reverses it: %v, want a conflict of %s naming S1-RR", err, journal.FieldTransactionID)
	}
	if !exists(t, s, tenant, "S1-R") {
		t.Fatal("the refused delete deleted S1-R")
	}
	wantScan(t, s, tenant, "", "", "S1@1", "S1-R@1", "S1-RR@1")
	wantFigures(t, s, tenant, standing)
	wantHistory(t, s, tenant, "S1-R", 1, true, "S1-RR")

	// Nor is a new version posted over it, which would supersede it
	// and give the sale back in full beside S1-RR just the same.
	over := sale(t, "S1-R", "2026-03-05", "ACME", usLine(t, "L1", "US-TX", "7.00", "7.00"))
	_, err = s.Post(ctx, tenant, over)
	wantCode(t, "posting over S1-R while S1-RR reverses it", err, levy.EConflict)
	if err == nil || !strings.Contains(err.Error(), `"S1-RR"`) {
		t.Fatalf("posting over S1-R while S1-RR reverses it: %v, want it to name S1-RR", err)
	}
	_, err = s.PostAll(ctx, tenant, []*journal.Transaction{sale(t, "S2", "2026-03-05", "ACME"), over})
	wantCode(t, "posting over S1-R in a batch while S1-RR reverses it", err, levy.EConflict)
	if exists(t, s, tenant, "S2") {
		t.Fatal("the refused batch stored S2")
	}
	wantScan(t, s, tenant, "", "", "S1@1", "S1-R@1", "S1-RR@1")
	wantFigures(t, s, tenant, standing)

	// RR first, then R: the sale counts once, in full.
	if err := s.Delete(ctx, tenant, "S1-RR"); err != nil {
		t.Fatalf("Delete of the reversal of the reversal: %v", err)
	}
	if err := s.Delete(ctx, tenant, "S1-R"); err != nil {
		t.Fatalf("Delete of the reversal once its own reversal is deleted: %v", err)
	}
	wantScan(t, s, tenant, "", "", "S1@1")
	wantFigures(t, s, tenant, map[string]journal.Figure{
		"ACME/US-TX/2026-03-02": {Direct: tally(100, 0, 100, 1)},
	})

	// A reversed sale itself may still be deleted: its reversal stays,
	// as a credit of its own.
	if _, err := s.Reverse(ctx, tenant, "S1", journal.Reversal{TransactionID: "S1-R2", PostingDate: civil.MustParse("2026-03-06")}); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, tenant, "S1"); err != nil {
		t.Fatalf("Delete of a reversed sale: %v", err)
	}
	wantScan(t, s, tenant, "", "", "S1-R2@1")
}
