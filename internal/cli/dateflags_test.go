package cli

import (
	"strings"
	"testing"
)

// TestDateFlagsSayWhyADayDoesNotExist: a date flag given a day of the
// form YYYY-MM-DD that does not exist is refused saying why, in the
// command's words, without the Go package's "civil:" prefix.
func TestDateFlagsSayWhyADayDoesNotExist(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lookup", "changed", "--from", "2026-02-30"}, `lookup changed --from "2026-02-30" is not a day of the calendar: February 2026 has 28 days`},
		{[]string{"journal", "report", "--data-dir", t.TempDir(), "--to", "2026-13-01"}, `journal report --to "2026-13-01" is not a day of the calendar: there is no month 13`},
		{[]string{"lookup", "changed", "--from", "30.02.2026"}, `lookup changed --from "30.02.2026" is not a date of the form YYYY-MM-DD`},
		{[]string{"data", "coverage", "--taxability", "--date", "2025-02-29"}, `--date "2025-02-29" is not a day of the calendar: February 2025 has 28 days`},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "civil:") {
			t.Errorf("levy %s: exit %d, stderr %q; want exit 2 saying %q", strings.Join(c.args, " "), code, errOut, c.want)
		}
	}
}
