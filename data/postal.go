package data

import (
	"fmt"
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy/internal/binfmt"
)

// ZIP is one US ZIP code.
type ZIP struct {
	Code  string // five digits
	Place string // postal place name ("" when only the Census knows the ZIP)
	State string // postal abbreviation of the state or territory
	// Counties lists the counties the ZIP lies in, largest land share first.
	Counties []ZIPCounty
	// Lat and Lng are a representative point in millionths of a degree,
	// valid when HasPoint.
	Lat, Lng int32
	HasPoint bool
	// Radius is the radius in metres, to 100 m, of a disc of the land
	// area of the ZIP's Census ZIP Code Tabulation Area: how far the ZIP
	// reaches from its point, roughly. It is 0 when the Census does not
	// know the ZIP (most PO box and single-address ZIPs).
	Radius int
}

// ZIPCounty is one county of a ZIP and the share of the ZIP's land in it.
type ZIPCounty struct {
	FIPS         string // five-digit county FIPS code
	Jurisdiction string // the county's jurisdiction ID, "US-" + FIPS
	Share        int    // basis points of the ZIP's land area, 0..10000
}

// Postal is the ZIP table of a dataset. It is immutable and safe for
// concurrent use. Its tables hold almost no pointers for the garbage
// collector to follow (see index.go): ZIP codes, place names and county
// IDs are read out of two strings when asked for.
type Postal struct {
	codes    string      // the ZIP codes, five bytes each, in order
	names    string      // place names, county IDs and folded place names
	zips     []zipRec    // in code order
	counties []countyRec // the counties of every ZIP, ZIP after ZIP
	states   []string    // postal abbreviations, numbered by zipRec.state
	places   []textRef   // place names, numbered as in the file
	// groups are the places of the ZIPs; each has its ZIPs (in code
	// order) in inGroup and their counties, with their shares summed
	// over the ZIPs, in shares, group after group.
	groups  []placeGroup
	inGroup []int32
	shares  []countyRec
	byPlace hashIndex // over groups
}

// textRef is a string of Postal.names.
type textRef struct{ off, n uint32 }

// zipRec is one ZIP code.
type zipRec struct {
	code     int32
	lat, lng int32
	county   uint32 // its first county in Postal.counties
	place    uint32 // in Postal.places
	radius   uint32 // Radius in hundreds of metres
	state    uint16 // in Postal.states
	hasPoint bool
}

// countyRec is one county of a ZIP code.
type countyRec struct {
	id    textRef // "US-" + FIPS
	share int
}

// placeGroup is the ZIPs of one state whose place names fold alike.
type placeGroup struct {
	folded textRef
	state  uint16
	first  uint32 // its first ZIP in Postal.inGroup
	shares uint32 // its first county in Postal.shares
}

// postalVersion is the format of postal.lvd: version 2 added each ZIP's
// radius.
const postalVersion = 2

// Postal returns the dataset's ZIP table, decoding it on first use.
func (d *Dataset) Postal() (*Postal, error) {
	return part(d, &d.postal, "postal.lvd", decodePostal)
}

