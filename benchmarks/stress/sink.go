package stress

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/levytax/levy/einvoice/webhook"
)

// Sink is a webhook receiver on loopback that records the events it
// accepts. It refuses a share of the deliveries with 503 (FailShare), so
// that events wait in the server's outbox for a retry.
type Sink struct {
	URL    string
	Secret string

	failPermille atomic.Int32
	srv          *http.Server
	ln           net.Listener

	mu     sync.Mutex
	events map[string]map[string]bool // document ID -> statuses accepted
	count  int
}

// NewSink starts a Sink.
func NewSink() (*Sink, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Sink{URL: "http://" + ln.Addr().String() + "/levy-events", Secret: "stress-sink-secret-0123456789abcdef-0123",
		ln: ln, events: map[string]map[string]bool{}}
	rcv, err := webhook.NewReceiver([]byte(s.Secret), s.URL, s.accept, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		return nil, err
	}
	s.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := s.failPermille.Load(); p > 0 && rand.Int32N(1000) < p {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		rcv.ServeHTTP(w, r)
	})}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// SetFailShare makes the sink refuse that share (0 to 1) of deliveries.
func (s *Sink) SetFailShare(f float64) { s.failPermille.Store(int32(f * 1000)) }

func (s *Sink) accept(_ context.Context, ev webhook.Event, _ []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.events[ev.DocumentID]
	if m == nil {
		m = map[string]bool{}
		s.events[ev.DocumentID] = m
	}
	m[ev.Status] = true
	s.count++
	return nil
}

// Has reports whether the sink accepted the event of a document's status.
func (s *Sink) Has(documentID, status string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.events[documentID][status]
}

// Count is the number of events accepted.
func (s *Sink) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// Close stops the sink.
func (s *Sink) Close() error { return s.srv.Close() }
