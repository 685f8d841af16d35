package badger

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/auth"
)

// kindStore is one store of this package as the tests of store kinds
// open it: open opens the store in dir, fills it with a record when
// fill is set, and closes it; dbDir is the directory of its Badger
// database, and dirOf the directory that opens the database in db.
type kindStore struct {
	name  string
	dbDir func(dir string) string
	dirOf func(db string) string
	open  func(ctx context.Context, dir string, fill bool) error
}

func kindStores() []kindStore {
	same := func(dir string) string { return dir }
	sub := func(dir string) string { return filepath.Join(dir, "db") }
	return []kindStore{
		{"journal", same, same, func(ctx context.Context, dir string, fill bool) error {
			j, err := OpenJournal(ctx, dir, WithSyncWrites(false))
			if err != nil {
				return err
			}
			if fill {
				if _, err := j.Post(ctx, "acme", crashTx("K-1")); err != nil {
					return err
				}
			}
			return j.Close()
		}},
		{"profile", same, same, func(ctx context.Context, dir string, fill bool) error {
			p, err := OpenProfile(ctx, dir, WithSyncWrites(false))
			if err != nil {
				return err
			}
			if fill {
				if _, err := p.Apply(ctx, "acme", customers("K", 1, 10)); err != nil {
					return err
				}
			}
			return p.Close()
		}},
		{"auth", same, same, func(ctx context.Context, dir string, fill bool) error {
			a, err := OpenAuth(ctx, dir, WithSyncWrites(false))
			if err != nil {
				return err
			}
			if fill {
				k := auth.SigningKey{ID: auth.KeyID{1}, Key: bytes.Repeat([]byte{1}, 32), CreatedAt: time.Now()}
				if _, err := a.AddKey(ctx, k, false); err != nil {
					return err
				}
			}
			return a.Close()
		}},
		{"einvoice", sub, filepath.Dir, func(ctx context.Context, dir string, fill bool) error {
			e, err := OpenEInvoice(ctx, dir, WithSyncWrites(false))
			if err != nil {
				return err
			}
			return e.Close()
		}},
	}
}

// TestOpenRefusesAnotherStore opens each store of this package in the
// directory of each other one: the open must be refused, naming both,
// and leave the other store as it was, openable by its own kind. (A
// journal used to take a profile or auth store of schema version "1" for
// a journal of version 1 and "upgrade" it, and an e-invoicing store of
// version "2" likewise, after which neither opened again.)
func TestOpenRefusesAnotherStore(t *testing.T) {
	ctx := context.Background()
	stores := kindStores()
	for _, written := range stores {
		for _, opened := range stores {
			if written.name == opened.name {
				continue
			}
			t.Run(written.name+"_as_"+opened.name, func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), written.name, "db")
				if err := written.open(ctx, dir, true); err != nil {
					t.Fatalf("write the %s store: %v", written.name, err)
				}
				err := opened.open(ctx, opened.dirOf(written.dbDir(dir)), false)
				if !errors.Is(err, ErrOtherStore) || !strings.Contains(err.Error(), "Levy "+written.name+" store") {
					t.Fatalf("opening the %s store as %s = %v, want ErrOtherStore naming it", written.name, opened.name, err)
				}
				if err := written.open(ctx, dir, false); err != nil {
					t.Fatalf("the %s store no longer opens after it was opened as %s: %v", written.name, opened.name, err)
				}
			})
		}
	}
}

// TestOpenRefusesLegacyOtherStore is the same for stores written before
// they kept their kind (no KindKey): the first bytes of their keys tell
// them apart, and such a store, opened by its own kind, is given it.
func TestOpenRefusesLegacyOtherStore(t *testing.T) {
	ctx := context.Background()
	stores := kindStores()
	for _, written := range stores {
		for _, opened := range stores {
			if written.name == opened.name || written.name == "einvoice" {
				continue // an einvoice store is filled by no record here
			}
			t.Run(written.name+"_as_"+opened.name, func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), written.name, "db")
				if err := written.open(ctx, dir, true); err != nil {
					t.Fatalf("write the %s store: %v", written.name, err)
				}
				dropKind(t, written.dbDir(dir))
				err := opened.open(ctx, opened.dirOf(written.dbDir(dir)), false)
				if !errors.Is(err, ErrOtherStore) || !strings.Contains(err.Error(), "never writes") {
					t.Fatalf("opening the legacy %s store as %s = %v, want ErrOtherStore", written.name, opened.name, err)
				}
				if err := written.open(ctx, dir, false); err != nil {
					t.Fatalf("the legacy %s store no longer opens: %v", written.name, err)
				}
				if kind := readKind(t, written.dbDir(dir)); kind != written.name {
					t.Fatalf("the legacy %s store opened has kind %q", written.name, kind)
				}
			})
		}
	}
}

// TestOpenRefusesForeignDatabase opens a Badger database of another
// program (keys, no schema version): it is refused, and left alone.
func TestOpenRefusesForeignDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(txn *bdb.Txn) error { return txn.Set([]byte("Hello"), []byte("world")) }); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = OpenJournal(ctx, dir)
	if !errors.Is(err, ErrOtherStore) || !strings.Contains(err.Error(), "not a Levy store") {
		t.Fatalf("OpenJournal of another program's database = %v", err)
	}
	if kind := readKind(t, dir); kind != "" {
		t.Fatalf("the refused database was given the kind %q", kind)
	}
}

// TestOpenRefusedVersionSaysWhatToDo checks that the refusal of a store
// of a newer schema version names both versions and what to do, and
// changes nothing in it.
func TestOpenRefusedVersionSaysWhatToDo(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	j, err := OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	setRaw(t, dir, []byte{journalKeySchema}, []byte("9"))
	dropKind(t, dir)
	_, err = OpenJournal(ctx, dir)
	if err == nil {
		t.Fatal("a journal of schema version 9 opened")
	}
	for _, want := range []string{`schema version "9"`, `version "` + journalSchemaVersion + `" only`, "open it with the Levy that wrote it", "new directory"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal %q does not say %q", err, want)
		}
	}
	if kind := readKind(t, dir); kind != "" {
		t.Fatalf("the refused journal was given the kind %q", kind)
	}
}

// setRaw sets key to v in the Badger database in dir.
func setRaw(t *testing.T, dir string, key, v []byte) {
	t.Helper()
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(txn *bdb.Txn) error { return txn.Set(key, v) }); err != nil {
		t.Fatal(err)
	}
}

// dropKind deletes the kind of the store in dir, as a Levy of before
// kinds wrote it.
func dropKind(t *testing.T, dir string) {
	t.Helper()
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(txn *bdb.Txn) error { return txn.Delete([]byte{KindKey}) }); err != nil {
		t.Fatal(err)
	}
}

// readKind returns the kind of the store in dir, "" when it has none.
func readKind(t *testing.T, dir string) string {
	t.Helper()
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil).WithReadOnly(true))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var kind []byte
	err = db.View(func(txn *bdb.Txn) error {
		v, _, err := readKey(txn, []byte{KindKey})
		kind = v
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(kind)
}
