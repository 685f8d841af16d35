package postgres

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// rawTarget is a webhook target on loopback that answers every request
// with the status line given, as written: a receiver (or a proxy before
// it) whose reason phrase is not text. It counts the requests.
type rawTarget struct {
	url string
	n   atomic.Int64
}

func newRawTarget(t *testing.T, statusLine string) *rawTarget {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	rt := &rawTarget{url: "http://" + ln.Addr().String() + "/levy/events"}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				r := bufio.NewReader(c)
				req, err := http.ReadRequest(r)
				if err != nil {
					return
				}
				_, _ = req.Body.Read(make([]byte, 64<<10))
				rt.n.Add(1)
				_, _ = c.Write([]byte(statusLine + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
			}()
		}
	}()
	return rt
}

// TestEInvoiceReasonPhraseNotText: a target answers 503 with a reason
// phrase that is not UTF-8 text (bytes 0xff and NUL), as a broken
// receiver or proxy may. PostgreSQL stores no such text, and before,
// every write of the failed attempt (the retry's schedule, then the dead
// letter) failed: the lane sent the event again at once, without
// backoff and without counting the attempt, for as long as the target
// answered so, and the event never reached the dead-letter list. Now
// the attempts are counted, the event is given up after the last, and
// its dead letter names the answer in text.
func TestEInvoiceReasonPhraseNotText(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	rt := newRawTarget(t, "HTTP/1.1 503 Busy \xff\xfe\x00\x1b[31m now")
	db := nodes(t, 1)[0]
	s, err := einvoice.New(context.Background(), db.EInvoice(), einvNodeConfig(t, einvoice.Config{MaxAttempts: 3}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.CreateConnection(ctx, einvoice.NewConnection{TargetURL: rt.url, SecretKey: "a-secret-of-thirty-two-bytes-or-more!",
		Events: einvoice.Events{Statuses: []string{"Pending"}}}); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Submit(ctx, doc, ""); err != nil {
		t.Fatal(err)
	}
	var dead []einvoice.DeadLetter
	for deadline := time.Now().Add(10 * time.Second); len(dead) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the Pending event is no dead letter after 10 s; the target got %d requests (want 3)", rt.n.Load())
		}
		if dead, err = s.DeadLetters(ctx, "acme"); err != nil {
			t.Fatal(err)
		}
	}
	if n := rt.n.Load(); n != 3 {
		t.Errorf("the target got %d requests, want 3 (MaxAttempts)", n)
	}
	dl := dead[0]
	if dl.Attempts != 3 || !utf8.ValidString(dl.LastError) {
		t.Errorf("dead letter: %d attempts, last error %q; want 3 attempts and UTF-8 text", dl.Attempts, dl.LastError)
	}
	for _, r := range dl.LastError {
		if r < 0x20 || r == 0x7f {
			t.Errorf("the last error %q holds the control character %U", dl.LastError, r)
		}
	}
	t.Logf("last error: %s", dl.LastError)
}
