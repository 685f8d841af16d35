package postgres

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
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
	front := einvNode(t, a.EInvoice(), einvNodeConfig(t, einvoice.Config{Passive: true}))
	cfg := einvNodeConfig(t, einvoice.Config{})
	cfg.PollInterval = 10 * time.Millisecond
	// Closed before b, and after the stopped server processes are let go
	// again.
	einvNode(t, b.EInvoice(), cfg)

	// Stop the server process of every connection node B's pool holds.
	// The poll holds one for a moment at each tick: take them all idle.
	hangAllConns(ctx, t, b)

	doc := sampleInvoice(t)
	d, _, err := front.Submit(ctx, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	waitStatusOn(t, front, ctx, d.DocumentID, time.Minute, einvoice.Final, " a minute after node A took it: node B's poll never found it")
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
	front := einvNode(t, a.EInvoice(), einvNodeConfig(t, einvoice.Config{Passive: true}))
	tx := einvoicetest.NewHeldTransmitter()
	var letOnce sync.Once
	letGo := func() { letOnce.Do(func() { close(tx.Release) }) }
	t.Cleanup(letGo)
	// No poll: the worker and its renewals are the only users of node
	// B's pool once the documents are in, so that they meet the stopped
	// connections.
	cfg := einvNodeConfig(t, einvoice.Config{Transmitter: tx, Workers: 1, Timeout: 500 * time.Millisecond, LeaseTerm: time.Second})
	cfg.PollInterval = 0
	// Closed before b, and after the stopped server processes are let
	// go again.
	worker := einvNode(t, b.EInvoice(), cfg)
	if worker.LeaseTerm() != time.Second {
		t.Fatalf("lease term %v, want 1s", worker.LeaseTerm())
	}

	doc := sampleInvoice(t)
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

	completed := func(status string) bool { return status == webhook.StatusCompleted }
	for _, id := range ids {
		waitStatusOn(t, front, ctx, id, time.Minute, completed,
			" a minute after node B's connections hung under its one worker (lease term 1s): the worker never gave it back")
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

	front := einvNode(t, a.EInvoice(), einvNodeConfig(t, einvoice.Config{Passive: true}))
	// No poll: once the document is completed, the lane is the only user
	// of node B's pool, so that it meets the stopped connections.
	cfg := einvNodeConfig(t, einvoice.Config{Timeout: 500 * time.Millisecond, LeaseTerm: time.Second})
	cfg.PollInterval = 0
	// Closed before b, and after the stopped server processes are let
	// go again.
	node := einvNode(t, b.EInvoice(), cfg)
	if _, err := front.CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents}); err != nil {
		t.Fatal(err)
	}

	doc := sampleInvoice(t)
	d, _, err := node.Submit(ctx, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-held:
	case <-time.After(30 * time.Second):
		t.Fatal("no event of node B reaches the target")
	}
	waitFinalOn(t, front, ctx, d.DocumentID)

	// Stop the server process of every connection node B's pool holds,
	// while its lane waits on the target.
	hangAllConns(ctx, t, b)
	letGo()
	h.lastIs(t, d.DocumentID, 3, time.Minute)
}

// hangAtResume is node B's e-invoicing store, whose connections are all
// hung (hangAllConns) just before New's read of the outbox, the first
// call of the resume of the connections' pending events.
type hangAtResume struct {
	einvoice.Store
	t  *testing.T
	db *DB
}

func (s hangAtResume) Outboxes(ctx context.Context) ([]string, error) {
	s.t.Helper()
	hangAllConns(context.Background(), s.t, s.db)
	return s.Store.Outboxes(ctx)
}

// TestEInvoiceNewOutlivesAHungConnection: node B starts e-invoicing
// (einvoice.New) while the server processes of every connection of its
// pool are stopped just before New reads the outbox to resume the
// events waiting in it, as a server that froze or a network path that
// went silent would leave them. New must give up within the bound of a
// store call (a third of the lease term) and fail, saying what it was
// doing, rather than wait on the hung statement for good. Before, the
// read of the outbox at start had no bound but New's context, which
// levy serve gives no deadline: New never returned, and the node never
// served.
func TestEInvoiceNewOutlivesAHungConnection(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	a := nodes(t, 1)[0]
	b := peerNode(ctx, t, a)
	cfg := einvNodeConfig(t, einvoice.Config{Timeout: 500 * time.Millisecond, LeaseTerm: time.Second})
	cfg.PollInterval = 0

	err := newFailsOverHang(t, hangAtResume{Store: b.EInvoice(), t: t, db: b}, cfg, "its read of the outbox (lease term 1s)")
	if !strings.Contains(err.Error(), "resume the events of the outbox") {
		t.Errorf("einvoice.New: %v; want an error that says it was resuming the events of the outbox", err)
	}
}

// newFailsOverHang starts einvoice.New over st, a store whose
// connections hang under the call named what, with no deadline (as levy
// serve calls it), and returns New's error; it fails the test when New
// has not returned within a minute or succeeded.
func newFailsOverHang(t *testing.T, st einvoice.Store, cfg einvoice.Config, what string) error {
	t.Helper()
	type result struct {
		s   *einvoice.Service
		err error
	}
	done := make(chan result, 1)
	go func() {
		s, err := einvoice.New(context.Background(), st, cfg)
		done <- result{s, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(time.Minute):
		t.Fatalf("einvoice.New has not returned a minute after node B's connections hung under %s", what)
	}
	if r.err == nil {
		r.s.Close()
		t.Fatalf("einvoice.New succeeded over a store that did not answer %s", what)
	}
	return r.err
}

// hangAtReseal is node B's e-invoicing store, whose connections are all
// hung (hangAllConns) just before New's Reseal, the first call of New.
type hangAtReseal struct {
	*einvStore
	t  *testing.T
	db *DB
}

func (s hangAtReseal) Reseal(ctx context.Context, fn func(*einvoice.ConnectionRecord) (bool, error)) (int, error) {
	s.t.Helper()
	hangAllConns(context.Background(), s.t, s.db)
	return s.einvStore.Reseal(ctx, fn)
}

// TestEInvoiceResealOutlivesAHungConnection: node B starts e-invoicing
// (einvoice.New, with no deadline, as levy serve calls it) while the
// server processes of every connection of its pool are stopped just
// before New's Reseal, as a server that froze or a network path that
// went silent would leave them. Reseal must give up within its own bound
// (its wait for older snapshots and a margin; here 100 ms and 2 s) and
// New fail, naming it, rather than wait on the hung statement for good.
// Before, Reseal had no bound but New's context: New never returned, and
// the node never served.
func TestEInvoiceResealOutlivesAHungConnection(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	a := nodes(t, 1)[0]
	b := peerNode(ctx, t, a)
	front := einvNode(t, a.EInvoice(), einvNodeConfig(t, einvoice.Config{Passive: true}))
	h := newSpecHook(t, 0)
	if _, err := front.CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents}); err != nil {
		t.Fatal(err)
	}
	st := b.EInvoice().(*einvStore)
	st.vacuumWait, st.resealMargin = 100*time.Millisecond, 2*time.Second
	cfg := einvNodeConfig(t, einvoice.Config{})
	cfg.PollInterval = 0

	err := newFailsOverHang(t, hangAtReseal{einvStore: st, t: t, db: b}, cfg, "its Reseal (bound 2.1s)")
	if !strings.Contains(err.Error(), "encrypt the webhook secrets") || !strings.Contains(err.Error(), "reseal of the webhook connections did not end within its bound of 2.1s") {
		t.Errorf("einvoice.New: %v; want an error that names the reseal and its bound", err)
	}
}
