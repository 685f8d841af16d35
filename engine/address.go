package engine

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// AddressCheck is how a calculation takes a location whose address the
// tax area lookup finds at fault: a state or province that its postal
// code contradicts, a ZIP code of another state, a city that does not
// contain the ZIP code, an unknown state or an unknown ZIP code. Whatever the check, a location that no tax area
// matches is refused, and a response shows, on its copy of every
// location it resolved, the tax area (taxAreaId) and what the lookup
// found (taxAreaLookup: the confidence and the statuses).
type AddressCheck string

const (
	// AddressLenient taxes the location where the lookup places it (by
	// its postal code, mostly), and lets the response say what the
	// lookup found. It is the default.
	AddressLenient AddressCheck = "lenient"
	// AddressStrict refuses the calculation with an EInvalid error whose
	// field is the JSON path of the member at fault: mainDivision for an
	// unknown state (IGNORED_REGION_FIELDS), postalCode for a postal
	// code that contradicts the state or province or is unknown
	// (BAD_REGION_FIELDS), city for a city that does not contain the ZIP
	// code (BAD_REGION_FIELDS), streetAddress1 for
	// BAD_STREET_INFORMATION.
	// A seller's origin is then always resolved whole, to be checked,
	// where the lenient check may stop at its state.
	AddressStrict AddressCheck = "strict"
)

// ParseAddressCheck reads an address check by its name, lenient or
// strict.
func ParseAddressCheck(s string) (AddressCheck, error) {
	c := AddressCheck(s)
	if c == "" || !c.valid() {
		return "", fmt.Errorf("engine: address check %q is not %s or %s", s, AddressLenient, AddressStrict)
	}
	return c, nil
}

// valid reports whether c is an address check; empty is the default.
func (c AddressCheck) valid() bool { return c == "" || c == AddressLenient || c == AddressStrict }

// strictAddresses reports whether the calculations of the tenant of ctx
// check addresses strictly.
func (s *Settings) strictAddresses(ctx context.Context) bool {
	c := s.AddressCheck
	if len(s.TenantAddressCheck) > 0 {
		if tc := s.TenantAddressCheck[levy.Tenant(ctx)]; tc != "" {
			c = tc
		}
	}
	return c == AddressStrict
}

// addressFault returns the error with which the strict address check
// refuses location loc at JSON path path, when the lookup's result lr
// found its address at fault, and nil when it did not. The error names
// the member at fault (the status's Field, else the member its kind
// implies), or the location when that member is empty.
func addressFault(path string, loc *wire.Location, lr *wire.LookupResult) error {
	for _, st := range lr.Statuses {
		member := st.Field
		switch {
		case member != "" && st.LookupResult != wire.Normal:
		case st.LookupResult == wire.IgnoredRegionFields:
			member = "mainDivision"
		case st.LookupResult == wire.BadRegionFields:
			member = "postalCode"
		case st.LookupResult == wire.BadStreetInformation:
			member = "streetAddress1"
		default:
			continue
		}
		value := addressMember(loc, member)
		if value != "" {
			path += "." + member
		}
		what := string(st.LookupResult)
		if st.Value != "" {
			what = st.Value + " (" + what + ")"
		}
		return levy.Invalid(path, "%s: the strict address check refuses an address that the tax area lookup finds at fault; correct it, or send the location's taxAreaId", what)
	}
	return nil
}

// addressMember returns the member of loc's address named by its JSON
// name, "" for any other name.
func addressMember(loc *wire.Location, member string) string {
	switch member {
	case "streetAddress1":
		return loc.StreetAddress1
	case "streetAddress2":
		return loc.StreetAddress2
	case "city":
		return loc.City
	case "mainDivision":
		return loc.MainDivision
	case "subDivision":
		return loc.SubDivision
	case "postalCode":
		return loc.PostalCode
	case "country":
		return loc.Country
	}
	return ""
}

// located is a response's copy of a location with what its lookup
// found, allocated together.
type located struct {
	loc    wire.Location
	lookup wire.TaxAreaLookup
}

