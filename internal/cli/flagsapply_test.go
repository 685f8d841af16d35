package cli

import (
	"strings"
	"testing"
)

// TestFlagsOfAnotherSubcommand gives each group's subcommands a flag that
// serves another of them: each is refused as a usage error naming the
// flag and the subcommands it serves, before any store is opened, where
// it was ignored before (levy journal report --flow dispatch printed
// the whole report). A flag given to a subcommand it serves still works.
func TestFlagsOfAnotherSubcommand(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"journal", "report", "--flow", "dispatch"}, "--flow is a flag of levy journal intrastat only, not of report"},
		{[]string{"journal", "export", "--view", "filing"}, "--view is a flag of levy journal report only, not of export"},
		{[]string{"journal", "intrastat", "--json"}, "--json is a flag of levy journal report only, not of intrastat"},
		{[]string{"journal", "report", "--out", "x.jsonl"}, "--out is a flag of levy journal export only, not of report"},
		{[]string{"profile", "list", "customers", "--format", "csv"}, "--format is a flag of levy profile export only, not of list"},
		{[]string{"profile", "show", "policy", "--as-of", "2026-01-01"}, "--as-of is a flag of levy profile export and list only, not of show"},
		{[]string{"profile", "export", "--class", "SAAS"}, "--class is a flag of levy profile list only, not of export"},
		{[]string{"clients", "list", "--audience", "levy://admin"}, "--audience is a flag of levy clients create only, not of list"},
		{[]string{"clients", "rotate", "--tenant", "acme", "C-1"}, "--tenant is a flag of levy clients create and list only, not of rotate"},
	} {
		args := append([]string{c.args[0], c.args[1], "--data-dir", dir}, c.args[2:]...)
		code, _, errOut := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("levy %s: exit %d, %q; want 2 and %q", strings.Join(c.args, " "), code, errOut, c.want)
		}
	}
	// Served: --format by intrastat as by export, --tenant by list.
	if code, _, errOut := runCLI(t, "clients", "list", "--tenant", "acme", "--data-dir", dir); code != 0 {
		t.Errorf("levy clients list --tenant: exit %d %s", code, errOut)
	}
	code, _, errOut := runCLI(t, "journal", "intrastat", "--format", "json", "--from", "2026-01-01", "--to", "2026-01-31",
		"--member-state", "DE", "--flow", "dispatch", "--data-dir", dir)
	if code == 2 || strings.Contains(errOut, "is a flag of") {
		t.Errorf("levy journal intrastat --format json: exit %d %s", code, errOut)
	}
}
