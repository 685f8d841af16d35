package taxarea

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// Resolver answers tax area lookups over one dataset. It is immutable after
// New and safe for concurrent use by any number of goroutines. A Resolver
// that New did not make (a nil or zero one, such as the Resolver of an
// Engine that engine.New did not make) answers every lookup with a
// levy.EInvalid error, and its other methods as for a place they do not
// know: Locate a zero Point, Country and Region not ok, Shapes none.
type Resolver struct {
	version string
	juris   *data.Jurisdictions
	codes   *data.Codes
	postal  *data.Postal
	points  *pointIndex
	areas   *registry
	today   func() civil.Date

	local *data.Local
	// placeCounties are the counties (FIPS numbers) whose places have
	// tax areas of their own: an address there needs its place to be
	// told.
	placeCounties map[uint32]bool
	// unsure are the counties with places whose areas the boundaries
	// cannot tell (county subdivisions): a point there is resolved to its
	// county only.
	unsure map[uint32]bool
	// memberAreas are, by place (an index of the local table), the
	// areas of no place (a county's own) that list the place among
	// their members: the parts of a place that spans whole counties,
	// New York City's five boroughs.
	memberAreas map[int32][]int32
	// incorporated are the states (postal abbreviations) with an
	// incorporated place in the dataset. A state without one (Puerto
	// Rico, whose municipios are its county-equivalents and its only
	// local governments) is named by its counties: see municipioNamed.
	incorporated map[string]bool
	exceptions   map[string][]data.VATException // country -> postcode exceptions
	// territories are the special tax territories of the exceptions,
	// by country, as addresses name them (territoryNamed).
	territories map[string][]namedTerritory
	vat         *jurisdiction.VATGeography // the dataset's VAT areas and special territories
	boxes       []data.TerritoryBox        // the dataset's boxes of special territories
	located     []Point                    // boundary index -> what Locate reports
	divided     map[string]bool            // countries with boundaries of their states or provinces (dividedCountries)
	// brNames finds the Brazilian municipalities by state and folded
	// name, brAnyState by folded name alone (see brazil.go).
	brNames    map[brKey][]string
	brAnyState map[string][]string
	placeOf    []int32 // boundary index -> its place in local, -1
	boundOf    []int32 // place in local -> its boundary index, -1
}

// Option configures a Resolver.
type Option func(*Resolver)

// WithToday sets the clock that gives the default as-of date (today, UTC,
// by default, and when today is nil).
func WithToday(today func() civil.Date) Option {
	return func(r *Resolver) { r.today = today }
}

// New loads the parts of ds that lookups need, builds the boundary index
// and the tax area registry, and returns a Resolver. It fails when the
// dataset is unreadable or inconsistent. ctx bounds the loading: when it
// ends, New stops building the index and returns ctx's error once the
// goroutines it started have stopped. A nil ds or a nil option is
// refused (levy.EInvalid, naming "ds" or "opts[i]").
func New(ctx context.Context, ds *data.Dataset, opts ...Option) (*Resolver, error) {
	if ds == nil {
		return nil, levy.Invalid("ds", "a dataset is required (data.Default for the embedded one)")
	}
	r := &Resolver{version: ds.Version()}
	for i, o := range opts {
		if o == nil {
			return nil, levy.Invalid(fmt.Sprintf("opts[%d]", i), "the option is nil")
		}
		o(r)
	}
	if r.today == nil {
		r.today = civil.Today
	}
	// The parts are independent: load them side by side.
	type part struct {
		name string
		load func() error
	}
	parts := []part{
		{"jurisdictions", func() (err error) {
			if r.juris, err = ds.Jurisdictions(); err != nil {
				return err
			}
			if r.local, err = ds.Local(); err != nil {
				return err
			}
			r.areas, err = newRegistry(r.juris, r.local)
			return err
		}},
		{"codes", func() (err error) { r.codes, err = ds.Codes(); return err }},
		{"postal codes", func() (err error) { r.postal, err = ds.Postal(); return err }},
		{"boundaries", func() error {
			b, err := ds.Boundaries()
			if err != nil {
				return err
			}
			r.points, err = newPointIndex(ctx, b)
			return err
		}},
	}
	// Each part ends with one value on errs; New returns only after every
	// part has ended, so that none goes on working for a resolver that
	// nobody gets. The end of ctx stops the building of the boundary
	// index, the longest part; the dataset's decoding, which the dataset
	// keeps for its next reader, runs to its end.
	errs := make(chan error, len(parts))
	for _, p := range parts {
		go func() {
			if err := ctx.Err(); err != nil {
				errs <- err
				return
			}
			if err := p.load(); err != nil {
				errs <- fmt.Errorf("taxarea: load %s: %w", p.name, err)
				return
			}
			errs <- nil
		}()
	}
	var first error
	for range parts {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("taxarea: load dataset: %w", err)
	}
	if first != nil {
		return nil, first
	}
	if err := r.checkBoundaries(); err != nil {
		return nil, err
	}
	r.indexPlaces()
	r.indexBrazil()
	r.located = r.locatedPoints()
	r.divided = r.dividedCountries()
	return r, nil
}

