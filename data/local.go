package data

import (
	"bytes"
	"cmp"
	"fmt"
	"hash/maphash"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/shopspring/decimal"
)

// The generated US local file; the generator in internal/datagen writes it.
const (
	localFile    = "local.lvd"
	localKind    = "us-local"
	localVersion = 1
)

// Local is the US local part of a dataset: for each state how its local
// content was reconciled and how it sources sales, the Census places
// and county subdivisions that local taxes follow, the tax areas below
// the state (a county outside incorporated places, or the part of a
// place in a county) with their jurisdictions, and the place each ZIP
// code mainly serves. Content loaded by a user (see Overlay) may add tax
// areas by ZIP code and ZIP+4 range.
//
// A Local is immutable and safe for concurrent use. Like the other
// parts it keeps its strings in one long string and its lists in shared
// arrays, so that the garbage collector has few pointers to follow.
type Local struct {
	states []LocalState // sorted by code
	text   string
	places []placeRec // sorted by code
	// placeCounties holds the counties of every place, place after place.
	placeCounties []uint32 // county FIPS as numbers
	byCode        hashIndex
	byName        hashIndex // state + name key -> first entry of its group in named
	named         []nameRec // places by state and name key (PlaceKeys)
	byTight       hashIndex // state + tight key -> first entry of its group in tight
	tight         []int32   // entries of named by state and tight key (appendTight)
	areas         []areaRec
	members       []textRef // jurisdiction IDs of every area, area after area
	byArea        map[areaKey]int32
	hints         []zipHint // sorted by ZIP
	zipAreas      []zipArea // sorted by ZIP and low ZIP+4
}

// LocalState is how a state's local content was built and how the state
// sources sales.
type LocalState struct {
	Code   string `json:"code"`   // postal abbreviation
	Title  string `json:"title"`  // the title of the state's note
	Status string `json:"status"` // reconciled, partial, unreconciled, or no local tax
	// Origin lists the levels (STATE, COUNTY, CITY, DISTRICT) whose tax
	// follows the seller's location on a sale within the state; the
	// others follow the destination. Empty for destination sourcing.
	Origin []string `json:"origin,omitempty"`
	// LocalCap is the most that the local rates of one address may add
	// up to (Texas: 0.02), or nil.
	LocalCap *decimal.Decimal `json:"localCap,omitempty"`
	// Sourcing states the sourcing rule in a sentence, with its citation.
	Sourcing string `json:"sourcing"`
	// Sources are the keys of the sources the content comes from, with
	// their dates ("taxlocus 2026-08-18").
	Sources []string `json:"sources"`
	// NotCovered says what the content leaves out.
	NotCovered string `json:"notCovered"`
	// Counts of what the content covers.
	Jurisdictions int `json:"jurisdictions"`
	Places        int `json:"places"`
	ZIPs          int `json:"zips"`
	Areas         int `json:"areas"`
	// Content names the file that a user's content for the state came
	// from; "" for the embedded default.
	Content string `json:"content,omitempty"`
	// ByZIP reports that the content gives the state's areas by ZIP code
	// and ZIP+4 range rather than by county and place.
	ByZIP bool `json:"byZip,omitempty"`
}

// OriginSourced reports whether a level (STATE, COUNTY, CITY or
// DISTRICT) follows the seller on a sale within the state.
func (s *LocalState) OriginSourced(level string) bool { return slices.Contains(s.Origin, level) }

// nameRec is one name key of a place.
type nameRec struct {
	key   textRef
	place int32
}

// placeRec is a place of the table.
type placeRec struct {
	code, name   textRef
	state        uint16 // index in Local.states
	incorporated bool
	boundary     bool
	counties     uint32 // first county in Local.placeCounties; the next place's is its end
}

// areaRec is a tax area of the table.
type areaRec struct {
	byZIP   bool
	state   uint16
	county  uint32 // county FIPS
	place   int32  // index in Local.places, -1 for the unincorporated county
	members uint32 // first member in Local.members; the next area's is its end
}

// areaKey finds an area by county and place.
type areaKey struct {
	county uint32
	place  int32
}

// zipHint is the place a ZIP code mainly serves.
type zipHint struct {
	zip   uint32
	place int32
}

