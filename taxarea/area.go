package taxarea

import (
	"fmt"
	"hash/fnv"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
)

// AreaID returns the taxAreaId of a set of jurisdiction IDs (see the
// package documentation). The order of ids does not matter.
func AreaID(ids []string) string {
	sorted := slices.Clone(ids)
	sort.Strings(sorted)
	h := fnv.New64a()
	h.Write([]byte(strings.Join(sorted, "|")))
	return strconv.FormatUint(h.Sum64()&(1<<53-1), 10)
}

// area is the tax area of one jurisdiction: the jurisdiction and its
// ancestors, country first.
type area struct {
	id    string
	chain []jurisdiction.Jurisdiction
	// changes holds the days (civil.Date.Days) on which a jurisdiction of
	// the area or one of its rates starts or stops applying, sorted.
	changes []int32
}

// registry holds every tax area of a dataset.
type registry struct {
	byID  map[string]*area
	byJur map[string]*area
	ids   []string // sorted
}

// maxDepth bounds parent chains, so that a cycle in the data is an error
// and not a hang.
const maxDepth = 16

func newRegistry(js *data.Jurisdictions) (*registry, error) {
	all := js.All()
	reg := &registry{byID: make(map[string]*area, len(all)), byJur: make(map[string]*area, len(all))}
	days := map[string][]int32{} // jurisdiction ID -> its change days
	for _, j := range all {
		d := periodDays(nil, j.Period)
		for _, r := range js.Rates(j.ID) {
			d = periodDays(d, r.Period)
		}
		days[j.ID] = d
	}
	for _, j := range all {
		chain := []jurisdiction.Jurisdiction{j}
		for p := j.Parent; p != ""; {
			pj, ok := js.ByID(p)
			if !ok {
				return nil, fmt.Errorf("taxarea: jurisdiction %s has unknown parent %s", j.ID, p)
			}
			chain = append(chain, pj)
			if len(chain) > maxDepth {
				return nil, fmt.Errorf("taxarea: parent chain of %s is too deep or cyclic", j.ID)
			}
			p = pj.Parent
		}
		slices.Reverse(chain)
		ids := make([]string, len(chain))
		var changes []int32
		for i, c := range chain {
			ids[i] = c.ID
			changes = append(changes, days[c.ID]...)
		}
		slices.Sort(changes)
		a := &area{id: AreaID(ids), chain: chain, changes: slices.Compact(changes)}
		if other, dup := reg.byID[a.id]; dup {
			return nil, fmt.Errorf("taxarea: tax areas of %s and %s share the id %s", j.ID, other.chain[len(other.chain)-1].ID, a.id)
		}
		reg.byID[a.id] = a
		reg.byJur[j.ID] = a
		reg.ids = append(reg.ids, a.id)
	}
	sort.Strings(reg.ids)
	return reg, nil
}

// periodDays appends the days on which p starts and stops applying.
func periodDays(d []int32, p civil.Period) []int32 {
	if !p.Effective.IsZero() {
		d = append(d, p.Effective.Days())
	}
	if !p.Expiration.IsZero() {
		d = append(d, p.Expiration.AddDays(1).Days())
	}
	return d
}

// changedWithin reports whether the area changes on a day in [from, to].
func (a *area) changedWithin(from, to civil.Date) bool {
	lo, hi := from.Days(), to.Days()
	i, _ := slices.BinarySearch(a.changes, lo)
	return i < len(a.changes) && a.changes[i] <= hi
}

// leaf returns the area's most specific jurisdiction.
func (a *area) leaf() jurisdiction.Jurisdiction { return a.chain[len(a.chain)-1] }
