package badger

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/einvoice"
)

// einvUpgradeV1 upgrades a store of schema version 1 to version 2 in place:
//
//   - the receipt of a document delivered to the outbox directory becomes
//     the file's path relative to the outbox, and the file moves from the
//     directory that version 1 named (letters, digits, '-', '_' and '.'
//     kept, every other byte '_', so that receivers could share one) to
//     the receiver's own directory (einvoice.ReceiverDir), which the
//     document's record names;
//   - the last error of every event in the outbox and the dead-letter
//     list loses the path and query of the target URL it quotes;
//   - the version becomes 2, last, so that an upgrade a crash interrupts
//     runs again (each step finds done what was done).
//
// OpenEInvoice then opens the store of version 2, which it upgrades
// further (einvUpgradeV2). The secrets of connections, stored in clear by
// version 1, keep their form; a Service encrypts them when it has a key (Reseal). einvUpgradeV1
// reports false, and no error, when it can not open the store or the
// store is not of version 1: the caller's error then stands.
func einvUpgradeV1(ctx context.Context, bo bdb.Options, outbox string, log *slog.Logger) (bool, error) {
	db, err := bdb.Open(bo.WithLogger(nil))
	if err != nil {
		return false, nil
	}
	upgraded, err := einvUpgradeV1DB(ctx, db, outbox, log)
	if cerr := db.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return upgraded, err
}

func einvUpgradeV1DB(ctx context.Context, db *bdb.DB, outbox string, log *slog.Logger) (bool, error) {
	var version []byte
	err := db.View(func(txn *bdb.Txn) error {
		item, err := txn.Get([]byte{einvSchemaKey})
		if err != nil {
			return err
		}
		version, err = item.ValueCopy(nil)
		return err
	})
	if err != nil || string(version) != "1" {
		return false, nil
	}
	refs, moved, err := einvRelativeReferences(ctx, db, outbox)
	if err != nil {
		return false, err
	}
	redacted, err := einvRedactStoredErrors(ctx, db)
	if err != nil {
		return false, err
	}
	err = Update(ctx, db, func(txn *bdb.Txn) error { return txn.Set([]byte{einvSchemaKey}, []byte("2")) })
	if err != nil {
		return false, fmt.Errorf("write the schema version: %w", err)
	}
	log.Info("e-invoicing store upgraded", "from", "1", "to", "2", "receipts", refs, "files_moved", moved, "errors_redacted", redacted)
	return true, nil
}

// einvRelativeReferences makes the receipts of the documents delivered to
// the outbox directory relative to it, and moves each file to its
// receiver's directory. It returns how many receipts and files it changed.
func einvRelativeReferences(ctx context.Context, db *bdb.DB, outbox string) (refs, moved int, err error) {
	var changed []einvPair
	var docs []*einvoice.Document
	err = db.View(func(txn *bdb.Txn) error {
		return einvScan(txn, []byte{einvDoc}, nil, func(k, v []byte) (bool, error) {
			var d einvoice.Document
			if err := json.Unmarshal(v, &d); err != nil {
				return false, fmt.Errorf("read a document record: %w", err)
			}
			if d.Delivery != nil && d.Delivery.Transmitter == (&einvoice.DirTransmitter{}).Name() && filepath.IsAbs(d.Delivery.Reference) {
				changed = append(changed, einvPair{k: append([]byte(nil), k...)})
				docs = append(docs, &d)
			}
			return true, nil
		})
	})
	if err != nil {
		return 0, 0, err
	}
	left := map[string]bool{} // directories files moved out of
	for i, d := range docs {
		oldName, file := filepath.Base(filepath.Dir(d.Delivery.Reference)), filepath.Base(d.Delivery.Reference)
		newName := oldName
		if d.Endpoints != nil && d.Endpoints.Receiver != nil {
			newName = einvoice.ReceiverDir(d.Endpoints.Receiver.Scheme, d.Endpoints.Receiver.ID)
		}
		if newName != oldName {
			from, to := filepath.Join(outbox, oldName, file), filepath.Join(outbox, newName, file)
			switch _, err := os.Lstat(from); {
			case err == nil:
				if err := os.MkdirAll(filepath.Dir(to), 0o750); err != nil {
					return 0, moved, fmt.Errorf("outbox: %w", err)
				}
				if err := os.Rename(from, to); err != nil {
					return 0, moved, fmt.Errorf("outbox: %w", err)
				}
				moved++
				left[oldName] = true
			case !errors.Is(err, os.ErrNotExist):
				return 0, moved, fmt.Errorf("outbox: %w", err)
			}
		}
		d.Delivery.Reference = newName + "/" + file
		if changed[i].v, err = json.Marshal(d); err != nil {
			return 0, moved, err
		}
	}
	for name := range left {
		_ = os.Remove(filepath.Join(outbox, name)) // only when empty
	}
	if err := einvWriteBatches(ctx, db, changed); err != nil {
		return 0, moved, fmt.Errorf("write the document records: %w", err)
	}
	return len(changed), moved, nil
}

// einvRedactStoredErrors takes the paths and queries of target URLs out
// of the last errors of the events in the outbox and the dead-letter
// list.
func einvRedactStoredErrors(ctx context.Context, db *bdb.DB) (int, error) {
	var changed []einvPair
	err := db.View(func(txn *bdb.Txn) error {
		for _, prefix := range []byte{einvOutbox, einvDead} {
			err := einvScan(txn, []byte{prefix}, nil, func(k, v []byte) (bool, error) {
				var ev einvEvent
				if err := json.Unmarshal(v, &ev); err != nil {
					return false, fmt.Errorf("read an event: %w", err)
				}
				if r := einvoice.RedactQuotedURLs(ev.LastError); r != ev.LastError {
					ev.LastError = r
					b, err := json.Marshal(ev)
					if err != nil {
						return false, err
					}
					changed = append(changed, einvPair{k: append([]byte(nil), k...), v: b})
				}
				return true, nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if err := einvWriteBatches(ctx, db, changed); err != nil {
		return 0, fmt.Errorf("write the events: %w", err)
	}
	return len(changed), nil
}
