package badger

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The journal's Badger layout. Keys start with one byte that says what
// they hold; strings inside keys are length-prefixed (a uvarint, then the
// bytes), so no tenant or ID can run into the next part, and a tenant's
// keys share one prefix:
//
//	'V'                                  schema version, "3"; OpenJournal upgrades "1" (whose
//	                                     figures have no monthly totals) and "2" (whose figures
//	                                     lack ExemptOther), and refuses any other
//	0x00                                 the kind of store, "journal" (KindKey): OpenJournal
//	                                     refuses the directory of another store
//	'H' tenant id                        head: latest version, deleted, reversal links (JSON)
//	'T' tenant id version(8 bytes BE)    one version of a transaction (JSON)
//	'P' tenant date(YYYYMMDD) id         period index: the latest version of a live
//	                                     transaction by posting date (value: version)
//	'F' tenant month(YYYYMM) company     sales figures: a part of the days of a month
//	    area part(1 byte)                (see journal_figures.go)
//
// Writes are acknowledged after Badger has synced them to disk
// (SyncWrites). Badger syncs its log once per committed transaction, so
// throughput does not grow with concurrent writers; writes to one
// transaction ID are serialized by striped locks, with Badger's conflict
// detection and bounded retries behind them. A background goroutine runs
// value-log garbage collection until Close.

// lockStripes is the number of write locks of a journal: writes of one
// transaction ID take the same lock, so they never conflict with each
// other, and writes of different IDs rarely share one.
const lockStripes = 4096

// JournalStore is the journal.Store of Levy's product: a tax journal kept
// in a Badger database in a directory, with the layout above. Its
// operations are package journal's (journal.NewStore) over a Badger
// backend.
//
// A JournalStore is safe for concurrent use. Writes of one transaction ID are
// serialized by a striped lock (and retried on the rare conflict); writes
// of different IDs proceed in parallel, though with SyncWrites Badger
// syncs each committed transaction on its own, so their syncs queue one
// after another. Close waits for the calls in progress; a Scan's fn must
// not call Close.
type JournalStore struct {
	journal.Store
	be *journalBackend
}

// journalBackend is the journal.Backend of a JournalStore.
type journalBackend struct {
	db    *bdb.DB
	probe *Probe // whether the directory still takes writes
	log   *slog.Logger
	seed  maphash.Seed
	locks [lockStripes]sync.Mutex
	// figureLocks are the locks of the parts of the sales figures (see
	// journal_figures.go), taken after the stripes.
	figureLocks [figureParts]sync.Mutex
	gate        Gate // the calls in progress, for Close

	stop     chan struct{} // closed by Close to stop the garbage collector
	done     chan struct{} // closed by the garbage collector when it stops
	gcCycles atomic.Int64  // garbage collection ticks run, for tests
}

// A JournalStore is a journal.Store, and its backend a journal.Backend.
var (
	_ journal.Store   = (*JournalStore)(nil)
	_ journal.Backend = (*journalBackend)(nil)
)

// OpenJournal opens the journal in dir, creating it if needed, and starts
// its value log garbage collection. It refuses a directory written with
// another schema version than the one this Levy supports.
func OpenJournal(ctx context.Context, dir string, opts ...Option) (*JournalStore, error) {
	o, err := newOptions(dir, opts)
	if err != nil {
		return nil, err
	}
	bo := bdb.DefaultOptions(dir).WithSyncWrites(o.syncWrites)
	db, err := Open(ctx, bo, "journal", o.log, Schema{Key: journalKeySchema, Version: journalSchemaVersion, Store: "the journal",
		Kind: "journal", Prefixes: journalPrefixes,
		Upgrades: map[string]func(context.Context, *bdb.DB) error{
			"1": func(ctx context.Context, db *bdb.DB) error { return upgradeJournalV1(ctx, db, o.log) },
			"2": func(ctx context.Context, db *bdb.DB) error { return upgradeJournalV2(ctx, db, o.log) },
		}})
	if err != nil {
		return nil, err
	}
	probe, err := NewProbe("the journal", dir)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	probe.Reserve(reserveFor(bo))
	b := &journalBackend{
		db:    db,
		probe: probe,
		log:   o.log,
		seed:  maphash.MakeSeed(),
		stop:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	go b.collect(o.gcInterval)
	return &JournalStore{Store: journal.NewStore(b), be: b}, nil
}

// collect runs value log garbage collection every interval until Close.
func (b *journalBackend) collect(interval time.Duration) {
	defer close(b.done)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-b.stop:
			return
		case <-t.C:
		}
		b.gcCycles.Add(1)
		// Each successful run rewrites one file; run until there is
		// nothing left worth rewriting.
		for {
			err := b.db.RunValueLogGC(gcDiscardRatio)
			if err == nil {
				select {
				case <-b.stop:
					return
				default:
					continue
				}
			}
			if !errors.Is(err, bdb.ErrNoRewrite) && !errors.Is(err, bdb.ErrRejected) {
				b.log.Warn("journal: value log garbage collection failed", "err", err)
			}
			break
		}
	}
}

