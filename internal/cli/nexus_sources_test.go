package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/levytax/levy/internal/pgtest"
)

// TestNexusReportSameFromEachSource: the report of one journal is the
// same, byte for byte, in each format, read from the data directory,
// from a PostgreSQL database that holds the same sales, and through a
// running levy serve.
func TestNexusReportSameFromEachSource(t *testing.T) {
	dir := t.TempDir()
	db := pgtest.URL(t)
	for i, c := range []struct{ company, amount string }{
		{"ACME", "70000.00"}, {"ACME", "40000.00"}, {`Globex "North", Inc.`, "85000.00"},
	} {
		req := fmt.Sprintf(`{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"WA-%d","documentDate":"2026-03-0%d",
			"seller":{"company":%q,"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
			"customer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
			"lineItems":[{"product":{"productClass":"GENERAL"},"extendedPrice":%s}]}`, i, i+1, c.company, c.amount)
		file := filepath.Join(dir, fmt.Sprintf("req%d.json", i))
		if err := os.WriteFile(file, []byte(req), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, store := range [][]string{{"--data-dir", dir}, {"--database", db}} {
			if code, _, errOut := runCLI(t, append(append([]string{"calc", "sale"}, store...), file)...); code != 0 {
				t.Fatalf("calc %v: exit %d, %s", store, code, errOut)
			}
		}
	}
	admin := createCredential(t, dir, "default", "levy://admin")
	base, stop, _, _ := startServe(t, dir, serveConfig{})
	stopped := false
	defer func() {
		if !stopped {
			_ = stop()
		}
	}()
	formats := []string{"text", "csv", "json"}
	through := map[string]string{}
	for _, f := range formats {
		code, out, errOut := runCLI(t, "nexus", "report", "--as-of", "2026-03-31", "--format", f,
			"--server", base, "--client-id", admin.ClientID, "--client-secret", admin.ClientSecret)
		if code != 0 {
			t.Fatalf("%s through the server: exit %d, %s", f, code, errOut)
		}
		through[f] = out
	}
	// Another tenant's report is refused, naming the tenant, in each
	// format.
	for _, f := range formats {
		code, out, errOut := runCLI(t, "nexus", "report", "--as-of", "2026-03-31", "--format", f, "--tenant", "globex",
			"--server", base, "--client-id", admin.ClientID, "--client-secret", admin.ClientSecret)
		if code == 0 || out != "" || !strings.Contains(errOut, "403") || !strings.Contains(errOut, "tenant") {
			t.Errorf("%s of another tenant: exit %d, %q, %s", f, code, out, errOut)
		}
	}
	// The table's columns line up, long company codes and Canada's
	// scheme included; CSV quotes a code with quotes and a comma.
	table := strings.SplitN(through["text"], "\n\n", 3)[1]
	lines := strings.Split(table, "\n")
	for _, l := range lines {
		if utf8.RuneCountInString(l) != utf8.RuneCountInString(lines[0]) {
			t.Errorf("a line of the table is not as wide as its header:\n%s\n%s", lines[0], l)
		}
	}
	if !strings.Contains(through["csv"], "\n\"Globex \"\"North\"\", Inc.\",WA,approaching,85000.00,1,100000,,sales,") {
		t.Errorf("csv:\n%s", through["csv"])
	}
	stopped = true
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	for _, f := range formats {
		for _, store := range [][]string{{"--data-dir", dir}, {"--database", db}} {
			code, local, errOut := runCLI(t, append([]string{"nexus", "report", "--as-of", "2026-03-31", "--format", f}, store...)...)
			if code != 0 || local != through[f] {
				t.Errorf("%s: the report of %s differs from the server's: exit %d, %s\n%s\n----\n%s", f, store[0], code, errOut, local, through[f])
			}
		}
	}
}

// TestNexusRegistrationsFileMissing: a --registrations file that cannot
// be read is an error naming the flag; it said "open x.csv: no such
// file or directory", which names neither the flag nor what the file
// is for.
func TestNexusRegistrationsFileMissing(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "nexus", "report", "--data-dir", dir, "--registrations", filepath.Join(dir, "missing.csv"))
	if code == 0 || !strings.Contains(errOut, "--registrations") || !strings.Contains(errOut, "missing.csv") {
		t.Errorf("exit %d, %s", code, errOut)
	}
}
