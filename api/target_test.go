package api

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// rawAnswer sends request, whole, on a fresh connection to srv and
// returns the first answer, its body read.
func rawAnswer(t *testing.T, srv *httptest.Server, request string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A guard against a server that never answers: not a measurement.
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, request); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%q: no answer: %v", request, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%q: the answer's body: %v", request, err)
	}
	return resp, body
}

// TestTargetThatIsNotAPath: a request whose target is not a path, such
// as CONNECT levy.example:443 (a client that takes Levy for a proxy) or
// a GET of *, is answered 404 in the API's error shape, as any path that
// names nothing. It was answered by net/http's ServeMux, text/plain
// "404 page not found", outside the error shape, on Handler and on
// MetricsHandler alike.
func TestTargetThatIsNotAPath(t *testing.T) {
	h := newHarness(t)
	alone := httptest.NewServer(h.api.MetricsHandler())
	t.Cleanup(alone.Close)
	for _, srv := range []*httptest.Server{h.srv, alone} {
		for _, request := range []string{
			"CONNECT levy.example:443 HTTP/1.1\r\nHost: levy.example:443\r\nConnection: close\r\n\r\n",
			"GET * HTTP/1.1\r\nHost: levy\r\nConnection: close\r\n\r\n",
		} {
			resp, body := rawAnswer(t, srv, request)
			var eb ErrorBody
			if resp.StatusCode != http.StatusNotFound || resp.Header.Get("Content-Type") != "application/json" ||
				json.Unmarshal(body, &eb) != nil || len(eb.Errors) != 1 || eb.Errors[0].Code != "not_found" {
				t.Errorf("%q: %d %s %q, want 404 in the error shape", strings.Fields(request)[:2], resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
		}
	}
	// OPTIONS * asks about the server as a whole: net/http answers it,
	// 200 without a body.
	resp, body := rawAnswer(t, h.srv, "OPTIONS * HTTP/1.1\r\nHost: levy\r\nConnection: close\r\n\r\n")
	if resp.StatusCode != http.StatusOK || len(body) != 0 {
		t.Errorf("OPTIONS *: %d %q, want 200 without a body", resp.StatusCode, body)
	}
}

// TestLongPathNotSentBack: the 404 of a path that names nothing, and the
// 405 of a method a path is not served with, quote at most 256 bytes of
// the path. A path of 60,000 bytes was sent back whole in the message.
func TestLongPathNotSentBack(t *testing.T) {
	h := newHarness(t)
	long := strings.Repeat("é", 30000)
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/nothing/" + long, http.StatusNotFound},
		{"PATCH", "/api/v2/transactions/" + long, http.StatusMethodNotAllowed},
	} {
		a := h.do(c.method, c.path, nil)
		items := errorsOf(t, a)
		if a.status != c.status || len(a.body) > 1024 || len(items) != 1 || !strings.Contains(items[0].Message, "…") {
			t.Errorf("%s of a path of %d bytes: %d, %d bytes: %.300s", c.method, len(c.path), a.status, len(a.body), a.body)
		}
	}
}

// TestPreflightIsRefusedWithAllow pins what a browser's CORS preflight
// meets: Levy sends no Access-Control-* header (CORS is off), and OPTIONS
// at a path it serves is answered 405 with the methods that path takes,
// never 404 or 500; the browser then does not send the request.
func TestPreflightIsRefusedWithAllow(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ path, allow string }{
		{"/api/v2/supplies", "POST"},
		{"/vertex-ws/v2/transactions/a%2Fb", "DELETE"},
		{"/api/v2/transaction-exists/t1", "GET, HEAD"},
		{"/healthz", "GET, HEAD"},
	} {
		a := h.do("OPTIONS", c.path, nil, "Origin", "https://app.example", "Access-Control-Request-Method", "POST",
			"Access-Control-Request-Headers", "authorization, content-type")
		if a.status != http.StatusMethodNotAllowed || a.header.Get("Allow") != c.allow {
			t.Errorf("OPTIONS %s: %d Allow %q, want 405 Allow %q", c.path, a.status, a.header.Get("Allow"), c.allow)
		}
		for name := range a.header {
			if strings.HasPrefix(name, "Access-Control-") {
				t.Errorf("OPTIONS %s: %s: %s, but CORS is off", c.path, name, a.header.Get(name))
			}
		}
	}
}

// TestOptionalBodyOfAnotherMediaTypeRefusedFirst: a reversal, whose body
// is optional, refuses a body announced in another media type than JSON,
// 415, before reading it: a client that sends Expect: 100-continue is not
// told to send it. It was sent 100 Continue, its body read (up to the
// server's limit) and then refused.
func TestOptionalBodyOfAnotherMediaTypeRefusedFirst(t *testing.T) {
	h := newHarness(t)
	for _, path := range []string{"/api/v2/transactions/t1/reversal", "/api/v2/transactions/t1/rollback"} {
		status, body := rawExchange(t, h, "POST "+path+" HTTP/1.1\nHost: levy\nContent-Type: text/csv\n"+
			"Expect: 100-continue\nContent-Length: 1000000", "")
		if !strings.Contains(status, " 415 ") || !strings.Contains(string(body), "Content-Type") {
			t.Errorf("%s: %s %s, want 415 naming Content-Type", path, status, body)
		}
	}
}
