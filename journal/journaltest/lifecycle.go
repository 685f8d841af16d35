package journaltest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// versionKey names one version of a transaction ID.
type versionKey struct {
	id      string
	version int
}

// weights returns how many times tx, the latest version of a live
// transaction, counts each version of the journal that is no reversal:
// +1 for the version itself (or, for a rollback, the version it
// restores), and for a reversal the negation of what the version it
// takes back counts.
func weights(t *testing.T, s journal.Store, ten string, tx *journal.Transaction, depth int) map[versionKey]int {
	t.Helper()
	if depth > 64 {
		t.Fatalf("reversal chain of %q too deep", tx.TransactionID)
	}
	if tx.ReversalOf == "" {
		k := versionKey{tx.TransactionID, tx.Version}
		for tx.RollbackOf != 0 {
			vs := mustVersions(t, s, ten, tx.TransactionID)
			tx = vs[tx.RollbackOf-1]
			k = versionKey{tx.TransactionID, tx.Version}
		}
		if tx.ReversalOf == "" {
			return map[versionKey]int{k: 1}
		}
	}
	vs := mustVersions(t, s, ten, tx.ReversalOf)
	if tx.ReversalOfVersion < 1 || tx.ReversalOfVersion > len(vs) {
		t.Fatalf("%q v%d reverses version %d of %q, which has %d", tx.TransactionID, tx.Version, tx.ReversalOfVersion, tx.ReversalOf, len(vs))
	}
	out := map[versionKey]int{}
	for k, w := range weights(t, s, ten, vs[tx.ReversalOfVersion-1], depth+1) {
		out[k] -= w
	}
	return out
}

// checkCountedOnce fails unless every version of a sale counts at most
// once over the live transactions of the journal (their weights): once
// while it stands itself, or given back by the reversal of its
// reversal, and at most once taken back (a reversal of it that stays
// after it was deleted or superseded); a sale given back beside its own
// reversal's reversal, or taken back twice, counts twice. It fails too
// unless the stored figures are what a fresh scan of the journal gives.
func checkCountedOnce(t *testing.T, s journal.Store, ten string, op int, log []string) {
	t.Helper()
	ctx := context.Background()
	net, stands := map[versionKey]int{}, map[versionKey]bool{}
	err := s.Scan(ctx, ten, civil.Date{}, civil.Date{}, func(tx *journal.Transaction) error {
		ws := weights(t, s, ten, tx, 0)
		for k, w := range ws {
			net[k] += w
			if tx.ReversalOf == "" && len(ws) == 1 && w == 1 {
				stands[k] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k, n := range net {
		if n > 1 || n < -1 || (stands[k] && n < 0) {
			t.Fatalf("after operation %d, version %d of %q counts %d times (standing: %v); operations:\n%s",
				op, k.version, k.id, n, stands[k], strings.Join(log, ""))
		}
	}
	stored, err := s.Figures(ctx, ten, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	computed, err := journal.Recompute(ctx, s, ten)
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(stored, computed); len(d) > 0 {
		t.Fatalf("after operation %d, stored figures differ from the journal's: %+v; operations:\n%s", op, d, strings.Join(log, ""))
	}
}

// testLifecycleRandom runs random posts (of sales, and now and then of
// purchases), syncs, reversals (of reversals too, under IDs of every
// kind), rollbacks and deletes over a small set of IDs, and after each
// checks that no version counts twice and that the figures are the
// journal's.
func testLifecycleRandom(t *testing.T, s journal.Store) {
	ctx := context.Background()
	for seed := range uint64(32) {
		ten := fmt.Sprintf("life-%d", seed)
		rng := rand.New(rand.NewPCG(seed, 29))
		ids := []string{"A", "B", "C", "D", "R1", "R2", "R3", "R4", "R5", "R6"}
		pick := func() string { return ids[rng.IntN(len(ids))] }
		first := civil.MustParse("2026-01-30")
		day := func() civil.Date { return first.AddDays(rng.IntN(70)) }
		tx := func(id string, sync bool) *journal.Transaction {
			var lines []journal.Line
			for i := range 1 + rng.IntN(3) {
				net := fmt.Sprintf("%d.00", 1+rng.IntN(90))
				l := usLine(t, fmt.Sprint("L", i), "US-TX", net, net)
				if sync {
					l.SyncType = []string{"ADD", "UPDATE", "DELETE"}[rng.IntN(3)]
				}
				lines = append(lines, l)
			}
			x := sale(t, id, day().String(), "ACME", lines...)
			if sync {
				x.MessageType, x.Sync = "ARBILLING_SYNC", true
			}
			// Now and then a purchase under the same IDs, which a live
			// sale's ID refuses (and a live purchase's a sale).
			if rng.IntN(6) == 0 {
				x.Perspective, x.MessageType = "BUYER", "ACCRUAL"
				if sync {
					x.MessageType = "ACCRUAL_SYNC"
				}
			}
			return x
		}
		var log []string
		for op := range 200 {
			var err error
			var what string
			switch k := rng.IntN(12); {
			case k < 3:
				id := ids[rng.IntN(4)]
				what = "post " + id
				_, err = s.Post(ctx, ten, tx(id, false))
			case k < 5:
				id := pick()
				what = "sync " + id
				_, err = s.Post(ctx, ten, tx(id, true))
			case k < 8:
				id, rid := pick(), ids[4+rng.IntN(6)]
				if rng.IntN(5) == 0 {
					rid = pick()
				}
				r := journal.Reversal{TransactionID: rid}
				if rng.IntN(2) == 0 {
					r.PostingDate = day()
				} else {
					r.PostingDate = civil.MustParse("2026-06-30")
				}
				what = fmt.Sprintf("reverse %s as %s on %s", id, rid, r.PostingDate)
				_, err = s.Reverse(ctx, ten, id, r)
			case k < 9:
				id := pick()
				what = "rollback " + id
				_, err = s.Rollback(ctx, ten, id)
			default:
				id := pick()
				what = "delete " + id
				err = s.Delete(ctx, ten, id)
			}
			switch levy.ErrorCode(err) {
			case "":
			case levy.EConflict, levy.ENotFound, levy.EInvalid:
				what += ": " + levy.ErrorCode(err)
			default:
				t.Fatalf("operation %d (%s): %v", op, what, err)
			}
			log = append(log, fmt.Sprintf("%d %s\n", op, what))
			checkCountedOnce(t, s, ten, op, log)
		}
		checkSums(t, s, ten)
	}
}
