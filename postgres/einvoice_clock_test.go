package postgres

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/einvoicetest"
)

// TestEInvoiceLeaseIgnoresTheNodesClock: a node whose clock is six
// minutes behind the database's sends an event and transmits a document
// under leases of the default five minutes, while another node looks at
// the same work. Before, the node wrote the end of each lease by its own
// clock, and the database, comparing it with its own, found it lapsed at
// once: the other node took the event and sent it a second time (1 event
// of 21 was), or took the document. The database now counts each lease's
// term from its own clock.
func TestEInvoiceLeaseIgnoresTheNodesClock(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	dbs := nodes(t, 2)

	sent := make(chan struct{})
	hold := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(sent) })
		<-hold
		w.WriteHeader(http.StatusNoContent)
	}))
	tx := einvoicetest.NewHeldTransmitter()
	var letOnce sync.Once
	letGo := func() {
		letOnce.Do(func() {
			close(hold)
			close(tx.Release)
		})
	}
	t.Cleanup(srv.Close)
	t.Cleanup(letGo)

	cfg := einvNodeConfig(t, einvoice.Config{Transmitter: tx, Timeout: 5 * time.Second})
	cfg.Now = func() time.Time { return time.Now().Add(-6 * time.Minute) }
	s, err := einvoice.New(context.Background(), dbs[0].EInvoice(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if s.LeaseTerm() != einvoice.DefaultLeaseTerm {
		t.Fatalf("lease term %v, want the default %v", s.LeaseTerm(), einvoice.DefaultLeaseTerm)
	}
	c, err := s.CreateConnection(ctx, einvoice.NewConnection{TargetURL: srv.URL + "/levy/events", SecretKey: "a-secret-of-thirty-two-bytes-or-more!", Events: einvoice.AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := s.Submit(ctx, doc, "")
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

	other := dbs[1].EInvoice()
	t.Cleanup(func() { other.Close() })
	lease := einvoice.Lease{Owner: einvoice.NewGUID(), Term: time.Minute}
	if ev, err := other.NextEvent(ctx, c.WebhookID, lease); !errors.Is(err, einvoice.ErrLeased) {
		got := "no event"
		if ev != nil {
			got = "the event " + ev.DocumentID + "/" + ev.Status + " to send again"
		}
		t.Errorf("while the skewed node sends an event of the connection, another node gets %s (err %v); want ErrLeased", got, err)
	}
	if err := other.Claim(ctx, d.DocumentID, lease); !errors.Is(err, einvoice.ErrLeased) {
		t.Errorf("while the skewed node transmits a document, another node's claim: %v, want ErrLeased", err)
	}
	letGo()
}
