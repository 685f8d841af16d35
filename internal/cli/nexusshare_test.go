package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// waStatus returns the status of the WA row of a JSON report (one object
// per line).
func waStatus(t *testing.T, out string) string {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct{ State, Status string }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if r.State == "WA" {
			return r.Status
		}
	}
	t.Fatalf("no WA row in\n%s", out)
	return ""
}

// TestNexusReportTenantShare: tenants default and globex each sold
// 55,000.00 into Washington (55% of its threshold); default's policy
// chooses a nexusShare of 0.5. levy nexus report without --share, from
// the data directory and through a running server, shows default
// approaching there and globex not; --share still decides when given.
// The command always asked for 0.8, whatever the tenant's policy.
func TestNexusReportTenantShare(t *testing.T) {
	dir := t.TempDir()
	for _, tenant := range []string{"default", "globex"} {
		req := `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"WA-1","documentDate":"2026-03-01",
			"seller":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
			"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
			"lineItems":[{"product":{"productClass":"GENERAL"},"extendedPrice":55000.00}]}`
		file := filepath.Join(t.TempDir(), "req.json")
		if err := os.WriteFile(file, []byte(req), 0o600); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", tenant, file); code != 0 {
			t.Fatalf("calc of %s: exit %d, %s", tenant, code, errOut)
		}
	}
	policy := writeFiles(t, "policy.json", `{"policy":{"nexusShare":"0.5"}}`)
	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "default", policy[0])
	report := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, append([]string{"nexus", "report", "--as-of", "2026-03-31", "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("report %v: exit %d, %s", args, code, errOut)
		}
		return out
	}
	local := []string{"--data-dir", dir}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tenant", "default"}, "approaching"},
		{[]string{"--tenant", "globex"}, "none"},
		{[]string{"--tenant", "default", "--share", "0.6"}, "none"},
		{[]string{"--tenant", "globex", "--share", "0.5"}, "approaching"},
	} {
		if got := waStatus(t, report(append(local, c.args...)...)); got != c.want {
			t.Errorf("from the data directory, %v: WA %s; want %s", c.args, got, c.want)
		}
	}
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop, _, _ := startServe(t, dir, serveConfig{})
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	remote := []string{"--server", base, "--client-id", admin.ClientID, "--client-secret", admin.ClientSecret}
	if got := waStatus(t, report(remote...)); got != "approaching" {
		t.Errorf("through the server, without --share: WA %s; want approaching (the policy's 0.5)", got)
	}
	if got := waStatus(t, report(append(remote, "--share", "0.6")...)); got != "none" {
		t.Errorf("through the server, --share 0.6: WA %s; want none", got)
	}
}
