package engine

import (
	"cmp"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/jurisdiction/taxreg"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// placeKey identifies a location in the per-document cache; region
// marks a place resolved only to its state (see origin).
type placeKey struct {
	loc    wire.Location
	date   civil.Date
	region bool
}

// recentPlace is a place the document resolved. Lines that inherit the
// document's parties share their locations, and comparing a pointer (or
// a few locations) is cheaper than hashing one.
type recentPlace struct {
	loc    *wire.Location
	date   civil.Date
	region bool
	p      *place
}

// resolver resolves the locations of one document, each once.
type resolver struct {
	c      *calc
	places map[placeKey]*place
	recent []recentPlace
}

// place resolves a wire location to its tax area on date d. base+member
// is the location's JSON path, written only in errors. A nil location
// gives nil.
func (r *resolver) place(base, member string, loc *wire.Location, role wire.LocationRole, d civil.Date) (*place, error) {
	if loc == nil {
		return nil, nil
	}
	// The conversion is checked before the cache is asked: a location
	// found there by its address may bring a conversion of its own.
	if err := r.checkConversion(base, member, loc, d); err != nil {
		return nil, err
	}
	if p := r.cached(loc, d, role, false); p != nil {
		return p, nil
	}
	res, err := r.lookup(base, member, loc, d)
	if err != nil {
		return nil, err
	}
	if len(res.LookupResults) == 0 || len(res.LookupResults[0].Jurisdictions) == 0 {
		return nil, levy.Invalid(base+member, "no tax area matches this location")
	}
	lr := &res.LookupResults[0]
	if r.c.strict {
		if err := addressFault(base+member, loc, lr); err != nil {
			return nil, err
		}
	}
	// Set in place: the new place is zero, and copying a whole one in
	// runs the write barrier over all its pointers.
	p := r.c.newPlace()
	p.role, p.chain, p.taxAreaID, p.conversion, p.lookup = role, lr.Jurisdictions, lr.TaxAreaID, loc.CurrencyConversion, lr
	p.country = lr.Jurisdictions[0].JurisdictionID
	if len(p.country) > 2 {
		p.country = p.country[:2]
	}
	if len(lr.Jurisdictions) > 1 {
		if id := lr.Jurisdictions[1].JurisdictionID; len(id) == 5 && id[2] == '-' {
			p.subdivision = id
		}
	}
	specialTerritory(r.c.s.vat, p, d)
	p.northernIreland = northernIrishPlace(r.c.s.vat, p.country, loc)
	r.remember(loc, d, false, p)
	return p, nil
}

// specialTerritory finds the VAT special territory of place p's chain on
// d (the dataset's VAT geography, vat: Madeira, Jungholz, the Canary Islands,
// Martinique) and starts the chain at it, so that the country's VAT is
// not charged there as well: the territory's own rates replace it (its
// jurisdiction carries them), or no VAT applies. The place's country stays
// the country's, whose registrations, rules and treatments apply, and the
// jurisdictions left out of the chain are kept in outer: the place still
// lies in them.
func specialTerritory(vat *jurisdiction.VATGeography, p *place, d civil.Date) {
	for i := 1; i < len(p.chain); i++ {
		id := p.chain[i].JurisdictionID
		if t, ok := vat.VATTerritory(id, d); ok {
			p.terrID, p.terr = id, t
			p.outer = slices.Clip(p.chain[:i])
			p.chain = p.chain[i:]
			return
		}
	}
}

// origin resolves a seller's (vendor's, owner's) location as place does,
// except when the line's destination to lies in a US state and the
// location's ZIP code alone puts it in another state. Such a sale crosses
// a state line and is sourced to the destination, so the origin's tax
// area would go unused: origin stops at the state, and the place it
// returns has no jurisdictions (taxarea.Resolver.Region explains when a
// ZIP code decides the state). Under the strict address check the
// location is resolved whole, so that its address is checked.
func (r *resolver) origin(base, member string, loc *wire.Location, role wire.LocationRole, d civil.Date, to *place) (*place, error) {
	if loc == nil || to == nil || to.state() == "" || loc.TaxAreaID != "" || !hasAddress(loc) || r.c.strict {
		return r.place(base, member, loc, role, d)
	}
	if p := r.cached(loc, d, role, true); p != nil {
		if p.subdivision != to.subdivision {
			return p, nil
		}
		return r.place(base, member, loc, role, d)
	}
	country, sub, ok := r.c.s.resolver.Region(r.postalAddress(loc))
	if !ok || sub == to.subdivision {
		return r.place(base, member, loc, role, d)
	}
	if err := r.checkConversion(base, member, loc, d); err != nil {
		return nil, err
	}
	p := r.c.newPlace()
	p.role, p.country, p.subdivision, p.conversion = role, country, sub, loc.CurrencyConversion
	r.remember(loc, d, true, p)
	return p, nil
}

// checkConversion refuses a location whose currencyConversion names a
// currency (coded) that the dataset does not know or one without minor
// units (checkAmountCurrency): the filing amounts of the taxes sited
// there are in it (calc.filing). A conversion into the
// document's own currency must be at the rate 1. A conversion into the
// former currency of a member state that had adopted the euro by d (the
// lev from 2026-01-01, the kuna from 2023-01-01: jurisdiction.EuroAdoption)
// is refused too: no tax is filed in it any more, the state's own filing
// in euros. Any other currency withdrawn by d is refused (checkInUse).
func (r *resolver) checkConversion(base, member string, loc *wire.Location, d civil.Date) error {
	conv := loc.CurrencyConversion
	if conv == nil {
		return nil
	}
	c := coded(conv.Currency)
	if c != nil {
		if _, err := r.c.s.checkAmountCurrency(base+member+".currencyConversion.currency", c); err != nil {
			return err
		}
	}
	cur, ok := r.c.s.currency(conv.Currency)
	if !ok {
		return nil
	}
	if conv.Rate != nil && cur.Alpha == r.c.d.currency.Alpha && !conv.Rate.Decimal().Equal(decimalOne) {
		return levy.Invalid(base+member+".currencyConversion.rate", "%s converts %s, the document's currency, into itself, so it must be 1", conv.Rate, cur.Alpha)
	}
	if a, ok := formerEuroCurrency(cur.Alpha); ok && !d.Before(a.From) {
		return levy.Invalid(base+member+".currencyConversion.currency",
			"is %s, which %s replaced by the euro on %s (%s): %s files its taxes in euros since that date, and %s is no filing currency on %s; convert into EUR",
			cur.Alpha, a.Country, dateString(a.From), a.Decision, a.Country, cur.Alpha, dateString(d))
	}
	if c != nil {
		return checkInUse(base+member+".currencyConversion.currency", c, cur, d)
	}
	return nil
}

// formerEuroCurrency returns the adoption of the euro that replaced the
// currency alpha (ISO 4217), and false when the euro replaced no
// currency of that code that Levy's table names.
func formerEuroCurrency(alpha string) (jurisdiction.EuroAdoption, bool) {
	for _, a := range jurisdiction.EuroAdoptions() {
		if a.Former != "" && a.Former == alpha {
			return a, true
		}
	}
	return jurisdiction.EuroAdoption{}, false
}

// cached returns the place of loc on d that the document resolved
// before, in role, or nil. The first places are found by pointer or by
// comparing locations; a map holds the rest.
func (r *resolver) cached(loc *wire.Location, d civil.Date, role wire.LocationRole, region bool) *place {
	var p *place
	for i := range r.recent {
		if e := &r.recent[i]; e.date == d && e.region == region && (e.loc == loc || sameLocation(e.loc, loc)) {
			p = e.p
			break
		}
	}
	if p == nil && r.places != nil {
		p = r.places[placeKeyOf(loc, d, region)]
	}
	if p == nil || p.conversion == loc.CurrencyConversion && p.role == role {
		return p
	}
	cp := r.c.newPlace()
	*cp = *p
	cp.role, cp.conversion = role, loc.CurrencyConversion
	return cp
}

// maxRecentPlaces bounds the places compared one by one.
const maxRecentPlaces = 8

// remember caches the place p of loc on d.
func (r *resolver) remember(loc *wire.Location, d civil.Date, region bool, p *place) {
	if len(r.recent) < maxRecentPlaces {
		r.recent = append(r.recent, recentPlace{loc, d, region, p})
		return
	}
	if r.places == nil {
		r.places = map[placeKey]*place{}
	}
	r.places[placeKeyOf(loc, d, region)] = p
}

// placeKeyOf is the map key of a location, whose currency conversion
// does not bear on its place.
func placeKeyOf(loc *wire.Location, d civil.Date, region bool) placeKey {
	k := placeKey{*loc, d, region}
	k.loc.CurrencyConversion, k.loc.TaxAreaLookup = nil, nil
	return k
}

// sameLocation reports whether two locations are the same place, their
// currency conversions (and the lookups a response echoed back shows)
// aside.
func sameLocation(a, b *wire.Location) bool {
	x, y := *a, *b
	x.CurrencyConversion, y.CurrencyConversion = nil, nil
	x.TaxAreaLookup, y.TaxAreaLookup = nil, nil
	return x == y
}

// hasAddress reports whether a location is looked up by its postal
// address: it sends one, and not only its country beside coordinates or
// a government code, which place it more closely (in that country).
func hasAddress(loc *wire.Location) bool {
	if countryOnly(loc) && (hasPoint(loc) || loc.ExternalJurisdictionCode != "") {
		return false
	}
	return loc.PostalCode != "" || loc.City != "" || loc.MainDivision != "" || loc.Country != "" || loc.StreetAddress1 != ""
}

// postalAddress is the address of a location, in the default country
// when it names none.
func (r *resolver) postalAddress(loc *wire.Location) wire.PostalAddress {
	a := wire.PostalAddress{StreetAddress1: loc.StreetAddress1, StreetAddress2: loc.StreetAddress2, City: loc.City,
		MainDivision: loc.MainDivision, SubDivision: loc.SubDivision, PostalCode: loc.PostalCode, Country: loc.Country}
	if a.Country == "" {
		a.Country = r.c.set.DefaultCountry
		if a.Country == "" {
			a.Country = "US"
		}
	}
	return a
}

// lookup finds the tax areas of a location: by tax area ID, by address,
// by coordinates or by government code, in that order of preference; a
// country alone beside coordinates or a code is where they must lie, and
// places the location only when they place it elsewhere or nowhere.
// base+member is the location's JSON path, for errors.
func (r *resolver) lookup(base, member string, loc *wire.Location, d civil.Date) (*wire.LookupResponse, error) {
	ctx, res := r.c.ctx, r.c.s.resolver
	switch {
	case loc.TaxAreaID != "":
		out, err := res.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: loc.TaxAreaID, AsOfDate: d})
		return out, rebase(err, "", base, member)
	case loc.ExternalJurisdictionCode != "" && brazilCountry(loc.Country):
		// A Brazilian municipality's IBGE code places it (brazil.go).
		out, err := res.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: loc.ExternalJurisdictionCode, Country: "BR", AsOfDate: d})
		return out, rebase(err, "", base, member)
	case hasAddress(loc):
		return r.byAddress(base, member, loc, d)
	case hasPoint(loc):
		lat, err1 := strconv.ParseFloat(loc.Latitude, 64)
		lng, err2 := strconv.ParseFloat(loc.Longitude, 64)
		if err1 != nil || err2 != nil {
			return nil, levy.Invalid(base+member, "latitude and longitude must both be decimal numbers")
		}
		out, err := res.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: lat, Longitude: lng}, AsOfDate: d})
		if err == nil && loc.Country != "" && !r.pointIn(out, loc.Country) {
			// A point that lies in no tax area, or (by the generalised
			// boundaries, near a border) in another country than the
			// location names: the country decides, as its address.
			return r.byAddress(base, member, loc, d)
		}
		return out, rebase(err, "coordinates", base, member)
	case loc.ExternalJurisdictionCode != "":
		country := loc.Country
		if country == "" {
			country = "US"
		}
		out, err := res.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: loc.ExternalJurisdictionCode, Country: country, AsOfDate: d})
		if err != nil && loc.Country != "" {
			// A code that the country's jurisdictions lack: the country
			// alone, when it is an address that places (not the US's).
			if byCountry, aerr := r.byAddress(base, member, loc, d); aerr == nil {
				return byCountry, nil
			}
		}
		return out, rebase(err, "", base, member)
	}
	return nil, levy.Invalid(base+member, "a location needs a taxAreaId, an address, coordinates or an externalJurisdictionCode")
}

