package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/internal/pgtest"
)

// einvFillDeadLetters inserts n dead letters of tenant, made a second
// apart from base and each given up an hour after it was made, in one
// statement, and analyzes the table.
func einvFillDeadLetters(t testing.TB, db *DB, tenant string, n int, base time.Time) {
	t.Helper()
	_, err := db.pool.Exec(context.Background(), `INSERT INTO einvoice_dead_letters
			(event_id, tenant, webhook_id, document_id, status, body, created_at, attempts, next_attempt, last_error, dead_at)
		SELECT gen_random_uuid()::text, $1, 'w-' || $1, 'D-' || i, 'Pending', '\x7b7d'::bytea,
			$2::timestamptz + i * interval '1 second', 15, $2::timestamptz, 'the target answered 503',
			$2::timestamptz + i * interval '1 second' + interval '1 hour'
		FROM generate_series(1, $3::integer) AS i`, tenant, base, n)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.pool.Exec(context.Background(), `ANALYZE einvoice_dead_letters`); err != nil {
		t.Fatal(err)
	}
}

// einvPlanDeadLetters opens a database whose statements are planned
// generically (openGenericTest) and fills its dead-letter list with
// 6,000 dead letters of acme made from base, a second apart, and 2,000
// of globex made from half an hour later.
func einvPlanDeadLetters(t *testing.T) (db *DB, base time.Time) {
	t.Helper()
	db = openGenericTest(t)
	base = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	einvFillDeadLetters(t, db, "acme", 6000, base)
	einvFillDeadLetters(t, db, "globex", 2000, base.Add(30*time.Minute))
	return db, base
}

// TestDeadLetterPagePlan fills the dead-letter list with 6,000 dead
// letters of one tenant and 2,000 of another, reads it page by page
// through the store (of the tenant, and of all), then runs the generic
// plans of a page's statements with EXPLAIN ANALYZE, for the first page
// and for one far into the list: each reads from einvoice_dead_letters
// the rows of its page and no other, none removed by a filter. A page
// that read the whole list to keep its lowest keys (a sort bounded by
// LIMIT, as before migration 014) reads all 6,000 or 8,000.
func TestDeadLetterPagePlan(t *testing.T) {
	ctx := context.Background()
	db, base := einvPlanDeadLetters(t)
	s := db.EInvoice()
	for _, c := range []struct {
		tenant string
		want   int
	}{{"acme", 6000}, {"", 8000}} {
		var last einvoice.OutboxEvent
		n := 0
		for after := (einvoice.DeadLetterKey{}); ; {
			page, err := s.DeadLetters(ctx, c.tenant, after, 500)
			if err != nil {
				t.Fatal(err)
			}
			for _, ev := range page {
				if n > 0 && einvoice.KeyOf(&last).Compare(einvoice.KeyOf(&ev)) >= 0 {
					t.Fatalf("%q: dead letter %d %s out of order after %s", c.tenant, n, ev.EventID, last.EventID)
				}
				if c.tenant != "" && ev.Tenant != c.tenant {
					t.Fatalf("%q: a dead letter of %s", c.tenant, ev.Tenant)
				}
				last = ev
				n++
			}
			if len(page) < 500 {
				break
			}
			after = einvoice.KeyOf(&page[len(page)-1])
		}
		if n != c.want {
			t.Errorf("%q: %d dead letters in the pages, want %d", c.tenant, n, c.want)
		}
	}

	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `PREPARE dead_all AS `+einvDeadLettersSQL); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `PREPARE dead_tenant AS `+einvTenantDeadLettersSQL); err != nil {
		t.Fatal(err)
	}
	far := base.Add(5000 * time.Second)
	for _, c := range []struct {
		name string
		args []any
	}{
		{"dead_all", []any{"0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "", "100"}},
		{"dead_all", []any{far.Format(time.RFC3339), far.Add(time.Hour).Format(time.RFC3339), "", "100"}},
		{"dead_tenant", []any{"acme", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "", "100"}},
		{"dead_tenant", []any{"acme", far.Format(time.RFC3339), far.Add(time.Hour).Format(time.RFC3339), "", "100"}},
	} {
		plan := explainExecute(t, conn, c.name, c.args)
		read, removed, ok := relationScan(plan, "einvoice_dead_letters")
		if !ok {
			t.Fatalf("%s %v: the plan reads no einvoice_dead_letters:\n%s", c.name, c.args, plan)
		}
		if read != 100 || removed != 0 {
			t.Errorf("%s %v: the generic plan read %d dead letters and removed %d by a filter, want the 100 of the page and none removed:\n%s",
				c.name, c.args, read, removed, plan)
		}
	}
}

// BenchmarkDeadLetterPage reads one page of 500 from a list of 20,000
// dead letters of one tenant: the first page, and the last. With the
// list's index, both read about 500 rows.
func BenchmarkDeadLetterPage(b *testing.B) {
	const total, limit = 20000, 500
	ctx := context.Background()
	db := benchDB(b)
	base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	einvFillDeadLetters(b, db, "acme", total, base)
	s := db.EInvoice()
	last := base.Add(time.Duration(total-limit) * time.Second)
	for _, bc := range []struct {
		name  string
		after einvoice.DeadLetterKey
	}{
		{"first", einvoice.DeadLetterKey{}},
		{"last", einvoice.DeadLetterKey{CreatedAt: last, DeadAt: last.Add(time.Hour)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				page, err := s.DeadLetters(ctx, "acme", bc.after, limit)
				if err != nil || len(page) != limit {
					b.Fatalf("%d dead letters, %v", len(page), err)
				}
			}
		})
	}
}

// TestDeadLetterMigration014: a schema of version 13 whose dead letters
// include one without a time of death (a Bury of an event with a zero
// DeadAt stored NULL) is migrated: that dead letter takes the zero time,
// which it read as before, and keeps its place in the list (first among
// those made at the same time); the column refuses a NULL from then on.
func TestDeadLetterMigration014(t *testing.T) {
	ctx := context.Background()
	schema := newSchema()
	ms := embedded(t)
	if ms[13].name != "014_einvoice_dead_letter_order.sql" {
		t.Fatalf("migration 14 is %s", ms[13].name)
	}
	old, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema), withMigrations(ms[:13]))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	insert := `INSERT INTO einvoice_dead_letters
			(event_id, tenant, webhook_id, document_id, status, body, created_at, attempts, next_attempt, last_error, dead_at)
		VALUES ($1, 'acme', 'w', 'D-1', 'Pending', '\x7b7d'::bytea, $2, 15, $2, 'the target answered 503', $3)`
	noDeath, later := einvoice.NewGUID(), einvoice.NewGUID()
	if _, err := old.pool.Exec(ctx, insert, later, at, at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, err := old.pool.Exec(ctx, insert, noDeath, at, nil); err != nil {
		t.Fatal(err)
	}
	old.Close()

	db, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	list, err := db.EInvoice().DeadLetters(ctx, "acme", einvoice.DeadLetterKey{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].EventID != noDeath || !list[0].DeadAt.IsZero() || list[1].EventID != later {
		t.Fatalf("the dead letters after migration 014: %+v, want %s with no time of death, then %s", list, noDeath, later)
	}
	if _, err := db.pool.Exec(ctx, insert, einvoice.NewGUID(), at, nil); err == nil {
		t.Error("a dead letter without a time of death inserted after migration 014")
	}
}
