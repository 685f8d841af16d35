package postgres

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// A fold (foldFigures) deletes the deltas it moves, and each leaves its
// row behind as a dead tuple of journal_figure_deltas until a VACUUM
// marks its space free. PostgreSQL's own pruning, done as a scan passes,
// empties the pages but does not tell the free space map, so the inserts
// of later units extend the table instead of filling them: after
// 1,000,000 sales posted in units of 1,000 (BenchmarkReportPostgres) the
// table held some 19,200 pages of dead tuples, which every read of the
// figures scanned, and autovacuum, whose thresholds count the tuples of
// a table that a fold empties again and again, did not keep up with a
// batch run. A node that performed a fold therefore vacuums the table
// itself, in the background (deltaVacuum), so that the inserts after it
// reuse the pages of the rows it moved and the table stays at the size
// of the deltas of a few folds.

// vacuumEvery is the least time between the starts of two VACUUMs of
// journal_figure_deltas by one node: under a batch run a node folds
// about once a second (BenchmarkReportPostgres), and a VACUUM of its own
// after each would keep the server at it for little: the table stays at
// the size of the deltas of some folds either way. A fold within
// vacuumEvery of the last VACUUM asks for one that starts when
// vacuumEvery has passed, so the last folds of a burst are vacuumed too.
const vacuumEvery = 5 * time.Second

// vacuumTimeout bounds one VACUUM (which the pool's statement timeout
// bounds as well): one over it is cancelled, logged, and the next fold
// asks again.
const vacuumTimeout = time.Minute

// vacuumTruncateEvery is the least time between two VACUUMs of one node
// that give the empty pages at the end of journal_figure_deltas back to
// the system (vacuumDeltasSQL); the first VACUUM of a node does.
const vacuumTruncateEvery = time.Minute

// vacuumDeltasSQL returns the VACUUM of journal_figure_deltas, which
// truncates the table when truncate is true, with these choices:
//
//   - TRUNCATE: a VACUUM that gives the empty pages at the table's end
//     back to the system takes the table's ACCESS EXCLUSIVE lock for it
//     (only when no one waits, and letting go as soon as anyone does),
//     which a standby replays, and which the inserts of units with
//     figures must wait behind; the inserts after it extend the table
//     again. A VACUUM that does not leaves the table at its size, and
//     its pages free: the later inserts fill them. Measured on
//     2026-12-02 (two shared cores, load 9 to 12), posts on four
//     connections while VACUUMs ran, with and without truncation, waited
//     the same (99th percentile 7 and 10 ms, longest 229 and 256 ms),
//     but a table of 19,122 pages emptied by folds was read (all the
//     figures of 6,570 days of states) in 70 to 170 ms once vacuumed
//     without truncation against 28 to 121 ms truncated, and 226 to
//     965 ms before. So a node truncates on its first VACUUM, which
//     gives back what the table grew before (an older Levy's folds, a
//     burst of posting while the node was down), and then at most once
//     every vacuumTruncateEvery; the VACUUMs between keep the table at
//     the size of the deltas of vacuumEvery, whose pages the inserts
//     reuse, without the lock.
//   - SKIP_LOCKED: when another node's VACUUM or autovacuum is at work
//     on the table, that one does the job and this one returns at once
//     instead of waiting for it.
//   - PROCESS_TOAST false: the table's text columns hold short keys,
//     never stored out of line, and its TOAST table stays empty.
//
// INDEX_CLEANUP has nothing to choose: the table has no index. The
// statement has no arguments, and goes by the simple protocol, outside
// a transaction block, as VACUUM must.
func vacuumDeltasSQL(truncate bool) string {
	return fmt.Sprintf(`VACUUM (TRUNCATE %t, SKIP_LOCKED, PROCESS_TOAST false) journal_figure_deltas`, truncate)
}

