package einvoicing

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
)

// signedRequest is one request a rotationReceiver received: the event's
// Idempotency-Key and status, which of the secrets its X-Signature
// verifies with, and whether the receiver accepted it.
type signedRequest struct {
	key, status string
	valid       map[string]bool // by secret
	accepted    bool
}

// rotationReceiver is a webhook target on loopback that checks the
// X-Signature of every request against each of its secrets, with its own
// HMAC code (the service specification's "Signature": HMAC-SHA256 keyed
// with the secret's UTF-8 bytes, over the raw body, the target URL as
// configured, the Idempotency-Key and the X-Event-Timestamp, in
// Base64Url). It refuses every request (503) until accept is set, then
// accepts (204) those that verify with the secret named by accept, and
// refuses the others (401).
type rotationReceiver struct {
	url     string
	secrets []string
	accept  atomic.Pointer[string]

	mu  sync.Mutex
	got []signedRequest
}

func newRotationReceiver(t *testing.T, secrets ...string) *rotationReceiver {
	rr := &rotationReceiver{secrets: secrets}
	srv := httptest.NewServer(http.HandlerFunc(rr.serve))
	t.Cleanup(srv.Close)
	rr.url = srv.URL + "/levy-events"
	return rr
}

// specSignature is the X-Signature of an event as the service
// specification defines it, computed here without package webhook.
func specSignature(secret string, body []byte, targetURL, key, ts string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	m.Write([]byte(targetURL))
	m.Write([]byte(key))
	m.Write([]byte(ts))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func (rr *rotationReceiver) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	key, ts := r.Header.Get("Idempotency-Key"), r.Header.Get("X-Event-Timestamp")
	sig := strings.TrimRight(r.Header.Get("X-Signature"), "=")
	var ev struct{ Status string }
	_ = json.Unmarshal(body, &ev)
	req := signedRequest{key: key, status: ev.Status, valid: map[string]bool{}}
	for _, s := range rr.secrets {
		req.valid[s] = hmac.Equal([]byte(sig), []byte(specSignature(s, body, rr.url, key, ts)))
	}
	status := http.StatusServiceUnavailable
	if want := rr.accept.Load(); want != nil {
		status = http.StatusUnauthorized
		if req.valid[*want] {
			status, req.accepted = http.StatusNoContent, true
		}
	}
	rr.mu.Lock()
	rr.got = append(rr.got, req)
	rr.mu.Unlock()
	w.WriteHeader(status)
}

// requests returns what the receiver received so far.
func (rr *rotationReceiver) requests() []signedRequest {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	return append([]signedRequest(nil), rr.got...)
}

