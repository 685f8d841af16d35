package ne_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ne"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestNebraska checks Nebraska's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestNebraska(t *testing.T) { statetest.Check(t, ne.New()) }
