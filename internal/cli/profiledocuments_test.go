package cli

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// TestProfileExportCarriesScans moves a tenant whose certificates hold
// scans to other data directories through its exports: the JSON change
// set carries the scans, the CSV export writes them beside the files
// (each once, two certificates holding the same scan), and each import,
// offline or through --server, restores them. CSV files whose scans are
// not given are refused naming the row, a scan changed since the export
// or held by no certificate is refused naming its file, and nothing is
// stored.
func TestProfileExportCarriesScans(t *testing.T) {
	scan := []byte("%PDF-1.7\n% the resale certificate of C-1\n%%EOF\n")
	sum := profile.Digest(scan)
	from := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile)
	profileCLI(t, 0, append([]string{"import", "--data-dir", from, "--tenant", "acme"}, files...)...)

	admin := createCredential(t, from, "acme", "levy://admin")
	base, stop, _, _ := startServe(t, from, serveConfig{})
	c := consoleClient{t, base}
	tok := c.token(admin.ClientID, admin.ClientSecret, "levy://admin")
	for _, cert := range []string{"C-1/certificates/TX-1", "C-2/certificates/SP-1"} {
		c.must(http.StatusOK, "PUT", "/admin/v1/profile/customers/"+cert+"/document?fileName=resale.pdf", tok, "application/pdf", scan, nil)
	}
	// Through the server: the JSON export with its scans, the CSV files
	// with theirs.
	t.Setenv(clientIDEnv, admin.ClientID)
	t.Setenv(clientSecretEnv, admin.ClientSecret)
	exp := t.TempDir()
	remoteJSON := filepath.Join(exp, "remote.json")
	profileCLI(t, 0, "export", "--server", base, "--out", remoteJSON)
	remoteCSV := filepath.Join(exp, "remote")
	profileCLI(t, 0, "export", "--server", base, "--format", "csv", "--out", remoteCSV)
	if err := stop(); err != nil {
		t.Fatalf("serve: %v", err)
	}

	jsonOf := func(dir, tenant string) string {
		out, _ := profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", tenant)
		return out
	}
	want := jsonOf(from, "acme")
	var cs profile.ChangeSet
	if err := json.Unmarshal([]byte(want), &cs); err != nil {
		t.Fatal(err)
	}
	if len(cs.Documents) != 1 || cs.Documents[0].SHA256 != sum || !bytes.Equal(cs.Documents[0].Content, scan) {
		t.Fatalf("the JSON export carries %+v, want the one scan once", cs.Documents)
	}
	if b, err := os.ReadFile(remoteJSON); err != nil || string(b) != want {
		t.Fatalf("the export through the server differs from the one offline (%v):\n%s\n%s", err, b, want)
	}
	csvDir := filepath.Join(exp, "local")
	profileCLI(t, 0, "export", "--data-dir", from, "--tenant", "acme", "--format", "csv", "--out", csvDir)
	for _, dir := range []string{csvDir, remoteCSV} {
		docs, err := os.ReadDir(filepath.Join(dir, profilecsv.DocumentsDir))
		if err != nil || len(docs) != 1 || docs[0].Name() != sum+".pdf" {
			t.Fatalf("%s/documents holds %v (%v), want %s.pdf alone", dir, docs, err, sum)
		}
	}
	certs, err := os.ReadFile(filepath.Join(csvDir, "certificates.csv"))
	if err != nil || !strings.Contains(string(certs), ",document_sha256,document_file_name\n") || !strings.Contains(string(certs), sum+",resale.pdf") {
		t.Fatalf("certificates.csv does not name the scan (%v):\n%s", err, certs)
	}
	csvs := func(dir string) []string {
		var out []string
		for _, k := range profilecsv.Kinds {
			out = append(out, filepath.Join(dir, string(k)+".csv"))
		}
		return out
	}

	// Offline: the JSON export into a new directory.
	to := t.TempDir()
	if out, _ := profileCLI(t, 0, "import", "--data-dir", to, "--tenant", "acme", filepath.Join(exp, "remote.json")); !strings.Contains(out, ", 1 scan;") {
		t.Errorf("the JSON export imported: %s", out)
	}
	if got := jsonOf(to, "acme"); got != want {
		t.Errorf("the JSON export imported:\n%s\nwant\n%s", got, want)
	}
	// The CSV files without their scans name the rows; with them, the
	// same profile.
	_, errOut := profileCLI(t, 1, append([]string{"import", "--data-dir", to, "--tenant", "beta"}, csvs(csvDir)...)...)
	if !strings.Contains(errOut, "certificates.csv:2:document_sha256: no document "+sum) || !strings.Contains(errOut, "--documents DIR") {
		t.Errorf("the CSV files without their scans: %s", errOut)
	}
	// A desktop's hidden file beside the scans is no scan.
	if err := os.WriteFile(filepath.Join(csvDir, "documents", ".DS_Store"), []byte("\x00\x00\x00\x01Bud1"), 0o644); err != nil {
		t.Fatal(err)
	}
	profileCLI(t, 0, append([]string{"import", "--data-dir", to, "--tenant", "beta", "--documents", filepath.Join(csvDir, "documents")}, csvs(csvDir)...)...)
	if got := jsonOf(to, "beta"); got != want {
		t.Errorf("the CSV export imported with its scans:\n%s\nwant\n%s", got, want)
	}
	// Imported again, it changes nothing.
	if out, _ := profileCLI(t, 0, append([]string{"import", "--data-dir", to, "--tenant", "beta", "--documents", filepath.Join(csvDir, "documents")}, csvs(csvDir)...)...); !strings.Contains(out, "nothing changed") {
		t.Errorf("the CSV export imported again: %s", out)
	}

	// A scan changed since the export, and one that no certificate
	// holds: each named by its file, nothing stored.
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, sum+".pdf"), append(bytes.Clone(scan), '!'), 0o644); err != nil {
		t.Fatal(err)
	}
	other := []byte("%PDF-1.7\n% no certificate holds this\n")
	if err := os.WriteFile(filepath.Join(bad, profile.Digest(other)+".pdf"), other, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut = profileCLI(t, 1, append([]string{"import", "--data-dir", to, "--tenant", "gamma", "--documents", bad}, csvs(csvDir)...)...)
	if !strings.Contains(errOut, "documents/"+sum+".pdf: is not the SHA-256 of the content") ||
		!strings.Contains(errOut, "documents/"+profile.Digest(other)+".pdf: no certificate of the change set names document") {
		t.Errorf("the bad scans: %s", errOut)
	}
	if out, _ := profileCLI(t, 0, "list", "--data-dir", to, "--tenant", "gamma", "customers"); strings.Contains(out, "C-1") {
		t.Errorf("the refused import stored records:\n%s", out)
	}

	// Through a server: the JSON export (its scans sent first, each on
	// its own) and the CSV files with their scans.
	to2 := t.TempDir()
	acme := createCredential(t, to2, "acme", "levy://admin")
	beta := createCredential(t, to2, "beta", "levy://admin")
	base2, stop2, _, _ := startServe(t, to2, serveConfig{})
	t.Setenv(clientIDEnv, acme.ClientID)
	t.Setenv(clientSecretEnv, acme.ClientSecret)
	if _, errOut := profileCLI(t, 0, "import", "--server", base2, remoteJSON); !strings.Contains(errOut, "sent 1 scan to ") {
		t.Errorf("the JSON export imported through the server: %s", errOut)
	}
	t.Setenv(clientIDEnv, beta.ClientID)
	t.Setenv(clientSecretEnv, beta.ClientSecret)
	profileCLI(t, 0, append([]string{"import", "--server", base2, "--documents", filepath.Join(remoteCSV, "documents")}, csvs(remoteCSV)...)...)
	if err := stop2(); err != nil {
		t.Fatalf("serve: %v", err)
	}
	for _, tenant := range []string{"acme", "beta"} {
		if got := jsonOf(to2, tenant); got != want {
			t.Errorf("%s imported through the server:\n%s\nwant\n%s", tenant, got, want)
		}
	}
}

