package cli

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/journal/journaltest"
)

// createCredential runs levy clients create on a data directory that no
// server holds and returns the credential with its secret.
func createCredential(t *testing.T, dir, tenant, audience string) credential {
	t.Helper()
	code, out, errOut := runCLI(t, "clients", "create", "--data-dir", dir, "--tenant", tenant, "--audience", audience, "--active-now")
	var c credential
	if code != 0 || json.Unmarshal([]byte(out), &c) != nil || c.ClientSecret == "" {
		t.Fatalf("clients create %s %s: exit %d, %s %s", tenant, audience, code, out, errOut)
	}
	return c
}

// createOperator runs levy clients create --operator on a data directory
// that no server holds and returns the operator's credential with its
// secret.
func createOperator(t *testing.T, dir string) credential {
	t.Helper()
	code, out, errOut := runCLI(t, "clients", "create", "--data-dir", dir, "--operator", "--active-now")
	var c credential
	if code != 0 || json.Unmarshal([]byte(out), &c) != nil || c.ClientSecret == "" {
		t.Fatalf("clients create --operator: exit %d, %s %s", code, out, errOut)
	}
	return c
}

// postInvoice posts a golden request of the engine's test data to the
// server as an INVOICE with transaction ID id.
func postInvoice(t *testing.T, base, token, name, id string) {
	t.Helper()
	body := journaltest.Invoice(t, filepath.Join("..", "..", "engine", "testdata", "golden", name+".request.json"), id)
	resp := authed(t, "POST", base+"/api/v2/supplies", token, bytes.NewReader(body))
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("posting %s: %d", id, resp.StatusCode)
	}
}

// TestJournalThroughServer runs levy serve on a Badger data directory,
// posts invoices of two tenants through its API, and runs the journal
// commands while it holds the directory: --data-dir says that a server
// holds it and points to --server, and --server gives, for the tenant of
// the admin credential, what --data-dir gives once the server has
// stopped. Bad or missing credentials and another tenant are refused
// with an error that says so.
func TestJournalThroughServer(t *testing.T) {
	dir := t.TempDir()
	admin := createCredential(t, dir, "default", "levy://admin")
	acmeAdmin := createCredential(t, dir, "acme", "levy://admin")
	acmeAPI := createCredential(t, dir, "acme", "verx://migration-api")
	base, stop, _, devToken := startServe(t, dir, serveConfig{})
	stopped := false
	defer func() {
		if !stopped {
			_ = stop()
		}
	}()
	postInvoice(t, base, devToken, "sale-de-tax-included-invoice", "INV-DE-1")
	postInvoice(t, base, devToken, "sale-us-nexus-exemption-evidence", "INV-US-1")
	_, tok := requestToken(t, base, acmeAPI.ClientID, acmeAPI.ClientSecret, "verx://migration-api")
	postInvoice(t, base, tok["access_token"].(string), "sale-us-ca-los-angeles-quotation", "INV-ACME-1")

	code, _, errOut := runCLI(t, "journal", "report", "--data-dir", dir)
	if code != 1 || !strings.Contains(errOut, "held by another Levy process (levy serve, levy batch, ...)") || !strings.Contains(errOut, "--server URL") {
		t.Errorf("--data-dir while the server runs: exit %d, %s", code, errOut)
	}

	// The commands to compare, without the way to the journal.
	commands := [][]string{
		{"journal", "report", "--from", "2026-03-01", "--to", "2026-06-30"},
		{"journal", "report", "--json"},
		{"journal", "export"},
		{"journal", "export", "--format", "csv", "--from", "2026-06-01"},
	}
	remote := func(c credential, args ...string) []string {
		return append(args, "--server", base, "--client-id", c.ClientID, "--client-secret", c.ClientSecret)
	}
	through := map[string]string{}
	for _, args := range commands {
		code, out, errOut := runCLI(t, remote(admin, args...)...)
		if code != 0 {
			t.Fatalf("%v --server: exit %d, %s", args, code, errOut)
		}
		through[strings.Join(args, " ")] = out
	}
	if r := through["journal report --from 2026-03-01 --to 2026-06-30"]; !strings.Contains(r, "Tenant:        default\n") ||
		!strings.Contains(r, "Transactions:  2\n") || !strings.Contains(r, "USD 23.45") || strings.Contains(r, "INV-ACME") {
		t.Errorf("the report through the server:\n%s", r)
	}
	if e := through["journal export"]; strings.Count(e, "\n") != 2 || !strings.Contains(e, `"transactionId":"INV-DE-1"`) || strings.Contains(e, "INV-ACME-1") {
		t.Errorf("the export through the server:\n%.500s", e)
	}

	// An export to a file: its standard error, no terminal, has no
	// progress bar, and says that the export is of every posting date.
	file := filepath.Join(t.TempDir(), "journal.jsonl")
	code, _, errOut = runCLI(t, remote(admin, "journal", "export", "--out", file)...)
	written, err := os.ReadFile(file)
	if code != 0 || err != nil || string(written) != through["journal export"] || strings.Contains(errOut, "\r[") ||
		!strings.Contains(errOut, "every posting date") || !strings.Contains(errOut, "exported 2 transactions to "+file) {
		t.Errorf("export --out through the server: exit %d, %v, stderr %q", code, err, errOut)
	}

	// The tenant is the credential's.
	code, out, errOut := runCLI(t, remote(acmeAdmin, "journal", "export")...)
	if code != 0 || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"transactionId":"INV-ACME-1"`) {
		t.Errorf("acme's export: exit %d, %s %s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, remote(acmeAdmin, "journal", "report", "--tenant", "default")...)
	if code != 1 || !strings.Contains(errOut, "403") || !strings.Contains(errOut, "its own tenant, acme") {
		t.Errorf("acme's credential asking for default's journal: exit %d, %s", code, errOut)
	}

	// Credentials that do not do.
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"a wrong secret", []string{"journal", "report", "--server", base, "--client-id", admin.ClientID, "--client-secret", "wrong"}, 1, "refused the admin credential"},
		{"no secret", []string{"journal", "report", "--server", base, "--client-id", admin.ClientID}, 2, "--server needs an admin credential"},
		{"no credential", []string{"journal", "export", "--server", base}, 2, "--server needs an admin credential"},
		{"an API credential", remote(acmeAPI, "journal", "report"), 1, "refused the admin credential"},
		{"not a URL", []string{"journal", "report", "--server", "127.0.0.1:1", "--client-id", "x", "--client-secret", "y"}, 2, "want the http or https URL"},
		{"both ways", []string{"journal", "report", "--server", base, "--data-dir", dir}, 2, "give one"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, %s; want %d with %q", c.name, code, errOut, c.code, c.want)
		}
		if strings.Contains(errOut, admin.ClientSecret) {
			t.Errorf("%s: the error shows the secret: %s", c.name, errOut)
		}
	}

	// After the server stops, --data-dir gives the same.
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	stopped = true
	for _, args := range commands {
		code, out, errOut := runCLI(t, append(args, "--data-dir", dir)...)
		if code != 0 || out != through[strings.Join(args, " ")] {
			t.Errorf("%v: --data-dir (exit %d, %s):\n%s\n--server:\n%s", args, code, errOut, out, through[strings.Join(args, " ")])
		}
	}
}
