package lastsenttest

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/nexus/lastsent"
)

// Opener opens a new, empty store for one subtest, closed when the
// subtest ends, and returns it with reopen, which closes it and opens
// the same storage again as a process that restarts does (the memory
// store returns itself).
type Opener func(t *testing.T) (store lastsent.Store, reopen func() lastsent.Store)

// Run runs the suite against the stores that open returns.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, lastsent.Store, func() lastsent.Store)
	}{
		{"NoneStored", testNoneStored},
		{"PutAndRead", testPutAndRead},
		{"CompareAndSet", testCompareAndSet},
		{"Isolation", testIsolation},
		{"Refusals", testRefusals},
		{"OneWriterOfMany", testOneWriterOfMany},
		{"SurvivesReopen", testSurvivesReopen},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, reopen := open(t)
			tc.fn(t, s, reopen)
		})
	}
}

// record returns a record of company in area at seq.
func record(company, area, status string, seq uint64) lastsent.Record {
	return lastsent.Record{Company: company, Area: area, Seq: seq, Status: status, Previous: "none", Key: "nexus|" + company + "|" + area + "|" + status,
		Notice: &webhook.NexusNotice{Company: company, State: area, Currency: "USD", Status: status, PreviousStatus: "none", AsOf: "2026-03-10",
			Sales: "84000.00", Transactions: 4, PeriodStart: "2025-03-11", PeriodEnd: "2026-03-10", SalesThreshold: "100000.00"},
		At: time.Date(2026, 3, 10, 9, 30, 15, 123456000, time.UTC)}
}

// put writes s after after and wants wrote.
func put(t *testing.T, st lastsent.Store, tenant string, s lastsent.Record, after uint64, wrote bool) {
	t.Helper()
	got, err := st.PutSent(context.Background(), tenant, s, after)
	if err != nil || got != wrote {
		t.Fatalf("PutSent %s %q %q seq %d after %d: %v, %v; want %v", tenant, s.Company, s.Area, s.Seq, after, got, err, wrote)
	}
}

// want reads tenant's record of company in area and wants w (nil: none).
func want(t *testing.T, st lastsent.Store, tenant, company, area string, w *lastsent.Record) {
	t.Helper()
	got, found, err := st.LastSent(context.Background(), tenant, company, area)
	if err != nil {
		t.Fatalf("LastSent %s %q %q: %v", tenant, company, area, err)
	}
	switch {
	case w == nil && found:
		t.Fatalf("LastSent %s %q %q: %+v, want none", tenant, company, area, got)
	case w != nil && !found:
		t.Fatalf("LastSent %s %q %q: none, want %+v", tenant, company, area, *w)
	case w != nil && !reflect.DeepEqual(got, *w):
		t.Fatalf("LastSent %s %q %q:\n got %+v %+v\nwant %+v %+v", tenant, company, area, got, got.Notice, *w, w.Notice)
	}
}

func testNoneStored(t *testing.T, st lastsent.Store, _ func() lastsent.Store) {
	want(t, st, "acme", "", "IL", nil)
	want(t, st, "acme", "ACME", "CA/GST", nil)
}

func testPutAndRead(t *testing.T, st lastsent.Store, _ func() lastsent.Store) {
	r := record("ACME", "IL", "approaching", 1)
	r.Unregistered = "2026-03-05"
	put(t, st, "acme", r, 0, true)
	want(t, st, "acme", "ACME", "IL", &r)
	// A record without a notice or a previous status reads back as such.
	bare := lastsent.Record{Area: "WA", Seq: 1, Status: "exceeded", Key: "k", At: r.At}
	put(t, st, "acme", bare, 0, true)
	want(t, st, "acme", "", "WA", &bare)
}

func testCompareAndSet(t *testing.T, st lastsent.Store, _ func() lastsent.Store) {
	r1 := record("", "IL", "approaching", 1)
	put(t, st, "acme", r1, 0, true)
	// A second first write, as of a node that read no record, writes nothing.
	other := record("", "IL", "exceeded", 1)
	put(t, st, "acme", other, 0, false)
	want(t, st, "acme", "", "IL", &r1)
	r2 := r1
	r2.Seq, r2.Queued = 2, true
	put(t, st, "acme", r2, 1, true)
	want(t, st, "acme", "", "IL", &r2)
	// A write after a record replaced, or not yet written, writes nothing.
	stale := record("", "IL", "none", 2)
	put(t, st, "acme", stale, 1, false)
	ahead := record("", "IL", "none", 6)
	put(t, st, "acme", ahead, 5, false)
	want(t, st, "acme", "", "IL", &r2)
	// A write after a record where none is stored writes nothing.
	put(t, st, "acme", record("", "TX", "none", 3), 2, false)
	want(t, st, "acme", "", "TX", nil)
}

