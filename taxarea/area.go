package taxarea

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
)

// AreaID returns the taxAreaId of a set of jurisdiction IDs (see the
// package documentation). The order of ids does not matter. No IDs (nil
// or an empty list) make no tax area, whose every one holds at least its
// country: AreaID returns "" for them, which no taxAreaId is
// (ValidateTaxAreaID refuses it), rather than the hash of nothing, which
// would look like the ID of an area.
func AreaID(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	var buf [16]string
	sorted := append(buf[:0], ids...)
	slices.Sort(sorted)
	return strconv.FormatUint(hashIDs(sorted), 10)
}

// hashIDs is the number of the taxAreaId of sorted IDs: FNV-1a, 64 bits,
// of the IDs joined by "|", kept to 53 bits.
func hashIDs(sorted []string) uint64 {
	h := uint64(fnvOffset)
	for k, id := range sorted {
		h = fnvID(h, k, id)
	}
	return h & (1<<53 - 1)
}

// The constants of 64-bit FNV-1a.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnvID adds the k-th ID of a sorted list, and the "|" before it after
// the first, to the FNV-1a hash h.
func fnvID(h uint64, k int, id string) uint64 {
	if k > 0 {
		h = (h ^ '|') * fnvPrime
	}
	for b := 0; b < len(id); b++ {
		h = (h ^ uint64(id[b])) * fnvPrime
	}
	return h
}

// areaNumber returns the number of the taxAreaId of jurisdictions given
// by their indexes in js, sorted by ID: what AreaID computes, without
// joining the IDs.
func areaNumber(js *data.Jurisdictions, sorted []int32) uint64 {
	h := uint64(fnvOffset)
	for k, i := range sorted {
		h = fnvID(h, k, js.At(int(i)).ID)
	}
	return h & (1<<53 - 1)
}

// area is the tax area of one jurisdiction: the jurisdiction and its
// ancestors, country first. Like the rest of the registry it holds no
// pointers: the garbage collector marks the tables of a Resolver at every
// collection, and tables of strings and of slices would make it follow
// one pointer per string and slice.
type area struct {
	id       uint32 // its taxAreaId in registry.text
	idLen    uint8
	chainLen uint8
	chain    int32 // its jurisdictions in registry.chains
	// changes are the days (civil.Date.Days) on which a jurisdiction of
	// the area or one of its rates starts or stops applying, sorted:
	// registry.changes[changes:changesEnd].
	changes, changesEnd int32
	// spans are the runs of days over which the same jurisdictions of
	// the area are in force, with the taxAreaId a lookup gives in each:
	// registry.spans[spans:spansEnd], none when every jurisdiction of
	// the area is always in force (see span and addSpans).
	spans, spansEnd int32
}

// registry holds every tax area of a dataset: the area of the i-th
// jurisdiction of js (data.Jurisdictions.At) is areas[i], and the
// areas of the US local table (data.Local) follow: local[k] is the area
// of the k-th local area, which may be a jurisdiction's own area when
// they have the same jurisdictions.
//
// newRegistry builds it whole, the taxAreaId of every area on every day
// included (spans), and nothing changes it afterwards: any number of
// goroutines may read it at once without locking, and none may write.
type registry struct {
	js      *data.Jurisdictions
	areas   []area
	local   []int32
	text    string  // the areas' IDs
	chains  []int32 // jurisdiction indexes, country first, area after area
	changes []int32
	byID    map[uint64]int32 // the number of a taxAreaId -> its area
	// dated maps the number of the taxAreaId of an area on a day when
	// some of its jurisdictions are not in force (see Resolver.result),
	// when no area has those jurisdictions alone, to the area.
	dated map[uint64]int32
	// alsoGiven maps the number of a taxAreaId to the other areas that a
	// lookup gives it for on some days: those whose jurisdictions in
	// force then are the jurisdictions of the area with that ID (byID),
	// or of another area's dated ID (dated).
	alsoGiven map[uint64][]int32
	ids       []int32 // the areas in the order of their IDs as strings
	spans     []span  // the areas' spans of days, area after area
}

// maxDepth bounds parent chains, so that a cycle in the data is an error
// and not a hang.
const maxDepth = 16

