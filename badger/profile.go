package badger

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"sync"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/profile"
)

// The first byte of every key of the profile store.
const (
	profSchemaKey = 'V'
	profHead      = 'T'
	profLog       = 'L'
	profRevision  = 'H'
	profDocument  = 'D'
)

// profPrefixes are the first bytes of the keys of the profile store, the
// schema version's and the kind's aside (see Schema.Prefixes).
const profPrefixes = string(profHead) + string(profLog) + string(profRevision) + string(profDocument)

// profSchemaVersion is the version of the key layout this Levy reads and
// writes. Version 2 keys a number of identity apart from the tax
// registration of the same number (its code followed by the unit
// separator and "identity", profile.Key.StoredCode); its keys are
// version 1's otherwise, so a store of version 1 upgrades by writing the
// version alone (upgradeProfileV1), and a Levy that reads version 1 only
// refuses a store that may hold such keys rather than misread them.
const profSchemaVersion = "2"

// ProfileStore is the Badger store of package profile (profile.Store):
// the tax profiles of the tenants of one data directory (by convention
// <data-dir>/profile). Open it with OpenProfile.
//
// # Key layout
//
// Keys start with one byte that says what they hold; strings inside keys
// are length-prefixed (AppendLP), and numbers are 8 bytes big-endian, so
// that a prefix scan yields a record's versions in order:
//
//	'V'                              schema version, "2"; OpenProfile upgrades "1"
//	                                 (same keys) and refuses any other
//	0x00                             the kind of store, "profile" (KindKey): OpenProfile
//	                                 refuses the directory of another store
//	'T' tenant                       the tenant's head: its version, then the Unix
//	                                 nanoseconds of that version's change
//	'L' tenant version               a change: its Unix nanoseconds, then the
//	                                 credential that made it
//	'H' tenant kind scope jurisdiction code version
//	                                 a version of a record (its kind and the
//	                                 parts of its profile.Key; the code of a
//	                                 number of identity ends in 0x1F and
//	                                 "identity", Key.StoredCode): 0 for a
//	                                 deletion, or 1 and the record's JSON
//	'D' tenant sha256                a certificate's document, its content
//
// # Changes
//
// A change is visible once the tenant's head names its version: reads
// take the head (or, as of a time, the last change at or before it) and
// skip the versions of records above it. Apply writes the versions of a
// change in as many Badger transactions as they need (Badger bounds the
// size of one), then the change's log entry and the head in a last one,
// so a change of any size is all or nothing: until the head moves no
// read sees any of it, and the versions that a failed or interrupted
// change left above the head are deleted before the tenant's next change
// and when the store opens. The changes of the store take turns under a
// mutex (Badger is opened by one process at a time), and Check runs
// under it with the records of the head that it needs: the parts of a
// key are length-prefixed one by one, so that the versions of one record,
// and the certificates of one customer, are one prefix scan each.
//
// Writes are synced to disk before they are acknowledged (unless
// WithSyncWrites(false)), and go through a Probe, so that a store whose
// directory is gone, read-only or full refuses them as unavailable;
// reads go through its View, so that a store whose database lost its
// memory table answers them unavailable too, naming the restart it needs
// (Probe.Readable), rather than reading a database without one. The
// store runs no value log garbage collection: it deletes nothing but the
// versions of failed changes, so there is nothing to collect.
//
// ProfileStore is safe for concurrent use. Close waits for the calls in
// progress.
type ProfileStore struct {
	db    *bdb.DB
	probe *Probe
	log   *slog.Logger
	gate  Gate

	// apply serializes the changes, and guards dirty: the tenants whose
	// last change failed after it wrote versions, which the next change
	// cleans up first.
	apply sync.Mutex
	dirty map[string]bool
}

var _ profile.Store = (*ProfileStore)(nil)

