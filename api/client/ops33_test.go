package client_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestStoredIDsOfOldRulesReachTheServer: the IDs that a new transaction
// may no longer take ("." and "..", whitespace alone), which a journal
// holds from before those rules or from a program that stored them
// in-process, are sent (the dots percent-encoded, so that the path keeps
// them), and the server answers as the engine does: not found, as none
// is stored. The client refused them before sending, so that a stored
// one could be neither found nor deleted through it.
func TestStoredIDsOfOldRulesReachTheServer(t *testing.T) {
	e, c := setup(t)
	ctx := context.Background()
	for _, id := range []string{".", "..", "   "} {
		for _, calc := range []wire.Calculator{e, c} {
			if err := calc.DeleteTransaction(ctx, id); levy.ErrorCode(err) != levy.ENotFound {
				t.Errorf("%T.DeleteTransaction(%q): %v, want not found", calc, id, err)
			}
			if _, err := calc.RollbackTransaction(ctx, id); levy.ErrorCode(err) != levy.ENotFound {
				t.Errorf("%T.RollbackTransaction(%q): %v, want not found", calc, id, err)
			}
			if ok, err := calc.TransactionExists(ctx, id); ok || err != nil {
				t.Errorf("%T.TransactionExists(%q): %v, %v; want false", calc, id, ok, err)
			}
		}
	}
}
