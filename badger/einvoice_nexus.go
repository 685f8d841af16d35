package badger

import (
	"context"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/nexus/lastsent"
)

// NexusSent returns the records of the nexus watcher's last notices
// (lastsent.Store), kept in the e-invoicing store beside the notices
// they queue, under the keys 'n' tenant company area (see EInvoiceStore's
// key layout).
func (s *EInvoiceStore) NexusSent() lastsent.Store { return einvNexusSentStore{s} }

// einvNexusSentStore is the lastsent.Store of an EInvoiceStore.
type einvNexusSentStore struct{ s *EInvoiceStore }

// LastSent implements lastsent.Store.
func (n einvNexusSentStore) LastSent(ctx context.Context, tenant, company, area string) (lastsent.Record, bool, error) {
	s := n.s
	var rec lastsent.Record
	if err := s.enter("read a nexus notice"); err != nil {
		return rec, false, err
	}
	defer s.gate.Leave()
	if err := ctx.Err(); err != nil {
		return rec, false, Wrap("einvoice", "read the nexus notice of", company+" "+area, err)
	}
	var found bool
	err := s.view("read the nexus notice of", company+" "+area, func(txn *bdb.Txn) error {
		var err error
		found, err = einvGet(txn, einvKey(einvNexusSent, tenant, company, area), &rec)
		return err
	})
	if err != nil || !found {
		return lastsent.Record{}, false, err
	}
	return rec, true, nil
}

// PutSent implements lastsent.Store: it reads the record and writes the
// new one in one transaction, which Badger's conflict detection retries
// when another write of the key came first.
func (n einvNexusSentStore) PutSent(ctx context.Context, tenant string, rec lastsent.Record, after uint64) (bool, error) {
	s := n.s
	if err := lastsent.Check(tenant, &rec, after); err != nil {
		return false, err
	}
	if err := s.enter("record a nexus notice"); err != nil {
		return false, err
	}
	defer s.gate.Leave()
	var wrote bool
	err := s.update(ctx, "record the nexus notice of", rec.Company+" "+rec.Area, func(txn *bdb.Txn) error {
		wrote = false
		k := einvKey(einvNexusSent, tenant, rec.Company, rec.Area)
		var cur lastsent.Record
		found, err := einvGet(txn, k, &cur)
		if err != nil {
			return err
		}
		if (found && cur.Seq != after) || (!found && after != 0) {
			return nil
		}
		if err := einvSet(txn, k, rec); err != nil {
			return err
		}
		wrote = true
		return nil
	})
	if err != nil {
		return false, err
	}
	return wrote, nil
}
