package nv_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/nv"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestNevada checks Nevada's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestNevada(t *testing.T) { statetest.Check(t, nv.New()) }
