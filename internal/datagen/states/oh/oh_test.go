package oh_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/oh"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestOhio checks Ohio's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestOhio(t *testing.T) { statetest.Check(t, oh.New()) }
