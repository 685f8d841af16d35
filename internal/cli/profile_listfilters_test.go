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

// TestProfileListFilterOfAnotherKind: levy profile list refuses a filter
// that the kind listed does not take (--customer for registrations,
// whose company is --company; --jurisdiction for products), as the
// kind's admin route refuses a parameter it does not have, rather than
// ignore it and print every record as if the filter had kept them.
func TestProfileListFilterOfAnotherKind(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile, "registrations.csv", regsFile, "products.csv", productsFile)
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"registrations", "--customer", "ACME"}, "--customer is no filter of registrations, whose filters are --company, --jurisdiction"},
		{[]string{"products", "--jurisdiction", "TX"}, "--jurisdiction is no filter of products"},
		{[]string{"customers", "--status", "revoked"}, "--status is no filter of customers"},
		{[]string{"certificates", "--area", "A-1"}, "--area is no filter of certificates"},
		{[]string{"franchises", "--class", "SAAS"}, "--class is no filter of franchises"},
	} {
		_, errOut := profileCLI(t, 2, append([]string{"list", "--data-dir", dir, "--tenant", "acme"}, c.args...)...)
		if !strings.Contains(errOut, c.want) {
			t.Errorf("list %s: %s, want %q", strings.Join(c.args, " "), errOut, c.want)
		}
	}
	if out, _ := profileCLI(t, 0, "list", "--data-dir", dir, "--tenant", "acme", "registrations", "--company", "ACME", "--jurisdiction", "TX"); !strings.Contains(out, "32000000001") {
		t.Errorf("list registrations --company ACME --jurisdiction TX: %s", out)
	}
}

// TestProfileImportServerEveryBadRow: levy profile import --server, with
// --documents or without, names every bad row of the files at once, as
// the import offline does: a row whose day is none and one that expires
// before it takes effect. With --documents the files' rows were read
// here first, and their errors of reading alone were told.
func TestProfileImportServerEveryBadRow(t *testing.T) {
	base := serveAsAdmin(t, t.TempDir(), "default")
	certs := certsHeader + "T-1,C-1,TX,G,,2026-01-01,2025-12-31,,active\n" + "T-2,C-1,TX,G,,2026-02-30,,,active\n"
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certs)
	docs := t.TempDir()
	for _, extra := range [][]string{nil, {"--documents", docs}} {
		args := append(append([]string{"import", "--server", base}, extra...), files...)
		_, errOut := profileCLI(t, 1, args...)
		for _, want := range []string{"certificates.csv:2:expiration_date", "certificates.csv:3:effective_date"} {
			if !strings.Contains(errOut, want) {
				t.Errorf("import --server %v: %s, want it to name %s", extra, errOut, want)
			}
		}
	}
}
