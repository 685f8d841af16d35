package nm_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/nm"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestNewMexico checks New Mexico's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestNewMexico(t *testing.T) { statetest.Check(t, nm.New()) }
