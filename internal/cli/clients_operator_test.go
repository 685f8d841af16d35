package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestClientsCreateRefusesEveryOperatorAudience: the server runs with
// another operator audience (levy serve --operator-audience levy://ops),
// and levy clients create is asked, on its storage, for a tenant's
// credential of the default operator audience, levy://operator, or of
// the configured one, with or without --operator. Each is refused as a
// usage error naming --audience, and nothing is stored. Before, a
// credential of levy://operator was made when --operator-audience named
// another audience: the day the server started again with the default,
// that tenant's credential was the operator's, reaching every tenant and
// the signing keys (POST /admin/v1/clients already refused it).
func TestClientsCreateRefusesEveryOperatorAudience(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--operator-audience", "levy://ops", "--tenant", "acme", "--audience", "levy://operator"},
		{"--operator-audience", "levy://ops", "--tenant", "acme", "--audience", "levy://console", "--audience", "levy://operator"},
		{"--operator-audience", "levy://ops", "--tenant", "acme", "--audience", "levy://ops"},
		{"--tenant", "acme", "--audience", "levy://operator"},
		{"--operator", "--operator-audience", "levy://ops", "--audience", "levy://operator"},
	} {
		code, out, errOut := runCLI(t, append([]string{"clients", "create", "--data-dir", dir}, args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, "--audience levy://") || !strings.Contains(errOut, "--operator") {
			t.Errorf("create %s: exit %d, stdout %q, stderr %q; want exit 2 and a usage error naming --audience and --operator", strings.Join(args, " "), code, out, errOut)
		}
	}
	// No spelling of them in another case either.
	for _, aud := range []string{"LEVY://Operator", "Levy://OPS"} {
		code, out, errOut := runCLI(t, "clients", "create", "--data-dir", dir, "--operator-audience", "levy://ops", "--tenant", "acme", "--audience", aud)
		if code != 2 || out != "" || !strings.Contains(errOut, "--audience "+aud) {
			t.Errorf("create --audience %s: exit %d, stdout %q, stderr %q; want exit 2 and a usage error naming it", aud, code, out, errOut)
		}
	}
	code, out, errOut := runCLI(t, "clients", "list", "--data-dir", dir)
	if code != 0 || strings.TrimSpace(out) != "[]" {
		t.Fatalf("list after the refusals: exit %d, %s %s; want no credential", code, out, errOut)
	}

	// The operator's credential of the configured audience is still made.
	code, out, errOut = runCLI(t, "clients", "create", "--data-dir", dir, "--operator", "--operator-audience", "levy://ops")
	var c credential
	if err := json.Unmarshal([]byte(out), &c); code != 0 || err != nil || !slices.Equal(c.Audiences, []string{"levy://ops"}) {
		t.Fatalf("create --operator --operator-audience levy://ops: exit %d, %s %s", code, out, errOut)
	}
}

// TestClientsCreateRefusesOperatorWithAudience: levy clients create
// --operator --audience levy://calc made one credential that was the
// operator's (every tenant, the signing keys) and a tenant's calculation
// client at once, so that a secret handed to an integration also held
// the operator's role. Nothing documents such a credential as intended
// (SECURITY.md and docs/serving.md keep the operator a separate
// audience, and POST /admin/v1/clients refuses the operator's audience
// whatever the others): the command refuses the mix as a usage error
// naming both flags, and stores nothing.
func TestClientsCreateRefusesOperatorWithAudience(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--operator", "--audience", "levy://calc"},
		{"--operator", "--tenant", "acme", "--audience", "levy://calc", "--audience", "levy://admin"},
		{"--operator", "--operator-audience", "levy://ops", "--audience", "levy://admin"},
	} {
		code, out, errOut := runCLI(t, append([]string{"clients", "create", "--data-dir", dir}, args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, "--operator") || !strings.Contains(errOut, "--audience") {
			t.Errorf("create %s: exit %d, stdout %q, stderr %q; want exit 2 and a usage error naming --operator and --audience", strings.Join(args, " "), code, out, errOut)
		}
	}
	code, out, errOut := runCLI(t, "clients", "list", "--data-dir", dir)
	if code != 0 || strings.TrimSpace(out) != "[]" {
		t.Fatalf("list after the refusals: exit %d, %s %s; want no credential", code, out, errOut)
	}
}
