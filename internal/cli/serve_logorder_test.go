package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeLogsListeningOnlyOnceReady: a start whose store fails to open
// logs "starting" and then fails, and never "listening", which an
// operator reads as a node that served. A start that succeeds logs
// "starting", then "listening" and "ready".
func TestServeLogsListeningOnlyOnceReady(t *testing.T) {
	msgs := func(t *testing.T, logs string) []string {
		t.Helper()
		var got []string
		for _, raw := range strings.Split(strings.TrimSpace(logs), "\n") {
			var l struct{ Msg string }
			if err := json.Unmarshal([]byte(raw), &l); err != nil {
				t.Fatalf("%v: %s", err, raw)
			}
			got = append(got, l.Msg)
		}
		return got
	}
	has := func(list []string, m string) bool {
		for _, x := range list {
			if x == m {
				return true
			}
		}
		return false
	}

	t.Run("failing store", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "auth"), []byte("not a directory"), 0o600); err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		err := runServe(context.Background(), []string{"--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "json",
			"--secrets-key-insecure-none"}, io.Discard, &stderr, serveConfig{})
		if err == nil {
			t.Fatal("the start succeeded")
		}
		got := msgs(t, stderr.String())
		if !has(got, "starting") || has(got, "listening") || has(got, "ready") {
			t.Fatalf("a failed start logged %q; want starting, and neither listening nor ready", got)
		}
	})

	t.Run("good start", func(t *testing.T) {
		_, stop, logs, _ := startServe(t, t.TempDir(), serveConfig{})
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		var order []string
		for _, line := range strings.Split(logs.String(), "\n") {
			for _, m := range []string{"starting", "listening", "ready"} {
				if strings.Contains(line, "msg="+m+" ") {
					order = append(order, m)
				}
			}
		}
		if strings.Join(order, ",") != "starting,listening,ready" {
			t.Fatalf("start-up lines %q; want starting, listening, ready:\n%s", order, logs.String())
		}
	})
}