func decodePostal(file []byte) (*Postal, error) {
	r, err := binfmt.Open(file, "postal", postalVersion)
	if err != nil {
		return nil, fmt.Errorf("postal: %w", err)
	}
	var names []byte
	ref := func(s []byte) textRef {
		t := textRef{uint32(len(names)), uint32(len(s))}
		names = append(names, s...)
		return t
	}
	p := &Postal{places: make([]textRef, r.Count(1))}
	for i := range p.places {
		p.places[i] = ref(r.Bytes())
	}
	n := r.Count(4)
	p.zips = make([]zipRec, 0, n)
	p.counties = make([]countyRec, 0, n+n/4)
	codes := make([]byte, 0, 5*n)
	// Decoding state: the index of each state and county ID met so far,
	// the folded names of the places, and the ZIPs of each place group.
	stateIdx := map[string]uint16{}
	countyIDs := map[uint64]textRef{}
	folded := make([]string, len(p.places))
	type groupKey struct {
		state  uint16
		folded string
	}
	groupIdx := map[groupKey]int{}
	var members [][]int32
	var id []byte
	code := 0
	var lat, lng int32
	for i := 0; i < n && r.Err() == nil; i++ {
		code += int(r.Uvarint())
		pi := int(r.Uvarint())
		if pi >= len(p.places) || code > 99999 {
			return nil, fmt.Errorf("postal: %w", binfmt.ErrCorrupt)
		}
		codes = appendPadded(codes, uint64(code))
		z := zipRec{code: int32(code), place: uint32(pi), county: uint32(len(p.counties))}
		state := r.Bytes()
		si, ok := stateIdx[string(state)]
		if !ok {
			if len(p.states) > math.MaxUint16 {
				return nil, fmt.Errorf("postal: %w: too many states", binfmt.ErrCorrupt)
			}
			si = uint16(len(p.states))
			p.states = append(p.states, string(state))
			stateIdx[string(state)] = si
		}
		z.state = si
		if z.hasPoint = r.Bool(); z.hasPoint {
			lat += int32(r.Varint())
			lng += int32(r.Varint())
			z.lat, z.lng = lat, lng
		}
		nc := r.Count(2)
		for k := 0; k < nc; k++ {
			fips := r.Uvarint()
			cid, ok := countyIDs[fips]
			if !ok {
				id = appendPadded(append(id[:0], "US-"...), fips)
				cid = ref(id)
				countyIDs[fips] = cid
			}
			p.counties = append(p.counties, countyRec{id: cid, share: int(r.Uvarint())})
		}
		radius := r.Uvarint()
		if radius > math.MaxUint16 {
			return nil, fmt.Errorf("postal: %w: radius of ZIP %05d", binfmt.ErrCorrupt, code)
		}
		z.radius = uint32(radius)
		if pr := p.places[pi]; pr.n > 0 {
			if folded[pi] == "" {
				folded[pi] = FoldPlace(string(names[pr.off : pr.off+pr.n]))
			}
			key := groupKey{si, folded[pi]}
			g, ok := groupIdx[key]
			if !ok {
				g = len(p.groups)
				groupIdx[key] = g
				p.groups = append(p.groups, placeGroup{folded: ref([]byte(key.folded)), state: si})
				members = append(members, nil)
			}
			members[g] = append(members[g], int32(len(p.zips)))
		}
		p.zips = append(p.zips, z)
	}
	if err := r.Done(); err != nil {
		return nil, fmt.Errorf("postal: %w", err)
	}
	p.codes = string(codes)
	p.names = string(names)
	p.byPlace = newHashIndex(len(p.groups))
	p.inGroup = make([]int32, 0, len(p.zips))
	for g := range p.groups {
		pg := &p.groups[g]
		pg.first, pg.shares = uint32(len(p.inGroup)), uint32(len(p.shares))
		p.inGroup = append(p.inGroup, members[g]...)
		for _, i := range members[g] {
			for _, c := range p.ref(int(i)).counties {
				k := int(pg.shares)
				for k < len(p.shares) && p.shares[k].id != c.id {
					k++
				}
				if k == len(p.shares) {
					p.shares = append(p.shares, countyRec{id: c.id})
				}
				p.shares[k].share += c.share
			}
		}
		p.byPlace.add(p.byPlace.hash2(p.states[pg.state], p.str(pg.folded)), int32(g))
	}
	return p, nil
}

// appendPadded appends v in decimal, with leading zeros to five digits,
// as fmt's %05d writes it.
func appendPadded(b []byte, v uint64) []byte {
	for d := uint64(10000); d > v && d > 1; d /= 10 {
		b = append(b, '0')
	}
	return strconv.AppendUint(b, v, 10)
}

// str returns a string of p.names.
func (p *Postal) str(t textRef) string { return p.names[t.off : t.off+t.n] }

// placeSeparator reports whether FoldPlace reads r as a break between
// the words of a place name rather than a part of one.
func placeSeparator(r rune) bool { return r == '.' || r == ',' || r == '-' || unicode.IsSpace(r) }

