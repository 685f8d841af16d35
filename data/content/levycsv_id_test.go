package content

import (
	"strings"
	"testing"
)

// TestCheckIDForms: every form of US jurisdiction ID the dataset makes is
// accepted in a content file, the county's area-only districts
// ("US-53077-UNINC", which the generator writes for Washington's,
// California's and Alabama's unincorporated areas) among them, and the
// forms that name another state or no jurisdiction are refused with why.
func TestCheckIDForms(t *testing.T) {
	for _, id := range []string{"US-WA", "US-53077", "US-5380010", "US-5303391234", "US-WA-RTA", "US-53077-UNINC", "US-06029-UNINC"} {
		state := "WA"
		if strings.HasPrefix(id, "US-06") {
			state = "CA"
		}
		if err := checkID(state, id); err != nil {
			t.Errorf("checkID(%s, %s) = %v", state, id, err)
		}
	}
	for _, c := range []struct{ id, want string }{
		{"US-06029-UNINC", "not in WA"},
		{"US-53077-", "has a suffix"},
		{"US-53077-uninc", "upper-case letters"},
		{"US-530-UNINC", "district's ID starts with US-WA-"},
		{"WA-53077-UNINC", "does not start with US-"},
		{"US-530771", "5 (county), 7 (place) or 10"},
	} {
		err := checkID("WA", c.id)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("checkID(WA, %s) = %v, want an error saying %q", c.id, err, c.want)
		}
	}
}
