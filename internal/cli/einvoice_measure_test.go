package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
)

// measureEnv turns on TestMeasureEinvoiceFlood, which takes a minute or
// more and measures rather than checks.
const measureEnv = "LEVY_MEASURE_EINVOICE"

// TestMeasureEinvoiceFlood measures the worst case of an e-invoice upload
// on a real `levy serve` in a child process: the time and the peak
// memory (the child's VmHWM) of one document of empty elements (<a/>
// repeated inside an Invoice root), and how long an ordinary invoice of
// tenant B takes to complete, quiet and while tenant A floods the server
// with 24 such documents. It runs the 8 MiB document of the review, and
// a document at the document limit when that is lower. Run it with
//
//	LEVY_MEASURE_EINVOICE=1 go test ./cmd/levy -run TestMeasureEinvoiceFlood -count=1 -v
//
// LEVY_MEASURE_ARGS adds flags to the server (space-separated),
// LEVY_MEASURE_FLOOD sets the number of documents of the flood (24), and
// LEVY_MEASURE_SIZES the sizes of the documents (comma-separated bytes).
func TestMeasureEinvoiceFlood(t *testing.T) {
	if os.Getenv(measureEnv) == "" {
		t.Skip("a measurement: set " + measureEnv + "=1 to run it")
	}
	extra := strings.Fields(os.Getenv("LEVY_MEASURE_ARGS"))
	flood := 24
	if v, err := strconv.Atoi(os.Getenv("LEVY_MEASURE_FLOOD")); err == nil && v > 0 {
		flood = v
	}
	ordinary, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	sizes := []int{8 << 20}
	if einvoice.DefaultMaxDocumentBytes < 8<<20 {
		sizes = append(sizes, einvoice.DefaultMaxDocumentBytes)
	}
	if v := os.Getenv("LEVY_MEASURE_SIZES"); v != "" {
		sizes = nil
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 100 {
				t.Fatalf("LEVY_MEASURE_SIZES: %q is not a size in bytes", f)
			}
			sizes = append(sizes, n)
		}
	}
	for _, size := range sizes {
		doc := emptyElements(size)
		// One document on a fresh server.
		m := startMeasured(t, extra)
		start := time.Now()
		status, id := m.submit(t, "a", doc)
		final := "refused " + strconv.Itoa(status)
		if id != "" {
			final = m.waitFinal(t, "a", id)
		}
		t.Logf("one %d-byte document of <a/>: %s in %v; server peak RSS %s (%s when ready)",
			size, final, time.Since(start).Round(time.Millisecond), mib(m.peak(t)), mib(m.ready))
		m.stop()

		// Tenant B quiet, then while tenant A floods.
		m = startMeasured(t, extra)
		start = time.Now()
		_, id = m.submit(t, "b", ordinary)
		final = m.waitFinal(t, "b", id)
		t.Logf("tenant B's ordinary invoice, quiet: %s in %v", final, time.Since(start).Round(time.Millisecond))
		floodStart := time.Now()
		var wg sync.WaitGroup
		ids := make([]string, flood)
		codes := make([]int, flood)
		for i := range flood {
			wg.Go(func() { codes[i], ids[i] = m.submit(t, "a", doc) })
		}
		wg.Wait()
		acked := time.Since(floodStart)
		start = time.Now()
		_, id = m.submit(t, "b", ordinary)
		final = m.waitFinal(t, "b", id)
		bTime := time.Since(start)
		accepted := 0
		for i, id := range ids {
			if id != "" {
				accepted++
				m.waitFinal(t, "a", id)
			} else if codes[i] == 0 {
				t.Errorf("a flood document was not answered")
			}
		}
		t.Logf("tenant A's %d documents of %d bytes: %d accepted, answered in %v, all final after %v; tenant B's invoice sent after them: %s in %v; server peak RSS %s",
			flood, size, accepted, acked.Round(time.Millisecond), time.Since(floodStart).Round(time.Millisecond),
			final, bTime.Round(time.Millisecond), mib(m.peak(t)))
		m.stop()
	}
}

