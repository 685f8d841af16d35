package postgres

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/pgtest"
)

// limitedURL returns the URL of a new database whose owner, a role of
// its own (not a superuser, whom no connection limit binds), may hold at
// most limit connections at once: as many as a server's max_connections
// leaves the nodes of a cluster.
func limitedURL(t *testing.T, limit int) string {
	t.Helper()
	role := fmt.Sprintf("levy_lim_%d_%d", os.Getpid(), schemas.Add(1))
	pgtest.Exec(t, fmt.Sprintf("CREATE ROLE %s LOGIN CONNECTION LIMIT %d", role, limit))
	t.Cleanup(func() { pgtest.Exec(t, "DROP ROLE IF EXISTS "+role) })
	raw := pgtest.URL(t) // dropped before the role, whose cleanup runs after
	pgtest.Exec(t, fmt.Sprintf("ALTER DATABASE %s OWNER TO %s", pgtest.Name(t, raw), role))
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	return u.String()
}

// TestMoreNodesThanConnections runs nodes over a database that allows
// fewer connections than they would open: a node that cannot connect to
// start is refused as unavailable, with the server's reason in its error
// for the operator and none in the client's message; a running node
// whose pool cannot open another connection answers unavailable (503)
// rather than wait or fail otherwise; and once connections are free
// again, both serve without a restart.
func TestMoreNodesThanConnections(t *testing.T) {
	ctx := context.Background()
	dbURL := limitedURL(t, 2)
	a, err := Open(ctx, dbURL, WithMaxConns(2))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.Journal().Post(ctx, "acme", posting("A-1", "D")); err != nil {
		t.Fatal(err)
	}
	// One connection of node A is busy, and another node's session takes
	// the role's last one.
	busy, err := a.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var other *pgx.Conn
	for try := 0; other == nil; try++ {
		// Node A keeps no other connection (its schema poll may have
		// opened one, and may open one again before the session below
		// takes the slot: it is then tried again).
		for _, c := range a.pool.AcquireAllIdle(ctx) {
			_ = c.Conn().Close(ctx)
			c.Release()
		}
		if other, err = pgx.Connect(ctx, dbURL); err != nil && try == 10 {
			t.Fatal(err)
		}
	}
	defer func() { _ = other.Close(ctx) }()

	_, err = Open(ctx, dbURL)
	if levy.ErrorCode(err) != levy.EUnavailable || !strings.Contains(err.Error(), "too many connections") {
		t.Fatalf("a node started past the limit: %v (code %s), want unavailable naming the server's reason", err, levy.ErrorCode(err))
	}
	if le := (*levy.Error)(nil); errors.As(err, &le) && strings.Contains(le.Message, "too many") {
		t.Errorf("the client is told the server's words: %q", le.Message)
	}
	_, err = a.Journal().Post(ctx, "acme", posting("A-2", "D"))
	if levy.ErrorCode(err) != levy.EUnavailable || !strings.Contains(err.Error(), "too many connections") {
		t.Fatalf("a post of node A that needs a connection past the limit: %v (code %s), want unavailable", err, levy.ErrorCode(err))
	}

	// The connections are free again.
	if err := other.Close(ctx); err != nil {
		t.Fatal(err)
	}
	busy.Release()
	if _, err := a.Journal().Post(ctx, "acme", posting("A-2", "D")); err != nil {
		t.Fatalf("node A once connections are free: %v", err)
	}
	a.Close()
	// The server ends a closed connection's backend a moment after the
	// client has gone, and counts it against the role until then: node B
	// may be told "too many connections" for that moment.
	var b *DB
	for try := 1; ; try++ {
		if b, err = Open(ctx, dbURL, WithMaxConns(2)); err == nil {
			break
		}
		if try == 50 || !strings.Contains(err.Error(), "too many connections") {
			t.Fatalf("node B once connections are free: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	defer b.Close()
	if ok, err := b.Journal().Exists(ctx, "acme", "A-2"); !ok || err != nil {
		t.Fatalf("node B reads A-2: %v, %v", ok, err)
	}
}
