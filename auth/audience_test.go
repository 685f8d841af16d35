package auth_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/auth"
)

// TestCheckAudience: the audiences a server's flags and a client's
// request name are refused for the faults a credential's are (empty, too
// long, spaces, control characters, not UTF-8), and CheckCredential names
// each with the audience's place.
func TestCheckAudience(t *testing.T) {
	if err := auth.CheckAudience("levy://admin"); err != nil {
		t.Fatalf("levy://admin: %v", err)
	}
	for _, c := range []struct{ aud, want string }{
		{"", "empty"},
		{strings.Repeat("a", 201), "longer than 200 bytes"},
		{"levy://a b", "spaces"},
		{"levy://a\x01", "control characters"},
		{"levy://\xff", "control characters"},
	} {
		err := auth.CheckAudience(c.aud)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("CheckAudience(%q) = %v, want an error saying %q", c.aud, err, c.want)
		}
		err = auth.CheckCredential("acme", []string{"levy://api", c.aud})
		if err == nil || !strings.Contains(err.Error(), "audiences[1]") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("CheckCredential with %q = %v, want audiences[1] named and %q", c.aud, err, c.want)
		}
	}
}
