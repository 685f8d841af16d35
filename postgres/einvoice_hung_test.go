package postgres

import (
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/internal/pgtest"
)

// TestEInvoicePollOutlivesAHungConnection: node B runs e-invoicing and
// polls the database it shares with node A for the work A leaves (as
// levy serve does on a shared database). The server processes of every
// connection of node B's pool are stopped, as a server that froze or a
// network path that went silent would leave them: a statement on them
// neither answers nor fails. Node A, which processes nothing (Passive),
// then takes a document. Node B must come to process it: the look that
// met a hung connection gives up within its bound, and a later one, on
// a new connection, finds the document. Before, the poll waited on the
// hung statement for good, and node B never took another node's work
// again until it restarted.
func TestEInvoicePollOutlivesAHungConnection(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	a := nodes(t, 1)[0]
	schema := strings.Trim(a.pool.Config().ConnConfig.RuntimeParams["search_path"], `"`)
	b, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema), WithMaxConns(2))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	front, err := einvoice.New(context.Background(), a.EInvoice(), einvNodeConfig(t, einvoice.Config{Passive: true}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close() })
	cfg := einvNodeConfig(t, einvoice.Config{})
	cfg.PollInterval = 10 * time.Millisecond
	worker, err := einvoice.New(context.Background(), b.EInvoice(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Closed before b (cleanups run last in, first out), and after the
	// stopped server processes are let go again.
	t.Cleanup(func() { worker.Close() })

	// Stop the server process of every connection node B's pool holds.
	// The poll holds one for a moment at each tick: take them all idle.
	var pids []int
	for deadline := time.Now().Add(30 * time.Second); pids == nil; {
		conns := b.pool.AcquireAllIdle(ctx)
		if len(conns) > 0 && int32(len(conns)) == b.pool.Stat().TotalConns() {
			for _, c := range conns {
				var pid int
				if err := c.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
					t.Fatal(err)
				}
				pids = append(pids, pid)
			}
			for _, pid := range pids {
				if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
					t.Fatalf("stop the server process %d: %v", pid, err)
				}
				t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGCONT) })
			}
		}
		for _, c := range conns {
			c.Release()
		}
		if pids == nil {
			time.Sleep(time.Millisecond)
		}
		if time.Now().After(deadline) {
			t.Fatal("node B's connections are never all idle at once")
		}
	}

	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := front.Submit(ctx, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		got, err := front.Get(ctx, d.DocumentID)
		if err != nil {
			t.Fatal(err)
		}
		if einvoice.Final(got.Status) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("document %s is still %s a minute after node A took it: node B's poll never found it", d.DocumentID, got.Status)
		}
	}
}
