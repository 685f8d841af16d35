package taxarea

import (
	"cmp"
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// maxResults bounds the tax areas one address lookup returns.
const maxResults = 10

// Confidence levels of address results.
const (
	confExact        = 100 // every part of the address agrees
	confUninc        = 80  // outside every city the dataset knows, which may mean a city it names differently
	confZIPPlace     = 60  // no city: the place the ZIP code mainly serves
	confNamedCounty  = 90  // the county of a ZIP that holds most of the city named
	confZIPRest      = 30  // no city: the rest of the ZIP code's county
	confStateOnly    = 50  // only the state or province could be told
	confCountryOnly  = 40  // only the country could be told
	confRegionBroken = 70  // the ZIP or postal code contradicts the region fields
	confCityConflict = 50  // a city that does not contain the ZIP code: the one of the two that wins
	confCityOther    = 40  // a city that does not contain the ZIP code: the other, the last result
	// confFlagged is the most confidence a result may have when one of
	// its statuses reports a fault (any status but NORMAL), however
	// harmless: a misspelt state beside a ZIP code that settles it.
	// Resolver.result enforces it.
	confFlagged = 90
)

var (
	caPostal = regexp.MustCompile(`^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$`)
)

// fieldLimits are the length limits of PostalAddressType, in characters.
var fieldLimits = []struct {
	name string
	max  int
	get  func(*wire.PostalAddress) string
}{
	{"streetAddress1", 100, func(a *wire.PostalAddress) string { return a.StreetAddress1 }},
	{"streetAddress2", 100, func(a *wire.PostalAddress) string { return a.StreetAddress2 }},
	{"city", 60, func(a *wire.PostalAddress) string { return a.City }},
	{"mainDivision", 60, func(a *wire.PostalAddress) string { return a.MainDivision }},
	{"subDivision", 60, func(a *wire.PostalAddress) string { return a.SubDivision }},
	{"postalCode", 20, func(a *wire.PostalAddress) string { return a.PostalCode }},
	{"country", 60, func(a *wire.PostalAddress) string { return a.Country }},
}

// withinLimits reports whether address a keeps the length limits of
// fieldLimits, as validateAddress would find, without saying which it
// breaks and without letting a escape: its members are listed in the
// order of fieldLimits.
func withinLimits(a *wire.PostalAddress) bool {
	members := [...]string{a.StreetAddress1, a.StreetAddress2, a.City, a.MainDivision, a.SubDivision, a.PostalCode, a.Country}
	for i, f := range fieldLimits {
		if s := members[i]; len(s) > f.max && utf8.RuneCountInString(s) > f.max {
			return false
		}
	}
	return true
}

// isSubdivisionID reports whether id is s.ID(), without building it.
func isSubdivisionID(id string, s jurisdiction.Subdivision) bool {
	return len(id) == len(s.Country)+1+len(s.Code) && strings.HasPrefix(id, s.Country) &&
		id[len(s.Country)] == '-' && strings.HasSuffix(id, s.Code)
}

// validateAddress checks the length limits of an address at JSON path
// field, and what its members hold (wire.PostalAddress.CheckText: no
// control characters, valid UTF-8). An empty string counts as absent.
func validateAddress(field string, a *wire.PostalAddress) levy.Errors {
	var errs levy.Errors
	for _, f := range fieldLimits {
		if n := utf8.RuneCountInString(f.get(a)); n > f.max {
			errs = append(errs, levy.Invalid(field+"."+f.name, "is %d characters long; at most %d are allowed", n, f.max))
		}
	}
	return append(errs, a.CheckText(field)...)
}

// clean trims s and folds runs of white space to one space. It reads
// the full-width forms of ASCII characters (U+FF01 to U+FF5E, and the
// ideographic space), which East Asian keyboards type, as the ASCII ones,
// and drops the invisible format characters (zero-width spaces and
// joiners, soft hyphens, byte order marks), so that "Ｌos Angeles" or
// "Los\u200bAngeles" names the city that it shows and "９００１２" is a
// ZIP code; kept, they made a name that no place has.
func clean(s string) string {
	tidy, ascii := true, true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' || c >= 0x80 ||
			c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ') {
			tidy = false
			ascii = ascii && c < 0x80
		}
	}
	if tidy {
		return s
	}
	if !ascii {
		s = strings.Map(foldWidth, s)
	}
	return strings.Join(strings.Fields(s), " ")
}

// foldWidth maps a full-width form of an ASCII character to it and the
// ideographic space to a space, drops a format character (category
// Cf), and keeps any other rune.
func foldWidth(r rune) rune {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E:
		return r - 0xFEE0
	case r == 0x3000:
		return ' '
	case r >= 0x80 && unicode.Is(unicode.Cf, r):
		return -1
	}
	return r
}

// LookupAddress cleanses a postal address and returns the tax areas it may
// lie in, most likely first.
func (r *Resolver) LookupAddress(ctx context.Context, req wire.AddressLookupRequest) (*wire.LookupResponse, error) {
	if !r.made() {
		return nil, notMade()
	}
	return r.lookupAddress(ctx, "postalAddress", req.PostalAddress, req.AsOfDate)
}

