package cli

import (
	"strings"
	"testing"
)

// TestProfileListUnknownJurisdiction: levy profile list --jurisdiction
// with an ID of the right form that Levy's dataset does not know
// (US-TEX) is refused naming --jurisdiction, as the admin route refuses
// it (TestListFilterOfUnknownJurisdiction), rather than printing an
// empty list that says the tenant holds no certificate there.
func TestProfileListUnknownJurisdiction(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile, "registrations.csv", regsFile)
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	for _, kind := range []string{"certificates", "registrations"} {
		_, errOut := profileCLI(t, 1, "list", "--data-dir", dir, "--tenant", "acme", kind, "--jurisdiction", "US-TEX")
		if !strings.Contains(errOut, "--jurisdiction") || !strings.Contains(errOut, "not a jurisdiction Levy knows") {
			t.Errorf("list %s --jurisdiction US-TEX: %s", kind, errOut)
		}
		if out, _ := profileCLI(t, 0, "list", "--data-dir", dir, "--tenant", "acme", kind, "--jurisdiction", "US-4819000"); !strings.Contains(out, "TX") {
			t.Errorf("list %s --jurisdiction US-4819000: %s", kind, out)
		}
	}
}
