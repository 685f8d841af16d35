package badger

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// numbersV2 returns the numbers of a day as schema versions 1 and 2
// wrote them: five a tally, without ExemptOther, which must be zero.
func numbersV2(t *testing.T, n [figureTallyFields]int64) []int64 {
	t.Helper()
	if n[5] != 0 || n[11] != 0 {
		t.Fatalf("numbers %v have an amount exempted other than for resale, which version 2 cannot hold", n)
	}
	return append(slices.Clone(n[0:5]), n[6:11]...)
}

// encodeFigureDaysV1 writes days as schema version 1 did: no total.
func encodeFigureDaysV1(t *testing.T, days []figureDay) []byte {
	var b []byte
	for _, d := range days {
		b = append(b, byte(d.day))
		for _, x := range numbersV2(t, d.n) {
			b = binary.AppendVarint(b, x)
		}
	}
	return b
}

// encodeFigureDaysV2 writes days as schema version 2 did: its mark, the
// total, then the days, ten numbers each.
func encodeFigureDaysV2(t *testing.T, days []figureDay) []byte {
	var total [figureTallyFields]int64
	for _, d := range days {
		for x := range d.n {
			total[x] += d.n[x]
		}
	}
	b := []byte{figureMarkV2}
	for _, x := range numbersV2(t, total) {
		b = binary.AppendVarint(b, x)
	}
	return append(b, encodeFigureDaysV1(t, days)...)
}

// TestUpgradeFiguresFromV1 opens a journal of schema version 1, whose
// figures' values have no monthly total: OpenJournal writes the totals
// from the days, and the current version, and the sums and the days read as before.
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
				if v[0] == figureMark {
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
	values := rewriteFigures(t, dir, "1", encodeFigureDaysV1)
	if values <= 1000 {
		t.Fatalf("%d figure values, want more than a page of the upgrade", values)
	}
	return values
}

// rewriteFigures writes every figure value of the journal in dir back in
// an earlier layout (encode) and the schema version to version, as that
// version wrote them; each value must have its total when read. It
// returns the number of values.
func rewriteFigures(t *testing.T, dir, version string, encode func(*testing.T, []figureDay) []byte) int {
	t.Helper()
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
			if v[0] != figureMark {
				return fmt.Errorf("key %q has no total", it.Item().Key())
			}
			days, err := decodeFigureDays(v, nil)
			if err != nil {
				return err
			}
			old = append(old, kv{it.Item().KeyCopy(nil), encode(t, days)})
		}
		it.Close()
		values = len(old)
		for _, e := range old {
			if err := txn.Set(e.k, e.v); err != nil {
				return err
			}
		}
		return txn.Set([]byte{journalKeySchema}, []byte(version))
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	return values
}

// checkUpgraded opens the journal in dir, which upgrades it, and checks
// that its figures are before, that its sums are those of the days, and
// that every value has its total and the version is the current one.
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
	// Every value has its total now, and the version is the current one.
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
		if v, _ := item.ValueCopy(nil); string(v) != journalSchemaVersion {
			return fmt.Errorf("schema version %q after the upgrade", v)
		}
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{journalKeyFigures}})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := it.Item().Value(func(v []byte) error {
				if v[0] != figureMark {
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

// TestOpenFiguresOfV2 opens a journal of schema version 2, whose figure
// values have ten numbers a day (no part exempted other than for
// resale): OpenJournal writes the current version and leaves the values
// as they are, which read as before (ExemptOther zero: every customer
// exemption a resale), sums included; a post that adds to one of them
// rewrites it in the current layout, its old days kept.
func TestOpenFiguresOfV2(t *testing.T) {
	dir := t.TempDir()
	before := postFigureHistory(t, dir)
	rewriteFigures(t, dir, "2", encodeFigureDaysV2)

	// Opened: the values stay in version 2's layout and read as before.
	ctx := context.Background()
	j := openTest(t, dir, WithSyncWrites(false))
	after, err := j.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(after, before); len(d) > 0 {
		t.Fatalf("figures of version 2 read otherwise: %+v", d)
	}
	year := journal.Span{From: civil.MustParse("2025-01-01"), To: civil.MustParse("2025-12-31")}
	var c0 []journal.Figure
	for _, f := range after {
		if f.Company == "C0" {
			c0 = append(c0, f)
		}
	}
	if got, err := j.AreaSums(ctx, "acme", "C0", journal.AreaEU, []journal.Span{year}); err != nil || got[0] != journal.SumFigures(c0, []journal.Span{year})[0] {
		t.Fatalf("sums of version 2's values: %+v %v", got, err)
	}
	// A post into a value of version 2 rewrites it with its days: its ID
	// is one whose part holds a value of C0 on its day.
	id := ""
	for i := 0; id == "" && i < 1000; i++ {
		c := fmt.Sprintf("NEW%d", i)
		key := journalFigureKey("acme", c0[0].Day, "C0", journal.AreaEU, byte(j.be.stripe("acme", c)%figureParts))
		if err := j.be.db.View(func(txn *bdb.Txn) error { _, err := txn.Get(key); return err }); err == nil {
			id = c
		}
	}
	if id == "" {
		t.Fatal("no transaction ID adds to a value of version 2")
	}
	a := money.MustParse("1.00")
	tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: "C0",
		DocumentDate: c0[0].Day, Currency: "EUR", SubTotal: a, Total: a,
		Lines: []journal.Line{{Destination: "FR", Amount: a, EUDistanceSale: true}}}
	if _, err := j.Post(ctx, "acme", tx); err != nil {
		t.Fatal(err)
	}
	want := journal.MergeFigures(append(slices.Clone(before), journal.Contribution(tx)...))
	after, err = j.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if d := journal.CompareFigures(after, want); len(d) > 0 {
		t.Fatalf("figures after a post into a value of version 2: %+v", d)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := bdb.Open(bdb.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	marks := map[byte]int{}
	err = db.View(func(txn *bdb.Txn) error {
		item, err := txn.Get([]byte{journalKeySchema})
		if err != nil {
			return err
		}
		if v, _ := item.ValueCopy(nil); string(v) != journalSchemaVersion {
			return fmt.Errorf("schema version %q after the open", v)
		}
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: []byte{journalKeyFigures}})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := it.Item().Value(func(v []byte) error { marks[v[0]]++; return nil }); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if marks[figureMark] != 1 || marks[figureMarkV2] == 0 || len(marks) != 2 {
		t.Errorf("values by first byte %v, want the one posted to in the current layout and the others in version 2's", marks)
	}
}