// waitFor polls cond until it holds, or fails the test after 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestReplaceWebhookSecret rotates the secret of a connection whose
// events wait, over real HTTP on loopback: the receiver refuses, so the
// events of a document wait in the outbox, signed with the old secret;
// POST /einvoicing/v1/webhooks/{webhookId}/secret replaces it; once the
// receiver accepts, every event of the document arrives, in order, under
// the Idempotency-Key it had before, signed with the new secret, and its
// signature does not verify with the old one. Nothing is lost (no dead
// letter). A reader's token, another tenant's token (which would pick
// the secret that signs acme's events) and bad bodies change nothing.
func TestReplaceWebhookSecret(t *testing.T) {
	const (
		oldSecret    = "the-first-secret-of-acme-0123456789abcdef"
		newSecret    = "the-second-secret-of-acme-fedcba9876543210"
		globexSecret = "globex-would-sign-acme-events-with-this-one"
	)
	h := newHarness(t, einvoice.Config{MaxAttempts: 1000})
	rr := newRotationReceiver(t, oldSecret, newSecret, globexSecret)
	conn := `{"targetUrl":"` + rr.url + `","secretKey":"` + oldSecret + `","events":"all","includeMetadata":true}`
	a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(conn), "Content-Type", "application/json")
	if a.status != http.StatusCreated {
		t.Fatalf("create webhook: %d %s", a.status, a.body)
	}
	created := data[json.RawMessage](t, a)
	c := data[einvoice.Connection](t, a)
	a = h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml")
	if a.status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", a.status, a.body)
	}
	d := data[einvoice.Document](t, a)
	if done := h.waitDocument(t, "acme", d.DocumentID); done.Status != "Completed" {
		t.Fatalf("the document ended %s", done.Status)
	}
	// The document's three events are queued; the first has been tried.
	waitFor(t, "an attempt of the first event", func() bool { return len(rr.requests()) > 0 })

	path := "/einvoicing/v1/webhooks/" + c.WebhookID + "/secret"
	body := func(secret string) []byte { return []byte(`{"secretKey":"` + secret + `"}`) }
	for _, tc := range []struct {
		name, path, who, contentType string
		body                         []byte
		status                       int
		target                       string
	}{
		{"no token", path, "", "application/json", body(newSecret), 401, ""},
		{"a reader's token", path, "acme-console", "application/json", body(newSecret), 403, ""},
		{"another tenant's token", path, "globex", "application/json", body(globexSecret), 404, "webhookId"},
		{"another tenant's token, bad body", path, "globex", "application/json", []byte(`{}`), 404, "webhookId"},
		{"an unknown connection", "/einvoicing/v1/webhooks/6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f/secret", "acme", "application/json", body(newSecret), 404, "webhookId"},
		{"not a webhook ID", "/einvoicing/v1/webhooks/x/secret", "acme", "application/json", body(newSecret), 400, "webhookId"},
		{"no secret", path, "acme", "application/json", []byte(`{}`), 400, "secretKey"},
		{"a short secret", path, "acme", "application/json", body("short"), 400, "secretKey"},
		{"a secret that is not a string", path, "acme", "application/json", []byte(`{"secretKey":7}`), 400, "secretKey"},
		{"a member of the connection", path, "acme", "application/json", []byte(`{"secretKey":"` + newSecret + `","targetUrl":"https://elsewhere.example/x"}`), 400, "targetUrl"},
		{"broken JSON", path, "acme", "application/json", []byte(`{"secretKey":`), 400, ""},
		{"not JSON", path, "acme", "text/plain", body(newSecret), 415, "Content-Type"},
	} {
		a := h.do("POST", tc.path, tc.who, tc.body, "Content-Type", tc.contentType)
		if a.status != tc.status {
			t.Errorf("%s: %d, want %d: %s", tc.name, a.status, tc.status, a.body)
			continue
		}
		if tc.target != "" && !strings.HasPrefix(target(t, a), tc.target) {
			t.Errorf("%s: target %q, want %q: %s", tc.name, target(t, a), tc.target, a.body)
		}
	}
	before := rr.requests()
	for _, r := range before {
		if !r.valid[oldSecret] || r.valid[newSecret] || r.valid[globexSecret] || r.status != "Pending" {
			t.Fatalf("an attempt before the rotation: %+v, want the Pending event signed with the old secret only", r)
		}
	}

	a = h.do("POST", path, "acme", body(newSecret), "Content-Type", "application/json")
	if a.status != http.StatusOK {
		t.Fatalf("replace the secret: %d %s", a.status, a.body)
	}
	if got := data[json.RawMessage](t, a); string(got) != string(created) {
		t.Errorf("the connection after the rotation:\n got %s\nwant %s", got, created)
	}
	if strings.Contains(string(a.body), newSecret) || strings.Contains(string(a.body), oldSecret) {
		t.Errorf("the answer shows a secret: %s", a.body)
	}
	if g := h.do("GET", "/einvoicing/v1/webhooks/"+c.WebhookID, "acme", nil); string(data[json.RawMessage](t, g)) != string(created) {
		t.Errorf("GET after the rotation: %s", g.body)
	}
	// The attempts recorded once the rotation has returned: one attempt
	// signed before it may still have been on its way.
	rotated := len(rr.requests())

	rr.accept.Store(new(newSecret))
	var accepted []signedRequest
	waitFor(t, "the three events", func() bool {
		accepted = accepted[:0]
		for _, r := range rr.requests() {
			if r.accepted {
				accepted = append(accepted, r)
			}
		}
		return len(accepted) >= 3
	})
	var statuses []string
	for _, r := range accepted {
		statuses = append(statuses, r.status)
		if !r.valid[newSecret] || r.valid[oldSecret] {
			t.Errorf("an accepted event: %+v, want a signature of the new secret that the old one does not verify", r)
		}
	}
	if want := []string{"Pending", "In Progress", "Completed"}; strings.Join(statuses, ",") != strings.Join(want, ",") {
		t.Errorf("the events accepted: %v, want %v", statuses, want)
	}
	if accepted[0].key != before[0].key {
		t.Errorf("the waiting event arrived under Idempotency-Key %s, want %s, which its attempts before the rotation had", accepted[0].key, before[0].key)
	}
	oldAfter := 0
	for _, r := range rr.requests()[rotated:] {
		if r.valid[oldSecret] {
			oldAfter++
		}
		if r.valid[globexSecret] {
			t.Errorf("an event signed with the secret globex sent: %+v", r)
		}
	}
	if oldAfter > 1 {
		t.Errorf("%d attempts after the rotation were signed with the old secret; at most the one under way may be", oldAfter)
	}
	if dead := data[[]einvoice.DeadLetter](t, h.do("GET", "/admin/v1/einvoicing/dead-letters?tenant=acme", "admin", nil)); len(dead) != 0 {
		t.Errorf("dead letters: %+v", dead)
	}
}
