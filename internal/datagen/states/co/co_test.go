package co_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/co"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestColorado checks Colorado's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestColorado(t *testing.T) { statetest.Check(t, co.New()) }
