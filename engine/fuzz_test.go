package engine

import (
	"errors"
	"testing"

	"github.com/levytax/levy"
)

// validatable is a request of the wire format.
type validatable interface{ Validate() error }

// checkLevyError fails unless err is a *levy.Error or levy.Errors whose
// every entry has a code and a message.
func checkLevyError(t *testing.T, err error) {
	t.Helper()
	var es levy.Errors
	if errors.As(err, &es) {
		if len(es) == 0 {
			t.Fatalf("empty levy.Errors")
		}
		for _, e := range es {
			if e == nil || e.Code == "" || e.Message == "" {
				t.Fatalf("bad entry %#v in %v", e, err)
			}
		}
		return
	}
	var e *levy.Error
	if !errors.As(err, &e) || e.Code == "" || e.Message == "" {
		t.Fatalf("error %T %v is not a levy error with a message", err, err)
	}
}

// hasNull reports whether a decoded JSON value holds a null.
func hasNull(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case map[string]any:
		for _, e := range v {
			if hasNull(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if hasNull(e) {
				return true
			}
		}
	}
	return false
}
