package postgres

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/profile"
)

// The profile store's tables (migrations/005_profile.sql):
//
//	profile_tenants    tenant → version, at_ns: the tenant's head
//	profile_changes    (tenant, version) → at_ns, by_id: the log of changes
//	profile_records    (tenant, kind, id, version) → data: every version of
//	                   every record (JSON; NULL for a deletion)
//	profile_documents  (tenant, sha256) → content
//
// Times are Unix nanoseconds (bigint), as the auth store keeps them, so
// that they come back exactly as they were given.
//
// # Across nodes
//
// Apply runs in one READ COMMITTED transaction that first makes the
// tenant's head row if it is missing (INSERT ... ON CONFLICT DO NOTHING:
// a node that meets another's insert waits for it and inserts nothing),
// then locks it (SELECT ... FOR UPDATE). So the changes of a tenant take
// turns whichever nodes make them, and the Check of each sees the
// records as the previous one left them: it reads them after the lock,
// when every earlier change has committed. The change's versions, its
// log entry and the new head are written in the same transaction, so a
// reader sees all of a change or none of it. Records reads the head, the
// change as of the time asked for and the records at that version in one
// REPEATABLE READ transaction. Version is one statement, a read of the
// head row, that the caches of all nodes poll every second
// (profile.Cache.Follow); a change on one node, or an offline import
// into the database, is seen everywhere within that second.
//
// Documents are written once (INSERT ... ON CONFLICT DO NOTHING): the key
// is the digest of the content, so two nodes storing one document store
// the same bytes.

// Profile returns the store of package profile kept in the database. It
// shares the DB's pool; closing it waits for its calls in progress and
// makes its methods fail with profile.ErrClosed, but leaves the DB open.
func (db *DB) Profile() profile.Store {
	return &profStore{db: db}
}

// profStore is the profile.Store of Profile.
//
// It is safe for concurrent use: its state is in the database, and its gate
// only keeps Close from finishing while calls are in progress (each call
// holds it for reading).
type profStore struct {
	db   *DB
	gate gate
}

var _ profile.Store = (*profStore)(nil)

// The transaction options of the store.
var (
	profWrite = pgx.TxOptions{IsoLevel: pgx.ReadCommitted}
	profRead  = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
)

// call runs fn as a call of the store for op, unless ctx has ended or
// the store is closed.
func (s *profStore) call(ctx context.Context, op string, fn func() error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("profile: %s: %w", op, err)
	}
	if !s.gate.enter() {
		return fmt.Errorf("profile: %s: %w", op, profile.ErrClosed)
	}
	defer s.gate.leave()
	return fn()
}

// tx runs fn in a transaction of opts (see call), retried on a
// serialization failure or a deadlock.
func (s *profStore) tx(ctx context.Context, op string, opts pgx.TxOptions, fn func(pgx.Tx) error) error {
	return s.call(ctx, op, func() error { return s.db.tx(ctx, "profile: "+op, opts, fn) })
}

// Close waits for the calls in progress and closes the store, not the
// DB. A second Close does nothing.
func (s *profStore) Close() error {
	s.gate.close()
	return nil
}

// CheckWrite returns nil when the database answers, and a
// levy.EUnavailable error otherwise.
func (s *profStore) CheckWrite(ctx context.Context) error {
	return s.call(ctx, "check", func() error { return s.db.CheckWrite(ctx) })
}

