package postgres

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// spreadStates are the states of spreadSales.
var spreadStates = []string{"US-CA", "US-TX", "US-NY", "US-FL", "US-WA", "US-IL", "US-PA"}

// spreadSales returns n sales of company ACME numbered from first, the
// i-th into the i-th of spreadStates and on the i-th of 730 days from
// 2025-01-01, so that a unit of up to 730 of them keeps a figure per
// sale, as a batch run's units of sales to many buyers do.
func spreadSales(first, n int) []*journal.Transaction {
	amount := money.MustParse("123.45")
	day := civil.MustParse("2025-01-01")
	out := make([]*journal.Transaction, n)
	for k := range n {
		i := first + k
		area := spreadStates[i%len(spreadStates)]
		out[k] = &journal.Transaction{TransactionID: "S" + strconv.Itoa(i), Perspective: "SELLER", MessageType: "INVOICE",
			Company: "ACME", DocumentDate: day.AddDays(i % 730), Currency: "USD", SubTotal: amount, Total: amount,
			Lines: []journal.Line{{Destination: area, Amount: amount, Taxes: []journal.Tax{{JurisdictionID: area, Taxable: amount}}}}}
	}
	return out
}

// TestFigureDeltasFoldedByRows: a node folds the deltas after its units
// appended some thousands of figures, however few units those were: 12
// units of 730 sales, each sale a figure of its own (8,760 figures, past
// the 8,192 of foldRows), leave fewer deltas than they appended, and the
// figures read are those of a journal in memory. (A node folded after
// every 2048 units alone, and a batch run's units of a thousand sales
// left every one of their figures unfolded, each read adding them up.)
func TestFigureDeltasFoldedByRows(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 1)
	s, mem := db.Journal(), journal.NewMemory()
	const units, per = 12, 730
	for u := range units {
		for _, st := range []journal.Store{s, mem} {
			if _, err := st.PostAll(ctx, "acme", spreadSales(u*per, per)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := countRows(t, db, "journal_figure_deltas"); n >= units*per {
		t.Fatalf("%d deltas after %d units of %d figures, want a fold to have moved some", n, units, per)
	}
	figs, err := mem.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	// A unit's 730 sales fall on 730 days; all of them on 7×730 keys.
	if want := len(spreadStates) * 730; len(figs) != want {
		t.Fatalf("the journal in memory keeps %d figures, want %d", len(figs), want)
	}
	sameFigures(t, "after units of many figures", s, mem)
}

// TestFigureFoldIntoPartZero: a fold adds the deltas of every part of a
// key into the row of part 0, one row per day, company and area, which
// a read adds to rows an earlier Levy left in other parts: the figures
// are the sums of all of them.
func TestFigureFoldIntoPartZero(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 2)
	// Deltas of three connections' parts over two keys.
	if _, err := db.pool.Exec(ctx, `INSERT INTO journal_figure_deltas (tenant, part, day, company, area, d_gross, d_taxable, d_count, m_gross, m_count)
		SELECT 'acme', p, DATE '2026-03-01' + (p % 2), 'ACME', 'US-CA', 1000 * p, 1000 * p, 1, 7, 1
		FROM generate_series(1, 6) AS p`); err != nil {
		t.Fatal(err)
	}
	// A row that a unit of an earlier Levy upserted in part 5.
	if _, err := db.pool.Exec(ctx, `INSERT INTO journal_figures (tenant, part, day, company, area, d_gross, d_taxable, d_count)
		VALUES ('acme', 5, DATE '2026-03-01', 'ACME', 'US-CA', 50, 50, 2)`); err != nil {
		t.Fatal(err)
	}
	foldAll(t, db)
	rows, err := db.pool.Query(ctx, `SELECT part, day, count(*) OVER () FROM journal_figures WHERE tenant = 'acme' AND part <> 5 ORDER BY day`)
	if err != nil {
		t.Fatal(err)
	}
	var parts []int16
	for rows.Next() {
		var part int16
		var day any
		var n int
		if err := rows.Scan(&part, &day, &n); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(parts, []int16{0, 0}) {
		t.Fatalf("the fold wrote rows of parts %v, want one row of part 0 per day", parts)
	}
	got, err := db.Journal().Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	d1, d2 := civil.MustParse("2026-03-01"), civil.MustParse("2026-03-02")
	want := []journal.Figure{
		{Company: "ACME", Area: "US-CA", Day: d1, Direct: journal.Tally{Gross: 50 + 2000 + 4000 + 6000, Taxable: 50 + 12000, Count: 2 + 3},
			Marketplace: journal.Tally{Gross: 21, Count: 3}},
		{Company: "ACME", Area: "US-CA", Day: d2, Direct: journal.Tally{Gross: 1000 + 3000 + 5000, Taxable: 9000, Count: 3},
			Marketplace: journal.Tally{Gross: 21, Count: 3}},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("figures %+v, want %+v", got, want)
	}
}

// TestFigureGroupAddsDaysUp: the rows of one day that a read of figures
// brings in arrays (its parts, its deltas), in any order, come out as
// one figure whose numbers are their exact sum held within ±maxUnits,
// as the server's GROUP BY gave them: a sum that passes the bound on the
// way and comes back within it is exact, math.MinInt64 is held at
// -maxUnits, a day whose rows add up to zero is left out, and the days
// come in order.
func TestFigureGroupAddsDaysUp(t *testing.T) {
	const max = math.MaxInt64
	d1, d2, d3 := civil.MustParse("2026-01-01"), civil.MustParse("2026-01-02"), civil.MustParse("2026-01-03")
	days := []int32{d2.Days(), d1.Days(), d2.Days(), d3.Days(), d2.Days(), d3.Days(), d1.Days()}
	var cols [numberCount][]int64
	for k := range cols {
		cols[k] = make([]int64, len(days))
	}
	gross, count, mGross := cols[0], cols[3], cols[6]
	// d2: max + max - max = max, exact; d1: -max - 1 = MinInt64, held;
	// d3: 5 - 5 = 0, left out.
	gross[0], gross[2], gross[4] = max, max, -max
	count[0], count[2], count[4] = 1, 1, -1
	gross[1], gross[6] = -max, -1
	count[1], count[6] = 1, 1
	mGross[3], mGross[5] = 5, -5
	var figs []journal.Figure
	g := figureGroup{company: "ACME", area: "US-CA", days: days, cols: cols}
	if err := g.each(func(f journal.Figure) error { figs = append(figs, f); return nil }); err != nil {
		t.Fatal(err)
	}
	want := []journal.Figure{
		{Day: d1, Company: "ACME", Area: "US-CA", Direct: journal.Tally{Gross: -max, Count: 2}},
		{Day: d2, Company: "ACME", Area: "US-CA", Direct: journal.Tally{Gross: max, Count: 1}},
	}
	if !slices.Equal(figs, want) {
		t.Fatalf("figures %+v, want %+v", figs, want)
	}
	g.cols[5] = g.cols[5][:2]
	if err := g.each(func(journal.Figure) error { return nil }); err == nil {
		t.Fatal("arrays of different lengths were read")
	}
}

// TestFigureFoldPrepared: the fold's statement is prepared on the
// connection that runs it and kept there, so that a fold is not parsed
// and planned anew each time (a statement without arguments goes by the
// simple protocol, which prepares nothing), and the fold after it uses
// the statement kept: its figures are the posts'.
func TestFigureFoldPrepared(t *testing.T) {
	ctx := context.Background()
	db := openConns(t, 1)
	s := db.Journal()
	for i := range 2 {
		if _, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", i), "SO-1")); err != nil {
			t.Fatal(err)
		}
		foldAll(t, db)
	}
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM pg_prepared_statements WHERE statement = $1`, foldFiguresSQL).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("the fold's statement is prepared %d times on the pool's one connection, want once", n)
	}
	checkPostedFigures(t, db, "acme", 2)
}
