package postgres

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// TestNumberSetOf: a unit's statement of scalars sends the groups of
// numbers (numberGroups) in which a figure has one other than zero, and
// the first group when no figure has any.
func TestNumberSetOf(t *testing.T) {
	cases := []struct {
		name string
		figs []journal.Figure
		want numberSet
	}{
		{"none", nil, 1},
		{"zero", []journal.Figure{{Area: "US-TX"}}, 1},
		{"sale", []journal.Figure{{Direct: journal.Tally{Gross: 100, Taxable: 100, Count: 1}}}, 1},
		{"unconverted", []journal.Figure{{Direct: journal.Tally{Unconverted: 1}}}, 2},
		{"exempt-other", []journal.Figure{{Direct: journal.Tally{ExemptOther: -5}}}, 2},
		{"marketplace", []journal.Figure{{Marketplace: journal.Tally{Count: 1}}}, 4},
		{"marketplace-exempt-other", []journal.Figure{{Marketplace: journal.Tally{ExemptOther: 7}}}, 8},
		{"two", []journal.Figure{{Direct: journal.Tally{Exempt: 1}}, {Marketplace: journal.Tally{Unconverted: 1}}}, 1 | 8},
	}
	for _, c := range cases {
		if got := numberSetOf(c.figs); got != c.want {
			t.Errorf("%s: %04b, want %04b", c.name, got, c.want)
		}
	}
	if allNumbers.count() != numberCount {
		t.Errorf("allNumbers has %d numbers, want %d", allNumbers.count(), numberCount)
	}
	for i := range numberCount {
		n := 0
		for g := range len(numberGroups) {
			if numberSet(1 << g).has(i) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("number %d (%s) is in %d groups, want 1", i, figureNumbers[i].column, n)
		}
	}
}

// TestFigureNumberSets posts units whose figures have numbers in
// different groups (numberGroups), one to three figures each, into the
// same rows of a day and of its EU month, at once as units of new IDs
// and under locks: each unit's statement sends only its figures' groups,
// and the rows take every unit's numbers, the others kept as they were,
// as package journal merges them (MergeFigures). A marketplace's gross beyond
// ±maxUnits is then held at the bound in a unit of its group alone, the
// seller's own numbers of the row left as they were.
func TestFigureNumberSets(t *testing.T) {
	ctx := context.Background()
	day := civil.MustParse("2026-02-02")
	fig := func(area string, d, m journal.Tally) journal.Figure {
		return journal.Figure{Day: day, Area: area, Direct: d, Marketplace: m}
	}
	units := [][]journal.Figure{
		{fig("US-TX", journal.Tally{Gross: 100, Taxable: 100, Count: 1}, journal.Tally{})},
		{fig("US-TX", journal.Tally{Unconverted: 1, ExemptOther: 30}, journal.Tally{})},
		{fig("US-TX", journal.Tally{}, journal.Tally{Gross: 50, Exempt: 50, Count: 1})},
		{fig("US-TX", journal.Tally{}, journal.Tally{Unconverted: 2, ExemptOther: 50})},
		{fig(journal.AreaEU, journal.Tally{Gross: 70, Taxable: 70, Count: 1}, journal.Tally{}),
			fig("US-TX", journal.Tally{}, journal.Tally{Gross: 10, Taxable: 10, Count: 1})},
		{fig(journal.AreaEU, journal.Tally{}, journal.Tally{Gross: 20, Taxable: 20, Count: 1, Unconverted: 1}),
			fig("US-NY", journal.Tally{ExemptOther: 4, Exempt: 4, Gross: 4, Count: 1}, journal.Tally{}),
			fig("US-TX", journal.Tally{Gross: -100, Taxable: -100, Count: -1}, journal.Tally{})},
		{fig(journal.AreaEU, journal.Tally{}, journal.Tally{ExemptOther: 3})},
	}
	for _, locked := range []bool{false, true} {
		t.Run(fmt.Sprintf("locked=%v", locked), func(t *testing.T) {
			// One connection: every unit adds to the rows of one part.
			db := openConns(t, 1)
			b := &journalBackend{db: db}
			var all []journal.Figure
			post := func(i int, figs []journal.Figure) {
				t.Helper()
				ids := []string{fmt.Sprintf("U-%d", i)}
				if locked {
					b.known.add("acme", ids)
				}
				if err := b.Update(ctx, "acme", ids, func(s journal.State) error { return s.AddFigures(figs) }); err != nil {
					t.Fatalf("unit %d: %v", i, err)
				}
				all = append(all, figs...)
			}
			for i, figs := range units {
				post(i, figs)
			}
			want := journal.MergeFigures(slices.Clone(all))
			var wantMonths []journal.Figure
			for _, f := range want {
				if keepsMonths(f.Area) {
					f.Day = journal.MonthOf(f.Day)
					wantMonths = append(wantMonths, f)
				}
			}
			days, months := storedFigures(t, db, "acme")
			if !slices.Equal(days, want) {
				t.Errorf("days %+v, want %+v", days, want)
			}
			if !slices.Equal(months, journal.MergeFigures(wantMonths)) {
				t.Errorf("months %+v, want %+v", months, wantMonths)
			}

			// The marketplace's gross of US-TX to the bound and beyond it.
			post(len(units), []journal.Figure{fig("US-TX", journal.Tally{}, journal.Tally{Gross: math.MaxInt64 - 60})})
			post(len(units)+1, []journal.Figure{fig("US-TX", journal.Tally{}, journal.Tally{Gross: 5})})
			days, _ = storedFigures(t, db, "acme")
			var tx journal.Figure
			for _, f := range days {
				if f.Area == "US-TX" {
					tx = f
				}
			}
			wantTX := journal.Tally{Unconverted: 1, ExemptOther: 30}
			wantM := journal.Tally{Gross: math.MaxInt64, Exempt: 50, Taxable: 10, Count: 2, Unconverted: 2, ExemptOther: 50}
			if tx.Direct != wantTX || tx.Marketplace != wantM {
				t.Errorf("US-TX after the marketplace's gross beyond the bound: %+v %+v, want %+v %+v", tx.Direct, tx.Marketplace, wantTX, wantM)
			}
		})
	}
}