// zipArea is a tax area that a user's content gives to a ZIP code or a
// range of its ZIP+4 codes (lo..hi, inclusive; 0..9999 for the whole
// ZIP).
type zipArea struct {
	zip    uint32
	lo, hi uint16
	area   int32
}

// Place is a US Census place or county subdivision.
type Place struct {
	Code  string // 7-digit GEOID, or 10-digit county subdivision code
	State string // postal abbreviation
	Name  string
	// Incorporated places have a government (and may have a city tax);
	// census-designated places do not.
	Incorporated bool
	// Boundary reports whether the dataset has the place's boundary
	// (layer LayerUSPlace).
	Boundary bool
	// Counties are the 5-digit FIPS codes of the counties it lies in,
	// the main one first.
	Counties []string
}

// LocalArea is a tax area below the state: the jurisdictions that tax an
// address in County (a 5-digit FIPS code) and Place (a place code, or ""
// for the county outside incorporated places), the county first.
type LocalArea struct {
	State, County, Place string
	Jurisdictions        []string
	// ByZIP marks an area that only ZIP codes reach (ZIPArea), which no
	// county and place name.
	ByZIP bool
}

// Local returns the dataset's US local part, decoding it on first use.
func (d *Dataset) Local() (*Local, error) {
	return part(d, &d.local, localFile, decodeLocal)
}

// States returns the states of the table, sorted by code.
func (l *Local) States() []LocalState { return slices.Clone(l.states) }

// State returns a state by its postal abbreviation.
func (l *Local) State(code string) (LocalState, bool) {
	i, ok := slices.BinarySearchFunc(l.states, code, func(s LocalState, c string) int { return strings.Compare(s.Code, c) })
	if !ok {
		return LocalState{}, false
	}
	return l.states[i], true
}

// NumPlaces returns the number of places.
func (l *Local) NumPlaces() int { return len(l.places) }

// PlaceAt returns the i-th place, in code order.
func (l *Local) PlaceAt(i int) Place {
	p := &l.places[i]
	out := Place{Code: l.str(p.code), State: l.states[p.state].Code, Name: l.str(p.name), Incorporated: p.incorporated, Boundary: p.boundary}
	for _, c := range l.countiesOf(i) {
		out.Counties = append(out.Counties, fips5(c))
	}
	return out
}

// PlaceIndex returns the position of the place with code in the order of
// PlaceAt, or -1.
func (l *Local) PlaceIndex(code string) int {
	for p := l.byCode.probe(l.byCode.hash(code)); ; {
		i := p.next()
		if i < 0 || l.str(l.places[i].code) == code {
			return int(i)
		}
	}
}

// PlaceIncorporated reports whether the i-th place is incorporated.
func (l *Local) PlaceIncorporated(i int) bool { return l.places[i].incorporated }

// PlaceName returns the name of the i-th place.
func (l *Local) PlaceName(i int) string { return l.str(l.places[i].name) }

// PlaceCode returns the code of the i-th place.
func (l *Local) PlaceCode(i int) string { return l.str(l.places[i].code) }

// PlaceInCounty reports whether the i-th place lies (partly) in the
// county with FIPS code fips.
func (l *Local) PlaceInCounty(i int, fips uint32) bool { return slices.Contains(l.countiesOf(i), fips) }

// PlaceMainCounty returns the FIPS code, as a number, of the county that
// holds most of the i-th place (0 when none is known).
func (l *Local) PlaceMainCounty(i int) uint32 {
	if cs := l.countiesOf(i); len(cs) > 0 {
		return cs[0]
	}
	return 0
}

func (l *Local) countiesOf(i int) []uint32 {
	end := uint32(len(l.placeCounties))
	if i+1 < len(l.places) {
		end = l.places[i+1].counties
	}
	return l.placeCounties[l.places[i].counties:end]
}

// PlacesNamed calls f with the index of every place of state (a postal
// abbreviation) known by the key of name (PlaceKey; a place is known by
// its name and by the name the Census gives in parentheses),
// incorporated places first, until f returns false.
func (l *Local) PlacesNamed(state, name string, f func(i int) bool) {
	key := PlaceKey(name)
	for p := l.byName.probe(l.byName.hash2(state, key)); ; {
		g := p.next()
		if g < 0 {
			return
		}
		first := &l.named[g]
		if l.states[l.places[first.place].state].Code != state || l.str(first.key) != key {
			continue
		}
		st := l.places[first.place].state
		for k := int(g); k < len(l.named); k++ {
			n := &l.named[k]
			if k > int(g) && (l.places[n.place].state != st || l.str(n.key) != key) {
				break
			}
			if !f(int(n.place)) {
				return
			}
		}
		return
	}
}

