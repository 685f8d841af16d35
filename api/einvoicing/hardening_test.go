package einvoicing

import (
	"bufio"
	"bytes"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/ubl"
)

// waitDocument polls a document until it is in a final status.
func (h *harness) waitDocument(t *testing.T, who, id string) einvoice.Document {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		d := data[einvoice.Document](t, h.do("GET", "/einvoicing/v1/documents/"+id, who, nil))
		if einvoice.Final(d.Status) {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("document %s is still %s", id, d.Status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// emptyElements is a document of exactly size bytes: an Invoice root
// holding <a/> elements only, the worst case per byte for the parser.
func emptyElements(size int) []byte {
	head := `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">`
	tail := `</Invoice>`
	n := size - len(head) - len(tail)
	return []byte(head + strings.Repeat("<a/>", n/4) + strings.Repeat(" ", n%4) + tail)
}

// TestDocumentLimit sends the review's document, 8 MiB of <a/>: within
// the API's body limit, it is over the documents' own (4 MiB by
// default) and refused with 413. One at the limit is read only up to
// ubl.MaxElements elements, and goes to Processing Issue.
func TestDocumentLimit(t *testing.T) {
	h := newStrictHarness(t, einvoice.Config{})
	if einvoice.DefaultMaxDocumentBytes >= api.DefaultBodyLimit {
		t.Fatalf("the document limit %d is not below the body limit %d", einvoice.DefaultMaxDocumentBytes, api.DefaultBodyLimit)
	}
	a := h.do("POST", "/einvoicing/v1/documents", "acme", emptyElements(8<<20), "Content-Type", "application/xml")
	if a.status != http.StatusRequestEntityTooLarge || target(t, a) != "body" {
		t.Fatalf("8 MiB: %d %s", a.status, a.body)
	}
	a = h.do("POST", "/einvoicing/v1/documents", "acme", emptyElements(einvoice.DefaultMaxDocumentBytes), "Content-Type", "application/xml")
	if a.status != http.StatusAccepted {
		t.Fatalf("at the limit: %d %s", a.status, a.body)
	}
	d := h.waitDocument(t, "acme", data[einvoice.Document](t, a).DocumentID)
	if d.Status != "Processing Issue" || len(d.ErrorDetail.Errors) != 1 || !strings.Contains(d.ErrorDetail.Errors[0].Message, "more than") ||
		ubl.MaxElements >= einvoice.DefaultMaxDocumentBytes/4 {
		t.Fatalf("at the limit: %+v", d.ErrorDetail)
	}
}

// TestAnnouncedLengthRefusedAtOnce announces a body over the document
// limit and sends none of it, with and without Expect: 100-continue: the
// answer is 413 at once, with no 100 Continue before it.
func TestAnnouncedLengthRefusedAtOnce(t *testing.T) {
	h := newStrictHarness(t, einvoice.Config{})
	for _, expect := range []string{"", "Expect: 100-continue\r\n"} {
		conn, err := net.Dial("tcp", strings.TrimPrefix(h.url, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
		req := "POST /einvoicing/v1/documents HTTP/1.1\r\nHost: levy\r\nAuthorization: Bearer " + h.tokens["acme"] +
			"\r\nContent-Type: application/xml\r\nContent-Length: 20000000\r\n" + expect + "\r\n"
		if _, err := conn.Write([]byte(req)); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%q: no answer before the body: %v", expect, err)
		}
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("%q: %s", expect, resp.Status)
		}
		conn.Close()
	}
}

// TestDeliveryReferenceIsRelative: a tenant reading its delivered
// document sees the file's path in the outbox, not the server's.
func TestDeliveryReferenceIsRelative(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml")
	d := h.waitDocument(t, "acme", data[einvoice.Document](t, a).DocumentID)
	if d.Status != "Completed" || d.Delivery.Reference != "0088_5790000435975/"+d.DocumentID+".xml" {
		t.Fatalf("delivery %+v", d.Delivery)
	}
	if a := h.do("GET", "/einvoicing/v1/documents/"+d.DocumentID, "acme", nil); bytes.Contains(a.body, []byte(os.TempDir())) {
		t.Errorf("the record shows a server path: %s", a.body)
	}
}

// TestPrivateTargetsRefused sends the webhook targets of the review to a
// server that does not allow private targets (the default), and those
// of its finding Low 10: https://0/hook was accepted, and so were the
// other hosts that the C library's resolver reads as a loopback or
// unspecified address (127.1, 0x7f.1, 017700000001, 2130706433, trailing
// dots), localhost with a trailing dot, and IPv6 forms that embed or
// scope such an address. Each is refused 400 naming targetUrl; a public
// name, with or without its trailing dot, is still taken.
func TestPrivateTargetsRefused(t *testing.T) {
	h := newStrictHarness(t, einvoice.Config{})
	for _, u := range []string{"https://169.254.169.254/latest/meta-data/", "https://10.0.0.1/", "https://0.0.0.0/", "https://127.0.0.1:8443/",
		"https://hooks.example.com:0/", "https://hooks.example.com:99999/",
		"https://0/hook", "https://0./hook", "https://0.0.0.0./hook", "https://[::]/hook", "https://[0:0:0:0:0:0:0:0]/hook",
		"https://0x7f.1/hook", "https://127.1/hook", "https://017700000001/hook", "https://2130706433/hook", "https://0x7f000001/hook",
		"https://0177.0.0.1/hook", "https://127.0.0.1./hook", "https://127.0.0.1../hook", "https://10.1/hook", "https://0xa9.0xfe.0xa9.0xfe/hook",
		"https://[::ffff:127.0.0.1]/hook", "https://[::ffff:7f00:1]/hook", "https://[::ffff:0.0.0.0]/hook", "https://[::127.0.0.1]/hook",
		"https://[fe80::1%25eth0]/hook", "https://[64:ff9b::7f00:1]/hook", "https://[2002:7f00:1::]/hook",
		"https://localhost./hook", "https://LOCALHOST/hook", "https://localhost../hook", "https://hooks.localhost./hook",
		"https://1.2.3.4.5/hook"} {
		conn := `{"targetUrl":"` + u + `","secretKey":"` + secret + `","events":"all"}`
		if a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(conn), "Content-Type", "application/json"); a.status != 400 || target(t, a) != "targetUrl" {
			t.Errorf("%s: %d %s", u, a.status, a.body)
		}
	}
	for _, u := range []string{"https://hooks.example.com/hook", "https://hooks.example.com./hook"} {
		conn := `{"targetUrl":"` + u + `","secretKey":"` + secret + `","events":"all"}`
		if a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(conn), "Content-Type", "application/json"); a.status != 201 {
			t.Errorf("%s: %d %s", u, a.status, a.body)
		}
	}
}

// TestDeadLetterViewRedacted: the admin view of a dead letter whose
// target could not be reached names the target's scheme and host, not
// the token in its path and query.
func TestDeadLetterViewRedacted(t *testing.T) {
	h := newHarness(t, einvoice.Config{MaxAttempts: 1})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	conn := `{"targetUrl":"http://` + addr + `/in/PATH-TOKEN?key=QUERY-TOKEN","secretKey":"` + secret + `","events":"all"}`
	if a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(conn), "Content-Type", "application/json"); a.status != 201 {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml")
	deadline := time.Now().Add(10 * time.Second)
	for {
		a := h.do("GET", "/admin/v1/einvoicing/dead-letters", "admin", nil)
		if dead := data[[]einvoice.DeadLetter](t, a); len(dead) > 0 {
			if bytes.Contains(a.body, []byte("TOKEN")) || !strings.Contains(dead[0].LastError, "http://"+addr) {
				t.Fatalf("dead letters: %s", a.body)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no dead letter")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
