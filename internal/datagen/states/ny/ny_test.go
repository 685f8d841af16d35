package ny_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/ny"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestNewYork checks New York's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestNewYork(t *testing.T) { statetest.Check(t, ny.New()) }
