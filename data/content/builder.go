package content

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
)

// builder collects the content of every file, state by state.
type builder struct {
	ds     *data.Dataset
	opts   Options
	juris  *data.Jurisdictions
	local  *data.Local
	postal *data.Postal
	places map[string][]int // state -> its places (indexes of local)
	zips   []zipOfState     // every ZIP code, in order
	states map[string]*stateContent
	// sst holds the strings and district codes of the SST boundary rows
	// (sst.go).
	sst sstTables
	// br is the dataset's Brazil tables, iss the municipal ISS rates of
	// the files and issFiles their names (briss.go).
	br       *data.Brazil
	iss      []data.BRISSRate
	issFiles []string
	// franchise are the franchise area fees of the franchise tables read,
	// and franchiseFiles their files.
	franchise      []data.FranchiseFee
	franchiseFiles []string
	// vatAreas are the places in another country's VAT area of the VAT
	// areas tables read, and vatAreaFiles their files (vatareas.go).
	vatAreas     []jurisdiction.VATAreaPeriod
	vatAreaFiles []string
	// lowValue are the low-value import limits of the tables read, and
	// lowValueFiles their files (lowvalue.go).
	lowValue      []jurisdiction.LowValue
	lowValueFiles []string
}

// zipOfState is a ZIP code and its state.
type zipOfState struct{ code, state string }

// stateContent is what the files say of one state.
type stateContent struct {
	sub    jurisdiction.Subdivision
	files  []string
	format Format
	juris  map[string]jurisdiction.Jurisdiction
	rates  []jurisdiction.Rate
	// ratesOf indexes rates by jurisdiction, tax and category, in the
	// order they were added (addRateAt).
	ratesOf map[rateKey][]int
	scopes  map[Where][]string // place-based content: where -> jurisdictions
	zips    []zipDraft         // ZIP-based content
	// levyZIPs indexes the drafts of zips by ZIP code and range, for a
	// state in Levy's content format (addLevyZIP), the one format that
	// adds jurisdictions to a draft already made.
	levyZIPs map[zipRange]int
	// levyFirst is where each jurisdiction of a state in Levy's format
	// was first given a rate, in the order of the rows (unplacedLevy).
	levyFirst []rowAt
	levySeen  map[string]bool
	// rateAt is where each rate of rates was read (file:line).
	rateAt []string
	// SST files: the jurisdiction of each type and code of the rate
	// files, and the boundary rows in force
	sstIDs   map[string]string
	boundary sstRows
}

// rateKey is what rates that may overlap share.
type rateKey struct {
	juris    string
	tax      jurisdiction.Tax
	category string
}

// zipRange is a ZIP code and a range of its ZIP+4 codes.
type zipRange struct {
	zip    string
	lo, hi int
}

// zipDraft is a ZIP code or ZIP+4 range with the jurisdictions that tax
// it, its county first.
type zipDraft struct {
	zip     string
	lo, hi  int
	county  string   // FIPS of the ZIP's county, "" when the dataset knows none
	members []string // the other jurisdictions
}

func newBuilder(ds *data.Dataset, opts Options) (*builder, error) {
	b := &builder{ds: ds, opts: opts, states: map[string]*stateContent{}, places: map[string][]int{}}
	var err error
	if b.juris, err = ds.Jurisdictions(); err != nil {
		return nil, err
	}
	if b.local, err = ds.Local(); err != nil {
		return nil, err
	}
	if b.postal, err = ds.Postal(); err != nil {
		return nil, err
	}
	for _, z := range b.postal.All() {
		b.zips = append(b.zips, zipOfState{z.Code, z.State})
	}
	for i := range b.local.NumPlaces() {
		st := b.local.PlaceAt(i).State
		b.places[st] = append(b.places[st], i)
	}
	return b, nil
}

// state returns the content of a state, started by file name in format f.
// A state's content comes in one format; SST rate and boundary files may
// be several.
func (b *builder) state(name string, line int, st string, f Format) (*stateContent, error) {
	sub, ok := jurisdiction.SubdivisionOf("US", st)
	if !ok || sub.Code != st {
		return nil, &Error{File: name, Line: line, Column: "state", Message: fmt.Sprintf("%q is not a US state", st)}
	}
	s := b.states[st]
	if s == nil {
		s = &stateContent{sub: sub, format: f, juris: map[string]jurisdiction.Jurisdiction{}, scopes: map[Where][]string{}}
		b.states[st] = s
	}
	if s.format != f {
		return nil, &Error{File: name, Line: line, Message: fmt.Sprintf("%s is already given by %s in another format (%s)", st, strings.Join(s.files, ", "), s.format)}
	}
	if !slices.Contains(s.files, name) {
		s.files = append(s.files, name)
	}
	return s, nil
}

