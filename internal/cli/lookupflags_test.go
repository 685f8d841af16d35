package cli

import (
	"strings"
	"testing"
)

// TestLookupChangedCommandLine: levy lookup changed names its faults by
// its own flags (--from, --to, --id), not by the HTTP route's parameters
// (beginDate, endDate, taxareaid), and refuses as a usage error what it
// would otherwise ignore: an argument (a tax area ID given without --id
// listed every area that changed) and --as-of.
func TestLookupChangedCommandLine(t *testing.T) {
	cases := []struct {
		args     []string
		code     int
		want     string
		unwanted string
	}{
		{[]string{"lookup", "changed"}, 2, "--from", "beginDate"},
		{[]string{"lookup", "changed", "--to", "2026-01-01"}, 2, "--from", "beginDate"},
		{[]string{"lookup", "changed", "--from", "2026-02-01", "--to", "2026-01-01"}, 2, "--to 2026-01-01 is before --from 2026-02-01", "endDate"},
		{[]string{"lookup", "changed", "--from", "2026-01-01", "--to", "2026-01-02", "2116881840936218"}, 2, `"2116881840936218"`, ""},
		{[]string{"lookup", "changed", "--from", "2026-01-01", "--as-of", "2026-01-01"}, 2, "-as-of", ""},
		{[]string{"lookup", "changed", "--from", "2026-01-01", "--as-of=2026-01-01"}, 2, "-as-of", ""},
		{[]string{"lookup", "changed", "--from", "2026-01-01", "--id", "12x"}, 1, "--id", "taxareaid"},
		{[]string{"lookup", "changed", "--from", "2026-01-01", "--id", "12345"}, 1, "--id: tax area 12345 does not exist", "taxareaid"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) || (c.unwanted != "" && strings.Contains(errOut, c.unwanted)) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q and not %q", c.args[2:], code, errOut, c.code, c.want, c.unwanted)
		}
		if out != "" {
			t.Errorf("%v: printed %.200q on a fault", c.args[2:], out)
		}
	}
}

// TestLookupCodeNeedsCountry: levy lookup code without --country is a
// usage error naming the flag (it was a failed lookup, exit 1, about
// "country"); with it, the code is found.
func TestLookupCodeNeedsCountry(t *testing.T) {
	for _, args := range [][]string{{"lookup", "code", "06037"}, {"lookup", "code", "06037", "--country", " "}} {
		code, out, errOut := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, "--country") || out != "" {
			t.Errorf("%v: exit %d, stdout %.100q, stderr %q; want exit 2 naming --country", args[2:], code, out, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "lookup", "code", "06037", "--country", "US"); code != 0 {
		t.Errorf("with --country: exit %d, %s", code, errOut)
	}
}
