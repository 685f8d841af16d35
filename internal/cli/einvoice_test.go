package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// child is levy serve running as a child process.
type child struct {
	cmd    *exec.Cmd
	base   string
	token  string
	stderr *syncBuilder
}

// startChild starts levy serve --dev on dir in a child process, with
// args, and waits until it is ready.
func startChild(t *testing.T, dir string, args ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"--", "serve", "--dev", "--addr", "127.0.0.1:0", "--log-format", "json"}, args...)...)
	cmd.Env = append(os.Environ(), "LEVY_TEST_MAIN=1", "LEVY_DATA_DIR="+dir)
	stdout := &syncBuilder{}
	cmd.Stdout = stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stderr: &syncBuilder{}}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		c.stderr.Write(append(sc.Bytes(), '\n'))
		var line struct {
			Msg  string `json:"msg"`
			Addr string `json:"addr"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" {
			c.base = "http://" + line.Addr
			break
		}
	}
	if c.base == "" {
		t.Fatalf("no listening line:\n%s", c.stderr.String())
	}
	go func() { _, _ = io.Copy(c.stderr, pipe) }()
	waitReady(t, c.base)
	c.token = devToken(t, c.base, stdout.String())
	return c
}

// request sends a request with the child's token.
func (c *child) request(t *testing.T, method, path, contentType string, body []byte) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+c.token)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestEinvoiceSurvivesKill submits documents to a server whose webhook
// target is down, kills the server with SIGKILL (once right after the
// last submission was acknowledged, once while every event waits for a
// retry), restarts it, and checks that every document finishes and the
// target receives every event, each with the Idempotency-Key it had
// before the kill.
func TestEinvoiceSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	doc, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	var up atomic.Bool
	var mu sync.Mutex
	keys := map[string]string{}   // document and status -> Idempotency-Key
	accepted := map[string]bool{} // document and status
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev struct{ DocumentID, Status string }
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &ev); err != nil {
			t.Errorf("event: %v", err)
		}
		k := ev.DocumentID + "/" + ev.Status
		mu.Lock()
		defer mu.Unlock()
		if prev, ok := keys[k]; ok && prev != r.Header.Get("Idempotency-Key") {
			t.Errorf("%s came with key %s, earlier %s", k, r.Header.Get("Idempotency-Key"), prev)
		}
		keys[k] = r.Header.Get("Idempotency-Key")
		if !up.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		accepted[k] = true
		w.WriteHeader(http.StatusNoContent)
	}))
	defer target.Close()

	dir := t.TempDir()
	fast := []string{"--webhook-min-backoff", "20ms", "--webhook-max-backoff", "200ms", "--webhook-max-attempts", "100000"}
	c := startChild(t, dir, fast...)
	status, body := c.request(t, "POST", "/einvoicing/v1/webhooks", "application/json",
		[]byte(`{"targetUrl":"`+target.URL+`/events","secretKey":"kill-test-secret-0123456789abcdef","events":"all"}`))
	if status != 201 {
		t.Fatalf("webhook: %d %s", status, body)
	}
	var ids []string
	submit := func(n int) {
		for i := range n {
			status, body := c.request(t, "POST", "/einvoicing/v1/documents", "application/xml",
				bytes.Replace(doc, []byte("LVY-2026-0042"), fmt.Appendf(nil, "KILL-%d", len(ids)+i), 1))
			if status != 202 {
				t.Fatalf("submit: %d %s", status, body)
			}
			var a struct{ Data struct{ DocumentID string } }
			if err := json.Unmarshal(body, &a); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, a.Data.DocumentID)
		}
	}
	// First kill: right after the last acknowledgement.
	submit(20)
	kill(t, c)
	c = startChild(t, dir, fast...)
	// Second kill: every document finished, its events waiting.
	submit(10)
	for _, id := range ids {
		waitDocument(t, c, id)
	}
	kill(t, c)
	up.Store(true)
	c = startChild(t, dir, fast...)
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		missing := 0
		for _, id := range ids {
			for _, st := range []string{"Pending", "In Progress", "Completed"} {
				if !accepted[id+"/"+st] {
					missing++
				}
			}
		}
		mu.Unlock()
		if missing == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d events of %d documents never arrived; server logs:\n%s", missing, len(ids), c.stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill ends a child with SIGKILL.
func kill(t *testing.T, c *child) {
	t.Helper()
	if err := c.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = c.cmd.Wait()
}

// waitDocument waits until a document is Completed.
func waitDocument(t *testing.T, c *child, id string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		status, body := c.request(t, "GET", "/einvoicing/v1/documents/"+id, "", nil)
		if status != 200 {
			t.Fatalf("document %s: %d %s", id, status, body)
		}
		if strings.Contains(string(body), `"status":"Completed"`) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("document %s: %s", id, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
