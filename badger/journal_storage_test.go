package badger

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy"
)

// A journal whose directory is deleted under it refuses writes (503 over
// HTTP) instead of acknowledging writes that the next start loses, and
// says so to CheckWrite.
func TestWritesRefusedWhenTheDirectoryIsGone(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "journal")
	b := openTest(t, dir)
	if err := b.CheckWrite(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Post(ctx, "acme", testTx("INV-1", "2026-03-14")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"INV-2", "INV-3"} {
		if _, err := b.Post(ctx, "acme", testTx(id, "2026-03-14")); levy.ErrorCode(err) != levy.EUnavailable {
			t.Errorf("post %d after the directory was deleted: %v, want unavailable", i, err)
		}
	}
	if err := b.CheckWrite(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("CheckWrite: %v, want unavailable", err)
	}
}
