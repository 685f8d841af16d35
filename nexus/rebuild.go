package nexus

import (
	"context"
	"fmt"
	"io"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// Rebuilt is what a rebuild found: the keys whose stored figures
// differed from the journal's, and whether they were replaced.
type Rebuilt struct {
	Tenant      string
	Figures     int // the figures the journal gives
	Differences []journal.FigureDifference
	Repaired    bool
}

// Rebuild recomputes the sales figures of tenant from its journal
// (journal.Recompute) and compares them with those stored; with repair,
// it replaces the stored ones with the recomputed ones when they differ.
// Postings made while it runs may show as differences: run it with no
// posting under way, or run it again.
func Rebuild(ctx context.Context, j journal.Store, tenant string, repair bool) (*Rebuilt, error) {
	computed, err := journal.Recompute(ctx, j, tenant)
	if err != nil {
		return nil, err
	}
	stored, err := j.Figures(ctx, tenant, civil.Date{}, civil.Date{})
	if err != nil {
		return nil, err
	}
	out := &Rebuilt{Tenant: tenant, Figures: len(computed), Differences: journal.CompareFigures(stored, computed)}
	if repair && len(out.Differences) > 0 {
		if err := j.ReplaceFigures(ctx, tenant, computed); err != nil {
			return nil, err
		}
		out.Repaired = true
	}
	return out, nil
}

// WriteText writes what the rebuild found, a line per difference.
func (r *Rebuilt) WriteText(w io.Writer) error {
	for _, d := range r.Differences {
		fmt.Fprintf(w, "%s %s %s: stored %s, journal %s\n", companyText(d.Key.Company), d.Key.Area, d.Key.Day,
			tallyText(d.Stored), tallyText(d.Computed))
	}
	switch {
	case len(r.Differences) == 0:
		_, err := fmt.Fprintf(w, "tenant %s: the %d stored figures agree with the journal\n", r.Tenant, r.Figures)
		return err
	case r.Repaired:
		_, err := fmt.Fprintf(w, "tenant %s: %d figures differed from the journal; replaced with the journal's %d\n", r.Tenant, len(r.Differences), r.Figures)
		return err
	}
	_, err := fmt.Fprintf(w, "tenant %s: %d figures differ from the journal; run again with --repair to replace them\n", r.Tenant, len(r.Differences))
	return err
}

func companyText(c string) string {
	if c == "" {
		return `""`
	}
	return printableCompany(c)
}

func tallyText(f journal.Figure) string {
	t := func(x journal.Tally) string {
		return fmt.Sprintf("%s in %d", journal.UnitsOf(x.Gross).StringFixed(2), x.Count)
	}
	return fmt.Sprintf("direct %s, marketplace %s", t(f.Direct), t(f.Marketplace))
}
