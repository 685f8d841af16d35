package tn_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/tn"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestTennessee checks Tennessee's folder: its note reads and, with the
// source data, its local content built alone adds up, its note's
// published combined rates hold, and every file of the folder is read
// (statetest.Check).
func TestTennessee(t *testing.T) { statetest.Check(t, tn.New()) }
