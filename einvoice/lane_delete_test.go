package einvoice_test

import (
	"context"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// waitingHead is a store that closes waiting the first time NextEvent
// gives a lane an event whose next attempt is later than now: the lane
// then sleeps until that attempt.
type waitingHead struct {
	Store
	once    sync.Once
	waiting chan struct{}
}

func (s *waitingHead) NextEvent(ctx context.Context, webhookID string, l Lease) (*OutboxEvent, error) {
	ev, err := s.Store.NextEvent(ctx, webhookID, l)
	if ev != nil && ev.NextAttempt.After(time.Now()) {
		s.once.Do(func() { close(s.waiting) })
	}
	return ev, err
}

// TestDeleteConnectionEndsAWaitingLane: the lane of a connection whose
// target asked for a day's wait (Retry-After) ends when the connection is
// deleted. Before, DeleteConnection left it asleep, its goroutine held
// until the day had passed.
func TestDeleteConnectionEndsAWaitingLane(t *testing.T) {
	ctx := context.Background()
	bs, dir := openStore(t)
	store := &waitingHead{Store: bs, waiting: make(chan struct{})}
	tg := newTarget(t, func(int, delivery) (int, http.Header) {
		return http.StatusServiceUnavailable, http.Header{"Retry-After": {"86400"}}
	})
	s, err := New(ctx, store, Config{OutboxDir: filepath.Join(dir, "outbox"), AllowPrivateTargets: true,
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	c, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: tg.url, SecretKey: tg.secret,
		Events: Events{Statuses: []string{webhook.StatusPending}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	select { // the lane read its head again after the refusal, and sleeps until tomorrow
	case <-store.waiting:
	case <-time.After(30 * time.Second):
		t.Fatalf("the lane did not come to wait (%d deliveries)", len(tg.deliveries()))
	}
	if n := s.Lanes(); n != 1 {
		t.Fatalf("%d lanes before the delete; want 1", n)
	}
	if _, err := s.DeleteConnection(tenantCtx("acme"), c.WebhookID); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the lane of the deleted connection to end", func() bool { return s.Lanes() == 0 })
	if n := len(tg.deliveries()); n != 1 {
		t.Errorf("the target received %d deliveries; want the first alone", n)
	}
}
