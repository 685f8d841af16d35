package badger

import (
	"context"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/einvoice"
)

// Counts implements einvoice.Counter: the 'O' keys of the outbox and the
// 'm' keys that list every tenant's dead letters, counted in one
// read-only transaction by their keys alone. The values are not read:
// the 'm' keys have none, and an event's JSON, with the body it sends,
// stays where it is (in the value log when it is large), so that a count
// of 20,000 dead letters walks 20,000 keys and reads no record.
func (s *EInvoiceStore) Counts(ctx context.Context) (einvoice.Counts, error) {
	if err := s.enter("count the outbox and the dead letters"); err != nil {
		return einvoice.Counts{}, err
	}
	defer s.gate.Leave()
	var n einvoice.Counts
	err := s.view("count the outbox and the dead letters", "", func(txn *bdb.Txn) error {
		var err error
		if n.Waiting, err = countKeys(ctx, txn, []byte{einvOutbox}); err != nil {
			return err
		}
		n.DeadLetters, err = countKeys(ctx, txn, []byte{einvDeadAll})
		return err
	})
	return n, err
}

// countKeys counts the keys under prefix without reading their values,
// checking ctx every 4096 keys.
func countKeys(ctx context.Context, txn *bdb.Txn, prefix []byte) (int64, error) {
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()
	var n int64
	for it.Rewind(); it.Valid(); it.Next() {
		n++
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}
