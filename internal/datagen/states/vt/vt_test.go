package vt_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/vt"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestVermont checks Vermont's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestVermont(t *testing.T) { statetest.Check(t, vt.New()) }