// OpenProfile opens the profile store in dir, creating it if needed. It
// refuses a directory written with another schema version than the one
// this Levy supports, and deletes the versions that changes interrupted
// by a crash left behind. Of the options, it reads WithLogger and
// WithSyncWrites.
func OpenProfile(ctx context.Context, dir string, opts ...Option) (*ProfileStore, error) {
	o, err := newOptions(dir, opts)
	if err != nil {
		return nil, err
	}
	bo := bdb.DefaultOptions(dir).
		WithSyncWrites(o.syncWrites).
		WithMemTableSize(16 << 20).
		WithNumMemtables(2).
		WithBlockCacheSize(16 << 20).
		WithValueLogFileSize(64 << 20)
	db, err := Open(ctx, bo, "profile", o.log, Schema{Key: profSchemaKey, Version: profSchemaVersion, Store: "the profile store",
		Kind: "profile", Prefixes: profPrefixes,
		Upgrades: map[string]func(context.Context, *bdb.DB) error{"1": upgradeProfileV1}})
	if err != nil {
		return nil, err
	}
	probe, err := NewProbe("the profile store", dir)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	probe.Reserve(reserveFor(bo))
	s := &ProfileStore{db: db, probe: probe, log: o.log, dirty: map[string]bool{}}
	if err := s.cleanAll(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("profile: open %s: %w", dir, err)
	}
	return s, nil
}

// Close waits for the calls in progress and closes the store. A store
// whose directory is gone is not closed (Badger would try to flush into
// it for ever): Close says so, and leaves its files open.
// A nil or zero store, which its Open did not make, has nothing to close:
// Close returns nil, and the other methods an error of levy.EInvalid.
func (s *ProfileStore) Close() error {
	if s == nil || s.db == nil {
		return nil // never opened (OpenProfile failed): nothing to close
	}
	return s.gate.Close(func() error {
		if err := closeDB(s.db, s.probe); err != nil {
			return fmt.Errorf("profile: close: %w", err)
		}
		return nil
	})
}

// enter counts a call in, or fails once Close has begun or ctx has
// ended.
func (s *ProfileStore) enter(ctx context.Context, op string) error {
	if s == nil || s.db == nil {
		return unopened("profile", op, "OpenProfile")
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("profile: %s: %w", op, err)
	}
	if !s.gate.Enter() {
		return fmt.Errorf("profile: %s: %w", op, profile.ErrClosed)
	}
	return nil
}

// CheckWrite returns nil when the store's directory can take writes, and
// an error of code levy.EUnavailable that says why not.
func (s *ProfileStore) CheckWrite(ctx context.Context) error {
	if err := s.enter(ctx, "check"); err != nil {
		return err
	}
	defer s.gate.Leave()
	return s.probe.Check(ctx)
}

// profTenantKey is a key of kind whose first part is the tenant.
func profTenantKey(kind byte, tenant string, extra int) []byte {
	k := make([]byte, 1, 1+LPSize(tenant)+extra)
	k[0] = kind
	return AppendLP(k, tenant)
}

// profRecordPrefix is the prefix of the versions of one record.
func profRecordPrefix(tenant string, k profile.Key) []byte {
	code := k.StoredCode() // the code and the Type of a registration that has one
	p := profTenantKey(profRevision, tenant, LPSize(string(k.Kind))+LPSize(k.Scope)+LPSize(k.Jurisdiction)+LPSize(code)+8)
	p = AppendLP(p, string(k.Kind))
	p = AppendLP(p, k.Scope)
	p = AppendLP(p, k.Jurisdiction)
	return AppendLP(p, code)
}

// profCertificatesPrefix is the prefix of the versions of the
// certificates of one customer.
func profCertificatesPrefix(tenant, customer string) []byte {
	p := profTenantKey(profRevision, tenant, LPSize(string(profile.KindCertificate))+LPSize(customer))
	p = AppendLP(p, string(profile.KindCertificate))
	return AppendLP(p, customer)
}

// profHeadValue is a tenant's head: its version and when it was made.
type profHeadValue struct {
	version uint64
	at      int64 // Unix nanoseconds; 0 for version 0
}

// readHead reads the tenant's head; version 0 when it has none.
func readHead(txn *bdb.Txn, tenant string) (profHeadValue, error) {
	item, err := txn.Get(profTenantKey(profHead, tenant, 0))
	if errors.Is(err, bdb.ErrKeyNotFound) {
		return profHeadValue{}, nil
	}
	if err != nil {
		return profHeadValue{}, err
	}
	var h profHeadValue
	err = item.Value(func(v []byte) error {
		if len(v) != 16 {
			return fmt.Errorf("the head of tenant %s has %d bytes", tenant, len(v))
		}
		h.version = binary.BigEndian.Uint64(v)
		h.at = int64(binary.BigEndian.Uint64(v[8:]))
		return nil
	})
	return h, err
}

