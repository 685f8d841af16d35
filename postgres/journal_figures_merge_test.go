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
			queueFigures(&b, "acme", 3, figs, smallFigures)
			switch {
			case len(merged) == 0 && b.Len() != 0:
				t.Fatalf("queued %d statements for figures that cancel out", b.Len())
			case len(merged) > 0 && b.Len() != 1:
				t.Fatalf("queued %d statements, want 1", b.Len())
			case len(merged) > 0:
				st := figureSQL(len(merged), smallFigures, unitNumbers(merged, smallFigures))
				want := st.alone
				if months {
					want = st.aloneMonths
				}
				if b.QueuedQueries[0].SQL != want {
					t.Errorf("queued the upsert with months %v, want %v, of %d figures", b.QueuedQueries[0].SQL == st.aloneMonths, months, len(merged))
				}
				checkFigureArgs(t, b.QueuedQueries[0].Arguments[2:], merged)
			}
			var d pgx.Batch
			queueDeltas(&d, "acme", 3, figs, smallFigures)
			switch {
			case len(merged) == 0 && d.Len() != 0:
				t.Fatalf("queued %d deltas for figures that cancel out", d.Len())
			case len(merged) > 0 && (d.Len() != 1 || d.QueuedQueries[0].SQL != deltaSQL(len(merged), smallFigures, unitNumbers(merged, smallFigures)).alone):
				t.Fatalf("queued %d statements, not the one insert of the deltas of %d figures", d.Len(), len(merged))
			case len(merged) > 0:
				checkFigureArgs(t, d.QueuedQueries[0].Arguments[2:], merged)
			}

			s := &journalState{tenant: "acme", write: true, part: 3, figures: figs, scalarFigures: smallFigures,
				newHeads: map[string]journal.Head{"INV-1": {Latest: 1}}, headOrder: []string{"INV-1"},
				newVersions: map[versionKey][]byte{{"INV-1", 1}: []byte(`{}`)}, versions: []versionKey{{"INV-1", 1}},
				heads: map[string]journal.Head{}, read: map[string]bool{}}
			ok, sql, args := s.firstVersion()
			if !ok {
				t.Fatal("a unit of one new ID is not stored in one statement")
			}
			if len(merged) == 0 {
				if sql != insertFirstVersion {
					t.Errorf("figures that cancel out are written: %s", sql)
				}
				return
			}
			if want := deltaSQL(len(merged), smallFigures, unitNumbers(merged, smallFigures)).first; sql != want {
				t.Errorf("first version's statement is not the insert of the deltas of %d figures (months %v)", len(merged), months)
			}
			if args[8] != "acme" || args[9] != int16(3) {
				t.Errorf("the upsert's tenant and part are %v, %v", args[8], args[9])
			}
			checkFigureArgs(t, args[10:], merged)
			if !slices.Equal(figs, kept) {
				t.Errorf("the unit's figures changed: %+v, were %+v", figs, kept)
			}
		})
	}
}

// checkFigureArgs checks the figures of an upsert (after the tenant and
// the part) against merged: figureParamsOf scalars per figure when there
// are at most smallFigures, the numbers of the groups in which a figure
// has one other than zero (a number left out is zero), else an array per
// column, the figures in the order of their days, companies and areas.
func checkFigureArgs(t *testing.T, args []any, merged []journal.Figure) {
	t.Helper()
	var got []journal.Figure
	tallies := func(n func(k int) int64) (journal.Tally, journal.Tally) {
		return journal.Tally{Gross: n(0), Exempt: n(1), Taxable: n(2), Count: n(3), Unconverted: n(4), ExemptOther: n(5)},
			journal.Tally{Gross: n(6), Exempt: n(7), Taxable: n(8), Count: n(9), Unconverted: n(10), ExemptOther: n(11)}
	}
	if len(merged) <= smallFigures {
		nums := numberSetOf(merged)
		per := figureParamsOf(nums)
		if len(args) != per*len(merged) {
			t.Fatalf("%d scalars for %d figures, want %d", len(args), len(merged), per*len(merged))
		}
		// sent[k] is the index among a figure's numbers of the number k,
		// or -1 when it is left out.
		var sent [numberCount]int
		j := 0
		for k := range sent {
			sent[k] = -1
			if nums.has(k) {
				sent[k], j = j, j+1
			}
		}
		for i := 0; i < len(args); i += per {
			f := journal.Figure{Day: civil.MustParse(args[i].(string)), Company: args[i+1].(string), Area: args[i+2].(string)}
			f.Direct, f.Marketplace = tallies(func(k int) int64 {
				if sent[k] < 0 {
					return 0
				}
				return args[i+3+sent[k]].(int64)
			})
			got = append(got, f)
		}
	} else {
		days, companies, areas := args[0].([]string), args[1].([]string), args[2].([]string)
		if len(days) != len(merged) {
			t.Fatalf("%d figures in the arrays, want %d", len(days), len(merged))
		}
		for i := range days {
			f := journal.Figure{Day: civil.MustParse(days[i]), Company: companies[i], Area: areas[i]}
			f.Direct, f.Marketplace = tallies(func(k int) int64 { return args[3+k].([]int64)[i] })
			got = append(got, f)
		}
	}
	for i := 1; i < len(got); i++ {
		a, b := got[i-1], got[i]
		if a.Day.Compare(b.Day) > 0 || a.Day == b.Day && (a.Company > b.Company || a.Company == b.Company && a.Area >= b.Area) {
			t.Errorf("figures %d and %d are not in the order of day, company and area: %+v, %+v", i-1, i, a, b)
		}
	}
	got = journal.MergeFigures(got)
	if len(got) != len(merged) {
		t.Fatalf("%d figures, want %d", len(got), len(merged))
	}
	for i := range got {
		if got[i] != merged[i] {
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
			s := &journalState{tenant: "acme", write: true, part: 3, figures: figs, scalarFigures: smallFigures,
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
			queueFigures(&batch, "acme", 3, figs, smallFigures)
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
			sql := arrayFigureSQL.alone
			if wantMonths(figs) {
				sql = arrayFigureSQL.aloneMonths
			}
			batch.Queue(sql, append([]any{"acme"}, figureArgs(3, journal.MergeFigures(slices.Clone(figs)), smallFigures)...)...)
		}
	})
}
