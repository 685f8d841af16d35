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

// TestHeldDataDirOneMessage: every store of a data directory is held by
// another process, as a running levy serve holds them. Each command that
// opens the directory here says it in one message from one place
// (heldError): the directory, that another Levy process holds it, to
// wait for it or stop it, and what to do through a running server where
// the command has a way (--server or the server's routes), never a way
// it lacks. Before, the messages differed per command: levy clients and
// levy webhook dead-letters said "a running server holds" the directory
// (which they cannot know) and gave neither the directory's name nor a
// way out but a vague "use its /admin/v1 routes", levy nexus rebuild
// (and --repair) sent the operator to read "the report" through the
// server, which has no route that rebuilds, and levy serve printed
// Badger's refusal alone.
func TestHeldDataDirOneMessage(t *testing.T) {
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
	a, err := badger.OpenAuth(ctx, authDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	e, err := badger.OpenEInvoice(ctx, einvoiceDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	held := "the data directory " + dir + " is held by another Levy process (levy serve, levy batch, ...), and Badger lets one process open it: " +
		"wait for that process to end, or stop it, and run this again"
	serverCreds := "with --server URL (env LEVY_SERVER) and an admin credential (LEVY_CLIENT_ID, LEVY_CLIENT_SECRET)"
	for _, c := range []struct {
		args []string
		// server is what the message says to do through a running
		// server; "" when it must say nothing of one.
		server string
	}{
		{[]string{"clients", "create", "--data-dir", dir, "--tenant", "acme", "--audience", "levy://api"}, "use its routes under /admin/v1/clients with an admin credential"},
		{[]string{"clients", "rotate", "--data-dir", dir, "C-1"}, "use its routes under /admin/v1/clients"},
		{[]string{"clients", "list", "--data-dir", dir}, "use its routes under /admin/v1/clients"},
		{[]string{"clients", "rotate-key", "--data-dir", dir}, "use its routes under /admin/v1/keys with the operator's credential"},
		{[]string{"clients", "keys", "--data-dir", dir}, "use its routes under /admin/v1/keys"},
		{[]string{"clients", "create", "--data-dir", dir, "--operator"}, ""},
		{[]string{"journal", "export", "--data-dir", dir}, "read the journal through it " + serverCreds},
		{[]string{"journal", "report", "--data-dir", dir}, "read the journal through it " + serverCreds},
		{[]string{"nexus", "report", "--data-dir", dir, "--tenant", "acme", "--as-of", "2026-03-31"}, "read the report through it " + serverCreds},
		{[]string{"nexus", "rebuild", "--data-dir", dir, "--tenant", "acme"}, ""},
		{[]string{"nexus", "rebuild", "--data-dir", dir, "--tenant", "acme", "--repair"}, ""},
		{[]string{"profile", "list", "customers", "--data-dir", dir}, "work through it " + serverCreds},
		{[]string{"webhook", "dead-letters", "list", "--data-dir", dir}, "use its routes under /admin/v1/einvoicing/dead-letters with an admin credential"},
		{[]string{"einvoice", "render", "--data-dir", dir, "--transaction", "INV-7"}, "render through it with POST /einvoicing/v1/transactions/INV-7/render"},
		{[]string{"serve", "--data-dir", dir, "--addr", "127.0.0.1:0", "--secrets-key-insecure-none"}, ""},
	} {
		name := strings.Join(c.args[:2], " ")
		code, _, errOut := runCLI(t, c.args...)
		// levy serve logs before it opens the stores: its error is the
		// line that levy's errors begin.
		if i := strings.Index(errOut, "\nlevy: "); i >= 0 {
			errOut = errOut[i+1:]
		}
		switch {
		case code == 0:
			t.Errorf("%s on a held data directory: exit 0", name)
		case !strings.HasPrefix(errOut, "levy: "+held):
			t.Errorf("%s on a held data directory does not begin by saying it so: %s", name, errOut)
		case c.server == "" && strings.Contains(errOut, "when it is a levy serve"):
			t.Errorf("%s on a held data directory offers a way through a server it lacks: %s", name, errOut)
		case c.server != "" && !strings.Contains(errOut, "; or, when it is a levy serve, "+c.server):
			t.Errorf("%s on a held data directory does not say %q: %s", name, c.server, errOut)
		case strings.Contains(errOut, "running server holds"):
			t.Errorf("%s on a held data directory names the holder: %s", name, errOut)
		}
	}
}
