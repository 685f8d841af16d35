package cli

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// TestJournalExportOutOnFailure runs levy journal export --out through a
// server that has gone away: the command fails, an earlier export in the
// file is left as it was, a new file is not created, and no partial file
// stays in the directory.
func TestJournalExportOutOnFailure(t *testing.T) {
	gone := httptest.NewServer(nil)
	url := gone.URL
	gone.Close()
	dir := t.TempDir()
	earlier := filepath.Join(dir, "march.csv")
	const kept = "transactionId,version\nINV-1,1\n"
	if err := os.WriteFile(earlier, []byte(kept), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(dir, "april.csv")
	for _, out := range []string{earlier, fresh} {
		code, _, errOut := runCLI(t, "journal", "export", "--server", url, "--client-id", "id", "--client-secret", "secret",
			"--format", "csv", "--out", out)
		if code == 0 {
			t.Fatalf("export --out %s through a server that is gone: exit 0, %s", filepath.Base(out), errOut)
		}
	}
	if b, err := os.ReadFile(earlier); err != nil || string(b) != kept {
		t.Errorf("the earlier export after a failed one: %q, %v; want %q", b, err, kept)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("a failed export created %s: %v", filepath.Base(fresh), err)
	}
	if ents, err := os.ReadDir(dir); err != nil || len(ents) != 1 {
		t.Errorf("the directory after the failed exports holds %d files (%v), want march.csv alone", len(ents), err)
	}
}
