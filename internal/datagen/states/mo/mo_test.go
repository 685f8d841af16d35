package mo_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/mo"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestMissouri checks Missouri's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestMissouri(t *testing.T) { statetest.Check(t, mo.New()) }
