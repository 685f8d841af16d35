package badger

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/einvoice"
)

// einvMaxBatch bounds the bytes of records written in one transaction of
// a rewrite, well below Badger's limit on a transaction.
const einvMaxBatch = 256 << 10

// einvPair is a key and its value.
type einvPair struct{ k, v []byte }

// Reseal calls fn with every stored connection and, when fn changed any,
// rewrites the records of every connection (einvRewriteConnections) so
// that no earlier version of them stays in the store's files. An error of
// fn is returned as it is, before anything is written. See
// einvoice.Store.
func (s *EInvoiceStore) Reseal(ctx context.Context, fn func(*einvoice.ConnectionRecord) (bool, error)) (int, error) {
	if err := s.enter("reseal"); err != nil {
		return 0, err
	}
	defer s.gate.Leave()
	var recs []einvPair
	changed := 0
	var fnErr error
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		return einvScan(txn, []byte{einvConn}, nil, func(k, v []byte) (bool, error) {
			var c einvConnRecord
			if err := json.Unmarshal(v, &c); err != nil {
				return false, fmt.Errorf("read a webhook connection: %w", err)
			}
			rec := einvoice.ConnectionRecord(c)
			ch, err := fn(&rec)
			if err != nil {
				fnErr = err
				return false, err
			}
			if ch {
				changed++
				b, err := json.Marshal(einvConnRecord(rec))
				if err != nil {
					return false, err
				}
				v = b
			}
			recs = append(recs, einvPair{k: bytes.Clone(k), v: bytes.Clone(v)})
			return true, nil
		})
	})
	if fnErr != nil {
		return 0, fnErr
	}
	if err != nil {
		return 0, Wrap("einvoice", "reseal", "", err)
	}
	if changed == 0 {
		return 0, nil
	}
	if err := einvRewriteConnections(ctx, s.db, recs); err != nil {
		return 0, Wrap("einvoice", "reseal", "", err)
	}
	return changed, nil
}

// einvRewriteConnections replaces the records of every connection with
// recs so that no earlier version of them stays in the store's files:
// Badger keeps the versions a write replaces in its tables until a
// compaction happens to drop them, and an old version holds a secret in
// clear or under a retired key. The new records are staged under
// einvStage, marked complete (einvStageDone); then every version of the
// 'W' keys is dropped from the memtable and the tables (DropPrefix), the
// staged records are copied back, and the staging is dropped the same
// way. A crash at any point leaves either the old records (the staging
// is incomplete, and is dropped) or a complete staging, which the next
// OpenEInvoice finishes.
func einvRewriteConnections(ctx context.Context, db *bdb.DB, recs []einvPair) error {
	staged := make([]einvPair, len(recs))
	for i, r := range recs {
		staged[i] = einvPair{k: append([]byte{einvStage}, r.k[1:]...), v: r.v}
	}
	if err := einvWriteBatches(ctx, db, staged); err != nil {
		return fmt.Errorf("stage the webhook connections: %w", err)
	}
	if err := Update(ctx, db, func(txn *bdb.Txn) error { return txn.Set([]byte{einvStageDone}, nil) }); err != nil {
		return fmt.Errorf("stage the webhook connections: %w", err)
	}
	return einvFinishRewrite(ctx, db)
}

// einvFinishRewrite completes a rewrite of the connections whose staging
// is complete, and drops a staging that is not.
func einvFinishRewrite(ctx context.Context, db *bdb.DB) error {
	var done bool
	var staged []einvPair
	err := db.View(func(txn *bdb.Txn) error {
		_, err := txn.Get([]byte{einvStageDone})
		switch {
		case err == nil:
			done = true
		case !errors.Is(err, bdb.ErrKeyNotFound):
			return err
		}
		return einvScan(txn, []byte{einvStage}, nil, func(k, v []byte) (bool, error) {
			staged = append(staged, einvPair{k: append([]byte{einvConn}, k[1:]...), v: bytes.Clone(v)})
			return true, nil
		})
	})
	if err != nil {
		return fmt.Errorf("read the staged webhook connections: %w", err)
	}
	if done && len(staged) > 0 {
		if err := db.DropPrefix([]byte{einvConn}); err != nil {
			return fmt.Errorf("drop the old webhook connections: %w", err)
		}
		if err := einvWriteBatches(ctx, db, staged); err != nil {
			return fmt.Errorf("write the webhook connections: %w", err)
		}
	}
	// The mark goes before the staging: a crash between the two leaves a
	// staging without its mark, which is dropped, never a mark without its
	// staging, which would drop every connection. It is dropped as the
	// staging is, every version of it: a deletion would leave the mark's
	// versions in the tables until a compaction happened to drop them.
	if done {
		if err := db.DropPrefix([]byte{einvStageDone}); err != nil {
			return fmt.Errorf("finish the rewrite of the webhook connections: %w", err)
		}
	}
	if len(staged) > 0 {
		if err := db.DropPrefix([]byte{einvStage}); err != nil {
			return fmt.Errorf("drop the staged webhook connections: %w", err)
		}
	}
	return nil
}

// einvWriteBatches writes pairs in transactions of at most einvMaxBatch
// bytes.
func einvWriteBatches(ctx context.Context, db *bdb.DB, pairs []einvPair) error {
	for len(pairs) > 0 {
		n, size := 0, 0
		for n < len(pairs) && (n == 0 || size+len(pairs[n].k)+len(pairs[n].v) <= einvMaxBatch) {
			size += len(pairs[n].k) + len(pairs[n].v)
			n++
		}
		batch := pairs[:n]
		pairs = pairs[n:]
		err := Update(ctx, db, func(txn *bdb.Txn) error {
			for _, p := range batch {
				if err := txn.Set(p.k, p.v); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
