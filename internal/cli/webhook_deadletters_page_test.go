package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
)

// TestDeadLettersCommandPages: list and replay --all read the list a page
// at a time: with pages of 2, list prints the whole list of 5 as one JSON
// array, as printJSON prints it, in the list's order, and replay --all
// replays all 5.
func TestDeadLettersCommandPages(t *testing.T) {
	was := deadLetterPageSize
	deadLetterPageSize = 2
	t.Cleanup(func() { deadLetterPageSize = was })
	dir := t.TempDir()
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer target.Close()
	ctx := levy.WithTenant(context.Background(), "acme")
	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	svc, closeSvc, err := openTestEInvoice(ctx, dir, einvoice.Config{MaxAttempts: 1, AllowPrivateTargets: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CreateConnection(ctx, einvoice.NewConnection{TargetURL: target.URL, SecretKey: strings.Repeat("s", 32),
		Events: einvoice.Events{Statuses: []string{"Pending"}}}); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, _, err := svc.Submit(ctx, doc, ""); err != nil {
			t.Fatal(err)
		}
	}
	var whole []einvoice.DeadLetter
	for deadline := time.Now().Add(10 * time.Second); len(whole) < 5; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("dead letters: %d, want 5", len(whole))
		}
		if whole, err = svc.DeadLetters(ctx, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := closeSvc(); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := printJSON(&want, whole); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "webhook", "dead-letters", "list", "--data-dir", dir)
	if code != 0 || out != want.String() {
		t.Fatalf("list in pages of 2: %d %s\n%s\nwant\n%s", code, errOut, out, want.String())
	}
	code, out, errOut = runCLI(t, "webhook", "dead-letters", "replay", "--data-dir", dir, "--all")
	var replayed []einvoice.DeadLetter
	if i := strings.Index(out, "["); code != 0 || i < 0 || json.Unmarshal([]byte(out[i:]), &replayed) != nil || len(replayed) != 5 {
		t.Fatalf("replay --all in pages of 2: %d %s %s", code, out, errOut)
	}
	for i := range replayed {
		if replayed[i].EventID != whole[i].EventID {
			t.Errorf("replayed %d: %s, want %s (the list's order)", i, replayed[i].EventID, whole[i].EventID)
		}
	}
	if _, out, _ := runCLI(t, "webhook", "dead-letters", "list", "--data-dir", dir); strings.TrimSpace(out) != "[]" {
		t.Errorf("the list after replay --all: %s", out)
	}
}
