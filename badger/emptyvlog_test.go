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

// TestOpenPastEmptyMemtable leaves an empty memtable file (.mem) in a
// journal's directory, as a process killed between creating a memtable's
// file and sizing it leaves one (levy batch killed with SIGKILL as it
// closed its journal did), and opens the journal twice: Badger refused
// the first open ("while opening memtables ... Create a new file") and
// took the second, so that a resumed batch run failed once for nothing.
// The file holds nothing, and the journal opens at once with what it
// held.
func TestOpenPastEmptyMemtable(t *testing.T) {
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
	for _, name := range []string{"00001.mem", "00007.mem"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for try := 1; try <= 2; try++ {
		j, err = OpenJournal(ctx, dir)
		if err != nil {
			t.Fatalf("open %d of a journal with empty memtable files: %v", try, err)
		}
		if ok, err := j.Exists(ctx, "acme", "BULK-00000"); err != nil || !ok {
			t.Errorf("BULK-00000 after open %d: %v %v", try, ok, err)
		}
		journaltest.PostBulk(t, j, "acme-"+string(rune('0'+try)), 1)
		if err := j.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
