package lastsent_test

import (
	"testing"

	"github.com/levytax/levy/nexus/lastsent"
	"github.com/levytax/levy/nexus/lastsent/lastsenttest"
)

// TestMemoryConformance runs the Store suite on the memory store.
func TestMemoryConformance(t *testing.T) {
	lastsenttest.Run(t, func(*testing.T) (lastsent.Store, func() lastsent.Store) {
		m := lastsent.NewMemory()
		return m, func() lastsent.Store { return m }
	})
}