func testIsolation(t *testing.T, st lastsent.Store, _ func() lastsent.Store) {
	// Parts that run into each other when joined must not meet.
	recs := []struct {
		tenant string
		r      lastsent.Record
	}{
		{"acme", record("", "IL", "approaching", 1)},
		{"acme", record("ACME", "IL", "exceeded", 1)},
		{"acme", record("A", "CME|IL", "registered", 1)},
		{"acme", record("A|CME", "IL", "none", 1)},
		{"acme", record("ACME", "CA/GST", "approaching", 1)},
		{"acme", record("ACME", "CA/HST", "exceeded", 1)},
		{"globex", record("ACME", "IL", "registered", 1)},
		{"acme|ACME", record("", "IL", "none", 1)},
		{"acme", record("\x1b[31mAC\nME \u00e9", "IL", "approaching", 1)},
	}
	for _, x := range recs {
		put(t, st, x.tenant, x.r, 0, true)
	}
	for _, x := range recs {
		want(t, st, x.tenant, x.r.Company, x.r.Area, &x.r)
	}
	want(t, st, "globex", "", "IL", nil)
	want(t, st, "acme", "ACME", "CA", nil)
}

func testRefusals(t *testing.T, st lastsent.Store, _ func() lastsent.Store) {
	long := strings.Repeat("x", lastsent.MaxField+1)
	good := record("ACME", "IL", "approaching", 1)
	for _, c := range []struct {
		what, tenant, field string
		edit                func(*lastsent.Record)
		after               uint64
	}{
		{"no tenant", "", "tenant", func(*lastsent.Record) {}, 0},
		{"no area", "acme", "area", func(s *lastsent.Record) { s.Area = "" }, 0},
		{"a long area", "acme", "area", func(s *lastsent.Record) { s.Area = long }, 0},
		{"a long company", "acme", "company", func(s *lastsent.Record) { s.Company = long }, 0},
		{"a NUL in the tenant", "ac\x00me", "tenant", func(*lastsent.Record) {}, 0},
		{"a NUL in the company", "acme", "company", func(s *lastsent.Record) { s.Company = "AC\x00ME" }, 0},
		{"a NUL in the area", "acme", "area", func(s *lastsent.Record) { s.Area = "I\x00L" }, 0},
		{"a NUL in the key", "acme", "key", func(s *lastsent.Record) { s.Key = "k\x00" }, 0},
		{"no status", "acme", "status", func(s *lastsent.Record) { s.Status = "" }, 0},
		{"no key", "acme", "key", func(s *lastsent.Record) { s.Key = "" }, 0},
		{"a long key", "acme", "key", func(s *lastsent.Record) { s.Key = long }, 0},
		{"a seq that skips", "acme", "seq", func(s *lastsent.Record) { s.Seq = 3 }, 1},
		{"a seq of 0", "acme", "seq", func(s *lastsent.Record) { s.Seq = 0 }, 0},
	} {
		s := good
		c.edit(&s)
		wrote, err := st.PutSent(context.Background(), c.tenant, s, c.after)
		var le *levy.Error
		if wrote || !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field {
			t.Errorf("%s: %v, %v; want an invalid %s", c.what, wrote, err, c.field)
		}
	}
	want(t, st, "acme", "ACME", "IL", nil)
}

func testOneWriterOfMany(t *testing.T, st lastsent.Store, _ func() lastsent.Store) {
	const n = 8
	race := func(after uint64) int {
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := record("ACME", "WA", []string{"approaching", "exceeded"}[i%2], after+1)
				ok, err := st.PutSent(context.Background(), "acme", r, after)
				if err != nil {
					t.Errorf("writer %d: %v", i, err)
				}
				if ok {
					mu.Lock()
					won++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return won
	}
	for after := range uint64(3) {
		if won := race(after); won != 1 {
			t.Fatalf("after %d: %d writers of %d wrote, want one", after, won, n)
		}
	}
	got, found, err := st.LastSent(context.Background(), "acme", "ACME", "WA")
	if err != nil || !found || got.Seq != 3 {
		t.Fatalf("the record after the races: %+v %v %v, want seq 3", got, found, err)
	}
}

func testSurvivesReopen(t *testing.T, st lastsent.Store, reopen func() lastsent.Store) {
	r := record("ACME", "IL", "none", 1)
	r.Previous = "approaching"
	put(t, st, "acme", r, 0, true)
	st = reopen()
	want(t, st, "acme", "ACME", "IL", &r)
	r2 := r
	r2.Seq, r2.Queued = 2, true
	put(t, st, "acme", r2, 1, true)
	st = reopen()
	want(t, st, "acme", "ACME", "IL", &r2)
}
