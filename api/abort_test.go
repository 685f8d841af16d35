package api

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestAbortedAnswerCountedAndLogged: a handler that ends its answer
// without ending it well (panic(http.ErrAbortHandler), as the console's
// download of an export that broke off does) is counted, logged and no
// longer in flight, as every other request. The middleware used to
// hand the panic back to net/http before that: the in-flight gauge kept
// the request for ever and neither the count nor the log had it.
func TestAbortedAnswerCountedAndLogged(t *testing.T) {
	h := newHarness(t, WithUndocumentedHandler("GET /aborted", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, "a part")
		_ = http.NewResponseController(w).Flush()
		panic(http.ErrAbortHandler)
	})))
	req, err := http.NewRequest("GET", h.srv.URL+"/aborted", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Request-Id", "aborted-1")
	resp, err := h.srv.Client().Do(req)
	if err == nil {
		_, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	if err == nil {
		t.Fatal("the aborted answer ended well")
	}
	metrics := string(h.do("GET", "/metrics", nil).body)
	// The scrape itself is the one request in flight.
	for _, want := range []string{"levy_http_requests_in_flight 1\n", `levy_http_requests_total{route="GET /aborted",status="200"} 1`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("the metrics lack %q:\n%s", strings.TrimSpace(want), metrics)
		}
	}
	if line := logLine(t, h.logs, "aborted-1"); line == nil || line["route"] != "GET /aborted" {
		t.Errorf("the aborted request's log line: %v", line)
	}
}