// splitZIP splits a US ZIP code, "12345" or ZIP+4 as "12345-6789",
// "12345 6789" or "123456789", into its two parts.
func splitZIP(s string) (zip5, plus4 string, ok bool) {
	digits := func(s string) bool {
		for i := range len(s) {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return true
	}
	switch {
	case len(s) == 5 && digits(s):
		return s, "", true
	case len(s) == 9 && digits(s):
		return s[:5], s[5:], true
	case len(s) == 10 && (s[5] == '-' || s[5] == ' ') && digits(s[:5]) && digits(s[6:]):
		return s[:5], s[6:], true
	}
	return "", "", false
}

// Region returns the country and the US state that LookupAddress would
// place a US address in, without resolving its tax area: "US" and the
// state's subdivision ID ("US-WA"). It answers only when the ZIP code
// alone decides the state (or the address names nothing but a state);
// ok is false for every other address, territories and non-US addresses
// included, which need the full lookup to be told or to be refused.
// Region is much cheaper than LookupAddress and safe for concurrent use.
func (r *Resolver) Region(in wire.PostalAddress) (country, subdivision string, ok bool) {
	if !r.made() || !withinLimits(&in) {
		return "", "", false
	}
	if c := clean(in.Country); c != "" && c != "US" {
		alpha2, territory, err := r.country("", c)
		if err != nil || alpha2 != "US" || territory != "" {
			return "", "", false
		}
	}
	var state jurisdiction.Subdivision
	switch zip := strings.ToUpper(clean(in.PostalCode)); {
	case zip != "":
		zip5, _, valid := splitZIP(zip)
		if !valid {
			return "", "", false
		}
		z, found := r.postal.Find(zip5)
		if !found {
			return "", "", false
		}
		state, ok = jurisdiction.SubdivisionOf("US", z.State())
		if !ok || state.Type == jurisdiction.Territory {
			return "", "", false
		}
		// A ZIP code whose land crosses a state line may resolve to a
		// county of the other state. The counties' state, when they
		// have one, is the answer: its ID is the state's, already built.
		for k := range z.NumCounties() {
			a := r.areas.of(z.County(k).Jurisdiction)
			if a == nil || a.chainLen < 2 {
				return "", "", false
			}
			id := r.areas.jur(r.areas.chain(a)[1]).ID
			if !isSubdivisionID(id, state) {
				return "", "", false
			}
			subdivision = id
		}
		if subdivision != "" {
			return "US", subdivision, true
		}
	case clean(in.City) == "" && clean(in.MainDivision) != "":
		state, ok = jurisdiction.SubdivisionOf("US", clean(in.MainDivision))
	}
	if !ok || state.Type == jurisdiction.Territory {
		return "", "", false
	}
	return "US", state.ID(), true
}

func (r *Resolver) lookupAddress(ctx context.Context, field string, in wire.PostalAddress, asOf civil.Date) (*wire.LookupResponse, error) {
	if errs := validateAddress(field, &in); len(errs) > 0 {
		return nil, errs
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a := wire.PostalAddress{
		StreetAddress1: clean(in.StreetAddress1),
		StreetAddress2: clean(in.StreetAddress2),
		City:           clean(in.City),
		MainDivision:   clean(in.MainDivision),
		SubDivision:    clean(in.SubDivision),
		PostalCode:     strings.ToUpper(clean(in.PostalCode)),
		Country:        clean(in.Country),
	}
	country := "US"
	var regionFaults []wire.Status
	if a.Country != "" {
		c, territory, err := r.country(field+".country", a.Country)
		if err != nil {
			return nil, err
		}
		country = c
		// Only a country field that named a VAT region (r.country gave
		// its name as the territory) is checked against the region.
		if territory != "" {
			if reg, ok := r.vat.RegionNamed(a.Country); ok && reg.Country == c && reg.Name == territory {
				regionFaults = r.regionFaults(reg, a)
			}
			if a.MainDivision == "" {
				a.MainDivision = territory
			}
		}
	}
	d := r.asOf(asOf)
	var results []wire.LookupResult
	var err error
	switch country {
	case "US":
		results, err = r.usAddress(field, a, d)
	case "CA":
		results, err = r.caAddress(field, a, d)
	case "BR":
		results, err = r.brAddress(field, a, d)
	default:
		results, err = r.otherAddress(country, a, d, regionFaults)
	}
	if err != nil {
		return nil, err
	}
	if results == nil {
		results = []wire.LookupResult{} // an empty list on the wire, never null
	}
	return &wire.LookupResponse{LookupResults: results}, nil
}

// Country returns the ISO alpha-2 code of the country whose tax law a
// country name or ISO code is looked up under, as the address lookups
// read it: a US territory's is "US". ok is false for a string that names
// no country. It is safe for concurrent use.
func (r *Resolver) Country(s string) (alpha2 string, ok bool) {
	if !r.made() {
		return "", false
	}
	alpha2, _, err := r.country("", s)
	return alpha2, err == nil
}

// country resolves a country name or ISO code at JSON path field to its
// alpha-2 code. The US territories have ISO country codes of their own,
// but their tax law is that of a US territory: they resolve to "US", with
// territory set to their postal code. A VAT region of the dataset named
// by its code or name (jurisdiction.VATRegion: XI, the code the EU gives
// Northern Ireland in VAT numbers and Intrastat) resolves to its country,
// "GB", with territory set to its name, "Northern Ireland", which the
// address then gives as its mainDivision when it has none.
func (r *Resolver) country(field, s string) (alpha2, territory string, err error) {
	alpha2, territory, ok := CountryNamed(r.codes, r.vat, s)
	if !ok {
		return "", "", levy.Invalid(field, "%q is not a country name or ISO 3166 code", s)
	}
	return alpha2, territory, nil
}

// CountryNamed reads s, a country's name or ISO 3166 code, as the
// address lookups do (Resolver.Country) with the dataset's codes and VAT
// geography, for a host that checks a country without a Resolver (the
// profile validator): its alpha-2 code, "US" for a US territory with
// territory its postal code, and a VAT region's country (GB for XI) with
// territory the region's name; false when s names none. A nil vat has no
// VAT regions; codes must not be nil, as a nil one is a programming error
// that panics.
func CountryNamed(codes *data.Codes, vat *jurisdiction.VATGeography, s string) (alpha2, territory string, ok bool) {
	c, ok := codes.Country(s)
	if !ok {
		if reg, ok := vat.RegionNamed(s); ok {
			return reg.Country, reg.Name, true
		}
		return "", "", false
	}
	if sub, ok := jurisdiction.SubdivisionOf("US", c.Alpha2); ok && sub.Type == jurisdiction.Territory {
		return "US", sub.Code, true
	}
	return c.Alpha2, "", true
}

// alpha3 returns the ISO alpha-3 code of an alpha-2 country code.
func (r *Resolver) alpha3(alpha2 string) string {
	if c, ok := r.codes.Country(alpha2); ok {
		return c.Alpha3
	}
	return alpha2
}

// usCandidate is one county an address may lie in.
type usCandidate struct {
	county string // county jurisdiction ID
	share  int    // basis points of the ZIP's land in the county
	place  string // postal place of the ZIP
}

func (r *Resolver) usAddress(field string, a wire.PostalAddress, d civil.Date) ([]wire.LookupResult, error) {
	res, err := r.usAddressAreas(field, a, d)
	if err != nil || a.PostalCode != "" || a.City == "" {
		return res, err
	}
	// A city without a ZIP code, in a state whose local rates a user's
	// content gives by ZIP code alone: the city cannot reach them.
	state, ok := jurisdiction.SubdivisionOf("US", a.MainDivision)
	if !ok {
		return res, nil
	}
	if st, gap := r.zipContentGap(state.Code, "the address"); gap {
		for i := range res {
			res[i].Statuses = append(slices.Clip(res[i].Statuses), st)
			if c, err := strconv.Atoi(res[i].ConfidenceIndicator); err == nil && c > confStateOnly {
				res[i].ConfidenceIndicator = strconv.Itoa(confStateOnly)
			}
		}
	}
	return res, nil
}

// zipContentGap returns, for a lookup of a place in state that no ZIP
// code places (a city without one, a point), the status saying what it
// leaves out when a user's content gives the state's local rates by ZIP
// code and ZIP+4 range alone (an SST boundary file, a ZIP rate table,
// Levy's CSV by zip: or zip4:): those rates then reach no address
// without a ZIP code, which gets its county's area, and the city and
// district taxes of the content are left out. what names the lookup
// ("the address", "a point"). ok is false for any other state.
func (r *Resolver) zipContentGap(state, what string) (wire.Status, bool) {
	st, ok := r.local.State(state)
	if !ok || st.Content == "" || !st.ByZIP {
		return wire.Status{}, false
	}
	return wire.Status{LookupResult: wire.Normal, Value: "the loaded content (" + st.Content + ") gives the local rates of " + state +
		" by ZIP code, and " + what + " has none: the content's city and district taxes are left out; look it up with its ZIP code"}, true
}

// usAddressAreas is usAddress before a city without a ZIP code in a
// state of content by ZIP code is flagged.
func (r *Resolver) usAddressAreas(field string, a wire.PostalAddress, d civil.Date) ([]wire.LookupResult, error) {
	if a.City != "" && data.PlaceKeyEmpty(a.City) {
		// Punctuation alone ("-", "."), as a form that requires a city
		// gets, names no city: the address has none, and its tax area
		// depends on the street address, where a name that is no place
		// would tax it outside every city without a word.
		a.City = ""
	}
	var statuses []wire.Status
	regionBroken := false
	var zip5, plus4 string
	if a.PostalCode != "" {
		var valid bool
		if zip5, plus4, valid = splitZIP(a.PostalCode); !valid {
			return nil, levy.Invalid(field+".postalCode", "%q is not a US ZIP code (12345 or 12345-6789)", a.PostalCode)
		}
	}
	if res, ok := r.militaryAddress(a, zip5, plus4, d); ok {
		return res, nil
	}
	var state jurisdiction.Subdivision
	haveState := false
	if a.MainDivision != "" {
		s, ok := jurisdiction.SubdivisionOf("US", a.MainDivision)
		if !ok && zip5 == "" {
			return nil, levy.Invalid(field+".mainDivision", "%q is not a US state, district or territory", a.MainDivision)
		}
		switch m := militaryRegionOf(a.MainDivision); {
		case ok:
		case m != nil:
			// AA, AE or AP beside a ZIP code of no military post office
			// (militaryAddress took theirs): a known region that the
			// ZIP code contradicts, as another state's would, not an
			// unknown state.
			statuses = append(statuses, wire.Status{LookupResult: wire.BadRegionFields, Field: "postalCode",
				Value: "ZIP code " + zip5 + " serves no military post office of " + m.code + " (" + m.name + "): the lookup used the ZIP code"})
			regionBroken = true
		default:
			statuses = append(statuses, wire.Status{LookupResult: wire.IgnoredRegionFields, Value: "unknown state " + a.MainDivision, Field: "mainDivision"})
		}
		state, haveState = s, ok
	}

	var cands []usCandidate
	cityKey := ""                   // the city's key (data.PlaceKey), once it is needed
	cityAt, cityIn := -1, uint32(0) // the place the city names in the first of the ZIP code's counties that holds it, and that county
	var conflict *cityConflict      // a city that does not contain the ZIP code
	var postal, zipCounty string    // with a conflict, the ZIP code's postal place name and first county
	candZIP := zip5                 // the ZIP code whose counties the candidates are; "" for the city's
	switch {
	case zip5 != "":
		z, ok := r.postal.Find(zip5)
		if !ok {
			if !haveState || a.City == "" {
				return nil, levy.NotFound(field+".postalCode", "ZIP code %s is not known", zip5)
			}
			statuses = append(statuses, wire.Status{LookupResult: wire.BadRegionFields, Value: "unknown ZIP code " + zip5, Field: "postalCode"})
			regionBroken = true
			cands = r.placeCandidates(state, a.City)
			candZIP = ""
			break
		}
		// A ZIP code whose land crosses a state line (42223, Fort
		// Campbell, in Kentucky and Tennessee) has counties in a state
		// other than its own: the state named keeps those in it, and
		// contradicts the ZIP code only when it has none of them.
		inNamed := 0
		if haveState && (state.Code != z.State() || z.NumCounties() > 1) {
			for k := range z.NumCounties() {
				if countyInState(z.County(k).Jurisdiction, state) {
					inNamed++
				}
			}
		}
		if inNamed == 0 {
			if haveState && state.Code != z.State() {
				statuses = append(statuses, wire.Status{LookupResult: wire.BadRegionFields, Value: "ZIP code " + zip5 + " is in " + z.State() + ", not " + state.Code, Field: "postalCode"})
				regionBroken = true
			}
			state, haveState = jurisdiction.SubdivisionOf("US", z.State())
		}
		kept, dropped := 0, false
		for k := range z.NumCounties() {
			c := z.County(k)
			if inNamed > 0 && !countyInState(c.Jurisdiction, state) {
				dropped = true
				continue
			}
			cands = append(cands, usCandidate{county: c.Jurisdiction, share: c.Share, place: z.Place()})
			kept += c.Share
		}
		if dropped && kept > 0 {
			for i := range cands {
				cands[i].share = cands[i].share * 10000 / kept
			}
		}
		if a.City != "" && haveState {
			// A city that does not contain the ZIP code: one of the two
			// decides (see checkCity), and the results say so.
			cityKey = data.PlaceKey(a.City)
			c, found := r.checkCity(state.Code, cityKey, zip5, z)
			if found {
				conflict = &c
				postal, zipCounty = z.Place(), z.County(0).Jurisdiction
			}
			if !c.elsewhere {
				cityAt, cityIn = c.place, c.county
			}
		}
	case haveState && a.City != "":
		cands = r.placeCandidates(state, a.City)
		if len(cands) == 0 && r.knowsNoPlaceOf(state) {
			// A territory of which Levy's data holds no place (American
			// Samoa, Guam, the U.S. Virgin Islands): no city can be
			// checked, and "Pago Pago, AS" was refused 404 for a town
			// the data cannot hold; the answer is the territory's own
			// area, as for the territory alone, saying so.
			statuses = append(statuses, wire.Status{LookupResult: wire.Normal,
				Value: "Levy's data holds no city or town of " + state.Code + " (" + state.Name + ") nor any local tax of it: the city " + a.City +
					" is not checked nor used"})
			return r.stateOnly(a, state, d, statuses), nil
		}
		if len(cands) == 0 {
			return nil, levy.NotFound(field+".city", "no place named %q in %s", a.City, state.Code)
		}
	case haveState:
		return r.stateOnly(a, state, d, statuses), nil
	default:
		return nil, levy.Invalid(field, "a US address needs a ZIP code, or a city and a state")
	}
	if !haveState {
		return nil, levy.NotFound(field, "no state for this address")
	}
	if st, bad := r.countyFault(state, cands, a, candZIP); bad {
		statuses = append(statuses, st)
		regionBroken = true
	}
	if zip5 != "" && r.local.HasZIPAreas() {
		conf, st := confExact, statuses
		if regionBroken {
			conf = confRegionBroken
		}
		if conflict != nil {
			// The content's ZIP code or ZIP+4 range decides.
			conf, st = confCityConflict, append(slices.Clip(statuses), conflict.status(r, true))
		}
		if res, ok := r.contentZIP(a, state, zip5, plus4, d, st, conf); ok {
			return res, nil
		}
	}
	zipWins := conflict != nil && conflict.zipWins // the ZIP code places the address, not the city
	if conflict != nil {
		statuses = append(slices.Clip(statuses), conflict.status(r, zipWins))
	}
	if cityKey == "" && a.City != "" {
		cityKey = data.PlaceKey(a.City)
	}
	cands = r.narrowByCounty(cands, a.SubDivision)
	// unknownCity: a city beside a ZIP code that names no place of the
	// ZIP code's counties, and that checkCity found no place of the
	// state to contradict: a misspelt name, a neighbourhood, a place of
	// the state that the ZIP code contradicts, or a community that the
	// dataset does not name. The address is placed outside the county's
	// cities, and its city is given as the ZIP code's postal name, which
	// the answer says (cityUnknownStatus).
	unknownCity := zip5 != "" && candZIP != "" && a.City != "" && conflict == nil && cityAt < 0 &&
		!slices.ContainsFunc(cands, func(c usCandidate) bool {
			return r.local.FindPlaceKey(r.countyState(c.county, state.Code), cityKey, countyFIPS(c.county)) >= 0
		})
	named := -1        // the one candidate that holds most of the place the city names
	municipio := false // named is the county-equivalent that the city names (municipioNamed)
	if a.City != "" && !zipWins && len(cands) > 1 {
		for i := range cands {
			// The county the place mostly lies in: the county boundaries
			// are coarser than the places' and give many places slivers
			// of their neighbours.
			fips := countyFIPS(cands[i].county)
			// Only an incorporated place says where the address lies: a
			// postal name of an unincorporated community (a CDP) is
			// used far beyond it.
			if p := r.local.FindPlaceKey(r.countyState(cands[i].county, state.Code), cityKey, fips); p >= 0 && r.local.PlaceIncorporated(p) && r.local.PlaceMainCounty(p) == fips {
				if candZIP == "" && len(r.memberAreas[int32(p)]) > 0 {
					// Without a ZIP code, a place made of whole
					// counties (New York City, its five boroughs)
					// mostly lies in none of them: the shares of its
					// ZIP codes rank them. The county of most land,
					// Queens, came first, where the postal name New
					// York is Manhattan's.
					named = -1
					break
				}
				if named >= 0 {
					named = -1
					break
				}
				named = i
			}
		}
		if named < 0 && candZIP == "" && !r.incorporated[state.Code] {
			// No ZIP code, and no incorporated place in the state: the
			// municipio that the city names exactly, rather than a zona
			// urbana or comunidad of that name that reaches into its
			// neighbours. Beside a ZIP code, its counties' shares rank
			// them as before: the ZIP code places an address more
			// surely than a city name that a zona urbana across the
			// municipio line also bears.
			named = r.municipioNamed(cands, cityKey)
			municipio = named >= 0
		}
		if named > 0 {
			// A ZIP that spans counties, and a city in one of them: the
			// address lies in that county, whatever its share of the ZIP.
			c := cands[named]
			copy(cands[1:named+1], cands[:named])
			cands[0] = c
		}
	}

	switch {
	case candZIP == "" && municipio:
		// A city without a ZIP code that names a municipio: the first
		// result is it, and the answer says what the others are.
		j, _ := r.juris.ByID(cands[0].county)
		statuses = append(slices.Clip(statuses), wire.Status{LookupResult: wire.Normal,
			Value: "the city " + titleCase(a.City) + ", " + state.Code + " names the municipio of " + j.Name + ", the first result; the others are places of that name that reach into other municipios, and the street address decides; a ZIP code tells the municipio"})
	case candZIP == "" && a.City != "" && len(cands) > 1:
		// A city without a ZIP code that lies in several counties: the
		// answer says that its results are alternatives.
		statuses = append(slices.Clip(statuses), wire.Status{LookupResult: wire.Normal,
			Value: "the city " + titleCase(a.City) + ", " + state.Code + ", or the ZIP codes of its name, lie in more than one county: the results are ranked by where they lie, and the street address decides; a ZIP code tells the county"})
	}
	over := len(cands) > maxResults
	var out []wire.LookupResult
	reorder := false // a county's result at confZIPRest may stand before likelier ones of the next county
	for _, c := range cands {
		if len(out) >= maxResults {
			break
		}
		county, ok := r.juris.ByID(c.county)
		if !ok {
			continue
		}
		fips := countyFIPS(c.county)
		// The county's state: the ZIP code's, but for the counties of a
		// ZIP code across a state line.
		stateCode := state.Code
		if p := county.Parent; len(p) == 5 && strings.HasPrefix(p, "US-") {
			stateCode = p[3:]
		}
		conf := confExact
		switch {
		case named >= 0 && c.county == cands[0].county:
			conf = confNamedCounty
		case named >= 0:
			// Put after the county of the city named, so no likelier,
			// whatever its share of the ZIP code's land.
			conf = max(1, min(c.share/100, confNamedCounty))
		case len(cands) > 1:
			conf = max(1, c.share/100)
		}
		if regionBroken {
			conf = min(conf, confRegionBroken)
		}
		if conflict != nil {
			conf = min(conf, confCityConflict)
		}
		cityName := a.City
		if cityName == "" || zipWins {
			cityName = c.place
		}
		place, named := -1, false
		if a.City != "" && !zipWins {
			if cityIn != 0 && fips == cityIn {
				place = cityAt // found already
			} else {
				place = r.local.FindPlaceKey(stateCode, cityKey, fips)
			}
			named = place >= 0
		}
		res := func(ar *area, conf int, extra ...wire.Status) wire.LookupResult {
			if over && len(out) == 0 {
				extra = append(slices.Clip(extra), wire.Status{LookupResult: wire.MaxTaxAreasExceeded})
			}
			st := statuses
			if len(extra) > 0 {
				st = append(slices.Clip(statuses), extra...)
			}
			res := r.result(ar, d, conf, st...)
			postal := zip5
			if postal != "" && plus4 != "" {
				postal += "-" + plus4
			}
			city := c.place
			if city == "" || (a.City != "" && data.FoldPlace(a.City) != data.FoldPlace(c.place) && named) {
				city = titleCase(cityName)
			}
			res.PostalAddresses = []wire.PostalAddress{{
				StreetAddress1: a.StreetAddress1,
				StreetAddress2: a.StreetAddress2,
				City:           city,
				MainDivision:   stateCode,
				SubDivision:    county.Name,
				PostalCode:     postal,
				Country:        "USA",
			}}
			return res
		}
		uninc := r.localArea(c.county, fips, -1)
		// placeThenRest answers as a ZIP code without a city does: the
		// area of the place it mainly serves (ar) with note, then the
		// county outside its places, if the results have room; it
		// reports whether they had.
		placeThenRest := func(ar *area, note wire.Status) bool {
			out = append(out, res(ar, min(conf, confZIPPlace), note))
			if len(out) >= maxResults {
				return false
			}
			out = append(out, res(uninc, min(conf, confZIPRest), wire.Status{LookupResult: wire.Normal, Value: "outside the places of the county"}))
			return true
		}
		hint := -1 // a city that is a neighbourhood of this place (postalNeighbourhood)
		if a.City != "" && !zipWins && !named && r.placeCounties[fips] {
			hint = r.postalNeighbourhood(a.City, cityKey, stateCode, zip5, candZIP, c.place, c.county, fips, uninc)
		}
		switch {
		case zipWins:
			// Where the ZIP code lies: the place it mainly serves in the
			// county, else the county outside its places.
			zp := r.zipPlace(stateCode, zip5, c.place, fips)
			if zp >= 0 && c.place == "" {
				cityName = r.local.PlaceName(zp)
			}
			out = append(out, res(r.localArea(c.county, fips, zp), conf))
		case named, !r.placeCounties[fips]:
			// The place named, or a county whose places all have its tax.
			out = append(out, res(r.localArea(c.county, fips, place), conf))
		case hint >= 0:
			// The ZIP code's own postal name, which names no place of
			// the state, beside a ZIP code that mainly serves a city (a
			// neighbourhood: North Hollywood, Kingwood, Cordova): as
			// without a city, the city the ZIP code mainly serves, then
			// the county outside its places.
			// The rest of the county, at confZIPRest, may stand before
			// likelier results of the next county (reorder).
			reorder = placeThenRest(r.localArea(c.county, fips, hint), wire.Status{LookupResult: wire.Normal, Value: "the city " + titleCase(a.City) + " is a postal name of no city: ZIP code " + zip5 +
				" mainly serves " + r.local.PlaceName(hint) + ", the first result; the tax area depends on the street address"}) || reorder
		case a.City != "":
			// A city that is no place of the county: its unincorporated
			// part, or a place the dataset names differently.
			var extra []wire.Status
			if unknownCity && c.place != "" && data.FoldPlace(c.place) != data.FoldPlace(a.City) {
				extra = append(extra, cityUnknownStatus(a.City, stateCode, zip5, c.place, county.Name))
			}
			out = append(out, res(uninc, min(conf, confUninc), extra...))
		default:
			// No city: the place the ZIP code mainly serves, then the
			// county outside its places, since the tax depends on the
			// street address.
			if zip5 != "" {
				hint = r.zipPlace(stateCode, zip5, c.place, fips)
			}
			note := wire.Status{LookupResult: wire.Normal, Value: "no city given: the tax area depends on the street address"}
			if hint >= 0 {
				if ar := r.localArea(c.county, fips, hint); ar != uninc {
					note.Value = "no city given: the place that ZIP code " + zip5 + " mainly serves (" + r.local.PlaceName(hint) + "); the tax area depends on the street address"
					placeThenRest(ar, note)
					break
				}
			}
			out = append(out, res(uninc, min(conf, confZIPPlace), note))
		}
	}
	if reorder {
		// The rest of a county of a ZIP code across county lines (Laveen,
		// Arizona, 85339: Phoenix in Maricopa County, the rest of
		// Maricopa County, then Pinal County at its share) comes after
		// the likelier counties. Without a city, the results keep the
		// order of the counties (TestLookupAddressZIPAcrossCounties).
		slices.SortStableFunc(out, func(a, b wire.LookupResult) int {
			ca, _ := strconv.Atoi(a.ConfidenceIndicator)
			cb, _ := strconv.Atoi(b.ConfidenceIndicator)
			return cmp.Compare(cb, ca)
		})
	}
	if len(out) == 0 {
		// A ZIP the dataset knows without a county (a few PO box ZIPs):
		// the state is all that can be told.
		res := r.result(r.areas.of(state.ID()), d, confStateOnly, statuses...)
		res.PostalAddresses = []wire.PostalAddress{{StreetAddress1: a.StreetAddress1, StreetAddress2: a.StreetAddress2, City: titleCase(a.City), MainDivision: state.Code, PostalCode: zip5, Country: "USA"}}
		return []wire.LookupResult{res}, nil
	}
	if conflict != nil && len(out) < maxResults {
		out = append(out, r.otherSide(a, state.Code, zip5, plus4, postal, zipCounty, conflict, d, statuses))
	}
	return out, nil
}

// postalNeighbourhood returns the incorporated place that ZIP code zip5
// mainly serves in county (its ID; fips its FIPS number) of state, when the
// city an address names beside it (its key cityKey) is the ZIP code's
// postal name (postal), names no place of the state, and that place's
// tax area differs from the county's outside its places (uninc); else
// -1. Such a city is a neighbourhood or a postal name that the Census
// spells otherwise (North Hollywood in Los Angeles, Cordova in Memphis,
// Angels Camp for the city of Angels), and the address was placed
// outside every city. A ZIP code that mainly serves an unincorporated
// community (Sun City, Arizona) has no such place. candZIP is "" when the
// candidates are the city's rather than the ZIP code's.
func (r *Resolver) postalNeighbourhood(city, cityKey, state, zip5, candZIP, postal, county string, fips uint32, uninc *area) int {
	if zip5 == "" || candZIP == "" || postal == "" || data.FoldPlace(postal) != data.FoldPlace(city) {
		return -1
	}
	hint := r.zipPlace(state, zip5, postal, fips)
	if hint < 0 || !r.local.PlaceIncorporated(hint) || r.localArea(county, fips, hint) == uninc {
		return -1
	}
	if r.local.FindPlaceKey(state, cityKey, 0) >= 0 {
		return -1 // a place of the state: the city decides, as before
	}
	return hint
}

// cityUnknownStatus is the BAD_REGION_FIELDS status of a city that
// names no place of the counties of the ZIP code beside it (see
// usAddress): the answer gives the ZIP code's postal name (postal) in
// its place, and places the address in county outside its cities. The
// city is set aside as a city that contradicts the ZIP code is, and a
// strict address check refuses it naming the city; it was replaced
// without a word, with a status of NORMAL alone.
func cityUnknownStatus(city, state, zip5, postal, county string) wire.Status {
	return wire.Status{LookupResult: wire.BadRegionFields, Field: "city",
		Value: "no place of " + state + " in ZIP code " + zip5 + " (" + postal + ") is named " + city +
			": the answer gives the ZIP code's postal name, and places the address in the county of " + county +
			" outside its cities; if it lies in a city, give that city's name"}
}

// noLocalTax is the status (data.LocalState.Status) of a state whose
// counties and cities levy no sales tax of their own in Levy's data.
const noLocalTax = "no local tax"

// knowsNoPlaceOf reports whether state is a territory of which Levy's
// data holds no place: it has no local content, none of its counties has
// a place's tax area, and the postal data names no town of it.
func (r *Resolver) knowsNoPlaceOf(state jurisdiction.Subdivision) bool {
	if state.Type != jurisdiction.Territory {
		return false
	}
	if _, ok := r.local.State(state.Code); ok {
		// Local content of its own (Puerto Rico's municipios): a city
		// is checked against it.
		return false
	}
	for _, j := range r.juris.Children(state.ID()) {
		if fips := countyFIPS(j.ID); fips != 0 && r.placeCounties[fips] {
			return false
		}
	}
	return !r.postal.HasPlaces(state.Code)
}

// stateOnly is the answer to a US address that names a state and
// neither a city nor a ZIP code: with a county (subDivision) that is one
// of the state's, that county outside its cities; else the state's own
// tax area. Either way a status says what the lookup did not use or
// could not tell: a county that names none of the state's (a borough, a
// neighbourhood) is set aside saying so, where it was dropped without a
// word, a county's answer says that a city in it may tax more, and the
// state's own area says that it leaves out the local taxes the street
// address may add (it said nothing: a sale to "CA" alone was taxed at
// 7.25% with a status of NORMAL and no word of them).
func (r *Resolver) stateOnly(a wire.PostalAddress, state jurisdiction.Subdivision, d civil.Date, statuses []wire.Status) []wire.LookupResult {
	addr := wire.PostalAddress{StreetAddress1: a.StreetAddress1, StreetAddress2: a.StreetAddress2, MainDivision: state.Code, Country: "USA"}
	if a.SubDivision != "" {
		want := countyKey(a.SubDivision)
		for _, j := range r.juris.Children(state.ID()) {
			fips := countyFIPS(j.ID)
			if fips == 0 || countyKey(j.Name) != want {
				continue
			}
			ar := r.localArea(j.ID, fips, -1)
			note := "no city or ZIP code given: the county of " + j.Name + " outside its cities, to whose tax a city in it may add its own; the tax area depends on the street address"
			if !r.placeCounties[fips] {
				note = "no city or ZIP code given: the county of " + j.Name + ", where Levy's data gives no city a tax of its own"
			} else if city := r.cityOfCounty(ar); city != "" {
				note = "no city or ZIP code given: the county of " + j.Name + ", all of it the city of " + city + ", whose tax area it is"
			}
			res := r.result(ar, d, confStateOnly,
				append(slices.Clip(statuses), wire.Status{LookupResult: wire.Normal, Value: note})...)
			addr.SubDivision = j.Name
			res.PostalAddresses = []wire.PostalAddress{addr}
			return []wire.LookupResult{res}
		}
		statuses = append(slices.Clip(statuses), wire.Status{LookupResult: wire.Normal,
			Value: "subDivision " + a.SubDivision + " names no county of " + state.Code + ": not used; the state's own tax area"})
	}
	note := "no city, county (subDivision) or ZIP code given: the state's own tax area, without the county, city and district taxes of " +
		state.Code + " that the street address may add; give a ZIP code or a city"
	if st, ok := r.local.State(state.Code); ok && st.Status == noLocalTax {
		note = "no city, county (subDivision) or ZIP code given: the state's own tax area, where Levy's data gives no county or city of " +
			state.Code + " a tax of its own"
	} else if a.City != "" {
		// A territory of which the data knows no place (knowsNoPlaceOf).
		note = "no known city, no county (subDivision) or ZIP code given: the territory's own tax area, where Levy's data holds no county, city or district tax of " +
			state.Code
	}
	statuses = append(slices.Clip(statuses), wire.Status{LookupResult: wire.Normal, Value: note})
	res := r.result(r.areas.of(state.ID()), d, confStateOnly, statuses...)
	res.PostalAddresses = []wire.PostalAddress{addr}
	return []wire.LookupResult{res}
}

// otherSide is the last result of an address whose city does not
// contain its ZIP code (c), the one the lookup did not use, in case the
// other is the part at fault: the city's tax area, with the address as
// the city alone gives it, when the ZIP code won; else where the ZIP
// code lies in its first county (countyID), with the address as the
// ZIP code gives it.
func (r *Resolver) otherSide(a wire.PostalAddress, state, zip5, plus4, postal, countyID string, c *cityConflict, d civil.Date, statuses []wire.Status) wire.LookupResult {
	addr := wire.PostalAddress{StreetAddress1: a.StreetAddress1, StreetAddress2: a.StreetAddress2, MainDivision: state, Country: "USA"}
	var ar *area
	if c.zipWins {
		countyID = "US-" + fips5(c.county)
		ar = r.localArea(countyID, c.county, c.place)
		addr.City = r.local.PlaceName(c.place)
	} else {
		fips := countyFIPS(countyID)
		zp := r.zipPlace(state, zip5, postal, fips)
		ar = r.localArea(countyID, fips, zp)
		addr.City, addr.PostalCode = titleCase(postal), zip5
		if plus4 != "" {
			addr.PostalCode += "-" + plus4
		}
		if zp >= 0 {
			addr.City = r.local.PlaceName(zp)
		}
	}
	if j, ok := r.juris.ByID(countyID); ok {
		addr.SubDivision = j.Name
	}
	res := r.result(ar, d, confCityOther, statuses...)
	res.PostalAddresses = []wire.PostalAddress{addr}
	return res
}

// contentZIP resolves an address of a state whose rates a user's content
// gives by ZIP code and ZIP+4 range (an SST boundary file, a ZIP rate
// table): the area of the ZIP+4 range, or of the ZIP. ok is false when
// the content says nothing of the state; a ZIP of a state it covers that
// it does not list gets the county with the state's rate alone and a
// status saying so. conf is the most confidence a result may have.
func (r *Resolver) contentZIP(a wire.PostalAddress, state jurisdiction.Subdivision, zip5, plus4 string, d civil.Date, statuses []wire.Status, conf int) ([]wire.LookupResult, bool) {
	st, ok := r.local.State(state.Code)
	if !ok || st.Content == "" || !st.ByZIP {
		return nil, false
	}
	p4 := -1
	if plus4 != "" {
		p4 = int(zipNumber(plus4))
	}
	postal := zip5
	if plus4 != "" {
		postal += "-" + plus4
	}
	addr := wire.PostalAddress{StreetAddress1: a.StreetAddress1, StreetAddress2: a.StreetAddress2, City: titleCase(a.City),
		MainDivision: state.Code, PostalCode: postal, Country: "USA"}
	k, sure := r.local.ZIPArea(zipNumber(zip5), p4)
	var ar *area
	if k >= 0 {
		ar = r.areas.localArea(k)
		if !sure {
			conf = min(conf, confZIPPlace)
			statuses = append(slices.Clip(statuses), wire.Status{LookupResult: wire.Normal, Value: "the loaded content's rates vary within ZIP code " + zip5 + ": give the ZIP+4"})
		}
		county, _ := r.local.AreaKey(k)
		if j, ok := r.juris.ByID("US-" + fips5(county)); ok {
			addr.SubDivision = j.Name
		}
	} else {
		z, found := r.postal.Find(zip5)
		if !found || z.NumCounties() == 0 {
			ar = r.areas.of(state.ID())
		} else {
			c := z.County(0)
			ar = r.areas.of(c.Jurisdiction)
			if j, ok := r.juris.ByID(c.Jurisdiction); ok {
				addr.SubDivision = j.Name
			}
		}
		conf = min(conf, confStateOnly)
		statuses = append(slices.Clip(statuses), wire.Status{LookupResult: wire.Normal, Value: "the loaded content (" + st.Content + ") has no rate for ZIP code " + zip5 + ": the state's rate alone applies"})
	}
	res := r.result(ar, d, conf, statuses...)
	res.PostalAddresses = []wire.PostalAddress{addr}
	return []wire.LookupResult{res}, true
}

// countyState returns the postal code of the state or territory of the
// county whose jurisdiction ID is countyID ("TN" for US-47125), or def
// when the dataset does not tell it.
func (r *Resolver) countyState(countyID, def string) string {
	j, ok := r.juris.ByID(countyID)
	if !ok || len(j.Parent) != 5 || !strings.HasPrefix(j.Parent, "US-") {
		return def
	}
	return j.Parent[3:]
}

// countyInState reports whether the county whose jurisdiction ID is
// countyID ("US-47125") lies in state, by its FIPS number's first two
// digits.
func countyInState(countyID string, state jurisdiction.Subdivision) bool {
	return len(countyID) == 8 && state.FIPS != "" && countyID[3:5] == state.FIPS
}

// fips5 writes a county FIPS number with its five digits.
func fips5(n uint32) string {
	b := []byte("00000")
	for i := 4; i >= 0; i-- {
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b)
}

// localArea returns the tax area of a county (its jurisdiction ID and
// FIPS number) at a place of the local table (-1 for outside every
// place): the place's area, else the unincorporated county's, else the
// county's own.
func (r *Resolver) localArea(countyID string, fips uint32, place int) *area {
	if place >= 0 {
		if k := r.local.Area(fips, place); k >= 0 {
			return r.areas.localArea(k)
		}
	}
	if k := r.local.Area(fips, -1); k >= 0 {
		return r.areas.localArea(k)
	}
	return r.areas.of(countyID)
}

// cityOfCounty returns the name of the city that the tax area a of a
// county outside its cities holds, for a county that is one city, whole
// (the City and County of Denver), whose tax applies in all of it; ""
// for any other area.
func (r *Resolver) cityOfCounty(a *area) string {
	if a == nil {
		return ""
	}
	for _, i := range r.areas.chain(a) {
		if j := r.areas.jur(i); j.Type == jurisdiction.City {
			return j.Name
		}
	}
	return ""
}

// countyFIPS returns the FIPS code of a county jurisdiction ID
// ("US-48201") as a number, 0 when it is not one.
func countyFIPS(id string) uint32 {
	if len(id) != 8 || id[:3] != "US-" {
		return 0
	}
	n := uint32(0)
	for i := 3; i < 8; i++ {
		c := id[i]
		if c < '0' || c > '9' {
			return 0
		}
		n = 10*n + uint32(c-'0')
	}
	return n
}

// zipNumber returns a five-digit ZIP code, checked by splitZIP, as a
// number.
func zipNumber(zip5 string) uint32 {
	n := uint32(0)
	for i := range len(zip5) {
		n = 10*n + uint32(zip5[i]-'0')
	}
	return n
}

// placeCandidates returns the counties of the ZIPs whose postal place is
// city in state, and of the places of that name, most land first.
func (r *Resolver) placeCandidates(state jurisdiction.Subdivision, city string) []usCandidate {
	var out []usCandidate
	total := 0
	add := func(county string, w int) {
		total += w
		for i := range out {
			if out[i].county == county {
				out[i].share += w
				return
			}
		}
		out = append(out, usCandidate{county: county, share: w})
	}
	// The counties of the place's ZIPs, their shares summed over the
	// ZIPs as add would sum them.
	cs := r.postal.PlaceCounties(state.Code, city)
	for k := range cs.Len() {
		c := cs.At(k)
		add(c.Jurisdiction, c.Share)
	}
	var order []string // the place's counties, most of it first
	if p := r.local.FindPlace(state.Code, city, 0); p >= 0 {
		for _, fips := range r.local.PlaceAt(p).Counties {
			add("US-"+fips, 10000)
			order = append(order, "US-"+fips)
		}
	}
	if !r.incorporated[state.Code] {
		// A state without incorporated places (Puerto Rico) is named by
		// its municipios, whose Census places may be named otherwise
		// (Vieques's zona urbana is Isabel Segunda), or not at all.
		key := data.PlaceKey(city)
		for _, j := range r.juris.Children(state.ID()) {
			if countyFIPS(j.ID) != 0 && data.PlaceKey(j.Name) == key {
				add(j.ID, 10000)
			}
		}
	}
	place := titleCase(city)
	for i := range out {
		out[i].share = out[i].share * 10000 / max(total, 1)
		out[i].place = place
	}
	// Equal shares (a place's counties without ZIP codes of its name
	// each weigh the same) are ranked by how much of the place lies in
	// each, then by ID: they were ranked by ID alone, and a community
	// that mostly lies in one county came first in its neighbour.
	rank := func(county string) int {
		if k := slices.Index(order, county); k >= 0 {
			return k
		}
		return len(order)
	}
	slices.SortStableFunc(out, func(x, y usCandidate) int {
		if x.share != y.share {
			return cmp.Compare(y.share, x.share)
		}
		if d := cmp.Compare(rank(x.county), rank(y.county)); d != 0 {
			return d
		}
		return strings.Compare(x.county, y.county)
	})
	return out
}

// municipioNamed returns the index of the one candidate whose county
// is named exactly by the city (its key, data.PlaceKey), or -1. It
// serves a state whose dataset has no incorporated place (Puerto Rico):
// there the county-equivalents, the municipios, are the local
// governments that tax, and a city that names one (San Juan, Bayamón)
// names it, where the Census places of that name, zonas urbanas and
// comunidades without a government, reach into its neighbours.
func (r *Resolver) municipioNamed(cands []usCandidate, cityKey string) int {
	found := -1
	for i, c := range cands {
		j, ok := r.juris.ByID(c.county)
		if !ok || data.PlaceKey(j.Name) != cityKey {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

// narrowByCounty keeps the candidates in the county named by subDivision,
// when it names one of them.
func (r *Resolver) narrowByCounty(cands []usCandidate, subDivision string) []usCandidate {
	if subDivision == "" || len(cands) < 2 {
		return cands
	}
	want := countyKey(subDivision)
	for _, c := range cands {
		if j, ok := r.juris.ByID(c.county); ok && countyKey(j.Name) == want {
			c.share = 10000
			return []usCandidate{c}
		}
	}
	return cands
}

// countyFault returns the BAD_REGION_FIELDS status of a US address whose
// subDivision names a county of state other than every county that its
// ZIP code zip5, or its city when zip5 is "", gives (cands): the lookup
// places the address by those, and the county named, which it sets
// aside, contradicts them ("Orange" beside 90012, in Los Angeles
// County). It was set aside without a word, with a confidence of 100. A
// subDivision that names no county of the state (a borough, a
// neighbourhood, a county the dataset names otherwise) contradicts
// nothing, nor does one that names a candidate, which narrowByCounty
// then keeps.
func (r *Resolver) countyFault(state jurisdiction.Subdivision, cands []usCandidate, a wire.PostalAddress, zip5 string) (wire.Status, bool) {
	if a.SubDivision == "" || len(cands) == 0 {
		return wire.Status{}, false
	}
	for _, c := range cands {
		// The usual address names its county as the dataset does.
		if j, ok := r.juris.ByID(c.county); ok && strings.EqualFold(j.Name, a.SubDivision) {
			return wire.Status{}, false
		}
	}
	want := countyKey(a.SubDivision)
	var names []string
	for _, c := range cands {
		j, ok := r.juris.ByID(c.county)
		if !ok {
			continue
		}
		if countyKey(j.Name) == want {
			return wire.Status{}, false
		}
		if !slices.Contains(names, j.Name) {
			names = append(names, j.Name)
		}
	}
	named := ""
	for _, j := range r.juris.Children(state.ID()) {
		if countyFIPS(j.ID) != 0 && countyKey(j.Name) == want {
			named = j.Name
			break
		}
	}
	if named == "" || len(names) == 0 {
		return wire.Status{}, false
	}
	what, used := "ZIP code "+zip5, "the ZIP code"
	if zip5 == "" {
		what, used = titleCase(a.City)+", "+state.Code, "the city"
	}
	in := "the county of " + names[0]
	if len(names) > 1 {
		in = "the counties of " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return wire.Status{LookupResult: wire.BadRegionFields, Field: "subDivision",
		Value: what + " lies in " + in + ", not in " + named + ", which subDivision names: the lookup used " + used}, true
}

// countyKey folds a county name so that "Los Angeles", "LOS ANGELES COUNTY"
// and "Los Angeles Co." compare equal.
func countyKey(s string) string {
	f := strings.Fields(data.FoldPlace(s))
	if n := len(f); n > 1 {
		switch f[n-1] {
		case "COUNTY", "CO", "PARISH", "BOROUGH", "MUNICIPIO", "MUNICIPALITY":
			f = f[:n-1]
		}
	}
	return strings.Join(f, " ")
}

// titleCase writes an upper-case place name as a name: "SAN JOSE" becomes
// "San Jose". Names in mixed case are kept.
func titleCase(s string) string {
	if s != strings.ToUpper(s) {
		return s
	}
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		r, n := utf8.DecodeRuneInString(w)
		words[i] = strings.ToUpper(string(r)) + w[n:]
	}
	return strings.Join(words, " ")
}

// caProvinceByPostal maps the first letter of a Canadian postal code to its
// province or territory; X is shared by NT and NU (see caProvinceOf).
var caProvinceByPostal = map[byte]string{
	'A': "NL", 'B': "NS", 'C': "PE", 'E': "NB", 'G': "QC", 'H': "QC", 'J': "QC",
	'K': "ON", 'L': "ON", 'M': "ON", 'N': "ON", 'P': "ON", 'R': "MB", 'S': "SK",
	'T': "AB", 'V': "BC", 'X': "NT", 'Y': "YT",
}

// caProvinceOf returns the province or territory of a Canadian postal
// code written "A1A 1A1". The letter X serves two territories: Canada
// Post's forward sortation areas X0A, X0B and X0C (Iqaluit, the
// Kivalliq and Kitikmeot regions) are Nunavut's, the others (X0E, X0G,
// X1A Yellowknife) the Northwest Territories'. Read by its letter alone,
// every Nunavut address was placed in the Northwest Territories.
func caProvinceOf(postal string) (string, bool) {
	code, ok := caProvinceByPostal[postal[0]]
	if code == "NT" && postal[1] == '0' && (postal[2] == 'A' || postal[2] == 'B' || postal[2] == 'C') {
		return "NU", true
	}
	return code, ok
}

func (r *Resolver) caAddress(field string, a wire.PostalAddress, d civil.Date) ([]wire.LookupResult, error) {
	var statuses []wire.Status
	conf := confExact
	var province jurisdiction.Subdivision
	haveProvince := false
	if a.MainDivision != "" {
		p, ok := jurisdiction.SubdivisionOf("CA", a.MainDivision)
		if !ok {
			return nil, levy.Invalid(field+".mainDivision", "%q is not a Canadian province or territory", a.MainDivision)
		}
		province, haveProvince = p, true
	}
	postal := ""
	if a.PostalCode != "" {
		m := caPostal.FindStringSubmatch(a.PostalCode)
		if m == nil {
			return nil, levy.Invalid(field+".postalCode", "%q is not a Canadian postal code (A1A 1A1)", a.PostalCode)
		}
		postal = m[1] + " " + m[2]
		code, ok := caProvinceOf(postal)
		if !ok {
			return nil, levy.Invalid(field+".postalCode", "%q does not start with a Canadian postal district letter", a.PostalCode)
		}
		fromPostal, _ := jurisdiction.SubdivisionOf("CA", code)
		switch {
		case !haveProvince:
			province, haveProvince = fromPostal, true
		case province.Code != code:
			statuses = append(statuses, wire.Status{LookupResult: wire.BadRegionFields, Value: "postal code " + postal + " is in " + code + ", not " + province.Code})
			province = fromPostal
			conf = confRegionBroken
		}
	}
	ar := r.areas.of("CA")
	if haveProvince {
		ar = r.areas.of(province.ID())
	} else {
		// Neither the province nor the postal code that tells it: the
		// provinces' taxes (HST, PST, QST) are not told, and a city
		// alone is not read (Levy has no table of Canadian places).
		conf = confCountryOnly
		v := "no province (mainDivision) or postal code given: the lookup could tell the country alone, not the province whose taxes apply"
		if a.City != "" {
			v = "no province (mainDivision) or postal code given, and Levy does not place a Canadian city by its name: the lookup could tell the country alone, not the province whose taxes apply"
		}
		statuses = append(statuses, wire.Status{LookupResult: wire.Normal, Value: v})
	}
	res := r.result(ar, d, conf, statuses...)
	res.PostalAddresses = []wire.PostalAddress{{
		StreetAddress1: a.StreetAddress1,
		StreetAddress2: a.StreetAddress2,
		City:           a.City,
		MainDivision:   province.Code,
		PostalCode:     postal,
		Country:        "CAN",
	}}
	return []wire.LookupResult{res}, nil
}

// postcodeSeparators removes the spaces and hyphens of a postcode.
var postcodeSeparators = strings.NewReplacer(" ", "", "-", "")

// withoutCountrySign returns a postcode of digits written after letters
// (E-35001, D-78266, I-23041: the country's sign, as European mail long
// prefixed it) without the letters, which the exceptions' patterns of
// digits would otherwise never match; any other postcode as it is.
func withoutCountrySign(pc string) string {
	i := 0
	for i < len(pc) && (pc[i] >= 'A' && pc[i] <= 'Z' || pc[i] >= 'a' && pc[i] <= 'z') {
		i++
	}
	if i == 0 || i > 3 || i == len(pc) {
		return pc
	}
	for j := i; j < len(pc); j++ {
		if pc[j] < '0' || pc[j] > '9' {
			return pc
		}
	}
	return pc[i:]
}

// regionFaults returns the statuses of an address whose country names
// the VAT region reg (XI, Northern Ireland) while its postcode lies
// outside it: "XI" with "SW1A 1AA" (London) or an Irish Eircode. The
// country decides where the address is taxed (the region's rules), as
// docs/place-of-supply.md says; the lookup flags the postcode that contradicts it, so
// that the strict address check refuses the address naming it. The
// mainDivision is not checked: it is free text (a district, a town) that
// the region's list of names does not hold in full.
func (r *Resolver) regionFaults(reg jurisdiction.VATRegion, a wire.PostalAddress) []wire.Status {
	if a.PostalCode == "" || r.vat.RegionHasPostcode(reg.Code, a.PostalCode) {
		return nil
	}
	return []wire.Status{{LookupResult: wire.BadRegionFields, Field: "postalCode",
		Value: "postcode " + a.PostalCode + " is not in " + reg.Name + " (" + reg.Code + "), which the country names"}}
}

// TerritoryCountry returns the jurisdiction ID of the VAT special
// territory that the ISO 3166-1 code country names, when ISO 3166-2 also
// codes the territory as a subdivision of another country whose tax
// administration it falls under, and the territory's name. AX, Åland, is
// Finland's region FI-01, where Finland's VAT Act (Arvonlisäverolaki
// 1501/1993) applies, with a tax border for goods. GP (Guadeloupe), MQ
// (Martinique), GF (Guyane), RE (La Réunion) and YT (Mayotte) are
// France's overseas departments FR-971 to FR-976 (ISO 3166-2:FR): France's
// VAT applies in the first two and La Réunion at the rates of article 296
// of the General Tax Code (8.5%, 2.1%), and article 294 says that it does
// not apply, for now, in Guyane and Mayotte. An address written with one
// of these codes is so taxed as one written as the country with the
// territory's postcode (FI 22100, FR 97110, FR 97300): sales within the
// territory bear the territory's VAT or none as its jurisdiction says,
// where the country of the code had no tax; the address keeps its
// country (AX, GP). ok is false for every other code. The codes and IDs
// are those of the column iso_country of the curated
// vat-territories.csv (internal/datagen/curated), which a test holds
// this table to; the names are the ones addresses use (La Réunion),
// not that file's, which are the EU VAT file's keys (Reunion).
func TerritoryCountry(country string) (id, name string, ok bool) {
	switch country {
	case "AX":
		return "FI-01", "Åland", true
	case "GP":
		return "FR-971", "Guadeloupe", true
	case "MQ":
		return "FR-972", "Martinique", true
	case "GF":
		return "FR-973", "Guyane", true
	case "RE":
		return "FR-974", "La Réunion", true
	case "YT":
		return "FR-976", "Mayotte", true
	}
	return "", "", false
}

// otherAddress resolves an address outside the US and Canada to its
// country, or to a special tax territory when its postcode is one of the
// dataset's exceptions. faults are statuses found before (regionFaults),
// which lower the result's confidence to confRegionBroken.
func (r *Resolver) otherAddress(country string, a wire.PostalAddress, d civil.Date, faults []wire.Status) ([]wire.LookupResult, error) {
	ar := r.areas.of(country)
	if ar == nil {
		return nil, levy.NotFound("postalAddress.country", "no tax area for country %s", country)
	}
	var statuses []wire.Status
	if id, name, ok := TerritoryCountry(country); ok {
		if ta := r.areas.of(id); ta != nil {
			ar = ta
			applies := "where the VAT of " + id[:2] + " applies"
			if t, ok := r.vat.VATTerritory(id, d); ok && t.Kind == jurisdiction.NoVAT {
				applies = "where the VAT of " + id[:2] + " does not apply"
			}
			statuses = []wire.Status{{LookupResult: wire.Normal, Value: country + " (" + name + ") is the VAT special territory " + id +
				" of " + id[:2] + ", " + applies + ": the taxes of " + id + " apply there"}}
		}
	}
	if a.PostalCode != "" && len(statuses) == 0 {
		// Postcodes are matched without their spaces and hyphens: the
		// patterns are digits only, and Portugal writes NNNN-NNN
		// (Funchal's 9000-060 is Madeira's 9000060).
		pc := withoutCountrySign(postcodeSeparators.Replace(a.PostalCode))
		// A postcode of the country's scheme that lies in another
		// country, which the first one's taxes do not reach
		// (data.PostcodeCountry: France's overseas collectivities, 988
		// New Caledonia; the Channel Islands' JE and GY, which Royal
		// Mail gives the United Kingdom's). The postcode is matched in
		// capitals, as the dataset writes the letters of its prefixes.
		if col, ok := r.juris.PostcodeCountry(country, strings.ToUpper(pc), d); ok {
			if ca := r.areas.of(col); ca != nil {
				statuses = []wire.Status{{LookupResult: wire.Normal, Value: "postcode " + a.PostalCode + " is in " + col + " (" +
					r.areas.jur(r.areas.chain(ca)[0]).Name + "), which the taxes of " + country + " (" + r.areas.jur(r.areas.chain(ar)[0]).Name +
					") do not reach though its postcodes are of " + country + "'s scheme: the taxes of " + col + " apply there"}}
				ar = ca
			}
		}
		for _, ex := range r.exceptions[country] {
			if len(statuses) == 0 && ex.Postcode.MatchString(pc) {
				if ea := r.areas.of(ex.Jurisdiction); ea != nil {
					ar = ea
				}
				break
			}
		}
	}
	if len(statuses) == 0 {
		// A special territory named by the mainDivision or the city
		// (Canarias, Åland, Livigno): without a postcode it places the
		// address there; beside a postcode that is not the territory's,
		// the postcode wins and the name is flagged.
		if id, member, ok := r.territoryNamed(country, a); ok {
			ta := r.areas.of(id)
			j, _ := r.juris.ByID(id)
			name := j.Name
			switch {
			case a.PostalCode == "":
				ar = ta
				statuses = []wire.Status{{LookupResult: wire.Normal, Value: member + " " + memberValue(a, member) + " names " + id + " (" + name +
					"), a special tax territory of " + country + ": the taxes of " + id + " apply there"}}
			case ar != ta:
				faults = append(faults[:len(faults):len(faults)], wire.Status{LookupResult: wire.BadRegionFields, Field: member,
					Value: "postcode " + a.PostalCode + " is not in " + id + " (" + name + "), which " + member + " names: the lookup used the postcode"})
			}
		}
	}
	conf := confExact
	if len(faults) > 0 {
		conf = confRegionBroken
	}
	res := r.result(ar, d, conf, append(faults[:len(faults):len(faults)], statuses...)...)
	res.PostalAddresses = []wire.PostalAddress{{
		StreetAddress1: a.StreetAddress1,
		StreetAddress2: a.StreetAddress2,
		City:           a.City,
		MainDivision:   a.MainDivision,
		SubDivision:    a.SubDivision,
		PostalCode:     a.PostalCode,
		Country:        r.alpha3(country),
	}}
	return []wire.LookupResult{res}, nil
}

// territoryAliases are names, besides the dataset's, by which addresses
// name the special tax territories of its postcode exceptions: their
// own languages' names, and the provinces or valleys that lie wholly
// within them.
var territoryAliases = map[string][]string{
	"ES-CN":                      {"Canarias", "Islas Canarias", "Las Palmas", "Santa Cruz de Tenerife"},
	"PT-20":                      {"Açores", "Região Autónoma dos Açores"},
	"PT-30":                      {"Região Autónoma da Madeira"},
	"FI-01":                      {"Ahvenanmaa", "Åland Islands"},
	"FR-973":                     {"French Guiana", "Guyane française"},
	"FR-974":                     {"La Réunion"},
	"GR-69":                      {"Athos", "Agion Oros"},
	"DE-X-HELIGOLAND":            {"Helgoland"},
	"DE-X-BÜSINGEN_AM_HOCHRHEIN": {"Büsingen"},
	"AT-X-MITTELBERG":            {"Kleinwalsertal"},
}

// territoryNamed returns the jurisdiction ID of the special tax
// territory of country (one of the dataset's postcode exceptions) that
// address a names by its mainDivision or, failing that, its city, and
// which of the two named it. A mainDivision names a territory by its
// jurisdiction ID (ES-CN), the code after the country's (CN), its name
// in the dataset or one of territoryAliases, in any case and with or
// without accents; a city by a name alone. Only an address of a country
// with such territories pays for folding the names it gives.
func (r *Resolver) territoryNamed(country string, a wire.PostalAddress) (id, member string, ok bool) {
	ts := r.territories[country]
	if len(ts) == 0 || a.MainDivision == "" && a.City == "" {
		return "", "", false
	}
	if a.MainDivision != "" {
		md := data.FoldPlace(a.MainDivision)
		for _, t := range ts {
			if strings.EqualFold(a.MainDivision, t.id) || t.code != "" && strings.EqualFold(a.MainDivision, t.code) || slices.Contains(t.names, md) {
				return t.id, "mainDivision", true
			}
		}
	}
	if a.City != "" {
		city := data.FoldPlace(a.City)
		for _, t := range ts {
			if slices.Contains(t.names, city) {
				return t.id, "city", true
			}
		}
	}
	return "", "", false
}

// namedTerritory is a special tax territory as an address may name it
// (see territoryNamed).
type namedTerritory struct {
	id    string   // its jurisdiction ID
	code  string   // its code after the country's ("CN" of "ES-CN"), "" for none
	names []string // its names, folded (data.FoldPlace)
}

// indexTerritories returns, by country, the special tax territories of
// the postcode exceptions that have a tax area, with the names that
// address them.
func (r *Resolver) indexTerritories() map[string][]namedTerritory {
	out := map[string][]namedTerritory{}
	for country, exs := range r.exceptions {
		for _, ex := range exs {
			j, ok := r.juris.ByID(ex.Jurisdiction)
			if !ok || r.areas.of(j.ID) == nil {
				continue
			}
			t := namedTerritory{id: j.ID, code: strings.TrimPrefix(j.ID, country+"-")}
			if strings.HasPrefix(t.code, "X-") || t.code == j.ID {
				t.code = "" // a place of the dataset's own naming (AT-X-JUNGHOLZ), with no ISO code
			}
			for _, n := range append([]string{j.Name}, territoryAliases[j.ID]...) {
				t.names = append(t.names, data.FoldPlace(n))
			}
			out[country] = append(out[country], t)
		}
	}
	return out
}

// memberValue returns the member of address a named by its JSON name
// (mainDivision or city).
func memberValue(a wire.PostalAddress, member string) string {
	if member == "city" {
		return a.City
	}
	return a.MainDivision
}
