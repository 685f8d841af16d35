package postgres

import (
	"context"
	"errors"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// TestEInvoiceRestartedNodeTakesItsLeasesBack: a node named node-1 dies
// while it sends an event (the target has accepted it; the node records
// nothing and keeps its leases, of the default five minutes), and is
// started again under the same name, on a new pool, as a process
// restarted after a crash. Before, a restarted node got a new owner and
// waited for its old leases to lapse before it sent the connection's
// events or processed the document; now it takes its own leases back at
// once: the document finishes and its events arrive in order, the one
// in flight at the crash again under its Idempotency-Key. Any other
// owner is kept out of the dead node's leases all the same.
func TestEInvoiceRestartedNodeTakesItsLeasesBack(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	dbs := nodes(t, 2)
	h := newSpecHook(t, 0)
	var dead atomic.Bool
	a, err := einvoice.New(context.Background(), dyingStore{dbs[0].EInvoice(), &dead}, einvNodeConfig(t, einvoice.Config{
		Node: "node-1", Timeout: 300 * time.Millisecond, HTTPClient: &http.Client{Transport: &diesAfterSending{dead: &dead}}}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if a.LeaseTerm() != einvoice.DefaultLeaseTerm {
		t.Fatalf("lease term %v, want the default %v", a.LeaseTerm(), einvoice.DefaultLeaseTerm)
	}
	c, err := a.CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	first := submitUntilDead(t, ctx, a, &dead, doc)
	// The dead node's lease on the connection's queue holds against any
	// other owner.
	stranger := einvoice.Lease{Owner: einvoice.NewGUID(), Term: time.Minute}
	if _, err := dbs[1].EInvoice().NextEvent(ctx, c.WebhookID, stranger); !errors.Is(err, einvoice.ErrLeased) {
		t.Fatalf("another owner's NextEvent after the node died: %v, want ErrLeased", err)
	}

	b, err := einvoice.New(context.Background(), dbs[1].EInvoice(), einvNodeConfig(t, einvoice.Config{Node: "node-1", Timeout: 300 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	waitFinalOn(t, b, ctx, first.DocumentID)
	h.lastIs(t, first.DocumentID, 4, 30*time.Second)
	h.mu.Lock()
	got := slices.Clone(h.byDoc[first.DocumentID])
	h.mu.Unlock()
	if want := []string{"Pending", "Pending", "In Progress", "Completed"}; !slices.Equal(got, want) {
		t.Errorf("the document's events: %v, want %v (the Pending in flight at the crash twice)", got, want)
	}
}

// TestEInvoiceNodeName: a node's name is checked before the Service
// touches the store, and the error names Config.Node.
func TestEInvoiceNodeName(t *testing.T) {
	db := openTest(t)
	for _, name := range []string{"node 1", "node/1", "nœud", string(make([]byte, einvoice.MaxNodeName+1))} {
		_, err := einvoice.New(context.Background(), db.EInvoice(), einvNodeConfig(t, einvoice.Config{Node: name}))
		if err == nil || !strings.Contains(err.Error(), "Config.Node") {
			t.Errorf("node %q: %v, want an error naming Config.Node", name, err)
		}
	}
	s, err := einvoice.New(context.Background(), db.EInvoice(), einvNodeConfig(t, einvoice.Config{Node: "levy-0.eu-west:8443"}))
	if err != nil {
		t.Fatalf("a host and port as the node's name: %v", err)
	}
	s.Close()
}
