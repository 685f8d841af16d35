package ca_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ca"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestCalifornia checks California's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestCalifornia(t *testing.T) { statetest.Check(t, ca.New()) }
