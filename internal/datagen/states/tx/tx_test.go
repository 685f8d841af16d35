package tx_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/tx"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestTexas checks Texas's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestTexas(t *testing.T) { statetest.Check(t, tx.New()) }
