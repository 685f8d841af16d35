package journaladmin_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// scanCounter is a journal whose Scan counts its calls and finds nothing;
// the export reads nothing else.
// When hold is set, Scan signals started and waits for hold to close.
type scanCounter struct {
	journal.Store
	scans   atomic.Int32
	hold    chan struct{}
	started chan struct{}
}

func (s *scanCounter) Scan(context.Context, string, civil.Date, civil.Date, func(*journal.Transaction) error) error {
	s.scans.Add(1)
	if s.hold != nil {
		s.started <- struct{}{}
		<-s.hold
	}
	return nil
}

// TestExportHeadReadsNothing: the mux serves HEAD with the handler of
// GET, and a HEAD of the export (the route's, or the console's download,
// which share the Exporter) ran the whole export, reading the tenant's
// journal to the end for a body the server then threw away. HEAD is
// answered with the headers of the export, without reading the journal,
// and as a GET would be (429) while the tenant's exports are all taken.
func TestExportHeadReadsNothing(t *testing.T) {
	store := &scanCounter{}
	ex := journaladmin.NewExporter(store, journaladmin.ExportLimits{}, nil)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ex.Serve(w, r, "acme", civil.MustParse("2026-01-01"), civil.MustParse("2026-12-31"), journal.CSV)
	}))
	defer ts.Close()

	do := func(method string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(method, ts.URL, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if _, err := io.ReadAll(resp.Body); err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := do(http.MethodHead)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/csv; charset=utf-8" || resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("HEAD: %s, headers %v", resp.Status, resp.Header)
	}
	if n := store.scans.Load(); n != 0 {
		t.Fatalf("HEAD read the journal %d times, want none", n)
	}
	resp = do(http.MethodGet)
	if resp.StatusCode != http.StatusOK || resp.Trailer.Get(journaladmin.TrailerCount) != "0" {
		t.Fatalf("GET: %s, trailers %v", resp.Status, resp.Trailer)
	}
	if n := store.scans.Load(); n != 1 {
		t.Fatalf("GET read the journal %d times, want once", n)
	}

	// One export runs, the default limit is two: HEAD still answers 200;
	// with two running, HEAD answers 429 as the next GET would.
	store.hold, store.started = make(chan struct{}), make(chan struct{})
	done := make(chan struct{})
	for range journaladmin.DefaultExportsPerTenant {
		go func() {
			defer func() { done <- struct{}{} }()
			req, _ := http.NewRequest(http.MethodGet, ts.URL, nil)
			if resp, err := http.DefaultClient.Do(req); err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
		<-store.started
	}
	resp = do(http.MethodHead)
	close(store.hold)
	for range journaladmin.DefaultExportsPerTenant {
		<-done
	}
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "10" {
		t.Fatalf("HEAD with every export of the tenant taken: %s, Retry-After %q", resp.Status, resp.Header.Get("Retry-After"))
	}
	if n := store.scans.Load(); n != 1+int32(journaladmin.DefaultExportsPerTenant) {
		t.Fatalf("the journal was read %d times, want %d", n, 1+journaladmin.DefaultExportsPerTenant)
	}
}
