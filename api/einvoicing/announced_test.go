package einvoicing

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
)

// TestBodyAnnouncedOverItsRouteLimit: the routes that read a JSON body of
// at most 16 KiB (a webhook connection, its new secret, the options of a
// rendering or a submission) refuse a body whose Content-Length announces
// more, 413 naming the limit, before any of it is read: a client that
// sends Expect: 100-continue is not told to send it. They sent 100
// Continue and waited for the whole body (the server's limit, 8 MiB in
// levy serve), then refused it.
func TestBodyAnnouncedOverItsRouteLimit(t *testing.T) {
	j, _ := journaledEngine(t)
	h := newStrictHarness(t, einvoice.Config{AllowPrivateTargets: true}, WithJournal(j))
	addr := strings.TrimPrefix(h.url, "http://")
	for _, path := range []string{
		"/einvoicing/v1/webhooks",
		"/einvoicing/v1/webhooks/0f0e0d0c-0b0a-4908-8706-050403020100/secret",
		"/einvoicing/v1/transactions/INV-1/render",
		"/einvoicing/v1/transactions/INV-1/submit",
	} {
		resp, body := announce(t, addr, path, h.tokens["acme"], "application/json", 1048576)
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), "16384") {
			t.Errorf("%s: %d %s, want 413 naming the limit of 16384 bytes", path, resp.StatusCode, body)
		}
	}
}

// TestRenderOptionsOfAnotherMediaTypeRefusedFirst: the options of a
// rendering or submission announced in another media type than JSON are
// refused, 415 naming Content-Type, before any of them is read: a client
// that sends Expect: 100-continue is not told to send them. It was sent
// 100 Continue, the body read (up to 16 KiB) and then refused.
func TestRenderOptionsOfAnotherMediaTypeRefusedFirst(t *testing.T) {
	j, _ := journaledEngine(t)
	h := newStrictHarness(t, einvoice.Config{AllowPrivateTargets: true}, WithJournal(j))
	addr := strings.TrimPrefix(h.url, "http://")
	for _, path := range []string{"/einvoicing/v1/transactions/INV-1/render", "/einvoicing/v1/transactions/INV-1/submit"} {
		resp, body := announce(t, addr, path, h.tokens["acme"], "text/csv", 12)
		if resp.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(string(body), "Content-Type") {
			t.Errorf("%s: %d %s, want 415 naming Content-Type before the body is sent", path, resp.StatusCode, body)
		}
	}
}

// announce sends, on a connection of its own, the headers alone of a POST
// to path whose body of length bytes in contentType is announced with
// Expect: 100-continue, and returns the first answer and its body: a
// route that refuses the body before reading it answers at once, one
// that would read it answers 100 Continue.
func announce(t *testing.T, addr, path, token, contentType string, length int) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	_, err = fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: levy\r\nAuthorization: Bearer %s\r\nContent-Type: %s\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n",
		path, token, contentType, length)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}
