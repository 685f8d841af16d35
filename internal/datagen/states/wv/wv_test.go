package wv_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/wv"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestWestVirginia checks West Virginia's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestWestVirginia(t *testing.T) { statetest.Check(t, wv.New()) }
