package taxarea

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// LookupTaxAreaID returns the jurisdictions of a tax area.
func (r *Resolver) LookupTaxAreaID(ctx context.Context, req wire.TaxAreaIDLookupRequest) (*wire.LookupResponse, error) {
	if !r.made() {
		return nil, notMade()
	}
	return r.lookupTaxAreaID(ctx, "", req)
}

func (r *Resolver) lookupTaxAreaID(ctx context.Context, prefix string, req wire.TaxAreaIDLookupRequest) (*wire.LookupResponse, error) {
	// The ID is taken as it is, as /changed-taxareas/{taxareaid} and a
	// calculation's taxAreaId take it: " 123" is refused, not trimmed.
	id := req.TaxAreaID
	if err := wire.ValidateTaxAreaID(prefix+"taxAreaId", id); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a := r.areas.withID(id)
	if a == nil {
		return nil, levy.NotFound(prefix+"taxAreaId", "tax area %s does not exist", id)
	}
	d := r.asOf(req.AsOfDate)
	res := r.result(a, d, confExact)
	if res.TaxAreaID != id && r.areas.idOn(a, d) == res.TaxAreaID {
		// An ID that lookups give on other days than d, when other
		// jurisdictions of its area are in force (Los Angeles's with
		// Measure H, before Measure A replaced it): the answer is the
		// area on d under the ID of that day, and says so, so that the
		// client knows which ID to keep.
		res = r.result(a, d, confExact, wire.Status{LookupResult: wire.Normal, Value: "tax area " + id +
			" on " + d.String() + " is " + res.TaxAreaID + ": the jurisdictions of its area in force that day, which lookups give that ID"})
	}
	return &wire.LookupResponse{LookupResults: []wire.LookupResult{res}}, nil
}

// LookupExternal returns the tax areas of the jurisdictions that a
// government code names in a country: US FIPS codes (state 2 digits, county
// 5, place 7), ISO 3166-1 alpha-2 for a country, ISO 3166-2 for a
// subdivision ("CA-ON", or just "ON" with country CA; "US-CA" or "CA"
// with country US), Brazil's IBGE codes (a municipality 7 digits, a
// state 2). A US county's code gives the county outside its cities with
// the districts that tax all of it, as an address naming the county
// without a city gets, and a place's code one area per county it lies
// in, with the districts that tax there.
func (r *Resolver) LookupExternal(ctx context.Context, req wire.ExternalJurisdictionLookupRequest) (*wire.LookupResponse, error) {
	if !r.made() {
		return nil, notMade()
	}
	return r.lookupExternal(ctx, "", req)
}

