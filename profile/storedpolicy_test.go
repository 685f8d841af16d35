package profile_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
)

// TestCheckRoundingExactKeyKnown: an exact rounding key of the right
// form that names no jurisdiction the host's dataset knows is refused
// naming policy.rounding[key]; a known one, and a prefix, are taken.
func TestCheckRoundingExactKeyKnown(t *testing.T) {
	known := map[string]bool{"US-TX": true, "DE": true, "US-48113": true}
	v := profile.Validator{Jurisdiction: func(id string) bool { return known[id] }}
	for _, key := range []string{"DE-ZZ", "FR", "US-48999"} {
		cs := profile.ChangeSet{Policy: &profile.Policy{Rounding: map[string]money.RoundingMode{key: money.Down}}}
		err := v.Check(&cs)
		var list levy.Errors
		if !errors.As(err, &list) || len(list) != 1 || list[0].Field != `policy.rounding["`+key+`"]` ||
			!strings.Contains(list[0].Message, "no jurisdiction Levy knows") {
			t.Errorf("rounding key %q: %v, want an error naming it", key, err)
		}
	}
	for _, key := range []string{"US-TX", "DE", "US-48113", "US-TX*", "FR*"} {
		cs := profile.ChangeSet{Policy: &profile.Policy{Rounding: map[string]money.RoundingMode{key: money.Down}}}
		if err := v.Check(&cs); err != nil {
			t.Errorf("rounding key %q: %v", key, err)
		}
	}
}

// TestCheckRoundingStored: CheckRounding applies the rules of the
// rounding of a policy written to one read back, naming each bad key,
// and leaves the policy as it was; it looks at no other member.
func TestCheckRoundingStored(t *testing.T) {
	pol := &profile.Policy{DefaultCountry: " de ", Tolerance: &profile.Tolerance{},
		Rounding: map[string]money.RoundingMode{"TX*": money.Down, "US-CA": money.Up}}
	err := (profile.Validator{}).CheckRounding(pol)
	var list levy.Errors
	if !errors.As(err, &list) || len(list) != 1 || list[0].Field != `policy.rounding["TX*"]` || !strings.Contains(list[0].Message, "US-TX*") {
		t.Errorf("CheckRounding: %v, want one error naming policy.rounding[\"TX*\"]", err)
	}
	if pol.DefaultCountry != " de " || len(pol.Rounding) != 2 {
		t.Errorf("CheckRounding changed the policy: %+v", pol)
	}
	if err := (profile.Validator{}).CheckRounding(&profile.Policy{Rounding: map[string]money.RoundingMode{"US-TX*": money.Down}}); err != nil {
		t.Errorf("a good policy: %v", err)
	}
	if err := (profile.Validator{}).CheckRounding(nil); err != nil {
		t.Errorf("no policy: %v", err)
	}
}
