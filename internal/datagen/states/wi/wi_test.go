package wi_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/wi"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestWisconsin checks Wisconsin's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestWisconsin(t *testing.T) { statetest.Check(t, wi.New()) }
