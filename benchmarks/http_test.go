package benchmarks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/benchmarks/loadgen"
	"github.com/levytax/levy/engine"
)

// httpQuotation is the two-line QUOTATION of the HTTP benchmark.
const httpQuotation = `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{"customerCode":{"value":"C-1"},"destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL","value":"SKU-1"},"quantity":{"value":2},"unitPrice":19.99},
  {"lineItemId":"2","product":{"productClass":"CLOTHING","value":"SKU-2"},"quantity":{"value":1},"unitPrice":50}]}`

// httpClients is the number of concurrent clients of the HTTP benchmark.
const httpClients = 32

// levyEngine is one engine for the HTTP benchmarks, built once.
var levyEngine = sync.OnceValues(func() (*engine.Engine, error) { return engine.New(context.Background()) })

// levyServer serves Levy's API on loopback.
func levyServer(tb testing.TB) *httptest.Server {
	tb.Helper()
	e, err := levyEngine()
	if err != nil {
		tb.Fatal(err)
	}
	s, err := api.New(e, api.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		tb.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	tb.Cleanup(srv.Close)
	return srv
}

// minimalServer is the peer: a net/http handler that only decodes the
// request's JSON and encodes it back.
func minimalServer(tb testing.TB) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var v any
		if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"data": v})
	}))
	tb.Cleanup(srv.Close)
	return srv
}

// benchmarkHTTP sends b.N two-line quotations from httpClients clients
// and reports the throughput and the 99th percentile of the latency.
func benchmarkHTTP(b *testing.B, srv *httptest.Server) {
	hc := loadgen.NewClient(httpClients)
	cfg := loadgen.Config{Clients: httpClients, Mix: []loadgen.Request{{Method: "POST", URL: srv.URL + "/api/v2/supplies", Body: []byte(httpQuotation)}}}
	warm := cfg
	warm.Requests = 2 * httpClients
	if _, err := loadgen.Run(context.Background(), hc, warm); err != nil {
		b.Fatal(err)
	}
	cfg.Requests = b.N
	b.ResetTimer()
	res, err := loadgen.Run(context.Background(), hc, cfg)
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	if res.Errors > 0 {
		b.Fatalf("%d errors, first: %s", res.Errors, res.FirstError)
	}
	b.ReportMetric(res.RPS(), "req/s")
	b.ReportMetric(float64(res.P99.Microseconds())/1000, "p99-ms")
}

// BenchmarkHTTPQuotation is a two-line QUOTATION over loopback with
// keep-alive and 32 concurrent clients, to Levy's API and, in the same
// run, to the minimal handler (goal: Levy at least 50% of the minimal
// handler's requests per second, p99 under 20 ms).
func BenchmarkHTTPQuotation(b *testing.B) {
	b.Run("levy", func(b *testing.B) { benchmarkHTTP(b, levyServer(b)) })
	b.Run("minimal", func(b *testing.B) { benchmarkHTTP(b, minimalServer(b)) })
}

// cannedServer answers every request with body, read and discarded first,
// as a bare net/http handler would: Levy's answer without its work.
func cannedServer(tb testing.TB, body []byte) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	}))
	tb.Cleanup(srv.Close)
	return srv
}

// BenchmarkHTTPAnswerSize separates the cost of the size of Levy's answer
// from the cost of its work: a bare handler that reads the request and
// answers Levy's own answer to it, byte for byte (8.4 KB, two writes),
// beside the minimal handler (0.9 KB, one write) and Levy, in one run. It
// has no limit; benchmarks/README.md reads it.
func BenchmarkHTTPAnswerSize(b *testing.B) {
	levySrv := levyServer(b)
	resp, err := http.Post(levySrv.URL+"/api/v2/supplies", "application/json", strings.NewReader(httpQuotation))
	if err != nil {
		b.Fatal(err)
	}
	answer, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Fatalf("%d %v", resp.StatusCode, err)
	}
	b.Run("minimal", func(b *testing.B) { benchmarkHTTP(b, minimalServer(b)) })
	b.Run("canned", func(b *testing.B) { benchmarkHTTP(b, cannedServer(b, answer)) })
	b.Run("levy", func(b *testing.B) { benchmarkHTTP(b, levySrv) })
}

// TestHTTPLoad runs a short load against both servers: every answer is a
// success, and Levy's answers are real calculations.
func TestHTTPLoad(t *testing.T) {
	levySrv := levyServer(t)
	resp, err := http.Post(levySrv.URL+"/api/v2/supplies", "application/json", strings.NewReader(httpQuotation))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var out struct {
		Data struct {
			LineItems []struct {
				Taxes []json.RawMessage `json:"taxes"`
			} `json:"lineItems"`
			TotalTax json.Number `json:"totalTax"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &out); err != nil || len(out.Data.LineItems) != 2 || len(out.Data.LineItems[0].Taxes) == 0 || out.Data.TotalTax == "0.00" {
		t.Fatalf("not a calculation: %v %s", err, body)
	}
	for name, srv := range map[string]*httptest.Server{"levy": levySrv, "minimal": minimalServer(t)} {
		res, err := loadgen.Run(context.Background(), loadgen.NewClient(8), loadgen.Config{Clients: 8, Requests: 200,
			Mix: []loadgen.Request{{Method: "POST", URL: srv.URL + "/api/v2/supplies", Body: []byte(httpQuotation)}}})
		if err != nil || res.Errors > 0 || res.Requests != 200 || res.P99 <= 0 || res.P99 > res.Max {
			t.Errorf("%s: %v %+v", name, err, res)
		}
	}
	res, err := loadgen.Run(context.Background(), loadgen.NewClient(2), loadgen.Config{Clients: 2, Duration: 100 * time.Millisecond,
		Mix: []loadgen.Request{{Method: "GET", URL: levySrv.URL + "/api/v2/no-such-path"}}})
	if err != nil || res.Errors == 0 || res.FirstError == "" {
		t.Errorf("a failing mix reported no errors: %v %+v", err, res)
	}
}
