package profile_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// TestPolicyLevyMembers: a policy's levyMembers is include or omit, in
// any case and with spaces around it; anything else is refused naming
// policy.levyMembers.
func TestPolicyLevyMembers(t *testing.T) {
	for in, want := range map[string]string{"": "", "include": "include", " OMIT ": "omit", "Include": "include"} {
		cs := profile.ChangeSet{Policy: &profile.Policy{LevyMembers: in}}
		if err := (profile.Validator{}).Check(&cs); err != nil || cs.Policy.LevyMembers != want {
			t.Errorf("levyMembers %q: %q, %v; want %q", in, cs.Policy.LevyMembers, err, want)
		}
	}
	for _, in := range []string{"strip", "omitted", "none", "0"} {
		cs := profile.ChangeSet{Policy: &profile.Policy{LevyMembers: in}}
		err := (profile.Validator{}).Check(&cs)
		var list levy.Errors
		if !errors.As(err, &list) || len(list) != 1 || list[0].Field != "policy.levyMembers" || list[0].Code != levy.EInvalid ||
			!strings.Contains(list[0].Message, "is not include or omit") {
			t.Errorf("levyMembers %q: %v; want one EInvalid error of policy.levyMembers", in, err)
		}
	}
}
