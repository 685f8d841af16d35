package einvoice_test

import (
	"context"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
)

// TestRetryByStoreClock: a Service whose clock is an hour ahead of the
// store's (a node's clock skewed from the database's) schedules the
// retry of an event the target refused, then stops; another Service
// sharing the store, its clock right, sends the retry. Before, the first
// Service wrote the next attempt by its own clock, and the second waited
// for it by its own: an hour and the backoff, rather than the backoff.
// The store now counts the backoff from its own clock (Store.Retry) and
// tells the wait by the same clock (OutboxEvent.Wait).
func TestRetryByStoreClock(t *testing.T) {
	ctx := context.Background()
	store, dir := openStore(t)
	tg := newTarget(t, func(n int, _ delivery) (int, http.Header) {
		if n == 0 {
			return http.StatusServiceUnavailable, nil
		}
		return http.StatusNoContent, nil
	})
	logs := &logBuffer{}
	ahead := func() time.Time { return time.Now().Add(time.Hour) }
	// A backoff of 2 to 4 s: the first Service closes before it retries.
	a, err := New(ctx, store, Config{OutboxDir: filepath.Join(dir, "outbox"), AllowPrivateTargets: true,
		MinBackoff: 4 * time.Second, MaxBackoff: 4 * time.Second, Timeout: 2 * time.Second, Now: ahead, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	c, err := a.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: tg.url, SecretKey: tg.secret, Events: AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := a.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the retry to be scheduled", func() bool { return strings.Contains(logs.String(), "will retry") })
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if n := len(tg.deliveries()); n != 1 {
		t.Fatalf("the first Service sent %d requests, want 1 (its retry was to come after it closed)", n)
	}

	b, err := New(ctx, store, Config{OutboxDir: filepath.Join(dir, "outbox"), AllowPrivateTargets: true,
		MinBackoff: 4 * time.Second, MaxBackoff: 4 * time.Second, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	eventually(t, "the retry of connection "+c.WebhookID+" by the Service whose clock is right", func() bool {
		return len(tg.deliveries()) >= 2
	})
	if d := tg.deliveries(); d[1].key != d[0].key {
		t.Errorf("the second request is of event %s, want the retry of %s", d[1].key, d[0].key)
	}
}
