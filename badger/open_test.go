package badger

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
)

func TestLogger(t *testing.T) {
	var buf bytes.Buffer
	l := logger{log: slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})), prefix: "journal: badger: "}
	l.Infof("info %d", 1)
	l.Debugf("debug %d", 2)
	l.Warningf("disk %s\n", "slow")
	l.Errorf("broken %d", 3)
	out := buf.String()
	if strings.Contains(out, "info 1") || strings.Contains(out, "debug 2") {
		t.Fatalf("informational messages were logged:\n%s", out)
	}
	if !strings.Contains(out, `level=WARN msg="journal: badger: disk slow"`) ||
		!strings.Contains(out, `level=ERROR msg="journal: badger: broken 3"`) {
		t.Fatalf("warnings and errors were not logged as such:\n%s", out)
	}
}

func TestGate(t *testing.T) {
	var g Gate
	if !g.Enter() {
		t.Fatal("Enter of an open gate failed")
	}
	closed := make(chan error, 1)
	ran := false
	go func() { closed <- g.Close(func() error { ran = true; return errors.New("boom") }) }()
	// Close waits for the call in progress; new calls fail meanwhile.
	for deadline := time.Now().Add(5 * time.Second); ; {
		if !g.Enter() {
			break
		}
		g.Leave()
		if time.Now().After(deadline) {
			t.Fatal("Close did not close the gate")
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned %v before the call left", err)
	case <-time.After(20 * time.Millisecond):
	}
	g.Leave()
	if err := <-closed; err == nil || err.Error() != "boom" || !ran {
		t.Fatalf("Close = %v (fn ran: %v), want fn's error", err, ran)
	}
	if err := g.Close(func() error { t.Fatal("second Close ran fn"); return nil }); err != nil {
		t.Fatalf("second Close = %v, want nil", err)
	}
	if g.Enter() {
		t.Fatal("Enter after Close succeeded")
	}
}

func TestAppendLP(t *testing.T) {
	for _, s := range []string{"", "acme", strings.Repeat("t", 200), strings.Repeat("x", 20000)} {
		b := AppendLP([]byte{'H'}, s)
		if len(b) != 1+LPSize(s) {
			t.Errorf("len %d: AppendLP wrote %d bytes, LPSize says %d", len(s), len(b)-1, LPSize(s))
		}
	}
	if b := AppendLP(nil, strings.Repeat("t", 200)); b[0] != 0xc8 || b[1] != 0x01 {
		t.Errorf("AppendLP of 200 bytes: % x", b[:2])
	}
}

func TestWrap(t *testing.T) {
	base := errors.New("disk full")
	if got := Wrap("journal", "post", "INV-1", base); got.Error() != "journal: post INV-1: disk full" || !errors.Is(got, base) {
		t.Errorf("Wrap = %v", got)
	}
	if got := Wrap("auth", "list", "", base); got.Error() != "auth: list: disk full" {
		t.Errorf("Wrap without subject = %v", got)
	}
	le := levy.Invalid("tenant", "tenant is empty")
	if got := Wrap("journal", "post", "x", le); got != error(le) {
		t.Errorf("Wrap changed a *levy.Error: %v", got)
	}
	if Wrap("journal", "post", "x", nil) != nil {
		t.Error("Wrap(nil) is not nil")
	}
}

func TestOpenSchema(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := Schema{Key: 'V', Version: "1", Store: "the test store"}
	db, err := Open(ctx, bdb.DefaultOptions(dir), "test", nil, s)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = Open(ctx, bdb.DefaultOptions(dir), "test", nil, s)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	_ = db.Close()
	s.Version = "2"
	_, err = Open(ctx, bdb.DefaultOptions(dir), "test", nil, s)
	want := `test: open ` + dir + `: the test store has schema version "1", this Levy supports version "2" only: ` +
		`open it with the Levy that wrote it (a newer one, or a release that upgrades version "1"), or give this Levy a new directory`
	if err == nil || err.Error() != want {
		t.Fatalf("Open with another version = %v, want %s", err, want)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Open(cctx, bdb.DefaultOptions(dir), "test", nil, s); !errors.Is(err, context.Canceled) {
		t.Fatalf("Open with a canceled context = %v", err)
	}
}
