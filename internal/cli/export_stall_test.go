//go:build unix

package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal/journaltest"
	"github.com/levytax/levy/postgres"
)

// exportSize is the size of the journals of the export tests: 3,000
// transactions of about 3.8 KiB of JSON (journaltest.Bulk), some 11 MiB
// an export, several times what the kernel buffers of one connection
// hold (about 3 MiB on loopback), so that a reader that stops reading
// holds its export part-way.
const exportSize = 3000

// seedJournals stores exportSize transactions (journaltest.Bulk) for
// each of tenants in the database at dbURL, straight through the
// PostgreSQL journal.
func seedJournals(t *testing.T, dbURL string, tenants ...string) {
	t.Helper()
	db, err := postgres.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, tenant := range tenants {
		journaltest.PostBulk(t, db.Journal(), tenant, exportSize)
	}
}

// stalledExport is an export whose reader stopped after the headers: a
// raw connection with a 4 KiB receive buffer, as a client that reads
// slowly or not at all.
type stalledExport struct {
	conn net.Conn
	resp *http.Response
}

// startStalledExport asks base for path with token over a connection of
// its own and reads the answer's status and headers only.
func startStalledExport(t *testing.T, base, path, token string) *stalledExport {
	t.Helper()
	s, err := dialExport(base, path, token)
	if s != nil {
		t.Cleanup(func() { s.conn.Close() })
	}
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// dialExport is startStalledExport for any goroutine: the caller closes
// the connection, which it has when the error is not about dialling.
func dialExport(base, path, token string) (*stalledExport, error) {
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var serr error
		err := c.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		if err != nil {
			return err
		}
		return serr
	}}
	conn, err := d.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		return nil, err
	}
	s := &stalledExport{conn: conn}
	req, err := http.NewRequest("GET", base+path, nil)
	if err != nil {
		return s, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if err := req.Write(conn); err != nil {
		return s, err
	}
	s.resp, err = http.ReadResponse(bufio.NewReaderSize(conn, 4096), req)
	return s, err
}

// finish reads the rest of the export and returns the number of lines
// and the trailers.
func (s *stalledExport) finish(t *testing.T) (int, http.Header) {
	t.Helper()
	_ = s.conn.SetReadDeadline(time.Now().Add(time.Minute))
	n := 0
	sc := bufio.NewScanner(s.resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading the export: %v", err)
	}
	s.resp.Body.Close()
	return n, s.resp.Trailer
}

// inFlight reads levy_http_requests_in_flight from the server's
// /metrics (the request for them counts itself).
func inFlight(t *testing.T, base string) int {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "levy_http_requests_in_flight "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("in flight: %q", l)
			}
			return int(n)
		}
	}
	t.Fatalf("no levy_http_requests_in_flight in /metrics")
	return 0
}

// adminToken creates an admin credential of tenant in the database and
// returns a token of it from the server at base.
func adminToken(t *testing.T, base, dbURL, tenant string) string {
	t.Helper()
	code, out, errOut := runCLI(t, "clients", "create", "--database", dbURL, "--tenant", tenant, "--audience", "levy://admin", "--active-now")
	var c credential
	if code != 0 || json.Unmarshal([]byte(out), &c) != nil {
		t.Fatalf("clients create %s: exit %d, %s %s", tenant, code, out, errOut)
	}
	status, tok := requestToken(t, base, c.ClientID, c.ClientSecret, "levy://admin")
	if status != http.StatusOK {
		t.Fatalf("admin token of %s: %d %v", tenant, status, tok)
	}
	return tok["access_token"].(string)
}

