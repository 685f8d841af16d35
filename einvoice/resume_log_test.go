package einvoice_test

import (
	"net/http"
	"strings"
	"testing"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestNewLogsTheWorkItResumes: a Service that starts over a store holding
// documents not yet processed and events not yet sent (left by a run that
// was killed) says so at its start, with how many of each, so that the
// operator who restarts a node after a crash sees what it takes up.
// Before, the start resumed them without a word.
func TestNewLogsTheWorkItResumes(t *testing.T) {
	dir := t.TempDir()
	tg := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusOK, nil })
	// A passive Service stores the submission and its event and processes
	// nothing: the state a node killed at once after the 202 leaves.
	first, _ := open(t, dir, Config{Passive: true})
	connect(t, first, "acme", tg, Events{Statuses: []string{webhook.StatusPending}}, false)
	for range 2 {
		if _, _, err := first.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}

	_, logs := open(t, dir, Config{})
	line := ""
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "resumed the work left by an earlier run") {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("the start does not say what it resumed:\n%s", logs.String())
	}
	for _, want := range []string{"documents=2", "connections=1"} {
		if !strings.Contains(line, want) {
			t.Errorf("the start's line %q lacks %s", line, want)
		}
	}

	// A start with nothing left to do says nothing of the kind.
	_, emptyLogs := open(t, t.TempDir(), Config{})
	if strings.Contains(emptyLogs.String(), "resumed the work") {
		t.Errorf("a start over an empty store says it resumed work:\n%s", emptyLogs.String())
	}
}
