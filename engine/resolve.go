package engine

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/taxreg"
)

// placeKey identifies a location in the per-document cache.
type placeKey struct {
	loc  Location
	date civil.Date
}

// resolver resolves the locations of one document, each once.
type resolver struct {
	c      *calc
	places map[placeKey]*place
}

// place resolves a wire location to its tax area on date d. path is the
// location's JSON path, used in errors. A nil location gives nil.
func (r *resolver) place(path string, loc *Location, role LocationRole, d civil.Date) (*place, error) {
	if loc == nil {
		return nil, nil
	}
	k := placeKey{*loc, d}
	k.loc.CurrencyConversion = nil
	if p, ok := r.places[k]; ok {
		if p.conversion == loc.CurrencyConversion && p.role == role {
			return p, nil
		}
		cp := *p
		cp.role, cp.conversion = role, loc.CurrencyConversion
		return &cp, nil
	}
	res, err := r.lookup(path, loc, d)
	if err != nil {
		return nil, err
	}
	if len(res.LookupResults) == 0 || len(res.LookupResults[0].Jurisdictions) == 0 {
		return nil, levy.Invalid(path, "no tax area matches this location")
	}
	lr := res.LookupResults[0]
	p := &place{role: role, chain: lr.Jurisdictions, taxAreaID: lr.TaxAreaID, conversion: loc.CurrencyConversion}
	p.country = lr.Jurisdictions[0].JurisdictionID
	if len(p.country) > 2 {
		p.country = p.country[:2]
	}
	if len(lr.Jurisdictions) > 1 {
		if id := lr.Jurisdictions[1].JurisdictionID; len(id) == 5 && id[2] == '-' {
			p.subdivision = id
		}
	}
	if r.places == nil {
		r.places = map[placeKey]*place{}
	}
	r.places[k] = p
	return p, nil
}

// lookup finds the tax areas of a location: by tax area ID, by address,
// by coordinates or by government code, in that order of preference.
func (r *resolver) lookup(path string, loc *Location, d civil.Date) (*taxarea.LookupResponse, error) {
	ctx, res := r.c.ctx, r.c.s.resolver
	switch {
	case loc.TaxAreaID != "":
		out, err := res.LookupTaxAreaID(ctx, taxarea.TaxAreaIDLookupRequest{TaxAreaID: loc.TaxAreaID, AsOfDate: d})
		return out, rebase(err, "", path)
	case loc.PostalCode != "" || loc.City != "" || loc.MainDivision != "" || loc.Country != "" || loc.StreetAddress1 != "":
		a := taxarea.PostalAddress{StreetAddress1: loc.StreetAddress1, StreetAddress2: loc.StreetAddress2, City: loc.City,
			MainDivision: loc.MainDivision, SubDivision: loc.SubDivision, PostalCode: loc.PostalCode, Country: loc.Country}
		if a.Country == "" {
			a.Country = r.c.s.settings.DefaultCountry
			if a.Country == "" {
				a.Country = "US"
			}
		}
		out, err := res.LookupAddress(ctx, taxarea.AddressLookupRequest{PostalAddress: a, AsOfDate: d})
		return out, rebase(err, "postalAddress", path)
	case loc.Latitude != "" || loc.Longitude != "":
		lat, err1 := strconv.ParseFloat(loc.Latitude, 64)
		lng, err2 := strconv.ParseFloat(loc.Longitude, 64)
		if err1 != nil || err2 != nil {
			return nil, levy.Invalid(path, "latitude and longitude must both be decimal numbers")
		}
		out, err := res.LookupCoordinates(ctx, taxarea.CoordinatesLookupRequest{Coordinates: &taxarea.Coordinates{Latitude: lat, Longitude: lng}, AsOfDate: d})
		return out, rebase(err, "coordinates", path)
	case loc.ExternalJurisdictionCode != "":
		out, err := res.LookupExternal(ctx, taxarea.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: loc.ExternalJurisdictionCode, Country: "US", AsOfDate: d})
		return out, rebase(err, "", path)
	}
	return nil, levy.Invalid(path, "a location needs a taxAreaId, an address, coordinates or an externalJurisdictionCode")
}

// rebase moves the field paths of a lookup's errors under the location's
// path: "postalAddress.postalCode" becomes "customer.destination.postalCode".
func rebase(err error, from, to string) error {
	if err == nil {
		return nil
	}
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
		return &levy.Error{Code: e.Code, Field: f, Message: e.Message}
	}
	var list levy.Errors
	if errors.As(err, &list) {
		out := make(levy.Errors, len(list))
		for i, e := range list {
			out[i] = move(e)
		}
		return out
	}
	var one *levy.Error
	if errors.As(err, &one) {
		m := move(one)
		if m.Code == levy.ENotFound {
			m.Code = levy.EInvalid // a location that matches nothing is bad input
		}
		return m
	}
	return err
}

