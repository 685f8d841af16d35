package journal

import (
	"context"
	"time"
)

// backend is the atomic machinery beneath a store's operations: the
// Badger transactions of the disk store, the mutex of the memory store.
// Errors that its functions return are wrapped with the operation and ID.
type backend interface {
	// update runs fn in one read-write unit over the records of tenant;
	// ids are the transaction IDs it may write.
	update(ctx context.Context, op, tenant string, ids []string, fn func(state) error) error
	// view runs fn in one read-only unit over the records of tenant.
	view(ctx context.Context, op, tenant, id string, fn func(state) error) error
}

// operations implements the methods of Store that every store shares,
// once, over a backend: the checks of the arguments, the operation of
// ops.go, and the copy handed to the caller. When clones is set, the
// versions a state returns belong to the store and are copied on the
// way out. Its methods are safe for concurrent use as far as the
// backend's are.
type operations struct {
	be     backend
	clones bool
}

// out returns tx as a caller may keep it.
func (o operations) out(tx *Transaction) *Transaction {
	if o.clones && tx != nil {
		return clone(tx)
	}
	return tx
}

// write runs a write operation that returns a transaction.
func (o operations) write(ctx context.Context, op, tenant string, ids []string, do func(state, time.Time) (*Transaction, error)) (*Transaction, error) {
	var out *Transaction
	err := o.be.update(ctx, op, tenant, ids, func(st state) (err error) {
		out, err = do(st, time.Now().UTC())
		return err
	})
	if err != nil {
		return nil, err
	}
	return o.out(out), nil
}

// Post implements Store.
func (o operations) Post(ctx context.Context, tenant string, tx *Transaction) (*Transaction, error) {
	if err := checkPost(tenant, tx); err != nil {
		return nil, err
	}
	return o.write(ctx, "post", tenant, []string{tx.TransactionID}, func(st state, now time.Time) (*Transaction, error) {
		return doPost(st, tx, now)
	})
}

// Get implements Store.
func (o operations) Get(ctx context.Context, tenant, id string) (*Transaction, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	var out *Transaction
	err := o.be.view(ctx, "get", tenant, id, func(st state) (err error) {
		tx, err := doGet(st, id)
		out = o.out(tx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Versions implements Store.
func (o operations) Versions(ctx context.Context, tenant, id string) ([]*Transaction, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	var out []*Transaction
	err := o.be.view(ctx, "versions", tenant, id, func(st state) error {
		vs, err := doVersions(st, id)
		for _, v := range vs {
			out = append(out, o.out(v))
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Exists implements Store.
func (o operations) Exists(ctx context.Context, tenant, id string) (bool, error) {
	if err := checkKey(tenant, id); err != nil {
		return false, err
	}
	var ok bool
	err := o.be.view(ctx, "exists", tenant, id, func(st state) (err error) {
		ok, err = doExists(st, id)
		return err
	})
	return ok, err
}

// Delete implements Store.
func (o operations) Delete(ctx context.Context, tenant, id string) error {
	if err := checkKey(tenant, id); err != nil {
		return err
	}
	return o.be.update(ctx, "delete", tenant, []string{id}, func(st state) error {
		return doDelete(st, id)
	})
}

// Reverse implements Store. The reversal, its head and index entry and
// the original's link are written in one atomic unit.
func (o operations) Reverse(ctx context.Context, tenant, id string, r Reversal) (*Transaction, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	if err := checkReversal(r); err != nil {
		return nil, err
	}
	if r.TransactionID == "" {
		r.TransactionID = newID()
	}
	return o.write(ctx, "reverse", tenant, []string{id, r.TransactionID}, func(st state, now time.Time) (*Transaction, error) {
		return doReverse(st, id, r, now)
	})
}

// Rollback implements Store.
func (o operations) Rollback(ctx context.Context, tenant, id string) (*Transaction, error) {
	if err := checkKey(tenant, id); err != nil {
		return nil, err
	}
	return o.write(ctx, "rollback", tenant, []string{id}, func(st state, now time.Time) (*Transaction, error) {
		return doRollback(st, id, now)
	})
}
