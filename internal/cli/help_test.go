package cli

import (
	"strings"
	"testing"
)

// TestHelp: -h and --help on every command and subcommand print its
// usage and flags on standard output and exit 0; serve names the
// environment variable of each flag.
func TestHelp(t *testing.T) {
	for _, cmd := range [][]string{
		{"calc"}, {"calc", "sale"}, {"calc", "purchase"}, {"calc", "owner"},
		{"lookup"}, {"lookup", "address"}, {"lookup", "point"}, {"lookup", "taxarea"}, {"lookup", "code"}, {"lookup", "changed"},
		{"journal"}, {"journal", "report"}, {"journal", "export"},
		{"serve"}, {"clients"}, {"clients", "create"}, {"clients", "list"}, {"clients", "rotate-key"},
		{"webhook"}, {"webhook", "receive"}, {"webhook", "dead-letters"}, {"webhook", "dead-letters", "list"},
		{"data"}, {"data", "coverage"}, {"batch"}, {"batch", "sale"}, {"batch", "owner"},
		{"profile"}, {"profile", "import"}, {"profile", "export"}, {"profile", "list"}, {"profile", "show"},
		{"einvoice"}, {"einvoice", "render"}, {"version"},
	} {
		for _, h := range []string{"-h", "--help"} {
			name := strings.Join(cmd, " ") + " " + h
			code, out, errOut := runCLI(t, append(cmd, h)...)
			if code != 0 || !strings.Contains(out, "usage") {
				t.Errorf("levy %s: exit %d, stdout %q, stderr %q", name, code, out, errOut)
			}
			leaf := cmd[0] == "serve" || len(cmd) == 2 && cmd[0] != "webhook" || len(cmd) == 3 || strings.Join(cmd, " ") == "webhook receive"
			if leaf && !strings.Contains(out, "flags:") {
				t.Errorf("levy %s lists no flags:\n%s", name, out)
			}
		}
	}
	_, out, _ := runCLI(t, "serve", "-h")
	for _, env := range []string{"LEVY_DATA_DIR", "LEVY_DATABASE_URL", "LEVY_ADDR", "LEVY_TOKEN_TTL"} {
		if !strings.Contains(out, "env "+env) {
			t.Errorf("levy serve -h does not name %s", env)
		}
	}
}

// TestHelpHidesEnvironmentSecrets: a database URL given in the
// environment is not printed as a default.
func TestHelpHidesEnvironmentSecrets(t *testing.T) {
	t.Setenv(databaseEnv, "postgres://levy:hunter2@db/levy")
	for _, cmd := range [][]string{{"journal", "report", "-h"}, {"clients", "list", "-h"}, {"calc", "sale", "-h"}, {"profile", "list", "-h"}} {
		if _, out, _ := runCLI(t, cmd...); strings.Contains(out, "hunter2") {
			t.Errorf("levy %s prints the database password:\n%s", strings.Join(cmd, " "), out)
		}
	}
}
