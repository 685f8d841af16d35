package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// benchWriters are the concurrent writers of the journal benchmarks.
var benchWriters = []int{1, 8}

// benchDB opens the test cluster's database in a schema of its own with
// synchronous_commit on, the durability of a product database: a commit
// returns once its log is flushed (the test cluster itself runs without
// fsync, which both sides of a comparison share).
func benchDB(b *testing.B) *DB {
	b.Helper()
	url := pgtest.AdminURL(b) + "&options=-c%20synchronous_commit%3Don"
	db, err := Open(context.Background(), url, WithSchema(fmt.Sprintf("b%d", schemas.Add(1))))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// sliceOps is how many operations of one kind a paired benchmark runs
// before it runs as many of the other.
const sliceOps = 100

// BenchmarkJournalPost posts invoices, each a new transaction ID, to the
// PostgreSQL journal (a version, its head and the period index, under
// the ID's lock, in one transaction), beside its peer: one INSERT of
// the same JSON bytes per transaction ID with bare pgx, in its own
// implicit transaction, with the same durability, which is what storing
// a row costs at the least. The two alternate by slices of sliceOps
// operations in one run, so that a change of the machine's load (it is
// shared) falls on both. ns/op is a Post's; insert-ns/op the peer's;
// ratio is the journal's throughput over the peer's (the goal: at least
// 0.5).
//
// Measured 2026-11-25 on 2 cores shared with other jobs (go test
// ./postgres -run '^$' -bench JournalPost -count 6 -benchtime 3000x):
// ratio 0.58 to 0.62 with 1 writer (Post 97 to 153 µs, insert 61 to
// 89 µs) and 0.56 to 0.93 with 8 (Post 65 to 85 µs, insert 46 to 70
// µs): a Post of a new ID is one statement in one round trip, as the
// insert is, with the journal's work and a second row on top. Before,
// when a Post took six round trips (begin, advisory lock, head, version,
// head, commit), the ratio was 0.22 to 0.39.
func BenchmarkJournalPost(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			s := db.Journal()
			ctx := context.Background()
			if _, err := db.pool.Exec(ctx, `CREATE TABLE raw_versions (tenant text, id text, version integer, body jsonb, PRIMARY KEY (tenant, id, version))`); err != nil {
				b.Fatal(err)
			}
			body, err := json.Marshal(posting("INV-0", "SO-2026-0031415"))
			if err != nil {
				b.Fatal(err)
			}
			post := func(n int64) error {
				_, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", n), "SO-2026-0031415"))
				return err
			}
			insert := func(n int64) error {
				_, err := db.pool.Exec(ctx, `INSERT INTO raw_versions (tenant, id, version, body) VALUES ($1, $2, 1, $3)`,
					"acme", fmt.Sprintf("INV-%d", n), body)
				return err
			}
			var n atomic.Int64
			var posts, inserts time.Duration
			b.ResetTimer()
			for done := 0; done < b.N; done += sliceOps {
				k := min(sliceOps, b.N-done)
				posts += journaltest.TimeOps(b, writers, k, &n, post)
				inserts += journaltest.TimeOps(b, writers, k, &n, insert)
			}
			b.ReportMetric(float64(posts.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(inserts.Nanoseconds())/float64(b.N), "insert-ns/op")
			b.ReportMetric(float64(inserts)/float64(posts), "ratio")
		})
	}
}

// BenchmarkJournalUpdateMany writes 500 transaction IDs in one unit of
// the backend (what a batch of postings does), beside 500 posts of one
// ID each, alternating. ns/op is the unit's; posts-ns/op the 500 posts';
// ratio is how many times faster the unit is. Measured as
// BenchmarkJournalPost (-count 3 -benchtime 4x): 17 to 19 ms a unit, one
// round trip with a statement per table, 3.3 to 5.5 times faster than
// the posts.
func BenchmarkJournalUpdateMany(b *testing.B) {
	const many = 500
	db := benchDB(b)
	be := &journalBackend{db: db}
	s := journal.NewStore(be)
	ctx := context.Background()
	var n atomic.Int64
	unit := func(int64) error {
		ids := make([]string, many)
		for i := range ids {
			ids[i] = fmt.Sprintf("INV-%d", n.Add(1))
		}
		return be.Update(ctx, "acme", ids, func(st journal.State) error {
			return writeNextVersions(st, ids, "SO-1")
		})
	}
	posts := func(int64) error {
		for range many {
			if _, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", n.Add(1)), "SO-1")); err != nil {
				return err
			}
		}
		return nil
	}
	var next atomic.Int64
	var units, singles time.Duration
	b.ResetTimer()
	for range b.N {
		units += journaltest.TimeOps(b, 1, 1, &next, unit)
		singles += journaltest.TimeOps(b, 1, 1, &next, posts)
	}
	b.ReportMetric(float64(units.Nanoseconds())/float64(b.N), "ns/op")
	b.ReportMetric(float64(singles.Nanoseconds())/float64(b.N), "posts-ns/op")
	b.ReportMetric(float64(singles)/float64(units), "ratio")
}
