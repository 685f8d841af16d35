package cli

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// get answers a GET without a token: its status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	var b []byte
	if err == nil {
		b, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// TestServeMetricsAddr checks the half of the review's finding Low 8 that
// is about /metrics, which needs no token: by default it is served beside
// the API (and described in the OpenAPI document); with --metrics-addr it
// is served only at that address, and the API's address answers 404.
func TestServeMetricsAddr(t *testing.T) {
	base, stop, _, _ := startServe(t, t.TempDir(), serveConfig{})
	if code, body := get(t, base+"/metrics"); code != 200 || !strings.Contains(body, "levy_http_requests_total") {
		t.Errorf("/metrics without a token, by default: %d %.100s", code, body)
	}
	if _, doc := get(t, base+"/api/v2/openapi.json"); !strings.Contains(doc, `"/metrics"`) {
		t.Error("the OpenAPI document does not describe /metrics")
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	metricsAt := make(chan string, 1)
	base, stop, _, _ = startServe(t, t.TempDir(), serveConfig{metricsListening: func(a string) { metricsAt <- a }},
		"--metrics-addr", "127.0.0.1:0")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	metrics := "http://" + <-metricsAt
	if code, _ := get(t, base+"/metrics"); code != http.StatusNotFound {
		t.Errorf("/metrics at --addr with --metrics-addr: %d, want 404", code)
	}
	if _, doc := get(t, base+"/api/v2/openapi.json"); strings.Contains(doc, `"/metrics"`) {
		t.Error("the OpenAPI document describes /metrics, which --addr does not serve")
	}
	if code, body := get(t, metrics+"/metrics"); code != 200 || !strings.Contains(body, `levy_http_requests_total{route="GET /healthz",status="200"}`) {
		t.Errorf("/metrics at --metrics-addr: %d %.200s", code, body)
	}
	for _, path := range []string{"/healthz", "/api/v2/openapi.json", "/oauth/token"} {
		if code, _ := get(t, metrics+path); code != http.StatusNotFound {
			t.Errorf("%s at --metrics-addr: %d, want 404", path, code)
		}
	}
}
