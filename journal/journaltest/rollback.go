package journaltest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// testRollbackOfSyncOverDeleted deletes a sale of 100.00 and sends a
// sync of 150.00 under its ID, which starts the transaction anew (a
// deleted transaction's lines are not merged). Before the sync there
// was no transaction: a rollback has no earlier state of it to return
// to, and must not bring back the deleted sale, which the tenant took
// out of its figures. It is refused as a conflict, as the rollback of
// a sync that is a transaction's first version is, and writes nothing.
func testRollbackOfSyncOverDeleted(t *testing.T, s journal.Store) {
	ctx := context.Background()
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "100.00", "100.00")))
	if err := s.Delete(ctx, tenant, "INV-1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	synced := syncSale(t, "INV-1", "A", "150.00", "ADD")
	mustPost(t, s, tenant, synced)
	wantFigures(t, s, tenant, map[string]journal.Figure{"ACME/US-TX/2026-03-14": {Direct: tally(150, 0, 150, 1)}})

	_, err := s.Rollback(ctx, tenant, "INV-1")
	wantCode(t, "rolling back a sync that followed a delete", err, levy.EConflict)
	if n := len(mustVersions(t, s, tenant, "INV-1")); n != 2 {
		t.Fatalf("the refused rollback wrote a version: %d versions, want 2", n)
	}
	if got := mustGet(t, s, tenant, "INV-1"); got.Total.String() != "150.00" {
		t.Fatalf("after the refused rollback the transaction is %s, want the sync's 150.00", encode(t, got))
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{"ACME/US-TX/2026-03-14": {Direct: tally(150, 0, 150, 1)}})
}

// testRollbackUnderEarlierReversal reverses a sale of 100.00 (REV-1),
// then a sync makes it 150.00: the reversal stays a credit of -100.00
// and the sale counts 150.00, so the figures come to 50.00. Rolled back
// while REV-1 stands, the sale would again be the 100.00 that REV-1
// took back, yet count in full beside it, and could be reversed a
// second time (the figures would come to -100.00). The rollback is
// refused as a conflict naming REV-1 and writes nothing, as for a
// transaction whose latest version is reversed; once REV-1 is deleted,
// it is made.
func testRollbackUnderEarlierReversal(t *testing.T, s journal.Store) {
	ctx := context.Background()
	day := civil.MustParse("2026-03-14")
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "100.00", "100.00")))
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: day}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	synced := syncSale(t, "INV-1", "A", "150.00", "UPDATE")
	mustPost(t, s, tenant, synced)
	netFifty := map[string]journal.Figure{"ACME/US-TX/2026-03-14": {Direct: tally(50, 0, 50, 0)}}
	wantFigures(t, s, tenant, netFifty)

	_, err := s.Rollback(ctx, tenant, "INV-1")
	wantCode(t, "rolling back to a version whose reversal stands", err, levy.EConflict)
	if err == nil || !strings.Contains(err.Error(), "REV-1") {
		t.Fatalf("rolling back to a reversed version: %v, want it to name REV-1", err)
	}
	wantHistory(t, s, tenant, "INV-1", 2, true, "")
	wantFigures(t, s, tenant, netFifty)

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

