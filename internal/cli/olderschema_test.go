package cli

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/postgres"
)

// schemaVersion reads the version of Levy's schema in the database.
func schemaVersion(t *testing.T, url string) int {
	t.Helper()
	out := pgtest.QueryIn(t, url, "SELECT coalesce(max(version), 0) FROM levy_schema")
	v, err := strconv.Atoi(out)
	if err != nil {
		t.Fatalf("the schema's version: %q", out)
	}
	return v
}

// TestCommandLeavesAnOlderSchema: an operator who has upgraded the levy
// on their own machine runs a command (levy clients list) against the
// database of a cluster whose nodes still run the previous Levy. Before,
// the command migrated the schema, and every node then answered 503 and
// failed /healthz (a node finds the schema newer than its own within a
// second): one read-only command stopped the whole cluster. The command
// now leaves the schema as it is and says why and how to upgrade; a
// database without Levy's schema is still given one by a command.
func TestCommandLeavesAnOlderSchema(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	// The schema of the previous Levy: the last migration not applied
	// (each migration runs again over a schema whose version was set
	// back).
	older := postgres.SchemaVersion() - 1
	pgtest.QueryIn(t, url, "UPDATE levy_schema SET version = "+strconv.Itoa(older))

	code, _, errOut := runCLI(t, "clients", "list", "--database", url)
	if code == 0 || !strings.Contains(errOut, "older than version") || !strings.Contains(errOut, "levy serve") {
		t.Errorf("levy clients list on a schema of the previous Levy: exit %d\n%s\nwant a refusal that says how to upgrade", code, errOut)
	}
	if v := schemaVersion(t, url); v != older {
		t.Fatalf("after the command the schema has version %d, want %d as the nodes of the previous Levy left it", v, older)
	}

	fresh := pgtest.URL(t)
	if code, _, errOut := runCLI(t, "clients", "list", "--database", fresh); code != 0 {
		t.Fatalf("levy clients list on a new database: exit %d\n%s", code, errOut)
	}
	if v := schemaVersion(t, fresh); v != postgres.SchemaVersion() {
		t.Fatalf("a new database after a command: schema version %d, want %d", v, postgres.SchemaVersion())
	}
}
