package webhook

import (
	"sync"
	"time"
)

// A delivery is the processing of one idempotency key by a Receiver.
type delivery struct {
	done     chan struct{} // closed when handle returned
	finished bool          // handle returned; guarded by seen.mu
	ok       bool          // handle succeeded; read after done is closed
}

// seen is the memory of a Receiver: the idempotency keys it accepted,
// each kept for ttl after it was accepted, and never more than max of
// them. A key whose handling failed is forgotten at once, so that a
// retry of its event is handled again.
type seen struct {
	mu    sync.Mutex
	ttl   time.Duration
	max   int
	keys  map[string]*delivery
	queue []remembered // oldest first, from head on
	head  int
}

// remembered is an entry of seen.queue. Its delivery may have been
// forgotten (or replaced by a later delivery of the same key); then the
// entry only waits to leave the queue.
type remembered struct {
	key string
	d   *delivery
	at  time.Time
}

func newSeen(ttl time.Duration, max int) *seen {
	return &seen{ttl: ttl, max: max, keys: map[string]*delivery{}}
}

// begin returns the delivery of key and whether it is new: a new one is
// the caller's to handle and to finish. evicted counts the keys forgotten
// before their time because the memory was full.
func (s *seen) begin(key string, now time.Time) (d *delivery, isNew bool, evicted int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	evicted = s.prune(now)
	if d := s.keys[key]; d != nil {
		return d, false, evicted
	}
	d = &delivery{done: make(chan struct{})}
	s.keys[key] = d
	s.queue = append(s.queue, remembered{key: key, d: d, at: now})
	return d, true, evicted
}

// finish records the outcome of a new delivery and wakes the deliveries
// of the same key that wait for it. A failed key is forgotten.
func (s *seen) finish(key string, d *delivery, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d.finished, d.ok = true, ok
	if !ok && s.keys[key] == d {
		delete(s.keys, key)
	}
	close(d.done)
}

// prune forgets the keys older than ttl, then the oldest keys while the
// queue holds more than max entries. A key still being handled is never
// forgotten: it goes to the back of the queue as if accepted now. prune
// returns how many keys it forgot before their time.
func (s *seen) prune(now time.Time) (evicted int) {
	for n := len(s.queue) - s.head; n > 0; n-- {
		r := s.queue[s.head]
		expired := now.Sub(r.at) >= s.ttl
		full := len(s.queue)-s.head >= s.max // room for the key about to come
		if !expired && !full {
			break
		}
		s.queue[s.head] = remembered{}
		s.head++
		if s.keys[r.key] != r.d {
			continue // forgotten after a failure, or replaced
		}
		if !r.d.finished {
			s.queue = append(s.queue, remembered{key: r.key, d: r.d, at: now})
			continue
		}
		delete(s.keys, r.key)
		if !expired {
			evicted++
		}
	}
	if s.head > 64 && 2*s.head >= len(s.queue) {
		n := copy(s.queue, s.queue[s.head:])
		clear(s.queue[n:])
		s.queue, s.head = s.queue[:n], 0
	}
	return evicted
}

// len returns the number of keys remembered.
func (s *seen) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.keys)
}
