package einvoice_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// testSecret is the secret of the test connections.
const testSecret = "a-secret-of-well-over-thirty-two-bytes-for-tests"

// validInvoice returns the test invoice, with each pair of old and new
// strings replaced.
func validInvoice(t testing.TB, replace ...string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i+1 < len(replace); i += 2 {
		if !strings.Contains(s, replace[i]) {
			t.Fatalf("the test invoice has no %q", replace[i])
		}
		s = strings.Replace(s, replace[i], replace[i+1], 1)
	}
	return []byte(s)
}

// delivery is one request a target received.
type delivery struct {
	body           []byte
	key, ts, sig   string
	event          webhook.Event
	signatureValid bool
}

// target is a webhook receiver on loopback that records every request,
// checks its signature with its own computation, and answers with
// respond (by default 204).
type target struct {
	t      testing.TB
	srv    *httptest.Server
	url    string
	secret string

	mu      sync.Mutex
	got     []delivery
	respond func(n int, d delivery) (status int, header http.Header)
}

func newTarget(t testing.TB, respond func(n int, d delivery) (int, http.Header)) *target {
	tg := &target{t: t, secret: testSecret, respond: respond}
	tg.srv = httptest.NewServer(http.HandlerFunc(tg.serve))
	t.Cleanup(tg.srv.Close)
	tg.url = tg.srv.URL + "/hooks/levy"
	return tg
}

func (tg *target) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	d := delivery{body: body, key: r.Header.Get("Idempotency-Key"), ts: r.Header.Get("X-Event-Timestamp"), sig: r.Header.Get("X-Signature")}
	// The signature, computed here without package webhook.
	m := hmac.New(sha256.New, []byte(tg.secret))
	m.Write(body)
	m.Write([]byte(tg.url))
	m.Write([]byte(d.key))
	m.Write([]byte(d.ts))
	d.signatureValid = d.sig == base64.RawURLEncoding.EncodeToString(m.Sum(nil)) &&
		r.Header.Get("Content-Type") == "application/json" && r.Method == http.MethodPost
	if err := json.Unmarshal(body, &d.event); err != nil {
		tg.t.Errorf("the event is not JSON: %v: %s", err, body)
	}
	if _, err := time.Parse(webhook.TimestampFormat, d.ts); err != nil {
		tg.t.Errorf("X-Event-Timestamp %q is not RFC 1123 GMT: %v", d.ts, err)
	}
	tg.mu.Lock()
	n := len(tg.got)
	tg.got = append(tg.got, d)
	respond := tg.respond
	tg.mu.Unlock()
	status := http.StatusNoContent
	if respond != nil {
		var h http.Header
		status, h = respond(n, d)
		for k, v := range h {
			w.Header()[k] = v
		}
	}
	w.WriteHeader(status)
}

// deliveries returns what the target received so far.
func (tg *target) deliveries() []delivery {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	return append([]delivery(nil), tg.got...)
}

// accepted returns the events the target accepted (answered 2xx), in
// order, deduplicated by Idempotency-Key as a receiver would.
func (tg *target) statuses(docID string) []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range tg.deliveries() {
		if d.event.DocumentID == docID && !seen[d.key] {
			seen[d.key] = true
			out = append(out, d.event.Status)
		}
	}
	return out
}

// logBuffer is a concurrency-safe buffer for a test's logs.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// service is a Service with the Badger store it runs on; its Close
// closes both.
type service struct {
	*Service
	store *badger.EInvoiceStore
}

// Close closes the service, then its store.
func (s *service) Close() error { return errors.Join(s.Service.Close(), s.store.Close()) }

// newService opens the Badger store of the e-invoicing directory dir and
// a Service over it, delivering to dir/outbox unless cfg gives a
// transmitter.
func newService(dir string, cfg Config) (*service, error) {
	ctx := context.Background()
	store, err := badger.OpenEInvoice(ctx, dir, badger.WithLogger(cfg.Logger))
	if err != nil {
		return nil, err
	}
	if cfg.Transmitter == nil && cfg.OutboxDir == "" {
		cfg.OutboxDir = filepath.Join(dir, "outbox")
	}
	s, err := New(ctx, store, cfg)
	if err != nil {
		_ = store.Close()
		return nil, err
	}
	return &service{Service: s, store: store}, nil
}

// tryOpen opens a service in dir with cfg and closes it again, and
// returns the error of the opening.
func tryOpen(dir string, cfg Config) error {
	s, err := newService(dir, cfg)
	if err != nil {
		return err
	}
	return s.Close()
}

// open opens a service in dir with fast retries, delivering to the
// loopback targets of the tests (AllowPrivateTargets); cfg's non-zero
// fields win.
func open(t testing.TB, dir string, cfg Config) (*service, *logBuffer) {
	t.Helper()
	cfg.AllowPrivateTargets = true
	return openStrict(t, dir, cfg)
}

// openStrict is open without AllowPrivateTargets unless cfg sets it.
func openStrict(t testing.TB, dir string, cfg Config) (*service, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	if cfg.MinBackoff == 0 {
		cfg.MinBackoff = 10 * time.Millisecond
	}
	if cfg.MaxBackoff == 0 {
		cfg.MaxBackoff = 50 * time.Millisecond
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 2 * time.Second
	}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s, err := newService(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, logs
}

// tenantCtx is a context of tenant.
func tenantCtx(tenant string) context.Context {
	return levy.WithTenant(context.Background(), tenant)
}

// connect adds a connection to tg for tenant.
func connect(t testing.TB, s *service, tenant string, tg *target, events Events, meta bool) Connection {
	t.Helper()
	c, err := s.CreateConnection(tenantCtx(tenant), NewConnection{TargetURL: tg.url, SecretKey: tg.secret, Events: events, IncludeMetadata: meta})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// eventually waits up to 10 s for cond.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitStatus waits until a document reaches a final status and returns
// its record.
func waitFinal(t testing.TB, s *service, tenant, id string) *Document {
	t.Helper()
	var d *Document
	eventually(t, "document "+id+" to finish", func() bool {
		var err error
		d, err = s.Get(tenantCtx(tenant), id)
		if err != nil {
			t.Fatal(err)
		}
		return Final(d.Status)
	})
	return d
}

// openStore opens the Badger e-invoicing store of a new directory, closed
// when the test ends, and returns it with the directory.
func openStore(t *testing.T) (*badger.EInvoiceStore, string) {
	t.Helper()
	dir := t.TempDir()
	store, err := badger.OpenEInvoice(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	return store, dir
}
