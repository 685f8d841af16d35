package al_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/al"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestAlabama checks Alabama's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestAlabama(t *testing.T) { statetest.Check(t, al.New()) }
