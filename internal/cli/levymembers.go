package cli

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/profile"
)

// levyMembersUsage is the meaning of serve's --levy-members.
const levyMembersUsage = "`include|omit`: whether the answers of /supplies, /procurement and /owner carry Levy's own members that the commercial API's OpenAPI description lacks (taxAreaLookup on each resolved location, procurementAction), for the tenants whose policy has no levyMembers; omit is for clients generated from that description that refuse a member their model does not declare, and tells an address at fault in the lines' assistedParameters (ruleName " + api.AddressLookupRule + ") instead; levy calc, levy batch, the explain routes and the journal keep every member; default include"

// levyMembersValue is the value of --levy-members: "" (the default,
// include), profile.LevyMembersInclude or profile.LevyMembersOmit.
type levyMembersValue struct{ mode string }

func (v *levyMembersValue) String() string { return v.mode }

// Set reads include or omit, in any case.
func (v *levyMembersValue) Set(s string) error {
	switch m := strings.ToLower(strings.TrimSpace(s)); m {
	case profile.LevyMembersInclude, profile.LevyMembersOmit:
		v.mode = m
		return nil
	}
	return fmt.Errorf("want %s or %s, not %q", profile.LevyMembersInclude, profile.LevyMembersOmit, s)
}
