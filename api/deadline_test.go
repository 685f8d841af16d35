package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestServerDeadlineIsNoFault sends, over loopback, calculations whose
// deadline the host running the API set and which passed before the
// answer was ready (here before it began: a deadline in the past), to
// each calculation route: the engine stops with the context's error,
// which is the server's time limit, neither a fault of its code nor the
// client's doing. Each is answered 503 with the code deadline_exceeded
// and no Retry-After, logged at WARN with the error, not as a fault,
// and counted under 503. Such a request used to be answered 500 and
// logged as a failed request (ERROR).
func TestServerDeadlineIsNoFault(t *testing.T) {
	h := newHarness(t)
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithDeadline(r.Context(), time.Now().Add(-time.Second))
		defer cancel()
		h.api.Handler().ServeHTTP(w, r.WithContext(ctx))
	}))
	t.Cleanup(host.Close)
	bodies := map[string][]byte{
		"/api/v2/supplies":    mixedBody(t, "sale-us-ca-los-angeles-quotation", 50, nil),
		"/api/v2/procurement": mixedBody(t, "purchase-us-invoice-verification", 50, nil),
		"/api/v2/owner":       mixedBody(t, "owner-us-asset-movement", 50, map[string]any{"postToJournal": false}),
	}
	for path, body := range bodies {
		req, err := http.NewRequest(http.MethodPost, host.URL+path, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Request-Id", "deadline"+strings.ReplaceAll(path, "/", "-"))
		resp, err := host.Client().Do(req)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var answer ErrorBody
		if err := json.Unmarshal(raw, &answer); err != nil || resp.StatusCode != http.StatusServiceUnavailable ||
			len(answer.Errors) != 1 || answer.Errors[0].Code != "deadline_exceeded" || !strings.Contains(answer.Errors[0].Message, "time limit") {
			t.Errorf("%s past the server's deadline: %d %s; want 503 deadline_exceeded", path, resp.StatusCode, raw)
		}
		if ra := resp.Header.Get("Retry-After"); ra != "" {
			t.Errorf("%s past the server's deadline: Retry-After %q, want none", path, ra)
		}
		line := logLine(t, h.logs, "deadline"+strings.ReplaceAll(path, "/", "-"))
		if line == nil || line["level"] != "WARN" || line["msg"] != "request deadline exceeded" || line["status"] != float64(503) ||
			!strings.Contains(fmt.Sprint(line["error"]), "deadline exceeded") {
			t.Errorf("%s past the server's deadline was logged as %v", path, line)
		}
	}
	if logs := h.logs.String(); strings.Contains(logs, `"level":"ERROR"`) || strings.Contains(logs, `"status":500`) {
		t.Errorf("a calculation past the server's deadline was logged as a fault:\n%s", logs)
	}
	// The OpenAPI document lists the answer on each calculation route.
	b, err := h.api.document()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/supplies", "/procurement", "/owner"} {
		var op struct {
			Responses map[string]json.RawMessage `json:"responses"`
		}
		if err := json.Unmarshal(doc.Paths[path]["post"], &op); err != nil {
			t.Fatalf("POST %s in the OpenAPI document: %v", path, err)
		}
		if _, ok := op.Responses["503"]; !ok {
			t.Errorf("the OpenAPI document lists no 503 on POST %s", path)
		}
	}
	metrics := string(h.do("GET", "/metrics", nil).body)
	for path := range bodies {
		if want := `route="POST ` + path + `",status="503"} 1`; !strings.Contains(metrics, want) {
			t.Errorf("the metrics lack %s:\n%s", want, metrics)
		}
	}
}
