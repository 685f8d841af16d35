package taxarea

import (
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

// militaryRegion is one of the three "states" of the US military post
// offices (APO, FPO and DPO): the postal codes that stand for a state in
// their addresses, their names, and the first three digits of their ZIP
// codes (USPS Domestic Mail Manual, L002 3-digit ZIP Code prefix matrix).
type militaryRegion struct {
	code, name string
	lo, hi     string // the range of ZIP prefixes, inclusive
}

// militaryRegions are the regions of the military post offices.
var militaryRegions = []militaryRegion{
	{"AA", "Armed Forces Americas", "340", "340"},
	{"AE", "Armed Forces Europe", "090", "099"},
	{"AP", "Armed Forces Pacific", "962", "966"},
}

// militaryRegionOf returns the region whose code or name s (a cleansed
// mainDivision) is, or nil.
func militaryRegionOf(s string) *militaryRegion {
	for i := range militaryRegions {
		m := &militaryRegions[i]
		if strings.EqualFold(s, m.code) || strings.EqualFold(s, m.name) {
			return m
		}
	}
	return nil
}

// militaryZIP returns the region of a five-digit ZIP code of a military
// post office, or nil.
func militaryZIP(zip5 string) *militaryRegion {
	for i := range militaryRegions {
		if m := &militaryRegions[i]; len(zip5) == 5 && zip5[:3] >= m.lo && zip5[:3] <= m.hi {
			return m
		}
	}
	return nil
}

// militaryAddress answers a US address of a military post office (APO,
// FPO, DPO): one whose ZIP code is one of theirs, which the dataset does
// not know (they serve bases, ships and embassies abroad, no land of a
// state), or, without a ZIP code, whose mainDivision is AA, AE or AP.
// ok is false for any other address. Such an address lies in no state,
// so in no state's or local sales tax area: the answer is the United
// States' own tax area, with no state or local tax, and a status that
// says so, where the lookup answered that the ZIP code is not known or
// that AE is not a state. A mainDivision that the ZIP code contradicts
// (a state, or another of the three) is flagged as a state beside
// another state's ZIP code is.
func (r *Resolver) militaryAddress(a wire.PostalAddress, zip5, plus4 string, d civil.Date) ([]wire.LookupResult, bool) {
	byState := militaryRegionOf(a.MainDivision)
	m := byState
	if zip5 != "" {
		if m = militaryZIP(zip5); m == nil {
			return nil, false
		}
		if _, known := r.postal.Find(zip5); known {
			return nil, false
		}
	}
	us := r.areas.of("US")
	if m == nil || us == nil {
		return nil, false
	}
	conf := confExact
	var statuses []wire.Status
	if a.MainDivision != "" && byState != m {
		statuses = append(statuses, wire.Status{LookupResult: wire.BadRegionFields, Field: "postalCode",
			Value: "ZIP code " + zip5 + " serves military post offices of " + m.code + " (" + m.name + "), not " + a.MainDivision})
		conf = confRegionBroken
	}
	what := "ZIP code " + zip5 + " serves"
	if zip5 == "" {
		what = m.code + " is"
	}
	statuses = append(statuses, wire.Status{LookupResult: wire.Normal,
		Value: what + " US military post offices (APO, FPO, DPO) of " + m.name + ", which lie in no state: the tax area is the United States' alone, with no state or local sales tax"})
	res := r.result(us, d, conf, statuses...)
	postal := zip5
	if plus4 != "" {
		postal += "-" + plus4
	}
	city := ""
	if a.City != "" && !data.PlaceKeyEmpty(a.City) {
		city = strings.ToUpper(a.City)
	}
	res.PostalAddresses = []wire.PostalAddress{{StreetAddress1: a.StreetAddress1, StreetAddress2: a.StreetAddress2,
		City: city, MainDivision: m.code, PostalCode: postal, Country: "USA"}}
	return []wire.LookupResult{res}, true
}
