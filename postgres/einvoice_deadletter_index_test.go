package postgres

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
)

// relationIndexes returns how the plan in EXPLAIN's JSON reads the table
// rel: the index of each of its scans of rel, "" for a scan without one
// (a sequential scan). A node that writes rel (ModifyTable) is no scan.
func relationIndexes(t *testing.T, plan, rel string) []string {
	t.Helper()
	var top []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(plan), &top); err != nil || len(top) != 1 {
		t.Fatalf("not a plan (%v): %s", err, plan)
	}
	var used []string
	var walk func(n *planNode)
	walk = func(n *planNode) {
		if n.Relation == rel && strings.HasSuffix(n.Node, "Scan") {
			used = append(used, n.Index)
		}
		for i := range n.Plans {
			walk(&n.Plans[i])
		}
	}
	walk(&top[0].Plan)
	return used
}

// TestDeadLetterStatementsIndexes runs the generic plan of each statement
// that reads einvoice_dead_letters with EXPLAIN ANALYZE, on 8,000 dead
// letters of two tenants: each reads the table through an index, the
// primary key or one of migration 014's, and none through the index
// (tenant, event_id) of migration 003, which migration 015 drops.
func TestDeadLetterStatementsIndexes(t *testing.T) {
	ctx := context.Background()
	db, base := einvPlanDeadLetters(t)
	var id string
	if err := db.pool.QueryRow(ctx, `SELECT event_id FROM einvoice_dead_letters WHERE tenant = 'acme' LIMIT 1`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	for name, sql := range map[string]string{
		"dead_all":    einvDeadLettersSQL,
		"dead_tenant": einvTenantDeadLettersSQL,
		"dead_take":   einvTakeDeadLetterSQL,
	} {
		if _, err := conn.Exec(ctx, `PREPARE `+name+` AS `+sql); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	far := base.Add(5000 * time.Second)
	for _, c := range []struct {
		name string
		args []any
	}{
		{"dead_all", []any{far.Format(time.RFC3339), far.Add(time.Hour).Format(time.RFC3339), "", "100"}},
		{"dead_tenant", []any{"acme", far.Format(time.RFC3339), far.Add(time.Hour).Format(time.RFC3339), "", "100"}},
		{"dead_take", []any{id, "acme"}},
		{"dead_take", []any{id, ""}},
	} {
		// The DELETE is rolled back: EXPLAIN ANALYZE runs it.
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		plan := explainExecute(t, conn, c.name, c.args)
		if err := tx.Rollback(ctx); err != nil {
			t.Fatal(err)
		}
		used := relationIndexes(t, plan, "einvoice_dead_letters")
		if len(used) == 0 {
			t.Fatalf("%s %v: the plan reads no einvoice_dead_letters:\n%s", c.name, c.args, plan)
		}
		for _, ix := range used {
			t.Logf("%s %v: %q", c.name, c.args, ix)
			if ix == "" || ix == "einvoice_dead_letters_tenant" {
				t.Errorf("%s %v: reads einvoice_dead_letters by %q, want the primary key or an index of migration 014:\n%s", c.name, c.args, ix, plan)
			}
		}
	}
	var old int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'einvoice_dead_letters_tenant'`).Scan(&old); err != nil {
		t.Fatal(err)
	}
	if old != 0 {
		t.Error("einvoice_dead_letters_tenant (tenant, event_id) is still there after migration 015: every statement reads the table by another index")
	}
}

// TestEInvoiceCounts: Counts counts the dead letters of every tenant and
// the events waiting in the outbox (7); with 20,000 dead letters it takes a
// few milliseconds, which the Service's gauges spend at most once per
// few seconds.
func TestEInvoiceCounts(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	s := db.EInvoice().(*einvStore)
	base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	einvFillDeadLetters(t, db, "acme", 15000, base)
	einvFillDeadLetters(t, db, "globex", 5000, base)
	if _, err := db.pool.Exec(ctx, `INSERT INTO einvoice_outbox (webhook_id, seq, event_id, tenant, document_id, status, body, created_at, next_attempt)
		SELECT 'w-acme', i, 'e-' || i, 'acme', 'D-' || i, 'Pending', '\x7b7d'::bytea, now(), now() FROM generate_series(1, 7) AS i`); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	n, err := s.Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Counts of 20,000 dead letters: %v", time.Since(start))
	if n != (einvoice.Counts{Waiting: 7, DeadLetters: 20000}) {
		t.Errorf("Counts = %+v, want 7 waiting and 20000 dead letters", n)
	}
}
