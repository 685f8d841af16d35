package postgres

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// specHook is a webhook target on loopback written from the service
// specification alone, without package webhook: it checks each request's
// method, Content-Type, X-Event-Timestamp (RFC 1123 in GMT), Idempotency-Key
// (a GUID) and X-Signature (Base64Url of HMAC-SHA256 keyed with the
// secret's UTF-8 bytes over the raw body, the target URL as configured,
// the key and the timestamp), refuses every refuse-th request with 503,
// and records the status of each accepted event per document and how
// many times each key was accepted.
type specHook struct {
	t      *testing.T
	url    string
	secret string
	refuse int64

	n     atomic.Int64
	mu    sync.Mutex
	byKey map[string]int
	byDoc map[string][]string
	last  string // the document of the last accepted event
}

// guid matches a GUID in its 8-4-4-4-12 form.
var guid = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

func newSpecHook(t *testing.T, refuse int64) *specHook {
	h := &specHook{t: t, secret: "spec-hook-secret-of-thirty-two-bytes-or-more", refuse: refuse,
		byKey: map[string]int{}, byDoc: map[string][]string{}}
	srv := httptest.NewServer(http.HandlerFunc(h.serve))
	t.Cleanup(srv.Close)
	h.url = srv.URL + "/levy/events"
	return h
}

func (h *specHook) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	key, ts, sig := r.Header.Get("Idempotency-Key"), r.Header.Get("X-Event-Timestamp"), r.Header.Get("X-Signature")
	m := hmac.New(sha256.New, []byte(h.secret))
	m.Write(body)
	m.Write([]byte(h.url))
	m.Write([]byte(key))
	m.Write([]byte(ts))
	at, terr := time.Parse(time.RFC1123, ts)
	zone, offset := at.Zone()
	var ev struct{ DocumentID, Status string }
	switch {
	case err != nil || r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json":
		h.t.Errorf("a request %s %q: %v", r.Method, r.Header.Get("Content-Type"), err)
	case terr != nil || zone != "GMT" || offset != 0 || time.Since(at) > time.Minute || time.Until(at) > time.Minute:
		h.t.Errorf("X-Event-Timestamp %q: %v", ts, terr)
	case !guid.MatchString(key):
		h.t.Errorf("Idempotency-Key %q is not a GUID", key)
	case !hmac.Equal([]byte(sig), []byte(base64.RawURLEncoding.EncodeToString(m.Sum(nil)))):
		h.t.Errorf("the signature of %s does not verify", key)
	case json.Unmarshal(body, &ev) != nil || ev.DocumentID == "":
		h.t.Errorf("the body of %s is not an event: %s", key, body)
	}
	if h.refuse > 0 && h.n.Add(1)%h.refuse == 0 {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	h.mu.Lock()
	h.byKey[key]++
	h.byDoc[ev.DocumentID] = append(h.byDoc[ev.DocumentID], ev.Status)
	h.last = ev.DocumentID
	h.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// lastIs waits until the last accepted event is one of document id's
// with n events, for at most d.
func (h *specHook) lastIs(t *testing.T, id string, n int, d time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(d); ; time.Sleep(2 * time.Millisecond) {
		h.mu.Lock()
		done := h.last == id && len(h.byDoc[id]) >= n
		h.mu.Unlock()
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("document %s has not its %d events", id, n)
		}
	}
}

// einvNodeConfig is the configuration of a node of the tests: quick
// retries, polling for the other nodes' work, and cfg's non-zero fields.
func einvNodeConfig(t *testing.T, cfg einvoice.Config) einvoice.Config {
	cfg.OutboxDir, cfg.AllowPrivateTargets = t.TempDir(), true
	cfg.MinBackoff, cfg.MaxBackoff, cfg.PollInterval = 10*time.Millisecond, 50*time.Millisecond, 20*time.Millisecond
	return cfg
}

