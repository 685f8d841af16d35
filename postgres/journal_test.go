package postgres

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"

	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// schemas numbers the schemas of the tests, one per store.
var schemas atomic.Int64

// openTest opens the database of the cluster in a schema of its own, so
// that each store starts empty; it is closed when t ends.
func openTest(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), pgtest.AdminURL(t), WithSchema(fmt.Sprintf("t%d_%d", os.Getpid(), schemas.Add(1))))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestJournalConformance runs the conformance suite of journal.Store
// over the PostgreSQL journal.
func TestJournalConformance(t *testing.T) {
	journaltest.Run(t, func(t *testing.T) journal.Store { return openTest(t).Journal() })
}

// writeNextVersions writes, in st, the next version of each of ids, as
// the journal's Post does: it reads the head, then writes a version of
// document number doc after the latest, and the head.
func writeNextVersions(st journal.State, ids []string, doc string) error {
	for _, id := range ids {
		h, found, err := st.Head(id)
		if err != nil {
			return err
		}
		tx := posting(id, doc)
		tx.Version = h.Latest + 1
		tx.PostedAt = time.Now().UTC()
		if err := st.PutVersion(tx); err != nil {
			return err
		}
		nh := h
		nh.Latest, nh.Deleted, nh.PostingDate = tx.Version, false, tx.PostingDate
		if err := st.PutHead(id, h, found, nh); err != nil {
			return err
		}
	}
	return nil
}

// TestJournalManyIDsOnSeveralNodes writes units of many transaction IDs
// (more than are written one statement per row), some of them new and
// some existing, from three nodes at once, their sets overlapping and
// given in different orders: every unit is one version of each of its
// IDs, none lost, none twice, and no unit fails on a deadlock.
func TestJournalManyIDsOnSeveralNodes(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 3)
	const ids, per, units = 40, 3 * smallUnit, 6
	all := make([]string, ids)
	for i := range all {
		all[i] = fmt.Sprintf("M-%02d", i)
	}
	// Half the IDs exist before, posted by the first node.
	if err := (&journalBackend{db: dbs[0]}).Update(ctx, "acme", all[:ids/2], func(st journal.State) error {
		return writeNextVersions(st, all[:ids/2], "before")
	}); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, id := range all[:ids/2] {
		want[id] = 1
	}
	var sets [][]string
	for u := range 3 * units {
		set := make([]string, per)
		for i := range set {
			set[i] = all[(u*7+i*(u%5+1))%ids]
		}
		slices.Reverse(set)
		set = slices.Compact(slices.Sorted(slices.Values(set)))
		if u%2 == 1 {
			slices.Reverse(set)
		}
		for _, id := range set {
			want[id]++
		}
		sets = append(sets, set)
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(sets))
	for u, set := range sets {
		be := &journalBackend{db: dbs[u%3]}
		wg.Go(func() {
			err := be.Update(ctx, "acme", set, func(st journal.State) error {
				return writeNextVersions(st, set, fmt.Sprintf("unit-%d", u))
			})
			if err != nil {
				errs <- fmt.Errorf("unit %d: %w", u, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	s := dbs[2].Journal()
	for _, id := range all {
		vs, err := s.Versions(ctx, "acme", id)
		if want[id] == 0 {
			if levy.ErrorCode(err) != levy.ENotFound {
				t.Errorf("%s: %d versions (%v), want none", id, len(vs), err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if len(vs) != want[id] {
			t.Errorf("%s: %d versions, want %d", id, len(vs), want[id])
		}
		seen := map[string]bool{}
		for i, v := range vs {
			if v.Version != i+1 || (seen[v.DocumentNumber] && v.DocumentNumber != "before") {
				t.Errorf("%s: version %d is numbered %d, of %s (twice: %v)", id, i+1, v.Version, v.DocumentNumber, seen[v.DocumentNumber])
			}
			seen[v.DocumentNumber] = true
		}
	}
}

// TestJournalIDFromAnotherNode: a node that has not seen a transaction ID
// (another node created it) posts a new version of it, deletes it and
// reverses it as the node that created it would: its first try, which
// assumes the ID new, is refused by the database and nothing of it kept.
func TestJournalIDFromAnotherNode(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 2)
	a, b := dbs[0].Journal(), dbs[1].Journal()
	if _, err := a.Post(ctx, "acme", posting("X-1", "first")); err != nil {
		t.Fatal(err)
	}
	v, err := b.Post(ctx, "acme", posting("X-1", "second"))
	if err != nil || v.Version != 2 {
		t.Fatalf("post of an ID of another node: version %v, %v; want 2", v, err)
	}
	if _, err := a.Post(ctx, "acme", posting("X-2", "first")); err != nil {
		t.Fatal(err)
	}
	if err := b.Delete(ctx, "acme", "X-2"); err != nil {
		t.Fatalf("delete of an ID of another node: %v", err)
	}
	if ok, err := a.Exists(ctx, "acme", "X-2"); ok || err != nil {
		t.Fatalf("after the delete: exists %v, %v", ok, err)
	}
	again, err := dbs[1].Journal().Post(ctx, "acme", posting("X-2", "after delete"))
	if err != nil || again.Version != 2 {
		t.Fatalf("post of a deleted ID of another node: %v, %v; want version 2", again, err)
	}
	if _, err := a.Post(ctx, "acme", posting("X-3", "first")); err != nil {
		t.Fatal(err)
	}
	rev, err := b.Reverse(ctx, "acme", "X-3", journal.Reversal{TransactionID: "X-3R"})
	if err != nil || rev.ReversalOf != "X-3" {
		t.Fatalf("reverse of an ID of another node: %v, %v", rev, err)
	}
	orig, err := a.Get(ctx, "acme", "X-3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Reverse(ctx, "acme", "X-3", journal.Reversal{TransactionID: "X-3S"}); levy.ErrorCode(err) != levy.EConflict {
		t.Fatalf("second reversal of %s: %v, want a conflict", orig.TransactionID, err)
	}
	vs, err := a.Versions(ctx, "acme", "X-1")
	if err != nil || len(vs) != 2 || vs[1].DocumentNumber != "second" {
		t.Fatalf("versions of X-1: %d, %v", len(vs), err)
	}
}