// define adds a jurisdiction to a state's content, or checks that it
// agrees with its earlier definition.
func (s *stateContent) define(j jurisdiction.Jurisdiction) error {
	if old, ok := s.juris[j.ID]; ok {
		if old.Type != j.Type || old.Name != j.Name || old.ExternalCode != j.ExternalCode || old.Parent != j.Parent {
			return fmt.Errorf("%s was defined as %s %q (code %q)", j.ID, old.Type, old.Name, old.ExternalCode)
		}
		return nil
	}
	s.juris[j.ID] = j
	return nil
}

// rowAt is a row of a content file: its file, line and jurisdiction.
type rowAt struct {
	file string
	line int
	id   string
}

// addRateAt adds a rate period to a state's content, read at (a file
// and line); an equal period given twice is one. It is
// checked against the rates of its jurisdiction, tax and category only,
// found by ratesOf, so that a file of many rates loads in linear time. A
// rate that overlaps another is refused naming where the other was read.
func (s *stateContent) addRateAt(r jurisdiction.Rate, at string) error {
	k := rateKey{r.Jurisdiction, r.Tax, r.Category}
	for _, i := range s.ratesOf[k] {
		o := s.rates[i]
		if o.Period == r.Period && o.Value.Equal(r.Value) {
			return nil
		}
		overlap := (o.Expiration.IsZero() || !o.Expiration.Before(r.Effective)) && (r.Expiration.IsZero() || !r.Expiration.Before(o.Effective))
		if overlap {
			return fmt.Errorf("%s %s rate %s from %s overlaps its rate %s from %s (%s)", r.Jurisdiction, r.Category, r.Value, dateOr(r.Effective), o.Value, dateOr(o.Effective), s.rateAt[i])
		}
	}
	if s.ratesOf == nil {
		s.ratesOf = map[rateKey][]int{}
	}
	s.ratesOf[k] = append(s.ratesOf[k], len(s.rates))
	s.rates = append(s.rates, r)
	s.rateAt = append(s.rateAt, at)
	return nil
}

// stateOnly reports whether a state's content is rows of Levy's format
// that give the state's own rates and nothing else: no county, place or
// district, no where. Such content does not cover the state: its local
// content stays the dataset's, where a file meant to change the state's
// rate would otherwise leave every city and district of the state
// without a tax, on every date.
func (s *stateContent) stateOnly() bool {
	if s.format != FormatLevy || len(s.zips) > 0 || len(s.scopes) > 0 {
		return false
	}
	for _, r := range s.rates {
		if r.Jurisdiction != s.sub.ID() {
			return false
		}
	}
	return len(s.rates) > 0
}

// dateOr writes a date, or "always" for the zero date.
func dateOr(d civil.Date) string {
	if d.IsZero() {
		return "always"
	}
	return d.String()
}

// counties returns the FIPS codes of a state's counties.
func (b *builder) counties(sub jurisdiction.Subdivision) []string {
	var out []string
	for _, j := range b.juris.Children(sub.ID()) {
		if j.Type == jurisdiction.County || j.Type == jurisdiction.Parish || j.Type == jurisdiction.Borough {
			out = append(out, strings.TrimPrefix(j.ID, "US-"))
		}
	}
	return out
}

// placeByCode returns a place of the dataset by its code, or -1.
func (b *builder) placeByCode(code string) int { return b.local.PlaceIndex(code) }

