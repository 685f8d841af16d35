package cli

import (
	"bytes"
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
	// The credentials' directory is a file: badger.OpenAuth fails after the
	// journal opened.
	if err := os.WriteFile(filepath.Join(dir, "auth"), []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := runServe(context.Background(), []string{"--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text", "--secrets-key-insecure-none"}, io.Discard, io.Discard, serveConfig{})
	if err == nil || !strings.Contains(err.Error(), "auth") {
		t.Fatalf("err = %v", err)
	}
	// The journal was closed: it opens again.
	err = runServe(context.Background(), []string{"--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text", "--secrets-key-insecure-none"}, io.Discard, io.Discard, serveConfig{})
	if err == nil || strings.Contains(err.Error(), "lock") {
		t.Fatalf("second start: %v", err)
	}
}

// TestServeStorageFault deletes the data directory under a running
// server: invoices and e-invoices are refused with 503 instead of
// acknowledged and lost, /healthz names every store that fails (the
// journal, the e-invoicing, auth and profile stores), and the
// server still stops.
func TestServeStorageFault(t *testing.T) {
	dir := t.TempDir()
	base, stop, logs, token := startServe(t, dir, serveConfig{})
	post := func(id string) *http.Response {
		body := strings.Replace(serveQuotation, `"serve-1"`, `"`+id+`"`, 1)
		return authed(t, "POST", base+"/api/v2/supplies", token, strings.NewReader(body))
	}
	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	submit := func() *http.Response {
		req, _ := http.NewRequest("POST", base+"/einvoicing/v1/documents", bytes.NewReader(doc))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/xml")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	if resp := post("fault-1"); resp.StatusCode != 200 {
		t.Fatalf("an invoice before the fault: %s", resp.Status)
	}
	if resp := submit(); resp.StatusCode != 202 {
		t.Fatalf("an e-invoice before the fault: %s", resp.Status)
	}
	// The stores go on writing while the directory goes (the e-invoice
	// just submitted is being processed), so a file may appear in a
	// directory between the listing and the removal: remove again.
	for range 50 {
		if err = os.RemoveAll(dir); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	unavailable := func(what string, resp *http.Response) {
		t.Helper()
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), `"unavailable"`) {
			t.Errorf("%s after the fault: %s %s", what, resp.Status, b)
		}
	}
	for i := range 3 {
		unavailable(fmt.Sprintf("invoice %d", i+2), post(fmt.Sprintf("fault-%d", i+2)))
		unavailable(fmt.Sprintf("e-invoice %d", i+2), submit())
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, store := range []string{`"journal"`, `"einvoice"`, `"auth"`, `"profile"`} {
		if resp.StatusCode != 503 || !strings.Contains(string(b), store) {
			t.Errorf("healthz after the fault: %s %s, want %s failing", resp.Status, b, store)
		}
	}
	if err := stop(); err != nil {
		t.Errorf("stop: %v", err)
	}
	for _, store := range []string{"journal: close", "einvoice: close", "auth: close", "profile: close"} {
		if !strings.Contains(logs.String(), store) {
			t.Errorf("%q is not in the log:\n%s", store, logs)
		}
	}
}
