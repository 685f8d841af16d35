package journal

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

	"github.com/dgraph-io/badger/v4"

	kv "github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
)

// Defaults of the Badger store's options.
const (
	defaultGCInterval = 5 * time.Minute
	// gcDiscardRatio is the share of a value log file that must be garbage
	// for the collection to rewrite it.
	gcDiscardRatio = 0.5
	// lockStripes is the number of write locks: writes of one transaction
	// ID take the same lock, so they never conflict with each other, and
	// writes of different IDs rarely share one.
	lockStripes = 4096
)

// Option configures Open.
type Option func(*options)

// options are the settings of a Badger store.
type options struct {
	log        *slog.Logger
	gcInterval time.Duration
	syncWrites bool
}

// WithLogger sends the store's logs to log: its own (value log garbage
// collection failures) and Badger's warnings and errors. Without it, or
// with nil, the store logs nothing.
func WithLogger(log *slog.Logger) Option {
	return func(o *options) { o.log = log }
}

// WithGCInterval sets how often the store runs value log garbage
// collection (5 minutes by default). A duration that is not positive
// keeps the default.
func WithGCInterval(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.gcInterval = d
		}
	}
}

// WithSyncWrites sets whether a write is synced to disk before it is
// acknowledged (true by default). Without it, a crash of the machine (not
// of the process) may lose the latest acknowledged writes.
func WithSyncWrites(sync bool) Option {
	return func(o *options) { o.syncWrites = sync }
}

// Badger is the Store of Levy's product: a journal kept in a Badger
// database in a directory, with the key layout of the package
// documentation.
//
// Badger is safe for concurrent use. Writes of one transaction ID are
// serialized by a striped lock (and retried on the rare conflict); writes
// of different IDs proceed in parallel, though with SyncWrites Badger
// syncs each committed transaction on its own, so their syncs queue one
// after another. Close waits for the calls in progress; a Scan's fn must
// not call Close.
type Badger struct {
	operations
	db    *badger.DB
	probe *kv.Probe // whether the directory still takes writes
	log   *slog.Logger
	seed  maphash.Seed
	locks [lockStripes]sync.Mutex
	gate  kv.Gate // the calls in progress, for Close

	stop     chan struct{} // closed by Close to stop the garbage collector
	done     chan struct{} // closed by the garbage collector when it stops
	gcCycles atomic.Int64  // garbage collection ticks run, for tests
}

// Badger is a Store.
var _ Store = (*Badger)(nil)

// Open opens the journal in dir, creating it if needed, and starts its
// value log garbage collection. It refuses a directory written with
// another schema version than the one this Levy supports.
func Open(ctx context.Context, dir string, opts ...Option) (*Badger, error) {
	o := options{gcInterval: defaultGCInterval, syncWrites: true}
	for _, opt := range opts {
		opt(&o)
	}
	bo := badger.DefaultOptions(dir).WithSyncWrites(o.syncWrites)
	db, err := kv.Open(ctx, bo, "journal", o.log, kv.Schema{Key: keySchema, Version: schemaVersion, Store: "the journal"})
	if err != nil {
		return nil, err
	}
	probe, err := kv.NewProbe("the journal", dir)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	if o.log == nil {
		o.log = slog.New(slog.DiscardHandler)
	}
	b := &Badger{
		db:    db,
		probe: probe,
		log:   o.log,
		seed:  maphash.MakeSeed(),
		stop:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	b.operations = operations{be: b}
	go b.collect(o.gcInterval)
	return b, nil
}

// collect runs value log garbage collection every interval until Close.
func (b *Badger) collect(interval time.Duration) {
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
			if !errors.Is(err, badger.ErrNoRewrite) && !errors.Is(err, badger.ErrRejected) {
				b.log.Warn("journal: value log garbage collection failed", "err", err)
			}
			break
		}
	}
}

