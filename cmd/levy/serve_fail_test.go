package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
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

// TestServeStorageFault deletes the journal's directory under a running
// server: invoices are refused with 503 instead of acknowledged and lost,
// /healthz says which store fails, and the server still stops.
func TestServeStorageFault(t *testing.T) {
	dir := t.TempDir()
	base, stop, logs, token := startServe(t, dir, serveConfig{})
	post := func(id string) *http.Response {
		body := strings.Replace(serveQuotation, `"serve-1"`, `"`+id+`"`, 1)
		return authed(t, "POST", base+"/api/v2/supplies", token, strings.NewReader(body))
	}
	if resp := post("fault-1"); resp.StatusCode != 200 {
		t.Fatalf("before the fault: %s", resp.Status)
	}
	if err := os.RemoveAll(journalDir(dir)); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		resp := post(fmt.Sprintf("fault-%d", i+2))
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), `"unavailable"`) {
			t.Fatalf("invoice %d after the fault: %s %s", i+2, resp.Status, b)
		}
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 503 || !strings.Contains(string(b), `"journal"`) || strings.Contains(string(b), `"einvoice"`) {
		t.Errorf("healthz after the fault: %s %s", resp.Status, b)
	}
	if err := stop(); err != nil {
		t.Errorf("stop: %v", err)
	}
	if !strings.Contains(logs.String(), "journal: close") {
		t.Errorf("the journal's close error is not in the log:\n%s", logs)
	}
}