// evidencePlace derives a destination from location evidence: forced
// evidence wins; otherwise the country most pieces agree on, with
// self-declaration, IP address, card BIN, payment method and other
// information in that order of weight for ties.
func (r *resolver) evidencePlace(path string, ev *LocationEvidence) *Location {
	if ev == nil {
		return nil
	}
	if ev.Forced != nil && ev.Forced.Address.Country != "" {
		return &Location{Country: ev.Forced.Address.Country, MainDivision: ev.Forced.Address.MainDivision}
	}
	type vote struct {
		country, division string
		n, first          int
	}
	var votes []vote
	add := func(country, division string) {
		c, ok := r.c.s.codes.Country(country)
		if !ok {
			return
		}
		for i := range votes {
			if votes[i].country == c.Alpha2 {
				votes[i].n++
				if votes[i].division == "" {
					votes[i].division = division
				}
				return
			}
		}
		votes = append(votes, vote{c.Alpha2, division, 1, len(votes)})
	}
	if ev.SelfDeclaration != nil {
		add(ev.SelfDeclaration.Address.Country, ev.SelfDeclaration.Address.MainDivision)
	}
	if ev.IPAddress != nil {
		if a, err := netip.ParseAddr(strings.TrimSpace(ev.IPAddress.Value)); err == nil {
			if c, ok := r.c.s.ips.Lookup(a); ok {
				add(c, "")
			}
		}
	}
	if ev.BIN != nil {
		if c, ok := r.c.s.bins.Lookup(ev.BIN.Value); ok {
			add(c, "")
		}
	}
	if ev.PaymentMethod != nil {
		add(ev.PaymentMethod.Country, "")
	}
	if ev.OtherCommerciallyRelevantInfo != nil {
		add(ev.OtherCommerciallyRelevantInfo.Country, "")
	}
	if len(votes) == 0 {
		return nil
	}
	best := votes[0]
	for _, v := range votes[1:] {
		if v.n > best.n {
			best = v
		}
	}
	return &Location{Country: best.country, MainDivision: best.division}
}

// registrations normalises a party's tax registrations and returns their
// validation results, in order.
func (c *calc) registrations(regs []TaxRegistration) ([]registration, []*ValidationResult) {
	if len(regs) == 0 {
		return nil, nil
	}
	out := make([]registration, len(regs))
	results := make([]*ValidationResult, len(regs))
	for i := range regs {
		tr := &regs[i]
		r := registration{mainDivision: tr.MainDivision, jurisdictionID: tr.JurisdictionID, overrides: tr.NexusOverrides,
			union: tr.TaxRegistrationType == "Union Scheme" || tr.TaxRegistrationType == "Import One Stop Shop"}
		if cc, ok := c.s.codes.Country(tr.ISOCountryCode); ok {
			r.country = cc.Alpha2
		} else {
			r.country = tr.ISOCountryCode
		}
		if r.mainDivision != "" && r.country != "" {
			if sub, ok := jurisdiction.SubdivisionOf(r.country, r.mainDivision); ok {
				r.mainDivision = sub.ID()
			}
		}
		if tr.TaxRegistrationNumber != "" {
			vr := c.validateNumber(r.country, tr.TaxRegistrationNumber)
			r.number = vr.TaxRegistrationNumberNormalized
			// A number counts unless it is known to be invalid: a country
			// whose syntax Levy does not check still has registrations.
			r.syntaxValid = vr.ValidationInfo != ValidationInfoSyntaxInvalid && vr.ValidationInfo != ValidationInfoInvalidExternally
			if vr.IsValid != nil && !*vr.IsValid {
				r.syntaxValid = false
			}
			results[i] = vr
		}
		out[i] = r
	}
	return out, results
}

// validateNumber checks a tax registration number's syntax and check
// digits, then asks the external validator when one is configured.
func (c *calc) validateNumber(country, number string) *ValidationResult {
	res := taxreg.Validate(country, number)
	vr := &ValidationResult{TaxRegistrationNumberNormalized: res.Normalized, ValidationInfo: ValidationInfo(res.Info)}
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
		vr.ValidationInfo = ValidationInfoValidationNotAvailable
		return vr
	}
	c.s.validator.check(c.ctx, country, res.Normalized, vr)
	return vr
}

// setValidation copies validation results into the response's copy of a
// registration list. It returns a new slice so the request is not changed.
func setValidation(regs []TaxRegistration, results []*ValidationResult) []TaxRegistration {
	if len(results) == 0 {
		return regs
	}
	out := make([]TaxRegistration, len(regs))
	copy(out, regs)
	for i, r := range results {
		if r != nil {
			out[i].ValidationResult = r
		}
	}
	return out
}
