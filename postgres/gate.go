package postgres

import "sync"

// gate counts the calls in progress on a store of the DB so that the
// store's Close can wait for them, and refuses calls once Close has
// begun; the DB itself stays open. Its zero value is open. It is safe for
// concurrent use; a call that entered must not close it.
type gate struct {
	mu     sync.RWMutex // a call holds it for reading, close for writing
	closed bool
}

// enter counts a call in and reports true, or reports false once close
// has begun. A call that entered must leave.
func (g *gate) enter() bool {
	g.mu.RLock()
	if g.closed {
		g.mu.RUnlock()
		return false
	}
	return true
}

// leave counts a call out.
func (g *gate) leave() { g.mu.RUnlock() }

// close waits for the calls in progress and refuses the next ones.
func (g *gate) close() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
}
