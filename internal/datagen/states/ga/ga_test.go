package ga_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ga"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestGeorgia checks Georgia's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestGeorgia(t *testing.T) { statetest.Check(t, ga.New()) }
