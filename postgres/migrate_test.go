package postgres

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/pgtest"
)

// newSchema names a schema that no other test uses.
func newSchema() string { return fmt.Sprintf("m%d_%d", os.Getpid(), schemas.Add(1)) }

// adminConn connects to the cluster's postgres database outside any
// node's pool, as an operator's session or another node's would; it is
// closed when the test ends.
func adminConn(ctx context.Context, t *testing.T) *pgx.Conn {
	t.Helper()
	c, err := pgx.Connect(ctx, pgtest.AdminURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close(context.Background()) })
	return c
}

// schemaVersion reads the version that levy_schema of schema holds.
func schemaVersion(ctx context.Context, t *testing.T, c *pgx.Conn, schema string) int {
	t.Helper()
	var v int
	if err := c.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM "+pgx.Identifier{schema, "levy_schema"}.Sanitize()).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// embedded returns this binary's migrations, followed by extra ones
// numbered after them.
func embedded(t *testing.T, extra ...string) []migration {
	t.Helper()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, sql := range extra {
		v := len(ms) + 1
		ms = append(ms, migration{version: v, name: fmt.Sprintf("%03d_test.sql", v), sql: sql})
	}
	return ms
}

// waitFor polls cond every 10 ms until it holds, failing the test after
// a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within a minute", what)
		}
	}
}

// TestStartWhileAnotherNodeMigrates starts a node while another holds
// the schema's migration lock for longer than the starting node's
// statement timeout, as a migration that fills a large table does: the
// node waits for the migration and starts after it, rather than fail on
// its statement timeout and not start at all.
func TestStartWhileAnotherNodeMigrates(t *testing.T) {
	ctx := context.Background()
	schema := newSchema()
	holder := adminConn(ctx, t)
	// The lock another node's migration holds.
	if _, err := holder.Exec(ctx, "SELECT pg_advisory_lock(hashtextextended($1, 0))", "levy-migrate:"+schema); err != nil {
		t.Fatal(err)
	}
	const timeout = 200 * time.Millisecond
	type opened struct {
		db  *DB
		err error
	}
	done := make(chan opened, 1)
	go func() {
		db, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema), WithStatementTimeout(timeout))
		done <- opened{db, err}
	}()
	// The node waits on the lock; it keeps waiting for more than five
	// of its statement timeouts, or has given up.
	var waited opened
	var gaveUp bool
	waitFor(t, "the node waiting for the migration lock", func() bool {
		select {
		case waited = <-done:
			gaveUp = true
			return true
		default:
		}
		var n int
		err := holder.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE application_name = 'levy' AND wait_event = 'advisory' AND now() - query_start > $1::interval`,
			(5 * timeout).String()).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		return n > 0
	})
	if gaveUp {
		t.Fatalf("the node gave up waiting for another node's migration: %v", waited.err)
	}
	if _, err := holder.Exec(ctx, "SELECT pg_advisory_unlock(hashtextextended($1, 0))", "levy-migrate:"+schema); err != nil {
		t.Fatal(err)
	}
	got := <-done
	if got.err != nil {
		t.Fatalf("the node did not start after the migration: %v", got.err)
	}
	defer got.db.Close()
	if v := schemaVersion(ctx, t, holder, schema); v != SchemaVersion() {
		t.Fatalf("schema at version %d, want %d", v, SchemaVersion())
	}
}

// TestSlowMigration applies a migration that runs longer than the
// pool's statement timeout, as one that fills or rewrites a large table
// does: it completes, and the pool's statements keep their timeout.
func TestSlowMigration(t *testing.T) {
	ctx := context.Background()
	schema := newSchema()
	ms := embedded(t, "CREATE TABLE slow_mark (); SELECT pg_sleep(1)")
	db, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema), WithStatementTimeout(200*time.Millisecond), withMigrations(ms))
	if err != nil {
		t.Fatalf("a migration longer than the statement timeout: %v", err)
	}
	defer db.Close()
	if v := schemaVersion(ctx, t, adminConn(ctx, t), schema); v != len(ms) {
		t.Fatalf("schema at version %d, want %d", v, len(ms))
	}
	var st string
	if err := db.pool.QueryRow(ctx, "SHOW statement_timeout").Scan(&st); err != nil || st != "200ms" {
		t.Fatalf("the pool's statement_timeout is %q (%v), want 200ms", st, err)
	}
	if _, err := db.pool.Exec(ctx, "SELECT pg_sleep(1)"); err == nil {
		t.Fatal("a statement of the pool ran past its timeout")
	}
}

// TestMigrationCutShortResumes ends the session of a node half way
// through a migration (as when the node is killed: the server ends the
// session of a connection that went away): the schema stays at the
// version before it, without the half of the migration that ran, the
// next start, of an older node too, works at that version, and a start
// of the newer node applies the migration.
func TestMigrationCutShortResumes(t *testing.T) {
	ctx := context.Background()
	schema := newSchema()
	admin := adminConn(ctx, t)
	errs := make(chan error, 1)
	go func() {
		db, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema),
			withMigrations(embedded(t, "CREATE TABLE half_done (); SELECT pg_sleep(60)")))
		if err == nil {
			db.Close()
		}
		errs <- err
	}()
	waitFor(t, "the migration running", func() bool {
		tag, err := admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE application_name = 'levy' AND state = 'active' AND query LIKE '%half_done%'`)
		if err != nil {
			t.Fatal(err)
		}
		return tag.RowsAffected() > 0
	})
	err := <-errs
	if name := fmt.Sprintf("migration %03d_test.sql", SchemaVersion()+1); err == nil || !strings.Contains(err.Error(), name) {
		t.Fatalf("Open whose migration was cut short: %v, want an error naming the migration", err)
	}
	if v := schemaVersion(ctx, t, admin, schema); v != SchemaVersion() {
		t.Fatalf("after the cut: schema at version %d, want %d", v, SchemaVersion())
	}
	var half bool
	if err := admin.QueryRow(ctx, "SELECT to_regclass($1) IS NOT NULL", schema+".half_done").Scan(&half); err != nil || half {
		t.Fatalf("the half of the migration that ran was kept: %v, %v", half, err)
	}
	// This Levy's own start works at the version before the cut.
	old, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema))
	if err != nil {
		t.Fatalf("a start after the cut: %v", err)
	}
	if _, err := old.Journal().Post(ctx, "acme", posting("INV-1", "D")); err != nil {
		t.Fatal(err)
	}
	old.Close()
	// The newer node's next start applies the migration.
	ms := embedded(t, "CREATE TABLE half_done ()")
	again, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema), withMigrations(ms))
	if err != nil {
		t.Fatalf("the start that resumes the migration: %v", err)
	}
	defer again.Close()
	if v := schemaVersion(ctx, t, admin, schema); v != len(ms) {
		t.Fatalf("after resuming: schema at version %d, want %d", v, len(ms))
	}
	if ok, err := again.Journal().Exists(ctx, "acme", "INV-1"); !ok || err != nil {
		t.Fatalf("after resuming: INV-1 exists %v, %v", ok, err)
	}
	// And the older node is now refused, naming both versions.
	_, err = Open(ctx, pgtest.AdminURL(t), WithSchema(schema))
	want := fmt.Sprintf("version %d, newer than version %d", len(ms), SchemaVersion())
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("an older node after the migration: %v, want %q", err, want)
	}
}