// Close waits for the calls in progress, stops the garbage collection and
// closes the database. The methods fail with ErrClosed afterwards; a
// second Close does nothing and returns nil.
func (b *Badger) Close() error {
	return b.gate.Close(func() error {
		close(b.stop)
		<-b.done
		if err := b.probe.Gone(); err != nil {
			// Badger would try to flush its memory table into the lost
			// directory for ever.
			return fmt.Errorf("journal: close: %w; its files were left open", err)
		}
		b.probe.Remove()
		if err := b.db.Close(); err != nil {
			return fmt.Errorf("journal: close: %w", err)
		}
		return nil
	})
}

// CheckWrite returns nil when the journal's directory can take writes,
// and an error of code levy.EUnavailable that says why not: the
// directory is gone or was replaced, or a file in it cannot be written
// and synced. The answer holds for a second (kv.ProbeInterval); every
// write checks it first, so that no write is acknowledged that the
// journal cannot keep.
func (b *Badger) CheckWrite(ctx context.Context) error { return b.probe.Check(ctx) }

// stripe returns the write lock of a transaction ID.
func (b *Badger) stripe(tenant, id string) int {
	var h maphash.Hash
	h.SetSeed(b.seed)
	h.WriteString(tenant)
	h.WriteByte(0)
	h.WriteString(id)
	return int(h.Sum64() % lockStripes)
}

// update runs fn in a read-write transaction of tenant and commits it,
// holding the write locks of ids, and tries again when the commit meets
// a conflict. Its errors are wrapped with op and ids[0].
func (b *Badger) update(ctx context.Context, op, tenant string, ids []string, fn func(state) error) error {
	id := ids[0]
	if err := ctx.Err(); err != nil {
		return wrap(op, id, err)
	}
	if !b.gate.Enter() {
		return wrap(op, id, ErrClosed)
	}
	defer b.gate.Leave()

	var stripes [2]int
	n := 0
	for _, x := range ids {
		s := b.stripe(tenant, x)
		if n == 0 || stripes[0] != s {
			stripes[n] = s
			n++
		}
	}
	if n == 2 && stripes[0] > stripes[1] {
		stripes[0], stripes[1] = stripes[1], stripes[0]
	}
	for _, s := range stripes[:n] {
		b.locks[s].Lock()
		defer b.locks[s].Unlock()
	}

	return wrap(op, id, b.probe.Update(ctx, b.db, func(txn *badger.Txn) error {
		return fn(&badgerState{txn: txn, tenant: tenant})
	}))
}

// view runs fn in a read-only transaction of tenant. Its errors are
// wrapped with op and id.
func (b *Badger) view(ctx context.Context, op, tenant, id string, fn func(state) error) error {
	if err := ctx.Err(); err != nil {
		return wrap(op, id, err)
	}
	if !b.gate.Enter() {
		return wrap(op, id, ErrClosed)
	}
	defer b.gate.Leave()
	txn := b.db.NewTransaction(false)
	defer txn.Discard()
	return wrap(op, id, fn(&badgerState{txn: txn, tenant: tenant}))
}

// Scan implements Store. It reads one snapshot of the journal: writes
// made while it runs (by fn or anyone) are not seen.
func (b *Badger) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*Transaction) error) error {
	if err := checkScan(tenant, from, to); err != nil {
		return err
	}
	var fnErr error
	err := b.view(ctx, "scan", tenant, "", func(s state) error {
		st := s.(*badgerState)
		err := st.scan(ctx, from, to, fn)
		if errors.Is(err, errStopped) {
			fnErr = st.fnErr
			return nil
		}
		return err
	})
	if fnErr != nil {
		return fnErr
	}
	return err
}

// errStopped marks a scan that fn stopped.
var errStopped = errors.New("scan stopped")

// badgerState is the state of one tenant in a Badger transaction. It
// belongs to the one goroutine that runs the transaction.
type badgerState struct {
	txn    *badger.Txn
	tenant string
	fnErr  error // fn's error, when it stopped a scan
}