// testRollbackOfSyncOverReversal reverses a sale of 100.00 (REV-1), then
// a sync is sent under REV-1's ID: REV-1 becomes a transaction of its
// own, no longer the reversal of INV-1, which counts in full again and
// is reversed a second time (REV-2). Rolled back, REV-1 would again be
// the reversal of INV-1, beside REV-2: INV-1 would be taken back twice
// and the figures would come to -100.00. The rollback is refused as a
// conflict naming REV-2 and writes nothing; once REV-2 is deleted, it
// is made, and INV-1 counts as reversed by REV-1 again: a third
// reversal is refused.
func testRollbackOfSyncOverReversal(t *testing.T, s journal.Store) {
	ctx := context.Background()
	day := civil.MustParse("2026-03-14")
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "100.00", "100.00")))
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: day}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	synced := syncSale(t, "REV-1", "B", "30.00", "ADD")
	if got := mustPost(t, s, tenant, synced); got.ReversalOf != "" {
		t.Fatalf("the sync under REV-1 is still a reversal: %s", encode(t, got))
	}
	wantHistory(t, s, tenant, "INV-1", 1, true, "")
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-2", PostingDate: day}); err != nil {
		t.Fatalf("second Reverse: %v", err)
	}
	before := figures(t, s, tenant)

	_, err := s.Rollback(ctx, tenant, "REV-1")
	wantCode(t, "rolling back a reversal while another reversal stands", err, levy.EConflict)
	if err == nil || !strings.Contains(err.Error(), "REV-2") {
		t.Fatalf("rolling back a reversal while another stands: %v, want it to name REV-2", err)
	}
	wantHistory(t, s, tenant, "REV-1", 2, true, "")
	wantHistory(t, s, tenant, "INV-1", 1, true, "REV-2")
	wantFigures(t, s, tenant, before)

	if err := s.Delete(ctx, tenant, "REV-2"); err != nil {
		t.Fatalf("Delete of the second reversal: %v", err)
	}
	if _, err := s.Rollback(ctx, tenant, "REV-1"); err != nil {
		t.Fatalf("rolling back after the second reversal was deleted: %v", err)
	}
	wantFigures(t, s, tenant, map[string]journal.Figure{})
	wantHistory(t, s, tenant, "INV-1", 1, true, "REV-1")
	_, err = s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-3", PostingDate: day})
	wantCode(t, "reversing what the restored reversal takes back", err, levy.EConflict)
	wantFigures(t, s, tenant, map[string]journal.Figure{})
}

// testRollbackOfSyncOverReversalOfGoneVersion restores, by a rollback,
// a reversal (REV-1) whose sale has since been deleted or posted again,
// while a second reversal (REV-2) of the same version of the sale
// stands: the rollback is refused, naming REV-2 when the deleted sale
// still names it, and the figures keep the sale taken back once.
// Without REV-2, the reversal of the deleted sale is restored; that of
// the version posted over stays refused.
// Restored, REV-1 took the sale back a second time beside REV-2: a
// deleted sale of 100.00 counted -200.00.
func testRollbackOfSyncOverReversalOfGoneVersion(t *testing.T, s journal.Store) {
	ctx := context.Background()
	day := civil.MustParse("2026-03-14")
	for _, gone := range []string{"deleted", "posted again"} {
		ten := "gone-" + strings.ReplaceAll(gone, " ", "-")
		mustPost(t, s, ten, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "100.00", "100.00")))
		if _, err := s.Reverse(ctx, ten, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: day}); err != nil {
			t.Fatalf("%s: Reverse: %v", gone, err)
		}
		mustPost(t, s, ten, syncSale(t, "REV-1", "B", "30.00", "ADD"))
		if _, err := s.Reverse(ctx, ten, "INV-1", journal.Reversal{TransactionID: "REV-2", PostingDate: day}); err != nil {
			t.Fatalf("%s: second Reverse: %v", gone, err)
		}
		if gone == "deleted" {
			if err := s.Delete(ctx, ten, "INV-1"); err != nil {
				t.Fatalf("Delete: %v", err)
			}
		} else {
			mustPost(t, s, ten, sale(t, "INV-1", "2026-03-20", "ACME", usLine(t, "A", "US-TX", "70.00", "70.00")))
		}
		before := figures(t, s, ten)
		_, err := s.Rollback(ctx, ten, "REV-1")
		wantCode(t, "rolling back a reversal of a sale "+gone+" while another reversal of it stands", err, levy.EConflict)
		if gone == "deleted" && (err == nil || !strings.Contains(err.Error(), "REV-2")) {
			t.Fatalf("rolling back a reversal of a deleted sale while another stands: %v, want it to name REV-2", err)
		}
		wantHistory(t, s, ten, "REV-1", 2, true, "")
		wantFigures(t, s, ten, before)

		// With REV-2 deleted, the reversal of the deleted sale is
		// restored, a credit of its own that the sale's head names;
		// that of a superseded version is still refused, as nothing
		// would tell another reversal of it.
		if err := s.Delete(ctx, ten, "REV-2"); err != nil {
			t.Fatalf("%s: Delete of REV-2: %v", gone, err)
		}
		_, err = s.Rollback(ctx, ten, "REV-1")
		if gone == "deleted" {
			if err != nil {
				t.Fatalf("rolling back a reversal of a deleted sale that no other reversal takes back: %v", err)
			}
			wantHistory(t, s, ten, "INV-1", 1, false, "REV-1")
		} else {
			wantCode(t, "rolling back a reversal of a sale posted again", err, levy.EConflict)
		}
		checkCountedOnce(t, s, ten, 0, nil)
	}
}

