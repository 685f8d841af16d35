package postgres

import (
	"fmt"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// unitCases are the figures of units that the statement of a post must
// write: one sale into a US state, one EU distance sale, a unit of many
// (PostAll) of both, a sync moving an EU sale within its month (the days
// change, the month's total does not), one moving it across a month's
// end, and one whose figures cancel out.
func unitCases() map[string][]journal.Figure {
	d := civil.MustParse("2026-03-14")
	fig := func(company, area string, day civil.Date, gross, count int64) journal.Figure {
		return journal.Figure{Company: company, Area: area, Day: day, Direct: journal.Tally{Gross: gross, Taxable: gross, Count: count}}
	}
	var many []journal.Figure
	for i := range 40 {
		area := "US-CA"
		if i%3 == 0 {
			area = journal.AreaEU
		}
		many = append(many, fig(fmt.Sprintf("C%d", i%4), area, d.AddDays(i%20), int64(1000+i), 1))
	}
	return map[string][]journal.Figure{
		"us":             {fig("ACME", "US-CA", d, 1000000, 1)},
		"eu":             {fig("ACME", journal.AreaEU, d, 1000000, 1)},
		"many":           many,
		"eu-same-month":  {fig("ACME", journal.AreaEU, d, -1000000, -1), fig("ACME", journal.AreaEU, d.AddDays(3), 1000000, 1)},
		"eu-next-month":  {fig("ACME", journal.AreaEU, d, -1000000, -1), fig("ACME", journal.AreaEU, d.AddDays(20), 1000000, 1)},
		"eu-and-us-zero": {fig("ACME", "US-CA", d, 5, 1), fig("ACME", "US-CA", d, -5, -1), fig("ACME", journal.AreaEU, d, 7, 0)},
		"cancelled":      {fig("ACME", journal.AreaEU, d, 5, 1), fig("ACME", journal.AreaEU, d, -5, -1)},
	}
}

// wantMonths is whether a unit's statement must write monthly totals:
// whether its figures, added up by company, area that keeps them and
// month, add anything to one.
func wantMonths(figs []journal.Figure) bool {
	var months []journal.Figure
	for _, f := range figs {
		if keepsMonths(f.Area) {
			f.Day = journal.MonthOf(f.Day)
			months = append(months, f)
		}
	}
	return len(journal.MergeFigures(months)) > 0
}

// TestUnitFigureStatements: the statements that store a unit's figures
// choose the upsert with monthly totals exactly when the figures add
// something to a month of an area that keeps them, and pass the figures
// added up by key, in the order of their days; the unit's figures are
// left as they were.
func TestUnitFigureStatements(t *testing.T) {
	for name, figs := range unitCases() {
		t.Run(name, func(t *testing.T) {
			kept := slices.Clone(figs)
			merged := journal.MergeFigures(slices.Clone(figs))
			months := wantMonths(figs)

			var b pgx.Batch
			queueFigures(&b, "acme", 3, figs)
			switch {
			case len(merged) == 0 && b.Len() != 0:
				t.Fatalf("queued %d statements for figures that cancel out", b.Len())
			case len(merged) > 0 && b.Len() != 1:
				t.Fatalf("queued %d statements, want 1", b.Len())
			case len(merged) > 0:
				want := upsertFigures
				if months {
					want = upsertFiguresMonths
				}
				if b.QueuedQueries[0].SQL != want {
					t.Errorf("queued the upsert with months %v, want %v", b.QueuedQueries[0].SQL == upsertFiguresMonths, months)
				}
				checkFigureArgs(t, b.QueuedQueries[0].Arguments[2:], merged)
			}

			s := &journalState{tenant: "acme", write: true, part: 3, figures: figs,
				newHeads: map[string]journal.Head{"INV-1": {Latest: 1}}, headOrder: []string{"INV-1"},
				newVersions: map[versionKey][]byte{{"INV-1", 1}: []byte(`{}`)}, versions: []versionKey{{"INV-1", 1}},
				heads: map[string]journal.Head{}, read: map[string]bool{}}
			ok, sql, args := s.firstVersion()
			if !ok {
				t.Fatal("a unit of one new ID is not stored in one statement")
			}
			var want string
			switch {
			case len(merged) == 1 && months:
				want = insertFirstVersionFigureMonth
			case len(merged) == 1:
				want = insertFirstVersionFigure
			case months:
				want = insertFirstVersionFiguresMonths
			default:
				want = insertFirstVersionFigures
			}
			if sql != want {
				t.Errorf("first version's statement is not the one of %d figures with months %v", len(merged), months)
			}
			if len(merged) == 1 {
				if got := args[10:]; fmt.Sprint(got) != fmt.Sprint(oneFigureArgs(3, &merged[0])[1:]) {
					t.Errorf("one figure's arguments %v", got)
				}
			} else {
				checkFigureArgs(t, args[10:], merged)
			}
			if !slices.Equal(figs, kept) {
				t.Errorf("the unit's figures changed: %+v, were %+v", figs, kept)
			}
		})
	}
}

// checkFigureArgs checks the arrays of an upsert of figures (after the
// tenant and the part) against merged.
func checkFigureArgs(t *testing.T, args []any, merged []journal.Figure) {
	t.Helper()
	days, companies, areas := args[0].([]string), args[1].([]string), args[2].([]string)
	gross := args[3].([]int64)
	if len(days) != len(merged) {
		t.Fatalf("%d figures in the arrays, want %d", len(days), len(merged))
	}
	got := make([]journal.Figure, len(days))
	for i := range days {
		if i > 0 && days[i] < days[i-1] {
			t.Errorf("the days are not in order: %v", days)
		}
		got[i] = journal.Figure{Company: companies[i], Area: areas[i], Day: civil.MustParse(days[i]), Direct: journal.Tally{Gross: gross[i]}}
	}
	got = journal.MergeFigures(got)
	for i := range got {
		if got[i].Key() != merged[i].Key() || got[i].Direct.Gross != merged[i].Direct.Gross {
			t.Errorf("figure %d: %+v, want %+v", i, got[i], merged[i])
		}
	}
}

// BenchmarkUnitFigureStatements measures what building the statement
// that stores a unit's figures costs in the process (no database): for
// an EU distance sale's one figure (firstVersion, the common post) and
// for a unit of 40 figures of which some are the EU's (queueFigures, as
// a PostAll queues them).
func BenchmarkUnitFigureStatements(b *testing.B) {
	cases := unitCases()
	b.Run("first-version-eu", func(b *testing.B) {
		figs := cases["eu"]
		b.ReportAllocs()
		for b.Loop() {
			s := &journalState{tenant: "acme", write: true, part: 3, figures: figs,
				newHeads: map[string]journal.Head{"INV-1": {Latest: 1}}, headOrder: []string{"INV-1"},
				newVersions: map[versionKey][]byte{{"INV-1", 1}: []byte(`{}`)}, versions: []versionKey{{"INV-1", 1}}}
			if ok, _, _ := s.firstVersion(); !ok {
				b.Fatal("not one statement")
			}
		}
	})
	b.Run("queue-many", func(b *testing.B) {
		figs := cases["many"]
		b.ReportAllocs()
		for b.Loop() {
			var batch pgx.Batch
			queueFigures(&batch, "acme", 3, figs)
		}
	})
	// queue-many as it was built before unitFigures, for the comparison
	// in one run: the figures merged to see that there are any, their
	// months merged to see that there are any, and the figures merged
	// again for the arrays.
	b.Run("queue-many-merging-thrice", func(b *testing.B) {
		figs := cases["many"]
		b.ReportAllocs()
		for b.Loop() {
			var batch pgx.Batch
			if len(journal.MergeFigures(slices.Clone(figs))) == 0 {
				continue
			}
			sql := upsertFigures
			if wantMonths(figs) {
				sql = upsertFiguresMonths
			}
			batch.Queue(sql, append([]any{"acme"}, figureArgs(3, journal.MergeFigures(slices.Clone(figs)))...)...)
		}
	})
}
