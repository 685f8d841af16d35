package datagen

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/shopspring/decimal"
)

// The local sales taxes of a holiday. A state's holiday exempts goods from
// the state's sales tax; whether a county's or a city's own sales tax
// follows differs by state. In most states it follows by law (Texas,
// Tennessee, Missouri since 2023); in some each locality chooses, by
// opting in (Alabama: a county or city adopts an ordinance and the
// Department of Revenue lists the localities that did) or by opting out.
// Levy compiles every holiday as one rule over the state's sales tax and
// its local sales taxes, so the local taxes follow unless the curated
// table internal/datagen/curated/us-holiday-locals.csv says otherwise:
//
//   - a row of the state itself (jurisdiction "US-AL", local "follows")
//     says how the state's local taxes take part in its holidays that
//     start on starts_on and where Levy's list comes from, and which way
//     the list leans when it is an earlier year's; its citation becomes
//     the holiday's LocalNote, which every holiday rule's reason quotes;
//   - a row of a local jurisdiction names one whose sales tax goes on
//     applying to the holiday's goods: all of it (local "taxed"), or the
//     part of its rate that it did not waive (local "partly_taxed" with
//     kept_rate: Jefferson County, Alabama waives its general 1% and
//     keeps its 1% "Special Revenue" tax).
//
// A row matches every holiday of its state that starts on starts_on (a
// state's back-to-school holiday is one row per category in the holiday
// table, each with its cap, and one list of localities).

// holidayLocalsSrc is the curated table of the local taxes of holidays.
const holidayLocalsSrc = "us-holiday-locals.csv"

// The values of the local column.
const (
	holidayLocalFollows = "follows"      // the state's row: local taxes follow unless a row says otherwise
	holidayLocalTaxed   = "taxed"        // the locality's whole sales tax applies
	holidayLocalPartly  = "partly_taxed" // kept_rate of it applies
)

// holidayLocalRow is one row of the table.
type holidayLocalRow struct {
	state, juris, name, local string
	start, asOf               civil.Date
	kept                      *decimal.Decimal
	citation                  string
	at                        lineRef
}

// readHolidayLocals reads and checks the table.
func readHolidayLocals(g *gen) ([]holidayLocalRow, error) {
	t, err := readLineTable(g.curatedFile(holidayLocalsSrc), curatedRef+holidayLocalsSrc,
		"state", "starts_on", "jurisdiction", "name", "local", "kept_rate", "as_of", "citation")
	if err != nil {
		return nil, err
	}
	return parseHolidayLocals(t)
}

