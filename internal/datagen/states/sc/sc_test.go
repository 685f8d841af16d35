package sc_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/sc"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestSouthCarolina checks South Carolina's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestSouthCarolina(t *testing.T) { statetest.Check(t, sc.New()) }
