package fl_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/fl"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestFlorida checks Florida's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestFlorida(t *testing.T) { statetest.Check(t, fl.New()) }
