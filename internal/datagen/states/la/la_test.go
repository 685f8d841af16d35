package la_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/la"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestLouisiana checks Louisiana's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestLouisiana(t *testing.T) { statetest.Check(t, la.New()) }
