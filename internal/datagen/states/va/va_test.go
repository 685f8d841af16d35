package va_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/va"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestVirginia checks Virginia's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestVirginia(t *testing.T) { statetest.Check(t, va.New()) }
