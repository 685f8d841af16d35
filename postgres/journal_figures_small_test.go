package postgres

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// smallUnitCases are unitCases with the units of two to five figures
// that a post writes: a Canadian registrant's sale (two), a consumer's
// (four), a sale into three US states, one into five (more than
// smallFigures, through arrays), and EU distance sales of two companies
// beside a US figure (three, of which the months keep two).
func smallUnitCases() map[string][]journal.Figure {
	d := civil.MustParse("2026-03-14")
	fig := func(company, area string, day civil.Date, gross, exempt, count int64) journal.Figure {
		return journal.Figure{Company: company, Area: area, Day: day,
			Direct: journal.Tally{Gross: gross, Exempt: exempt, Taxable: gross - exempt, Count: count}}
	}
	cases := unitCases()
	cases["onb"] = []journal.Figure{fig("ACME", "CA-ON", d, 10000, 0, 1), fig("ACME", "CA", d, 10000, 0, 1)}
	cases["on"] = []journal.Figure{fig("ACME", "CA-ON/consumers", d, 10000, 0, 1), fig("ACME", "CA", d, 10000, 0, 1),
		fig("ACME", "CA-ON", d, 10000, 0, 1), fig("ACME", "CA/consumers", d, 10000, 0, 1)}
	cases["three"] = []journal.Figure{fig("ACME", "US-TX", d, 300, 100, 1), fig("ACME", "US-CA", d, 500, 0, 1),
		{Company: "ACME", Area: "US-NY", Day: d, Marketplace: journal.Tally{Gross: 700, Taxable: 600, Exempt: 100, Count: 1, Unconverted: 1}}}
	cases["five"] = []journal.Figure{fig("ACME", "US-WA", d, 1, 0, 1), fig("ACME", "US-TX", d, 2, 0, 1), fig("ACME", "US-NY", d, 3, 1, 1),
		fig("ACME", "US-FL", d, 4, 0, 1), fig("ACME", "US-CA", d, 5, 5, 1)}
	cases["eu-two-companies"] = []journal.Figure{fig("BETA", journal.AreaEU, d, 900, 0, 1), fig("ACME", journal.AreaEU, d.AddDays(2), 800, 0, 1),
		fig("ACME", "US-CA", d, 700, 0, 1)}
	return cases
}