// TestSlowExportsDoNotStallOtherTenants sends the attack of a slow
// export over PostgreSQL: two tenants each start two exports of their
// journal (the admin route and the console's download) and stop reading
// them, four exports for a pool of four connections. Another tenant's
// INVOICE, which stores into the journal, must then complete while the
// exports are still being answered. When an export held a pooled
// connection (a transaction open) while it wrote to its client, the four
// stalled readers took the whole pool and the INVOICE waited for one
// until it failed. A third export of a tenant, through either route, is
// then refused with 429 and Retry-After: the two routes share the limit
// of exports per tenant (2 by default).
func TestSlowExportsDoNotStallOtherTenants(t *testing.T) {
	db := pgtest.URL(t)
	exportTenants := []string{"slow-a", "slow-b"}
	seedJournals(t, db, exportTenants...)
	dir := t.TempDir()
	base, stop, _, devTok := startServe(t, dir, serveConfig{}, "--database", db+"&pool_max_conns=4")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	var readers []*stalledExport
	tokens := map[string]string{}
	for _, tenant := range exportTenants {
		tok := adminToken(t, base, db, tenant)
		tokens[tenant] = tok
		for _, path := range []string{"/admin/v1/journal/export?format=jsonl", "/console/api/journal/export?from=2026-01-01&to=2026-12-31&format=jsonl"} {
			r := startStalledExport(t, base, path, tok)
			if r.resp.StatusCode != http.StatusOK {
				t.Fatalf("%s's export %s: %s", tenant, path, r.resp.Status)
			}
			readers = append(readers, r)
		}
	}

	// The other tenant's INVOICE, given 10 s: without the fix it waits
	// for a pooled connection until its deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/api/v2/supplies", strings.NewReader(serveQuotation))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+devTok)
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("another tenant's INVOICE while %d exports stall: %v (after %v)", len(readers), err, time.Since(start).Round(time.Millisecond))
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("another tenant's INVOICE while %d exports stall: %s", len(readers), resp.Status)
	}
	t.Logf("another tenant's INVOICE took %v while %d exports stall", time.Since(start).Round(time.Millisecond), len(readers))

	// The exports were still being answered: their handlers run (the
	// request for /metrics counts itself), and each reader, reading on,
	// gets its whole export.
	if n := inFlight(t, base); n < len(readers)+1 {
		t.Fatalf("%d requests in flight after the INVOICE, want the %d stalled exports and /metrics", n, len(readers))
	}

	// A third export of slow-a, through either route, is refused.
	for _, path := range []string{"/admin/v1/journal/export", "/console/api/journal/export?from=2026-01-01&to=2026-12-31&format=csv"} {
		resp := authed(t, "GET", base+path, tokens["slow-a"], nil)
		var e struct {
			Errors []struct{ Code, Message string } `json:"errors"`
		}
		err := json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || err != nil || len(e.Errors) != 1 ||
			e.Errors[0].Code != "too_many" || !strings.Contains(e.Errors[0].Message, "tenant slow-a has 2 journal exports running, the most") {
			t.Errorf("a third export of slow-a at %s: %s, Retry-After %q, %+v (%v)", path, resp.Status, resp.Header.Get("Retry-After"), e, err)
		}
	}
	for i, r := range readers {
		n, trailer := r.finish(t)
		if got := trailer.Get("Levy-Export-Transactions"); n != exportSize || got != strconv.Itoa(exportSize) {
			t.Errorf("export %d: %d lines, trailers %v; want %d and a count", i, n, trailer, exportSize)
		}
	}
}

// TestExportTimeLimit runs an export over PostgreSQL on a server whose
// --export-timeout is 1 s, for a client that stops reading for 2 s and
// then reads on: the export was cut when it reached its time limit, and
// ends with the trailer that says so rather than running on for as long
// as the client makes it (each write was given a minute, and a client
// that read a little every minute kept an export, and before the reads
// were paged a database connection, for ever).
func TestExportTimeLimit(t *testing.T) {
	db := pgtest.URL(t)
	seedJournals(t, db, "slow-a")
	base, stop, logs, _ := startServe(t, t.TempDir(), serveConfig{}, "--database", db, "--export-timeout", "1s")
	stopped := false
	defer func() {
		if !stopped {
			_ = stop()
		}
	}()
	r := startStalledExport(t, base, "/admin/v1/journal/export", adminToken(t, base, db, "slow-a"))
	if r.resp.StatusCode != http.StatusOK {
		t.Fatalf("export: %s", r.resp.Status)
	}
	time.Sleep(2 * time.Second)
	n, trailer := r.finish(t)
	if e := trailer.Get("Levy-Export-Error"); n >= exportSize || trailer.Get("Levy-Export-Transactions") != "" ||
		!strings.Contains(e, fmt.Sprintf("the export was cut after %d transactions: it ran for 1s, the longest", n)) {
		t.Fatalf("an export past --export-timeout: %d lines, trailers %v", n, trailer)
	}
	stopped = true
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "journal export cut at its time limit") {
		t.Errorf("the cut is not logged:\n%s", logs.String())
	}
}
