package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice/ubl"
)

// noDashFile fails t when the working directory holds a file named "-".
func noDashFile(t *testing.T, what string) {
	t.Helper()
	if _, err := os.Stat("-"); err == nil {
		t.Errorf(`%s made a file named "-"`, what)
		os.Remove("-")
	}
}

// TestEInvoiceRenderOutDashIsStandardOutput: levy einvoice render --out -
// writes the e-invoice to standard output, as levy journal export and
// levy batch take --out -, and makes no file. It wrote a file named "-"
// in the working directory and said "wrote the invoice ... to -".
func TestEInvoiceRenderOutDashIsStandardOutput(t *testing.T) {
	dir := t.TempDir()
	sale := filepath.Join(t.TempDir(), "sale.json")
	if err := os.WriteFile(sale, []byte(crossBorderSale), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, sale); code != 0 {
		t.Fatalf("calc: exit %d, %s", code, errOut)
	}
	t.Chdir(t.TempDir())
	code, out, errOut := runCLI(t, "einvoice", "render", "--data-dir", dir, "--transaction", "INV-7", "--out", "-")
	d, err := ubl.Read([]byte(out))
	if code != 0 || err != nil || d.ID != "2026-0815" {
		t.Errorf("render --out -: exit %d, %v, stderr %s, stdout %.200s; want the invoice on standard output", code, err, errOut, out)
	}
	if strings.Contains(errOut, "to -") {
		t.Errorf("render --out - says it wrote a file: %s", errOut)
	}
	noDashFile(t, "einvoice render --out -")
}

// TestProfileExportOutDashIsStandardOutput: levy profile export --out -
// writes the change set to standard output, and --format csv --out -,
// whose files need a directory, is a usage error naming --out DIR. Both
// made a file, or a directory, named "-".
func TestProfileExportOutDashIsStandardOutput(t *testing.T) {
	dir := t.TempDir()
	files := writeFiles(t, "customers.csv", customersFile)
	profileCLI(t, 0, append([]string{"import", "--data-dir", dir, "--tenant", "acme"}, files...)...)
	t.Chdir(t.TempDir())
	out, _ := profileCLI(t, 0, "export", "--data-dir", dir, "--tenant", "acme", "--out", "-")
	var cs struct {
		Customers []struct {
			Code string `json:"code"`
		} `json:"customers"`
	}
	if err := json.Unmarshal([]byte(out), &cs); err != nil || len(cs.Customers) == 0 || cs.Customers[0].Code == "" {
		t.Errorf("export --out -: %v, stdout %.300s; want the change set on standard output", err, out)
	}
	noDashFile(t, "profile export --out -")
	_, errOut := profileCLI(t, 2, "export", "--data-dir", dir, "--tenant", "acme", "--format", "csv", "--out", "-")
	if !strings.Contains(errOut, "--out DIR") {
		t.Errorf("export --format csv --out -: %s; want a usage error naming --out DIR", errOut)
	}
	noDashFile(t, "profile export --format csv --out -")
}

// TestBatchEmptyOutIsStandardOutput: levy batch --out "" (an unset
// variable) writes to standard output, as levy journal export --out ""
// does; it failed saying that "path" is empty.
func TestBatchEmptyOutIsStandardOutput(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.jsonl")
	if err := os.WriteFile(in, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", "")
	if code != 0 || strings.Contains(errOut, "path") {
		t.Errorf(`batch --out "": exit %d, %s; want a run to standard output`, code, errOut)
	}
}
