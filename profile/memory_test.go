package profile_test

import (
	"testing"

	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profiletest"
)

func TestMemoryConformance(t *testing.T) {
	profiletest.Run(t, func(*testing.T) profile.Store { return profile.NewMemory() })
}
