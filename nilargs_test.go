package levy

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestNilErrors gives the error helpers nil and empty errors: a nil
// *Error, an empty Errors and a list holding a nil *Error read as text
// instead of panicking, ErrorCode calls a typed nil *Error internal, and
// RenameField passes it through.
func TestNilErrors(t *testing.T) {
	var nilErr *Error
	var typedNil error = nilErr
	cases := []struct {
		name string
		err  error
		text string
		code string
	}{
		{"nil *Error", typedNil, "<nil>", EInternal},
		{"empty Errors", Errors{}, "no errors", EInternal},
		{"nil Errors", Errors(nil), "no errors", EInternal},
		{"Errors of a nil", Errors{nil}, "<nil>", EInternal},
		{"Errors of two, the first nil", Errors{nil, Invalid("f", "bad")}, "2 errors, first: <nil>", EInvalid},
		{"wrapped nil *Error", fmt.Errorf("call: %w", typedNil), "call: <nil>", EInternal},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.text {
				t.Errorf("Error() = %q, want %q", got, tc.text)
			}
			if got := ErrorCode(tc.err); got != tc.code {
				t.Errorf("ErrorCode = %q, want %q", got, tc.code)
			}
			if got := RenameField(tc.err, "", "x"); got.Error() != tc.text {
				t.Errorf("RenameField changed %v into %v", tc.err, got)
			}
		})
	}
	// A real *Error after a nil one in a list still gives its code and field.
	var le *Error
	if err := MapErrors(Errors{nil, Invalid("f", "bad")}, func(e *Error) *Error { return e }); !errors.As(err, &le) || !strings.Contains(err.Error(), "2 errors") {
		t.Errorf("MapErrors of a list with a nil gave %v", err)
	}
	if got := ErrorCode(nil); got != "" {
		t.Errorf("ErrorCode(nil) = %q", got)
	}
}
