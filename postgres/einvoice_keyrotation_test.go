package postgres

import (
	"context"
	"crypto/rand"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// errorSignal is a slog handler that closes its channel at the first
// record of level Error or above that names a webhook_id, among its own
// attributes or those the logger was given.
type errorSignal struct {
	ch    chan struct{}
	once  *sync.Once
	named bool
}

func (h errorSignal) Enabled(context.Context, slog.Level) bool { return true }
func (h errorSignal) WithGroup(string) slog.Handler            { return h }
func (h errorSignal) WithAttrs(as []slog.Attr) slog.Handler {
	for _, a := range as {
		h.named = h.named || a.Key == "webhook_id"
	}
	return h
}

func (h errorSignal) Handle(_ context.Context, r slog.Record) error {
	if r.Level < slog.LevelError {
		return nil
	}
	named := h.named
	r.Attrs(func(a slog.Attr) bool {
		named = named || a.Key == "webhook_id"
		return !named
	})
	if named {
		h.once.Do(func() { close(h.ch) })
	}
	return nil
}

// newSecretKey returns a new random key of the webhook secrets.
func newSecretKey(t *testing.T) *einvoice.SecretKey {
	t.Helper()
	raw := make([]byte, einvoice.SecretKeySize)
	_, _ = rand.Read(raw)
	k, err := einvoice.NewSecretKey(raw)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestEInvoiceSecretsKeyRotationAcrossNodes rotates the secrets key of a
// cluster one node at a time, as docs/einvoicing.md says: node A still
// runs with the old key alone when a node started with the new key (and
// the old one as previous) has sealed every webhook secret again under
// the new key. A, which cannot open the secret any more, takes the
// connection's lease first. It must give the connection up to a node
// that can sign its events rather than hold its lease, renewed before
// each attempt it cannot make, for as long as it runs: the events of a
// document submitted on A arrive, once each and in order, through the
// node with the new key.
func TestEInvoiceSecretsKeyRotationAcrossNodes(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	dbs := nodes(t, 3)
	oldKey, newKey := newSecretKey(t), newSecretKey(t)
	h := newSpecHook(t, 0)

	failed := make(chan struct{})
	a := einvNode(t, dbs[0].EInvoice(), einvNodeConfig(t, einvoice.Config{Node: "a", Secrets: &einvoice.SecretKeys{Current: oldKey},
		Timeout: time.Second, LeaseTerm: 3 * time.Second, MaxAttempts: 1000, Logger: slog.New(errorSignal{ch: failed, once: new(sync.Once)})}))
	c, err := a.CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents})
	if err != nil {
		t.Fatal(err)
	}

	// The first node of the new key starts (here an operator's passive
	// one): it seals the secret again, under the new key.
	rotated := &einvoice.SecretKeys{Current: newKey, Previous: []*einvoice.SecretKey{oldKey}}
	einvNode(t, dbs[1].EInvoice(), einvoice.Config{Passive: true, AllowPrivateTargets: true, Secrets: rotated})

	d, _, err := a.Submit(ctx, sampleInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-failed:
	case <-time.After(20 * time.Second):
		t.Fatal("node A never tried the connection it cannot sign for")
	}

	// A node that has the new key joins, to send the events.
	einvNode(t, dbs[2].EInvoice(), einvNodeConfig(t, einvoice.Config{Node: "b", Secrets: rotated,
		Timeout: time.Second, LeaseTerm: 3 * time.Second, MaxAttempts: 1000}))
	deadline := time.Now().Add(15 * time.Second)
	want := []string{"Pending", "In Progress", "Completed"}
	for {
		h.mu.Lock()
		got := slices.Clone(h.byDoc[d.DocumentID])
		h.mu.Unlock()
		if len(got) >= len(want) {
			if !slices.Equal(got, want) {
				t.Fatalf("events of %s: %v, want %v", d.DocumentID, got, want)
			}
			break
		}
		if time.Now().After(deadline) {
			var owner string
			_ = dbs[0].pool.QueryRow(context.Background(), `SELECT owner FROM einvoice_outbox_leases WHERE webhook_id = $1`, c.WebhookID).Scan(&owner)
			t.Fatalf("after 15 s (five lease terms) the target has %v of %s; the connection's lease is held by %q", got, d.DocumentID, owner)
		}
		time.Sleep(5 * time.Millisecond)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for key, n := range h.byKey {
		if n != 1 {
			t.Errorf("event %s accepted %d times", key, n)
		}
	}
}