// overlay turns the content into an overlay of the dataset.
func (b *builder) overlay() (*data.Overlay, error) {
	o := &data.Overlay{Local: data.LocalBuilder{Hints: map[string]string{}}}
	var names []string
	for _, st := range slices.Sorted(maps.Keys(b.states)) {
		s := b.states[st]
		for _, f := range s.files {
			if !slices.Contains(names, f) {
				names = append(names, f)
			}
		}
		if s.stateOnly() {
			// Rows of the state's own rates alone: they set the state's
			// rate on their days, and its local content stays the
			// dataset's (data.Overlay.Rates).
			o.Rates = append(o.Rates, s.rates...)
			continue
		}
		o.States = append(o.States, st)
		for _, id := range slices.Sorted(maps.Keys(s.juris)) {
			o.Jurisdictions = append(o.Jurisdictions, s.juris[id])
		}
		o.Rates = append(o.Rates, s.rates...)
		first := len(o.Local.Areas)
		switch s.format {
		case FormatLevy:
			if len(s.zips) > 0 {
				s.zips = levyZIPRanges(s.zips)
				b.zipAreas(o, s)
			} else if err := b.compose(o, s); err != nil {
				return nil, err
			}
		case FormatSST:
			if s.boundary.n == 0 {
				return nil, &Error{File: strings.Join(s.files, ", "), Message: "the SST rate file of " + st + " needs its boundary file, which says where each jurisdiction applies"}
			}
			if len(s.sstIDs) == 0 {
				return nil, &Error{File: strings.Join(s.files, ", "), Message: "the SST boundary file of " + st + " needs its rate file"}
			}
			if err := b.resolveSST(s); err != nil {
				return nil, err
			}
			b.zipAreas(o, s)
		default:
			b.zipAreas(o, s)
		}
		cov := data.LocalState{Code: st, Title: s.sub.Name, Status: "loaded content", Sourcing: "as the embedded dataset",
			Sources: slices.Clone(s.files), Content: strings.Join(s.files, ", "), ByZIP: len(s.zips) > 0,
			NotCovered: "what the files leave out: this state's embedded local content is not used; a local tax outside the sales tax " +
				"(such as Chicago's lease tax) applies only at the addresses whose areas in the files name its jurisdiction (US-1714000 for Chicago)"}
		if emb, ok := b.local.State(st); ok {
			cov.Origin, cov.LocalCap, cov.Sourcing = emb.Origin, emb.LocalCap, emb.Sourcing
		}
		for id := range s.juris {
			if !strings.HasPrefix(id, "US-"+s.sub.FIPS) || len(id) != 8 {
				cov.Jurisdictions++
			}
		}
		places, zips := map[string]bool{}, map[string]bool{}
		for _, a := range o.Local.Areas[first:] {
			if a.Place != "" {
				places[a.Place] = true
			}
		}
		for _, z := range s.zips {
			zips[z.zip] = true
		}
		cov.Places, cov.ZIPs, cov.Areas = len(places), len(zips), len(o.Local.Areas)-first
		o.Local.States = append(o.Local.States, cov)
	}
	names = append(names, b.issFiles...)
	o.ISS, o.ISSFiles = b.iss, b.issFiles
	for _, f := range b.franchiseFiles {
		if !slices.Contains(names, f) {
			names = append(names, f)
		}
	}
	o.Franchise = b.franchise
	for _, f := range b.vatAreaFiles {
		if !slices.Contains(names, f) {
			names = append(names, f)
		}
	}
	o.VATAreas = b.vatAreas
	for _, f := range b.lowValueFiles {
		if !slices.Contains(names, f) {
			names = append(names, f)
		}
	}
	o.LowValueLimits = b.lowValue
	o.Name = strings.Join(names, ",")
	return o, nil
}

// levyZIPRanges returns the ZIP codes and ZIP+4 ranges of a state in
// Levy's format with each range bearing every jurisdiction whose where
// reaches it: a row's zip:ZIP applies at every address of the ZIP code,
// and its zip4:ZIP-LOW-HIGH at every address of the range, so a ZIP+4
// code bears the jurisdictions of its whole ZIP and of every range that
// holds it. The ranges of a ZIP code are cut where any of them starts or
// ends, and each piece that some range holds bears the jurisdictions of
// the whole ZIP (first) and of the ranges holding it, in the order they
// were given. The whole ZIP's own draft is kept for an address without
// its ZIP+4. (Each SST boundary record, by contrast, lists all the
// jurisdictions of its range, and the narrowest range decides.)
func levyZIPRanges(drafts []zipDraft) []zipDraft {
	byZIP := map[string][]int{}
	var zips []string
	for i, z := range drafts {
		if _, ok := byZIP[z.zip]; !ok {
			zips = append(zips, z.zip)
		}
		byZIP[z.zip] = append(byZIP[z.zip], i)
	}
	out := make([]zipDraft, 0, len(drafts))
	for _, zip := range zips {
		var whole *zipDraft
		var ranges []*zipDraft
		for _, i := range byZIP[zip] {
			if z := &drafts[i]; z.lo == 0 && z.hi == 9999 {
				whole = z
			} else {
				ranges = append(ranges, z)
			}
		}
		if whole != nil {
			out = append(out, *whole)
		}
		if len(ranges) == 0 {
			continue
		}
		// The pieces start at every range's low code and after every
		// range's high one. A sweep over them keeps the ranges holding
		// the current piece (active, in the order they were given), so
		// that a ZIP code of many ranges, which seldom overlap, is cut
		// without comparing each range with every other.
		var cuts []int
		for _, r := range ranges {
			cuts = append(cuts, r.lo, r.hi+1)
		}
		slices.Sort(cuts)
		cuts = slices.Compact(cuts)
		byLo := make([]int, len(ranges))
		for i := range byLo {
			byLo[i] = i
		}
		slices.SortStableFunc(byLo, func(a, b int) int { return cmp.Compare(ranges[a].lo, ranges[b].lo) })
		var active []int
		next := 0
		for k := 0; k+1 < len(cuts); k++ {
			lo, hi := cuts[k], cuts[k+1]-1
			active = slices.DeleteFunc(active, func(i int) bool { return ranges[i].hi < lo })
			for ; next < len(byLo) && ranges[byLo[next]].lo == lo; next++ {
				active = append(active, byLo[next])
			}
			if len(active) == 0 {
				continue // between two ranges: the whole ZIP's, if any
			}
			slices.Sort(active)
			var members []string
			county := ""
			if whole != nil {
				members = append(members, whole.members...)
				county = whole.county
			}
			for _, i := range active {
				county = cmp.Or(county, ranges[i].county)
				for _, m := range ranges[i].members {
					if !slices.Contains(members, m) {
						members = append(members, m)
					}
				}
			}
			out = append(out, zipDraft{zip: zip, lo: lo, hi: hi, county: county, members: members})
		}
	}
	return out
}

