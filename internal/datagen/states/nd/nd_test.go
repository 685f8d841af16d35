package nd_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/nd"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestNorthDakota checks North Dakota's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestNorthDakota(t *testing.T) { statetest.Check(t, nd.New()) }
