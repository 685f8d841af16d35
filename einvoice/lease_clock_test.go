package einvoice_test

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/einvoicetest"
)

// TestLeaseIgnoresTheServicesClock: a Service whose clock is six minutes
// behind the store's (a node's clock skewed from the database's) sends
// an event and transmits a document under leases of the default five
// minutes. Before, the Service wrote the end of each lease by its own
// clock, which had passed by the store's: while the Service was sending
// the event, or transmitting the document, another owner got the same
// event to send, or the same document to process (on PostgreSQL, a node
// six minutes behind sent 1 event of 21 twice). The store now counts the
// term from its own clock, and the other owner is kept out.
func TestLeaseIgnoresTheServicesClock(t *testing.T) {
	ctx := context.Background()
	store, dir := openStore(t)

	sent := make(chan struct{})
	hold := make(chan struct{})
	var once sync.Once
	tg := newTarget(t, func(_ int, _ delivery) (int, http.Header) {
		once.Do(func() { close(sent) })
		<-hold
		return http.StatusNoContent, nil
	})
	tx := einvoicetest.NewHeldTransmitter()
	var closeOnce sync.Once
	letGo := func() {
		closeOnce.Do(func() {
			close(hold)
			close(tx.Release)
		})
	}
	t.Cleanup(letGo)

	behind := func() time.Time { return time.Now().Add(-6 * time.Minute) }
	s, err := New(ctx, store, Config{Transmitter: tx, OutboxDir: filepath.Join(dir, "outbox"), AllowPrivateTargets: true,
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond, Timeout: 5 * time.Second, Now: behind})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if s.LeaseTerm() != DefaultLeaseTerm {
		t.Fatalf("lease term %v, want the default %v", s.LeaseTerm(), DefaultLeaseTerm)
	}
	c, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: tg.url, SecretKey: tg.secret, Events: AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	for what, ch := range map[string]chan struct{}{"the first event to reach the target": sent, "the document to reach the transmitter": tx.Arrived} {
		select {
		case <-ch:
		case <-time.After(30 * time.Second):
			t.Fatalf("timed out waiting for %s", what)
		}
	}

	other := Lease{Owner: "a-node-whose-clock-is-right", Term: time.Minute}
	if ev, err := store.NextEvent(ctx, c.WebhookID, other); !errors.Is(err, ErrLeased) {
		got := "no event"
		if ev != nil {
			got = "the event " + ev.DocumentID + "/" + ev.Status + " to send again"
		}
		t.Errorf("while the skewed Service sends an event of the connection, another owner gets %s (err %v); want ErrLeased", got, err)
	}
	if err := store.Claim(ctx, d.DocumentID, other); !errors.Is(err, ErrLeased) {
		t.Errorf("while the skewed Service transmits a document, another owner's claim: %v, want ErrLeased", err)
	}
	letGo()
}
