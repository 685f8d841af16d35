package mn_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/mn"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestMinnesota checks Minnesota's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestMinnesota(t *testing.T) { statetest.Check(t, mn.New()) }
