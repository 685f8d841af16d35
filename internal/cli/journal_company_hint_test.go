package cli

import (
	"path/filepath"
	"slices"
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
	base, stop := serveCompanies(t, dir)
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
	run("--data-dir", "--data-dir", dir)
}

// TestExportAndNexusCompanyHint: levy journal export --company and levy
// nexus report --company with a code that has no transaction (ACME
// where the sales are EAST's and WEST's) said nothing but "exported 0
// transactions" and a table of every state at 0.00, as for a company
// without sales. Both now end, on standard error, with the companies
// that have some (the journal's transactions of the period; the
// jurisdictions each company has nexus sales in), through a running
// server and from the data directory alike, in every format; a
// company with sales, or an export of a period without any, gets no
// such line.
func TestExportAndNexusCompanyHint(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop := serveCompanies(t, dir)
	const exportHint = "levy: company ACME has no transaction in the period; the period's transactions are of (none) (1), EAST (3), WEST (5): " +
		"give one of them to --company, or leave --company out for every company\n"
	const nexusHint = "levy: company ACME has no sales in the report's periods; the companies with sales are (none) (in 1 jurisdiction), EAST (in 2 jurisdictions), WEST (in 2 jurisdictions): " +
		"give one of them to --company, or leave --company out for every company\n"
	out := filepath.Join(t.TempDir(), "acme.jsonl")
	cases := []struct {
		args   []string
		errOut string
	}{
		{[]string{"journal", "export", "--company", "ACME"}, exportHint},
		{[]string{"journal", "export", "--company", "ACME", "--format", "csv", "--from", "2026-06-01", "--to", "2026-06-30"}, exportHint},
		{[]string{"journal", "export", "--company", "ACME", "--out", out}, "exported 0 transactions to " + out + "\n" + exportHint},
		{[]string{"journal", "export", "--company", "EAST", "--from", "2026-06-01", "--to", "2026-06-30"}, ""},
		{[]string{"journal", "export", "--company", "ACME", "--from", "2020-01-01", "--to", "2020-01-31"}, ""},
		{[]string{"nexus", "report", "--company", "ACME", "--as-of", "2026-07-01"}, nexusHint},
		{[]string{"nexus", "report", "--company", "ACME", "--as-of", "2026-07-01", "--format", "json"}, nexusHint},
		{[]string{"nexus", "report", "--company", "ACME", "--as-of", "2026-07-01", "--format", "csv"}, nexusHint},
		{[]string{"nexus", "report", "--company", "EAST", "--as-of", "2026-07-01"}, ""},
		{[]string{"nexus", "report", "--as-of", "2026-07-01"}, ""},
	}
	run := func(how string, store ...string) {
		for _, c := range cases {
			code, _, errOut := runCLI(t, append(c.args, store...)...)
			want := c.errOut
			if c.args[1] == "export" && !slices.Contains(c.args, "--from") {
				want = "exporting the transactions of every posting date (bound them with --from and --to)\n" + want
			}
			if code != 0 || errOut != want {
				t.Errorf("%q %s: exit %d, stderr %q, want %q", c.args, how, code, errOut, want)
			}
		}
	}
	run("--server", "--server", base, "--client-id", admin.ClientID, "--client-secret", admin.ClientSecret)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	run("--data-dir", "--data-dir", dir)
}