// indexPlaces builds the tables that lookups use: the counties whose
// places have areas of their own, and the postcode exceptions of each
// country.
func (r *Resolver) indexPlaces() {
	r.placeCounties = map[uint32]bool{}
	r.unsure = map[uint32]bool{}
	r.memberAreas = map[int32][]int32{}
	r.incorporated = map[string]bool{}
	for p := range r.local.NumPlaces() {
		if r.local.PlaceIncorporated(p) {
			r.incorporated[r.local.PlaceAt(p).State] = true
		}
	}
	for k := range r.local.NumAreas() {
		county, place := r.local.AreaKey(k)
		if place >= 0 {
			r.placeCounties[county] = true
			if !r.local.PlaceBoundary(place) {
				r.unsure[county] = true
			}
			continue
		}
		r.local.AreaMembers(k, func(id string) {
			// A place's ID is "US-" and its GEOID of digits.
			if code, ok := strings.CutPrefix(id, "US-"); ok && (len(code) == 7 || len(code) == 10) && strings.Trim(code, "0123456789") == "" {
				if p := r.local.PlaceIndex(code); p >= 0 {
					r.memberAreas[int32(p)] = append(r.memberAreas[int32(p)], int32(k))
				}
			}
		})
	}
	r.exceptions = map[string][]data.VATException{}
	for _, ex := range r.juris.Exceptions() {
		r.exceptions[ex.Country] = append(r.exceptions[ex.Country], ex)
	}
	r.vat = r.juris.VATGeography()
	r.boxes = r.juris.TerritoryBoxes()
	r.territories = r.indexTerritories()
}

// checkBoundaries verifies that every boundary belongs to a
// jurisdiction, or in the place layer to a place of the local table.
func (r *Resolver) checkBoundaries() error {
	r.placeOf = make([]int32, len(r.points.bounds))
	r.boundOf = make([]int32, r.local.NumPlaces())
	for k := range r.boundOf {
		r.boundOf[k] = -1
	}
	for i := range r.points.bounds {
		b := &r.points.bounds[i]
		r.placeOf[i] = -1
		if b.layer == data.LayerUSPlace {
			k := r.local.PlaceIndex(strings.TrimPrefix(b.jurisdiction, "US-"))
			if k < 0 {
				return fmt.Errorf("taxarea: boundary of unknown place %s", b.jurisdiction)
			}
			r.placeOf[i] = int32(k)
			r.boundOf[k] = int32(i)
			continue
		}
		if r.areas.of(b.jurisdiction) == nil {
			return fmt.Errorf("taxarea: boundary of unknown jurisdiction %s", b.jurisdiction)
		}
	}
	return nil
}

// DatasetVersion returns the version of the dataset the Resolver was built
// from ("" for a Resolver that New did not make).
func (r *Resolver) DatasetVersion() string {
	if !r.made() {
		return ""
	}
	return r.version
}

// asOf returns d, or today when d is zero.
func (r *Resolver) asOf(d civil.Date) civil.Date {
	if d.IsZero() {
		return r.today()
	}
	return d
}

