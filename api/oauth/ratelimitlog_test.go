package oauth_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestRateLimitRefusalIsOneLogLine: a token request refused for the rate
// limit is logged once, by the token endpoint, with the client ID, the
// reason (rate_limit, with the audience) and the request's ID. Before,
// the rate limit logged a line of its own as well, without the request's
// ID, and the endpoint's line said only invalid_request.
func TestRateLimitRefusalIsOneLogLine(t *testing.T) {
	rec := newRecordingHandler()
	log := slog.New(rec)
	clk := newClock(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	iss := authtest.Issuer(t, auth.Config{Now: clk.now, RateLimit: 1, Logger: log})
	f := &fixture{iss: iss, clk: clk}
	f.srv = serve(t, log, oauth.New(iss, oauth.WithLogger(log), oauth.WithClock(clk.now)))
	cred, secret := authtest.Credential(t, iss, "acme", oauth.DefaultAudience)
	body := form("grant_type", "client_credentials", "client_id", cred.ClientID, "client_secret", secret)
	if r := f.send(t, "POST", "/oauth/token", "application/x-www-form-urlencoded", body); r.status != 200 {
		t.Fatalf("first token: %d %s", r.status, r.raw)
	}
	const id = "rate-limit-log-42"
	before := len(rec.all())
	r := f.send(t, "POST", "/oauth/token", "application/x-www-form-urlencoded", body, "X-Request-Id", id)
	if r.status != 400 || r.body["error"] != "invalid_request" {
		t.Fatalf("second token: %d %s, want 400 invalid_request", r.status, r.raw)
	}
	var lines []map[string]string
	for _, l := range rec.all()[before:] {
		if l["client_id"] != "" || l["msg"] == "auth: rate limit exceeded" {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1 {
		t.Fatalf("the refusal was logged in %d lines naming the client, want 1: %v", len(lines), lines)
	}
	want := map[string]string{"msg": "oauth: token request refused", "level": "INFO", "client_id": cred.ClientID,
		"reason": "rate_limit", "audience": oauth.DefaultAudience, "request_id": id}
	for k, v := range want {
		if lines[0][k] != v {
			t.Errorf("the refusal's line has %s=%q, want %q: %v", k, lines[0][k], v, lines[0])
		}
	}
}

// recordingHandler is a slog.Handler that keeps each record, as its
// message, level and attributes (those of With included) in a map.
type recordingHandler struct {
	mu    *sync.Mutex
	lines *[]map[string]string
	attrs []slog.Attr
}

func newRecordingHandler() *recordingHandler {
	return &recordingHandler{mu: &sync.Mutex{}, lines: &[]map[string]string{}}
}

func (h *recordingHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h *recordingHandler) Handle(_ context.Context, r slog.Record) error {
	l := map[string]string{"msg": r.Message, "level": r.Level.String()}
	for _, a := range h.attrs {
		l[a.Key] = a.Value.String()
	}
	r.Attrs(func(a slog.Attr) bool {
		l[a.Key] = a.Value.String()
		return true
	})
	h.mu.Lock()
	defer h.mu.Unlock()
	*h.lines = append(*h.lines, l)
	return nil
}

func (h *recordingHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &recordingHandler{mu: h.mu, lines: h.lines, attrs: append(append([]slog.Attr(nil), h.attrs...), as...)}
}

func (h *recordingHandler) WithGroup(string) slog.Handler { return h }

// all returns the records kept so far.
func (h *recordingHandler) all() []map[string]string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]map[string]string(nil), *h.lines...)
}
