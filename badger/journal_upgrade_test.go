package badger

import (
	"context"
	"encoding/binary"
	"fmt"
	"testing"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// encodeFigureDaysV1 writes days as schema version 1 did: no total.
func encodeFigureDaysV1(days []figureDay) []byte {
	var b []byte
	for _, d := range days {
		b = append(b, byte(d.day))
		for _, x := range d.n {
			b = binary.AppendVarint(b, x)
		}
	}
	return b
}

// TestUpgradeFiguresFromV1 opens a journal of schema version 1, whose
// figures' values have no monthly total: OpenJournal writes the totals
// from the days, and version 2, and the sums and the days read as before.
func TestUpgradeFiguresFromV1(t *testing.T) {
	dir := t.TempDir()
	before := postFigureHistory(t, dir)
	downgradeToV1(t, dir)
	checkUpgraded(t, dir, before)
}

// TestUpgradeFiguresInterrupted interrupts the upgrade from schema
// version 1 after its first page of figure values (the open's context
// ends while it runs, as a stopped process leaves it): the open fails,
// the journal keeps version 1 with some values upgraded and the others
// not, and the next open finishes the upgrade, each total counted once.
func TestUpgradeFiguresInterrupted(t *testing.T) {
	dir := t.TempDir()
	before := postFigureHistory(t, dir)
	values := downgradeToV1(t, dir)
	// The context ends once the open has checked it and the upgrade has
	// written its first page: as a process stopped there leaves it.
	ctx := &endingContext{Context: context.Background(), live: 1}
	if j, err := OpenJournal(ctx, dir, WithSyncWrites(false)); err == nil {
		_ = j.Close()
		t.Fatal("the open whose context ended finished the upgrade")
	}
	// Interrupted: version 1, the first page upgraded, the rest not.
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	upgraded := 0
	err = db.View(func(txn *bdb.Txn) error {
		item, err := txn.Get([]byte{journalKeySchema})
		if err != nil {
			return err
		}
		if v, _ := item.ValueCopy(nil); string(v) != "1" {
			return fmt.Errorf("schema version %q after an interrupted upgrade", v)
		}
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{journalKeyFigures}})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := it.Item().Value(func(v []byte) error {
				if v[0] == figureTotalMark {
					upgraded++
				}
				return nil
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	if upgraded == 0 || upgraded >= values {
		t.Fatalf("%d of %d figure values upgraded by the interrupted open, want some and not all", upgraded, values)
	}
	checkUpgraded(t, dir, before)
}

// endingContext is a context that has not ended for its first live
// calls of Err, and has ended (context.Canceled) from then on.
type endingContext struct {
	context.Context
	live int
}

// Err implements context.Context.
func (c *endingContext) Err() error {
	if c.live > 0 {
		c.live--
		return nil
	}
	return context.Canceled
}

// postFigureHistory posts, into a new journal in dir, EU sales of 40
// companies over two years (more figure values than a page of the
// upgrade), and returns the figures.
func postFigureHistory(t *testing.T, dir string) []journal.Figure {
	t.Helper()
	ctx := context.Background()
	j := openTest(t, dir, WithSyncWrites(false))
	a := money.MustParse("3.25")
	var batch []*journal.Transaction
	for i := range 2500 { // more figure values than a page of the upgrade
		company := fmt.Sprintf("C%d", i%40)
		tx := &journal.Transaction{TransactionID: fmt.Sprintf("U%d", i), Perspective: "SELLER", MessageType: "INVOICE", Company: company,
			DocumentDate: civil.MustParse("2025-01-01").AddDays(i % 700), Currency: "EUR", SubTotal: a, Total: a,
			Lines: []journal.Line{{Destination: "FR", Amount: a, EUDistanceSale: true}}}
		batch = append(batch, tx)
		if len(batch) == 50 {
			if _, err := j.PostAll(ctx, "acme", batch); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	before, err := j.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}

	return before
}

// downgradeToV1 writes the journal in dir back as schema version 1 wrote
// it: every figure value without its total. It returns the number of
// values.
func downgradeToV1(t *testing.T, dir string) int {
	t.Helper()
	// Back to version 1: every value without its total.
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	values := 0
	err = db.Update(func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{journalKeyFigures}})
		type kv struct{ k, v []byte }
		var old []kv
		for it.Rewind(); it.Valid(); it.Next() {
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			if v[0] != figureTotalMark {
				return fmt.Errorf("key %q has no total", it.Item().Key())
			}
			days, err := decodeFigureDays(v, nil)
			if err != nil {
				return err
			}
			old = append(old, kv{it.Item().KeyCopy(nil), encodeFigureDaysV1(days)})
		}
		it.Close()
		values = len(old)
		for _, e := range old {
			if err := txn.Set(e.k, e.v); err != nil {
				return err
			}
		}
		return txn.Set([]byte{journalKeySchema}, []byte("1"))
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	if values <= 1000 {
		t.Fatalf("%d figure values, want more than a page of the upgrade", values)
	}

	return values
}

// checkUpgraded opens the journal in dir, which upgrades it, and checks
// that its figures are before, that its sums are those of the days, and
// that every value has its total and the version is 2.
func checkUpgraded(t *testing.T, dir string, before []journal.Figure) {
	t.Helper()
	ctx := context.Background()
	j := openTest(t, dir, WithSyncWrites(false))
	after, err := j.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(after, before); len(d) > 0 {
		t.Fatalf("figures changed by the upgrade: %+v", d)
	}
	var spans []journal.Span
	for m := civil.MustParse("2025-01-01"); m.Year < 2027; m = civil.New(m.Year, m.Month+1, 1) {
		spans = append(spans, journal.Span{From: m, To: civil.New(m.Year, m.Month+1, 1).AddDays(-1)}, journal.Span{From: m, To: m.AddDays(9)})
	}
	spans = append(spans, journal.Span{From: civil.MustParse("2025-01-01"), To: civil.MustParse("2025-12-31")})
	for c := range 40 {
		company := fmt.Sprintf("C%d", c)
		var days []journal.Figure
		for _, f := range after {
			if f.Company == company {
				days = append(days, f)
			}
		}
		got, err := j.AreaSums(ctx, "acme", company, journal.AreaEU, spans)
		if err != nil {
			t.Fatal(err)
		}
		want := journal.SumFigures(days, spans)
		for i := range spans {
			if got[i] != want[i] {
				t.Errorf("%s over %s..%s = %+v, want %+v", company, spans[i].From, spans[i].To, got[i], want[i])
			}
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	// Every value has its total now, and the version is 2.
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(txn *bdb.Txn) error {
		item, err := txn.Get([]byte{journalKeySchema})
		if err != nil {
			return err
		}
		if v, _ := item.ValueCopy(nil); string(v) != "2" {
			return fmt.Errorf("schema version %q after the upgrade", v)
		}
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{journalKeyFigures}})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := it.Item().Value(func(v []byte) error {
				if v[0] != figureTotalMark {
					return fmt.Errorf("key %q has no total after the upgrade", it.Item().Key())
				}
				return nil
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
