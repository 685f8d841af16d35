package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeStoreFailure: a store that can not be opened is a clear error,
// and the stores opened before it are closed.
func TestServeStoreFailure(t *testing.T) {
	dir := t.TempDir()
	// The credentials' directory is a file: auth.Open fails after the
	// journal opened.
	if err := os.WriteFile(filepath.Join(dir, "auth"), []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := runServe(context.Background(), []string{"--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text"}, io.Discard, io.Discard, serveConfig{})
	if err == nil || !strings.Contains(err.Error(), "auth") {
		t.Fatalf("err = %v", err)
	}
	// The journal was closed: it opens again.
	err = runServe(context.Background(), []string{"--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text"}, io.Discard, io.Discard, serveConfig{})
	if err == nil || strings.Contains(err.Error(), "lock") {
		t.Fatalf("second start: %v", err)
	}
}
