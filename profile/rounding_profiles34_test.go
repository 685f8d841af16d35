package profile_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
)

// TestCheckRoundingPrefixMatchesSomething: a rounding key ending in "*"
// whose prefix no jurisdiction ID can start with (a bare US state code,
// "TX*"; a territory's country code, "PR*"; letters that are no
// country; a country code not followed by a hyphen, "USA*") is refused
// naming policy.rounding[key] and saying what to write; the prefixes
// that IDs do start with are taken.
func TestCheckRoundingPrefixMatchesSomething(t *testing.T) {
	for key, want := range map[string]string{
		"TX*":    "US-TX*",
		"TX-4*":  "US-TX-4*",
		"PR*":    "US-PR*",
		"ZZ*":    "US-*",
		"48*":    "US-*",
		"USA*":   "US-*",
		"DEU-1*": "DE-*",
	} {
		cs := profile.ChangeSet{Policy: &profile.Policy{Rounding: map[string]money.RoundingMode{key: money.Down}}}
		err := (profile.Validator{}).Check(&cs)
		var list levy.Errors
		field := `policy.rounding["` + key + `"]`
		if !errors.As(err, &list) || len(list) != 1 || list[0].Field != field ||
			!strings.Contains(list[0].Message, "can match no jurisdiction ID") || !strings.Contains(list[0].Message, want) {
			t.Errorf("rounding key %q: %v, want an error on %s suggesting %s", key, err, field, want)
		}
	}
	for _, key := range []string{"*", "U*", "US*", "US-*", "US-TX*", "US-48*", "DE*", "DE-*", "CA-BC*", "BR-SP*"} {
		cs := profile.ChangeSet{Policy: &profile.Policy{Rounding: map[string]money.RoundingMode{key: money.Down}}}
		if err := (profile.Validator{}).Check(&cs); err != nil {
			t.Errorf("rounding key %q: %v", key, err)
		}
	}
}
