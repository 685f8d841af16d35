package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingInputFilesNamedWithExit2: every command refuses an input
// file that cannot be read (missing, or a directory) naming the flag or
// argument that gave it and its path, with exit status 2, as an I/O
// error that keeps the command from running (exit.go). Before, most
// said only "open PATH: no such file or directory", some behind a
// library's words ("engine: content: content: open ...", "rule file:
// open ..."), and calc, profile import, --content and the TLS files
// ended with exit status 1, as a failed calculation does.
func TestMissingInputFilesNamedWithExit2(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "data")
	missing := func(name string) string { return filepath.Join(tmp, "no-such", name) }
	csv := writeFiles(t, "customers.csv", customersFile)[0]
	serve := []string{"serve", "--addr", "127.0.0.1:0", "--data-dir", dir, "--secrets-key-insecure-none"}
	for _, c := range []struct {
		args []string
		want string // what the message names, before its path
		path string
	}{
		{[]string{"calc", "sale", missing("sale.json")}, "the request file", missing("sale.json")},
		{[]string{"calc", "sale", tmp}, "the request file", tmp},
		{[]string{"batch", "sale", "--in", missing("in.jsonl")}, "--in", missing("in.jsonl")},
		{[]string{"calc", "sale", "--rules", missing("rules.json"), csv}, "--rules", missing("rules.json")},
		{[]string{"batch", "sale", "--rules", missing("rules.json"), "--in", csv}, "--rules", missing("rules.json")},
		{[]string{"calc", "sale", "--content", missing("rates.csv"), csv}, "--content", missing("rates.csv")},
		{[]string{"calc", "sale", "--content", "sst:" + missing("rates.csv"), csv}, "--content", missing("rates.csv")},
		{[]string{"lookup", "address", "--content", missing("rates.csv"), "--street", "1 Main St", "--city", "Denver", "--state", "CO", "--zip", "80202"},
			"--content", missing("rates.csv")},
		{[]string{"data", "coverage", "--content", missing("rates.csv")}, "--content", missing("rates.csv")},
		{[]string{"profile", "import", "--data-dir", dir, missing("changes.json")}, "the import file", missing("changes.json")},
		{[]string{"profile", "import", "--data-dir", dir, missing("customers.csv")}, "the import file", missing("customers.csv")},
		{[]string{"profile", "import", "--data-dir", dir, filepath.Dir(csv)}, "the import file", filepath.Dir(csv)},
		{[]string{"profile", "import", "--data-dir", dir, "--documents", missing("documents"), csv}, "--documents", missing("documents")},
		{[]string{"profile", "import", "--data-dir", dir, "--rules", missing("rules.json"), csv}, "--rules", missing("rules.json")},
		{[]string{"nexus", "report", "--data-dir", dir, "--registrations", missing("regs.csv")}, "--registrations", missing("regs.csv")},
		{append(serve[:len(serve):len(serve)], "--rules", missing("rules.json")), "--rules", missing("rules.json")},
		{append(serve[:len(serve):len(serve)], "--content", missing("rates.csv")), "--content", missing("rates.csv")},
		{append(serve[:len(serve):len(serve)], "--tls-cert-file", missing("cert.pem"), "--tls-key-file", missing("key.pem")), "--tls-cert-file", missing("cert.pem")},
		{append(serve[:len(serve):len(serve)], "--tls-cert-file", csv, "--tls-key-file", missing("key.pem")), "--tls-key-file", missing("key.pem")},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errOut, strings.TrimSpace(c.want+" "+c.path)) {
			t.Errorf("levy %s: exit %d, %s; want exit 2 naming %q", strings.Join(c.args, " "), code, errOut, strings.TrimSpace(c.want+" "+c.path))
		}
	}
}

// TestUnwritableOutNamedWithExit2: an --out file whose directory does not
// exist is refused naming --out and its path, with exit status 2, by
// batch, journal export and profile export alike. Before, journal export
// named the temporary file it writes first (".incoming-..."), profile
// export and batch said only "open PATH: ...", and the exports exited 1.
func TestUnwritableOutNamedWithExit2(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "data")
	in := writeFiles(t, "in.jsonl", "")[0]
	out := filepath.Join(tmp, "no-such", "out")
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "../../engine/testdata/sale_invoice.json"); code != 0 {
		t.Fatalf("calc: exit %d, %s", code, errOut)
	}
	for _, args := range [][]string{
		{"batch", "sale", "--in", in, "--out", out},
		{"journal", "export", "--data-dir", dir, "--out", out},
		{"profile", "export", "--data-dir", dir, "--out", out},
	} {
		code, _, errOut := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, "--out "+out+" cannot be written") || strings.Contains(errOut, ".incoming") {
			t.Errorf("levy %s: exit %d, %s; want exit 2 naming --out %s", strings.Join(args, " "), code, errOut, out)
		}
	}
}
