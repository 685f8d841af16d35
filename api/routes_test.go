package api_test

import (
	"bytes"
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
// mounts (the API, the token and admin routes, e-invoicing, the
// journal's admin routes and the web console, as `levy serve` mounts
// them; see newBadServer) and fails when one is missing from the OpenAPI
// document the server serves, unless it is one of the console's, which
// are mounted undocumented on purpose (api.WithUndocumentedHandler), or
// when the document describes an operation that the server does not
// answer.
func TestEveryMountedRouteDocumented(t *testing.T) {
	s := newBadServer(t)
	served := s.srv.Served()
	undocumented := s.srv.Undocumented()
	documented := servedDocument(t, s)
	if len(served) < 40 {
		t.Fatalf("the server mounts only %d routes: %q", len(served), served)
	}
	for _, p := range undocumented {
		if _, path, _ := strings.Cut(p, " "); !strings.HasPrefix(path, "/console") && !strings.HasPrefix(p, "/console") {
			t.Errorf("%s is mounted undocumented, but it is not one of the console's: mount it with api.WithOperation", p)
		}
	}
	if len(undocumented) == 0 {
		t.Error("the console's routes are not mounted: the test does not build the server as levy serve does")
	}
	for _, p := range served {
		if !documented[p] && !slices.Contains(undocumented, p) {
			t.Errorf("%s is served but not described in the OpenAPI document: mount it with api.WithOperation", p)
		}
		if documented[p] && slices.Contains(undocumented, p) {
			t.Errorf("%s is mounted undocumented, but the document describes it", p)
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
		for _, name := range []string{"{id}", "{transactionid}", "{taxareaid}", "{documentId}", "{webhookId}", "{eventId}", "{kid}",
			"{code}", "{number}", "{jurisdiction}", "{codeType}", "{sha256}", "{kind}", "{transactionId}", "{areaId}", "{name}"} {
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
	if w := serve(srv.MetricsHandler(), "POST", "/metrics"); w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /metrics: %d Allow %q", w.Code, w.Header().Get("Allow"))
	}
}

// TestWholeServerDocument checks the document of a whole server, the
// operations that the adapters describe with their own types: each
// mounted operation's statuses, media types, error schemas and security,
// and every schema against what encoding/json writes for its type. Two
// servers built alike serve the same bytes.
func TestWholeServerDocument(t *testing.T) {
	s := newBadServer(t)
	s.srv.CheckMounted(t)
	s.srv.CheckSchemas(t)
	first := s.send(t, "GET", "/api/v2/openapi.json", "", "Authorization", "")
	again := newBadServer(t).send(t, "GET", "/vertex-ws/v2/openapi.json", "", "Authorization", "")
	if first.status != http.StatusOK || !bytes.Equal(first.body, again.body) {
		t.Errorf("two whole servers serve different documents: %d, %d bytes and %d", first.status, len(first.body), len(again.body))
	}
	var doc struct {
		Paths      map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(first.body, &doc); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/healthz", "/metrics", "/oauth/token", "/admin/v1/clients", "/admin/v1/keys/{kid}",
		"/einvoicing/v1/documents", "/admin/v1/einvoicing/dead-letters", "/admin/v1/journal/export"} {
		if doc.Paths[path] == nil {
			t.Errorf("the document has no %s", path)
		}
	}
	for path := range doc.Paths {
		if strings.HasPrefix(path, "/console") {
			t.Errorf("the document describes the console's %s", path)
		}
	}
	// The schemas that the adapters name themselves (api.SchemaNamer).
	for _, name := range []string{"TokenRequest", "Token", "OAuthError", "NewClient", "ClientSecret", "RotatedKey", "RetiredKey", "Health"} {
		if doc.Components.Schemas[name] == nil {
			t.Errorf("the document has no schema %s", name)
		}
	}
}

// TestMountNeedsDescription checks that a route cannot be mounted with
// api.WithOperation without describing it: New refuses an operation
// without its ID, tag or summary, with a path parameter it does not
// declare, or named as another operation is.
func TestMountNeedsDescription(t *testing.T) {
	e, err := engine.New(context.Background(), engine.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	good := api.Operation{Method: "GET", Path: "/things/{id}", ID: "getThing", Tag: "Things", Summary: "One thing.",
		Params: []api.Param{{Name: "id", In: "path", Required: true, Format: "identifier"}}}
	if _, err := api.New(e, api.WithOperation(good, h)); err != nil {
		t.Fatalf("a described operation: %v", err)
	}
	for name, c := range map[string]struct {
		edit func(*api.Operation)
		want string
	}{
		"no description":          {func(op *api.Operation) { *op = api.Operation{Method: "GET", Path: "/things"} }, "no ID"},
		"no ID":                   {func(op *api.Operation) { op.ID = "" }, "no ID"},
		"no tag":                  {func(op *api.Operation) { op.Tag = "" }, "no Tag"},
		"no summary":              {func(op *api.Operation) { op.Summary = " " }, "no Summary"},
		"no method":               {func(op *api.Operation) { op.Method = "" }, "method"},
		"a relative path":         {func(op *api.Operation) { op.Path = "things" }, "path"},
		"an undeclared parameter": {func(op *api.Operation) { op.Params = nil }, "does not declare"},
		"an optional path param":  {func(op *api.Operation) { op.Params[0].Required = false }, "must be required"},
		"an unknown format":       {func(op *api.Operation) { op.Params[0].Format = "guid" }, "unknown format"},
		"the ID of an API route":  {func(op *api.Operation) { op.ID = "calculateSale" }, "both named calculateSale"},
	} {
		op := good
		op.Params = slices.Clone(good.Params)
		c.edit(&op)
		_, err := api.New(e, api.WithOperation(op, h))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: New answered %v, want an error about %q", name, err, c.want)
		}
	}
	twice := good
	twice.Path, twice.Params = "/other", nil
	if _, err := api.New(e, api.WithOperation(good, h), api.WithOperation(twice, h)); err == nil || !strings.Contains(err.Error(), "both named getThing") {
		t.Errorf("two operations of one ID: %v", err)
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