// FindPlace returns the index of the first place of state (a postal
// abbreviation) known by the key of name (see PlacesNamed) that lies in
// the county with FIPS number county, or in any county when county is 0;
// incorporated places come first. It returns -1 when there is none.
func (l *Local) FindPlace(state, name string, county uint32) int {
	return l.FindPlaceKey(state, PlaceKey(name), county)
}

// FindPlaceKey is FindPlace with the name's key (PlaceKey) given, for a
// caller that looks one name up in several counties: it does not
// allocate.
//
// A key that names no place exactly is tried again without its spaces
// and apostrophes, the ways in which postal spellings and addresses
// write a name otherwise than the Census ("O Fallon" and "OFallon" for
// O'Fallon, "Lees Summit" for Lee's Summit, "Coeur D Alene" for Coeur
// d'Alene, "Mc Kinney" for McKinney); so loosened, the key finds a place
// only when it matches one place alone of the county (or of the state,
// when county is 0).
func (l *Local) FindPlaceKey(state, key string, county uint32) int {
	for p := l.byName.probe(l.byName.hash2(state, key)); ; {
		g := p.next()
		if g < 0 {
			return l.findTight(state, key, county)
		}
		first := &l.named[g]
		st := l.places[first.place].state
		if l.states[st].Code != state || l.str(first.key) != key {
			continue
		}
		for k := int(g); k < len(l.named); k++ {
			n := &l.named[k]
			if k > int(g) && (l.places[n.place].state != st || l.str(n.key) != key) {
				break
			}
			if county == 0 || slices.Contains(l.countiesOf(int(n.place)), county) {
				return int(n.place)
			}
		}
		return -1
	}
}

// tightMax is the longest tight key that findTight builds on the stack;
// a longer one costs an allocation, and no place name is that long.
const tightMax = 128

// findTight returns the one place of state, in county unless county is
// 0, whose tight key (appendTight) is that of key, or -1 when none or
// several have it. It does not allocate.
func (l *Local) findTight(state, key string, county uint32) int {
	var qb, sb [tightMax]byte
	q := appendTight(qb[:0], key)
	if len(q) == 0 || len(l.tight) == 0 {
		return -1
	}
	for p := l.byTight.probe(l.byTight.hash2b(state, q)); ; {
		g := p.next()
		if g < 0 {
			return -1
		}
		first := &l.named[l.tight[g]]
		st := l.places[first.place].state
		if l.states[st].Code != state || !bytes.Equal(appendTight(sb[:0], l.str(first.key)), q) {
			continue
		}
		found := -1
		for k := int(g); k < len(l.tight); k++ {
			n := &l.named[l.tight[k]]
			if k > int(g) && (l.places[n.place].state != st || !bytes.Equal(appendTight(sb[:0], l.str(n.key)), q)) {
				break
			}
			if county != 0 && !slices.Contains(l.countiesOf(int(n.place)), county) {
				continue
			}
			if found >= 0 && found != int(n.place) {
				return -1 // the loosened key names more than one place
			}
			found = int(n.place)
		}
		return found
	}
}

// hash2b is hashIndex.hash2 with its second string as bytes: the hash
// of a state and a tight key.
func (x *hashIndex) hash2b(a string, b []byte) uint64 {
	return bits.RotateLeft64(maphash.String(x.seed, a), 17) ^ maphash.Bytes(x.seed, b)
}

// appendTight appends to b the tight key of key (a PlaceKey): the key
// without its spaces and apostrophes (', `, and the typographic ‘ and
// ’), so that "O FALLON", "OFALLON" and "O'FALLON" all give "OFALLON".
func appendTight(b []byte, key string) []byte {
	for i := 0; i < len(key); {
		switch c := key[i]; {
		case c == ' ' || c == '\'' || c == '`':
			i++
		case c == 0xE2 && i+2 < len(key) && key[i+1] == 0x80 && (key[i+2] == 0x98 || key[i+2] == 0x99):
			i += 3 // U+2018 or U+2019
		default:
			b = append(b, c)
			i++
		}
	}
	return b
}

