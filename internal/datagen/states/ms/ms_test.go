package ms_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ms"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestMississippi checks Mississippi's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestMississippi(t *testing.T) { statetest.Check(t, ms.New()) }
