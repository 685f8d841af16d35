package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/einvoice"
)

// Reseal implements einvoice.Store.
//
// It locks every connection (FOR UPDATE, in webhook ID order, so that
// nodes resealing at once take turns and the later ones see the earlier
// ones' secrets), calls fn with each, and writes the records fn changed
// in the same transaction, which also notes the rewrite in
// einvoice_reseals. An error of fn rolls the transaction back.
//
// PostgreSQL keeps the row versions an UPDATE replaces in the table's
// files until a vacuum removes them, and a vacuum cannot remove a version
// that a snapshot older than the rewrite may still read. So, after the
// commit, Reseal (einvVacuum):
//
//  1. waits, at most vacuumWait, until no session of the database holds a
//     snapshot or a transaction older than the rewrite (pg_stat_activity:
//     backend_xmin and backend_xid of the database's sessions and of WAL
//     senders; prepared transactions; replication slots);
//  2. runs VACUUM FULL einvoice_connections, which writes the live rows
//     into new files and drops the old ones (the table is small, and the
//     exclusive lock it takes lasts as long as the copy);
//  3. when the wait ended before the vacuum began, clears the rewrite's
//     note: no earlier version can have been copied into the new files.
//
// What holds when Reseal returns, the wait having succeeded: no SQL
// statement of any session can read an earlier version of a record, and
// the table's files (heap and TOAST) hold none of their bytes; the new
// files hold only live rows, written into zeroed pages. What PostgreSQL
// does not let Levy control: the blocks of the dropped files return to
// the filesystem unerased; the write-ahead log holds the old versions
// until its segments are recycled, and so do WAL archives, base backups
// and standbys made before; and a session of another role is seen in
// pg_stat_activity only when Levy's role may read all statistics
// (pg_read_all_stats), so its snapshot may hold old versions past the
// wait. When the wait times out, the vacuum runs anyway, copies the
// versions an old snapshot may still read, and keeps the note: the next
// Reseal (at the next start) waits and vacuums again, even if fn changes
// nothing. Reseal returns an error when the vacuum fails, with the count
// of the records it rewrote.
//
// Reseal has a bound of its own, whatever ctx's: vacuumWait and
// resealMargin. A statement on a connection that hangs without failing
// (a server that froze, a network path that went silent) fails it then,
// with an error that names the bound, rather than hold einvoice.New, and
// the start of levy serve, for good.
func (s *einvStore) Reseal(ctx context.Context, fn func(*einvoice.ConnectionRecord) (bool, error)) (int, error) {
	if err := s.enter("reseal"); err != nil {
		return 0, err
	}
	defer s.gate.leave()
	bound := s.vacuumWait + s.resealMargin
	errBound := fmt.Errorf("postgres: einvoice: the reseal of the webhook connections did not end within its bound of %s "+
		"(a wait of %s for older snapshots and %s for its statements); a database connection may hang", bound, s.vacuumWait, s.resealMargin)
	ctx, cancel := context.WithTimeoutCause(ctx, bound, errBound)
	defer cancel()
	n, err := s.reseal(ctx, fn)
	if err != nil && errors.Is(context.Cause(ctx), errBound) {
		return n, fmt.Errorf("%w: %w", errBound, err)
	}
	return n, err
}

// reseal is Reseal within its bound.
func (s *einvStore) reseal(ctx context.Context, fn func(*einvoice.ConnectionRecord) (bool, error)) (int, error) {
	changed := 0
	var fnErr error
	err := s.db.tx(ctx, "einvoice: reseal", einvWrite, func(tx pgx.Tx) error {
		changed, fnErr = 0, nil
		rows, err := tx.Query(ctx, `SELECT connection, secret FROM einvoice_connections ORDER BY webhook_id FOR UPDATE`)
		if err != nil {
			return err
		}
		recs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (einvoice.ConnectionRecord, error) { return einvScanConnection(r) })
		if err != nil {
			return err
		}
		for _, rec := range recs {
			id := rec.WebhookID
			ch, err := fn(&rec)
			if err != nil {
				fnErr = err
				return err
			}
			if !ch {
				continue
			}
			changed++
			conn, secret, err := einvConnectionColumns(rec)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE einvoice_connections SET connection = $2, secret = $3 WHERE webhook_id = $1`,
				id, conn, secret); err != nil {
				return fmt.Errorf("write webhook connection %s: %w", id, err)
			}
		}
		if changed == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO einvoice_reseals (xid) VALUES (pg_current_xact_id()::xid::text)`)
		return err
	})
	if fnErr != nil {
		return 0, fnErr
	}
	if err != nil {
		return 0, err
	}
	if err := s.einvVacuum(ctx); err != nil {
		return changed, err
	}
	return changed, nil
}

// einvVacuum removes the row versions that the rewrites noted in
// einvoice_reseals left in the files of einvoice_connections, as Reseal
// tells; it does nothing when no rewrite is noted.
func (s *einvStore) einvVacuum(ctx context.Context) error {
	const op = "einvoice: vacuum the webhook connections"
	pool := s.db.pool
	var last int64
	var newest string
	err := pool.QueryRow(ctx, `SELECT id, xid FROM einvoice_reseals ORDER BY id DESC LIMIT 1`).Scan(&last, &newest)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return wrap(op, err)
	}
	// The newest rewrite is the last to leave every snapshot: once no
	// snapshot can see before it, none can see before the others.
	passed, err := s.einvHorizonPassed(ctx, newest)
	if err != nil {
		return wrap(op, err)
	}
	if _, err := pool.Exec(ctx, `VACUUM FULL einvoice_connections`); err != nil {
		return wrap(op, err)
	}
	if !passed {
		s.db.log.Warn("postgres: einvoice: a snapshot older than the rewrite of the webhook connections outlived the wait; "+
			"their earlier versions may stay in the table's files until the next Reseal", "wait", s.vacuumWait)
		return nil
	}
	if _, err := pool.Exec(ctx, `DELETE FROM einvoice_reseals WHERE id <= $1`, last); err != nil {
		return wrap(op, err)
	}
	return nil
}

// einvHorizonPassed waits, at most vacuumWait, until no session of the
// database holds a snapshot or a transaction as old as the transaction
// xid, so that a vacuum may remove the row versions it replaced; it
// reports whether that happened.
func (s *einvStore) einvHorizonPassed(ctx context.Context, xid string) (bool, error) {
	deadline := time.Now().Add(s.vacuumWait)
	for {
		var holders int
		err := s.db.pool.QueryRow(ctx, `SELECT count(*) FROM (
				SELECT backend_xmin AS x FROM pg_stat_activity
					WHERE (datname = current_database() OR backend_type = 'walsender') AND pid <> pg_backend_pid()
				UNION ALL SELECT backend_xid FROM pg_stat_activity
					WHERE (datname = current_database() OR backend_type = 'walsender') AND pid <> pg_backend_pid()
				UNION ALL SELECT transaction FROM pg_prepared_xacts WHERE database = current_database()
				UNION ALL SELECT xmin FROM pg_replication_slots
			) h WHERE x IS NOT NULL AND age(x) >= age($1::xid)`, xid).Scan(&holders)
		if err != nil {
			return false, err
		}
		if holders == 0 {
			return true, nil
		}
		if !time.Now().Before(deadline) {
			return false, nil
		}
		t := time.NewTimer(50 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return false, ctx.Err()
		case <-t.C:
		}
	}
}
