package api

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestAnswersNotStored checks that the JSON answers of the API tell a
// cache not to keep them. They had no Cache-Control: a shared cache or a
// proxy in front of Levy could keep a tenant's calculation, lookup or
// error (which quotes what the request sent) under heuristics of its
// own, and answer it to another client. Every JSON answer carries
// Cache-Control: no-store, errors too, unless its handler sets one of
// its own.
func TestAnswersNotStored(t *testing.T) {
	h := newHarness(t, echoOperation(),
		WithOperation(Operation{Method: "GET", Path: "/cached", ID: "cached", Tag: "Test", Summary: "Answers what a cache may keep.",
			Answer: Enveloped[string](), Public: true}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "public, max-age=60")
			WriteData(w, r, http.StatusOK, "shared")
		})))
	for _, c := range []struct {
		method, path, body string
		status             int
	}{
		{"POST", "/api/v2/supplies", quotation, http.StatusOK},
		{"POST", "/api/v2/supplies", `{"saleMessageType":"NONE"}`, http.StatusBadRequest},
		{"POST", "/api/v2/taxareaid-lookup", `{"taxAreaId":"2650841047330893"}`, http.StatusOK},
		{"GET", "/api/v2/transaction-exists/nostore", "", http.StatusOK},
		{"GET", "/api/v2/supplies", "", http.StatusMethodNotAllowed},
		{"GET", "/nowhere", "", http.StatusNotFound},
		{"GET", "/healthz", "", http.StatusOK},
		{"POST", "/echo", `{"a":"b"}`, http.StatusOK},
	} {
		var body io.Reader
		if c.body != "" {
			body = strings.NewReader(c.body)
		}
		a := h.do(c.method, c.path, body)
		if a.status != c.status {
			t.Errorf("%s %s: status %d, want %d: %.200s", c.method, c.path, a.status, c.status, a.body)
		}
		if got := a.header.Values("Cache-Control"); len(got) != 1 || got[0] != "no-store" {
			t.Errorf("%s %s (%d): Cache-Control %q, want no-store", c.method, c.path, a.status, got)
		}
	}
	a := h.do("GET", "/cached", nil)
	if got := a.header.Values("Cache-Control"); len(got) != 1 || got[0] != "public, max-age=60" {
		t.Errorf("a handler's own Cache-Control: %q", got)
	}
}
