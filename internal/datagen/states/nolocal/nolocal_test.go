package nolocal_test

import (
	"testing"

	"github.com/levytax/levy/internal/datagen/states/nolocal"
	"github.com/levytax/levy/internal/datagen/statetest"
)

// TestNoLocalTax checks the states of the table: each is a US state with
// a sourcing rule, and, with the source data, each built alone accounts
// for every source row of the state (statetest.Check).
func TestNoLocalTax(t *testing.T) {
	defs, err := nolocal.New()
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 14 {
		t.Errorf("%d states without local tax, want 14", len(defs))
	}
	statetest.Check(t, defs...)
}
