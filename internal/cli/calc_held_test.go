package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/badger"
)

// TestCalcOnHeldDataDir runs levy calc and levy batch with --data-dir on
// a directory whose journal another process holds, as a running levy
// serve does: each says that another Levy process holds the directory
// and, when that is a server, to calculate through its API, rather than
// Badger's lock error alone;
// batch exits 2, the status docs/batch.md gives an I/O error.
func TestCalcOnHeldDataDir(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	held, err := badger.OpenJournal(ctx, journalDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	req := filepath.Join("..", "..", "engine", "testdata", "sale_invoice.json")
	for _, args := range [][]string{
		{"calc", "sale", "--data-dir", dir, req},
		{"batch", "sale", "--data-dir", dir, "--quiet", "--in", req, "--out", filepath.Join(t.TempDir(), "out.jsonl")},
	} {
		code, _, errOut := runCLI(t, args...)
		if code == 0 || args[0] == "batch" && code != 2 || !strings.Contains(errOut, "held by another Levy process (levy serve, levy batch, ...)") || !strings.Contains(errOut, "/api/v2") {
			t.Errorf("%s on a held data directory: exit %d, %s", strings.Join(args[:2], " "), code, errOut)
		}
	}
}
