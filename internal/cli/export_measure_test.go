//go:build unix

package cli

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
)

// exportMeasureEnv turns on TestMeasureSlowExports, which takes a minute
// or more and measures rather than checks.
const exportMeasureEnv = "LEVY_MEASURE_EXPORT"

// TestMeasureSlowExports measures the review's attack on a `levy serve`
// over PostgreSQL with its default pool (8 connections on 2 cores):
// how long another tenant's INVOICE (stored into the journal) takes,
// quiet and while 10 slow readers each read an export of 3,000
// transactions (some 11 MiB) through a 4 KiB receive buffer, 1 KiB every
// 5 s, once their exports have filled their connections' buffers. The
// readers are 5 tenants with 2 exports each (the default limit per
// tenant). Run it with
//
//	LEVY_MEASURE_EXPORT=1 go test ./cmd/levy -run TestMeasureSlowExports -count=1 -v
//
// LEVY_MEASURE_READERS sets the number of slow readers (10),
// LEVY_MEASURE_POSTS the INVOICEs of each phase (20), and
// LEVY_MEASURE_ARGS adds flags to the server (space-separated). Each
// INVOICE is given 15 s, as the review's client was; one that takes
// longer counts as failed.
func TestMeasureSlowExports(t *testing.T) {
	if os.Getenv(exportMeasureEnv) == "" {
		t.Skip("a measurement: set " + exportMeasureEnv + "=1 to run it")
	}
	readers, posts := 10, 20
	if v, err := strconv.Atoi(os.Getenv("LEVY_MEASURE_READERS")); err == nil && v > 0 {
		readers = v
	}
	if v, err := strconv.Atoi(os.Getenv("LEVY_MEASURE_POSTS")); err == nil && v > 0 {
		posts = v
	}
	tenants := make([]string, (readers+1)/2)
	for i := range tenants {
		tenants[i] = fmt.Sprintf("slow-%d", i)
	}
	db := pgtest.URL(t)
	seeded := time.Now()
	seedJournals(t, db, tenants...)
	t.Logf("seeded %d journals of %d transactions in %v", len(tenants), exportSize, time.Since(seeded).Round(time.Millisecond))
	args := append([]string{"--database", db}, strings.Fields(os.Getenv("LEVY_MEASURE_ARGS"))...)
	base, stop, _, devTok := startServe(t, t.TempDir(), serveConfig{}, args...)
	defer func() { _ = stop() }()

	n := 0
	invoice := func() (time.Duration, error) {
		n++
		body := strings.Replace(serveQuotation, `"serve-1"`, fmt.Sprintf(`"measure-%d"`, n), 1)
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, "POST", base+"/api/v2/supplies", strings.NewReader(body))
		if err != nil {
			return 0, err
		}
		req.Header.Set("Authorization", "Bearer "+devTok)
		req.Header.Set("Content-Type", "application/json")
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return time.Since(start), err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return time.Since(start), fmt.Errorf("%s", resp.Status)
		}
		return time.Since(start), nil
	}
	phase := func(name string) time.Duration {
		var took []time.Duration
		failed := 0
		for range posts {
			d, err := invoice()
			if err != nil {
				failed++
				t.Logf("%s: an INVOICE failed after %v: %v", name, d.Round(time.Millisecond), err)
				continue
			}
			took = append(took, d)
		}
		if len(took) == 0 {
			t.Logf("%s: %d INVOICEs, all failed", name, posts)
			return 0
		}
		slices.Sort(took)
		med := took[len(took)/2]
		p95 := took[max(0, (len(took)*95+99)/100-1)]
		t.Logf("%s: %d INVOICEs, %d failed; median %v, p95 %v, max %v", name, posts, failed,
			med.Round(time.Microsecond), p95.Round(time.Microsecond), took[len(took)-1].Round(time.Microsecond))
		return med
	}
	// The first INVOICE of a fresh server loads what it needs: not
	// counted.
	if _, err := invoice(); err != nil {
		t.Fatalf("the first INVOICE: %v", err)
	}
	quiet := phase("quiet")

	// The readers start together, as the review's did: each export
	// answers its headers once it has written its first 64 KiB.
	toks := map[string]string{}
	for _, tenant := range tenants {
		toks[tenant] = adminToken(t, base, db, tenant)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var open []*stalledExport
	var answered atomic.Int64
	for i := range readers {
		tenant := tenants[i/2]
		wg.Go(func() {
			r, err := dialExport(base, "/admin/v1/journal/export?format=jsonl", toks[tenant])
			if r != nil {
				mu.Lock()
				open = append(open, r)
				mu.Unlock()
			}
			switch {
			case err != nil:
				t.Logf("slow reader %d (%s): %v", i, tenant, err)
				return
			case r.resp.StatusCode != http.StatusOK:
				t.Logf("slow reader %d (%s): %s", i, tenant, r.resp.Status)
				return
			}
			answered.Add(1)
			buf := make([]byte, 1024)
			for {
				if _, err := r.resp.Body.Read(buf); err != nil {
					return
				}
				select {
				case <-done:
					return
				case <-time.After(5 * time.Second):
				}
			}
		})
	}
	// The exports first fill their connections' buffers as fast as the
	// server reads the journal (some 3 MiB each); what the review
	// measured is the state after, which lasts as long as the readers.
	time.Sleep(5 * time.Second)
	started := int(answered.Load())
	t.Logf("%d slow readers of %d answered 200 within 5 s", started, readers)
	slow := phase(fmt.Sprintf("while %d slow readers run", readers))
	if quiet > 0 && slow > 0 {
		t.Logf("median INVOICE while the slow readers run / quiet: %.2f×", float64(slow)/float64(quiet))
	}
	t.Logf("%d requests in flight at the end (the request for /metrics included)", inFlight(t, base))
	close(done)
	mu.Lock()
	for _, r := range open {
		r.conn.Close()
	}
	mu.Unlock()
	wg.Wait()
}
