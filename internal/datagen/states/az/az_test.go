package az_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/az"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestArizona checks Arizona's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestArizona(t *testing.T) { statetest.Check(t, az.New()) }
