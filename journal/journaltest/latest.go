package journaltest

import (
	"context"
	"errors"
	"maps"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
)

// onlyStore hides every method of a Store but those of the interface,
// so that journal.LatestVersions reads it through Versions, one ID at a
// time.
type onlyStore struct{ journal.Store }

// testLatestVersions checks journal.LatestVersions, and the store's own
// LatestVersions when it is a journal.LatestVersioner, against a
// journal of IDs with none, one and many versions, a deleted ID (which
// keeps its last number), one deleted and posted again, a reversed
// original and its reversal (a reversal stores no version of its
// original), and an ID that only another tenant holds (0: a tenant
// reads its own journal). Reading through Versions gives the same
// numbers. An empty list reads nothing, an invalid ID or tenant is
// refused, and a cancelled context is.
func testLatestVersions(t *testing.T, s journal.Store) {
	ctx := context.Background()
	const other = "globex"
	mustPost(t, s, tenant, simple(t, "ONE", "2026-03-14"))
	for range 3 {
		mustPost(t, s, tenant, simple(t, "MANY", "2026-03-14"))
	}
	mustPost(t, s, tenant, simple(t, "DELETED", "2026-03-14"))
	mustPost(t, s, tenant, simple(t, "DELETED", "2026-03-15"))
	if err := s.Delete(ctx, tenant, "DELETED"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	mustPost(t, s, tenant, simple(t, "REVIVED", "2026-03-14"))
	if err := s.Delete(ctx, tenant, "REVIVED"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	mustPost(t, s, tenant, simple(t, "REVIVED", "2026-03-16"))
	mustPost(t, s, tenant, simple(t, "REVERSED", "2026-03-14"))
	mustPost(t, s, tenant, simple(t, "REVERSED", "2026-03-15"))
	if _, err := s.Reverse(ctx, tenant, "REVERSED", journal.Reversal{TransactionID: "REVERSAL"}); err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	for range 2 {
		mustPost(t, s, other, simple(t, "THEIRS", "2026-03-14"))
	}
	mustPost(t, s, other, simple(t, "ONE", "2026-03-14"))

	ids := []string{"NONE", "ONE", "MANY", "DELETED", "REVIVED", "REVERSED", "REVERSAL", "THEIRS"}
	want := map[string]int{"NONE": 0, "ONE": 1, "MANY": 3, "DELETED": 2, "REVIVED": 2, "REVERSED": 2, "REVERSAL": 1, "THEIRS": 0}
	wantOther := map[string]int{"NONE": 0, "ONE": 1, "MANY": 0, "DELETED": 0, "REVIVED": 0, "REVERSED": 0, "REVERSAL": 0, "THEIRS": 2}
	reads := map[string]journal.Store{"the store": s, "through Versions": onlyStore{s}}
	for name, st := range reads {
		for ten, w := range map[string]map[string]int{tenant: want, other: wantOther} {
			got, err := journal.LatestVersions(ctx, st, ten, ids)
			if err != nil || !maps.Equal(got, w) {
				t.Errorf("LatestVersions of %s, %s: %v, %v; want %v", ten, name, got, err, w)
			}
		}
		// One ID, and an ID asked twice.
		got, err := journal.LatestVersions(ctx, st, tenant, []string{"MANY", "MANY"})
		if w := map[string]int{"MANY": 3}; err != nil || !maps.Equal(got, w) {
			t.Errorf("LatestVersions of MANY twice, %s: %v, %v; want %v", name, got, err, w)
		}
		got, err = journal.LatestVersions(ctx, st, tenant, nil)
		if err != nil || len(got) != 0 {
			t.Errorf("LatestVersions of no ID, %s: %v, %v; want none", name, got, err)
		}
	}
	lv, ok := s.(journal.LatestVersioner)
	if !ok {
		return
	}
	got, err := lv.LatestVersions(ctx, tenant, ids)
	if err != nil || !maps.Equal(got, want) {
		t.Errorf("the store's LatestVersions: %v, %v; want %v", got, err, want)
	}
	for _, c := range []struct{ what, tenant, id string }{
		{"an empty ID", tenant, ""},
		{"an empty tenant", "", "ONE"},
	} {
		if got, err := lv.LatestVersions(ctx, c.tenant, []string{"ONE", c.id}); levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("LatestVersions of %s: %v, %v; want an invalid argument", c.what, got, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if got, err := lv.LatestVersions(cancelled, tenant, ids); !errors.Is(err, context.Canceled) {
		t.Errorf("LatestVersions with a cancelled context: %v, %v", got, err)
	}
}
