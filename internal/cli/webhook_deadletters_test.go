package cli

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

func TestDeadLettersCommand(t *testing.T) {
	dir := t.TempDir()
	got := make(chan string, 10)
	var healthy atomic.Bool
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !healthy.Load() {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		got <- r.Header.Get("Idempotency-Key")
		w.WriteHeader(http.StatusNoContent)
	}))
	defer target.Close()
	// A server's e-invoicing gives up an event after one attempt.
	ctx := levy.WithTenant(context.Background(), "acme")
	_, _, closeSvc := deadLetterIn(t, ctx, dir, target.URL)
	if code, _, errOut := runCLI(t, "webhook", "dead-letters", "list", "--data-dir", dir); code != 1 || !strings.Contains(errOut, "/admin/v1/einvoicing") {
		t.Errorf("beside a running server: %d %s", code, errOut)
	}
	if err := closeSvc(); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runCLI(t, "webhook", "dead-letters", "list", "--data-dir", dir, "--tenant", "acme")
	var list []einvoice.DeadLetter
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != 1 || list[0].TenantID != "acme" || list[0].Status != "Pending" {
		t.Fatalf("list: %d %s %s", code, out, errOut)
	}
	if _, out, _ := runCLI(t, "webhook", "dead-letters", "list", "--data-dir", dir, "--tenant", "globex"); strings.TrimSpace(out) != "[]" {
		t.Errorf("another tenant's list: %s", out)
	}
	for _, bad := range [][]string{
		{"webhook", "dead-letters"},
		{"webhook", "dead-letters", "list"},
		{"webhook", "dead-letters", "replay", "--data-dir", dir},
		{"webhook", "dead-letters", "replay", "--data-dir", dir, "--all", list[0].EventID},
		{"webhook", "dead-letters", "purge", "--data-dir", dir},
	} {
		if code, _, _ := runCLI(t, bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	if code, _, errOut := runCLI(t, "webhook", "dead-letters", "replay", "--data-dir", dir, "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f"); code != 1 || !strings.Contains(errOut, "no dead letter") {
		t.Errorf("unknown event: %d %s", code, errOut)
	}
	code, out, errOut = runCLI(t, "webhook", "dead-letters", "replay", "--data-dir", dir, "--all")
	if code != 0 || !strings.Contains(out, list[0].EventID) {
		t.Fatalf("replay: %d %s %s", code, out, errOut)
	}
	// The next server sends it, with the same key.
	healthy.Store(true)
	_, closeSvc, err := openTestEInvoice(ctx, dir, einvoice.Config{AllowPrivateTargets: true})
	if err != nil {
		t.Fatal(err)
	}
	defer closeSvc()
	select {
	case key := <-got:
		if key != list[0].EventID {
			t.Errorf("replayed with key %s, want %s", key, list[0].EventID)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the replayed event was not sent")
	}
}

// openTestEInvoice opens e-invoicing in the data directory dir as the
// server does, and returns the Service with the function that closes it
// and its store.
func openTestEInvoice(ctx context.Context, dir string, cfg einvoice.Config) (*einvoice.Service, func() error, error) {
	st, err := openStorage(ctx, dir, "", nil, false)
	if err != nil {
		return nil, nil, err
	}
	svc, err := st.einvoice(ctx, cfg)
	if err != nil {
		_ = st.Close()
		return nil, nil, err
	}
	return svc, st.Close, nil
}

// TestDeadLettersDrop drops a dead letter with the command: it is printed
// as it was and gone from the list; dropping it again, another tenant's
// drop and a drop without an ID fail.
func TestDeadLettersDrop(t *testing.T) {
	dir := t.TempDir()
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer target.Close()
	ctx := levy.WithTenant(context.Background(), "acme")
	svc, list, closeSvc := deadLetterIn(t, ctx, dir, target.URL)
	conn := list[0].WebhookID
	// The connection goes: replay refuses its letter, drop takes it.
	if _, err := svc.DeleteConnection(ctx, conn); err != nil {
		t.Fatal(err)
	}
	if err := closeSvc(); err != nil {
		t.Fatal(err)
	}
	id := list[0].EventID
	if code, _, _ := runCLI(t, "webhook", "dead-letters", "drop", "--data-dir", dir); code != 2 {
		t.Errorf("drop without an ID: exit %d, want 2", code)
	}
	if code, _, _ := runCLI(t, "webhook", "dead-letters", "drop", "--data-dir", dir, "--all"); code != 2 {
		t.Errorf("drop --all: exit %d, want 2", code)
	}
	if code, _, errOut := runCLI(t, "webhook", "dead-letters", "drop", "--data-dir", dir, "--tenant", "globex", id); code != 1 || !strings.Contains(errOut, "no dead letter") {
		t.Errorf("another tenant's drop: %d %s", code, errOut)
	}
	code, out, errOut := runCLI(t, "webhook", "dead-letters", "drop", "--data-dir", dir, "--tenant", "acme", id)
	var dropped []einvoice.DeadLetter
	if code != 0 || json.Unmarshal([]byte(out), &dropped) != nil || len(dropped) != 1 || dropped[0].EventID != id {
		t.Fatalf("drop: %d %s %s", code, out, errOut)
	}
	if _, out, _ := runCLI(t, "webhook", "dead-letters", "list", "--data-dir", dir); strings.TrimSpace(out) != "[]" {
		t.Errorf("the list after the drop: %s", out)
	}
	if code, _, errOut := runCLI(t, "webhook", "dead-letters", "drop", "--data-dir", dir, id); code != 1 || !strings.Contains(errOut, "no dead letter") {
		t.Errorf("a second drop: %d %s", code, errOut)
	}
}

// deadLetterIn opens e-invoicing in data directory dir as a server that
// gives up an event after one attempt, sends a document's Pending event to
// target, which must refuse it, and returns the running Service once the
// event is its one dead letter, with the list and the Service's close.
func deadLetterIn(t *testing.T, ctx context.Context, dir, target string) (*einvoice.Service, []einvoice.DeadLetter, func() error) {
	t.Helper()
	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	svc, closeSvc, err := openTestEInvoice(ctx, dir, einvoice.Config{MaxAttempts: 1, AllowPrivateTargets: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CreateConnection(ctx, einvoice.NewConnection{TargetURL: target, SecretKey: strings.Repeat("s", 32),
		Events: einvoice.Events{Statuses: []string{"Pending"}}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.Submit(ctx, doc, ""); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		list, err := svc.DeadLetters(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(list) == 1 {
			return svc, list, closeSvc
		}
		if time.Now().After(deadline) {
			t.Fatal("no dead letter")
		}
	}
}
