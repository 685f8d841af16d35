package einvoicing

import (
	"bufio"
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
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
		_, err = io.WriteString(conn, "POST "+path+" HTTP/1.1\r\nHost: levy\r\nAuthorization: Bearer "+h.tokens["acme"]+
			"\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 1048576\r\n\r\n")
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		_ = conn.Close()
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
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
		_, err = io.WriteString(conn, "POST "+path+" HTTP/1.1\r\nHost: levy\r\nAuthorization: Bearer "+h.tokens["acme"]+
			"\r\nContent-Type: text/csv\r\nExpect: 100-continue\r\nContent-Length: 12\r\n\r\n")
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		_ = conn.Close()
		if resp.StatusCode != http.StatusUnsupportedMediaType || !strings.Contains(string(body), "Content-Type") {
			t.Errorf("%s: %d %s, want 415 naming Content-Type before the body is sent", path, resp.StatusCode, body)
		}
	}
}