func newRegistry(js *data.Jurisdictions, local *data.Local) (*registry, error) {
	n := js.Len()
	reg := &registry{js: js, areas: make([]area, n), byID: make(map[uint64]int32, n), ids: make([]int32, 0, n)}
	// The change days of every jurisdiction, in one array: those of the
	// i-th are days[dayOff[i]:dayOff[i+1]].
	var days []int32
	dayOff := make([]int32, n+1)
	for i := range n {
		days = periodDays(days, js.At(i).Period)
		js.EachRatePeriod(i, func(p civil.Period) { days = periodDays(days, p) })
		dayOff[i+1] = int32(len(days))
	}
	var text []byte
	var sorted []int32 // a chain sorted by ID, reused
	var changes []int32
	// add registers the area of chain (jurisdiction indexes, country
	// first), at position at, or at the end when at is -1, and returns
	// its position; an area with the same jurisdictions as one already
	// registered is that one.
	add := func(chain []int32, at int, what string) (int32, error) {
		changes = changes[:0]
		for _, c := range chain {
			changes = append(changes, days[dayOff[c]:dayOff[c+1]]...)
		}
		sorted = append(sorted[:0], chain...)
		slices.SortFunc(sorted, func(a, b int32) int { return strings.Compare(js.At(int(a)).ID, js.At(int(b)).ID) })
		num := areaNumber(js, sorted)
		if other, dup := reg.byID[num]; dup {
			if at < 0 && sameSet(reg.chain(&reg.areas[other]), chain) {
				return other, nil
			}
			return 0, fmt.Errorf("taxarea: tax areas of %s and of %v share the id %d", what, reg.chain(&reg.areas[other]), num)
		}
		slices.Sort(changes)
		changes = slices.Compact(changes)
		start := len(reg.chains)
		reg.chains = append(reg.chains, chain...)
		idStart := len(text)
		text = strconv.AppendUint(text, num, 10)
		a := area{id: uint32(idStart), idLen: uint8(len(text) - idStart), chain: int32(start), chainLen: uint8(len(chain)), changes: int32(len(reg.changes))}
		reg.changes = append(reg.changes, changes...)
		a.changesEnd = int32(len(reg.changes))
		if at < 0 {
			at = len(reg.areas)
			reg.areas = append(reg.areas, a)
		} else {
			reg.areas[at] = a
		}
		reg.byID[num] = int32(at)
		reg.ids = append(reg.ids, int32(at))
		return int32(at), nil
	}
	var chain []int32
	for i := range n {
		j := js.At(i)
		chain = append(chain[:0], int32(i))
		for p := j.Parent; p != ""; {
			k, ok := js.Index(p)
			if !ok {
				return nil, fmt.Errorf("taxarea: jurisdiction %s has unknown parent %s", j.ID, p)
			}
			chain = append(chain, int32(k))
			if len(chain) > maxDepth {
				return nil, fmt.Errorf("taxarea: parent chain of %s is too deep or cyclic", j.ID)
			}
			p = js.At(k).Parent
		}
		slices.Reverse(chain)
		if _, err := add(chain, i, j.ID); err != nil {
			return nil, err
		}
	}
	if local != nil {
		reg.local = make([]int32, local.NumAreas())
		us, ok := js.Index("US")
		if !ok && local.NumAreas() > 0 {
			return nil, fmt.Errorf("taxarea: the dataset has US local areas but no US")
		}
		for k := range local.NumAreas() {
			st, ok := js.Index("US-" + local.AreaState(k))
			if !ok {
				return nil, fmt.Errorf("taxarea: local area %d: unknown state %s", k, local.AreaState(k))
			}
			chain = append(chain[:0], int32(us), int32(st))
			var missing string
			local.AreaMembers(k, func(id string) {
				if i, ok := js.Index(id); ok {
					chain = append(chain, int32(i))
				} else if missing == "" {
					missing = id
				}
			})
			if missing != "" || len(chain) > 255 {
				la := local.AreaAt(k)
				if missing != "" {
					return nil, fmt.Errorf("taxarea: local area of county %s, place %q: unknown jurisdiction %s", la.County, la.Place, missing)
				}
				return nil, fmt.Errorf("taxarea: local area of county %s, place %q has %d jurisdictions", la.County, la.Place, len(chain))
			}
			at, err := add(chain, -1, fmt.Sprintf("local area %d", k))
			if err != nil {
				return nil, err
			}
			reg.local[k] = at
		}
	}
	if err := reg.addDated(); err != nil {
		return nil, err
	}
	reg.text = string(text)
	reg.addSpans()
	slices.SortFunc(reg.ids, func(a, b int32) int { return strings.Compare(reg.id(&reg.areas[a]), reg.id(&reg.areas[b])) })
	return reg, nil
}

// addDated fills reg.dated: for every area with jurisdictions that start
// or stop applying, the jurisdictions in force on each day that one of
// them starts or stops, and the day before the first.
func (reg *registry) addDated() error {
	reg.dated = map[uint64]int32{}
	reg.alsoGiven = map[uint64][]int32{}
	var days []civil.Date
	var kept []int32
	for i := range reg.areas {
		a := &reg.areas[i]
		chain := reg.chain(a)
		days = days[:0]
		for _, c := range chain {
			p := reg.jur(c).Period
			if !p.Effective.IsZero() {
				days = append(days, p.Effective)
			}
			if !p.Expiration.IsZero() {
				days = append(days, p.Expiration.AddDays(1))
			}
		}
		if len(days) == 0 {
			continue
		}
		slices.SortFunc(days, func(x, y civil.Date) int { return x.Compare(y) })
		days = append(slices.Compact(days), days[0].AddDays(-1))
		for _, d := range days {
			kept = kept[:0]
			for _, c := range chain {
				if reg.jur(c).Period.Contains(d) {
					kept = append(kept, c)
				}
			}
			if len(kept) == 0 || len(kept) == len(chain) {
				continue
			}
			slices.SortFunc(kept, func(x, y int32) int { return strings.Compare(reg.jur(x).ID, reg.jur(y).ID) })
			num := areaNumber(reg.js, kept)
			if other, ok := reg.byID[num]; ok {
				if !sameSet(reg.chain(&reg.areas[other]), kept) {
					return fmt.Errorf("taxarea: tax area %d and the jurisdictions %v of area %d share an id", other, kept, i)
				}
				reg.giveAlso(num, int32(i))
				continue
			}
			if first, ok := reg.dated[num]; !ok {
				reg.dated[num] = int32(i)
			} else if first != int32(i) {
				reg.giveAlso(num, int32(i))
			}
		}
	}
	return nil
}

