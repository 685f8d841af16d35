package ia_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ia"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestIowa checks Iowa's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestIowa(t *testing.T) { statetest.Check(t, ia.New()) }
