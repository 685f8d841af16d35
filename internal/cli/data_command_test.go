package cli

import (
	"strings"
	"testing"
)

// TestDataUnknownCommand checks that levy data names a subcommand it does
// not have (levy data coverag), with exit 2, instead of saying only that
// it needs one, and still asks for one when none is given.
func TestDataUnknownCommand(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"data", "coverag"}, `unknown data command "coverag": the command is coverage`},
		{[]string{"data", "coverag", "-h"}, `unknown data command "coverag"`},
		{[]string{"data"}, "data needs a subcommand: coverage"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %.80q, stderr ending %q; want exit 2 and %q", c.args, code, out, tail(errOut, 120), c.want)
		}
	}
}

// tail returns the last n bytes of s at most.
func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
