package storeclosed_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/storeclosed"
)

// TestClosedIsUnavailable: the error of a closed store, wrapped with the
// context of the call, keeps its text, is matched by its own sentinel
// and no other of the same text, and carries levy.EUnavailable.
func TestClosedIsUnavailable(t *testing.T) {
	one, other := storeclosed.New("store is closed"), storeclosed.New("store is closed")
	err := fmt.Errorf("journal: post INV-1: %w", one)
	if err.Error() != "journal: post INV-1: store is closed" {
		t.Errorf("text %q", err.Error())
	}
	if !errors.Is(err, one) || errors.Is(err, other) {
		t.Errorf("errors.Is: own sentinel %v, another of the same text %v", errors.Is(err, one), errors.Is(err, other))
	}
	if code := levy.ErrorCode(err); code != levy.EUnavailable {
		t.Errorf("code %q, want %q", code, levy.EUnavailable)
	}
	var le *levy.Error
	if !errors.As(err, &le) || le.Message != "store is closed; try again later" {
		t.Errorf("the client is told %+v", le)
	}
	le.Message = "changed"
	if errors.As(err, &le); le.Message == "changed" {
		t.Error("a change to the *levy.Error found in the error is seen by the next reader")
	}
}
