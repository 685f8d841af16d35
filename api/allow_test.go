package api

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestAllowListsHead checks the Allow header of a 405 at a path served
// with GET. It listed GET alone, though every GET route answers HEAD (the
// mux serves HEAD with the handler of GET) and RFC 9110 (section 15.5.6)
// wants every method the path supports listed; the console's pages said
// "GET, HEAD" all along. HEAD is listed after GET, on the API's routes,
// the mounted ones and /metrics served apart, and HEAD is answered as
// GET is, without the body; a path served without GET does not list it.
func TestAllowListsHead(t *testing.T) {
	h := newHarness(t, WithOperation(Operation{Method: "POST", Path: "/both", ID: "bothPost", Tag: "Test", Summary: "Takes a note.",
		Answer: Enveloped[string](), Public: true}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteData(w, r, http.StatusOK, "posted")
	})), WithOperation(Operation{Method: "GET", Path: "/both", ID: "bothGet", Tag: "Test", Summary: "Reads the note.",
		Answer: Enveloped[string](), Public: true}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteData(w, r, http.StatusOK, "read")
	})))
	for _, c := range []struct{ method, path, allow string }{
		{"POST", "/api/v2/transaction-exists/allow", "GET, HEAD"},
		{"DELETE", "/vertex-ws/v2/changed-taxareas", "GET, HEAD"},
		{"PUT", "/api/v2/openapi.json", "GET, HEAD"},
		{"POST", "/healthz", "GET, HEAD"},
		{"DELETE", "/metrics", "GET, HEAD"},
		{"PUT", "/both", "POST, GET, HEAD"},
		{"GET", "/api/v2/transactions/allow", "DELETE"},
	} {
		a := h.do(c.method, c.path, nil)
		if a.status != http.StatusMethodNotAllowed || a.header.Get("Allow") != c.allow {
			t.Errorf("%s %s: %d, Allow %q, want 405 and %q", c.method, c.path, a.status, a.header.Get("Allow"), c.allow)
		}
	}
	// HEAD where only POST is served is refused as another method is.
	resp, err := h.srv.Client().Head(h.srv.URL + "/api/v2/supplies")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
		t.Errorf("HEAD /api/v2/supplies: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	s, err := New(testEngine(t), WithMetricsRoute(false), WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	s.MetricsHandler().ServeHTTP(w, httptest.NewRequest("POST", "/metrics", nil))
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /metrics apart: %d, Allow %q", w.Code, w.Header().Get("Allow"))
	}
	// HEAD is answered as GET is, without the body.
	for _, path := range []string{"/api/v2/transaction-exists/allow", "/healthz", "/both"} {
		get := h.do("GET", path, nil)
		resp, err := h.srv.Client().Head(h.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != get.status || len(body) != 0 || resp.Header.Get("Content-Type") != get.header.Get("Content-Type") ||
			resp.Header.Get("Content-Length") == "" {
			t.Errorf("HEAD %s: %d %q, GET %d", path, resp.StatusCode, resp.Header, get.status)
		}
	}
}