// NumAreas returns the number of tax areas.
func (l *Local) NumAreas() int { return len(l.areas) }

// AreaAt returns the i-th tax area.
func (l *Local) AreaAt(i int) LocalArea {
	a := &l.areas[i]
	out := LocalArea{State: l.states[a.state].Code, County: fips5(a.county), ByZIP: a.byZIP}
	if a.county == 0 {
		out.County = ""
	}
	if a.place >= 0 {
		out.Place = l.str(l.places[a.place].code)
	}
	for _, m := range l.membersOf(i) {
		out.Jurisdictions = append(out.Jurisdictions, l.str(m))
	}
	return out
}

// AreaState returns the postal abbreviation of the state of the i-th
// area.
func (l *Local) AreaState(i int) string { return l.states[l.areas[i].state].Code }

// PlaceBoundary reports whether the dataset has the boundary of the i-th
// place.
func (l *Local) PlaceBoundary(i int) bool { return l.places[i].boundary }

// AreaKey returns the county (FIPS as a number) and place (an index of
// PlaceAt, -1 for the unincorporated county) of the i-th area.
func (l *Local) AreaKey(i int) (county uint32, place int) {
	return l.areas[i].county, int(l.areas[i].place)
}

// AreaMembers calls f with each jurisdiction ID of the i-th area, the
// county first. It does not allocate.
func (l *Local) AreaMembers(i int, f func(id string)) {
	for _, m := range l.membersOf(i) {
		f(l.str(m))
	}
}

func (l *Local) membersOf(i int) []textRef {
	end := uint32(len(l.members))
	if i+1 < len(l.areas) {
		end = l.areas[i+1].members
	}
	return l.members[l.areas[i].members:end]
}

// Area returns the index of the tax area of a county (FIPS as a number)
// and a place (an index of PlaceAt, -1 for the unincorporated county),
// or -1.
func (l *Local) Area(county uint32, place int) int {
	i, ok := l.byArea[areaKey{county, int32(place)}]
	if !ok {
		return -1
	}
	return int(i)
}

// ZIPHint returns the index of the place a ZIP code (as a number)
// mainly serves, or -1.
func (l *Local) ZIPHint(zip uint32) int {
	i, ok := slices.BinarySearchFunc(l.hints, zip, func(h zipHint, z uint32) int { return cmp.Compare(h.zip, z) })
	if !ok {
		return -1
	}
	return int(l.hints[i].place)
}

// HasZIPAreas reports whether a user's content gives tax areas by ZIP
// code.
func (l *Local) HasZIPAreas() bool { return len(l.zipAreas) > 0 }

// ZIPArea returns the index of the tax area that content gives to a ZIP
// code (as a number) and, when plus4 is not negative, to a ZIP+4 code
// within it: the narrowest range holding plus4, else the area of the
// whole ZIP. Without plus4 it is the whole ZIP's area, or the area of the
// ZIP's first range. sure is false when the ZIP's ranges give different
// areas and plus4 did not pick one. It returns -1 when the content says
// nothing of the ZIP.
func (l *Local) ZIPArea(zip uint32, plus4 int) (area int, sure bool) {
	i, _ := slices.BinarySearchFunc(l.zipAreas, zip, func(z zipArea, k uint32) int { return cmp.Compare(z.zip, k) })
	best, width, first, same := -1, 1<<20, -1, true
	for ; i < len(l.zipAreas) && l.zipAreas[i].zip == zip; i++ {
		z := &l.zipAreas[i]
		if first < 0 {
			first = int(z.area)
		} else if int(z.area) != first {
			same = false
		}
		whole := z.lo == 0 && z.hi == 9999
		if plus4 < 0 && !whole || plus4 >= 0 && (plus4 < int(z.lo) || plus4 > int(z.hi)) {
			continue
		}
		if w := int(z.hi) - int(z.lo); w < width {
			best, width = int(z.area), w
		}
	}
	switch {
	case best >= 0:
		return best, same || plus4 >= 0
	case first >= 0:
		return first, same
	}
	return -1, false
}

