package ok_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ok"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestOklahoma checks Oklahoma's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestOklahoma(t *testing.T) { statetest.Check(t, ok.New()) }