// deltaVacuum runs the VACUUMs of journal_figure_deltas of one DB (a
// node), one at a time, in a goroutine of its own on a connection of
// the pool: a fold asks for one (request) and returns at once. It is
// safe for concurrent use.
type deltaVacuum struct {
	db *DB
	// every and truncateEvery replace vacuumEvery and
	// vacuumTruncateEvery when not zero (the tests vacuum after every
	// fold with a nanosecond).
	every, truncateEvery time.Duration

	mu sync.Mutex
	// running is true while the goroutine of run lives; pending while a
	// fold has asked for a VACUUM that has not started yet.
	running, pending bool
	// last is when the last VACUUM started, truncated when the last one
	// that truncated the table did (zero before the first).
	last, truncated time.Time
	// idle is closed when the goroutine of run ends; Close waits for it.
	idle chan struct{}

	// runs counts the VACUUMs that completed without an error.
	runs atomic.Int64
}

// request asks for a VACUUM of journal_figure_deltas after a fold of
// this node, which starts at once, or when vacuumEvery has passed since
// the last one started, or when the one running has ended; requests
// meanwhile come to one VACUUM. After Close it does nothing.
func (v *deltaVacuum) request() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.db.closed.Load() {
		return
	}
	v.pending = true
	if v.running {
		return
	}
	v.running = true
	v.idle = make(chan struct{})
	go v.run()
}

// run vacuums the table while folds ask for it, each VACUUM at least
// the interval every after the start of the one before, and ends when
// none is pending or when the DB closes.
func (v *deltaVacuum) run() {
	every, truncateEvery := vacuumEvery, vacuumTruncateEvery
	if v.every > 0 {
		every = v.every
	}
	if v.truncateEvery > 0 {
		truncateEvery = v.truncateEvery
	}
	// end ends the goroutine, v.mu held.
	end := func() {
		v.running = false
		close(v.idle)
		v.mu.Unlock()
	}
	for {
		v.mu.Lock()
		if !v.pending || v.db.stopped.Err() != nil {
			end()
			return
		}
		wait := time.Until(v.last.Add(every))
		v.mu.Unlock()
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-v.db.stopped.Done():
				t.Stop()
			}
		}
		v.mu.Lock()
		if v.db.stopped.Err() != nil {
			end()
			return
		}
		v.pending = false
		v.last = time.Now()
		truncate := v.truncated.IsZero() || v.last.Sub(v.truncated) >= truncateEvery
		v.mu.Unlock()
		if v.vacuum(truncate) && truncate {
			v.mu.Lock()
			v.truncated = v.last
			v.mu.Unlock()
		}
	}
}

// vacuum runs one VACUUM of journal_figure_deltas (vacuumDeltasSQL),
// bounded by vacuumTimeout and cancelled by Close, logs its end, and
// reports whether it completed.
func (v *deltaVacuum) vacuum(truncate bool) bool {
	ctx, cancel := context.WithTimeout(v.db.stopped, vacuumTimeout)
	defer cancel()
	start := time.Now()
	if _, err := v.db.pool.Exec(ctx, vacuumDeltasSQL(truncate)); err != nil {
		if v.db.stopped.Err() == nil {
			v.db.log.Warn("postgres: journal: the VACUUM of journal_figure_deltas failed; the next fold asks for another",
				"truncate", truncate, "err", wrap("vacuum figure deltas", err))
		}
		return false
	}
	v.runs.Add(1)
	v.db.log.Debug("postgres: journal: vacuumed journal_figure_deltas", "truncate", truncate, "took", time.Since(start))
	return true
}

// wait waits for the goroutine of run to end, for Close, after the DB's
// closed and stopped are set: no request starts another.
func (v *deltaVacuum) wait() {
	// A request that took the lock before Close set closed has started
	// the goroutine once the lock is free; none starts after.
	v.mu.Lock()
	idle, running := v.idle, v.running
	v.mu.Unlock()
	if running {
		<-idle
	}
}
