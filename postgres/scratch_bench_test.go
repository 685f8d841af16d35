package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func BenchmarkScratch(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	if _, err := db.pool.Exec(ctx, `CREATE TABLE raw_versions (tenant text, id text, version integer, body jsonb, PRIMARY KEY (tenant, id, version))`); err != nil {
		b.Fatal(err)
	}
	body, _ := json.Marshal(posting("INV-0", "SO-2026-0031415"))
	var n atomic.Int64
	variants := map[string]func(c *pgx.Conn, id string) error{
		"raw": func(c *pgx.Conn, id string) error {
			_, err := c.Exec(ctx, `INSERT INTO raw_versions (tenant, id, version, body) VALUES ($1, $2, 1, $3)`, "acme", id, body)
			return err
		},
		"1rt": func(c *pgx.Conn, id string) error {
			var bt pgx.Batch
			bt.Queue("BEGIN")
			bt.Queue(`INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, 1, $3)`, "acme", id, body)
			bt.Queue(`INSERT INTO journal_heads (tenant, id, latest, posting_date) VALUES ($1, $2, 1, '2026-01-01')`, "acme", id)
			bt.Queue("COMMIT")
			return c.SendBatch(ctx, &bt).Close()
		},
		"2rt": func(c *pgx.Conn, id string) error {
			var bt pgx.Batch
			bt.Queue("BEGIN")
			bt.Queue(`SELECT latest FROM journal_heads WHERE tenant = $1 AND id = $2 FOR UPDATE`, "acme", id)
			if err := c.SendBatch(ctx, &bt).Close(); err != nil {
				return err
			}
			var bt2 pgx.Batch
			bt2.Queue(`INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, 1, $3)`, "acme", id, body)
			bt2.Queue(`INSERT INTO journal_heads (tenant, id, latest, posting_date) VALUES ($1, $2, 1, '2026-01-01')`, "acme", id)
			bt2.Queue("COMMIT")
			return c.SendBatch(ctx, &bt2).Close()
		},
		"2rt-cte": func(c *pgx.Conn, id string) error {
			var bt pgx.Batch
			bt.Queue("BEGIN")
			bt.Queue(`SELECT latest FROM journal_heads WHERE tenant = $1 AND id = $2 FOR UPDATE`, "acme", id)
			if err := c.SendBatch(ctx, &bt).Close(); err != nil {
				return err
			}
			var bt2 pgx.Batch
			bt2.Queue(`WITH v AS (INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, 1, $3))
			INSERT INTO journal_heads (tenant, id, latest, posting_date) VALUES ($1, $2, 1, '2026-01-01')`, "acme", id, body)
			bt2.Queue("COMMIT")
			return c.SendBatch(ctx, &bt2).Close()
		},
		"2rt-arr": func(c *pgx.Conn, id string) error {
			var bt pgx.Batch
			bt.Queue("BEGIN")
			bt.Queue(`SELECT id, latest FROM journal_heads WHERE tenant = $1 AND id = ANY($2::text[]) FOR UPDATE`, "acme", []string{id})
			if err := c.SendBatch(ctx, &bt).Close(); err != nil {
				return err
			}
			var bt2 pgx.Batch
			bt2.Queue(`INSERT INTO journal_versions (tenant, id, version, body) SELECT $1, u.id, u.version, u.body::jsonb FROM unnest($2::text[], $3::integer[], $4::text[]) AS u(id, version, body)`, "acme", []string{id}, []int32{1}, []string{string(body)})
			bt2.Queue(`INSERT INTO journal_heads (tenant, id, latest, posting_date) SELECT $1, u.id, u.latest, u.d::date FROM unnest($2::text[], $3::integer[], $4::text[]) AS u(id, latest, d)`, "acme", []string{id}, []int32{1}, []string{"2026-01-01"})
			bt2.Queue("COMMIT")
			return c.SendBatch(ctx, &bt2).Close()
		},
		"2rt-adv": func(c *pgx.Conn, id string) error {
			var bt pgx.Batch
			bt.Queue("BEGIN")
			bt.Queue("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", "acme:"+id)
			bt.Queue(`SELECT latest FROM journal_heads WHERE tenant = $1 AND id = $2`, "acme", id)
			if err := c.SendBatch(ctx, &bt).Close(); err != nil {
				return err
			}
			var bt2 pgx.Batch
			bt2.Queue(`INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, 1, $3)`, "acme", id, body)
			bt2.Queue(`INSERT INTO journal_heads (tenant, id, latest, posting_date) VALUES ($1, $2, 1, '2026-01-01')`, "acme", id)
			bt2.Queue("COMMIT")
			return c.SendBatch(ctx, &bt2).Close()
		},
	}
	names := []string{"raw", "1rt", "2rt", "2rt-cte", "2rt-adv", "2rt-arr"}
	c, err := db.pool.Acquire(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Release()
	tot := make([]time.Duration, len(names))
	for i := 0; i < b.N; i++ {
		for j, name := range names {
			t0 := time.Now()
			if err := variants[name](c.Conn(), fmt.Sprintf("S-%d", n.Add(1))); err != nil {
				b.Fatal(err)
			}
			tot[j] += time.Since(t0)
		}
	}
	for j, name := range names {
		b.ReportMetric(float64(tot[j].Microseconds())/float64(b.N), name+"-us")
	}
}