// TestEInvoiceDeliveryAcrossNodes: three nodes share one database and
// one connection, whose target (written from the specification) refuses
// one request in five. Documents submitted on every node reach the
// target with their three statuses in order, every event signed as the
// specification says, and each Idempotency-Key accepted once: no two
// nodes send the same event.
func TestEInvoiceDeliveryAcrossNodes(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	h := newSpecHook(t, 5)
	var svcs []*einvoice.Service
	for _, db := range nodes(t, 3) {
		s, err := einvoice.New(context.Background(), db.EInvoice(), einvNodeConfig(t, einvoice.Config{MaxAttempts: 1000}))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		svcs = append(svcs, s)
	}
	if _, err := svcs[0].CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents}); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 24 {
		d, _, err := svcs[i%3].Submit(ctx, doc, "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.DocumentID)
	}
	// The events of the connection go in order: a document submitted
	// once the others are final has the last events, and once they have
	// come every earlier one has.
	for _, id := range ids {
		waitFinalOn(t, svcs[0], ctx, id)
	}
	last, _, err := svcs[1].Submit(ctx, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	h.lastIs(t, last.DocumentID, 3, 60*time.Second)
	h.mu.Lock()
	defer h.mu.Unlock()
	for key, n := range h.byKey {
		if n != 1 {
			t.Errorf("event %s accepted %d times", key, n)
		}
	}
	want := []string{"Pending", "In Progress", "Completed"}
	for _, id := range append(ids, last.DocumentID) {
		if !slices.Equal(h.byDoc[id], want) {
			t.Errorf("document %s: %v, want %v", id, h.byDoc[id], want)
		}
	}
}

// waitFinalOn waits until a document is final, for at most 30 s.
func waitFinalOn(t *testing.T, s *einvoice.Service, ctx context.Context, id string) {
	t.Helper()
	waitStatusOn(t, s, ctx, id, 30*time.Second, einvoice.Final, "")
}

// waitStatusOn waits until reached holds for a document's status, for at
// most within; past it, the test fails with the status and why (what
// staying there means).
func waitStatusOn(t *testing.T, s *einvoice.Service, ctx context.Context, id string, within time.Duration, reached func(string) bool, why string) {
	t.Helper()
	for deadline := time.Now().Add(within); ; time.Sleep(5 * time.Millisecond) {
		d, err := s.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if reached(d.Status) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("document %s is still %s%s", id, d.Status, why)
		}
	}
}