// parseHolidayLocals checks each row on its own: a known state, a first
// day, the state's own ID with local "follows" or a local ID with
// "taxed" or "partly_taxed", a kept rate (a fraction below 1) exactly
// with "partly_taxed", the day the citation attests it, a name and a
// citation, and no two rows of one holiday and jurisdiction.
func parseHolidayLocals(t *lineTable) ([]holidayLocalRow, error) {
	states := usTaxStates()
	var out []holidayLocalRow
	for i := range t.rows {
		at := t.refs[i]
		r := holidayLocalRow{state: t.get(i, "state"), juris: t.get(i, "jurisdiction"), name: t.get(i, "name"),
			local: t.get(i, "local"), citation: t.get(i, "citation"), at: at}
		if _, ok := states[r.state]; !ok {
			return nil, at.errorf("unknown state %q", r.state)
		}
		var err error
		if r.start, err = civil.Parse(t.get(i, "starts_on")); err != nil {
			return nil, at.errorf("starts_on: %v", err)
		}
		if r.asOf, err = civil.Parse(t.get(i, "as_of")); err != nil {
			return nil, at.errorf("as_of (the day the citation attests the row): %v", err)
		}
		if v := t.get(i, "kept_rate"); v != "" {
			d, err := decimal.NewFromString(v)
			if err != nil || !d.IsPositive() || !d.LessThan(decimal.NewFromInt(1)) {
				return nil, at.errorf("kept_rate %q is not a fraction above 0 and below 1 (0.01 for 1%%)", v)
			}
			r.kept = &d
		}
		state := r.juris == "US-"+r.state
		switch {
		case r.name == "" || r.citation == "":
			return nil, at.errorf("a row needs the jurisdiction's name and its citation")
		case state && r.local != holidayLocalFollows:
			return nil, at.errorf("the state's row says local %q, want %q (its citation says how the local taxes take part)", r.local, holidayLocalFollows)
		case !state && (!strings.HasPrefix(r.juris, "US-") || strings.ContainsAny(r.juris, " *")):
			return nil, at.errorf("jurisdiction %q is neither US-%s nor the ID of a local jurisdiction", r.juris, r.state)
		case !state && r.local != holidayLocalTaxed && r.local != holidayLocalPartly:
			return nil, at.errorf("%s: local %q, want %s or %s", r.juris, r.local, holidayLocalTaxed, holidayLocalPartly)
		case (r.local == holidayLocalPartly) != (r.kept != nil):
			return nil, at.errorf("%s: kept_rate goes with local %s, and only with it", r.juris, holidayLocalPartly)
		}
		for _, p := range out {
			if p.state == r.state && p.start == r.start && p.juris == r.juris {
				return nil, at.errorf("%s %s %s: also %s", r.state, r.start, r.juris, p.at)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// attachHolidayLocals returns a copy of holidays in which each holiday
// has its note and its localities, sorted by ID, with the share of its
// general rate each partly taxed one waives. It checks that every row
// matches a holiday, that every local jurisdiction is one of the
// dataset's in its state (parent, as checkLocalIn takes it), and that a
// kept rate is below the jurisdiction's general sales tax rate on the
// holiday's first day (general returns it, and false where the
// jurisdiction has none).
func attachHolidayLocals(holidays []holidayRow, rows []holidayLocalRow, parent func(id string) (string, string, bool),
	general func(id string, d civil.Date) (decimal.Decimal, bool)) ([]holidayRow, error) {
	// Each row's own checks first, and the locality it makes.
	locs := make([]data.HolidayLocality, len(rows))
	for k, r := range rows {
		if !slices.ContainsFunc(holidays, func(h holidayRow) bool { return h.state == r.state && h.period.Effective == r.start }) {
			return nil, r.at.errorf("no holiday of %s starts on %s", r.state, r.start)
		}
		if r.juris == "US-"+r.state {
			continue
		}
		if err := checkLocalIn(r.at, r.juris, r.name, r.state, parent); err != nil {
			return nil, err
		}
		rate, ok := general(r.juris, r.start)
		switch {
		case !ok:
			return nil, r.at.errorf("%s has no general sales tax rate on %s: it has no tax to keep", r.juris, r.start)
		case r.kept != nil && !r.kept.LessThan(rate):
			return nil, r.at.errorf("%s keeps %s of its general sales tax rate %s on %s: a locality that waives none of it is local %s",
				r.juris, r.kept, rate, r.start, holidayLocalTaxed)
		}
		locs[k] = data.HolidayLocality{Jurisdiction: r.juris, Name: r.name, Rate: r.kept, AsOf: r.asOf, Citation: r.citation}
		if r.kept != nil {
			share := decimal.NewFromInt(1).Sub(r.kept.DivRound(rate, 8))
			locs[k].Share = &share
		}
	}
	holidays = slices.Clone(holidays)
	for i := range holidays {
		h := &holidays[i]
		for k, r := range rows {
			switch {
			case r.state != h.state || r.start != h.period.Effective:
			case r.juris == "US-"+r.state:
				h.localNote = r.citation
			default:
				h.notTaking = append(h.notTaking, locs[k])
			}
		}
		slices.SortFunc(h.notTaking, func(a, b data.HolidayLocality) int { return cmp.Compare(a.Jurisdiction, b.Jurisdiction) })
	}
	return holidays, nil
}

// holidayLocalsSummary counts the table's rows for the sources page.
func holidayLocalsSummary(rows []holidayLocalRow) string {
	states := map[string]bool{}
	n := 0
	for _, r := range rows {
		states[r.state] = true
		if r.juris != "US-"+r.state {
			n++
		}
	}
	return fmt.Sprintf("%d localities that keep some or all of their sales tax on a holiday's goods, notes for %d states", n, len(states))
}
