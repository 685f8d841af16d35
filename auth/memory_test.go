package auth_test

import (
	"testing"

	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

// TestMemory runs the conformance suite of auth.Store on the store in
// memory.
func TestMemory(t *testing.T) {
	authtest.Run(t, func(*testing.T) auth.Store { return auth.NewMemory() })
}

// TestMemoryShared runs the tests of processes sharing a store on the
// store in memory, which two Issuers share.
func TestMemoryShared(t *testing.T) {
	authtest.RunShared(t, func(*testing.T) (auth.Store, auth.Store) {
		s := auth.NewMemory()
		return s, s
	})
}