// TestProfileCSVExportWithoutScansImportsWithDocuments follows
// docs/profiles.md for a profile whose certificates hold no scan: the
// CSV export, then its import into another data directory with
// --documents DIR/documents, which the export made (empty) so that the
// same two commands move every profile.
func TestProfileCSVExportWithoutScansImportsWithDocuments(t *testing.T) {
	from := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile, "certificates.csv", certsFile)
	profileCLI(t, 0, append([]string{"import", "--data-dir", from, "--tenant", "acme"}, files...)...)
	exported := filepath.Join(t.TempDir(), "exported")
	profileCLI(t, 0, "export", "--data-dir", from, "--tenant", "acme", "--format", "csv", "--out", exported)
	docs, err := os.ReadDir(filepath.Join(exported, profilecsv.DocumentsDir))
	if err != nil || len(docs) != 0 {
		t.Fatalf("the export's documents directory: %v (%v), want it empty", docs, err)
	}
	var csvs []string
	for _, k := range profilecsv.Kinds {
		csvs = append(csvs, filepath.Join(exported, string(k)+".csv"))
	}
	to := t.TempDir()
	out, _ := profileCLI(t, 0, append([]string{"import", "--data-dir", to, "--tenant", "acme", "--documents", filepath.Join(exported, profilecsv.DocumentsDir)}, csvs...)...)
	if !strings.Contains(out, "2 customers, 2 certificates") {
		t.Errorf("the import of the export: %s", out)
	}
	want, _ := profileCLI(t, 0, "export", "--data-dir", from, "--tenant", "acme")
	if got, _ := profileCLI(t, 0, "export", "--data-dir", to, "--tenant", "acme"); got != want {
		t.Errorf("the profile moved:\n%s\nwant\n%s", got, want)
	}
	// --no-documents writes no such directory.
	bare := filepath.Join(t.TempDir(), "bare")
	profileCLI(t, 0, "export", "--data-dir", from, "--tenant", "acme", "--format", "csv", "--out", bare, "--no-documents")
	if _, err := os.Stat(filepath.Join(bare, profilecsv.DocumentsDir)); !os.IsNotExist(err) {
		t.Errorf("--no-documents made %s/documents (%v)", bare, err)
	}
}
