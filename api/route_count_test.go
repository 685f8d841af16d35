package api

import (
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
)

// TestRouteCountedAfterRefusals checks the series a route looks up on its
// first answer (routeMetrics) and the request's log line built only when
// the logger takes it, on the purchase and owner routes: each is refused
// first (415, then 400), then answers 200 twice, once to a Content-Type
// spelt Application/JSON with a charset. Every answer is counted under its
// route and status, every duration observed; the refusals have their
// INFO lines, the 200s their DEBUG lines with every member and no error; the
// client's X-Request-Id is echoed on refusals too, and one of 65
// characters is replaced. A route whose first answers come at once, from
// eight clients (go test -race), counts all eight.
func TestRouteCountedAfterRefusals(t *testing.T) {
	h := newHarness(t)
	bodies := map[string]string{"/api/v2/procurement": "purchase-us-accrual", "/api/v2/owner": "owner-us-asset-movement"}
	for path, golden := range bodies {
		body, err := os.ReadFile("../engine/testdata/golden/" + golden + ".request.json")
		if err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			id, ct, body string
			status       int
		}{
			{"r17-415" + path, "text/plain", string(body), 415},
			{"r17-400" + path, "application/json", "{", 400},
			{"r17-ok" + path, "Application/JSON; charset=utf-8", string(body), 200},
			{"r17-ok2" + path, "application/json", string(body), 200},
		}
		for _, s := range steps {
			a := h.do("POST", path, strings.NewReader(s.body), "Content-Type", s.ct, "X-Request-Id", s.id)
			if a.status != s.status || a.header.Get("X-Request-Id") != s.id {
				t.Fatalf("%s %s: %d, X-Request-Id %q: %.300s", path, s.ct, a.status, a.header.Get("X-Request-Id"), a.body)
			}
		}
		route := "POST " + path
		if line := logLine(t, h.logs, "r17-400"+path); line == nil || line["level"] != "INFO" || line["msg"] != "request refused" ||
			line["route"] != route || line["status"] != float64(400) || line["duration"] == nil || line["tenant"] != levy.DefaultTenant {
			t.Errorf("%s refused: %v", path, line)
		}
		for _, id := range []string{"r17-ok" + path, "r17-ok2" + path} {
			line := logLine(t, h.logs, id)
			if line == nil || line["level"] != "DEBUG" || line["msg"] != "request" || line["method"] != "POST" || line["route"] != route ||
				line["status"] != float64(200) || line["duration"] == nil || line["tenant"] != levy.DefaultTenant {
				t.Errorf("%s: %v", id, line)
			}
			if _, ok := line["error"]; ok {
				t.Errorf("%s: an answered request's line has an error: %v", id, line)
			}
		}
	}
	long := strings.Repeat("x", 65)
	a := h.do("POST", "/api/v2/owner", strings.NewReader("{"), "X-Request-Id", long)
	if got := a.header.Get("X-Request-Id"); !regexp.MustCompile(`^[0-9a-f]{24}$`).MatchString(got) {
		t.Errorf("a client's X-Request-Id of 65 characters gave %q", got)
	}

	// Eight first answers of a route at once.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			req, err := http.NewRequest("POST", h.srv.URL+"/vertex-ws/v2/supplies", strings.NewReader(quotation))
			if err != nil {
				t.Error(err)
				return
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Request-Id", fmt.Sprint("r17-at-once-", i))
			resp, err := h.srv.Client().Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			if resp.StatusCode != 200 || resp.Header.Get("X-Request-Id") != fmt.Sprint("r17-at-once-", i) {
				t.Errorf("at once %d: %d %v", i, resp.StatusCode, resp.Header)
			}
		})
	}
	wg.Wait()
	// The metrics of a request are counted after its answer is written:
	// wait for the last log line of each.
	for i := range 8 {
		if logLine(t, h.logs, fmt.Sprint("r17-at-once-", i)) == nil {
			t.Fatalf("no log line of request %d at once", i)
		}
	}
	metrics := string(h.do("GET", "/metrics", nil).body)
	var want []string
	for path := range bodies {
		refused, observed := "1", "4"
		if path == "/api/v2/owner" {
			refused, observed = "2", "5" // the request with the long ID too
		}
		want = append(want,
			`levy_http_requests_total{route="POST `+path+`",status="415"} 1`,
			`levy_http_requests_total{route="POST `+path+`",status="400"} `+refused,
			`levy_http_requests_total{route="POST `+path+`",status="200"} 2`,
			`levy_http_request_duration_seconds_count{route="POST `+path+`"} `+observed)
	}
	want = append(want, `levy_http_requests_total{route="POST /vertex-ws/v2/supplies",status="200"} 8`,
		`levy_http_request_duration_seconds_count{route="POST /vertex-ws/v2/supplies"} 8`)
	for _, w := range want {
		if !strings.Contains(metrics, w+"\n") {
			t.Errorf("the metrics lack %s", w)
		}
	}
	if t.Failed() {
		t.Logf("metrics:\n%s", metrics)
	}
}
