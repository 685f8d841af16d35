package postgres

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/einvoicetest"
	"github.com/levytax/levy/einvoice/webhook"
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
	b := peerNode(ctx, t, a)
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
	hangAllConns(ctx, t, b)

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

// TestEInvoiceWorkerOutlivesAHungConnection: node B, with one worker,
// holds a document in its transmitter under a lease of a second, renewed
// every third, while a second document waits for the worker. The server
// processes of the connections node B's pool holds are stopped, as a
// server that froze or a network path that went silent would leave
// them, and the transmitter lets the documents through: the worker's
// move of the first document to Completed, or a renewal of its lease,
// meets a hung connection. Each call must give up within its bound (a
// third of the lease term), and the worker give the document back and
// take it again on a new connection: both documents are completed.
// Before, the store calls of the worker and of its renewals had no
// bound: the worker waited on the hung statement for good, and the
// documents stayed In Progress and Pending, the node's only worker
// taken, until it restarted.
func TestEInvoiceWorkerOutlivesAHungConnection(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	a := nodes(t, 1)[0]
	b := peerNode(ctx, t, a)
	front, err := einvoice.New(context.Background(), a.EInvoice(), einvNodeConfig(t, einvoice.Config{Passive: true}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close() })
	tx := einvoicetest.NewHeldTransmitter()
	var letOnce sync.Once
	letGo := func() { letOnce.Do(func() { close(tx.Release) }) }
	t.Cleanup(letGo)
	// No poll: the worker and its renewals are the only users of node
	// B's pool once the documents are in, so that they meet the stopped
	// connections.
	cfg := einvNodeConfig(t, einvoice.Config{Transmitter: tx, Workers: 1, Timeout: 500 * time.Millisecond, LeaseTerm: time.Second})
	cfg.PollInterval = 0
	worker, err := einvoice.New(context.Background(), b.EInvoice(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Closed before b, and after the stopped server processes are let
	// go again (cleanups run last in, first out).
	t.Cleanup(func() { worker.Close() })
	if worker.LeaseTerm() != time.Second {
		t.Fatalf("lease term %v, want 1s", worker.LeaseTerm())
	}

	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 2 {
		d, _, err := worker.Submit(ctx, doc, "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.DocumentID)
	}
	select {
	case <-tx.Arrived:
	case <-time.After(30 * time.Second):
		t.Fatal("no document reaches node B's transmitter")
	}

	// Stop the server process of every connection node B's pool holds,
	// between two renewals of the lease.
	hangAllConns(ctx, t, b)
	letGo()

	for _, id := range ids {
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
			got, err := front.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status == webhook.StatusCompleted {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("document %s is still %s a minute after node B's connections hung under its one worker (lease term 1s): the worker never gave it back", id, got.Status)
			}
		}
	}
}

// TestEInvoiceDispatchOutlivesAHungConnection: node B processes a
// document and sends its events to a webhook connection's target, which
// holds the first request. The server processes of every connection node
// B's pool holds are stopped meanwhile, as a server that froze or a
// network path that went silent would leave them, and the target lets
// the request through: the lane of the connection then meets a hung
// connection at its next call to the store (the record of the delivery,
// the read of the outbox). Each call must give up within its bound (a
// third of the lease term) and the lane go on, on a new connection: the
// target comes to accept all three events of the document. Before, the
// lane's read of the outbox had no bound: it waited on the hung
// statement for good, and the connection's later events were never sent
// until the node restarted.
func TestEInvoiceDispatchOutlivesAHungConnection(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	a := nodes(t, 1)[0]
	b := peerNode(ctx, t, a)
	h := newSpecHook(t, 0)
	held := make(chan struct{})
	release := make(chan struct{})
	var heldOnce, letOnce sync.Once
	letGo := func() { letOnce.Do(func() { close(release) }) }
	t.Cleanup(letGo)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		first := false
		heldOnce.Do(func() { first = true })
		if first {
			close(held)
			<-release
		}
		h.serve(w, r)
	}))
	t.Cleanup(srv.Close)
	h.url = srv.URL + "/levy/events"

	front, err := einvoice.New(context.Background(), a.EInvoice(), einvNodeConfig(t, einvoice.Config{Passive: true}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close() })
	// No poll: once the document is completed, the lane is the only user
	// of node B's pool, so that it meets the stopped connections.
	cfg := einvNodeConfig(t, einvoice.Config{Timeout: 500 * time.Millisecond, LeaseTerm: time.Second})
	cfg.PollInterval = 0
	node, err := einvoice.New(context.Background(), b.EInvoice(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Closed before b, and after the stopped server processes are let
	// go again (cleanups run last in, first out).
	t.Cleanup(func() { node.Close() })
	if _, err := front.CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents}); err != nil {
		t.Fatal(err)
	}

	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := node.Submit(ctx, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-held:
	case <-time.After(30 * time.Second):
		t.Fatal("no event of node B reaches the target")
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		got, err := front.Get(ctx, d.DocumentID)
		if err != nil {
			t.Fatal(err)
		}
		if einvoice.Final(got.Status) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("document %s is still %s", d.DocumentID, got.Status)
		}
	}

	// Stop the server process of every connection node B's pool holds,
	// while its lane waits on the target.
	hangAllConns(ctx, t, b)
	letGo()
	h.lastIs(t, d.DocumentID, 3, time.Minute)
}
