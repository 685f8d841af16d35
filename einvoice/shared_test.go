package einvoice_test

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestSharedStoreWork runs two Services over one store, as two nodes of
// a cluster share one database: a passive one that takes submissions
// and connections only, and a worker that polls the store. The worker
// processes what the other submitted, sends the events the other queued,
// and takes over a document whose lease a stopped owner left, once the
// lease lapses.
func TestSharedStoreWork(t *testing.T) {
	ctx := context.Background()
	store, dir := openStore(t)
	front, err := New(ctx, store, Config{Passive: true, AllowPrivateTargets: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = front.Close() })

	tg := newTarget(t, nil)
	if _, err := front.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: tg.url, SecretKey: tg.secret, Events: AllEvents}); err != nil {
		t.Fatal(err)
	}
	// A document whose owner stopped while it held the lease.
	stuck, _, err := front.Submit(tenantCtx("acme"), validInvoice(t, "<cbc:ID>LVY-2026-0042</cbc:ID>", "<cbc:ID>STUCK-1</cbc:ID>"), "")
	if err != nil {
		t.Fatal(err)
	}
	// The lease lapses 300ms after the store gives it: not before lapse.
	lapse := time.Now().Add(300 * time.Millisecond)
	if err := store.Claim(ctx, stuck.DocumentID, Lease{Owner: "a-node-that-stopped", Term: 300 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}

	worker, err := New(ctx, store, Config{
		OutboxDir: filepath.Join(dir, "outbox"), AllowPrivateTargets: true, PollInterval: 20 * time.Millisecond,
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond, Timeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = worker.Close() })

	// Submitted through the other Service after the worker started: only
	// polling finds it.
	later, _, err := front.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{later.DocumentID, stuck.DocumentID} {
		eventually(t, "document "+id+" to finish", func() bool {
			d, err := worker.Get(tenantCtx("acme"), id)
			if err != nil {
				t.Fatal(err)
			}
			return d.Status == webhook.StatusCompleted
		})
	}
	d, err := worker.Get(tenantCtx("acme"), stuck.DocumentID)
	if err != nil {
		t.Fatal(err)
	}
	if done := d.History[len(d.History)-1].At; done.Before(lapse) {
		t.Errorf("the stuck document finished at %s, before its lease lapsed at %s", done, lapse)
	}
	// Every status of both documents reaches the target, the Pending ones
	// queued by the passive Service included, in order.
	for _, id := range []string{later.DocumentID, stuck.DocumentID} {
		eventually(t, "the events of "+id, func() bool { return len(tg.statuses(id)) == 3 })
		got := tg.statuses(id)
		want := []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("events of %s: %v, want %v", id, got, want)
			}
		}
	}
}

// TestCloseReleasesOutbox: a Service that closes while it holds a
// connection's queue (waiting to retry an event) releases it, so that
// another Service sharing the store sends the events at once rather than
// when the lease lapses.
func TestCloseReleasesOutbox(t *testing.T) {
	ctx := context.Background()
	store, dir := openStore(t)
	refused := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusServiceUnavailable, nil })
	s, err := New(ctx, store, Config{OutboxDir: filepath.Join(dir, "outbox"), AllowPrivateTargets: true,
		MinBackoff: time.Hour, MaxBackoff: time.Hour, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: refused.url, SecretKey: refused.secret, Events: AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	// The first attempt fails; the lane then holds the queue for an hour.
	eventually(t, "a refused attempt", func() bool { return len(refused.deliveries()) > 0 })
	if _, err := store.NextEvent(ctx, c.WebhookID, Lease{Owner: "another-service", Term: time.Minute}); !errors.Is(err, ErrLeased) {
		t.Fatalf("while the Service runs, another owner gets %v, want ErrLeased", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	ev, err := store.NextEvent(ctx, c.WebhookID, Lease{Owner: "another-service", Term: time.Minute})
	if err != nil || ev == nil {
		t.Fatalf("after the Service closed, another owner gets %v, %v; want the waiting event", ev, err)
	}
}