// byAddress looks a location up by its postal address.
func (r *resolver) byAddress(base, member string, loc *wire.Location, d civil.Date) (*wire.LookupResponse, error) {
	out, err := r.c.s.resolver.LookupAddress(r.c.ctx, wire.AddressLookupRequest{PostalAddress: r.postalAddress(loc), AsOfDate: d})
	return out, rebase(err, "postalAddress", base, member)
}

// hasPoint reports whether a location sends coordinates.
func hasPoint(loc *wire.Location) bool { return loc.Latitude != "" || loc.Longitude != "" }

// countryOnly reports whether a location's address is its country and
// nothing else: with coordinates or a government code beside it, those
// place it, in that country.
func countryOnly(loc *wire.Location) bool {
	return loc.Country != "" && loc.PostalCode == "" && loc.City == "" && loc.MainDivision == "" && loc.SubDivision == "" &&
		loc.StreetAddress1 == "" && loc.StreetAddress2 == ""
}

// pointIn reports whether a coordinates lookup found a tax area in the
// country a location names (read as the address lookups read it).
func (r *resolver) pointIn(out *wire.LookupResponse, country string) bool {
	want, ok := r.c.s.resolver.Country(country)
	if !ok || len(out.LookupResults) == 0 || len(out.LookupResults[0].Jurisdictions) == 0 {
		return false // a bad country is named by the address lookup
	}
	id := out.LookupResults[0].Jurisdictions[0].JurisdictionID
	return id == want || strings.HasPrefix(id, want+"-")
}