// unixNanos returns t in Unix nanoseconds, clamped to the times an
// int64 of them holds (the years 1678 to 2262).
func unixNanos(t time.Time) int64 {
	switch {
	case t.Before(time.Unix(0, math.MinInt64)):
		return math.MinInt64
	case t.After(time.Unix(0, math.MaxInt64)):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// profChange is a change of the log.
type profChange struct {
	version uint64
	at      int64
	by      string
}

// readChange reads the log entry of a version of the tenant.
func readChange(txn *bdb.Txn, tenant string, v uint64) (profChange, error) {
	item, err := txn.Get(binary.BigEndian.AppendUint64(profTenantKey(profLog, tenant, 8), v))
	if err != nil {
		return profChange{}, fmt.Errorf("read change %d: %w", v, err)
	}
	c := profChange{version: v}
	err = item.Value(func(b []byte) error {
		if len(b) < 8 {
			return fmt.Errorf("change %d has %d bytes", v, len(b))
		}
		c.at = int64(binary.BigEndian.Uint64(b))
		c.by = string(b[8:])
		return nil
	})
	return c, err
}

// parseRevisionKey returns the record key and version of a key of a
// record's version, after the tenant's prefix of length n.
func parseRevisionKey(k []byte, n int) (profile.Key, uint64, bool) {
	rest := k[n:]
	var parts [4]string
	for i := range parts {
		var ok bool
		if parts[i], rest, ok = cutLP(rest); !ok {
			return profile.Key{}, 0, false
		}
	}
	if len(rest) != 8 {
		return profile.Key{}, 0, false
	}
	key := profile.KeyOf(profile.Kind(parts[0]), parts[1]+"\x1f"+parts[2]+"\x1f"+parts[3])
	return key, binary.BigEndian.Uint64(rest), true
}

// cutLP cuts a length-prefixed string off the front of b.
func cutLP(b []byte) (string, []byte, bool) {
	n, w := binary.Uvarint(b)
	if w <= 0 || uint64(len(b)-w) < n {
		return "", nil, false
	}
	return string(b[w : w+int(n)]), b[w+int(n):], true
}

// readRecords reads the tenant's records at version v (the head's or
// below) that need names, made at at by by.
func readRecords(txn *bdb.Txn, tenant string, v uint64, at int64, by string, need *profile.Need) (*profile.Records, error) {
	var entries []profile.Entry
	var err error
	n := len(profTenantKey(profRevision, tenant, 0))
	if need.All {
		entries, err = scanRecords(txn, profTenantKey(profRevision, tenant, 0), n, v, entries)
	} else {
		for _, k := range need.Keys {
			if entries, err = scanRecords(txn, profRecordPrefix(tenant, k), n, v, entries); err != nil {
				break
			}
		}
		for _, c := range need.CertificatesOf {
			if err != nil {
				break
			}
			entries, err = scanRecords(txn, profCertificatesPrefix(tenant, c), n, v, entries)
		}
	}
	if err != nil {
		return nil, err
	}
	var t time.Time
	if v > 0 {
		t = time.Unix(0, at).UTC()
	}
	return profile.NewRecords(v, t, by, dedupe(entries))
}

// dedupe drops the entries whose key an earlier entry has (a record
// that two parts of a Need name).
func dedupe(entries []profile.Entry) []profile.Entry {
	seen := make(map[profile.Key]bool, len(entries))
	out := entries[:0]
	for _, e := range entries {
		if !seen[e.Key] {
			seen[e.Key] = true
			out = append(out, e)
		}
	}
	return out
}

// scanRecords appends to entries the records under prefix as they are at
// version v: for each record, its last version at or below v, unless
// that is a deletion. n is the length of the tenant's prefix.
func scanRecords(txn *bdb.Txn, prefix []byte, n int, v uint64, entries []profile.Entry) ([]profile.Entry, error) {
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()
	var last []byte // the record of the last version kept, until the key changes
	var lastKey profile.Key
	flush := func() {
		if last != nil {
			entries = append(entries, profile.Entry{Key: lastKey, Data: last})
		}
		last = nil
	}
	for it.Rewind(); it.Valid(); it.Next() {
		item := it.Item()
		k, ver, ok := parseRevisionKey(item.Key(), n)
		if !ok {
			return nil, errors.New("a key of the records does not parse")
		}
		if k != lastKey {
			flush()
			lastKey = k
		}
		if ver > v {
			continue // a later version, or one of a change not yet made
		}
		val, err := item.ValueCopy(nil)
		if err != nil {
			return nil, err
		}
		if len(val) == 0 || val[0] == 0 {
			last = nil // deleted
		} else {
			last = val[1:]
		}
	}
	flush()
	return entries, nil
}

// Apply stores a change (profile.Store): see the type's documentation
// for how a change of any size is made all or nothing.
func (s *ProfileStore) Apply(ctx context.Context, tenant string, c profile.Commit) (uint64, error) {
	if err := s.enter(ctx, "apply"); err != nil {
		return 0, err
	}
	defer s.gate.Leave()
	s.apply.Lock()
	defer s.apply.Unlock()
	if s.dirty[tenant] {
		if err := s.clean(ctx, tenant); err != nil {
			return 0, Wrap("profile", "apply", "", err)
		}
		delete(s.dirty, tenant)
	}
	var head profHeadValue
	var cur *profile.Records
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		var err error
		if head, err = readHead(txn, tenant); err != nil {
			return err
		}
		if c.Check == nil {
			return nil
		}
		by := ""
		if head.version > 0 {
			ch, err := readChange(txn, tenant, head.version)
			if err != nil {
				return err
			}
			by = ch.by
		}
		cur, err = readRecords(txn, tenant, head.version, head.at, by, &c.Need)
		return err
	})
	if err != nil {
		return 0, Wrap("profile", "apply", "", err)
	}
	if c.Check != nil {
		if err := c.Check(cur); err != nil {
			return 0, err
		}
	}
	v := head.version + 1
	at := unixNanos(c.At)
	if at < head.at {
		at = head.at
	}
	if err := s.writeVersions(ctx, tenant, v, c.Entries); err != nil {
		s.dirty[tenant] = true
		return 0, Wrap("profile", "apply", "", err)
	}
	err = s.probe.Update(ctx, s.db, func(txn *bdb.Txn) error {
		// Nothing else writes the head: the store's changes take turns.
		change := binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(c.By)), uint64(at))
		if err := txn.Set(binary.BigEndian.AppendUint64(profTenantKey(profLog, tenant, 8), v), append(change, c.By...)); err != nil {
			return err
		}
		h := binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(make([]byte, 0, 16), v), uint64(at))
		return txn.Set(profTenantKey(profHead, tenant, 0), h)
	})
	if err != nil {
		s.dirty[tenant] = true
		return 0, Wrap("profile", "apply", "", err)
	}
	return v, nil
}