// testRollbackOfSyncOverReversalOfDeletedReversal reverses a sale
// (REV-1), reverses the reversal (REV-2, which gives the sale back),
// sends a sync under REV-2, deletes REV-1 (no reversal of it stands) and
// rolls REV-2 back: restored, REV-2 gave the sale back beside the sale
// itself, which counts in full since REV-1 was deleted, and a sale of
// 100.00 counted 200.00. The rollback is refused, as the delete of
// REV-1 is while REV-2 stands, and the figures stay as they were.
func testRollbackOfSyncOverReversalOfDeletedReversal(t *testing.T, s journal.Store) {
	ctx := context.Background()
	day := civil.MustParse("2026-03-14")
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "100.00", "100.00")))
	if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: day}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	if _, err := s.Reverse(ctx, tenant, "REV-1", journal.Reversal{TransactionID: "REV-2", PostingDate: day}); err != nil {
		t.Fatalf("Reverse of the reversal: %v", err)
	}
	mustPost(t, s, tenant, syncSale(t, "REV-2", "B", "30.00", "ADD"))
	if err := s.Delete(ctx, tenant, "REV-1"); err != nil {
		t.Fatalf("Delete of REV-1 once REV-2 is a sync: %v", err)
	}
	before := figures(t, s, tenant)
	_, err := s.Rollback(ctx, tenant, "REV-2")
	wantCode(t, "rolling back a reversal of a deleted reversal", err, levy.EConflict)
	if err == nil || !strings.Contains(err.Error(), "REV-1") {
		t.Fatalf("rolling back a reversal of a deleted reversal: %v, want it to name REV-1", err)
	}
	wantHistory(t, s, tenant, "REV-2", 2, true, "")
	wantFigures(t, s, tenant, before)
	checkCountedOnce(t, s, tenant, 0, nil)
}

// testConcurrentRollbacksOfReversals reverses a sale several times, a
// sync sent under each reversal's ID before the next (so that none
// stands), deletes the sale, and rolls every reversal back at once:
// one is restored, a credit that the deleted sale's head names, and the
// others are refused naming it, whatever the order; restored together
// they took the sale back as many times.
func testConcurrentRollbacksOfReversals(t *testing.T, s journal.Store) {
	const writers = 6
	ctx := context.Background()
	day := civil.MustParse("2026-03-14")
	mustPost(t, s, tenant, sale(t, "INV-1", "2026-03-14", "ACME", usLine(t, "A", "US-TX", "100.00", "100.00")))
	for w := range writers {
		rid := fmt.Sprintf("REV-%d", w)
		if _, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: rid, PostingDate: day}); err != nil {
			t.Fatalf("Reverse as %s: %v", rid, err)
		}
		mustPost(t, s, tenant, syncSale(t, rid, "B", "30.00", "ADD"))
	}
	if err := s.Delete(ctx, tenant, "INV-1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	winner := oneWins(t, writers, "rollback", func(w int) (string, error) {
		rid := fmt.Sprintf("REV-%d", w)
		_, err := s.Rollback(ctx, tenant, rid)
		return rid, err
	})
	wantHistory(t, s, tenant, "INV-1", 1, false, winner)
	checkCountedOnce(t, s, tenant, 0, nil)
}
