package wy_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/wy"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestWyoming checks Wyoming's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestWyoming(t *testing.T) { statetest.Check(t, wy.New()) }