// Close implements journal.Backend: it waits for the calls in progress,
// stops the garbage collection and closes the database. The methods fail
// with journal.ErrClosed afterwards; a second Close does nothing and
// returns nil.
func (b *journalBackend) Close() error {
	return b.gate.Close(func() error {
		close(b.stop)
		<-b.done
		return closeDB(b.db, b.probe)
	})
}

// CheckWrite returns nil when the journal's directory can take writes,
// and an error of code levy.EUnavailable that says why not: the
// directory is gone or was replaced, or a file in it cannot be written
// and synced. The answer holds for a second (ProbeInterval); every write
// checks it first, so that no write is acknowledged that the journal
// cannot keep.
func (s *JournalStore) CheckWrite(ctx context.Context) error {
	if s.ops() == nil {
		return notOpened("check")
	}
	return s.be.probe.Check(ctx)
}

// stripe returns the write lock of a transaction ID.
func (b *journalBackend) stripe(tenant, id string) int {
	var h maphash.Hash
	h.SetSeed(b.seed)
	h.WriteString(tenant)
	h.WriteByte(0)
	h.WriteString(id)
	return int(h.Sum64() % lockStripes)
}

// Update implements journal.Backend: it runs fn in a read-write
// transaction of tenant and commits it, holding the write locks of ids,
// and tries again when the commit meets a conflict.
func (b *journalBackend) Update(ctx context.Context, tenant string, ids []string, fn func(journal.State) error) error {
	if !b.gate.Enter() {
		return journal.ErrClosed
	}
	defer b.gate.Leave()

	// The stripes of ids, locked in ascending order so that two units
	// never wait for each other's locks.
	var small [2]int
	stripes := small[:0]
	for _, x := range ids {
		stripes = append(stripes, b.stripe(tenant, x))
	}
	part := byte(stripes[0] % figureParts)
	slices.Sort(stripes)
	for _, s := range slices.Compact(stripes) {
		b.locks[s].Lock()
		defer b.locks[s].Unlock()
	}
	b.figureLocks[part].Lock()
	defer b.figureLocks[part].Unlock()

	return b.probe.Update(ctx, b.db, func(txn *bdb.Txn) error {
		return fn(&journalState{txn: txn, tenant: tenant, part: part})
	})
}

// readTxn returns a read-only transaction of the journal, or, when its
// database lost its memory table, the error that says so
// (Probe.Readable), where a read would panic inside Badger.
func (b *journalBackend) readTxn() (*bdb.Txn, error) {
	if err := b.probe.Readable(); err != nil {
		return nil, err
	}
	return b.db.NewTransaction(false), nil
}

// View implements journal.Backend: it runs fn in a read-only transaction
// of tenant.
func (b *journalBackend) View(ctx context.Context, tenant string, fn func(journal.State) error) error {
	if !b.gate.Enter() {
		return journal.ErrClosed
	}
	defer b.gate.Leave()
	txn, err := b.readTxn()
	if err != nil {
		return err
	}
	defer txn.Discard()
	return fn(&journalState{txn: txn, tenant: tenant})
}

// Scan implements journal.Backend. It reads one snapshot of the journal:
// writes made while it runs (by fn or anyone) are not seen. The snapshot
// is a Badger read transaction, which no write waits for, so a slow fn
// (an export to a slow client) holds up no other unit; only Close waits
// for it.
func (b *journalBackend) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*journal.Transaction) error) error {
	if !b.gate.Enter() {
		return journal.ErrClosed
	}
	defer b.gate.Leave()
	txn, err := b.readTxn()
	if err != nil {
		return err
	}
	defer txn.Discard()
	st := &journalState{txn: txn, tenant: tenant}
	return st.scan(ctx, from, to, fn)
}

// journalState is the journal.State of one tenant in a Badger
// transaction. It belongs to the one goroutine that runs the
// transaction.
type journalState struct {
	txn    *bdb.Txn
	tenant string
	part   byte // the part of the sales figures the unit writes
}

