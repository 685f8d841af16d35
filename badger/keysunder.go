package badger

import (
	"bytes"

	bdb "github.com/dgraph-io/badger/v4"
)

// keysUnder returns copies of the keys under prefix that txn sees, in key
// order, from the first key after the key after (from the first when
// after is nil), at most limit of them (all of them when limit is 0). It
// reads no value. Starting after keys known to be deleted skips their
// deletion markers, which a scan from the start of the prefix would step
// over until Badger compacts them away.
func keysUnder(txn *bdb.Txn, prefix, after []byte, limit int) [][]byte {
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()
	if after == nil {
		it.Rewind()
	} else {
		it.Seek(append(bytes.Clone(after), 0))
	}
	var keys [][]byte
	for ; it.Valid() && (limit == 0 || len(keys) < limit); it.Next() {
		keys = append(keys, it.Item().KeyCopy(nil))
	}
	return keys
}
