package browsertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLaunchFailureLeavesNothing starts a "browser" that exits at once, as
// Chromium now and then does on a loaded machine, and checks that the
// attempt reports it and removes the directories it made, so that Start's
// next attempt begins from nothing.
func TestLaunchFailureLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	fake := filepath.Join(t.TempDir(), "chromium")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho 'exiting before DevTools' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := launch(t, fake)
	if err == nil || !strings.Contains(err.Error(), "exiting before DevTools") {
		t.Fatalf("launch of a browser that exits: err = %v, want the browser's output", err)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("failed launch left %s behind", e.Name())
	}
}