func (s *journalState) Head(id string) (journal.Head, bool, error) {
	item, err := s.txn.Get(journalHeadKey(s.tenant, id))
	if errors.Is(err, bdb.ErrKeyNotFound) {
		return journal.Head{}, false, nil
	}
	if err != nil {
		return journal.Head{}, false, fmt.Errorf("read head: %w", err)
	}
	var h journal.Head
	if err := item.Value(func(v []byte) error { return json.Unmarshal(v, &h) }); err != nil {
		return journal.Head{}, false, fmt.Errorf("read head: %w", err)
	}
	return h, true, nil
}

func (s *journalState) Version(id string, v int) (*journal.Transaction, error) {
	item, err := s.txn.Get(journalVersionKey(s.tenant, id, v))
	if err != nil {
		return nil, fmt.Errorf("read version %d: %w", v, err)
	}
	return decodeJournalVersion(item, v)
}

// decodeJournalVersion decodes the transaction in item, version v.
func decodeJournalVersion(item *bdb.Item, v int) (*journal.Transaction, error) {
	tx := new(journal.Transaction)
	if err := item.Value(func(b []byte) error { return json.Unmarshal(b, tx) }); err != nil {
		return nil, fmt.Errorf("read version %d: %w", v, err)
	}
	return tx, nil
}

func (s *journalState) PutVersion(tx *journal.Transaction) error {
	v, err := json.Marshal(tx)
	if err != nil {
		return fmt.Errorf("encode version %d: %w", tx.Version, err)
	}
	if err := s.txn.Set(journalVersionKey(s.tenant, tx.TransactionID, tx.Version), v); err != nil {
		return fmt.Errorf("write version %d: %w", tx.Version, err)
	}
	return nil
}

func (s *journalState) PutHead(id string, old journal.Head, found bool, h journal.Head) error {
	v, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("encode head: %w", err)
	}
	if err := s.txn.Set(journalHeadKey(s.tenant, id), v); err != nil {
		return fmt.Errorf("write head: %w", err)
	}
	if journalLive(old, found) && (h.Deleted || old.PostingDate != h.PostingDate) {
		if err := s.txn.Delete(journalPeriodKey(s.tenant, old.PostingDate, id)); err != nil {
			return fmt.Errorf("remove index entry: %w", err)
		}
	}
	if !h.Deleted && (!journalLive(old, found) || old.PostingDate != h.PostingDate || old.Latest != h.Latest) {
		if err := s.txn.Set(journalPeriodKey(s.tenant, h.PostingDate, id), binary.BigEndian.AppendUint64(nil, uint64(h.Latest))); err != nil {
			return fmt.Errorf("write index entry: %w", err)
		}
	}
	return nil
}

// journalIndexed is an entry of the period index.
type journalIndexed struct {
	id      string
	version int
}

// scan calls fn with the latest version of each live transaction in the
// period index between from and to. Within a date the index orders IDs by
// length first (they are length-prefixed), so scan sorts the entries of
// each date by ID before it calls fn.
func (s *journalState) scan(ctx context.Context, from, to civil.Date, fn func(*journal.Transaction) error) error {
	prefix := journalPeriodPrefix(s.tenant)
	start := prefix
	if !from.IsZero() {
		start = appendJournalDate(slices.Clip(prefix), from)
	}
	var end []byte
	if !to.IsZero() {
		end = appendJournalDate(nil, to)
	}
	it := s.txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()

	var (
		day   []byte           // the date of the entries in group
		group []journalIndexed // the entries of one date
	)
	flush := func() error {
		slices.SortFunc(group, func(a, b journalIndexed) int { return cmp.Compare(a.id, b.id) })
		for _, e := range group {
			if err := ctx.Err(); err != nil {
				return err
			}
			tx, err := s.Version(e.id, e.version)
			if err != nil {
				return fmt.Errorf("%s: %w", e.id, err)
			}
			if err := fn(tx); err != nil {
				return err
			}
		}
		group = group[:0]
		return nil
	}
	for it.Seek(start); it.Valid(); it.Next() {
		item := it.Item()
		date, id, err := parseJournalPeriodKey(item.Key(), len(prefix))
		if err != nil {
			return fmt.Errorf("key %q: %w", item.Key(), err)
		}
		if end != nil && bytes.Compare(date, end) > 0 {
			break
		}
		if !bytes.Equal(date, day) {
			if err := flush(); err != nil {
				return err
			}
			day = append(day[:0], date...)
		}
		var v int
		if err := item.Value(func(b []byte) (err error) { v, err = journalVersionOf(b); return err }); err != nil {
			return fmt.Errorf("key %q: %w", item.Key(), err)
		}
		group = append(group, journalIndexed{id: id, version: v})
	}
	return flush()
}

// journalLive reports whether a head names a live transaction.
func journalLive(h journal.Head, found bool) bool { return found && !h.Deleted }
