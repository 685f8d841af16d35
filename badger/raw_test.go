package badger

import (
	"testing"

	bdb "github.com/dgraph-io/badger/v4"
)

// writeRaw writes into the Badger files of dir, whose store is closed,
// as an older Levy, a crash or someone with the files would have.
func writeRaw(t *testing.T, dir string, fn func(*bdb.Txn) error) {
	t.Helper()
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}
