package postgres

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

// The auth store's tables (migrations/002_auth.sql):
//
//	auth_version      one row: the version of auth.Store.Version
//	auth_tenants      tenant → its ID
//	auth_credentials  one row per client: its tenant, audiences,
//	                  generation, times and its secret's hash with the
//	                  hash's parameters
//	auth_keys         the signing keys; the current one has no
//	                  superseded_ns, and a unique partial index allows
//	                  one such key at most
//	auth_rates        per client and audience, the issue times counted
//	                  within the window (bigint[])
//	auth_tokens       per client and audience, the cached token
//
// Times are kept as Unix nanoseconds (bigint, NULL for the zero time), so
// that they come back as they were given, as auth.Store asks: a
// timestamptz keeps microseconds only, and the rate-limit window is
// exact to the nanosecond in the memory and Badger stores.
//
// # Across nodes
//
// Each method is one transaction of the database (or one statement, for
// the reads of one row), so every node sees the same state, and these
// locks keep the contract of auth.Store when nodes call at once:
//
//   - Every change of credentials, tenants or keys first locks the row of
//     auth_version (SELECT ... FOR UPDATE) and raises the version in the
//     same transaction when it changes something. So those changes take
//     turns across nodes (they are rare: an administrator's), cannot
//     deadlock with one another, and Version changes with every commit
//     that changes them. Version is one statement without BEGIN and
//     COMMIT, a read of one row (about 40 µs here, against 110 µs in a
//     transaction of its own), so nodes can poll it every second at
//     no cost to speak of. Snapshot reads
//     the version and the tables in one repeatable-read transaction, so
//     its version is exactly that of what it shows.
//   - AddKey's check for a current key and its promotion happen under
//     that lock, so nodes that start together make one first key; the
//     unique index on the current key holds the invariant in any case.
//   - CountIssue and SwapCachedToken lock the client's row (SELECT ...
//     FOR NO KEY UPDATE, the lock of an UPDATE that changes no key): a
//     Rotate or Revoke, an UPDATE of that row, waits for them and they
//     for it, so an issuance step either comes before a rotation or
//     revocation, and its cached token is dropped by it, or comes after
//     it and refuses with levy.EConflict. The lock is exclusive, so the
//     issuance steps of one client take turns: with FOR SHARE, a stream
//     of them from several nodes kept a Rotate or Revoke waiting beyond
//     the statement timeout, since share lockers join one another while
//     an UPDATE waits, and the revocation of a client that floods the
//     token endpoint must not wait for the flood to end. The row locks
//     that the foreign keys of auth_rates and auth_tokens take (FOR KEY
//     SHARE) do not conflict with it.
//   - CountIssue counts with one INSERT ... ON CONFLICT DO UPDATE ...
//     WHERE of the pair's row: the row is locked while the count within
//     the window is checked and the new time added, so the count alone
//     would be exact however many nodes count at once, without the
//     client's lock.
//   - SwapCachedToken is an INSERT ... ON CONFLICT DO NOTHING (no token
//     cached) or an UPDATE ... WHERE token = old, both of which recheck
//     the row as last committed once its lock is theirs: a compare and
//     swap across nodes.

// Auth returns the store of package auth kept in the database. It shares
// the DB's pool; closing it waits for its calls in progress and makes its
// methods fail with auth.ErrClosed, but leaves the DB open.
func (db *DB) Auth() auth.Store {
	return &authStore{db: db}
}

// authStore is the auth.Store of Auth.
//
// authStore is safe for concurrent use: its state is in the database,
// and its gate only keeps Close from finishing while calls are in progress
// (each call holds it for reading).
type authStore struct {
	db   *DB
	gate gate
	// now, when set, stands for the database server's clock in
	// CountIssueNow; the tests set it, to move one clock that the nodes
	// share through a rate window.
	now func() time.Time
}

var (
	_ auth.Store          = (*authStore)(nil)
	_ auth.ClockedCounter = (*authStore)(nil)
)

// call runs fn as a call of the store for op ("revoke CLIENT"), unless
// ctx has ended or the store is closed, and returns its error with
// authError.
func (s *authStore) call(ctx context.Context, op string, fn func() error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("auth: %s: %w", op, err)
	}
	if !s.gate.enter() {
		return fmt.Errorf("auth: %s: %w", op, auth.ErrClosed)
	}
	defer s.gate.leave()
	return authError(ctx, op, fn())
}

// tx runs fn in a transaction of the database at the given isolation
// level (see call), retried on a serialization failure or a deadlock.
func (s *authStore) tx(ctx context.Context, op string, opts pgx.TxOptions, fn func(pgx.Tx) error) error {
	return s.call(ctx, op, func() error { return s.db.tx(ctx, op, opts, fn) })
}

// change runs fn in a read-committed transaction that first locks the
// version row, and raises the version before it commits when fn reports
// a change of credentials, tenants or keys. fn runs again when the
// transaction is retried.
func (s *authStore) change(ctx context.Context, op string, fn func(pgx.Tx) (bool, error)) error {
	return s.tx(ctx, op, pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT version FROM auth_version FOR UPDATE`); err != nil {
			return fmt.Errorf("lock the version: %w", err)
		}
		changed, err := fn(tx)
		if err != nil || !changed {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE auth_version SET version = version + 1`); err != nil {
			return fmt.Errorf("raise the version: %w", err)
		}
		return nil
	})
}