func (r *Resolver) lookupExternal(ctx context.Context, prefix string, req wire.ExternalJurisdictionLookupRequest) (*wire.LookupResponse, error) {
	code := strings.ToUpper(strings.TrimSpace(req.ExternalJurisdictionCode))
	// Beside their lengths, the members are held to what a calculation's
	// location refuses in them: the code is an identifier, the country
	// free text (no control characters, valid UTF-8).
	var errs levy.Errors
	switch n := utf8.RuneCountInString(req.ExternalJurisdictionCode); {
	case code == "":
		errs = append(errs, levy.Invalid(prefix+"externalJurisdictionCode", "is required"))
	case n > 20:
		errs = append(errs, levy.Invalid(prefix+"externalJurisdictionCode", "is %d characters long; at most 20 are allowed", n))
	default:
		errs = appendInvalid(errs, wire.CheckIdentifier(prefix+"externalJurisdictionCode", req.ExternalJurisdictionCode))
	}
	switch n := utf8.RuneCountInString(req.Country); {
	case strings.TrimSpace(req.Country) == "":
		errs = append(errs, levy.Invalid(prefix+"country", "is required"))
	case n > 60:
		errs = append(errs, levy.Invalid(prefix+"country", "is %d characters long; at most 60 are allowed", n))
	default:
		errs = appendInvalid(errs, wire.CheckText(prefix+"country", req.Country, false))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	country, territory, err := r.country(prefix+"country", req.Country)
	if err != nil {
		return nil, err
	}
	// A US territory (PR, GU, ...) is looked up among the US codes, as
	// its tax law is a US territory's, but only its own codes are its:
	// those of the territory and of what lies in it.
	of := country
	within := func(*area) bool { return true }
	if territory != "" {
		of = territory
		id := "US-" + territory
		within = func(a *area) bool {
			return slices.ContainsFunc(r.areas.chain(a), func(k int32) bool { return r.areas.jur(k).ID == id })
		}
	}
	d := r.asOf(req.AsOfDate)
	sent := code
	if country == "US" {
		code = padFIPS(code)
	}
	if country == "US" && (len(code) == 7 || len(code) == 10) {
		// A Census place or county subdivision: the tax areas of its
		// parts, one per county, with the districts that tax there. A
		// place that spans whole counties (New York City, its five
		// boroughs) is a member of each county's own area (the area
		// of no place) rather than the key of areas of its own: those
		// areas are its parts, where the place's jurisdiction alone
		// would give an area without the districts that tax there (the
		// Metropolitan Commuter Transportation District's 0.375%). An
		// area keyed to another place that lists it too is that other
		// place's part.
		if p := r.local.PlaceIndex(code); p >= 0 {
			out := &wire.LookupResponse{LookupResults: []wire.LookupResult{}}
			for k := range r.local.NumAreas() {
				if _, place := r.local.AreaKey(k); place == p && within(r.areas.localArea(k)) {
					out.LookupResults = append(out.LookupResults, r.result(r.areas.localArea(k), d, confExact))
				}
			}
			for _, k := range r.memberAreas[int32(p)] {
				if within(r.areas.localArea(int(k))) {
					out.LookupResults = append(out.LookupResults, r.result(r.areas.localArea(int(k)), d, confExact))
				}
			}
			if len(out.LookupResults) > 0 {
				return out, nil
			}
		}
	}
	matches := r.juris.ByExternalCode(country, code)
	if len(matches) == 0 && !strings.Contains(code, "-") {
		matches = r.juris.ByExternalCode(country, country+"-"+code)
	}
	out := &wire.LookupResponse{LookupResults: []wire.LookupResult{}}
	for _, j := range matches {
		if fips := countyFIPS(j.ID); fips != 0 {
			// A US county (parish, borough) is taxed outside its cities
			// with the districts that tax all of it: its own area, of
			// the county and its state alone, is where no address lies
			// (Los Angeles County's 7.25% leaves out the districts that
			// every address there pays). Its answer is the one an
			// address naming the county without a city gets.
			if a := r.localArea(j.ID, fips, -1); a != nil && within(a) {
				var notes []wire.Status
				if city := r.cityOfCounty(a); city != "" && r.placeCounties[fips] {
					notes = append(notes, wire.Status{LookupResult: wire.Normal, Value: "the county of " + j.Name +
						", all of it the city of " + city + ", whose tax area it is"})
				} else if r.placeCounties[fips] {
					notes = append(notes, wire.Status{LookupResult: wire.Normal, Value: "the county of " + j.Name +
						" outside its cities, with the districts that tax there; a city in it may add its own tax"})
				}
				out.LookupResults = append(out.LookupResults, r.result(a, d, confExact, notes...))
			}
			continue
		}
		if a := r.areas.of(j.ID); a != nil && within(a) {
			out.LookupResults = append(out.LookupResults, r.result(a, d, confExact, r.stateCodeNotes(j.ID)...))
		}
	}
	if len(out.LookupResults) == 0 {
		if a := r.stateArea(country, code); a != nil && within(a) {
			chain := r.areas.chain(a)
			out.LookupResults = append(out.LookupResults, r.result(a, d, confExact, r.stateCodeNotes(r.areas.jur(chain[len(chain)-1]).ID)...))
		}
	}
	if len(out.LookupResults) == 0 {
		if code != sent {
			// The answer names the code as it was sent, and the code
			// it was read as: "0006037" alone names a code the caller
			// never sent.
			return nil, levy.NotFound(prefix+"externalJurisdictionCode", "no jurisdiction of %s has the code %s (read as %s, a FIPS code with its leading zero)", of, sent, code)
		}
		return nil, levy.NotFound(prefix+"externalJurisdictionCode", "no jurisdiction of %s has the code %s", of, code)
	}
	return out, nil
}

// stateCodeNotes returns the status of a government code's answer that
// is the own tax area of a US state or territory (id "US-CA"), whose
// county, city and district taxes it leaves out, as an address naming
// the state alone says: none for another jurisdiction, or a state
// where Levy's data gives no county or city a tax of its own.
func (r *Resolver) stateCodeNotes(id string) []wire.Status {
	code, ok := strings.CutPrefix(id, "US-")
	if !ok || len(code) != 2 {
		return nil
	}
	if st, ok := r.local.State(code); !ok || st.Status == noLocalTax {
		return nil
	}
	return []wire.Status{{LookupResult: wire.Normal, Value: "the state's own tax area, without the county, city and district taxes of " +
		code + " that an address there may add; a county's or a place's code, or an address, gives them"}}
}

// stateArea returns the area of a state by a code that the dataset does
// not record as its external code, or nil: a US state's or territory's
// ISO 3166-2 code ("US-CA", or "CA" with the country US), whose external
// code is its FIPS number ("06"), and a Brazilian state's IBGE number
// ("35", São Paulo), the first two digits of the IBGE code of each of its
// municipalities, whose external code is its ISO 3166-2 code ("BR-SP").
func (r *Resolver) stateArea(country, code string) *area {
	switch country {
	case "US":
		code = strings.TrimPrefix(code, "US-")
		if len(code) != 2 {
			return nil
		}
		if sub, ok := jurisdiction.SubdivisionOf("US", code); ok && sub.Code == code {
			return r.areas.of(sub.ID())
		}
	case "BR":
		if sub, ok := jurisdiction.SubdivisionByIBGE(code); ok {
			return r.areas.of(sub.ID())
		}
	}
	return nil
}

// padFIPS gives back the leading zero that spreadsheets drop from the
// FIPS codes of the states numbered below 10 (Alabama to Connecticut) and
// of their counties, places and county subdivisions: US codes of digits
// alone have 2, 5, 7 or 10 of them, so one of 1, 4, 6 or 9 digits can
// only be such a code without its zero ("6037" is "06037", Los Angeles
// County).
func padFIPS(code string) string {
	switch len(code) {
	case 1, 4, 6, 9:
		for i := 0; i < len(code); i++ {
			if code[i] < '0' || code[i] > '9' {
				return code
			}
		}
		return "0" + code
	}
	return code
}
