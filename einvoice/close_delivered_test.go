package einvoice_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// stallingBody is the body of an answer whose reading stalls until its
// request's context ends.
type stallingBody struct {
	ctx context.Context
	io.Closer
}

func (b stallingBody) Read([]byte) (int, error) {
	<-b.ctx.Done()
	return 0, b.ctx.Err()
}

// headersThenStall is a transport whose first answer is handed over
// whole but for its body, which stalls: it tells headers once the answer
// has come, so that a test may close the Service while the sender reads
// the body of an answer that accepted the event.
type headersThenStall struct {
	base    http.RoundTripper
	once    sync.Once
	headers chan struct{}
}

func (h *headersThenStall) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := h.base.RoundTrip(r)
	if err != nil {
		return resp, err
	}
	first := false
	h.once.Do(func() { first = true })
	if first {
		resp.Body = stallingBody{ctx: r.Context(), Closer: resp.Body}
		close(h.headers)
	}
	return resp, nil
}

// TestCloseKeepsAnAcceptedEventDelivered: a Service closed while it read
// the body of a 2xx answer (after the target had accepted the event)
// dropped the outcome, and the event stayed in the outbox: the next
// Service sent it again, though its target had accepted it and no crash
// had happened. The acceptance is recorded whatever the Service is doing:
// after the restart the target receives the next event, and the first
// one once only.
func TestCloseKeepsAnAcceptedEventDelivered(t *testing.T) {
	var mu sync.Mutex
	got := map[string]int{} // deliveries by Idempotency-Key
	var order []string      // document IDs, in the order their events came
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var ev webhook.Event
		_ = json.Unmarshal(body, &ev)
		mu.Lock()
		got[r.Header.Get(webhook.HeaderIdempotencyKey)]++
		order = append(order, ev.DocumentID)
		mu.Unlock()
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, "accepted\n")
	}))
	t.Cleanup(srv.Close)
	url := srv.URL + "/hooks/levy"

	dir := t.TempDir()
	tr := &headersThenStall{base: http.DefaultTransport, headers: make(chan struct{})}
	s, _ := open(t, dir, Config{HTTPClient: &http.Client{Transport: tr}})
	if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: url, SecretKey: testSecret,
		Events: Events{Statuses: []string{webhook.StatusPending}}}); err != nil {
		t.Fatal(err)
	}
	first, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	<-tr.headers // the target answered 200; the sender reads the body
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s2, _ := open(t, dir, Config{})
	second, _, err := s2.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	// The events of a connection go in order: once the second
	// document's has come, the first one's would have come before it.
	eventually(t, "the event of the second document", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(order) > 0 && order[len(order)-1] == second.DocumentID
	})
	mu.Lock()
	defer mu.Unlock()
	n := 0
	for _, id := range order {
		if id == first.DocumentID {
			n++
		}
	}
	if n != 1 || len(got) != 2 {
		t.Errorf("the target received the first document's accepted event %d times (deliveries by key %v), want once", n, got)
	}
}
