package badger

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// crashSyncLines is how many lines the large transactions of
// TestCrashJournalSyncs carry beyond their two: enough that each version
// is more than Badger's value threshold (1 MiB), so that it goes to the
// value log rather than the LSM tree.
const crashSyncLines = 4000

// crashSyncSteps returns how many steps the sequence of ID number i of
// TestCrashJournalSyncs has:
//  1. an ARBILLING_SYNC of lines 1 and 2 (version 1);
//  2. a sync of line 1 alone, with another amount (version 2, line 2
//     kept);
//  3. a rollback of that sync (version 3, restoring version 1);
//  4. for an odd i, a delete.
func crashSyncSteps(i int) int { return 3 + i%2 }

// crashSyncTx returns what the sequence of id sends at step 1 (v 1) or
// step 2 (v 2): every large ID (i%8 == 0) with crashSyncLines more lines
// at step 1.
func crashSyncTx(id string, i, v int) *journal.Transaction {
	tx := crashTx(id)
	tx.MessageType, tx.Sync = "ARBILLING_SYNC", true
	l := tx.Lines[0]
	l.LineItemID = "2"
	tx.Lines = append(tx.Lines, l)
	if v == 1 && i%8 == 0 {
		for n := range crashSyncLines {
			extra := l
			extra.LineItemID = "x" + strconv.Itoa(n)
			tx.Lines = append(tx.Lines, extra)
		}
	}
	if v == 2 {
		net := l.Amount.Add(money.FromInt(5))
		tax, _ := net.Div(money.FromInt(16), 2, money.HalfUp)
		tx.Lines = tx.Lines[:1]
		tx.Lines[0].Amount, tx.Lines[0].TotalTax = net, tax
		tx.Lines[0].Taxes = []journal.Tax{{JurisdictionID: l.Destination, Taxable: net, Tax: tax, Rate: l.Taxes[0].Rate}}
	}
	var sub, tax money.Amount
	for _, l := range tx.Lines {
		sub, tax = sub.Add(l.Amount), tax.Add(l.TotalTax)
	}
	tx.SubTotal, tx.TotalTax, tx.Total = sub, tax, sub.Add(tax)
	return tx
}

// TestCrashJournalSyncsChild runs the sequences of crashSyncSteps from 6
// goroutines, printing "ack <id> <step>" after each step, with value log
// garbage collection every 10 ms, until it is killed. It runs only as
// the child of TestCrashJournalSyncs.
func TestCrashJournalSyncsChild(t *testing.T) {
	dir, round, ok := crashChild(t)
	if !ok {
		return
	}
	ctx := context.Background()
	j, err := OpenJournal(ctx, dir, WithGCInterval(10*time.Millisecond))
	if err != nil {
		childFail("open failed: %v", err)
	}
	var out ackWriter
	for g := range 6 {
		go func() {
			for i := 0; ; i++ {
				id := fmt.Sprintf("S%03d-%02d-%06d", round, g, i)
				for s := 1; s <= crashSyncSteps(i); s++ {
					var err error
					switch s {
					case 1, 2:
						_, err = j.Post(ctx, crashTenant, crashSyncTx(id, i, s))
					case 3:
						_, err = j.Rollback(ctx, crashTenant, id)
					case 4:
						err = j.Delete(ctx, crashTenant, id)
					}
					if err != nil {
						childFail("step %d of %s failed: %v", s, id, err)
					}
					out.ack("%s %d", id, s)
				}
			}
		}()
	}
	time.Sleep(crashChildBound)
	os.Exit(3)
}

// TestCrashJournalSyncs kills a process that posts syncs, rolls them
// back and deletes, some of its versions larger than Badger's value
// threshold, while the value log's garbage collection runs, and checks
// after each kill that every ID is as its last acknowledged step left
// it, or as the step under way would have, each version whole, and
// that the sales figures and their monthly totals are what the journal
// adds up to.
func TestCrashJournalSyncs(t *testing.T) {
	crashJournalRounds(t, "TestCrashJournalSyncsChild", 30, checkJournalSyncs)
}

// checkJournalSyncs checks the journal j after round r's kill against
// the steps acknowledged.
func checkJournalSyncs(t *testing.T, j *JournalStore, acked map[string]int, r int) {
	t.Helper()
	ctx := context.Background()
	for id, step := range acked {
		i, err := strconv.Atoi(id[len(id)-6:])
		if err != nil {
			t.Fatalf("ID %s: %v", id, err)
		}
		h, err := j.History(ctx, crashTenant, id)
		if err != nil {
			t.Fatalf("round %d: %s, acknowledged to step %d, is lost: %v", r, id, step, err)
		}
		// After step s: s versions up to the rollback, then the three
		// versions, live until the delete.
		at := func(s int) (int, bool) { return min(s, 3), s < 4 }
		versions, live := len(h.Versions), h.Live
		okNow := func(s int) bool { v, l := at(s); return versions == v && live == l }
		if !okNow(step) && (step == crashSyncSteps(i) || !okNow(step+1)) {
			t.Fatalf("round %d: %s, acknowledged to step %d of %d, has %d versions, live %v", r, id, step, crashSyncSteps(i), versions, live)
		}
		v1 := journal.Reconcile(nil, crashSyncTx(id, i, 1))
		want := []*journal.Transaction{v1, journal.Reconcile(v1, crashSyncTx(id, i, 2)), v1}
		for v, tx := range h.Versions {
			w := want[v]
			if tx.Version != v+1 || len(tx.Lines) != len(w.Lines) || !tx.Total.Equal(w.Total) || !tx.Lines[0].Amount.Equal(w.Lines[0].Amount) ||
				(v == 2) != (tx.RollbackOf == 1) {
				t.Fatalf("round %d: version %d of %s is damaged: %d lines, total %s, rollback of %d; want %d lines, total %s",
					r, v+1, id, len(tx.Lines), tx.Total, tx.RollbackOf, len(w.Lines), w.Total)
			}
		}
	}
	rb, err := nexus.Rebuild(ctx, j, crashTenant, false)
	if err != nil {
		t.Fatalf("round %d: rebuild: %v", r, err)
	}
	if len(rb.Differences) > 0 || len(rb.Months) > 0 || rb.Figures == 0 {
		t.Fatalf("round %d: after the kill, %d of %d figures and %d monthly totals differ from the journal's: %+v %+v",
			r, len(rb.Differences), rb.Figures, len(rb.Months), rb.Differences[:min(3, len(rb.Differences))], rb.Months[:min(3, len(rb.Months))])
	}
}
