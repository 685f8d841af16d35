package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/internal/httpbody/bodytest"
	"github.com/levytax/levy/internal/jsonbody"
)

// TestBrokenBodiesAreRefusals replays the review's finding Low 5: a
// client that broke its own request body (a chunk size that is not
// hexadecimal, a body shorter than its Content-Length, a chunk extension
// of 100 KB, a body that stalls) was answered 500 internal and logged at
// ERROR, one line per connection. Each is sent over a raw TCP connection
// to a real server with a read timeout, to the API's decode path (a
// calculation), its optional body (a reversal) and a mounted route that
// reads with jsonbody: the answer is 400 (408 for the stalled body), in
// the errors envelope that the OpenAPI document describes, and the log
// has a refusal at INFO and no ERROR line.
func TestBrokenBodiesAreRefusals(t *testing.T) {
	logs, log := bodytest.NewLog()
	s, err := New(testEngine(t), WithLogger(log),
		WithOperation(Operation{Method: "POST", Path: "/mounted", ID: "mounted", Tag: "Test", Summary: "Echoes a JSON object.",
			Body: reflect.TypeFor[map[string]any](), BodyRequired: true, Answer: Enveloped[map[string]any](), Public: true}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var v map[string]any
			if err := jsonbody.Decode(r.Body, &v, 1<<20); err != nil {
				WriteError(w, r, err)
				return
			}
			WriteData(w, r, http.StatusOK, v)
		})))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(s.Handler())
	srv.Config.ReadTimeout = bodytest.ReadTimeout
	srv.Config.IdleTimeout = time.Minute
	srv.Start()
	t.Cleanup(srv.Close)

	for _, route := range []struct{ method, path string }{
		{"POST", "/api/v2/supplies"},
		{"POST", "/vertex-ws/v2/transactions/t-1/reversal"},
		{"POST", "/mounted"},
	} {
		for _, c := range bodytest.Cases() {
			head := route.method + " " + route.path + " HTTP/1.1\nHost: levy\nContent-Type: application/json\nX-Request-Id: broken-body"
			a := bodytest.Send(t, srv.Listener.Addr().String(), head, c)
			if a.Status != c.Status {
				t.Errorf("%s, %s: %d, want %d: %s", route.path, c.Name, a.Status, c.Status, a.Body)
				continue
			}
			var body ErrorBody
			if err := json.Unmarshal(a.Body, &body); err != nil || len(body.Errors) != 1 {
				t.Errorf("%s, %s: the answer is not one error: %v %s", route.path, c.Name, err, a.Body)
				continue
			}
			want := "invalid"
			if c.Status == http.StatusRequestTimeout {
				want = "request_timeout"
			}
			t.Logf("%s, %s: %d %s: %s", route.path, c.Name, a.Status, body.Errors[0].Code, body.Errors[0].Message)
			if got := body.Errors[0]; got.Code != want {
				t.Errorf("%s, %s: code %q, want %q: %s", route.path, c.Name, got.Code, want, got.Message)
			}
			if strings.Contains(string(a.Body), "127.0.0.1") {
				t.Errorf("%s, %s: the answer names the server's address: %s", route.path, c.Name, a.Body)
			}
			req, _ := http.NewRequest(route.method, "http://levy"+route.path, nil)
			checkAnswer(t, s, req, a.Status, a.Header, a.Body)
		}
	}
	for _, rec := range logs.Errors(t) {
		t.Errorf("a broken body was logged as a fault: %v", rec)
	}
	refused := 0
	for _, rec := range logs.Lines(t) {
		if rec["request_id"] == "broken-body" && rec["msg"] == "request refused" && rec["level"] == "INFO" {
			refused++
		}
	}
	if want := 3 * len(bodytest.Cases()); refused != want {
		t.Errorf("%d refusals logged, want %d", refused, want)
	}
}
