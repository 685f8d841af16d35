package einvoice_test

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
)

// heldRelease is a store whose first ReleaseOutbox after armed is set
// waits, once it has said so on entered, until unblock is closed: the
// moment a lane that found its queue empty gives its lease back.
type heldRelease struct {
	Store
	armed                      atomic.Bool
	once                       sync.Once
	entered, unblock, released chan struct{}
}

func (s *heldRelease) ReleaseOutbox(ctx context.Context, webhookID, owner string) error {
	first := false
	if s.armed.Load() {
		s.once.Do(func() { first = true })
	}
	if !first {
		return s.Store.ReleaseOutbox(ctx, webhookID, owner)
	}
	close(s.entered)
	<-s.unblock
	defer close(s.released)
	return s.Store.ReleaseOutbox(ctx, webhookID, owner)
}

// TestLaneReleaseKeepsTheNextLanesLease: a lane that found its
// connection's queue empty gives the lease back while it is still the
// connection's lane. Before, it left the dispatcher first and released
// after: a lane started meanwhile for a new event took the lease under
// the same owner and sent the event, the old lane's release then
// cleared that lease, and another node sharing the store took the event
// and sent it a second time (seen as a Pending that arrived twice, with
// one idempotency key, in the three-node PostgreSQL test).
func TestLaneReleaseKeepsTheNextLanesLease(t *testing.T) {
	ctx := context.Background()
	bs, dir := openStore(t)
	store := &heldRelease{Store: bs, entered: make(chan struct{}), unblock: make(chan struct{}), released: make(chan struct{})}

	var mu sync.Mutex
	second := ""                   // the document whose events the target holds
	arrived := make(chan struct{}) // closed when the first of them arrives
	hold := make(chan struct{})
	var arrivedOnce sync.Once
	tg := newTarget(t, func(_ int, d delivery) (int, http.Header) {
		if d.event.Status == "Completed" {
			// The first document's last event: the lane's next release,
			// once this event is removed, is held.
			store.armed.Store(true)
		}
		mu.Lock()
		held := second != "" && d.event.DocumentID == second
		mu.Unlock()
		if held {
			arrivedOnce.Do(func() { close(arrived) })
			<-hold
		}
		return http.StatusNoContent, nil
	})
	t.Cleanup(func() {
		select {
		case <-hold:
		default:
			close(hold)
		}
	})
	s, err := New(ctx, store, Config{OutboxDir: filepath.Join(dir, "outbox"), AllowPrivateTargets: true,
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	c, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: tg.url, SecretKey: tg.secret, Events: AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	first, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	select { // the lane found the queue empty after the last event and gives the lease back
	case <-store.entered:
	case <-time.After(30 * time.Second):
		t.Fatalf("no release of the queue after the first document's events (%v)", tg.statuses(first.DocumentID))
	}

	doc, _, err := s.Submit(tenantCtx("acme"), validInvoice(t, "<cbc:ID>LVY-2026-0042</cbc:ID>", "<cbc:ID>SECOND-1</cbc:ID>"), "")
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	second = doc.DocumentID
	mu.Unlock()
	// Before the fix a new lane sends the second document's first event
	// now, while the old lane's release waits; after it, the old lane
	// sends it once its release is done. Either way the event is then
	// being sent, and its lane must hold the connection's queue.
	select {
	case <-arrived:
	case <-time.After(2 * time.Second):
	}
	close(store.unblock)
	<-store.released
	select {
	case <-arrived:
	case <-time.After(30 * time.Second):
		t.Fatal("the second document's first event was not sent")
	}
	if ev, err := bs.NextEvent(ctx, c.WebhookID, Lease{Owner: "another-node", Term: time.Minute}); !errors.Is(err, ErrLeased) {
		got := "no event"
		if ev != nil {
			got = "the event " + ev.DocumentID + "/" + ev.Status + " to send again"
		}
		t.Fatalf("while an event of the connection is being sent, another node gets %s (err %v); want ErrLeased", got, err)
	}
	close(hold)
}