// profNanos returns t in Unix nanoseconds, clamped to the times an int64
// of them holds (the years 1678 to 2262).
func profNanos(t time.Time) int64 {
	switch {
	case t.Before(time.Unix(0, math.MinInt64)):
		return math.MinInt64
	case t.After(time.Unix(0, math.MaxInt64)):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// profTime is the time of Unix nanoseconds, in UTC.
func profTime(ns int64) time.Time { return time.Unix(0, ns).UTC() }

// Apply stores a change (profile.Store); see the comment on the tables
// for how the changes of a tenant take turns across nodes.
func (s *profStore) Apply(ctx context.Context, tenant string, c profile.Commit) (uint64, error) {
	kinds := make([]string, len(c.Entries))
	ids := make([]string, len(c.Entries))
	data := make([]*string, len(c.Entries))
	for i, e := range c.Entries {
		kinds[i], ids[i] = string(e.Key.Kind), e.Key.ID()
		if e.Data != nil {
			d := string(e.Data)
			data[i] = &d
		}
	}
	var v uint64
	err := s.tx(ctx, "apply", profWrite, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO profile_tenants (tenant, version, at_ns) VALUES ($1, 0, 0) ON CONFLICT DO NOTHING`, tenant); err != nil {
			return fmt.Errorf("make the head: %w", err)
		}
		var head, headAt int64
		if err := tx.QueryRow(ctx, `SELECT version, at_ns FROM profile_tenants WHERE tenant = $1 FOR UPDATE`, tenant).Scan(&head, &headAt); err != nil {
			return fmt.Errorf("lock the head: %w", err)
		}
		if c.Check != nil {
			by := ""
			if head > 0 {
				if err := tx.QueryRow(ctx, `SELECT by_id FROM profile_changes WHERE tenant = $1 AND version = $2`, tenant, head).Scan(&by); err != nil {
					return fmt.Errorf("read the last change: %w", err)
				}
			}
			cur, err := profNeeded(ctx, tx, tenant, head, headAt, by, &c.Need)
			if err != nil {
				return err
			}
			if err := c.Check(cur); err != nil {
				return err
			}
		}
		next := head + 1
		at := profNanos(c.At)
		if head > 0 && at < headAt {
			at = headAt
		}
		if len(c.Entries) > 0 {
			_, err := tx.Exec(ctx, `INSERT INTO profile_records (tenant, kind, id, version, data)
				SELECT $1, k, i, $2, d::json FROM unnest($3::text[], $4::text[], $5::text[]) AS t(k, i, d)`, tenant, next, kinds, ids, data)
			if err != nil {
				return fmt.Errorf("write the records: %w", err)
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO profile_changes (tenant, version, at_ns, by_id) VALUES ($1, $2, $3, $4)`, tenant, next, at, c.By); err != nil {
			return fmt.Errorf("write the change: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE profile_tenants SET version = $2, at_ns = $3 WHERE tenant = $1`, tenant, next, at); err != nil {
			return fmt.Errorf("move the head: %w", err)
		}
		v = uint64(next)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return v, nil
}

// profRecords reads the tenant's records at version v, made at at (Unix
// nanoseconds) by by.
func profRecords(ctx context.Context, tx pgx.Tx, tenant string, v, at int64, by string) (*profile.Records, error) {
	rows, err := tx.Query(ctx, `SELECT DISTINCT ON (kind, id) kind, id, data::text FROM profile_records
		WHERE tenant = $1 AND version <= $2 ORDER BY kind, id, version DESC`, tenant, v)
	if err != nil {
		return nil, fmt.Errorf("read the records: %w", err)
	}
	entries, err := profEntries(rows)
	if err != nil {
		return nil, err
	}
	return profile.NewRecords(uint64(v), profAt(v, at), by, entries)
}

// profNeeded reads the tenant's records at version v that need names:
// the last version of each key, and of each certificate of the customers,
// by the primary key's index, so that a change reads what its checks
// need and not the whole profile.
func profNeeded(ctx context.Context, tx pgx.Tx, tenant string, v, at int64, by string, need *profile.Need) (*profile.Records, error) {
	if need.All {
		return profRecords(ctx, tx, tenant, v, at, by)
	}
	kinds := make([]string, len(need.Keys))
	ids := make([]string, len(need.Keys))
	for i, k := range need.Keys {
		kinds[i], ids[i] = string(k.Kind), k.ID()
	}
	// The IDs of a customer's certificates start with its code and two
	// separators (profile.Key.ID): they sort from that prefix to the
	// prefix whose last byte is one more, byte by byte (COLLATE "C").
	los := make([]string, len(need.CertificatesOf))
	his := make([]string, len(need.CertificatesOf))
	for i, c := range need.CertificatesOf {
		los[i], his[i] = c+"\x1f\x1f", c+"\x1f\x20"
	}
	rows, err := tx.Query(ctx, `SELECT r.kind, r.id, r.data::text
		FROM unnest($3::text[], $4::text[]) AS k(kind, id)
		CROSS JOIN LATERAL (SELECT kind, id, data FROM profile_records
			WHERE tenant = $1 AND kind = k.kind AND id = k.id AND version <= $2 ORDER BY version DESC LIMIT 1) r
		UNION
		SELECT c.kind, c.id, c.data::text
		FROM unnest($5::text[], $6::text[]) AS b(lo, hi)
		CROSS JOIN LATERAL (SELECT DISTINCT ON (id) kind, id, data FROM profile_records
			WHERE tenant = $1 AND kind = 'certificate' AND id >= b.lo AND id < b.hi AND version <= $2 ORDER BY id, version DESC) c`,
		tenant, v, kinds, ids, los, his)
	if err != nil {
		return nil, fmt.Errorf("read the records: %w", err)
	}
	entries, err := profEntries(rows)
	if err != nil {
		return nil, err
	}
	return profile.NewRecords(uint64(v), profAt(v, at), by, entries)
}

// profEntries reads rows of kind, id and data into the entries of the
// records that exist (data not NULL).
func profEntries(rows pgx.Rows) ([]profile.Entry, error) {
	var entries []profile.Entry
	var kind, id string
	var data *string
	_, err := pgx.ForEachRow(rows, []any{&kind, &id, &data}, func() error {
		if data != nil {
			entries = append(entries, profile.Entry{Key: profile.KeyOf(profile.Kind(kind), id), Data: []byte(*data)})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the records: %w", err)
	}
	return entries, nil
}

// profAt is the time of version v made at at: zero for version 0.
func profAt(v, at int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return profTime(at)
}

// Records returns the tenant's records as of asOf (profile.Store).
func (s *profStore) Records(ctx context.Context, tenant string, asOf time.Time) (*profile.Records, error) {
	var r *profile.Records
	err := s.tx(ctx, "read", profRead, func(tx pgx.Tx) error {
		var head, headAt int64
		err := tx.QueryRow(ctx, `SELECT version, at_ns FROM profile_tenants WHERE tenant = $1`, tenant).Scan(&head, &headAt)
		if errors.Is(err, pgx.ErrNoRows) {
			r, err = profile.NewRecords(0, time.Time{}, "", nil)
			return err
		}
		if err != nil {
			return fmt.Errorf("read the head: %w", err)
		}
		v, at, by := head, headAt, ""
		if head > 0 {
			limit := int64(math.MaxInt64)
			if !asOf.IsZero() {
				limit = profNanos(asOf)
			}
			err := tx.QueryRow(ctx, `SELECT version, at_ns, by_id FROM profile_changes
				WHERE tenant = $1 AND version <= $2 AND at_ns <= $3 ORDER BY version DESC LIMIT 1`, tenant, head, limit).Scan(&v, &at, &by)
			if errors.Is(err, pgx.ErrNoRows) {
				v, at, by = 0, 0, ""
			} else if err != nil {
				return fmt.Errorf("read the change as of %v: %w", asOf, err)
			}
		}
		r, err = profRecords(ctx, tx, tenant, v, at, by)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// History returns the versions of one record of the tenant
// (profile.Store).
func (s *profStore) History(ctx context.Context, tenant string, k profile.Key) ([]profile.Revision, error) {
	var out []profile.Revision
	err := s.call(ctx, "history "+k.String(), func() error {
		return s.db.retry(ctx, "profile: history", nil, func() error {
			out = nil
			rows, err := s.db.pool.Query(ctx, `SELECT r.version, c.at_ns, c.by_id, r.data::text
			FROM profile_records r JOIN profile_changes c ON c.tenant = r.tenant AND c.version = r.version
			WHERE r.tenant = $1 AND r.kind = $2 AND r.id = $3 ORDER BY r.version`, tenant, string(k.Kind), k.ID())
			if err != nil {
				return err
			}
			var v, at int64
			var by string
			var data *string
			_, err = pgx.ForEachRow(rows, []any{&v, &at, &by, &data}, func() error {
				r := profile.Revision{Version: uint64(v), At: profTime(at), By: by, Deleted: data == nil}
				if data != nil {
					r.Data = []byte(*data)
				}
				out = append(out, r)
				return nil
			})
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Version returns the tenant's version (profile.Store): one statement, a
// read of the head row, without BEGIN and COMMIT, for the caches of
// every node to poll.
func (s *profStore) Version(ctx context.Context, tenant string) (uint64, error) {
	var v int64
	err := s.call(ctx, "version", func() error {
		return s.db.retry(ctx, "profile: version", nil, func() error {
			err := s.db.pool.QueryRow(ctx, `SELECT version FROM profile_tenants WHERE tenant = $1`, tenant).Scan(&v)
			if errors.Is(err, pgx.ErrNoRows) {
				v = 0
				return nil
			}
			return err
		})
	})
	return uint64(v), err
}

// Tenants returns the tenants whose version is not 0 (profile.Store),
// in the order Go sorts strings.
func (s *profStore) Tenants(ctx context.Context) ([]string, error) {
	var out []string
	err := s.call(ctx, "tenants", func() error {
		return s.db.retry(ctx, "profile: tenants", nil, func() error {
			rows, err := s.db.pool.Query(ctx, `SELECT tenant FROM profile_tenants WHERE version > 0 ORDER BY tenant COLLATE "C"`)
			if err != nil {
				return err
			}
			out, err = pgx.CollectRows(rows, pgx.RowTo[string])
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PutDocument stores a tenant's document under its digest
// (profile.Store).
func (s *profStore) PutDocument(ctx context.Context, tenant, digest string, content []byte) error {
	return s.call(ctx, "put document", func() error {
		return s.db.retry(ctx, "profile: put document", nil, func() error {
			_, err := s.db.pool.Exec(ctx, `INSERT INTO profile_documents (tenant, sha256, content) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
				tenant, digest, content)
			return err
		})
	})
}

// Document returns a tenant's document (profile.Store).
func (s *profStore) Document(ctx context.Context, tenant, digest string) ([]byte, error) {
	var out []byte
	err := s.call(ctx, "read document", func() error {
		return s.db.retry(ctx, "profile: read document", nil, func() error {
			err := s.db.pool.QueryRow(ctx, `SELECT content FROM profile_documents WHERE tenant = $1 AND sha256 = $2`, tenant, digest).Scan(&out)
			if errors.Is(err, pgx.ErrNoRows) {
				return profile.DocumentNotFound(digest)
			}
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
