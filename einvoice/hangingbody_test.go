package einvoice_test

import (
	"bufio"
	"net"
	"net/http"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestTargetHangingBodyDoesNotHoldLane: a target that answered 200 with
// its headers and then never ended its body held its connection's lane
// until the attempt's timeout, for every event, though the event was
// delivered as soon as the status was known. With a timeout of ten
// minutes, the second event must reach the target while the first
// answer's body still hangs.
func TestTargetHangingBodyDoesNotHoldLane(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	keys := make(chan string, 16)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				req, err := http.ReadRequest(bufio.NewReader(conn))
				if err != nil {
					return
				}
				keys <- req.Header.Get(webhook.HeaderIdempotencyKey)
				// Headers that promise a body, a little of it, and then
				// nothing more until the test ends.
				if _, err := conn.Write([]byte("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n{\"ok\":")); err != nil {
					return
				}
				<-release
			}()
		}
	}()
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 1, Timeout: 10 * time.Minute})
	if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: "http://" + ln.Addr().String() + "/levy",
		SecretKey: testSecret, Events: Events{Statuses: []string{webhook.StatusPending}}}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
			t.Fatal(err)
		}
	}
	// The guard below is far shorter than the attempt's timeout: the
	// second event comes only if the first's hanging body was let go.
	seen := map[string]bool{}
	guard := time.After(30 * time.Second)
	for len(seen) < 2 {
		select {
		case k := <-keys:
			seen[k] = true
		case <-guard:
			t.Fatalf("%d of 2 events reached the target while an answer's body hung; the lane waits for the attempt's timeout", len(seen))
		}
	}
	if letters, err := s.DeadLetters(tenantCtx("acme"), "acme"); err != nil || len(letters) != 0 {
		t.Errorf("dead letters %v, %v; want none: each event was answered 200", letters, err)
	}
}
