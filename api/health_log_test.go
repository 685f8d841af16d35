package api

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestHealthCheckFailureLogsTheRequestID: the log line of a failing
// health check carries the request ID of the /healthz request that found
// it, as the request's own line does, so that an operator finds the
// check's error (which the answer leaves out) from the X-Request-Id of a
// probe's answer. Before, the line had no request ID.
func TestHealthCheckFailureLogsTheRequestID(t *testing.T) {
	var logs bytes.Buffer
	s, err := New(testEngine(t), WithLogger(slog.New(slog.NewJSONHandler(&logs, nil))),
		WithHealthCheck("journal", func(context.Context) error {
			return errors.Join(&levy.Error{Code: levy.EUnavailable, Message: "the journal cannot take writes"}, errors.New("in /srv/levy/journal"))
		}))
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
	req.Header.Set("X-Request-Id", "probe-42")
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("/healthz: %d %s", rec.Code, rec.Body)
	}
	if strings.Contains(rec.Body.String(), "/srv/levy") {
		t.Errorf("/healthz shows the check's whole error: %s", rec.Body)
	}
	var line string
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, `"msg":"health check failed"`) {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("no line of the failed check:\n%s", logs.String())
	}
	for _, want := range []string{`"request_id":"probe-42"`, `"check":"journal"`, "/srv/levy/journal"} {
		if !strings.Contains(line, want) {
			t.Errorf("the check's line %s lacks %s", line, want)
		}
	}
}
