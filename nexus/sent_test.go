package nexus_test

import (
	"testing"

	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/nexus/senttest"
)

// TestMemorySentConformance runs the SentStore suite on the memory store.
func TestMemorySentConformance(t *testing.T) {
	senttest.Run(t, func(*testing.T) (nexus.SentStore, func() nexus.SentStore) {
		m := nexus.NewMemorySent()
		return m, func() nexus.SentStore { return m }
	})
}
