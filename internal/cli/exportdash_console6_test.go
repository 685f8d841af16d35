package cli

import (
	"os"
	"strings"
	"testing"
)

// TestJournalExportOutDashIsStandardOutput: levy journal export --out -
// writes the export to standard output, as levy batch --out - does, and
// makes no file. It wrote a file named "-" in the working directory and
// printed nothing, so that a pipe after it (levy journal export --out - |
// gzip) read an empty export.
func TestJournalExportOutDashIsStandardOutput(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", "acme", "../../engine/testdata/sale_invoice.json"); code != 0 {
		t.Fatalf("calc: exit %d, %s", code, errOut)
	}
	t.Chdir(t.TempDir())
	code, out, errOut := runCLI(t, "journal", "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv", "--out", "-")
	if code != 0 || !strings.HasPrefix(out, "transactionId,version,postingDate") || !strings.Contains(out, "INV-2026-000481,1,2026-03-14") {
		t.Errorf("export --out -: exit %d, stderr %s, stdout %.300s; want the export on standard output", code, errOut, out)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error(`export --out - made a file named "-"`)
	}
}