// str returns a string of the table's text.
func (l *Local) str(t textRef) string { return l.text[t.off : t.off+t.n] }

// fips5 writes a county FIPS number with its five digits.
func fips5(n uint32) string { return string(appendPadded(nil, uint64(n))) }

// PlaceKeyEmpty reports whether PlaceKey(name) is empty (a name of
// separators alone: ".", ",", "-" and white space), without building the
// key.
func PlaceKeyEmpty(name string) bool {
	if i := strings.IndexByte(name, '('); i > 0 {
		name = name[:i]
	}
	for _, r := range name {
		if !placeSeparator(r) {
			return false
		}
	}
	return true
}

// PlaceKey folds a place name as the place table does for lookups by
// name: FoldPlace, without what the Census and rate tables add to a name
// ("City of", "Town of", "Village of", a trailing "city", "town",
// "village" or "borough", and anything in parentheses).
func PlaceKey(name string) string {
	if i := strings.IndexByte(name, '('); i > 0 {
		name = name[:i]
	}
	folded := FoldPlace(name)
	if !strings.Contains(folded, " ") {
		return folded
	}
	f := strings.Fields(folded)
	for len(f) > 2 && f[1] == "OF" {
		switch f[0] {
		case "CITY", "TOWN", "VILLAGE", "BOROUGH":
			f = f[2:]
			continue
		}
		break
	}
	for n := len(f); n > 1; n = len(f) {
		switch f[n-1] {
		case "CITY", "TOWN", "VILLAGE", "BOROUGH", "MUNICIPALITY", "CDP":
			f = f[:n-1]
			continue
		}
		break
	}
	return strings.Join(f, " ")
}

// PlaceKeys returns the keys a place is known by: PlaceKey of its name,
// and of the name the Census gives in parentheses, if any ("San
// Buenaventura (Ventura)" is known as "SAN BUENAVENTURA" and "VENTURA").
func PlaceKeys(name string) []string {
	keys := []string{PlaceKey(name)}
	if i, j := strings.IndexByte(name, '('), strings.LastIndexByte(name, ')'); i > 0 && j > i+1 {
		if k := PlaceKey(name[i+1 : j]); k != "" && k != keys[0] {
			keys = append(keys, k)
		}
	}
	return keys
}

// LocalBuilder assembles a Local table; the generator and the content
// loader use it. Add states, places and areas, then Build.
type LocalBuilder struct {
	States []LocalState
	Places []Place
	Areas  []LocalArea
	// Hints maps ZIP codes to the code of the place each mainly serves.
	Hints map[string]string
	// ZIPAreas gives tax areas to ZIP codes and ZIP+4 ranges.
	ZIPAreas []ZIPArea
}

// ZIPArea is a tax area that content gives to a ZIP code, or to the
// ZIP+4 codes Low to High (inclusive) of it; Low 0 and High 9999 is the
// whole ZIP. Area is an index of LocalBuilder.Areas.
type ZIPArea struct {
	ZIP       string
	Low, High int
	Area      int
}

