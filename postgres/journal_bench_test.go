package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/levytax/levy/internal/pgtest"
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

// BenchmarkJournalPost posts invoices, each a new transaction ID, to the
// PostgreSQL journal: a version, its head and the period index, under
// the ID's lock, in one transaction.
func BenchmarkJournalPost(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			s := benchDB(b).Journal()
			var n atomic.Int64
			b.SetParallelism(writers)
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					tx := posting(fmt.Sprintf("INV-%d", n.Add(1)), "SO-2026-0031415")
					if _, err := s.Post(context.Background(), "acme", tx); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkRawInsert is the peer of BenchmarkJournalPost: one INSERT of
// the same JSON bytes per transaction ID with bare pgx, in its own
// implicit transaction, with the same durability. It is what storing a
// row costs at the least; the journal's goal is at least half its
// throughput.
func BenchmarkRawInsert(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			ctx := context.Background()
			if _, err := db.pool.Exec(ctx, `CREATE TABLE raw_versions (tenant text, id text, version integer, body jsonb, PRIMARY KEY (tenant, id, version))`); err != nil {
				b.Fatal(err)
			}
			body, err := json.Marshal(posting("INV-0", "SO-2026-0031415"))
			if err != nil {
				b.Fatal(err)
			}
			var pool *pgxpool.Pool = db.pool
			var n atomic.Int64
			b.SetParallelism(writers)
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					_, err := pool.Exec(ctx, `INSERT INTO raw_versions (tenant, id, version, body) VALUES ($1, $2, 1, $3)`,
						"acme", fmt.Sprintf("INV-%d", n.Add(1)), body)
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}
