package batch_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
)

// TestErrorsHaveLevyCodes: ErrOutputBusy and ErrInputChanged, as a run
// returns them (wrapped with its context), carry levy.EConflict, so a
// host that acts on codes sees a refusal of the state it asked in, not
// an internal fault; errors.Is and their text are as before.
func TestErrorsHaveLevyCodes(t *testing.T) {
	for _, sentinel := range []error{batch.ErrOutputBusy, batch.ErrInputChanged} {
		err := fmt.Errorf("batch: open out.jsonl: %w", sentinel)
		if code := levy.ErrorCode(err); code != levy.EConflict {
			t.Errorf("%v: code %q, want %q", sentinel, code, levy.EConflict)
		}
		if !errors.Is(err, sentinel) {
			t.Errorf("%v: errors.Is does not match its sentinel", sentinel)
		}
		if err.Error() != "batch: open out.jsonl: "+sentinel.Error() {
			t.Errorf("text %q", err.Error())
		}
	}
	if errors.Is(batch.ErrOutputBusy, batch.ErrInputChanged) {
		t.Error("the two sentinels match each other")
	}
}
