package levy_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/levytax/levy"
)

// TestMapErrors maps the errors of a list and a single error, wrapped
// or not, leaves any other error as it is, and changes none it is given.
func TestMapErrors(t *testing.T) {
	prefixed := func(e *levy.Error) *levy.Error {
		cp := *e
		cp.Field = "lines[0]." + cp.Field
		return &cp
	}
	one := levy.Invalid("amount", "is negative")
	list := levy.Errors{one, levy.Invalid("currency", "is unknown")}

	got := levy.MapErrors(fmt.Errorf("reading: %w", list), prefixed)
	var mapped levy.Errors
	if !errors.As(got, &mapped) || len(mapped) != 2 || mapped[0].Field != "lines[0].amount" || mapped[1].Field != "lines[0].currency" {
		t.Errorf("a wrapped list maps to %v", got)
	}
	var single *levy.Error
	if got := levy.MapErrors(one, prefixed); !errors.As(got, &single) || single.Field != "lines[0].amount" {
		t.Errorf("one error maps to %v", got)
	}
	if one.Field != "amount" || list[1].Field != "currency" {
		t.Errorf("the errors given were changed: %q, %q", one.Field, list[1].Field)
	}
	other := errors.New("disk full")
	if got := levy.MapErrors(other, prefixed); got != other {
		t.Errorf("another error maps to %v", got)
	}
	if got := levy.MapErrors(nil, prefixed); got != nil {
		t.Errorf("nil maps to %v", got)
	}
}

// TestFaultCode: the codes of a fault are internal, unavailable and
// too_many; every other code, and none, judges the input.
func TestFaultCode(t *testing.T) {
	for _, c := range []struct {
		code  string
		fault bool
	}{
		{levy.EInternal, true}, {levy.EUnavailable, true}, {levy.ETooMany, true},
		{levy.EInvalid, false}, {levy.ENotFound, false}, {levy.EConflict, false},
		{levy.EUnauthorized, false}, {levy.EForbidden, false}, {levy.ETooLarge, false},
		{levy.EUnsupported, false}, {"", false}, {"INTERNAL", false},
	} {
		if got := levy.FaultCode(c.code); got != c.fault {
			t.Errorf("FaultCode(%q) = %v, want %v", c.code, got, c.fault)
		}
	}
}
