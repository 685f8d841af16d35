package cli

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestServeTenantCredentials: --tenant-credentials refuses a negative
// value at startup, naming the flag, and takes 0 (no limit).
func TestServeTenantCredentials(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := serveConfig{listening: func(string) { cancel() }}
	err := runServe(ctx, []string{"--addr", "127.0.0.1:0", "--data-dir", t.TempDir(), "--secrets-key-insecure-none",
		"--tenant-credentials", "-1"}, io.Discard, io.Discard, c)
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "--tenant-credentials -1") {
		t.Errorf("--tenant-credentials -1: %v, want a usage error naming the flag", err)
	}

	_, stop, _, token := startServe(t, t.TempDir(), serveConfig{}, "--tenant-credentials", "0")
	if token == "" {
		t.Error("no token from the server started with --tenant-credentials 0")
	}
	if err := stop(); err != nil {
		t.Fatalf("serve with --tenant-credentials 0: %v", err)
	}
}