// writeVersions writes the versions of a change's entries, version v,
// in as many transactions as they need.
func (s *ProfileStore) writeVersions(ctx context.Context, tenant string, v uint64, entries []profile.Entry) error {
	for len(entries) > 0 {
		n := 0
		err := s.probe.Update(ctx, s.db, func(txn *bdb.Txn) error {
			n = 0
			for _, e := range entries {
				k := binary.BigEndian.AppendUint64(profRecordPrefix(tenant, e.Key), v)
				val := []byte{0}
				if e.Data != nil {
					val = append(append(make([]byte, 0, 1+len(e.Data)), 1), e.Data...)
				}
				err := txn.Set(k, val)
				if errors.Is(err, bdb.ErrTxnTooBig) && n > 0 {
					return nil // commit what fits; the rest goes in the next
				}
				if err != nil {
					return err
				}
				n++
			}
			return nil
		})
		if err != nil {
			return err
		}
		entries = entries[n:]
	}
	return nil
}

// clean deletes the versions of the tenant's records above its head:
// those of changes that failed or were interrupted.
func (s *ProfileStore) clean(ctx context.Context, tenant string) error {
	var head profHeadValue
	var stale [][]byte
	prefix := profTenantKey(profRevision, tenant, 0)
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		var err error
		if head, err = readHead(txn, tenant); err != nil {
			return err
		}
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			k := it.Item().Key()
			if _, ver, ok := parseRevisionKey(k, len(prefix)); ok && ver > head.version {
				stale = append(stale, bytes.Clone(k))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for len(stale) > 0 {
		n := 0
		err := s.probe.Update(ctx, s.db, func(txn *bdb.Txn) error {
			n = 0
			for _, k := range stale {
				err := txn.Delete(k)
				if errors.Is(err, bdb.ErrTxnTooBig) && n > 0 {
					return nil
				}
				if err != nil {
					return err
				}
				n++
			}
			return nil
		})
		if err != nil {
			return err
		}
		stale = stale[n:]
	}
	return nil
}

// cleanAll cleans every tenant that has versions above its head, as a
// crash in the middle of a change leaves them.
func (s *ProfileStore) cleanAll(ctx context.Context) error {
	tenants := map[string]bool{}
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{profRevision}, PrefetchValues: false})
		defer it.Close()
		heads := map[string]uint64{}
		for it.Rewind(); it.Valid(); it.Next() {
			k := it.Item().Key()
			tenant, _, ok := cutLP(k[1:])
			if !ok {
				return errors.New("a key of the records does not parse")
			}
			h, seen := heads[tenant]
			if !seen {
				head, err := readHead(txn, tenant)
				if err != nil {
					return err
				}
				h = head.version
				heads[tenant] = h
			}
			if _, ver, ok := parseRevisionKey(k, 1+LPSize(tenant)); ok && ver > h {
				tenants[tenant] = true
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for tenant := range tenants {
		if err := s.clean(ctx, tenant); err != nil {
			return err
		}
		s.log.Info("profile: deleted the versions of a change interrupted by a crash", "tenant", tenant)
	}
	return nil
}

// Records returns the tenant's records as of asOf (profile.Store).
func (s *ProfileStore) Records(ctx context.Context, tenant string, asOf time.Time) (*profile.Records, error) {
	if err := s.enter(ctx, "read"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var r *profile.Records
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		head, err := readHead(txn, tenant)
		if err != nil {
			return err
		}
		ch := profChange{version: head.version, at: head.at}
		if !asOf.IsZero() && head.version > 0 && unixNanos(asOf) < head.at {
			if ch, err = changeAsOf(txn, tenant, head.version, unixNanos(asOf)); err != nil {
				return err
			}
		} else if head.version > 0 {
			if ch, err = readChange(txn, tenant, head.version); err != nil {
				return err
			}
		}
		r, err = readRecords(txn, tenant, ch.version, ch.at, ch.by, &profile.Need{All: true})
		return err
	})
	if err != nil {
		return nil, Wrap("profile", "read", "", err)
	}
	return r, nil
}