// row runs one statement that reads at most one row into dest (see
// call): one statement is a transaction of its own, and needs no BEGIN
// and COMMIT around it. It returns false when there is no row.
func (s *authStore) row(ctx context.Context, op, sql string, args []any, dest ...any) (bool, error) {
	found := false
	err := s.call(ctx, op, func() error {
		// retry: a statement that a connection of the pool failed to
		// send runs again on another.
		return s.db.retry(ctx, op, nil, func() error {
			err := s.db.pool.QueryRow(ctx, sql, args...).Scan(dest...)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			found = err == nil
			return err
		})
	})
	return found, err
}

// authError returns err of the call op: nil as nil, a *levy.Error (of
// the caller's fault, or EUnavailable) as it is, and any other error
// wrapped with "auth: ". When ctx has ended, an error that does not say
// so already is wrapped around ctx.Err(): a dropped connection or an
// unreachable database is then what the caller's end caused.
func authError(ctx context.Context, op string, err error) error {
	if err == nil {
		return nil
	}
	var le *levy.Error
	isLevy := errors.As(err, &le)
	if cerr := ctx.Err(); cerr != nil && !errors.Is(err, cerr) && (!isLevy || le.Code == levy.EUnavailable) {
		return fmt.Errorf("auth: %s: %w (%v)", op, cerr, err)
	}
	if isLevy {
		return err
	}
	return fmt.Errorf("auth: %w", err)
}

// Version returns the version of the credentials, tenants and keys: one
// read of the one row of auth_version (auth.Store).
func (s *authStore) Version(ctx context.Context) (uint64, error) {
	var v int64
	_, err := s.row(ctx, "version", `SELECT version FROM auth_version`, nil, &v)
	return uint64(v), err
}

// Snapshot returns every credential, tenant's ID and signing key with
// the version, read in one repeatable-read transaction (auth.Store).
func (s *authStore) Snapshot(ctx context.Context) (*auth.Snapshot, error) {
	var snap *auth.Snapshot
	err := s.tx(ctx, "snapshot", pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		snap = &auth.Snapshot{Tenants: map[string]string{}}
		var v int64
		if err := tx.QueryRow(ctx, `SELECT version FROM auth_version`).Scan(&v); err != nil {
			return fmt.Errorf("read the version: %w", err)
		}
		snap.Version = uint64(v)
		rows, err := tx.Query(ctx, `SELECT tenant, id FROM auth_tenants`)
		if err != nil {
			return fmt.Errorf("read tenants: %w", err)
		}
		var tenant, id string
		_, err = pgx.ForEachRow(rows, []any{&tenant, &id}, func() error {
			snap.Tenants[tenant] = id
			return nil
		})
		if err != nil {
			return fmt.Errorf("read tenants: %w", err)
		}
		if snap.Credentials, err = authRecords(ctx, tx, ""); err != nil {
			return err
		}
		snap.Keys, err = authKeys(ctx, tx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return snap, nil
}

// CheckWrite returns nil when the database answers, and a
// levy.EUnavailable error otherwise (auth.Store).
func (s *authStore) CheckWrite(ctx context.Context) error {
	return s.call(ctx, "check", func() error { return s.db.CheckWrite(ctx) })
}

// Close waits for the calls in progress and closes the store, not the
// DB (auth.Store). A second Close does nothing.
func (s *authStore) Close() error {
	s.gate.close()
	return nil
}

// The times that Unix nanoseconds in an int64 can hold.
var (
	authMinTime = time.Unix(0, math.MinInt64)
	authMaxTime = time.Unix(0, math.MaxInt64)
)

// authNanos returns t for a nanoseconds column: nil for the zero time,
// which a NULL keeps. It fails with a levy.EInvalid error about field
// for a time that Unix nanoseconds cannot hold (before 1678 or after
// 2262).
func authNanos(field string, t time.Time) (*int64, error) {
	if t.IsZero() {
		return nil, nil
	}
	if t.Before(authMinTime) || t.After(authMaxTime) {
		return nil, levy.Invalid(field, "the time %s is out of the range that the store keeps (1678 to 2262)", t.Format(time.RFC3339))
	}
	n := t.UnixNano()
	return &n, nil
}

// authClamp returns t in Unix nanoseconds for a comparison with a
// nanoseconds column: the zero time and the times before 1678 as the
// least int64, the times after 2262 as the greatest.
func authClamp(t time.Time) int64 {
	switch {
	case t.IsZero() || t.Before(authMinTime):
		return math.MinInt64
	case t.After(authMaxTime):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// authTime returns the time of a nanoseconds column, in UTC: the zero
// time for NULL.
func authTime(n *int64) time.Time {
	if n == nil {
		return time.Time{}
	}
	return time.Unix(0, *n).UTC()
}
