package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/badger"
)

// TestHeldDataDirNamesNoHolder: the journal and the tax profiles of a
// data directory are held by another process, as a levy batch with a
// journal holds them while it runs. Each command that reads the
// directory here and meets Badger's directory lock says that another
// Levy process holds it (levy serve, levy batch, ...), and what to do
// when that is a server, and never that a running levy serve holds it,
// which it cannot know. Before, every one of them said "is held by a
// running levy serve" whatever the holder, and sent the operator to look
// for a server that did not run.
func TestHeldDataDirNamesNoHolder(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	j, err := badger.OpenJournal(ctx, journalDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	p, err := badger.OpenProfile(ctx, profileDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	req := filepath.Join("..", "..", "engine", "testdata", "sale_invoice.json")
	wantMsg := "the data directory " + dir + " is held by another Levy process (levy serve, levy batch, ...), and Badger lets one process open it"
	for _, args := range [][]string{
		{"calc", "sale", "--data-dir", dir, req},
		{"batch", "sale", "--data-dir", dir, "--quiet", "--in", req, "--out", filepath.Join(t.TempDir(), "out.jsonl")},
		{"journal", "report", "--data-dir", dir},
		{"nexus", "report", "--data-dir", dir, "--tenant", "acme", "--as-of", "2026-03-31"},
		{"profile", "list", "customers", "--data-dir", dir},
		{"einvoice", "render", "--data-dir", dir, "--transaction", "INV-7"},
	} {
		code, _, errOut := runCLI(t, args...)
		if code == 0 || !strings.Contains(errOut, wantMsg) || strings.Contains(errOut, "running levy serve") || !strings.Contains(errOut, "when it is a levy serve") {
			t.Errorf("%s on a held data directory: exit %d, %s", strings.Join(args[:2], " "), code, errOut)
		}
	}
}
