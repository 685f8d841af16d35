package cli

import (
	"strings"
	"testing"
)

// TestJournalReportCompanyHint: levy journal report --company with a
// code that has no transaction in the period (ACME where the invoices are
// ACME-US's) printed an empty report, "No transactions were posted in
// the period.", as for an empty month. The report stays as it was, and
// standard error names the companies that have transactions, with their
// counts, through a running server and from the data directory alike; a
// company with transactions, or a period without any, gets no such line.
func TestJournalReportCompanyHint(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop, _, devToken := startServe(t, dir, serveConfig{})
	stopped := false
	defer func() {
		if !stopped {
			_ = stop()
		}
	}()
	postCompanies(t, base, devToken)
	const hint = "levy: company ACME has no transaction in the period; the period's transactions are of (none) (1), EAST (3), WEST (5): " +
		"give one of them to --company, or leave --company out for every company\n"
	cases := []struct {
		args    []string
		errOut  string
		nothing bool // the report says no transaction was posted
	}{
		{[]string{"journal", "report", "--company", "ACME"}, hint, true},
		{[]string{"journal", "report", "--company", "ACME", "--view", "filing", "--json"}, hint, false},
		{[]string{"journal", "report", "--company", "EAST"}, "", false},
		{[]string{"journal", "report", "--company", "ACME", "--from", "2020-01-01", "--to", "2020-01-31"}, "", true},
	}
	run := func(how string, store ...string) {
		for _, c := range cases {
			code, out, errOut := runCLI(t, append(c.args, store...)...)
			if code != 0 || errOut != c.errOut || strings.Contains(out, "No transactions were posted in the period.") != c.nothing {
				t.Errorf("%q %s: exit %d, stderr %q, stdout:\n%s", c.args, how, code, errOut, out)
			}
		}
	}
	run("--server", "--server", base, "--client-id", admin.ClientID, "--client-secret", admin.ClientSecret)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	stopped = true
	run("--data-dir", "--data-dir", dir)
}
