package cli

import (
	"strings"
	"testing"
)

// TestContentListRefusesAnEmptyName: --content "$RATES" with RATES
// unset, and a list with an empty name ("a.csv,", "$BASE,$EXTRA"), were
// read as no file: the command ran on the embedded rates alone, the
// user's left out without a word. An empty name is refused with exit
// status 2 naming its place, as --rules refuses one; a list of names
// with spaces around them still loads each.
func TestContentListRefusesAnEmptyName(t *testing.T) {
	dir := t.TempDir()
	rates := writeIn(t, dir, "tx.csv", "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n"+
		"TX,US-4835000,CITY,Houston,4835000,0.015,general,,,place:4835000,test\n")
	lookup := []string{"lookup", "address", "--city", "Houston", "--state", "TX", "--zip", "77002", "--content"}
	for _, c := range []struct{ list, want string }{
		{"", "the content file's name is empty"},
		{" ", "the content file's name is empty"},
		{rates + ",", "has an empty name (name 2 of 2)"},
		{"," + rates, "has an empty name (name 1 of 2)"},
		{rates + ",," + rates, "has an empty name (name 2 of 3)"},
	} {
		code, out, errOut := runCLI(t, append(lookup, c.list)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(out, "taxAreaId") {
			t.Errorf("--content %q: exit %d, want 2 saying %q:\n%s%s", c.list, code, c.want, out, errOut)
		}
	}
	code, out, errOut := runCLI(t, append(lookup, " "+rates+" , "+rates)...)
	if code != 0 || strings.Contains(out, "HOUSTON_METRO") || !strings.Contains(out, "US-4835000") {
		t.Errorf("--content with spaces around the names: exit %d, the file not loaded:\n%s%s", code, out, errOut)
	}
}
