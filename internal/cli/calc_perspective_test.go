package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCalcUnknownPerspectiveFirst: levy calc with a misspelt perspective
// says so before it does anything else, as levy batch does: it named the
// file it could not open instead (levy calc sales missing.json), and with
// --data-dir it made the data directory, a journal and a profile store
// in it, before refusing the command. Neither levy calc nor levy batch
// prints its help for a misspelt perspective followed by -h.
func TestCalcUnknownPerspectiveFirst(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "levy-data")
	for _, args := range [][]string{
		{"calc", "sales", filepath.Join(t.TempDir(), "missing.json")},
		{"calc", "sales", "--data-dir", dir, "../../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json"},
		{"calc", "Sale", "--explain", "../../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json"},
		// -h after a misspelt perspective printed the help and exited 0.
		{"calc", "sales", "-h"},
		{"help", "calc", "sales"},
		{"batch", "sales", "--help"},
		{"help", "batch", "sales"},
		// and levy batch named a flag's fault instead.
		{"batch", "sales", "--workers", "-1"},
	} {
		code, out, errOut := runCLI(t, args...)
		want := args[1]
		if args[0] == "help" {
			want = args[2]
		}
		if code != 2 || out != "" || !strings.Contains(errOut, `unknown perspective "`+want+`": sale, purchase or owner`) {
			t.Errorf("%v: exit %d, stdout %.100q, stderr %q", args, code, out, errOut)
		}
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("levy calc with an unknown perspective made its --data-dir: %v", err)
	}
}
