package stress

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/levytax/levy/einvoice/webhook"
)

// Sink is a webhook receiver on loopback with one or more URLs, each the
// target of a webhook connection, that records the events it accepts at
// each. It refuses a share of the deliveries with 503 (FailShare), so
// that events wait in the servers' outboxes for a retry.
//
// Beyond what arrived, it records what would betray two senders at work
// on one connection: an event accepted a second time under another
// Idempotency-Key, and deliveries to one connection that overlap in
// time. A repeat under the same key is allowed (a sender that died
// before it could record the delivery sends it again) and is not
// recorded: the receiver of package webhook answers it without handling
// it again.
type Sink struct {
	URLs   []string // the target of each connection
	Secret string

	failPermille atomic.Int32
	srv          *http.Server
	ln           net.Listener

	mu    sync.Mutex
	conns []*sinkConn
	count int
}

// sinkConn is what the sink saw at one URL.
type sinkConn struct {
	inFlight atomic.Int32
	overlaps atomic.Int64 // deliveries that began while another was in flight

	// Guarded by Sink.mu:
	keys    map[string]map[string]string // document ID -> status -> idempotency key
	arrived []arrival                    // events accepted, in the order of their first delivery
	twice   []string                     // events accepted under a second key
}

// arrival is an event at its first delivery.
type arrival struct{ documentID, status string }

// keyCtx carries the Idempotency-Key of a delivery to Sink.accept.
type keyCtx struct{}

// NewSink starts a Sink with n URLs (at least one).
func NewSink(n int) (*Sink, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("sink: %w", err)
	}
	s := &Sink{Secret: "stress-sink-secret-0123456789abcdef-0123", ln: ln}
	mux := http.NewServeMux()
	for i := range max(n, 1) {
		path := "/levy-events/" + strconv.Itoa(i+1)
		u := "http://" + ln.Addr().String() + path
		c := &sinkConn{keys: map[string]map[string]string{}}
		rcv, err := webhook.NewReceiver([]byte(s.Secret), u, func(ctx context.Context, ev webhook.Event, _ []byte) error {
			s.accept(c, ctx.Value(keyCtx{}).(string), ev)
			return nil
		}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
		if err != nil {
			ln.Close()
			return nil, fmt.Errorf("sink: %w", err)
		}
		mux.Handle("POST "+path, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if c.inFlight.Add(1) > 1 {
				c.overlaps.Add(1)
			}
			defer c.inFlight.Add(-1)
			if p := s.failPermille.Load(); p > 0 && rand.Int32N(1000) < p {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			key := r.Header.Get(webhook.HeaderIdempotencyKey)
			rcv.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyCtx{}, key)))
		}))
		s.URLs = append(s.URLs, u)
		s.conns = append(s.conns, c)
	}
	s.srv = &http.Server{Handler: mux}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// SetFailShare makes the sink refuse that share (0 to 1) of deliveries.
func (s *Sink) SetFailShare(f float64) { s.failPermille.Store(int32(f * 1000)) }

// accept records an event the receiver of c handles: the first delivery
// of its key.
func (s *Sink) accept(c *sinkConn, key string, ev webhook.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := c.keys[ev.DocumentID]
	if m == nil {
		m = map[string]string{}
		c.keys[ev.DocumentID] = m
	}
	s.count++
	prev, seen := m[ev.Status]
	switch {
	case !seen:
		m[ev.Status] = key
		c.arrived = append(c.arrived, arrival{ev.DocumentID, ev.Status})
	case prev != key:
		c.twice = append(c.twice, fmt.Sprintf("%s %s (keys %s and %s)", ev.DocumentID, ev.Status, prev, key))
	}
	// The same key again: the receiver forgot it (it keeps so many), and
	// it is the same event.
}

// Has reports whether the sink accepted the event of a document's status
// at every URL.
func (s *Sink) Has(documentID, status string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		if _, ok := c.keys[documentID][status]; !ok {
			return false
		}
	}
	return true
}

// Count is the number of events handled, at all URLs.
func (s *Sink) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// Close stops the sink.
func (s *Sink) Close() error { return s.srv.Close() }

// orderProblems checks the order in which each URL received the events
// and what was received twice, and calls problem for each thing wrong:
//
//   - the statuses of each document arrived in the order of its history
//     (histories, by document ID);
//   - across documents, the Pending events arrived in the order the
//     documents were queued, as far as the clients can tell: a document
//     whose submission was answered before another's was sent was
//     queued first, so its event must arrive first (sent gives when each
//     submission was sent and answered);
//   - no event was accepted under two idempotency keys, and no delivery
//     to a URL began while another was in flight.
func (s *Sink) orderProblems(histories map[string][]string, sent func(documentID string) (span, bool), problem func(string, ...any)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, c := range s.conns {
		name := fmt.Sprintf("connection %d", i+1)
		if n := c.overlaps.Load(); n > 0 {
			problem("%s: %d deliveries began while another was in flight: two senders at once", name, n)
		}
		for _, t := range c.twice {
			problem("%s: accepted twice under different Idempotency-Keys: %s", name, t)
		}
		got := map[string][]string{}
		var pending []string
		for _, a := range c.arrived {
			got[a.documentID] = append(got[a.documentID], a.status)
			if a.status == webhook.StatusPending {
				pending = append(pending, a.documentID)
			}
		}
		for id, h := range histories {
			// Missing events are another problem, found before.
			if g := got[id]; len(g) > len(h) || fmt.Sprint(g) != fmt.Sprint(h[:len(g)]) {
				problem("%s: the events of %s arrived as %v, its history is %v", name, id, g, h)
			}
		}
		// For each Pending event, the earliest answer among the
		// submissions of the documents whose Pending arrived after it.
		var spans []span
		var ids []string
		for _, id := range pending {
			if sp, ok := sent(id); ok {
				spans, ids = append(spans, sp), append(ids, id)
			}
		}
		later, laterID := int64(1<<63-1), ""
		for k := len(spans) - 1; k >= 0; k-- {
			if later < spans[k].sent {
				problem("%s: the Pending event of %s arrived before that of %s, whose submission was answered before that of %s was sent",
					name, ids[k], laterID, ids[k])
			}
			if spans[k].answered < later {
				later, laterID = spans[k].answered, ids[k]
			}
		}
	}
}
