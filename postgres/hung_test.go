package postgres

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
)

// peerNode opens a second node over the schema of a, as another process
// of a cluster would, with at most two connections: the pool holds the
// place of a broken connection until it has closed it (up to 15 seconds
// for one that hangs), and the second is the new connection the node
// goes on with. It is closed when the test ends.
func peerNode(ctx context.Context, t *testing.T, a *DB) *DB {
	t.Helper()
	schema := strings.Trim(a.pool.Config().ConnConfig.RuntimeParams["search_path"], `"`)
	b, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema), WithMaxConns(2))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// hang stops the server process pid (SIGSTOP), as a server that froze or
// a network path that went silent would leave its connection: a
// statement on it neither answers nor fails, and the server's
// statement_timeout cannot fire. It is let go when the test ends.
func hang(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatalf("stop the server process %d: %v", pid, err)
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGCONT) })
}

// hangNextConn hangs the connection that the next statement of b takes:
// the one its pool holds, when it has opened no other.
func hangNextConn(ctx context.Context, t *testing.T, b *DB) {
	t.Helper()
	var pid int
	if err := b.pool.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
		t.Fatal(err)
	}
	hang(t, pid)
}

// hangAllConns hangs every connection that the pool of b holds, once
// they are all idle at the same moment (a poll or a renewal holds one
// for a moment now and then); it fails the test when they never are
// within 30 seconds.
func hangAllConns(ctx context.Context, t *testing.T, b *DB) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(time.Millisecond) {
		conns := b.pool.AcquireAllIdle(ctx)
		var pids []int
		if len(conns) > 0 && int32(len(conns)) == b.pool.Stat().TotalConns() {
			for _, c := range conns {
				var pid int
				if err := c.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
					t.Fatal(err)
				}
				pids = append(pids, pid)
			}
			for _, pid := range pids {
				hang(t, pid)
			}
		}
		for _, c := range conns {
			c.Release()
		}
		if pids != nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("node B's connections are never all idle at once")
		}
	}
}
