package nexus

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// Rebuilt is what a rebuild found: the keys whose stored figures
// differed from the journal's, the months whose totals (what
// journal.Store.AreaSums reads for a whole month) differed from the
// journal's days, and whether they were replaced.
type Rebuilt struct {
	Tenant      string
	Figures     int // the figures the journal gives
	Differences []journal.FigureDifference
	Months      []MonthDifference
	Repaired    bool
}

// MonthDifference is a month of a company in an area whose stored sum
// differs from what the journal's transactions add up to in it.
type MonthDifference struct {
	Company, Area    string
	Month            civil.Date // its first day
	Stored, Computed journal.Sum
}

// repairTries bounds the replacements of one repair: each replacement
// after the first follows a check that found figures of transactions
// posted while the repair ran missing.
const repairTries = 5

// Rebuild recomputes the sales figures of tenant from its journal
// (journal.Recompute) and compares them with those stored; with repair,
// it replaces the stored ones with the recomputed ones when they differ.
//
// Postings made while it runs (by this process or by other nodes over
// one database) may show as differences. A repair must not lose them: a
// transaction posted after the journal was read and before the figures
// were replaced is in the journal but not in the recomputed figures, so
// the replacement drops its figures. A repair therefore compares again
// after it replaces, and replaces again with the journal as read then
// while the comparison differs, up to repairTries times; it fails when
// the figures still differ then (transactions kept being posted), and
// is run again later. Repaired is set when the last comparison agreed.
// A nil j is refused as an EInvalid error naming j.
func Rebuild(ctx context.Context, j journal.Store, tenant string, repair bool) (*Rebuilt, error) {
	if j == nil {
		return nil, levy.Invalid("j", "the rebuild needs the journal whose figures it recomputes, and j is nil")
	}
	out, computed, err := compare(ctx, j, tenant)
	if err != nil || !repair || out.agrees() {
		return out, err
	}
	for try := 1; ; try++ {
		if err := j.ReplaceFigures(ctx, tenant, computed); err != nil {
			return nil, err
		}
		check, again, err := compare(ctx, j, tenant)
		if err != nil {
			return nil, err
		}
		if check.agrees() {
			out.Figures, out.Repaired = check.Figures, true
			return out, nil
		}
		if try == repairTries {
			return nil, fmt.Errorf("nexus: repair the figures of tenant %s: they differ from the journal after %s, "+
				"as transactions were posted meanwhile: run the repair again (%s and %s differ now)",
				tenant, counted(try, "replacement"), counted(len(check.Differences), "figure"), counted(len(check.Months), "monthly total"))
		}
		computed = again
	}
}

// compare recomputes the figures of tenant from its journal and compares
// them with those stored, and returns what it found and the recomputed
// figures.
func compare(ctx context.Context, j journal.Store, tenant string) (*Rebuilt, []journal.Figure, error) {
	computed, err := journal.Recompute(ctx, j, tenant)
	if err != nil {
		return nil, nil, err
	}
	stored, err := j.Figures(ctx, tenant, civil.Date{}, civil.Date{})
	if err != nil {
		return nil, nil, err
	}
	out := &Rebuilt{Tenant: tenant, Figures: len(computed), Differences: journal.CompareFigures(stored, computed)}
	if out.Months, err = compareMonths(ctx, j, tenant, stored, computed); err != nil {
		return nil, nil, err
	}
	return out, computed, nil
}

// agrees reports whether the rebuild found no difference.
func (r *Rebuilt) agrees() bool { return len(r.Differences) == 0 && len(r.Months) == 0 }

