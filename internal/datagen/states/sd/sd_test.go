package sd_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/sd"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestSouthDakota checks South Dakota's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestSouthDakota(t *testing.T) { statetest.Check(t, sd.New()) }
