package ut_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ut"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestUtah checks Utah's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestUtah(t *testing.T) { statetest.Check(t, ut.New()) }
