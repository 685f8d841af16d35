package api_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/engine"
)

// servedDocument fetches the OpenAPI document that s serves and returns
// its operations as patterns, "POST /api/v2/supplies" (an operation of the
// API under each base path) or "GET /healthz" (a path from the root).
func servedDocument(t *testing.T, s *badServer) map[string]bool {
	t.Helper()
	x := s.send(t, "GET", "/api/v2/openapi.json", "", "Authorization", "")
	if x.status != http.StatusOK {
		t.Fatalf("the document: %d %s", x.status, clipped(x.body))
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(x.body, &doc); err != nil {
		t.Fatal(err)
	}
	ops := map[string]bool{}
	for path, item := range doc.Paths {
		_, root := item["servers"]
		for method := range item {
			if method == "servers" || method == "parameters" {
				continue
			}
			if root {
				ops[strings.ToUpper(method)+" "+path] = true
				continue
			}
			for _, base := range api.Bases {
				ops[strings.ToUpper(method)+" "+base+path] = true
			}
		}
	}
	return ops
}

// TestEveryMountedRouteDocumented walks every route that a whole server
// mounts (the API, the token and admin routes and e-invoicing, as `levy
// serve` mounts them; see newBadServer) and fails when one is missing
// from the OpenAPI document the server serves, or when the document
// describes an operation that the server does not answer.
func TestEveryMountedRouteDocumented(t *testing.T) {
	s := newBadServer(t)
	served := s.srv.Served()
	documented := servedDocument(t, s)
	if len(served) < 40 {
		t.Fatalf("the server mounts only %d routes: %q", len(served), served)
	}
	for _, p := range served {
		if !documented[p] {
			t.Errorf("%s is served but not described in the OpenAPI document: mount it with api.WithOperation", p)
		}
	}
	for p := range documented {
		if !slices.Contains(served, p) {
			t.Errorf("the OpenAPI document describes %s, which the server does not mount", p)
		}
	}
	// Every operation of the document answers as a served route does:
	// neither the 404 of a path that nothing serves nor a 405.
	for p := range documented {
		method, path, _ := strings.Cut(p, " ")
		for _, name := range []string{"{id}", "{transactionid}", "{taxareaid}", "{documentId}", "{webhookId}", "{eventId}", "{kid}"} {
			path = strings.ReplaceAll(path, name, "53011")
		}
		if strings.Contains(path, "{") {
			t.Errorf("%s: fill in its path parameter", p)
			continue
		}
		var header []string
		if strings.HasPrefix(path, "/admin/") {
			header = []string{"Authorization", "Bearer " + s.admin}
		}
		x := s.send(t, method, path, "", header...)
		if x.status == http.StatusMethodNotAllowed || (x.status == http.StatusNotFound && strings.Contains(string(x.body), "there is no")) {
			t.Errorf("%s is documented, but %s %s answered %d: %s", p, method, path, x.status, clipped(x.body))
		}
	}
}

// TestMetricsElsewhere checks the Server that leaves /metrics to another
// listener: its Handler answers 404 there and its document leaves it out,
// while MetricsHandler serves the metrics, and only them. (levy serve
// --metrics-addr is tested over the network in cmd/levy.)
func TestMetricsElsewhere(t *testing.T) {
	e, err := engine.New(context.Background(), engine.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := api.New(e, api.WithMetricsRoute(false), api.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	serve := func(h http.Handler, method, path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(method, path, nil))
		return w
	}
	if w := serve(srv.Handler(), "GET", "/metrics"); w.Code != http.StatusNotFound {
		t.Errorf("/metrics on the API's handler: %d, want 404", w.Code)
	}
	if w := serve(srv.Handler(), "GET", "/api/v2/openapi.json"); w.Code != 200 || strings.Contains(w.Body.String(), `"/metrics"`) ||
		!strings.Contains(w.Body.String(), `"/healthz"`) {
		t.Errorf("the document of a server without /metrics: %d, mentions /metrics: %v", w.Code, strings.Contains(w.Body.String(), `"/metrics"`))
	}
	if w := serve(srv.MetricsHandler(), "GET", "/metrics"); w.Code != 200 || !strings.Contains(w.Body.String(), "levy_http_requests_total") {
		t.Errorf("/metrics on its own handler: %d %.200s", w.Code, w.Body)
	}
	for _, path := range []string{"/healthz", "/api/v2/openapi.json", "/oauth/token"} {
		if w := serve(srv.MetricsHandler(), "GET", path); w.Code != http.StatusNotFound {
			t.Errorf("%s on the metrics handler: %d, want 404", path, w.Code)
		}
	}
	if w := serve(srv.MetricsHandler(), "POST", "/metrics"); w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET" {
		t.Errorf("POST /metrics: %d Allow %q", w.Code, w.Header().Get("Allow"))
	}
}

// TestLooseInvoiceNotStored replays the review's exact body for Low 9: a
// QUOTATION whose second saleMessageType, spelt SaleMessageType, made it
// an INVOICE that the journal stored. It is refused, naming the member,
// and nothing is stored.
func TestLooseInvoiceNotStored(t *testing.T) {
	s := newBadServer(t)
	body := strings.TrimSuffix(set(saleBase, "transactionId", "review-low-9"), "}") + `,"SaleMessageType":"INVOICE"}`
	x := s.send(t, "POST", supplies, body)
	if x.status != http.StatusBadRequest || !strings.Contains(string(x.body), `"target":"SaleMessageType"`) {
		t.Fatalf("the loose body: %d %s", x.status, clipped(x.body))
	}
	x = s.send(t, "GET", exists+"review-low-9", "")
	if x.status != http.StatusOK || !strings.Contains(string(x.body), `"transactionExistsIndicator":"false"`) {
		t.Errorf("the transaction of a refused body: %d %s", x.status, clipped(x.body))
	}
}
