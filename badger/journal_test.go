package badger

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
	"github.com/levytax/levy/money"
)

// testTx returns a one-line invoice of 100.00 with a tax of 7.25.
func testTx(id, date string) *journal.Transaction {
	d := civil.MustParse(date)
	net, _ := money.Parse("100.00")
	tax, _ := money.Parse("7.25")
	return &journal.Transaction{
		TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE",
		DocumentDate: d, PostingDate: d, Currency: "USD",
		SubTotal: net, TotalTax: tax, Total: net.Add(tax),
		Lines: []journal.Line{{LineItemID: "1", Amount: net, TotalTax: tax, Taxes: []journal.Tax{{JurisdictionID: "ST", Taxable: net, Tax: tax}}}},
	}
}

func openTest(t *testing.T, dir string, opts ...Option) *JournalStore {
	t.Helper()
	b, err := OpenJournal(context.Background(), dir, opts...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b
}

// rawKeys returns every key of the database in dir, readable: prefix
// byte, then the parts, as Go strings.
func rawKeys(t *testing.T, b *JournalStore) []string {
	t.Helper()
	var keys []string
	err := b.be.db.View(func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var v []byte
			if err := it.Item().Value(func(b []byte) error { v = append(v, b...); return nil }); err != nil {
				return err
			}
			keys = append(keys, fmt.Sprintf("%q=%q", it.Item().Key(), v))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading keys: %v", err)
	}
	return keys
}

func TestKeyLayout(t *testing.T) {
	ctx := context.Background()
	b := openTest(t, t.TempDir())
	if _, err := b.Post(ctx, "acme", testTx("INV-1", "2026-03-14")); err != nil {
		t.Fatal(err)
	}
	// 'H' tenant id, 'P' tenant YYYYMMDD id, 'T' tenant id version, 'V'.
	want := []string{
		`"\x00"="journal"`,
		`"H\x04acme\x05INV-1"`,
		`"P\x04acme20260314\x05INV-1"="\x00\x00\x00\x00\x00\x00\x00\x01"`,
		`"T\x04acme\x05INV-1\x00\x00\x00\x00\x00\x00\x00\x01"`,
		`"V"="3"`,
	}
	check := func(want ...string) {
		t.Helper()
		got := rawKeys(t, b)
		if len(got) != len(want) {
			t.Fatalf("keys:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		for i := range got {
			if !strings.HasPrefix(got[i], want[i]) {
				t.Fatalf("key %d is %s, want %s...", i, got[i], want[i])
			}
		}
	}
	check(want...)

	// A new version on another date moves the index entry.
	tx := testTx("INV-1", "2026-03-14")
	tx.PostingDate = civil.MustParse("2026-04-01")
	if _, err := b.Post(ctx, "acme", tx); err != nil {
		t.Fatal(err)
	}
	check(`"\x00"="journal"`,
		`"H\x04acme\x05INV-1"`,
		`"P\x04acme20260401\x05INV-1"="\x00\x00\x00\x00\x00\x00\x00\x02"`,
		`"T\x04acme\x05INV-1\x00\x00\x00\x00\x00\x00\x00\x01"`,
		`"T\x04acme\x05INV-1\x00\x00\x00\x00\x00\x00\x00\x02"`,
		`"V"="3"`)

	// Delete removes it; the versions stay.
	if err := b.Delete(ctx, "acme", "INV-1"); err != nil {
		t.Fatal(err)
	}
	check(`"\x00"="journal"`,
		`"H\x04acme\x05INV-1"="{\"latest\":2,\"deleted\":true,\"postingDate\":\"2026-04-01\"}"`,
		`"T\x04acme\x05INV-1\x00\x00\x00\x00\x00\x00\x00\x01"`,
		`"T\x04acme\x05INV-1\x00\x00\x00\x00\x00\x00\x00\x02"`,
		`"V"="3"`)
}

func TestOpenWritesAndChecksSchema(t *testing.T) {
	dir := t.TempDir()
	b := openTest(t, dir)
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(txn *bdb.Txn) error {
		item, err := txn.Get([]byte{'V'})
		if err != nil {
			return err
		}
		v, err := item.ValueCopy(nil)
		if err != nil {
			return err
		}
		if string(v) != "3" {
			return fmt.Errorf("schema version %q, want \"3\"", v)
		}
		return txn.Set([]byte{'V'}, []byte("99"))
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}

	_, err = OpenJournal(context.Background(), dir)
	if err == nil {
		t.Fatal("Open accepted schema version 99")
	}
	if !strings.Contains(err.Error(), `"99"`) || !strings.Contains(err.Error(), `"3"`) {
		t.Fatalf("error %q does not name the found and the supported versions", err)
	}
	// The refused directory is released: it can be opened again.
	db, err = bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatalf("the refused directory stays locked: %v", err)
	}
	_ = db.Close()
}

func TestReopenKeepsData(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	b := openTest(t, dir)
	for i := range 20 {
		if _, err := b.Post(ctx, "acme", testTx(fmt.Sprintf("INV-%02d", i), "2026-03-14")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.Post(ctx, "acme", testTx("INV-00", "2026-03-15")); err != nil {
		t.Fatal(err)
	}
	if err := b.Delete(ctx, "acme", "INV-01"); err != nil {
		t.Fatal(err)
	}
	rev, err := b.Reverse(ctx, "acme", "INV-02", journal.Reversal{TransactionID: "REV-02", PostingDate: civil.MustParse("2026-03-16")})
	if err != nil {
		t.Fatal(err)
	}
	snapshot := func(b *JournalStore) string {
		var sb strings.Builder
		err := b.Scan(ctx, "acme", civil.Date{}, civil.Date{}, func(tx *journal.Transaction) error {
			fmt.Fprintf(&sb, "%s@%d %s %s\n", tx.TransactionID, tx.Version, tx.PostingDate, tx.Total)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return sb.String()
	}
	before := snapshot(b)
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}

	b = openTest(t, dir)
	if after := snapshot(b); after != before {
		t.Fatalf("after reopening, the journal is\n%s\nwas\n%s", after, before)
	}
	if vs, err := b.Versions(ctx, "acme", "INV-01"); err != nil || len(vs) != 1 {
		t.Fatalf("versions of the deleted INV-01 after reopening: %d, %v", len(vs), err)
	}
	if ok, err := b.Exists(ctx, "acme", "INV-01"); ok || err != nil {
		t.Fatalf("deleted INV-01 exists after reopening (%v)", err)
	}
	got, err := b.Get(ctx, "acme", "REV-02")
	if err != nil || got.Total.String() != rev.Total.String() || got.ReversalOf != "INV-02" || !got.PostedAt.Equal(rev.PostedAt) {
		t.Fatalf("reversal after reopening: %+v, %v", got, err)
	}
	if _, err := b.Reverse(ctx, "acme", "INV-02", journal.Reversal{}); !strings.Contains(fmt.Sprint(err), "REV-02") {
		t.Fatalf("the link to the reversal is lost after reopening: %v", err)
	}
}

// settleGoroutines waits until the number of goroutines is at most n and
// returns the last count.
func settleGoroutines(n int) int {
	got := runtime.NumGoroutine()
	for i := 0; i < 100 && got > n; i++ {
		time.Sleep(20 * time.Millisecond)
		got = runtime.NumGoroutine()
	}
	return got
}

func TestCloseStopsGarbageCollection(t *testing.T) {
	before := runtime.NumGoroutine()
	b, err := OpenJournal(context.Background(), t.TempDir(), WithGCInterval(2*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for b.be.gcCycles.Load() < 3 {
		if time.Now().After(deadline) {
			t.Fatal("the garbage collection does not run")
		}
		time.Sleep(time.Millisecond)
	}
	if running := runtime.NumGoroutine(); running <= before {
		t.Fatalf("%d goroutines while open, %d before", running, before)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-b.be.done:
	default:
		t.Fatal("Close returned before the garbage collector stopped")
	}
	cycles := b.be.gcCycles.Load()
	if after := settleGoroutines(before); after > before {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines after Close, %d before:\n%s", after, before, buf[:runtime.Stack(buf, true)])
	}
	time.Sleep(10 * time.Millisecond)
	if n := b.be.gcCycles.Load(); n != cycles {
		t.Fatalf("the garbage collection ran after Close (%d cycles, %d at Close)", n, cycles)
	}
	if err := b.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

func TestCloseWaitsForCalls(t *testing.T) {
	ctx := context.Background()
	b := openTest(t, t.TempDir())
	if _, err := b.Post(ctx, "acme", testTx("INV-1", "2026-03-14")); err != nil {
		t.Fatal(err)
	}
	inside, release := make(chan struct{}), make(chan struct{})
	scanned := make(chan error, 1)
	go func() {
		scanned <- b.Scan(ctx, "acme", civil.Date{}, civil.Date{}, func(*journal.Transaction) error {
			close(inside)
			<-release
			return nil
		})
	}()
	<-inside
	closed := make(chan error, 1)
	go func() { closed <- b.Close() }()
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) while a Scan was running", err)
	case <-time.After(50 * time.Millisecond):
	}
	// New calls fail at once while Close waits.
	if _, err := b.Get(ctx, "acme", "INV-1"); !errors.Is(err, journal.ErrClosed) {
		t.Fatalf("Get while closing: %v, want journal.ErrClosed", err)
	}
	close(release)
	if err := <-scanned; err != nil {
		t.Fatalf("Scan: %v", err)
	}
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
}

func TestParsePeriodKey(t *testing.T) {
	prefix := journalPeriodPrefix("acme")
	key := journalPeriodKey("acme", civil.MustParse("2026-03-14"), "INV-1")
	date, id, err := parseJournalPeriodKey(key, len(prefix))
	if err != nil || string(date) != "20260314" || id != "INV-1" {
		t.Fatalf("parseJournalPeriodKey = %q, %q, %v", date, id, err)
	}
	for _, bad := range [][]byte{
		key[:len(key)-1],                               // ID cut short
		append(bytes.Clone(key), 'x'),                  // trailing byte
		key[:len(prefix)+5],                            // date cut short
		append(bytes.Clone(key[:len(prefix)+8]), 0xff), // bad uvarint
	} {
		if _, _, err := parseJournalPeriodKey(bad, len(prefix)); err == nil {
			t.Errorf("parseJournalPeriodKey(%q) accepted a malformed key", bad)
		}
	}
	if _, err := journalVersionOf([]byte{1, 2}); err == nil {
		t.Error("journalVersionOf accepted 2 bytes")
	}
	if v, err := journalVersionOf(binary.BigEndian.AppendUint64(nil, 300)); v != 300 || err != nil {
		t.Errorf("journalVersionOf = %d, %v", v, err)
	}
	if got := string(appendJournalDate(nil, civil.MustParse("0987-01-02"))); got != "09870102" {
		t.Errorf("appendJournalDate = %s", got)
	}
	long := strings.Repeat("t", 200) // a length of two uvarint bytes
	if k := journalHeadKey(long, "x"); len(k) != 1+2+200+1+1 || k[1] != 0xc8 || k[2] != 0x01 {
		t.Errorf("journalHeadKey with a long tenant: % x", k[:4])
	}
}

// TestJournalConformance runs the conformance suite of journal.Store
// over the Badger journal, and checks after each of its tests that every
// key it wrote is of the documented layout.
func TestJournalConformance(t *testing.T) {
	journaltest.Run(t, func(t *testing.T) journal.Store {
		dir := t.TempDir()
		t.Cleanup(func() { checkKeyLayout(t, "journal", dir) })
		s, err := OpenJournal(context.Background(), dir)
		if err != nil {
			t.Fatalf("OpenJournal: %v", err)
		}
		return s
	})
}
