package cli

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// TestProfileCSVExportNamesWhatItLeaves: a CSV export of a tenant with a
// policy says on stderr, offline and through --server, that the files
// leave the policy out and that the JSON export carries it, and says
// nothing of the kind for a tenant without one; levy profile list
// certificates shows a scan stored without a file name by the name an
// export gives it, where it showed nothing.
func TestProfileCSVExportNamesWhatItLeaves(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile)
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "beta"}, files...)...)
	policy := writeFiles(t, "policy.json", `{"policy": {"expiryNoticeDays": 30}}`)
	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "acme", policy[0])

	const note = "is not in the CSV files, which hold records only: export it with --format json"
	export := func(tenant string, args ...string) string {
		t.Helper()
		_, errOut := profileCLI(t, 0, append([]string{"export", "--format", "csv", "--out", filepath.Join(t.TempDir(), "x")}, args...)...)
		return errOut
	}
	if errOut := export("acme", "--data-dir", dir, "--tenant", "acme"); !strings.Contains(errOut, "the policy of tenant acme "+note) {
		t.Errorf("the offline CSV export of a tenant with a policy says:\n%s", errOut)
	}
	if errOut := export("beta", "--data-dir", dir, "--tenant", "beta"); strings.Contains(errOut, "policy") {
		t.Errorf("the offline CSV export of a tenant without a policy says:\n%s", errOut)
	}

	scan := []byte("%PDF-1.7\n% the resale certificate of C-1\n%%EOF\n")
	admin := createCredential(t, dir, "acme", "levy://admin")
	base, stop, _, _ := startServe(t, dir, serveConfig{})
	c := consoleClient{t, base}
	tok := c.token(admin.ClientID, admin.ClientSecret, "levy://admin")
	c.must(http.StatusOK, "PUT", "/admin/v1/profile/customers/C-1/certificates/TX-1/document", tok, "application/pdf", scan, nil)
	t.Setenv(clientIDEnv, admin.ClientID)
	t.Setenv(clientSecretEnv, admin.ClientSecret)
	if errOut := export("acme", "--server", base); !strings.Contains(errOut, "the policy of tenant of the credential "+note) {
		t.Errorf("the CSV export through the server of a tenant with a policy says:\n%s", errOut)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve: %v", err)
	}

	out, _ := profileCLI(t, 0, "list", "certificates", "--data-dir", dir, "--tenant", "acme")
	want := profilecsv.DocumentFileName(profile.Digest(scan), "application/pdf")
	var row string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "TX-1") {
			row = l
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(row), want) {
		t.Errorf("the certificate whose scan has no file name lists as %q, want its DOCUMENT %s", row, want)
	}
}
