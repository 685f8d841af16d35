package badger

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/levytax/levy/profile"
)

// TestProfileProbeDirectoryTakesNoNewFile: the profile store's directory
// lost its write permission while the server runs. Its changes, its
// documents and its CheckWrite (/healthz) are refused as unavailable,
// naming the store and the system's reason, before Badger tries a new
// file in it; the changes it acknowledged still read; and once the
// directory takes files again (the probe looking again after
// ProbeInterval) the store takes changes again.
func TestProfileProbeDirectoryTakesNoNewFile(t *testing.T) {
	if os.Geteuid() == 0 {
		runAsNobody(t, "TestProfileProbeDirectoryTakesNoNewFile")
		return
	}
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "profile")
	s, err := OpenProfile(ctx, dir, WithSyncWrites(false))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o700); _ = s.Close() })
	now := time.Unix(1_800_000_000, 0)
	s.probe.now = func() time.Time { return now }
	if _, err := s.Apply(ctx, "acme", profileProbeCommit("c1")); err != nil {
		t.Fatal(err)
	}
	denyNewFiles(t, dir)
	now = now.Add(ProbeInterval)
	_, err = s.Apply(ctx, "acme", profileProbeCommit("c2"))
	refusedAsUnavailable(t, "Apply", err, "permission denied")
	clientSees(t, err, dir, "permission denied")
	refusedAsUnavailable(t, "PutDocument", s.PutDocument(ctx, "acme", "d1", []byte("pdf")), "permission denied")
	refusedAsUnavailable(t, "CheckWrite", s.CheckWrite(ctx), "permission denied")
	recs, err := s.Records(ctx, "acme", time.Time{})
	if err != nil || recs.Version != 1 {
		t.Errorf("Records of a directory that takes no new file: %+v, %v, want version 1", recs, err)
	}
	allowNewFiles(t, dir)
	now = now.Add(ProbeInterval)
	if v, err := s.Apply(ctx, "acme", profileProbeCommit("c2")); err != nil || v != 2 {
		t.Errorf("Apply once the directory takes files again: version %d, %v, want 2", v, err)
	}
}

// TestProfileProbeLostMemTable: changes of the profile store that fill
// Badger's memory table while its directory takes no new file (within
// the second before the probe looks again) leave the database without a
// memory table. The change that met it, and every later change, read and
// CheckWrite (/healthz) are answered unavailable, naming the restart it
// needs, even once the directory takes files again; no read panics
// inside Badger. The store is not closed: Badger's Close does not return
// without a memory table, and the test's process ends with it.
func TestProfileProbeLostMemTable(t *testing.T) {
	if os.Geteuid() == 0 {
		runAsNobody(t, "TestProfileProbeLostMemTable")
		return
	}
	ctx := context.Background()
	dir := memTableDir(t, "levy-profile-memtable-", "profile")
	s, err := OpenProfile(ctx, dir, WithSyncWrites(false))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	s.probe.now = func() time.Time { return now }
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatal(err)
	}
	denyNewFiles(t, dir)
	// Changes of crashProfileSize customers until one fails: 64 MiB of
	// them at most, four times the memory table.
	var werr error
	for v := uint64(1); v <= 400 && werr == nil; v++ {
		_, werr = s.Apply(ctx, "acme", crashProfileCommit(v))
	}
	if werr == nil {
		t.Fatal("changes of four memory tables met no error in a directory that takes no new file")
	}
	refusedAsUnavailable(t, "the change that lost the memory table", werr, "restart")
	allowNewFiles(t, dir)
	now = now.Add(2 * ProbeInterval)
	noPanic := func(what string, f func() error) {
		t.Helper()
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panicked: %v", r)
				}
			}()
			return f()
		}()
		refusedAsUnavailable(t, what, err, "restart")
	}
	noPanic("CheckWrite", func() error { return s.CheckWrite(ctx) })
	noPanic("Apply", func() error { _, err := s.Apply(ctx, "acme", profileProbeCommit("c1")); return err })
	noPanic("PutDocument", func() error { return s.PutDocument(ctx, "acme", "d1", []byte("pdf")) })
	noPanic("Records", func() error { _, err := s.Records(ctx, "acme", time.Time{}); return err })
	noPanic("History", func() error { _, err := s.History(ctx, "acme", profile.CustomerKey("c1")); return err })
	noPanic("Version", func() error { _, err := s.Version(ctx, "acme"); return err })
	noPanic("Tenants", func() error { _, err := s.Tenants(ctx); return err })
	noPanic("Document", func() error { _, err := s.Document(ctx, "acme", "d1"); return err })
}