// einvNode starts e-invoicing over store with cfg, closed when the test
// ends (cleanups run last in, first out: a node started after another
// closes before it).
func einvNode(t *testing.T, store einvoice.Store, cfg einvoice.Config) *einvoice.Service {
	t.Helper()
	s, err := einvoice.New(context.Background(), store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// sampleInvoice is the UBL invoice of the e-invoicing tests.
func sampleInvoice(t *testing.T) []byte {
	t.Helper()
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// dyingStore is a node's store that stops answering, as the node's
// process would when it dies: once dead, the calls that work on the
// queues fail, so that the node neither records what it did nor gives
// its leases back.
type dyingStore struct {
	einvoice.Store
	dead *atomic.Bool
}

var errNodeDead = errors.New("the node died")

func (s dyingStore) alive() error {
	if s.dead.Load() {
		return errNodeDead
	}
	return nil
}

func (s dyingStore) NextEvent(ctx context.Context, id string, l einvoice.Lease) (*einvoice.OutboxEvent, error) {
	if err := s.alive(); err != nil {
		return nil, err
	}
	return s.Store.NextEvent(ctx, id, l)
}

func (s dyingStore) ReleaseOutbox(ctx context.Context, id, owner string) error {
	return s.ifAlive(func() error { return s.Store.ReleaseOutbox(ctx, id, owner) })
}

func (s dyingStore) Delivered(ctx context.Context, ev *einvoice.OutboxEvent) error {
	return s.ifAlive(func() error { return s.Store.Delivered(ctx, ev) })
}

func (s dyingStore) Retry(ctx context.Context, ev *einvoice.OutboxEvent, delay time.Duration) error {
	return s.ifAlive(func() error { return s.Store.Retry(ctx, ev, delay) })
}

func (s dyingStore) Bury(ctx context.Context, ev *einvoice.OutboxEvent) error {
	return s.ifAlive(func() error { return s.Store.Bury(ctx, ev) })
}

func (s dyingStore) Claim(ctx context.Context, id string, l einvoice.Lease) error {
	return s.ifAlive(func() error { return s.Store.Claim(ctx, id, l) })
}

func (s dyingStore) Release(ctx context.Context, id, owner string) error {
	return s.ifAlive(func() error { return s.Store.Release(ctx, id, owner) })
}

func (s dyingStore) Move(ctx context.Context, m einvoice.Move) ([]string, error) {
	if err := s.alive(); err != nil {
		return nil, err
	}
	return s.Store.Move(ctx, m)
}

// ifAlive calls fn unless the node is dead.
func (s dyingStore) ifAlive(fn func() error) error {
	if err := s.alive(); err != nil {
		return err
	}
	return fn()
}

// diesAfterSending is the transport of a node that dies while it sends
// its first event: the request reaches the target, which accepts it, and
// the node dies before it reads the answer.
type diesAfterSending struct {
	once sync.Once
	dead *atomic.Bool
}

func (d *diesAfterSending) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	first := false
	d.once.Do(func() { first = true })
	if !first {
		return resp, err
	}
	d.dead.Store(true)
	if resp != nil {
		resp.Body.Close()
	}
	<-r.Context().Done()
	return nil, r.Context().Err()
}

// TestEInvoiceNodeDiesMidDelivery: a node dies while it sends an event
// (the target has accepted it; the node records nothing and keeps its
// leases). Another node on the same database takes the work over once
// the leases lapse: the event is sent again under the same
// Idempotency-Key (delivery is at least once), nothing is lost, and
// every document's statuses arrive in order, those of the dead node's
// document and of one submitted on the living node.
func TestEInvoiceNodeDiesMidDelivery(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	dbs := nodes(t, 2)
	h := newSpecHook(t, 0)
	var dead atomic.Bool
	lease := time.Second
	a, err := einvoice.New(context.Background(), dyingStore{dbs[0].EInvoice(), &dead}, einvNodeConfig(t, einvoice.Config{
		Timeout: 300 * time.Millisecond, LeaseTerm: lease, HTTPClient: &http.Client{Transport: &diesAfterSending{dead: &dead}}}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if _, err := a.CreateConnection(ctx, einvoice.NewConnection{TargetURL: h.url, SecretKey: h.secret, Events: einvoice.AllEvents}); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	first := submitUntilDead(t, ctx, a, &dead, doc)

	b, err := einvoice.New(context.Background(), dbs[1].EInvoice(), einvNodeConfig(t, einvoice.Config{Timeout: 300 * time.Millisecond, LeaseTerm: lease}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	waitFinalOn(t, b, ctx, first.DocumentID)
	second, _, err := b.Submit(ctx, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	h.lastIs(t, second.DocumentID, 3, 30*time.Second)
	h.mu.Lock()
	defer h.mu.Unlock()
	want := []string{"Pending", "In Progress", "Completed"}
	if got := h.byDoc[first.DocumentID]; !slices.Equal(got, append([]string{"Pending"}, want...)) {
		t.Errorf("the dead node's document: %v, want its Pending twice, then the rest once", got)
	}
	if got := h.byDoc[second.DocumentID]; !slices.Equal(got, want) {
		t.Errorf("the living node's document: %v, want %v", got, want)
	}
	twice := 0
	for _, n := range h.byKey {
		if n == 2 {
			twice++
		}
	}
	if len(h.byKey) != 6 || twice != 1 {
		t.Errorf("keys accepted %v: want six, the one in flight when the node died twice", h.byKey)
	}
}

// submitUntilDead submits doc to node a, waits until its store has died
// (dead, which a dyingStore sets once a delivery is sent) and closes a,
// and returns the document as submitted.
func submitUntilDead(t *testing.T, ctx context.Context, a *einvoice.Service, dead *atomic.Bool, doc []byte) *einvoice.Document {
	t.Helper()
	first, _, err := a.Submit(ctx, doc, "")
	if err != nil {
		t.Fatal(err)
	}
	for !dead.Load() {
		time.Sleep(time.Millisecond)
	}
	a.Close()
	return first
}
