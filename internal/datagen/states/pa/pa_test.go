package pa_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/pa"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestPennsylvania checks Pennsylvania's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestPennsylvania(t *testing.T) { statetest.Check(t, pa.New()) }
