package badger

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
)

// openProbed opens a Badger database in a new directory with its Probe.
func openProbed(t *testing.T) (*bdb.DB, *Probe, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "store")
	db, err := Open(context.Background(), bdb.DefaultOptions(dir), "test", nil, Schema{Key: 'V', Version: "1", Store: "the test store"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewProbe("the test store", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if p.Gone() == nil {
			_ = db.Close()
		}
	})
	return db, p, dir
}

func put(ctx context.Context, p *Probe, db *bdb.DB, k string) error {
	return p.Update(ctx, db, func(txn *bdb.Txn) error { return txn.Set([]byte(k), []byte("v")) })
}

func TestProbeRefusesWritesToADeletedDirectory(t *testing.T) {
	ctx := context.Background()
	db, p, dir := openProbed(t)
	if err := put(ctx, p, db, "a"); err != nil {
		t.Fatal(err)
	}
	if err := p.Check(ctx); err != nil {
		t.Fatal(err)
	}
	// Badger's open files still take writes: without the probe this write
	// would be acknowledged, and lost.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	err := put(ctx, p, db, "b")
	if levy.ErrorCode(err) != levy.EUnavailable {
		t.Fatalf("write after the directory was deleted: %v, want unavailable", err)
	}
	if err := p.Check(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("Check: %v", err)
	}
	// A new, empty directory in its place is not the store's.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := put(ctx, p, db, "c"); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("write after the directory was replaced: %v, want unavailable", err)
	}
}

func TestProbeCachesItsWriteCheck(t *testing.T) {
	ctx := context.Background()
	_, p, dir := openProbed(t)
	now := time.Unix(1_800_000_000, 0)
	p.now = func() time.Time { return now }
	if err := p.Check(ctx); err != nil {
		t.Fatal(err)
	}
	probe := filepath.Join(dir, probeFile)
	if err := os.Remove(probe); err != nil {
		t.Fatal(err)
	}
	if err := p.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(probe); !os.IsNotExist(err) {
		t.Errorf("the write check ran again within a second: %v", err)
	}
	now = now.Add(ProbeInterval)
	if err := p.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(probe); err != nil {
		t.Errorf("the write check did not run after a second: %v", err)
	}
	p.Remove()
	if _, err := os.Stat(probe); !os.IsNotExist(err) {
		t.Errorf("Remove left the probe's file: %v", err)
	}
}

// A write that fails on the file system is unavailable, and the next
// check looks again.
func TestProbeMapsStorageFaults(t *testing.T) {
	for _, err := range []error{&os.PathError{Op: "write", Path: "x", Err: os.ErrPermission}} {
		if !storageFault(err) {
			t.Errorf("%v is not a storage fault", err)
		}
	}
	if storageFault(levy.Invalid("x", "bad")) {
		t.Error("a content error is a storage fault")
	}
	var nilProbe *Probe
	if err := nilProbe.Check(context.Background()); err != nil {
		t.Errorf("a nil probe: %v", err)
	}
}

func BenchmarkProbeCheck(b *testing.B) {
	dir := b.TempDir()
	p, err := NewProbe("the test store", dir)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for b.Loop() {
		if err := p.Check(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// TestUpdateConflictsAskToTryAgain: a write whose every attempt meets a
// conflict (another writer changes the key it read before it commits)
// ends, after MaxTries attempts, in a levy.EConflict that asks the caller
// to try again (an HTTP 409), not an internal fault (500); its cause is
// still Badger's conflict.
func TestUpdateConflictsAskToTryAgain(t *testing.T) {
	db, _, _ := openProbed(t)
	ctx := context.Background()
	tries := 0
	err := Update(ctx, db, func(txn *bdb.Txn) error {
		tries++
		if _, err := txn.Get([]byte("k")); err != nil && !errors.Is(err, bdb.ErrKeyNotFound) {
			return err
		}
		// Another writer changes the key read, before this one commits.
		if err := db.Update(func(other *bdb.Txn) error { return other.Set([]byte("k"), []byte{byte(tries)}) }); err != nil {
			return err
		}
		return txn.Set([]byte("k"), []byte("mine"))
	})
	if tries != MaxTries || levy.ErrorCode(err) != levy.EConflict || !errors.Is(err, bdb.ErrConflict) {
		t.Fatalf("after %d tries: %v (code %s), want %d tries and a conflict", tries, err, levy.ErrorCode(err), MaxTries)
	}
	if !strings.Contains(err.Error(), "try again") {
		t.Errorf("the error does not ask to try again: %v", err)
	}
}
