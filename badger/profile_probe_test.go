package badger

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// profileProbeCommit is a change of one customer, c.
func profileProbeCommit(c string) profile.Commit {
	return profile.Commit{At: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), By: "probe",
		Entries: []profile.Entry{{Key: profile.CustomerKey(c), Data: []byte(`{"code":"` + c + `"}`)}}}
}

// refusedAsUnavailable fails t unless err is the profile store's
// levy.EUnavailable, whose message (what a client is told) says why and
// names no path.
func refusedAsUnavailable(t *testing.T, what string, err error, why string) {
	t.Helper()
	var le *levy.Error
	if levy.ErrorCode(err) != levy.EUnavailable || !errors.As(err, &le) {
		t.Errorf("%s: %v, want unavailable", what, err)
		return
	}
	if !strings.HasPrefix(le.Message, "the profile store ") || !strings.Contains(le.Message, why) || strings.Contains(le.Message, "/") {
		t.Errorf("%s: a client is told %q, want the profile store, %q and no path", what, le.Message, why)
	}
}

// TestProfileProbeDeletedDirectory: the profile store's directory deleted
// under a running server. Badger's open files would still take the
// changes, to lose them at the next start; the store refuses them, its
// documents and its CheckWrite (/healthz) as unavailable, naming the
// store and no path, also once an empty directory takes its place, and
// its Close returns, leaving the files open, instead of retrying for
// ever.
func TestProfileProbeDeletedDirectory(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "profile")
	s, err := OpenProfile(ctx, dir, WithSyncWrites(false))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, "acme", profileProbeCommit("c1")); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for _, replaced := range []bool{false, true} {
		if replaced {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		_, err = s.Apply(ctx, "acme", profileProbeCommit("c2"))
		refusedAsUnavailable(t, "Apply", err, "cannot take writes")
		refusedAsUnavailable(t, "PutDocument", s.PutDocument(ctx, "acme", "d1", []byte("pdf")), "cannot take writes")
		refusedAsUnavailable(t, "CheckWrite", s.CheckWrite(ctx), "cannot take writes")
	}
	// Badger still holds the files: what was acknowledged reads.
	recs, err := s.Records(ctx, "acme", time.Time{})
	if err != nil || recs.Version != 1 || len(recs.Customers) != 1 {
		t.Errorf("Records after the directory went: %+v, %v, want version 1 of one customer", recs, err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Close() }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "left open") {
			t.Errorf("Close: %v, want the files left open", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close of a profile store whose directory is gone did not return in 10 s")
	}
}
