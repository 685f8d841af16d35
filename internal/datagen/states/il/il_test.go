package il_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/il"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestIllinois checks Illinois's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestIllinois(t *testing.T) { statetest.Check(t, il.New()) }
