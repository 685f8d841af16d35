package postgres

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestEInvoiceReplaceSecretAcrossNodes replaces the secret of a
// connection on one node while another node sends its events. The
// receiver was given the new secret first, so it refuses (401) what the
// old one signs, and the document's events wait; once the front node has
// replaced the secret, the sending node, which reads the connection from
// the database before each attempt, signs with the new one: the events
// arrive, in order, with no dead letter. No page of the connections'
// table holds the new secret in clear.
func TestEInvoiceReplaceSecretAcrossNodes(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	dbs := nodes(t, 2)
	raw := make([]byte, einvoice.SecretKeySize)
	_, _ = rand.Read(raw)
	key, err := einvoice.NewSecretKey(raw)
	if err != nil {
		t.Fatal(err)
	}
	keys := &einvoice.SecretKeys{Current: key}
	random := func() string {
		b := make([]byte, 36)
		_, _ = rand.Read(b)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	oldSecret, newSecret := random(), random()

	// The receiver, built with package webhook, knows the new secret only.
	var attempts atomic.Int64
	var mu sync.Mutex
	var got []string
	mux := http.NewServeMux()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		attempts.Add(1)
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	target := srv.URL + "/levy"
	rcv, err := webhook.NewReceiver([]byte(newSecret), target, func(_ context.Context, ev webhook.Event, _ []byte) error {
		mu.Lock()
		got = append(got, ev.Status)
		mu.Unlock()
		return nil
	}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/levy", rcv)

	front, err := einvoice.New(context.Background(), dbs[0].EInvoice(), einvoice.Config{Passive: true, AllowPrivateTargets: true, Secrets: keys})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close() })
	sender, err := einvoice.New(context.Background(), dbs[1].EInvoice(), einvoice.Config{OutboxDir: t.TempDir(), AllowPrivateTargets: true,
		Secrets: keys, PollInterval: 20 * time.Millisecond, MinBackoff: 10 * time.Millisecond, MaxBackoff: 50 * time.Millisecond, MaxAttempts: 1000})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sender.Close() })

	c, err := front.CreateConnection(ctx, einvoice.NewConnection{TargetURL: target, SecretKey: oldSecret, Events: einvoice.AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := front.Submit(ctx, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	wait := func(what string, cond func() bool) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s", what)
			}
		}
	}
	wait("the document to be completed", func() bool {
		rec, err := front.Get(ctx, d.DocumentID)
		return err == nil && rec.Status == webhook.StatusCompleted
	})
	wait("refused attempts", func() bool { return attempts.Load() >= 2 })
	mu.Lock()
	early := len(got)
	mu.Unlock()
	if early != 0 {
		t.Fatalf("the receiver accepted %d events signed with the old secret", early)
	}

	if _, err := front.ReplaceSecret(ctx, c.WebhookID, newSecret); err != nil {
		t.Fatal(err)
	}
	want := []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted}
	wait("the events signed with the new secret", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(got) >= len(want)
	})
	mu.Lock()
	if !slices.Equal(got, want) {
		t.Errorf("the events accepted: %v, want %v", got, want)
	}
	mu.Unlock()
	if dead, err := front.DeadLetters(ctx, "acme"); err != nil || len(dead) != 0 {
		t.Errorf("dead letters: %+v %v", dead, err)
	}
	if pages := einvPages(t, dbs[0]); bytes.Contains(pages, []byte(newSecret)) || bytes.Contains(pages, []byte(oldSecret)) {
		t.Error("a page of the connections' table holds a secret in clear")
	}
}
