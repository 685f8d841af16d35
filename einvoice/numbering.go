package einvoice

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/dgraph-io/badger/v4"
)

// numbering gives the events of the outbox their sequence numbers and
// knows which numbers belong to transactions not yet committed or
// abandoned. A lane may look for new events after the last one it
// finished only below the lowest such number: a transaction that took a
// smaller number than a committed one may commit after it.
//
// numbering is safe for concurrent use.
type numbering struct {
	seq *badger.Sequence

	mu   sync.Mutex
	open map[uint64]struct{}
}

// take returns the next number and counts it as open.
func (n *numbering) take() (uint64, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	v, err := n.seq.Next()
	if err != nil {
		return 0, fmt.Errorf("next outbox sequence number: %w", err)
	}
	n.open[v] = struct{}{}
	return v, nil
}

// release forgets numbers whose transaction committed or was abandoned.
func (n *numbering) release(vs []uint64) {
	if len(vs) == 0 {
		return
	}
	n.mu.Lock()
	for _, v := range vs {
		delete(n.open, v)
	}
	n.mu.Unlock()
}

// floor returns the lowest open number.
func (n *numbering) floor() (uint64, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	lo, ok := uint64(0), false
	for v := range n.open {
		if !ok || v < lo {
			lo, ok = v, true
		}
	}
	return lo, ok
}

// resumeAfter returns where a lane of webhookID that finished with the
// event at done may look for events: after done, or after the event
// below the lowest open number if that is lower (nil: from the start).
func (n *numbering) resumeAfter(webhookID string, done []byte) []byte {
	if done == nil {
		return nil
	}
	lo, ok := n.floor()
	if !ok || binary.BigEndian.Uint64(done[len(done)-8:]) < lo {
		return done
	}
	if lo == 0 {
		return nil
	}
	return outboxKey(webhookID, lo-1)
}
