package badger

import "sync"

// Gate counts the calls in progress on a store so that Close can wait for
// them, and refuses new calls once Close has begun. Its zero value is open.
//
// Gate is safe for concurrent use; it must not be copied after first use.
// A call that has entered must not call Close before it leaves, or Close
// waits for it forever.
type Gate struct {
	once sync.Once

	// mu guards closed and calls: a method counts itself in calls for its
	// duration, and Close waits until calls is back to zero.
	mu     sync.Mutex
	idle   sync.Cond
	closed bool
	calls  int
}

// Enter counts a call in and returns true, unless the gate is closed.
// A call that entered must Leave.
func (g *Gate) Enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return false
	}
	g.calls++
	return true
}

// Leave counts a call out.
func (g *Gate) Leave() {
	g.mu.Lock()
	g.calls--
	if g.calls == 0 && g.closed {
		g.idle.Broadcast()
	}
	g.mu.Unlock()
}

// Close closes the gate, so that Enter fails from now on, waits for the
// calls in progress to leave, then runs fn and returns its error. A later
// Close waits for the first to finish, does not run fn and returns nil.
func (g *Gate) Close(fn func() error) error {
	var err error
	g.once.Do(func() {
		g.mu.Lock()
		g.closed = true
		g.idle.L = &g.mu
		for g.calls > 0 {
			g.idle.Wait()
		}
		g.mu.Unlock()
		err = fn()
	})
	return err
}