// Build checks the builder's tables and returns them as a Local.
func (b *LocalBuilder) Build() (*Local, error) {
	l := &Local{byArea: map[areaKey]int32{}}
	var text []byte
	intern := map[string]textRef{}
	ref := func(s string) textRef {
		if t, ok := intern[s]; ok {
			return t
		}
		t := textRef{uint32(len(text)), uint32(len(s))}
		text = append(text, s...)
		intern[s] = t
		return t
	}
	l.states = slices.Clone(b.States)
	slices.SortFunc(l.states, func(a, b LocalState) int { return strings.Compare(a.Code, b.Code) })
	stateIdx := map[string]uint16{}
	for i, s := range l.states {
		if _, dup := stateIdx[s.Code]; dup {
			return nil, fmt.Errorf("state %s twice", s.Code)
		}
		stateIdx[s.Code] = uint16(i)
	}
	places := slices.Clone(b.Places)
	slices.SortFunc(places, func(a, b Place) int { return strings.Compare(a.Code, b.Code) })
	placeIdx := map[string]int32{}
	var names []nameRec
	for i, p := range places {
		si, ok := stateIdx[p.State]
		if !ok {
			return nil, fmt.Errorf("place %s: unknown state %s", p.Code, p.State)
		}
		if _, dup := placeIdx[p.Code]; dup {
			return nil, fmt.Errorf("place %s twice", p.Code)
		}
		placeIdx[p.Code] = int32(i)
		for _, k := range PlaceKeys(p.Name) {
			names = append(names, nameRec{key: ref(k), place: int32(i)})
		}
		rec := placeRec{code: ref(p.Code), name: ref(p.Name), state: si,
			incorporated: p.Incorporated, boundary: p.Boundary, counties: uint32(len(l.placeCounties))}
		for _, c := range p.Counties {
			n, err := strconv.ParseUint(c, 10, 32)
			if err != nil || len(c) != 5 {
				return nil, fmt.Errorf("place %s: county %q is not a FIPS code", p.Code, c)
			}
			l.placeCounties = append(l.placeCounties, uint32(n))
		}
		l.places = append(l.places, rec)
	}
	// Areas, in the order given.
	for i, a := range b.Areas {
		si, ok := stateIdx[a.State]
		if !ok {
			return nil, fmt.Errorf("area %d: unknown state %s", i, a.State)
		}
		county, err := strconv.ParseUint(a.County, 10, 32)
		if a.County == "" && a.ByZIP {
			county, err = 0, nil // a ZIP code whose county the dataset does not know
		} else if err != nil || len(a.County) != 5 {
			return nil, fmt.Errorf("area %d: county %q is not a FIPS code", i, a.County)
		}
		place := int32(-1)
		if a.Place != "" {
			pi, ok := placeIdx[a.Place]
			if !ok {
				return nil, fmt.Errorf("area %d: unknown place %s", i, a.Place)
			}
			place = pi
		}
		if len(a.Jurisdictions) == 0 {
			return nil, fmt.Errorf("area %d (%s %s) has no jurisdictions", i, a.County, a.Place)
		}
		if !a.ByZIP {
			k := areaKey{uint32(county), place}
			if _, dup := l.byArea[k]; dup {
				return nil, fmt.Errorf("area of county %s and place %q twice", a.County, a.Place)
			}
			l.byArea[k] = int32(i)
		}
		l.areas = append(l.areas, areaRec{byZIP: a.ByZIP, state: si, county: uint32(county), place: place, members: uint32(len(l.members))})
		for _, id := range a.Jurisdictions {
			l.members = append(l.members, ref(id))
		}
	}
	l.text = string(text)
	l.named = names
	l.finish()
	for zip, code := range b.Hints {
		z, err := parseZIP(zip)
		if err != nil {
			return nil, err
		}
		pi, ok := placeIdx[code]
		if !ok {
			return nil, fmt.Errorf("ZIP %s: unknown place %s", zip, code)
		}
		l.hints = append(l.hints, zipHint{z, pi})
	}
	slices.SortFunc(l.hints, func(a, b zipHint) int { return cmp.Compare(a.zip, b.zip) })
	if len(b.ZIPAreas) > 0 {
		l.zipAreas = make([]zipArea, 0, len(b.ZIPAreas))
	}
	for _, za := range b.ZIPAreas {
		z, err := parseZIP(za.ZIP)
		if err != nil {
			return nil, err
		}
		if za.Low < 0 || za.High > 9999 || za.Low > za.High {
			return nil, fmt.Errorf("ZIP %s: ZIP+4 range %04d-%04d", za.ZIP, za.Low, za.High)
		}
		if za.Area < 0 || za.Area >= len(l.areas) {
			return nil, fmt.Errorf("ZIP %s: area %d out of range", za.ZIP, za.Area)
		}
		l.zipAreas = append(l.zipAreas, zipArea{zip: z, lo: uint16(za.Low), hi: uint16(za.High), area: int32(za.Area)})
	}
	slices.SortFunc(l.zipAreas, func(a, b zipArea) int {
		return cmp.Or(cmp.Compare(a.zip, b.zip), cmp.Compare(a.lo, b.lo), cmp.Compare(a.hi, b.hi))
	})
	return l, nil
}