// TestOlderNodeRefusesOnceMigrated starts a node of a newer Levy, which
// migrates the schema, while a node of this Levy serves: the older node
// then refuses every request, as unavailable (503, so that clients and
// load balancers go to the newer nodes), its health check fails, and its
// error names both versions for the operator; it writes nothing more to
// tables whose rules it does not know.
func TestOlderNodeRefusesOnceMigrated(t *testing.T) {
	ctx := context.Background()
	schema := newSchema()
	old, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema))
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	s := old.Journal()
	if _, err := s.Post(ctx, "acme", posting("BEFORE", "D")); err != nil {
		t.Fatal(err)
	}
	ms := embedded(t, "CREATE TABLE newer_mark ()")
	newer, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema), withMigrations(ms))
	if err != nil {
		t.Fatal(err)
	}
	defer newer.Close()
	var refused error
	i := 0
	waitFor(t, "the older node refusing", func() bool {
		i++
		_, refused = s.Post(ctx, "acme", posting(fmt.Sprintf("AFTER-%d", i), "D"))
		return refused != nil
	})
	if levy.ErrorCode(refused) != levy.EUnavailable {
		t.Fatalf("the older node's post: %v, want unavailable", refused)
	}
	if want := fmt.Sprintf("version %d, newer than version %d", len(ms), SchemaVersion()); !strings.Contains(refused.Error(), want) {
		t.Errorf("the older node's error %q does not say %q", refused, want)
	}
	if _, err := s.Versions(ctx, "acme", "BEFORE"); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("the older node's read: %v, want unavailable", err)
	}
	if _, err := old.Auth().Version(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("the older node's credentials: %v, want unavailable", err)
	}
	if err := old.CheckWrite(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("the older node's health check: %v, want unavailable", err)
	}
	if err := newer.CheckWrite(ctx); err != nil {
		t.Errorf("the newer node's health check: %v", err)
	}
	if ok, err := newer.Journal().Exists(ctx, "acme", fmt.Sprintf("AFTER-%d", i)); ok || err != nil {
		t.Errorf("the refused post was stored: %v (%v)", ok, err)
	}
}
