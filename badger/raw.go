package badger

import (
	"fmt"

	bdb "github.com/dgraph-io/badger/v4"
)

// ReadRaw calls fn with every key and value of the Badger database in
// dir, every version that the files still hold included, as whoever
// copied the directory could read them: for audits of what a store keeps
// at rest (that no webhook secret is in clear, say). No store may hold
// the directory open. fn's error stops the reading and is returned.
func ReadRaw(dir string, fn func(key, value []byte) error) error {
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil).WithReadOnly(true))
	if err != nil {
		return fmt.Errorf("badger: open %s: %w", dir, err)
	}
	defer db.Close()
	return db.View(func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{AllVersions: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return fmt.Errorf("badger: read %s: %w", dir, err)
			}
			if err := fn(it.Item().KeyCopy(nil), v); err != nil {
				return err
			}
		}
		return nil
	})
}
