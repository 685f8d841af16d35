package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDataCoverageBrazil checks that levy data coverage shows Brazil: in
// the whole coverage, alone with --country BR (on a date, with municipal
// ISS rates loaded), and as JSON.
func TestDataCoverageBrazil(t *testing.T) {
	code, out, errOut := runCLI(t, "data", "coverage")
	if code != 0 || !strings.Contains(out, "## Brazil") || !strings.Contains(out, "| SP | São Paulo | 18% |") {
		t.Fatalf("coverage without Brazil: exit %d, stderr %s", code, errOut)
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--country", "BR", "--date", "2026-03-01",
		"--content", "br-iss:../../data/content/testdata/br-iss-tenant.csv")
	if code != 0 || !strings.Contains(out, "| AL | Alagoas | 19% | 2023-04-01 |") || !strings.Contains(out, "| BA | Bahia | 20.5% |") ||
		!strings.Contains(out, "Municipal ISS rates loaded: 3 (from br-iss-tenant.csv)") || strings.Contains(out, "| TX |") {
		t.Errorf("--country BR on 2026-03-01: exit %d, stderr %s, stdout %s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "data", "coverage", "--country", "br", "--format", "json")
	var c struct {
		States         []struct{ UF, InternalRate, DIFAL string }
		Municipalities int
	}
	if code != 0 || json.Unmarshal([]byte(out), &c) != nil || len(c.States) != 27 || c.Municipalities != 5570 {
		t.Errorf("--country BR as JSON: exit %d, stderr %s, stdout %.300s", code, errOut, out)
	}
	if code, _, errOut = runCLI(t, "data", "coverage", "--country", "AR"); code == 0 || !strings.Contains(errOut, "Brazil") {
		t.Errorf("--country AR: exit %d, %s", code, errOut)
	}
}
