package ks_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ks"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestKansas checks Kansas's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestKansas(t *testing.T) { statetest.Check(t, ks.New()) }