// compareMonths returns the months, of every company and area that has
// stored or computed figures, whose sums as the store reads them (AreaSums
// over the whole month, from its monthly totals where it keeps them)
// differ from what the computed figures add up to. Only the areas whose
// months a backend may keep apart from the days (journal.KeepsMonthTotals)
// are read again: the sum of another area's month is what its stored days
// add up to, which stored holds already.
func compareMonths(ctx context.Context, j journal.Store, tenant string, stored, computed []journal.Figure) ([]MonthDifference, error) {
	type area struct{ company, area string }
	months := map[area]map[civil.Date]bool{}
	have := map[area][]journal.Figure{}
	want := map[area][]journal.Figure{}
	for i, figs := range [][]journal.Figure{stored, computed} {
		for _, f := range figs {
			k := area{f.Company, f.Area}
			if months[k] == nil {
				months[k] = map[civil.Date]bool{}
			}
			months[k][journal.MonthOf(f.Day)] = true
			if i == 0 {
				have[k] = append(have[k], f)
			} else {
				want[k] = append(want[k], f)
			}
		}
	}
	keys := slices.Collect(maps.Keys(months))
	slices.SortFunc(keys, func(a, b area) int {
		return cmp.Or(cmp.Compare(a.company, b.company), cmp.Compare(a.area, b.area))
	})
	var out []MonthDifference
	for _, k := range keys {
		ms := slices.SortedFunc(maps.Keys(months[k]), civil.Date.Compare)
		for len(ms) > 0 {
			n := min(len(ms), journal.MaxSpans)
			spans := make([]journal.Span, n)
			for i, m := range ms[:n] {
				spans[i] = journal.Span{From: m, To: civil.New(m.Year, m.Month+1, 1).AddDays(-1)}
			}
			var got []journal.Sum
			if journal.KeepsMonthTotals(k.area) {
				var err error
				if got, err = j.AreaSums(ctx, tenant, k.company, k.area, spans); err != nil {
					return nil, err
				}
			} else {
				got = journal.SumFigures(have[k], spans)
			}
			sums := journal.SumFigures(want[k], spans)
			for i := range spans {
				if got[i] != sums[i] {
					out = append(out, MonthDifference{Company: k.company, Area: k.area, Month: spans[i].From, Stored: got[i], Computed: sums[i]})
				}
			}
			ms = ms[n:]
		}
	}
	return out, nil
}

// WriteText writes what the rebuild found, a line per difference.
func (r *Rebuilt) WriteText(w io.Writer) error {
	for _, d := range r.Differences {
		fmt.Fprintf(w, "%s %s %s: stored %s, journal %s\n", companyText(d.Key.Company), d.Key.Area, d.Key.Day,
			tallyText(d.Stored), tallyText(d.Computed))
	}
	for _, d := range r.Months {
		fmt.Fprintf(w, "%s %s month %s: stored total %s, journal %s\n", companyText(d.Company), d.Area, d.Month.String()[:7],
			tallyText(journal.Figure{Direct: d.Stored.Direct, Marketplace: d.Stored.Marketplace}),
			tallyText(journal.Figure{Direct: d.Computed.Direct, Marketplace: d.Computed.Marketplace}))
	}
	switch {
	case len(r.Months) > 0 && len(r.Differences) == 0 && r.Repaired:
		_, err := fmt.Fprintf(w, "tenant %s: %s differed from the journal; replaced the figures with the journal's %d\n", r.Tenant, counted(len(r.Months), "monthly total"), r.Figures)
		return err
	case len(r.Months) > 0 && len(r.Differences) == 0:
		_, err := fmt.Fprintf(w, "tenant %s: %s %s from the journal; run again with --repair to replace %s\n", r.Tenant,
			counted(len(r.Months), "monthly total"), agreeing(len(r.Months), "differs", "differ"), agreeing(len(r.Months), "it", "them"))
		return err
	case len(r.Differences) == 0:
		_, err := fmt.Fprintf(w, "tenant %s: the %d stored %s with the journal\n", r.Tenant, r.Figures,
			agreeing(r.Figures, "figure agrees", "figures agree"))
		return err
	case r.Repaired:
		_, err := fmt.Fprintf(w, "tenant %s: %s differed from the journal; replaced with the journal's %d\n", r.Tenant, counted(len(r.Differences), "figure"), r.Figures)
		return err
	}
	_, err := fmt.Fprintf(w, "tenant %s: %s %s from the journal; run again with --repair to replace %s\n", r.Tenant,
		counted(len(r.Differences), "figure"), agreeing(len(r.Differences), "differs", "differ"), agreeing(len(r.Differences), "it", "them"))
	return err
}

func companyText(c string) string {
	if c == "" {
		return `""`
	}
	return journal.Printable(c)
}

func tallyText(f journal.Figure) string {
	t := func(x journal.Tally) string {
		out := fmt.Sprintf("%s in %d", journal.UnitsOf(x.Gross).StringFixed(2), x.Count)
		if x.Exempt != 0 || x.ExemptOther != 0 {
			// A figure stored before the journal kept the part exempted
			// other than for resale differs from the journal in it alone.
			out += fmt.Sprintf(" (exempt %s, %s of it not for resale)", journal.UnitsOf(x.Exempt).StringFixed(2), journal.UnitsOf(x.ExemptOther).StringFixed(2))
		}
		return out
	}
	return fmt.Sprintf("direct %s, marketplace %s", t(f.Direct), t(f.Marketplace))
}