// storedFigures returns the days' figures of tenant as the journal reads
// them, and its monthly totals as stored, their parts added up, without
// those that add up to nothing.
func storedFigures(t *testing.T, db *DB, tenant string) (days, months []journal.Figure) {
	t.Helper()
	ctx := context.Background()
	days, err := db.Journal().Figures(ctx, tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	// The months are read from their table, after a fold of the
	// deltas, which changes none of the days' figures.
	foldAll(t, db)
	folded, err := db.Journal().Figures(ctx, tenant, civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(folded, days) {
		t.Fatalf("the figures after a fold %+v, before it %+v", folded, days)
	}
	rows, err := db.pool.Query(ctx, `SELECT month, company, area, `+sumsOfRows+`
		FROM journal_figure_months WHERE tenant = $1 GROUP BY month, company, area`, tenant)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var f journal.Figure
		var month time.Time
		if err := rows.Scan(append([]any{&month, &f.Company, &f.Area}, scanNumbers(&f.Direct, &f.Marketplace)...)...); err != nil {
			t.Fatal(err)
		}
		f.Day = civil.Of(month)
		months = append(months, f)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return days, journal.MergeFigures(months)
}

// TestSmallUnitFigures stores the figures of each of smallUnitCases
// twice (the second time every row is there already and takes the
// sums), by each statement that stores a unit's figures: after the
// first version of an ID (firstVersion, a post) and on its own
// (queueFigures, a unit of several IDs), with scalars up to
// smallFigures figures and, as before them, with arrays from two
// figures on. Each way, the days read back are the unit's figures added
// up twice, and the monthly totals those of the areas that keep them,
// by month: the statements of scalars store what the arrays store.
func TestSmallUnitFigures(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	for name, figs := range smallUnitCases() {
		want := journal.MergeFigures(slices.Concat(figs, figs))
		var wantMonths []journal.Figure
		for _, f := range want {
			if keepsMonths(f.Area) {
				f.Day = journal.MonthOf(f.Day)
				wantMonths = append(wantMonths, f)
			}
		}
		wantMonths = journal.MergeFigures(wantMonths)
		for _, scalars := range []int{smallFigures, 1} {
			for _, way := range []string{"first", "queued"} {
				tenant := fmt.Sprintf("%s-%s-%d", name, way, scalars)
				t.Run(tenant, func(t *testing.T) {
					for i := range 2 {
						var err error
						switch way {
						case "first":
							id := fmt.Sprintf("INV-%d", i)
							s := &journalState{tenant: tenant, write: true, part: int16(i + 2), figures: figs, scalarFigures: scalars,
								newHeads: map[string]journal.Head{id: {Latest: 1}}, headOrder: []string{id},
								newVersions: map[versionKey][]byte{{id, 1}: []byte(`{}`)}, versions: []versionKey{{id, 1}},
								heads: map[string]journal.Head{}, read: map[string]bool{}}
							_, sql, args := s.firstVersion()
							_, err = db.pool.Exec(ctx, sql, args...)
						case "queued":
							var b pgx.Batch
							queueFigures(&b, tenant, int16(i+2), figs, scalars)
							if b.Len() == 0 {
								continue
							}
							err = db.pool.SendBatch(ctx, &b).Close()
						}
						if err != nil {
							t.Fatalf("store %d: %v", i+1, err)
						}
					}
					days, months := storedFigures(t, db, tenant)
					if !slices.Equal(days, want) {
						t.Errorf("days %+v, want %+v", days, want)
					}
					if !slices.Equal(months, wantMonths) {
						t.Errorf("months %+v, want %+v", months, wantMonths)
					}
				})
			}
		}
	}
}

// usPosting is posting's invoice with a line into each of states.
func usPosting(id string, states ...string) *journal.Transaction {
	tx := posting(id, "SO-1")
	line := tx.Lines[0]
	tx.Lines = nil
	for i, st := range states {
		l := line
		l.LineItemID = fmt.Sprint(i + 1)
		l.Taxes = []journal.Tax{{JurisdictionID: st, Taxable: l.Amount, Tax: l.TotalTax}}
		tx.Lines = append(tx.Lines, l)
	}
	n := money.FromInt(int64(len(states)))
	tx.SubTotal, tx.TotalTax = line.Amount.Mul(n), line.TotalTax.Mul(n)
	tx.Total = tx.SubTotal.Add(tx.TotalTax)
	return tx
}

// TestJournalSmallUnitsConcurrent posts, from 8 writers at once, sales
// on one day that each write one to five figures into the same rows: a
// consumer's in Toronto and in Vancouver (four figures each, with
// scalars), a Toronto registrant's (two), a sale into California (one),
// and sales into three and into five US states given in different
// orders (three with scalars, five with arrays). Every post succeeds
// (two units that take the locks of common rows take them in the same
// order, whichever statement stores them, so none waits for the other
// in a cycle) and the figures are those of the memory journal that
// received the same posts one after the other.
func TestJournalSmallUnitsConcurrent(t *testing.T) {
	ctx := context.Background()
	pg, mem := openTest(t).Journal(), journal.NewMemory()
	t.Cleanup(func() { _ = mem.Close() })
	registered := &journal.Party{Business: true, Name: "Northwind Ltd.",
		Registrations: []journal.Registration{{Country: "CA", Number: "123456789RT0001"}}}
	kinds := []struct {
		tx      func(id string) *journal.Transaction
		figures int
	}{
		{func(id string) *journal.Transaction { return canadaPosting(id, "CA-ON", "0.08") }, 4},
		{func(id string) *journal.Transaction { return canadaPosting(id, "CA-BC", "0.07") }, 4},
		{func(id string) *journal.Transaction {
			tx := canadaPosting(id, "CA-ON", "0.08")
			tx.Customer = registered
			return tx
		}, 2},
		{func(id string) *journal.Transaction { return posting(id, "SO-1") }, 1},
		{func(id string) *journal.Transaction { return usPosting(id, "US-TX", "US-CA", "US-NY") }, 3},
		{func(id string) *journal.Transaction { return usPosting(id, "US-NY", "US-CA", "US-TX") }, 3},
		{func(id string) *journal.Transaction {
			return usPosting(id, "US-WA", "US-CA", "US-NY", "US-FL", "US-TX")
		}, 5},
	}
	for i, k := range kinds {
		if got := len(journal.Contribution(k.tx("X"))); got != k.figures {
			t.Fatalf("kind %d: %d figures, want %d", i, got, k.figures)
		}
	}
	const writers, each = 8, 21
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				tx := kinds[(w+i)%len(kinds)].tx(fmt.Sprintf("W%d-%02d", w, i))
				if _, err := pg.Post(ctx, "acme", tx); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("concurrent Post: %v", err)
	}
	for w := range writers {
		for i := range each {
			if _, err := mem.Post(ctx, "acme", kinds[(w+i)%len(kinds)].tx(fmt.Sprintf("W%d-%02d", w, i))); err != nil {
				t.Fatal(err)
			}
		}
	}
	got, err := pg.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := mem.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 9 {
		t.Fatalf("the memory journal has %d figures, want the 9 areas", len(want))
	}
	if !slices.Equal(got, want) {
		t.Errorf("PostgreSQL's figures %+v, want the memory journal's %+v", got, want)
	}
}