// locatedCopy returns wire location loc for a response: a copy with the
// tax area that p, its place, was found in (taxAreaId, when loc names
// none) and the lookup's confidence and notable statuses. A location
// resolved to its state alone, or not at all, keeps no taxAreaLookup,
// not even one the request sent; otherwise loc itself is returned.
func locatedCopy(loc *wire.Location, p *place) *wire.Location {
	if loc == nil || (p == nil || p.lookup == nil) && loc.TaxAreaLookup == nil {
		return loc
	}
	cp := &located{loc: *loc}
	cp.loc.TaxAreaLookup = nil
	if p != nil && p.lookup != nil {
		if cp.loc.TaxAreaID == "" {
			cp.loc.TaxAreaID = p.taxAreaID
		}
		cp.lookup.ConfidenceIndicator = p.lookup.ConfidenceIndicator
		cp.lookup.Statuses = notable(p.lookup.Statuses)
		cp.loc.TaxAreaLookup = &cp.lookup
	}
	return &cp.loc
}

// notable returns the statuses of a lookup that say something, as the
// wire writes them: all but a plain NORMAL. It returns nil when none
// does.
func notable(sts []wire.Status) []wire.TaxAreaLookupStatus {
	var out []wire.TaxAreaLookupStatus
	for _, st := range sts {
		if st.LookupResult == wire.Normal && st.Value == "" {
			continue
		}
		out = append(out, wire.TaxAreaLookupStatus{LookupResult: st.LookupResult, Value: st.Value})
	}
	return out
}

// placeOf returns the place that the first leaf of tree (the leaves of
// a document, or of one line) resolved wire location loc to, or nil.
func placeOf(tree []lineIn, loc *wire.Location) *place {
	p, _ := placeLineOf(tree, loc)
	return p
}

// locatable is a wire party with locations (see partyLocations).
type locatable[T any] interface {
	*T
}

// partyLocations returns pointers to the members of a wire party (a
// *Seller, *Customer, *Vendor, *Buyer or *Owner) that hold its
// locations: its origins, its destinations, or, for an owner, both.
func partyLocations(p any) [2]**wire.Location {
	switch p := p.(type) {
	case *wire.Seller:
		return [2]**wire.Location{&p.PhysicalOrigin, &p.AdministrativeOrigin}
	case *wire.Customer:
		return [2]**wire.Location{&p.Destination, &p.AdministrativeDestination}
	case *wire.Vendor:
		return [2]**wire.Location{&p.PhysicalOrigin, &p.AdministrativeOrigin}
	case *wire.Buyer:
		return [2]**wire.Location{&p.Destination, &p.AdministrativeDestination}
	case *wire.Owner:
		return [2]**wire.Location{&p.PhysicalOrigin, &p.Destination}
	}
	panic(fmt.Sprintf("engine: %T is not a wire party", p))
}

// locatedParty returns party p for a response, each of its locations
// with what the lookup found (locatedCopy) at the place that the leaves
// of tree resolved it to: a copy of p when a location changes, p itself
// otherwise, and nil for nil. A location's filing currency is named
// from the ISO 4217 table of s.
func locatedParty[T any, P locatable[T]](s *snapshot, p P, tree []lineIn) P {
	if p == nil {
		return nil
	}
	var out P
	for k, slot := range partyLocations(p) {
		loc := *slot
		if loc == nil {
			continue
		}
		cp := locatedCopy(loc, placeOf(tree, loc))
		if cc := loc.CurrencyConversion; cc != nil {
			// The filing currency, named as every currency of a response.
			if named := s.named(cc.Currency); named != cc.Currency {
				if cp == loc {
					c := *loc
					cp = &c
				}
				conv := *cc
				conv.Currency = named
				cp.CurrencyConversion = &conv
			}
		}
		if cp == loc {
			continue
		}
		if out == nil {
			v := *p
			out = &v
		}
		*partyLocations(out)[k] = cp
	}
	if out == nil {
		return p
	}
	return out
}
