package pr_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/pr"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestPuertoRico checks Puerto Rico's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestPuertoRico(t *testing.T) { statetest.Check(t, pr.New()) }