// zipAreas makes one area of each distinct list of jurisdictions of a
// ZIP-based state, and gives each ZIP code and range its area.
func (b *builder) zipAreas(o *data.Overlay, s *stateContent) {
	byKey := map[string]int{}
	var key []byte
	o.Local.ZIPAreas = slices.Grow(o.Local.ZIPAreas, len(s.zips))
	for _, z := range s.zips {
		// county|member|member..., as strings.Join would write it
		key = append(append(key[:0], z.county...), '|')
		for i, m := range z.members {
			if i > 0 {
				key = append(key, '|')
			}
			key = append(key, m...)
		}
		k, ok := byKey[string(key)]
		if !ok {
			k = len(o.Local.Areas)
			byKey[string(key)] = k
			var ids []string
			if z.county != "" {
				ids = append(ids, "US-"+z.county)
			}
			o.Local.Areas = append(o.Local.Areas, data.LocalArea{State: s.sub.Code, County: z.county,
				Jurisdictions: append(ids, z.members...), ByZIP: true})
		}
		o.Local.ZIPAreas = append(o.Local.ZIPAreas, data.ZIPArea{ZIP: z.zip, Low: z.lo, High: z.hi, Area: k})
	}
}

// compose builds the areas of a place-based state as the generator does:
// for each county the area outside its incorporated places, and for each
// place in it whose jurisdictions differ, the place's area.
func (b *builder) compose(o *data.Overlay, s *stateContent) error {
	members := func(c string, p int) []string {
		var out []string
		addAll := func(ids []string) {
			for _, id := range ids {
				if id != "US-"+c && !slices.Contains(out, id) {
					out = append(out, id)
				}
			}
		}
		addAll(s.scopes[Where{Kind: "county", County: c}])
		if p < 0 || !b.local.PlaceIncorporated(p) {
			addAll(s.scopes[Where{Kind: "uninc", County: c}])
		}
		if p >= 0 {
			code := b.local.PlaceCode(p)
			addAll(s.scopes[Where{Kind: "place", Place: code}])
			addAll(s.scopes[Where{Kind: "place", Place: code, County: c}])
		}
		slices.Sort(out)
		return out
	}
	for _, c := range b.counties(s.sub) {
		fips := fipsNumber(c)
		uninc := members(c, -1)
		o.Local.Areas = append(o.Local.Areas, data.LocalArea{State: s.sub.Code, County: c, Jurisdictions: append([]string{"US-" + c}, uninc...)})
		for _, p := range b.places[s.sub.Code] {
			if !b.local.PlaceInCounty(p, fips) {
				continue
			}
			m := members(c, p)
			if slices.Equal(m, uninc) {
				continue
			}
			o.Local.Areas = append(o.Local.Areas, data.LocalArea{State: s.sub.Code, County: c, Place: b.local.PlaceCode(p),
				Jurisdictions: append([]string{"US-" + c}, m...)})
		}
	}
	return nil
}

func asErrors(err error, es *Errors) bool { return errors.As(err, es) }

func asError(err error, e **Error) bool { return errors.As(err, e) }

// sortDrafts orders ZIP drafts by ZIP and range.
func sortDrafts(z []zipDraft) {
	slices.SortFunc(z, func(a, b zipDraft) int { return cmp.Or(strings.Compare(a.zip, b.zip), a.lo-b.lo, a.hi-b.hi) })
}

// fipsNumber reads a FIPS code, which may start with zeros, as a number
// (0 for a code that is not digits).
func fipsNumber(s string) uint32 {
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0
	}
	return uint32(n)
}