// changeAsOf returns the last change of the tenant, up to its head,
// stamped at or before asOf (Unix nanoseconds); version 0 when none is.
func changeAsOf(txn *bdb.Txn, tenant string, head uint64, asOf int64) (profChange, error) {
	prefix := profTenantKey(profLog, tenant, 0)
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix})
	defer it.Close()
	var out profChange
	for it.Rewind(); it.Valid(); it.Next() {
		item := it.Item()
		k := item.Key()
		if len(k) != len(prefix)+8 {
			return profChange{}, fmt.Errorf("a key of tenant %s's changes does not parse", tenant)
		}
		v := binary.BigEndian.Uint64(k[len(prefix):])
		if v > head {
			break
		}
		var c profChange
		err := item.Value(func(b []byte) error {
			if len(b) < 8 {
				return fmt.Errorf("change %d has %d bytes", v, len(b))
			}
			c = profChange{version: v, at: int64(binary.BigEndian.Uint64(b)), by: string(b[8:])}
			return nil
		})
		if err != nil {
			return profChange{}, err
		}
		if c.at > asOf {
			break // the times of the changes never go back
		}
		out = c
	}
	return out, nil
}

// History returns the versions of one record of the tenant
// (profile.Store).
func (s *ProfileStore) History(ctx context.Context, tenant string, k profile.Key) ([]profile.Revision, error) {
	if err := s.enter(ctx, "history"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var out []profile.Revision
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		head, err := readHead(txn, tenant)
		if err != nil {
			return err
		}
		prefix := profRecordPrefix(tenant, k)
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			v := binary.BigEndian.Uint64(item.Key()[len(prefix):])
			if v > head.version {
				break
			}
			val, err := item.ValueCopy(nil)
			if err != nil {
				return err
			}
			ch, err := readChange(txn, tenant, v)
			if err != nil {
				return err
			}
			r := profile.Revision{Version: v, At: time.Unix(0, ch.at).UTC(), By: ch.by, Deleted: len(val) == 0 || val[0] == 0}
			if !r.Deleted {
				r.Data = val[1:]
			}
			out = append(out, r)
		}
		return nil
	})
	if err != nil {
		return nil, Wrap("profile", "history", k.String(), err)
	}
	return out, nil
}