// FoldPlace normalises a place name for comparison: upper case, Latin
// letters without their accents, periods, commas and hyphens read as
// spaces, runs of spaces folded, and the words "St", "Ste" and "Sainte"
// read as "Saint", "Ft" as "Fort" and "Mt" as "Mount" wherever they
// stand, so that "St. Paul", "SAINT  PAUL" and "saint paul" all fold to
// "SAINT PAUL", "Lake St. Louis" (the Census's name) and "Lake Saint
// Louis" (the postal name) to "LAKE SAINT LOUIS", "Ste. Genevieve" and
// "Sainte Genevieve" to "SAINT GENEVIEVE", and "Cañon City" to "CANON
// CITY". Read only as a name's first word, the postal spellings of
// Lake St. Louis or Sainte Genevieve (Missouri) named no place, and an
// address so written was taxed outside the city.
func FoldPlace(s string) string {
	b := make([]byte, 0, len(s)+4)
	word := 0 // start of the current word in b
	flush := func() {
		switch string(b[word:]) {
		case "ST", "STE", "SAINTE":
			b = append(b[:word], "SAINT"...)
		case "FT":
			b = append(b[:word], "FORT"...)
		case "MT":
			b = append(b[:word], "MOUNT"...)
		}
	}
	for _, r := range s {
		if placeSeparator(r) {
			flush()
			if len(b) > 0 && b[len(b)-1] != ' ' {
				b = append(b, ' ')
			}
			word = len(b)
			continue
		}
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' {
				r -= 'a' - 'A'
			}
			b = append(b, byte(r))
		} else if base := unaccented(r); base != 0 {
			b = append(b, base)
		} else {
			b = utf8.AppendRune(b, unicode.ToUpper(r))
		}
	}
	flush()
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return string(b)
}

// Len returns the number of ZIP codes.
func (p *Postal) Len() int { return len(p.zips) }

// ZIP returns the record of a five-digit ZIP code. Its county list is
// its own: Find reads the same without copying it.
func (p *Postal) ZIP(code string) (ZIP, bool) {
	z, ok := p.Find(code)
	if !ok {
		return ZIP{}, false
	}
	return z.ZIP(), true
}

// ByPlace returns the ZIPs whose postal place is city in state (a postal
// abbreviation), in ZIP order. PlaceZIPs finds the same without copying
// them.
func (p *Postal) ByPlace(state, city string) []ZIP {
	zs := p.PlaceZIPs(state, city)
	if zs.Len() == 0 {
		return nil
	}
	out := make([]ZIP, zs.Len())
	for k := range out {
		out[k] = zs.At(k).ZIP()
	}
	return out
}

// All returns every ZIP in code order.
func (p *Postal) All() []ZIP {
	out := make([]ZIP, len(p.zips))
	for i := range out {
		out[i] = p.ref(i).ZIP()
	}
	return out
}