func (s *badgerState) head(id string) (Head, bool, error) {
	item, err := s.txn.Get(headKey(s.tenant, id))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return Head{}, false, nil
	}
	if err != nil {
		return Head{}, false, fmt.Errorf("read head: %w", err)
	}
	var h Head
	if err := item.Value(func(v []byte) error { return json.Unmarshal(v, &h) }); err != nil {
		return Head{}, false, fmt.Errorf("read head: %w", err)
	}
	return h, true, nil
}

func (s *badgerState) version(id string, v int) (*Transaction, error) {
	item, err := s.txn.Get(versionKey(s.tenant, id, v))
	if err != nil {
		return nil, fmt.Errorf("read version %d: %w", v, err)
	}
	return decodeVersion(item, v)
}

// decodeVersion decodes the transaction in item, version v.
func decodeVersion(item *badger.Item, v int) (*Transaction, error) {
	tx := new(Transaction)
	if err := item.Value(func(b []byte) error { return json.Unmarshal(b, tx) }); err != nil {
		return nil, fmt.Errorf("read version %d: %w", v, err)
	}
	return tx, nil
}

func (s *badgerState) putVersion(tx *Transaction) error {
	v, err := json.Marshal(tx)
	if err != nil {
		return fmt.Errorf("encode version %d: %w", tx.Version, err)
	}
	if err := s.txn.Set(versionKey(s.tenant, tx.TransactionID, tx.Version), v); err != nil {
		return fmt.Errorf("write version %d: %w", tx.Version, err)
	}
	return nil
}

func (s *badgerState) putHead(id string, old Head, found bool, h Head) error {
	v, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("encode head: %w", err)
	}
	if err := s.txn.Set(headKey(s.tenant, id), v); err != nil {
		return fmt.Errorf("write head: %w", err)
	}
	if live(old, found) && (h.Deleted || old.PostingDate != h.PostingDate) {
		if err := s.txn.Delete(periodKey(s.tenant, old.PostingDate, id)); err != nil {
			return fmt.Errorf("remove index entry: %w", err)
		}
	}
	if !h.Deleted && (!live(old, found) || old.PostingDate != h.PostingDate || old.Latest != h.Latest) {
		if err := s.txn.Set(periodKey(s.tenant, h.PostingDate, id), binary.BigEndian.AppendUint64(nil, uint64(h.Latest))); err != nil {
			return fmt.Errorf("write index entry: %w", err)
		}
	}
	return nil
}

// indexed is an entry of the period index.
type indexed struct {
	id      string
	version int
}

// scan calls fn with the latest version of each live transaction in the
// period index between from and to. Within a date the index orders IDs by
// length first (they are length-prefixed), so scan sorts the entries of
// each date by ID before it calls fn.
func (s *badgerState) scan(ctx context.Context, from, to civil.Date, fn func(*Transaction) error) error {
	prefix := periodPrefix(s.tenant)
	start := prefix
	if !from.IsZero() {
		start = appendDate(slices.Clip(prefix), from)
	}
	var end []byte
	if !to.IsZero() {
		end = appendDate(nil, to)
	}
	it := s.txn.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()

	var (
		day   []byte    // the date of the entries in group
		group []indexed // the entries of one date
	)
	flush := func() error {
		slices.SortFunc(group, func(a, b indexed) int { return cmp.Compare(a.id, b.id) })
		for _, e := range group {
			if err := ctx.Err(); err != nil {
				return err
			}
			tx, err := s.version(e.id, e.version)
			if err != nil {
				return fmt.Errorf("%s: %w", e.id, err)
			}
			if err := fn(tx); err != nil {
				s.fnErr = err
				return errStopped
			}
		}
		group = group[:0]
		return nil
	}
	for it.Seek(start); it.Valid(); it.Next() {
		item := it.Item()
		date, id, err := parsePeriodKey(item.Key(), len(prefix))
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
		if err := item.Value(func(b []byte) (err error) { v, err = versionOf(b); return err }); err != nil {
			return fmt.Errorf("key %q: %w", item.Key(), err)
		}
		group = append(group, indexed{id: id, version: v})
	}
	return flush()
}
