package wire

import (
	"strings"
	"testing"
)

// TestValidateTaxAreaIDCountsCharacters: an ID of 16 full-width digits
// is refused for its digits, not as "48 characters long", and one with
// spaces around it for the spaces.
func TestValidateTaxAreaIDCountsCharacters(t *testing.T) {
	for _, c := range []struct{ id, want string }{
		{strings.Repeat("１", 16), "only digits are allowed"},
		{" 12345 ", "must not begin or end with whitespace"},
		{strings.Repeat("1", 17), "is 17 digits long"},
		{strings.Repeat("é", 70), "is 70 characters long"},
	} {
		err := ValidateTaxAreaID("taxAreaId", c.id)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "48") || strings.Contains(err.Error(), "140") {
			t.Errorf("%q: %v; want an error saying %q", c.id, err, c.want)
		}
	}
	if err := ValidateTaxAreaID("taxAreaId", strings.Repeat("9", 16)); err != nil {
		t.Errorf("16 digits: %v", err)
	}
}
