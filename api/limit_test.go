package api

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"reflect"
	"strings"
	"testing"
	"time"
)

// rawExchange sends head (a request line and headers, without the blank
// line) and then body on a fresh connection to h, and returns the status
// line of the first answer and its body. It does not send more of the
// body than given, however much Content-Length announces.
func rawExchange(t *testing.T, h *harness, head, body string) (status string, answer []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", h.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A guard against a server that waits for the rest of the body, which
	// is the fault under test: it is not a measurement.
	if err := conn.SetDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, strings.ReplaceAll(head, "\n", "\r\n")+"\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	tp := textproto.NewReader(r)
	status, err = tp.ReadLine()
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	hdr, err := tp.ReadMIMEHeader()
	if err != nil {
		t.Fatalf("the answer's header: %v", err)
	}
	var n int
	if _, err := fmt.Sscan(hdr.Get("Content-Length"), &n); err == nil {
		answer = make([]byte, n)
		if _, err := io.ReadFull(r, answer); err != nil {
			t.Fatalf("the answer's body: %v", err)
		}
	}
	return status, answer
}

// TestAnnouncedBodyTooLarge replays the review's finding Low 11: a body of
// 20 MB announced by Content-Length was read until the read timeout, and
// a client that asked to be told first (Expect: 100-continue) got a 100
// Continue before the refusal. The body is refused at once on its
// announced length, with 413 naming Content-Length, on every route, at
// the route's own limit when it has one.
func TestAnnouncedBodyTooLarge(t *testing.T) {
	h := newHarness(t, WithBodyLimit(1<<20),
		WithOperation(Operation{Method: "POST", Path: "/small", ID: "small", Tag: "Test", Summary: "Counts the bytes of the body.",
			Body: reflect.TypeFor[string](), Answer: Enveloped[int](), Public: true}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			WriteData(w, r, http.StatusOK, len(b))
		})),
		WithRouteBodyLimit("POST /small", 1024))
	cases := []struct {
		name, head, body string
		status           string
		limit            string
	}{
		{"20 MB to a calculation, 100-continue", "POST /api/v2/supplies HTTP/1.1\nHost: levy\nContent-Type: application/json\nContent-Length: 20000000\nExpect: 100-continue",
			"", "HTTP/1.1 413", "1048576"},
		{"20 MB to a calculation, body under way", "POST /vertex-ws/v2/supplies HTTP/1.1\nHost: levy\nContent-Type: application/json\nContent-Length: 20000000",
			`{"saleMessageType":"QUOTATION","lineItems":[` + strings.Repeat(`{"lineItemId":"x"},`, 50), "HTTP/1.1 413", "1048576"},
		{"20 MB to a GET", "GET /healthz HTTP/1.1\nHost: levy\nContent-Length: 20000000", "", "HTTP/1.1 413", "1048576"},
		{"20 MB to a path that nothing serves", "POST /nowhere HTTP/1.1\nHost: levy\nContent-Length: 20000000\nExpect: 100-continue", "", "HTTP/1.1 413", "1048576"},
		{"over a route's own limit", "POST /small HTTP/1.1\nHost: levy\nContent-Length: 1025\nExpect: 100-continue", "", "HTTP/1.1 413", "1024"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body := rawExchange(t, h, c.head, c.body)
			if !strings.HasPrefix(status, c.status) {
				t.Fatalf("first answer %q, want %s", status, c.status)
			}
			var eb ErrorBody
			if err := json.Unmarshal(body, &eb); err != nil || len(eb.Errors) != 1 || eb.Errors[0].Target != "Content-Length" ||
				eb.Errors[0].Code != "too_large" || !strings.Contains(eb.Errors[0].Message, "limit of "+c.limit+" bytes") {
				t.Errorf("answer %s (%v)", body, err)
			}
		})
	}
	// Within the route's limit, the body is read and a 100 Continue asked
	// for comes first.
	status, body := rawExchange(t, h, "POST /small HTTP/1.1\nHost: levy\nContent-Length: 1024\nExpect: 100-continue", strings.Repeat("x", 1024))
	if !strings.HasPrefix(status, "HTTP/1.1 100") {
		t.Errorf("first answer %q, want 100 Continue: %s", status, body)
	}
}