// emptyElements is a document of exactly size bytes: an Invoice root
// that holds nothing but <a/> elements.
func emptyElements(size int) []byte {
	const head = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">`
	const tail = `</Invoice>`
	n := size - len(head) - len(tail)
	var b bytes.Buffer
	b.Grow(size)
	b.WriteString(head)
	b.WriteString(strings.Repeat("<a/>", n/4))
	b.WriteString(strings.Repeat(" ", n%4))
	b.WriteString(tail)
	return b.Bytes()
}

// measured is a child server with a credential for tenants a and b.
type measured struct {
	c      *child
	tokens map[string]string
	ready  int64 // VmRSS once ready
}

func startMeasured(t *testing.T, extra []string) *measured {
	t.Helper()
	dir := t.TempDir()
	creds := map[string][2]string{}
	for _, tenant := range []string{"a", "b"} {
		code, out, errOut := runCLI(t, "clients", "create", "--data-dir", dir, "--tenant", "tenant-"+tenant,
			"--audience", "verx://migration-api", "--active-now")
		if code != 0 {
			t.Fatalf("clients create: %s", errOut)
		}
		var c struct {
			ClientID     string `json:"client_id"`
			ClientSecret string `json:"client_secret"`
		}
		if err := json.Unmarshal([]byte(out), &c); err != nil {
			t.Fatal(err)
		}
		creds[tenant] = [2]string{c.ClientID, c.ClientSecret}
	}
	m := &measured{c: startChild(t, dir, extra...), tokens: map[string]string{}}
	for tenant, cr := range creds {
		resp, err := http.PostForm(m.c.base+"/oauth/token", url.Values{"grant_type": {"client_credentials"},
			"client_id": {cr[0]}, "client_secret": {cr[1]}, "audience": {"verx://migration-api"}})
		if err != nil {
			t.Fatal(err)
		}
		var tok struct {
			AccessToken string `json:"access_token"`
		}
		err = json.NewDecoder(resp.Body).Decode(&tok)
		resp.Body.Close()
		if err != nil || tok.AccessToken == "" {
			t.Fatalf("token of tenant %s: %d %v", tenant, resp.StatusCode, err)
		}
		m.tokens[tenant] = tok.AccessToken
	}
	m.ready = procStatus(t, m.c.cmd.Process.Pid, "VmRSS")
	return m
}

// submit posts a document as tenant and returns the answer's status and
// the document ID ("" unless accepted).
func (m *measured) submit(t *testing.T, tenant string, doc []byte) (int, string) {
	req, _ := http.NewRequest("POST", m.c.base+"/einvoicing/v1/documents", bytes.NewReader(doc))
	req.Header.Set("Authorization", "Bearer "+m.tokens[tenant])
	req.Header.Set("Content-Type", "application/xml")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Errorf("submit: %v", err)
		return 0, ""
	}
	defer resp.Body.Close()
	var a struct{ Data struct{ DocumentID string } }
	_ = json.NewDecoder(resp.Body).Decode(&a)
	if resp.StatusCode != http.StatusAccepted {
		return resp.StatusCode, ""
	}
	return resp.StatusCode, a.Data.DocumentID
}

// waitFinal polls a document until it is in a final status, and returns
// the status.
func (m *measured) waitFinal(t *testing.T, tenant, id string) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequest("GET", m.c.base+"/einvoicing/v1/documents/"+id, nil)
		req.Header.Set("Authorization", "Bearer "+m.tokens[tenant])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var a struct{ Data struct{ Status string } }
		err = json.NewDecoder(resp.Body).Decode(&a)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if einvoice.Final(a.Data.Status) {
			return a.Data.Status
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("document %s did not finish", id)
	return ""
}

// peak is the child's peak resident memory so far.
func (m *measured) peak(t *testing.T) int64 { return procStatus(t, m.c.cmd.Process.Pid, "VmHWM") }

func (m *measured) stop() {
	_ = m.c.cmd.Process.Kill()
	_ = m.c.cmd.Wait()
}

// procStatus reads a memory field of /proc/PID/status, in bytes.
func procStatus(t *testing.T, pid int, field string) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("peak memory needs Linux's /proc: %v", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

// mib formats bytes in MiB.
func mib(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }
