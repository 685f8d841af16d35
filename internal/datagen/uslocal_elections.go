package datagen

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// US local elections of a state's exemption: where a state lets each
// county or city choose whether its own tax follows the state's treatment
// of a class (New York's clothing and footwear under $110, Tax Law
// 1210(a)), the state's decision row says local "elected", and each row
// of internal/datagen/curated/us-local-elections.csv names one
// jurisdiction that elected it, with the classes, the period and the
// publication that lists it. The generator attaches the rows to the
// cells of those classes; the default rules then tax the class by the
// local taxes at their own rate everywhere in the state except in the
// places within a listed jurisdiction, where every local tax (a transit
// district's too) follows the state's.

// The curated table of elections.
const localElectionsSrc = "us-local-elections.csv"

// localElectionRow is one row of the table.
type localElectionRow struct {
	state, juris, name string
	classes            []string
	period             civil.Period
	asOf               civil.Date
	status             string
	citation, decision string
	at                 lineRef
}

// readLocalElections reads and checks the table: a known state and
// classes, a jurisdiction ID of the state, a start or the day the
// citation attests it, a status, a citation and a reason, and no two rows
// of a jurisdiction and class that overlap.
func readLocalElections(g *gen) ([]localElectionRow, error) {
	name := curatedRef + localElectionsSrc
	t, err := readLineTable(g.curatedFile(localElectionsSrc), name,
		"state", "jurisdiction", "name", "classes", "effective", "expiration", "as_of", "status", "citation", "decision")
	if err != nil {
		return nil, err
	}
	return parseLocalElections(t)
}

// parseLocalElections checks the rows of the table.
func parseLocalElections(t *lineTable) ([]localElectionRow, error) {
	states := usTaxStates()
	known := map[string]bool{}
	for _, c := range usClassSources {
		known[c.class] = true
	}
	var out []localElectionRow
	for i := range t.rows {
		at := t.refs[i]
		r := localElectionRow{state: t.get(i, "state"), juris: t.get(i, "jurisdiction"), name: t.get(i, "name"),
			classes: strings.Fields(t.get(i, "classes")), status: t.get(i, "status"), citation: t.get(i, "citation"),
			decision: t.get(i, "decision"), at: at}
		if _, ok := states[r.state]; !ok {
			return nil, at.errorf("unknown state %q", r.state)
		}
		if !strings.HasPrefix(r.juris, "US-") || r.juris == "US-"+r.state || strings.ContainsAny(r.juris, " *") {
			return nil, at.errorf("jurisdiction %q is not the ID of a local jurisdiction", r.juris)
		}
		if len(r.classes) == 0 {
			return nil, at.errorf("no classes")
		}
		for _, c := range r.classes {
			if !known[c] {
				return nil, at.errorf("class %q is not one the US matrix decides", c)
			}
		}
		for col, dst := range map[string]*civil.Date{"effective": &r.period.Effective, "expiration": &r.period.Expiration, "as_of": &r.asOf} {
			if v := t.get(i, col); v != "" {
				var err error
				if *dst, err = civil.Parse(v); err != nil {
					return nil, at.errorf("%s: %v", col, err)
				}
			}
		}
		switch {
		case !r.period.Effective.IsZero() && !r.period.Expiration.IsZero() && r.period.Expiration.Before(r.period.Effective):
			return nil, at.errorf("ends before it starts")
		case r.period.Effective.IsZero() && r.asOf.IsZero():
			return nil, at.errorf("an election needs its effective date, or the day its citation attests it (as_of)")
		case r.status != statusDecided && r.status != statusUnsettled:
			return nil, at.errorf("status %q, want %s or %s", r.status, statusDecided, statusUnsettled)
		case r.name == "" || r.citation == "" || r.decision == "":
			return nil, at.errorf("an election needs the jurisdiction's name, its citation and its reason")
		}
		for _, p := range out {
			if p.juris == r.juris && p.period.Overlaps(r.period) && slices.ContainsFunc(p.classes, func(c string) bool { return slices.Contains(r.classes, c) }) {
				return nil, at.errorf("%s: overlaps %s", r.juris, p.at)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// attachElections gives each cell whose local taxes follow the state only
// where a locality elected it its elections, and checks that every such
// cell has one, that every election names such a cell, and that every
// jurisdiction is one of the dataset's and lies in its state (parent
// returns a jurisdiction's parent ID, and false for an unknown one).
func attachElections(cells []usCell, rows []localElectionRow, parent func(id string) (string, string, bool)) ([]usCell, error) {
	used := make([]bool, len(rows))
	for i := range cells {
		c := &cells[i]
		if c.spec.local != localElected {
			continue
		}
		for k, r := range rows {
			if r.state != c.state || !slices.Contains(r.classes, c.class) {
				continue
			}
			used[k] = true
			c.elected = append(c.elected, r)
		}
		if len(c.elected) == 0 {
			return nil, fmt.Errorf("%s %s: local %q but no row of %s%s elects it", c.state, c.class, localElected, curatedRef, localElectionsSrc)
		}
		slices.SortFunc(c.elected, func(a, b localElectionRow) int {
			return cmp.Or(strings.Compare(a.juris, b.juris), a.period.Effective.Compare(b.period.Effective))
		})
	}
	for k, r := range rows {
		if !used[k] {
			return nil, r.at.errorf("%s: no cell of %s %s says local %q", r.juris, r.state, strings.Join(r.classes, " "), localElected)
		}
		if err := checkLocalIn(r.at, r.juris, r.name, r.state, parent); err != nil {
			return nil, err
		}
	}
	return cells, nil
}

// checkLocalIn checks that juris, named name in a curated row at at, is a
// jurisdiction of the dataset whose name matches (one holds the other,
// ignoring case) and that lies in state; parent returns a jurisdiction's
// name and parent ID, and false for an unknown one.
func checkLocalIn(at lineRef, juris, name, state string, parent func(id string) (string, string, bool)) error {
	got, up, ok := parent(juris)
	if !ok {
		return at.errorf("no jurisdiction %s in the dataset", juris)
	}
	if a, b := strings.ToLower(got), strings.ToLower(name); !strings.Contains(a, b) && !strings.Contains(b, a) {
		return at.errorf("%s is %q in the dataset, not %q", juris, got, name)
	}
	for n := 0; up != "US-"+state; n++ {
		var more bool
		if _, up, more = parent(up); !more || n > 8 {
			return at.errorf("%s does not lie in %s", juris, state)
		}
	}
	return nil
}

// electionRecords are a cell's elections as the taxability file stores
// them.
func electionRecords(c usCell) []data.LocalElection {
	out := make([]data.LocalElection, 0, len(c.elected))
	for _, r := range c.elected {
		out = append(out, data.LocalElection{Jurisdiction: r.juris, Name: r.name, Period: r.period, AsOf: r.asOf, Citation: r.citation})
	}
	return out
}