// rebase moves the field paths of a lookup's errors under the location's
// path base+member: "postalAddress.postalCode" becomes
// "customer.destination.postalCode".
func rebase(err error, from, base, member string) error {
	if err == nil {
		return nil
	}
	to := base + member
	move := func(e *levy.Error) *levy.Error {
		f := strings.TrimPrefix(strings.TrimPrefix(e.Field, from), ".")
		switch {
		case f == "" || f == "taxAreaId" && from == "":
			if from == "" && f == "taxAreaId" {
				f = to + ".taxAreaId"
			} else {
				f = to
			}
		default:
			f = to + "." + f
		}
		code := e.Code
		if code == levy.ENotFound {
			code = levy.EInvalid // a location that matches nothing is bad input
		}
		return &levy.Error{Code: code, Field: f, Message: e.Message}
	}
	return levy.MapErrors(err, move)
}

// evidencePlace derives a destination from location evidence: forced
// evidence wins; otherwise the country most pieces agree on, with
// self-declaration, IP address, card BIN, payment method and other
// information in that order of weight for ties. The use it returns
// names the members that gave it (evidenceUse); nil when the evidence
// is nil. A country that is neither a country nor a VAT region Levy
// knows, in a member that names one, is refused naming the member (an
// IP address or card number that maps to no country is no error: it
// gives nothing); the use of evidence whose members give no country has
// no location.
func (r *resolver) evidencePlace(path string, ev *wire.LocationEvidence) (*evidenceUse, error) {
	if ev == nil {
		return nil, nil
	}
	if ev.Forced != nil && ev.Forced.Address.Country != "" {
		return &evidenceUse{path: path, from: "forced", address: "forced.address",
			loc: &wire.Location{Country: ev.Forced.Address.Country, MainDivision: ev.Forced.Address.MainDivision}}, nil
	}
	type vote struct {
		country, division string
		n, first          int
		from              []string
		divisionFrom      string
	}
	var votes []vote
	var errs levy.Errors
	add := func(member, field, country, division string) {
		alpha2 := ""
		if c, ok := r.c.s.codes.Country(country); ok {
			alpha2 = c.Alpha2
		} else if reg, ok := r.c.s.vat.RegionNamed(country); ok {
			// A VAT region of the dataset (XI, Northern Ireland): its
			// country, in the region (northernIrishPlace reads its name).
			alpha2, division = reg.Country, reg.Name
		} else {
			if field != "" {
				errs = append(errs, levy.Invalid(path+"."+field, "%q is not a country name or ISO 3166 code", country))
			}
			return
		}
		divFrom := ""
		if division != "" {
			divFrom = member
		}
		for i := range votes {
			if votes[i].country == alpha2 {
				votes[i].n++
				votes[i].from = append(votes[i].from, member)
				if votes[i].division == "" {
					votes[i].division, votes[i].divisionFrom = division, divFrom
				}
				return
			}
		}
		votes = append(votes, vote{alpha2, division, 1, len(votes), []string{member}, divFrom})
	}
	var sent []string
	if ev.SelfDeclaration != nil {
		sent = append(sent, "selfDeclaration")
		add("selfDeclaration", "selfDeclaration.address.country", ev.SelfDeclaration.Address.Country, ev.SelfDeclaration.Address.MainDivision)
	}
	if ev.IPAddress != nil {
		sent = append(sent, "ipAddress")
		if a, err := netip.ParseAddr(strings.TrimSpace(ev.IPAddress.Value)); err == nil {
			if c, ok := r.c.s.ips.Lookup(a); ok {
				add("ipAddress", "", c, "")
			}
		}
	}
	if ev.BIN != nil {
		sent = append(sent, "bin")
		if c, ok := r.c.s.bins.Lookup(ev.BIN.Value); ok {
			add("bin", "", c, "")
		}
	}
	if ev.PaymentMethod != nil {
		sent = append(sent, "paymentMethod")
		add("paymentMethod", "paymentMethod.country", ev.PaymentMethod.Country, "")
	}
	if ev.OtherCommerciallyRelevantInfo != nil {
		sent = append(sent, "otherCommerciallyRelevantInfo")
		add("otherCommerciallyRelevantInfo", "otherCommerciallyRelevantInfo.country", ev.OtherCommerciallyRelevantInfo.Country, "")
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if len(votes) == 0 {
		return &evidenceUse{path: path, from: strings.Join(sent, ", ")}, nil
	}
	best := votes[0]
	for _, v := range votes[1:] {
		if v.n > best.n {
			best = v
		}
	}
	u := &evidenceUse{path: path, from: strings.Join(best.from, ", "), loc: &wire.Location{Country: best.country, MainDivision: best.division}}
	switch best.divisionFrom {
	case "selfDeclaration":
		u.address = "selfDeclaration.address"
	case "":
	default:
		u.address = best.divisionFrom + ".country" // a VAT region named as the country
	}
	return u, nil
}

// registrations normalises a party's tax registrations and returns their
// validation results, in order: one result for each registration sent.
// The registrations returned are those for a VAT, GST or sales tax: a
// number that only identifies the party (TaxRegistrationType.Identity: a
// Commercial Registration, FEIN, SSN or TIN) sent for a whole country is
// validated and reported as before, but it registers the party nowhere
// and is no VAT number of it, so it is left out, and a party that sends
// only such numbers lists no registrations. Such a number sent for a
// state, a province or a jurisdiction within the country (mainDivision
// PA, jurisdictionId US-TX) is a registration there under that number,
// as it always was: a Texas taxpayer number built on the FEIN, a sole
// proprietor's permit under its SSN.
func (c *calc) registrations(regs []wire.TaxRegistration) ([]registration, []*wire.ValidationResult) {
	if len(regs) == 0 {
		return nil, nil
	}
	out := make([]registration, 0, len(regs))
	results := make([]*wire.ValidationResult, len(regs))
	for i := range regs {
		tr := &regs[i]
		r := registration{mainDivision: tr.MainDivision, jurisdictionID: strings.ToUpper(strings.TrimSpace(tr.JurisdictionID)),
			overrides: tr.NexusOverrides, imposition: impositionValue(tr.ImpositionType),
			union: tr.TaxRegistrationType == "Union Scheme", ioss: tr.TaxRegistrationType == "Import One Stop Shop",
			nonUnion: tr.TaxRegistrationType == "Non-Union Scheme"}
		if cc, ok := c.s.codes.Country(tr.ISOCountryCode); ok {
			r.country = cc.Alpha2
		} else {
			r.country = tr.ISOCountryCode
		}
		if r.country == "" {
			// Else the jurisdiction's country, else the country of the
			// VAT prefix the number is written with ("DE136695976").
			r.country = cmp.Or(idCountry(r.jurisdictionID), taxreg.PrefixCountry(tr.TaxRegistrationNumber))
		}
		r.country = registrationCountry(r.country)
		// The number is checked as its country's, under the prefix given:
		// a Monegasque registration's as a French number, a
		// Liechtenstein one's as Liechtenstein's own (NumberCountry).
		numberCountry := c.s.vat.NumberCountry(r.country, c.d.date)
		switch r.country {
		case "EL":
			// Greece's VAT prefix, which VIES and Greek invoices use for
			// the country: a registration in Greece, whose places are GR.
			r.country = "GR"
		case "XI":
			// A Northern Irish trader's United Kingdom VAT registration,
			// under the prefix it uses for goods with the EU: it covers
			// the United Kingdom's VAT, whose places (Belfast's too) are GB,
			// and its number counts as a number for goods
			// (jurisdiction.EUNumberState).
			r.country, r.northernIreland = "GB", true
		case "GB":
			// A United Kingdom registration whose number is written with
			// Northern Ireland's prefix is the same XI registration.
			if xiPrefixed(tr.TaxRegistrationNumber) {
				r.northernIreland, numberCountry = true, "XI"
			}
		}
		if r.mainDivision == "" {
			r.mainDivision, r.jurisdictionID = subdivisionRegistration(r.country, r.jurisdictionID)
		}
		r.country = c.s.vat.InVATArea(r.country, c.d.date)
		if r.mainDivision != "" && r.country != "" {
			if sub, ok := jurisdiction.SubdivisionOf(r.country, r.mainDivision); ok {
				r.mainDivision = sub.ID()
			}
		}
		if tr.TaxRegistrationNumber != "" {
			var vr *wire.ValidationResult
			switch {
			case r.ioss || r.nonUnion:
				vr = c.validateSchemeNumber(taxreg.Scheme(tr.TaxRegistrationType), numberCountry, tr.TaxRegistrationNumber)
			case tr.TaxRegistrationType.Identity():
				vr = validateIdentity(tr.TaxRegistrationType, numberCountry, tr.TaxRegistrationNumber)
			default:
				vr = c.validateNumber(numberCountry, tr.TaxRegistrationNumber)
			}
			r.number = vr.TaxRegistrationNumberNormalized
			// A number counts unless it is known to be invalid: a country
			// whose syntax Levy does not check still has registrations.
			r.syntaxValid = vr.ValidationInfo != wire.ValidationInfoSyntaxInvalid && vr.ValidationInfo != wire.ValidationInfoInvalidExternally
			if vr.IsValid != nil && !*vr.IsValid {
				r.syntaxValid = false
			}
			results[i] = vr
		}
		if !identityOnly(tr) {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		out = nil
	}
	return out, results
}

// identityOnly reports whether tr only identifies its party and
// registers it for no tax: a number of identity
// (TaxRegistrationType.Identity) sent for a whole country, with neither
// mainDivision nor jurisdictionId (registrations).
func identityOnly(tr *wire.TaxRegistration) bool {
	return tr.TaxRegistrationType.Identity() && tr.MainDivision == "" && strings.TrimSpace(tr.JurisdictionID) == ""
}

// sendsTaxRegistration reports whether regs holds a registration for a
// tax, one that is not identityOnly: a party that sends none, or only
// numbers that identify it, sends no registrations (registrations).
func sendsTaxRegistration(regs []wire.TaxRegistration) bool {
	for i := range regs {
		if !identityOnly(&regs[i]) {
			return true
		}
	}
	return false
}

// sendsIdentity reports whether regs holds a number that only
// identifies its party (identityOnly).
func sendsIdentity(regs []wire.TaxRegistration) bool {
	for i := range regs {
		if identityOnly(&regs[i]) {
			return true
		}
	}
	return false
}

// idCountry returns the country of a jurisdiction ID, its first part
// ("CA" of "CA-BC", "US" of "US-4819000"), or "" when id has no such
// part: a registration that names its jurisdiction alone is one in that
// jurisdiction's country.
func idCountry(id string) string {
	if len(id) < 2 || len(id) > 2 && id[2] != '-' {
		return ""
	}
	for i := 0; i < 2; i++ {
		if id[i] < 'A' || id[i] > 'Z' {
			return ""
		}
	}
	return id[:2]
}

// subdivisionRegistration reads the jurisdictionId of a registration of
// country that names no mainDivision: a state or province's own ID
// ("CA-BC", "US-TX") is that main division, as a profile's registration
// stored for it is (storedRegistration), so that it covers the taxes of
// the country that any registration in it covers (Canada's GST and HST)
// besides its own; any other ID stays a jurisdictionId.
func subdivisionRegistration(country, id string) (mainDivision, jurisdictionID string) {
	if len(id) > 3 && id[:2] == country && id[2] == '-' {
		if st, ok := jurisdiction.SubdivisionOf(country, id[3:]); ok && st.ID() == id {
			return id, ""
		}
	}
	return "", id
}

// validateNumber checks a tax registration number's syntax and check
// digits, then asks the external validator when one is configured.
func (c *calc) validateNumber(country, number string) *wire.ValidationResult {
	res := taxreg.Validate(country, number)
	vr := &wire.ValidationResult{TaxRegistrationNumberNormalized: res.Normalized, ValidationInfo: wire.ValidationInfo(res.Info)}
	if res.Info == taxreg.InfoValidationNotAvailable {
		return vr
	}
	ok := res.IsSyntaxValid
	vr.IsSyntaxValid = &ok
	if !ok {
		return vr
	}
	if c.s.validator == nil {
		// Syntax and check digits hold, but no service that knows the
		// registers is configured: say so rather than claim validity.
		vr.ValidationInfo = wire.ValidationInfoValidationNotAvailable
		return vr
	}
	c.s.validator.check(c.ctx, country, res.Normalized, vr)
	return vr
}

// validateIdentity checks a number that identifies a party (a
// Commercial Registration, FEIN, SSN or TIN: TaxRegistrationType.Identity)
// as what it is (taxreg.ValidateIdentity: a Danish CVR number as a CVR
// number, in its 8 digits; Brazil's CNPJ given as a TIN), never as a VAT
// number of its country, so that a German trade register number is not
// reported as a VAT number of invalid syntax, nor a CVR number written
// as the VAT number DK… . No external service is asked: the validators
// Levy plugs in (VIES) answer whether a number is registered for VAT,
// which a number of identity need not be, so a number of valid syntax is
// reported so, its registration not verified.
func validateIdentity(kind wire.TaxRegistrationType, country, number string) *wire.ValidationResult {
	return checkedOffline(taxreg.ValidateIdentity(string(kind), country, number))
}

// checkedOffline is the validation result of a number that no external
// service is asked about: its syntax and check digits as res found them,
// and, when they hold, ValidationNotAvailable for its registration.
func checkedOffline(res taxreg.Result) *wire.ValidationResult {
	vr := &wire.ValidationResult{TaxRegistrationNumberNormalized: res.Normalized, ValidationInfo: wire.ValidationInfo(res.Info)}
	if res.Info == taxreg.InfoValidationNotAvailable {
		return vr
	}
	ok := res.IsSyntaxValid
	vr.IsSyntaxValid = &ok
	if ok {
		vr.ValidationInfo = wire.ValidationInfoValidationNotAvailable
	}
	return vr
}

// validateSchemeNumber checks the number of a registration for one of
// the EU's schemes that give numbers of their own (the Import One Stop
// Shop's IM…, the non-Union scheme's EU…) in the scheme's form, with
// the code of state, the member state of identification
// (taxreg.ValidateScheme), rather than as that state's VAT number, which
// it never is. No external service is asked: the validators Levy plugs
// in check the member states' VAT numbers, so a number of valid syntax
// is reported so, its registration not verified.
func (c *calc) validateSchemeNumber(scheme taxreg.Scheme, state, number string) *wire.ValidationResult {
	return checkedOffline(taxreg.ValidateScheme(scheme, state, number))
}

// setValidation copies validation results into the response's copy of a
// registration list. It returns a new slice so the request is not changed.
func setValidation(regs []wire.TaxRegistration, results []*wire.ValidationResult) []wire.TaxRegistration {
	if len(results) == 0 {
		return regs
	}
	out := make([]wire.TaxRegistration, len(regs))
	copy(out, regs)
	for i, r := range results {
		if r != nil {
			out[i].ValidationResult = r
		}
	}
	return out
}

// impositionValue is the name an imposition type gives, trimmed; "" for
// none.
func impositionValue(t *wire.ImpositionType) string {
	if t == nil {
		return ""
	}
	return strings.TrimSpace(t.Value)
}

// registrationCountry is the country of a tax registration sent or stored
// as country: a special territory written as its ISO 3166-1 country (AX,
// Åland; GP, Guadeloupe) is its country's, as its addresses are
// (taxarea.TerritoryCountry): Åland's businesses hold Finnish VAT
// numbers, Guadeloupe's French ones, and the registration covers the
// country's VAT there. Any other country is itself.
func registrationCountry(country string) string {
	if id, _, ok := taxarea.TerritoryCountry(country); ok {
		return id[:2]
	}
	return country
}