// finish builds the name index of the places, whose keys are in
// l.named, and the index of their codes.
func (l *Local) finish() {
	l.byCode = newHashIndex(len(l.places))
	for i := range l.places {
		l.byCode.add(l.byCode.hash(l.str(l.places[i].code)), int32(i))
	}
	// Name groups: places of a state known by one key, incorporated
	// first.
	slices.SortStableFunc(l.named, func(a, b nameRec) int {
		pa, pb := &l.places[a.place], &l.places[b.place]
		ia, ib := 0, 0
		if !pa.incorporated {
			ia = 1
		}
		if !pb.incorporated {
			ib = 1
		}
		return cmp.Or(cmp.Compare(pa.state, pb.state), strings.Compare(l.str(a.key), l.str(b.key)), ia-ib, cmp.Compare(a.place, b.place))
	})
	sameGroup := func(k int) bool {
		a, b := &l.named[k], &l.named[k-1]
		return l.places[a.place].state == l.places[b.place].state && l.str(a.key) == l.str(b.key)
	}
	groups := 0
	for k := range l.named {
		if k == 0 || !sameGroup(k) {
			groups++
		}
	}
	l.byName = newHashIndex(groups)
	for k := range l.named {
		if k == 0 || !sameGroup(k) {
			n := &l.named[k]
			l.byName.add(l.byName.hash2(l.states[l.places[n.place].state].Code, l.str(n.key)), int32(k))
		}
	}
	// Tight groups: the entries of named of a state whose keys are one
	// but for spaces and apostrophes (see FindPlaceKey).
	// The tight keys, one after the other in one buffer while the index
	// is built: tk(k) is that of l.named[k].
	var tb []byte
	ends := make([]int, len(l.named))
	l.tight = make([]int32, len(l.named))
	for k := range l.named {
		tb = appendTight(tb, l.str(l.named[k].key))
		ends[k] = len(tb)
		l.tight[k] = int32(k)
	}
	tk := func(k int32) []byte {
		if k == 0 {
			return tb[:ends[0]]
		}
		return tb[ends[k-1]:ends[k]]
	}
	slices.SortFunc(l.tight, func(a, b int32) int {
		return cmp.Or(cmp.Compare(l.places[l.named[a].place].state, l.places[l.named[b].place].state), bytes.Compare(tk(a), tk(b)), cmp.Compare(a, b))
	})
	sameTight := func(k int) bool {
		a, b := l.tight[k], l.tight[k-1]
		return l.places[l.named[a].place].state == l.places[l.named[b].place].state && bytes.Equal(tk(a), tk(b))
	}
	groups = 0
	for k := range l.tight {
		if k == 0 || !sameTight(k) {
			groups++
		}
	}
	l.byTight = newHashIndex(groups)
	for k, e := range l.tight {
		if k == 0 || !sameTight(k) {
			l.byTight.add(l.byTight.hash2b(l.states[l.places[l.named[e].place].state].Code, tk(e)), int32(k))
		}
	}
}

// parseZIP reads a five-digit ZIP code.
func parseZIP(s string) (uint32, error) {
	if len(s) != 5 {
		return 0, fmt.Errorf("%q is not a five-digit ZIP code", s)
	}
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a five-digit ZIP code", s)
	}
	return uint32(n), nil
}

