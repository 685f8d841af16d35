package id_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/id"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestIdaho checks Idaho's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestIdaho(t *testing.T) { statetest.Check(t, id.New()) }
