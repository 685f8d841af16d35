package hi_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/hi"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestHawaii checks Hawaii's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestHawaii(t *testing.T) { statetest.Check(t, hi.New()) }