// result describes area a as of date d. Jurisdictions that do not exist on
// d are left out, and the taxAreaId is that of the jurisdictions kept.
// Every lookup result is assembled here, and here a result whose
// statuses report a fault (any status but NORMAL) gets at most the
// confidence confFlagged, whatever its caller gave.
//
// A country inside another's VAT area on d (the dataset's VAT geography,
// data.Jurisdictions.VATGeography: Monaco
// in France's, the Isle of Man in the United Kingdom's) has that
// country's tax area, with a NORMAL status that says so: the taxes there
// are the other country's, at its rates, and a calculation that takes the
// place's country from its jurisdictions sees a supply between the two as
// a domestic one.
func (r *Resolver) result(a *area, d civil.Date, confidence int, statuses ...wire.Status) wire.LookupResult {
	if to, note := r.vatArea(a, d); to != a {
		a = to
		statuses = append(statuses[:len(statuses):len(statuses)], wire.Status{LookupResult: wire.Normal, Value: note})
	}
	if confidence > confFlagged && flagged(statuses) {
		confidence = confFlagged
	}
	res := wire.LookupResult{AsOfDate: d, ConfidenceIndicator: confidenceText(confidence), TaxAreaID: r.areas.id(a)}
	chain := r.areas.chain(a)
	res.Jurisdictions = make([]wire.Jurisdiction, 0, len(chain))
	kept := 0
	for _, k := range chain {
		j := r.areas.jur(k)
		if !j.Period.Contains(d) {
			continue
		}
		eff := j.Effective
		if eff.IsZero() {
			eff = since
		}
		res.Jurisdictions = append(res.Jurisdictions, wire.Jurisdiction{
			JurisdictionID:           j.ID,
			JurisdictionType:         j.Type,
			Value:                    j.Name,
			EffectiveDate:            eff,
			ExpirationDate:           j.Expiration,
			ExternalJurisdictionCode: j.ExternalCode,
		})
		kept++
	}
	if kept < len(chain) {
		// The ID of the jurisdictions kept, as the changed tax areas
		// list it (registry.changedIDs).
		res.TaxAreaID = r.areas.idOn(a, d)
	}
	if len(statuses) == 0 {
		statuses = normal
	}
	res.Statuses = statuses
	return res
}

// vatArea returns the tax area of the country whose VAT area the country
// of a belongs to on d, and the note of a lookup that gives it; a itself
// and "" when that country is its own VAT area (or the other's area is
// not in the dataset).
func (r *Resolver) vatArea(a *area, d civil.Date) (*area, string) {
	if a.chainLen == 0 {
		return a, ""
	}
	chain := r.areas.chain(a)
	from := r.areas.jur(chain[0])
	id, ok := r.vat.VATArea(from.Country, d)
	if own := r.areas.jur(chain[len(chain)-1]); !ok && len(chain) > 1 {
		// A VAT special territory of the country in another's VAT area
		// (Büsingen in Switzerland's).
		if id, ok = r.vat.VATArea(own.ID, d); ok {
			from = own
		}
	}
	if !ok {
		return a, ""
	}
	to := r.areas.of(id)
	if to == nil {
		return a, ""
	}
	name := from.Country
	if from.ID != from.Country {
		name = from.ID
	}
	return to, name + " (" + from.Name + ") is in the VAT area of " + id + " (" + r.areas.jur(r.areas.chain(to)[0]).Name +
		"): the taxes of " + id + " apply there"
}

// flagged reports whether a status list reports a fault: a status other
// than NORMAL.
func flagged(statuses []wire.Status) bool {
	for i := range statuses {
		if statuses[i].LookupResult != wire.Normal {
			return true
		}
	}
	return false
}

// confidences are the texts of the confidence indicators 0 to 100.
var confidences = func() (t [101]string) {
	for i := range t {
		t[i] = strconv.Itoa(i)
	}
	return t
}()

// confidenceText returns a confidence indicator as the wire writes it,
// without allocating.
func confidenceText(c int) string {
	if c >= 0 && c < len(confidences) {
		return confidences[c]
	}
	return strconv.Itoa(c)
}

// normal is the status list of a plain result. Results share it; it is
// never modified.
var normal = []wire.Status{{LookupResult: wire.Normal}}

// since is the effective date reported for jurisdictions whose start
// predates the dataset's records.
var since = civil.Date{Year: 1900, Month: 1, Day: 1}