// Version returns the tenant's version (profile.Store): one read of its
// head.
func (s *ProfileStore) Version(ctx context.Context, tenant string) (uint64, error) {
	if err := s.enter(ctx, "version"); err != nil {
		return 0, err
	}
	defer s.gate.Leave()
	var h profHeadValue
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		var err error
		h, err = readHead(txn, tenant)
		return err
	})
	return h.version, Wrap("profile", "version", "", err)
}

// Tenants returns the tenants whose version is not 0 (profile.Store):
// one scan of the heads.
func (s *ProfileStore) Tenants(ctx context.Context) ([]string, error) {
	if err := s.enter(ctx, "tenants"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var out []string
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{profHead}})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			item := it.Item()
			tenant, rest, ok := cutLP(item.Key()[1:])
			if !ok || len(rest) != 0 {
				return fmt.Errorf("a head key of %d bytes is not a tenant's", len(item.Key()))
			}
			var version uint64
			if err := item.Value(func(v []byte) error {
				if len(v) != 16 {
					return fmt.Errorf("the head of tenant %s has %d bytes", tenant, len(v))
				}
				version = binary.BigEndian.Uint64(v)
				return nil
			}); err != nil {
				return err
			}
			if version > 0 {
				out = append(out, tenant)
			}
		}
		return nil
	})
	if err != nil {
		return nil, Wrap("profile", "tenants", "", err)
	}
	// Keys are length-prefixed, so their order is not the tenants'.
	slices.Sort(out)
	return out, nil
}

// PutDocument stores a tenant's document under its digest
// (profile.Store).
func (s *ProfileStore) PutDocument(ctx context.Context, tenant, digest string, content []byte) error {
	if err := s.enter(ctx, "put document"); err != nil {
		return err
	}
	defer s.gate.Leave()
	k := AppendLP(profTenantKey(profDocument, tenant, LPSize(digest)), digest)
	return Wrap("profile", "put document", digest, s.probe.Update(ctx, s.db, func(txn *bdb.Txn) error {
		if _, err := txn.Get(k); err == nil {
			return nil // stored already: the same bytes, by their digest
		} else if !errors.Is(err, bdb.ErrKeyNotFound) {
			return err
		}
		return txn.Set(k, content)
	}))
}

// Document returns a tenant's document (profile.Store).
func (s *ProfileStore) Document(ctx context.Context, tenant, digest string) ([]byte, error) {
	if err := s.enter(ctx, "read document"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	var out []byte
	err := s.probe.View(s.db, func(txn *bdb.Txn) error {
		item, err := txn.Get(AppendLP(profTenantKey(profDocument, tenant, LPSize(digest)), digest))
		if errors.Is(err, bdb.ErrKeyNotFound) {
			return profile.DocumentNotFound(digest)
		}
		if err != nil {
			return err
		}
		out, err = item.ValueCopy(nil)
		return err
	})
	if err != nil {
		return nil, Wrap("profile", "read document", digest, err)
	}
	return out, nil
}

// upgradeProfileV1 brings a profile store of schema version 1 to 2: the
// keys of version 1 are keys of version 2, so only the version changes.
func upgradeProfileV1(_ context.Context, db *bdb.DB) error {
	return db.Update(func(txn *bdb.Txn) error {
		return txn.Set([]byte{profSchemaKey}, []byte(profSchemaVersion))
	})
}
