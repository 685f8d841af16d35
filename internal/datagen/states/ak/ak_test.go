package ak_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ak"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestAlaska checks Alaska's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestAlaska(t *testing.T) { statetest.Check(t, ak.New()) }
