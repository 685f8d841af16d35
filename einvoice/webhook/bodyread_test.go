package webhook

import (
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/levytax/levy/internal/httpbody/bodytest"
)

// TestBrokenBodiesRefused sends the broken bodies of the review's
// finding Low 5 over raw TCP to a Receiver on a server with a read
// timeout: each is refused 400 in the receiver's error form, and the
// body that stalls past the read timeout 408 (it was 400), logged as a
// refusal (WARN), never at ERROR.
func TestBrokenBodiesRefused(t *testing.T) {
	logs, log := bodytest.NewLog()
	var c calls
	rc, err := NewReceiver(testSecret, testURL, c.handle, WithClock(func() time.Time { return testNow }), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(rc)
	srv.Config.ReadTimeout, srv.Config.IdleTimeout = bodytest.ReadTimeout, time.Minute
	srv.Start()
	t.Cleanup(srv.Close)
	for _, bc := range bodytest.Cases() {
		head := "POST /levy/events?connection=7 HTTP/1.1\nHost: erp.example.com\nContent-Type: application/json"
		for k, vs := range signedHeaders(testBody, testKey, testNow) {
			head += "\n" + k + ": " + vs[0]
		}
		a := bodytest.Send(t, srv.Listener.Addr().String(), head, bc)
		var e struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(a.Body, &e); err != nil || e.Error == "" {
			t.Errorf("%s: %d, not an error: %s", bc.Name, a.Status, a.Body)
		}
		t.Logf("%s: %d %s", bc.Name, a.Status, e.Error)
		if a.Status != bc.Status {
			t.Errorf("%s: %d, want %d", bc.Name, a.Status, bc.Status)
		}
	}
	if c.count() != 0 {
		t.Errorf("a broken body was handled as an event")
	}
	for _, rec := range logs.Errors(t) {
		t.Errorf("a broken body was logged as a fault: %v", rec)
	}
}