// Find returns a five-digit ZIP code, read in place.
func (p *Postal) Find(code string) (ZIPRef, bool) {
	// Every code of the table has five digits.
	if len(code) != 5 {
		return ZIPRef{}, false
	}
	n := int32(0)
	for i := range 5 {
		c := code[i]
		if c < '0' || c > '9' {
			return ZIPRef{}, false
		}
		n = 10*n + int32(c-'0')
	}
	// The first ZIP whose code is not below n.
	lo, hi := 0, len(p.zips)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if p.zips[m].code < n {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(p.zips) && p.zips[lo].code == n {
		return p.ref(lo), true
	}
	return ZIPRef{}, false
}

// PlaceZIPs returns the ZIPs whose postal place is city in state (a postal
// abbreviation), in ZIP order, read in place.
func (p *Postal) PlaceZIPs(state, city string) ZIPRefs {
	g := p.group(state, city)
	if g < 0 {
		return ZIPRefs{}
	}
	end := len(p.inGroup)
	if g+1 < len(p.groups) {
		end = int(p.groups[g+1].first)
	}
	return ZIPRefs{p, p.inGroup[p.groups[g].first:end]}
}

// PlaceCounties returns the counties of the ZIPs whose postal place is
// city in state (a postal abbreviation), each once, in the order in which
// the ZIPs in code order first name them. The Share of each is the sum of
// its shares in those ZIPs, so it may exceed 10000.
func (p *Postal) PlaceCounties(state, city string) CountyShares {
	g := p.group(state, city)
	if g < 0 {
		return CountyShares{}
	}
	end := len(p.shares)
	if g+1 < len(p.groups) {
		end = int(p.groups[g+1].shares)
	}
	return CountyShares{p, p.shares[p.groups[g].shares:end]}
}

// HasPlaces reports whether a ZIP code of state (a postal abbreviation)
// has a postal place name. The postal data names no town of American
// Samoa, Guam or the U.S. Virgin Islands.
func (p *Postal) HasPlaces(state string) bool {
	for g := range p.groups {
		if p.states[p.groups[g].state] == state {
			return true
		}
	}
	return false
}

// group returns the place group of city in state, or -1.
func (p *Postal) group(state, city string) int {
	folded := FoldPlace(city)
	for pr := p.byPlace.probe(p.byPlace.hash2(state, folded)); ; {
		g := pr.next()
		if g < 0 {
			return -1
		}
		if pg := &p.groups[g]; p.states[pg.state] == state && p.str(pg.folded) == folded {
			return int(g)
		}
	}
}

// CountyShares is a list of counties with shares, read in place.
type CountyShares struct {
	p  *Postal
	cs []countyRec
}

// Len returns the number of counties in the list.
func (c CountyShares) Len() int { return len(c.cs) }

// At returns the k-th county of the list.
func (c CountyShares) At(k int) ZIPCounty { return c.p.county(&c.cs[k]) }

// county returns a county record as a ZIPCounty.
func (p *Postal) county(c *countyRec) ZIPCounty {
	id := p.str(c.id)
	return ZIPCounty{FIPS: id[3:], Jurisdiction: id, Share: c.share}
}

// ZIPRef is a ZIP code of a Postal table, read in place: its methods do
// not allocate. Find and PlaceZIPs return them.
type ZIPRef struct {
	p        *Postal
	i        int
	counties []countyRec
}

// ref returns the i-th ZIP.
func (p *Postal) ref(i int) ZIPRef {
	end := len(p.counties)
	if i+1 < len(p.zips) {
		end = int(p.zips[i+1].county)
	}
	return ZIPRef{p, i, p.counties[p.zips[i].county:end]}
}

// Code returns the five-digit ZIP code.
func (z ZIPRef) Code() string { return z.p.codes[5*z.i : 5*z.i+5] }

// Place returns the postal place name, "" when only the Census knows the
// ZIP.
func (z ZIPRef) Place() string { return z.p.str(z.p.places[z.p.zips[z.i].place]) }

// State returns the postal abbreviation of the state or territory.
func (z ZIPRef) State() string { return z.p.states[z.p.zips[z.i].state] }

// Point returns the ZIP's representative point in millionths of a
// degree; ok is false when the dataset has none.
func (z ZIPRef) Point() (lat, lng int32, ok bool) {
	r := &z.p.zips[z.i]
	return r.lat, r.lng, r.hasPoint
}

// Radius returns ZIP.Radius, in metres: 0 when it is not known.
func (z ZIPRef) Radius() int { return 100 * int(z.p.zips[z.i].radius) }

// NumCounties returns the number of counties the ZIP lies in.
func (z ZIPRef) NumCounties() int { return len(z.counties) }

// County returns the k-th county of the ZIP, largest land share first.
func (z ZIPRef) County(k int) ZIPCounty { return z.p.county(&z.counties[k]) }

// ZIP returns the whole record, with a county list of its own.
func (z ZIPRef) ZIP() ZIP {
	r := &z.p.zips[z.i]
	out := ZIP{Code: z.Code(), Place: z.Place(), State: z.State(), Lat: r.lat, Lng: r.lng, HasPoint: r.hasPoint,
		Radius: 100 * int(r.radius), Counties: make([]ZIPCounty, z.NumCounties())}
	for k := range out.Counties {
		out.Counties[k] = z.County(k)
	}
	return out
}

// ZIPRefs is a list of ZIP codes of a Postal table, read in place.
type ZIPRefs struct {
	p   *Postal
	idx []int32
}

// Len returns the number of ZIPs in the list.
func (zs ZIPRefs) Len() int { return len(zs.idx) }

// At returns the k-th ZIP of the list.
func (zs ZIPRefs) At(k int) ZIPRef { return zs.p.ref(int(zs.idx[k])) }

// unaccented returns the upper-case ASCII letter of an accented Latin
// letter of the Latin-1 Supplement ("ñ" gives 'N'), or 0.
func unaccented(r rune) byte {
	if r < 0xC0 || r > 0xFF {
		return 0
	}
	const upper = "AAAAAAACEEEEIIIIDNOOOOO\x00OUUUUYTS" // U+00C0..U+00DF
	const lower = "AAAAAAACEEEEIIIIDNOOOOO\x00OUUUUYTY" // U+00E0..U+00FF
	var c byte
	if r < 0xE0 {
		c = upper[r-0xC0]
	} else {
		c = lower[r-0xE0]
	}
	if c == 0 || r == 0xC6 || r == 0xE6 || r == 0xDE || r == 0xFE || r == 0xDF {
		return 0 // × ÷, and Æ, Þ, ß, which are not one letter
	}
	return c
}
