package badger

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/einvoice"
)

// einvTimeSize is the size of a time in a key (einvAppendTime).
const einvTimeSize = 12

// einvAppendTime appends t to b in 12 bytes whose order is the order of
// the instants (time.Time.Compare), whatever their location: the Unix
// seconds with the sign bit flipped, then the nanoseconds, both
// big-endian. Every time.Time fits, the zero time and those before 1970
// included.
func einvAppendTime(b []byte, t time.Time) []byte {
	b = binary.BigEndian.AppendUint64(b, uint64(t.Unix())^(1<<63))
	return binary.BigEndian.AppendUint32(b, uint32(t.Nanosecond()))
}

// einvAppendDeadKey appends a dead letter's key to b, in the order of
// einvoice.DeadLetterKey.Compare: its times, then its event ID's bytes,
// which end the key.
func einvAppendDeadKey(b []byte, k einvoice.DeadLetterKey) []byte {
	b = einvAppendTime(einvAppendTime(b, k.CreatedAt), k.DeadAt)
	return append(b, k.EventID...)
}

// einvDeadPrefix is the prefix of the keys that list the dead letters of
// tenant in order, or of every tenant with tenant "".
func einvDeadPrefix(tenant string) []byte {
	if tenant == "" {
		return []byte{einvDeadAll}
	}
	return einvKey(einvDeadOrder, tenant)
}

// einvDeadOrderKeys returns the two keys that list the dead letter r in
// order: among its tenant's, and among every tenant's.
func einvDeadOrderKeys(r *einvEvent) (tenant, all []byte) {
	k := einvoice.DeadLetterKey{CreatedAt: r.CreatedAt, DeadAt: r.DeadAt, EventID: r.EventID}
	return einvAppendDeadKey(einvDeadPrefix(r.Tenant), k), einvAppendDeadKey(einvDeadPrefix(""), k)
}

// einvPutDead writes the dead letter r and the keys that list it, in
// place of a dead letter of the same event ID if there is one (whose keys
// in the list go with it).
func einvPutDead(txn *bdb.Txn, r einvEvent) error {
	if _, err := einvTakeDead(txn, r.EventID); err != nil {
		return err
	}
	if err := einvSet(txn, einvKey(einvDead, r.EventID), r); err != nil {
		return err
	}
	byTenant, all := einvDeadOrderKeys(&r)
	if err := txn.Set(byTenant, nil); err != nil {
		return err
	}
	return txn.Set(all, nil)
}

// einvTakeDead deletes the dead letter eventID and the keys that list it,
// and returns it as it was; nil when there is none.
func einvTakeDead(txn *bdb.Txn, eventID string) (*einvEvent, error) {
	var r einvEvent
	found, err := einvGet(txn, einvKey(einvDead, eventID), &r)
	if err != nil || !found {
		return nil, err
	}
	byTenant, all := einvDeadOrderKeys(&r)
	for _, k := range [][]byte{einvKey(einvDead, eventID), byTenant, all} {
		if err := txn.Delete(k); err != nil {
			return nil, err
		}
	}
	return &r, nil
}

// DeadLetters lists a page of the dead letters of a tenant, or of all of
// them, in the order of their einvoice.DeadLetterKey, without their
// bodies (see einvoice.Store). It walks the keys that list them in that
// order ('l' of the tenant, 'm' of all) from the one after after, and
// reads the record of each of the first limit: a page reads its own dead
// letters, however long the list.
func (s *EInvoiceStore) DeadLetters(ctx context.Context, tenant string, after einvoice.DeadLetterKey, limit int) ([]einvoice.OutboxEvent, error) {
	if err := s.enter("list dead letters"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	if limit <= 0 {
		return nil, nil
	}
	var list []einvoice.OutboxEvent
	err := s.view("list dead letters", "", func(txn *bdb.Txn) error {
		prefix := einvDeadPrefix(tenant)
		from := einvAppendDeadKey(bytes.Clone(prefix), after)
		return einvScan(txn, prefix, from, func(k, _ []byte) (bool, error) {
			if len(k) < len(prefix)+2*einvTimeSize {
				return false, fmt.Errorf("a key %q of the dead-letter list too short", k)
			}
			id := string(k[len(prefix)+2*einvTimeSize:])
			var r einvListed
			found, err := einvGet(txn, einvKey(einvDead, id), &r)
			if err != nil {
				return false, fmt.Errorf("read dead letter %s: %w", id, err)
			}
			if !found {
				return false, fmt.Errorf("the dead-letter list names %s, which is no dead letter", id)
			}
			list = append(list, *r.event(0))
			if err := ctx.Err(); err != nil {
				return false, err
			}
			return len(list) < limit, nil
		})
	})
	if err != nil {
		return nil, err
	}
	return list, nil
}

// einvUpgradePage is how many dead letters einvUpgradeV2 lists per
// transaction.
const einvUpgradePage = 1000

// einvUpgradeV2 upgrades a store of schema version 2 to version 3: it
// writes the keys that list every dead letter in order ('l' and 'm'), a
// page of dead letters per transaction, then the version, last, so that
// an upgrade a crash interrupts runs again (writing a key again changes
// nothing).
func einvUpgradeV2(ctx context.Context, db *bdb.DB, log *slog.Logger) error {
	var after []byte
	listed := 0
	for {
		var keys [][]byte
		var last []byte
		err := db.View(func(txn *bdb.Txn) error {
			return einvScan(txn, []byte{einvDead}, after, func(k, v []byte) (bool, error) {
				var r einvListed
				if err := json.Unmarshal(v, &r); err != nil {
					return false, fmt.Errorf("read dead letter %q: %w", k, err)
				}
				byTenant, all := einvDeadOrderKeys(&r.einvEvent)
				keys = append(keys, byTenant, all)
				last = bytes.Clone(k)
				return len(keys) < 2*einvUpgradePage, nil
			})
		})
		if err != nil {
			return fmt.Errorf("list the dead letters: %w", err)
		}
		if len(keys) == 0 {
			break
		}
		err = Update(ctx, db, func(txn *bdb.Txn) error {
			for _, k := range keys {
				if err := txn.Set(k, nil); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("list the dead letters: %w", err)
		}
		listed += len(keys) / 2
		after = last
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	err := Update(ctx, db, func(txn *bdb.Txn) error { return txn.Set([]byte{einvSchemaKey}, []byte(einvSchemaVersion)) })
	if err != nil {
		return fmt.Errorf("write the schema version: %w", err)
	}
	if log != nil {
		log.Info("e-invoicing store upgraded", "from", "2", "to", einvSchemaVersion, "dead_letters", listed)
	}
	return nil
}
