package cli

import (
	"strings"
	"testing"

	"github.com/levytax/levy/data/content"
)

// TestContentHelpNamesEveryFormat: the help of each command that takes
// --content names the prefix of every content format Load reads. Before,
// it left out low-value-limits:, which docs/content-files.md lists and Load reads.
func TestContentHelpNamesEveryFormat(t *testing.T) {
	formats := []content.Format{content.FormatSST, content.FormatZIP5, content.FormatLevy, content.FormatBRISS,
		content.FormatFranchise, content.FormatVATAreas, content.FormatLowValueLimits}
	for _, cmd := range [][]string{{"lookup", "address"}, {"calc", "sale"}, {"serve"}, {"data", "coverage"}} {
		code, out, errOut := runCLI(t, append(cmd, "-h")...)
		if code != 0 {
			t.Fatalf("levy %s -h: exit %d, %s", strings.Join(cmd, " "), code, errOut)
		}
		for _, f := range formats {
			if !strings.Contains(out, string(f)+":") {
				t.Errorf("levy %s -h does not name the prefix %s: of --content", strings.Join(cmd, " "), f)
			}
		}
	}
}
