package badger

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/journal/journaltest"
)

// TestOpenPastEmptyValueLog leaves an empty value-log file in a journal's
// directory, as a process stopped between creating a value log and
// writing its header leaves one, and opens the journal again: the file
// holds nothing, and the journal opens with what it held.
func TestOpenPastEmptyValueLog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	j, err := OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	journaltest.PostBulk(t, j, "acme", 1)
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	vlogs, _ := filepath.Glob(filepath.Join(dir, "*.vlog"))
	if len(vlogs) == 0 {
		t.Fatal("no value log in the directory")
	}
	empty := filepath.Join(dir, "000099.vlog")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	j, err = OpenJournal(ctx, dir)
	if err != nil {
		t.Fatalf("a journal with an empty value log: %v", err)
	}
	defer j.Close()
	if ok, err := j.Exists(ctx, "acme", "BULK-00000"); err != nil || !ok {
		t.Errorf("BULK-00000 after the reopen: %v %v", ok, err)
	}
}
