package einvoice_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestTargetResponseHeadersBounded: the sender read up to the 10 MB of
// answer headers that Go's transport allows by default, per attempt and
// per connection, so that a tenant's targets could make the server hold
// tens of megabytes at once for nothing. An answer whose headers exceed
// 64 KiB is a failed attempt (and, after the last, a
// dead letter that says why); an answer with headers of a usual size
// (some kilobytes of cookies and tracing) is accepted.
func TestTargetResponseHeadersBounded(t *testing.T) {
	var padded atomic.Bool
	var accepted atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := 8 // 8 KB of headers
		if padded.Load() {
			n = 2 << 10 // 2 MB
		}
		for i := range n {
			w.Header().Set(fmt.Sprintf("X-Pad-%d", i), strings.Repeat("a", 1000))
		}
		if !padded.Load() {
			accepted.Add(1)
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 1})
	if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: srv.URL + "/levy", SecretKey: testSecret,
		Events: Events{Statuses: []string{webhook.StatusPending}}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the event with usual headers accepted", func() bool { return accepted.Load() == 1 })

	padded.Store(true)
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	var letters []DeadLetter
	eventually(t, "the event with 2 MB of headers given up", func() bool {
		letters, err = s.DeadLetters(tenantCtx("acme"), "acme")
		return err == nil && len(letters) == 1
	})
	if l := letters[0]; l.DocumentID != d.DocumentID || !strings.Contains(l.LastError, "header") {
		t.Errorf("dead letter %+v, want the second document's, naming the headers", l)
	}
}
