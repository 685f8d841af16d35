package einvoice_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// leaseLostOnce is a store that refuses the first Retry it is given with
// ErrLeaseLost, writing nothing, as a store does when another node took
// the connection's queue over while the attempt ran. It records the
// attempts of every Retry it is given.
type leaseLostOnce struct {
	Store
	mu       sync.Mutex
	attempts []int
}

func (s *leaseLostOnce) Retry(ctx context.Context, ev *OutboxEvent, delay time.Duration) error {
	s.mu.Lock()
	s.attempts = append(s.attempts, ev.Attempts)
	first := len(s.attempts) == 1
	s.mu.Unlock()
	if first {
		return fmt.Errorf("schedule a retry: %w", ErrLeaseLost)
	}
	return s.Store.Retry(ctx, ev, delay)
}

func (s *leaseLostOnce) retries() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]int(nil), s.attempts...)
}

// TestLeaseLostOutcomeIsDropped: a lane whose outcome the store refused
// because another owner took the connection's queue over logs it and
// drops the outcome: it does not keep it, as it keeps one the store
// failed to write, to write again or to count into the event's attempts
// once it holds the lease again. The attempts are the store's, as the
// owner that took over recorded them. Before, the lane kept its refused
// retry and counted its attempt on top of the store's, so that an
// attempt was counted twice.
func TestLeaseLostOutcomeIsDropped(t *testing.T) {
	ctx := context.Background()
	bs, dir := openStore(t)
	store := &leaseLostOnce{Store: bs}
	tg := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusServiceUnavailable, nil })
	logs := &logBuffer{}
	s, err := New(ctx, store, Config{OutboxDir: filepath.Join(dir, "outbox"), AllowPrivateTargets: true,
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 20 * time.Millisecond, Timeout: 5 * time.Second,
		Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: tg.url, SecretKey: tg.secret,
		Events: Events{Statuses: []string{webhook.StatusPending}}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	eventually(t, "a second retry", func() bool { return len(store.retries()) >= 2 })
	if got := store.retries(); got[0] != 1 || got[1] != 1 {
		t.Errorf("the attempts of the retries: %v, want 1 and then 1 again (the refused attempt is not counted)", got[:2])
	}
	if !strings.Contains(logs.String(), "another owner took the connection's events over") {
		t.Errorf("the refused outcome is not logged:\n%s", logs.String())
	}
}
