package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/batchtest"
)

// TestBatchRefusesBadTenant: levy batch with a --tenant that no
// credential may carry (a space at an end, a control character, more
// than 200 bytes) is a usage error (exit 2) naming --tenant, given
// before the output is created or anything stored. The run stored its
// invoices under " acme", which no caller of the API can read, and
// exited 0; a tenant too long for the journal failed every document on
// its own (exit 1).
func TestBatchRefusesBadTenant(t *testing.T) {
	dir := t.TempDir()
	in, ids := batchtest.InvoiceFile(t, dir, 3)
	data := filepath.Join(dir, "data")
	for i, tenant := range []string{" acme", "acme\x01", strings.Repeat("t", 201)} {
		out := filepath.Join(dir, "out"+string(rune('a'+i))+".jsonl")
		code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--data-dir", data, "--tenant", tenant)
		if code != 2 || !strings.Contains(errOut, "--tenant") {
			t.Errorf("--tenant %.20q: exit %d, %s; want 2 naming --tenant", tenant, code, errOut)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--tenant %.20q: the output was created", tenant)
		}
	}
	if _, err := os.Stat(data); err != nil {
		return // nothing was opened, so nothing stored
	}
	j, closeJ := openJournalAt(t, data)
	defer closeJ()
	for _, tenant := range []string{" acme", "acme\x01"} {
		for _, id := range ids {
			if ok, _ := j.Exists(context.Background(), tenant, id); ok {
				t.Errorf("%s was stored under tenant %q", id, tenant)
			}
		}
	}
}
