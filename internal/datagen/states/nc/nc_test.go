package nc_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/nc"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestNorthCarolina checks North Carolina's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestNorthCarolina(t *testing.T) { statetest.Check(t, nc.New()) }