// decodeLocal reads the file written by the generator (see
// internal/datagen/uslocal_emit.go for its layout) straight into the table's
// arrays.
func decodeLocal(file []byte) (*Local, error) {
	r, err := binfmt.Open(file, localKind, localVersion)
	if err != nil {
		return nil, err
	}
	l := &Local{}
	ns := r.Count(8)
	for i := 0; i < ns && r.Err() == nil; i++ {
		s := LocalState{Code: r.String(), Title: r.String(), Status: r.String()}
		for k, n := 0, r.Count(1); k < n && r.Err() == nil; k++ {
			s.Origin = append(s.Origin, r.String())
		}
		if r.Bool() {
			d := decimal.New(r.Varint(), int32(r.Int()))
			s.LocalCap = &d
		}
		s.Sourcing = r.String()
		for k, n := 0, r.Count(1); k < n && r.Err() == nil; k++ {
			s.Sources = append(s.Sources, r.String())
		}
		s.NotCovered = r.String()
		s.Jurisdictions, s.Places, s.ZIPs, s.Areas = r.Int(), r.Int(), r.Int(), r.Int()
		if i > 0 && l.states[i-1].Code >= s.Code {
			return nil, fmt.Errorf("%w: states not sorted at %s", binfmt.ErrCorrupt, s.Code)
		}
		l.states = append(l.states, s)
	}
	stateIdx := func(code []byte) (uint16, bool) {
		i, ok := slices.BinarySearchFunc(l.states, string(code), func(s LocalState, c string) int { return strings.Compare(s.Code, c) })
		return uint16(i), ok
	}
	var text []byte
	ref := func(b []byte) textRef {
		t := textRef{uint32(len(text)), uint32(len(b))}
		text = append(text, b...)
		return t
	}
	np := r.Count(6)
	l.places = make([]placeRec, 0, np)
	l.named = make([]nameRec, 0, np+np/16)
	for i := 0; i < np && r.Err() == nil; i++ {
		p := placeRec{code: ref(r.Bytes())}
		si, ok := stateIdx(r.Bytes())
		if !ok {
			return nil, fmt.Errorf("%w: place %d: unknown state", binfmt.ErrCorrupt, i)
		}
		p.state = si
		p.name = ref(r.Bytes())
		for k, n := 0, r.Count(1); k < n && r.Err() == nil; k++ {
			l.named = append(l.named, nameRec{key: ref(r.Bytes()), place: int32(i)})
		}
		flags := r.Uvarint()
		p.incorporated, p.boundary = flags&1 != 0, flags&2 != 0
		p.counties = uint32(len(l.placeCounties))
		for k, n := 0, r.Count(1); k < n && r.Err() == nil; k++ {
			l.placeCounties = append(l.placeCounties, uint32(r.Uvarint()))
		}
		if i > 0 && string(text[l.places[i-1].code.off:l.places[i-1].code.off+l.places[i-1].code.n]) >= string(text[p.code.off:p.code.off+p.code.n]) {
			return nil, fmt.Errorf("%w: places not sorted at %d", binfmt.ErrCorrupt, i)
		}
		l.places = append(l.places, p)
	}
	ids := make([]textRef, r.Count(2))
	for i := range ids {
		ids[i] = ref(r.Bytes())
	}
	na := r.Count(3)
	l.areas = make([]areaRec, 0, na)
	l.byArea = make(map[areaKey]int32, na)
	for i := 0; i < na && r.Err() == nil; i++ {
		si, ok := stateIdx(r.Bytes())
		if !ok {
			return nil, fmt.Errorf("%w: area %d: unknown state", binfmt.ErrCorrupt, i)
		}
		a := areaRec{state: si, county: uint32(r.Uvarint()), place: int32(r.Uvarint()) - 1, members: uint32(len(l.members))}
		if int(a.place) >= len(l.places) {
			return nil, fmt.Errorf("%w: area %d: place %d", binfmt.ErrCorrupt, i, a.place)
		}
		n := r.Count(1)
		if n == 0 && r.Err() == nil {
			return nil, fmt.Errorf("%w: area %d has no jurisdictions", binfmt.ErrCorrupt, i)
		}
		for k := 0; k < n && r.Err() == nil; k++ {
			m := r.Uvarint()
			if m >= uint64(len(ids)) {
				return nil, fmt.Errorf("%w: area %d: jurisdiction %d", binfmt.ErrCorrupt, i, m)
			}
			l.members = append(l.members, ids[m])
		}
		k := areaKey{a.county, a.place}
		if _, dup := l.byArea[k]; dup {
			return nil, fmt.Errorf("%w: area of county %05d and place %d twice", binfmt.ErrCorrupt, a.county, a.place)
		}
		l.byArea[k] = int32(i)
		l.areas = append(l.areas, a)
	}
	nh := r.Count(2)
	l.hints = make([]zipHint, 0, nh)
	zip := uint64(0)
	for i := 0; i < nh && r.Err() == nil; i++ {
		zip += r.Uvarint()
		p := r.Uvarint()
		if p >= uint64(len(l.places)) || zip > 99999 {
			return nil, fmt.Errorf("%w: ZIP hint %d", binfmt.ErrCorrupt, i)
		}
		l.hints = append(l.hints, zipHint{uint32(zip), int32(p)})
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	l.text = string(text)
	l.finish()
	return l, nil
}
