package ar_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ar"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestArkansas checks Arkansas's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestArkansas(t *testing.T) { statetest.Check(t, ar.New()) }
