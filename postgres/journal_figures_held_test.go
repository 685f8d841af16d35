package postgres

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// TestFigureSumsHeldAfterRefusal: the figures of a day and of its month
// come out as journal.SumUnits adds them, by either way a unit is stored
// (at once, as a unit of new IDs, or under locks): a sum one below
// -maxUnits, math.MinInt64, which a bigint holds, is held at -maxUnits
// too, and the sums within the bound, the count's among them, are exact.
// A unit appends its figures as deltas (journal_figure_deltas), which a
// read adds to the folded rows held within ±maxUnits, and a fold after
// each unit adds to the rows with the same held sums (holdTallies).
func TestFigureSumsHeldAfterRefusal(t *testing.T) {
	ctx := context.Background()
	const max = math.MaxInt64
	steps := []struct{ add, want int64 }{
		{-max, -max}, // a new row
		{-1, -max},   // math.MinInt64, held
		{max, 0},     // exact
		{max - 1, max - 1},
		{5, max},      // beyond maxUnits, held
		{-1, max - 1}, // exact again
		{-max, -1},    // exact
		{-max, -max},  // beyond -maxUnits, held
	}
	day := civil.MustParse("2026-02-02")
	for _, locked := range []bool{false, true} {
		t.Run(fmt.Sprintf("locked=%v", locked), func(t *testing.T) {
			// One connection: every unit adds to the rows of one part.
			db := openConns(t, 1)
			b := &journalBackend{db: db}
			for i, st := range steps {
				ids := []string{fmt.Sprintf("U-%d", i)}
				if locked {
					b.known.add("acme", ids)
				}
				var figs []journal.Figure
				for _, area := range []string{"US-TX", journal.AreaEU} {
					figs = append(figs, journal.Figure{Day: day, Area: area, Direct: journal.Tally{Gross: st.add, Count: 1}})
				}
				if err := b.Update(ctx, "acme", ids, func(s journal.State) error { return s.AddFigures(figs) }); err != nil {
					t.Fatalf("step %d, adding %d: %v", i, st.add, err)
				}
				read, err := journal.NewStore(b).Figures(ctx, "acme", civil.Date{}, civil.Date{})
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range read {
					if f.Direct.Gross != st.want || f.Direct.Count != int64(i+1) {
						t.Fatalf("step %d, adding %d, before the fold: %s %+v, want gross %d", i, st.add, f.Area, f.Direct, st.want)
					}
				}
				foldAll(t, db)
				for _, table := range []string{"journal_figures", "journal_figure_months"} {
					rows, err := db.pool.Query(ctx, `SELECT area, d_gross, d_count FROM `+table+` WHERE tenant = 'acme' ORDER BY area`)
					if err != nil {
						t.Fatal(err)
					}
					var got []string
					for rows.Next() {
						var area string
						var gross, count int64
						if err := rows.Scan(&area, &gross, &count); err != nil {
							t.Fatal(err)
						}
						got = append(got, fmt.Sprintf("%s %d %d", area, gross, count))
					}
					rows.Close()
					if err := rows.Err(); err != nil {
						t.Fatal(err)
					}
					want := []string{fmt.Sprintf("EU %d %d", st.want, i+1), fmt.Sprintf("US-TX %d %d", st.want, i+1)}
					if table == "journal_figure_months" {
						want = want[:1]
					}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("step %d, adding %d: %s = %v, want %v", i, st.add, table, got, want)
					}
				}
			}
		})
	}
}