// giveAlso records that a lookup gives area i the taxAreaId numbered num
// on some days, when num is not i's own or dated ID.
func (reg *registry) giveAlso(num uint64, i int32) {
	if !slices.Contains(reg.alsoGiven[num], i) {
		reg.alsoGiven[num] = append(reg.alsoGiven[num], i)
	}
}

// sameSet reports whether two chains hold the same jurisdictions.
func sameSet(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// localArea returns the area of the k-th area of the US local table.
func (reg *registry) localArea(k int) *area { return &reg.areas[reg.local[k]] }

// of returns the area of the jurisdiction id, or nil.
func (reg *registry) of(id string) *area {
	if i, ok := reg.js.Index(id); ok {
		return &reg.areas[i]
	}
	return nil
}

// withID returns the area whose taxAreaId is id, or nil.
func (reg *registry) withID(id string) *area {
	num, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return nil
	}
	i, ok := reg.byID[num]
	if !ok {
		// The ID a lookup gave out on a day when some jurisdictions of
		// the area were not in force.
		if i, ok = reg.dated[num]; ok && strconv.FormatUint(num, 10) == id {
			return &reg.areas[i]
		}
		return nil
	}
	if reg.id(&reg.areas[i]) != id {
		return nil
	}
	return &reg.areas[i]
}

// id returns the taxAreaId of an area.
func (reg *registry) id(a *area) string { return reg.text[a.id : a.id+uint32(a.idLen)] }

// chain returns the jurisdictions of an area as indexes of reg.js,
// country first.
func (reg *registry) chain(a *area) []int32 { return reg.chains[a.chain : a.chain+int32(a.chainLen)] }

// jur returns a jurisdiction of a chain.
func (reg *registry) jur(i int32) jurisdiction.Jurisdiction { return reg.js.At(int(i)) }

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

// idOn returns the taxAreaId that a lookup as of day d gives for area a:
// its own when every jurisdiction of its chain is in force on d, that of
// the jurisdictions in force when some are not, and "" when none is.
// Resolver.result gives out the IDs that it returns. It reads the ID
// from the area's spans, which newRegistry computed once for every run
// of days over which the jurisdictions in force stay the same (addSpans);
// the tests compare it with the ID computed from the jurisdictions in
// force on d (idFromScratch).
func (reg *registry) idOn(a *area, d civil.Date) string {
	spans := reg.spans[a.spans:a.spansEnd]
	if len(spans) == 0 {
		return reg.id(a)
	}
	s := &spans[spanOn(spans, d)]
	return reg.text[s.id : s.id+uint32(s.idLen)]
}

// allIDs calls yield with every taxAreaId a lookup may give for area a:
// its own, then that of each run of days of its spans (idOn) in order,
// IDs repeating where runs share one; never "".
func (reg *registry) allIDs(a *area, yield func(string)) {
	yield(reg.id(a))
	for _, s := range reg.spans[a.spans:a.spansEnd] {
		if s.idLen > 0 {
			yield(reg.text[s.id : s.id+uint32(s.idLen)])
		}
	}
}

// changedIDs calls yield with each taxAreaId of area a that a change of
// a on a day from from to to concerns, and returns false as soon as
// yield does: nothing when a does not change then; else its own ID, and
// for each day c of the range on which it changes the IDs that lookups
// give for it as of the day before c and as of c (idOn), which are
// other than its own while some of its jurisdictions are not in force. A
// client holding any of them holds an area that changed. IDs may repeat.
func (reg *registry) changedIDs(a *area, from, to civil.Date, yield func(string) bool) bool {
	changes := reg.changes[a.changes:a.changesEnd]
	lo, hi := from.Days(), to.Days()
	i, _ := slices.BinarySearch(changes, lo)
	if i == len(changes) || changes[i] > hi {
		return true
	}
	own := reg.id(a)
	if !yield(own) {
		return false
	}
	for ; i < len(changes) && changes[i] <= hi; i++ {
		c := civil.FromDays(changes[i])
		for _, id := range [2]string{reg.idOn(a, c.AddDays(-1)), reg.idOn(a, c)} {
			if id != "" && id != own && !yield(id) {
				return false
			}
		}
	}
	return true
}

// leaf returns the area's most specific jurisdiction.
func (reg *registry) leaf(a *area) jurisdiction.Jurisdiction {
	return reg.jur(reg.chains[a.chain+int32(a.chainLen)-1])
}
