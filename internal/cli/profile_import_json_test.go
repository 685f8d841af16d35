package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// TestProfileImportJSONKeepsRevocation imports back, over a data
// directory, the JSON export made before a certificate was revoked: as
// CSV files would be, it is refused naming the certificate's place in
// the change set and stores nothing, and --reinstate-revoked makes the
// certificate active on purpose; through a server (--server, the admin
// route's reinstateRevoked) alike.
func TestProfileImportJSONKeepsRevocation(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile)
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	export := filepath.Join(t.TempDir(), "profile.json")
	profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", "acme", "--out", export)
	revoke := writeFiles(t, "revoke.csv", certsHeader[:len(certsHeader)-1]+",revoked_date\nTX-1,C-1,TX,G,,2026-01-01,2026-12-31,,revoked,2026-03-01\n")
	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "acme", revoke[0])
	show := func() profileadmin.CertificateDetail { return showCertificate(t, dir, "acme", "C-1", "TX-1") }
	before := show()

	_, errOut := profileCLI(t, 1, "import", "--data-dir", dir, "--tenant", "acme", export)
	if !strings.Contains(errOut, "certificates[0].status") || !strings.Contains(errOut, "TX-1 of customer C-1 is revoked (from 2026-03-01)") ||
		!strings.Contains(errOut, "--reinstate-revoked") {
		t.Errorf("the JSON import un-revoking TX-1: %s", errOut)
	}
	if after := show(); !after.Certificate.Revoked() || len(after.Versions) != len(before.Versions) {
		t.Errorf("TX-1 after the refused import: %+v, %d versions (were %d)", after.Certificate, len(after.Versions), len(before.Versions))
	}

	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "acme", "--reinstate-revoked", export)
	if after := show(); after.Certificate.Revoked() {
		t.Errorf("TX-1 after --reinstate-revoked: %+v", after.Certificate)
	}

	// Through a server that holds the directory, alike.
	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "acme", revoke[0])
	base := serveAsAdmin(t, dir, "acme")
	if _, errOut := profileCLI(t, 1, "import", "--server", base, export); !strings.Contains(errOut, "certificates[0].status") ||
		!strings.Contains(errOut, "TX-1 of customer C-1 is revoked (from 2026-03-01)") {
		t.Errorf("import --server of the JSON export un-revoking TX-1: %s", errOut)
	}
	profileCLI(t, 0, "import", "--server", base, "--reinstate-revoked", export)
	out, _ := profileCLI(t, 0, "show", "--server", base, "certificate", "C-1", "TX-1")
	var cert profileadmin.CertificateDetail
	if err := json.Unmarshal([]byte(out), &cert); err != nil || cert.Certificate == nil || cert.Certificate.Revoked() {
		t.Errorf("TX-1 after import --server --reinstate-revoked: %v %s", err, out)
	}
}

// TestProfileExportCSVNeedsOut checks that export --format csv without
// --out names the files it writes, one of each kind (it said four, of
// five).
func TestProfileExportCSVNeedsOut(t *testing.T) {
	_, errOut := profileCLI(t, 2, "export", "--data-dir", t.TempDir(), "--format", "csv")
	if !strings.Contains(errOut, "customers.csv, certificates.csv, registrations.csv, products.csv, franchises.csv") || strings.Contains(errOut, "four") {
		t.Errorf("export --format csv without --out: %s", errOut)
	}
}

// TestProfileImportJSONReadStrictly imports, over a data directory, JSON
// change sets that encoding/json would read in part: a member given
// twice (the first list was dropped) and a second change set after the
// first (ignored). Each is refused naming what is wrong, as the import
// route refuses the same body, and nothing is stored.
func TestProfileImportJSONReadStrictly(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, body, want string }{
		{"twice", `{"customers":[{"code":"C-1","name":"One"}],"customers":[{"code":"C-2","name":"Two"}]}`, "customers: appears more than once"},
		{"two", `{"customers":[{"code":"C-1","name":"One"}]}` + "\n" + `{"customers":[{"code":"C-2","name":"Two"}]}`, "more data follows"},
		{"member", `{"customers":[{"code":"C-1","nmae":"One"}]}`, "customers[0].nmae"},
	} {
		f := writeFiles(t, "profile.json", c.body)
		if _, errOut := profileCLI(t, 1, "import", "--data-dir", dir, "--tenant", "acme", f[0]); !strings.Contains(errOut, c.want) {
			t.Errorf("%s: %s", c.name, errOut)
		}
	}
	if _, errOut := profileCLI(t, 0, "list", "--data-dir", dir, "--tenant", "acme", "customers"); !strings.HasPrefix(errOut, "0 of 0 ") {
		t.Errorf("after the refused imports: %s", errOut)
	}
}

// TestProfileListStatusAnyCase lists the revoked certificates of a data
// directory with --status Revoked, as the admin route (and so --server)
// reads the status in any case; the command refused it offline.
func TestProfileListStatusAnyCase(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv",
		certsHeader[:len(certsHeader)-1]+",revoked_date\nTX-1,C-1,TX,G,,2026-01-01,2026-12-31,,revoked,2026-03-01\n")
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	out, errOut := profileCLI(t, 0, "list", "--data-dir", dir, "--tenant", "acme", "certificates", "--status", "Revoked")
	if !strings.Contains(out, "TX-1") || !strings.HasPrefix(errOut, "1 of 1 ") {
		t.Errorf("list --status Revoked:\n%s%s", out, errOut)
	}
}

// TestProfileImportUnreadableFileFirst checks that levy profile import
// refuses a file, or a --documents directory, it cannot read before it
// opens the profile store: it used to make the store (DIR/profile) in a
// new --data-dir, then say that the file could not be read.
func TestProfileImportUnreadableFileFirst(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "levy-data")
	missing := filepath.Join(t.TempDir(), "customers.csv")
	csv := writeFiles(t, "customers.csv", customersFile)[0]
	for _, args := range [][]string{
		{"profile", "import", "--data-dir", dir, missing},
		{"profile", "import", "--data-dir", dir, strings.TrimSuffix(missing, ".csv") + ".json"},
		{"profile", "import", "--data-dir", dir, t.TempDir()},
		{"profile", "import", "--data-dir", dir, "--documents", missing, csv},
	} {
		want := "the import file " + args[len(args)-1]
		if args[4] == "--documents" {
			want = "--documents " + missing + " cannot be read"
		}
		code, out, errOut := runCLI(t, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 naming the file", args, code, out, errOut)
		}
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("levy profile import of a file it cannot read made its --data-dir: %v", err)
	}
}
