package wa_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/wa"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestWashington checks Washington's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestWashington(t *testing.T) { statetest.Check(t, wa.New()) }
