package engine

import (
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// Northern Ireland under the Windsor Framework (the Protocol on
// Ireland/Northern Ireland, Article 8 and Annex 3; the VAT Act 1994,
// Schedules 9ZA and 9ZB; see jurisdiction.WindsorFramework). From
// 2021-01-01 goods moved between Northern Ireland and a member state
// follow the EU's intra-community rules, with Northern Ireland standing
// as the member state XI:
//
//   - to a business that gives a valid number of another member state
//     than the one the goods leave (an XI number for goods arriving in
//     Northern Ireland), the supply is exempt where the goods leave and
//     the business accounts for the acquisition where they arrive
//     (eu-reverse-charge; in Northern Ireland, NI acquisition VAT at the
//     United Kingdom's rates, Schedule 9ZA);
//   - to a consumer, it is a distance sale: the seller's VAT at or below
//     the EU's threshold of EUR 10,000, which counts the sales into
//     Northern Ireland and from it with those between member states
//     (VATNIEU3720), the VAT where the goods arrive above it or under the
//     One Stop Shop (Schedule 9ZB, paragraph 29; the United Kingdom's
//     rates in Northern Ireland);
//   - goods between Northern Ireland and a country outside the EU are
//     exported and imported, as before.
//
// Northern Ireland stays in the United Kingdom's VAT area (place.vatArea
// is GB): goods moved between it and Great Britain are domestic supplies
// at the United Kingdom's rates, and services to or from it follow the
// United Kingdom's rules alone (the Protocol covers goods only), so they
// are not counted as EU distance sales either.
//
// Levy's tax areas do not tell Belfast from London (both are the United
// Kingdom's, GB), so the engine reads Northern Ireland from the location
// the request sends (northernIrishPlace), by the dataset's VAT region XI
// (jurisdiction.VATRegion, the curated table vat-regions.csv): a country
// written XI (or Northern Ireland), which the address lookup reads as the
// United Kingdom's; else a postcode of the region's postcode area BT,
// which is Northern Ireland's alone; without a postcode, a mainDivision
// that names Northern Ireland or one of its six counties; without either,
// coordinates within the region's box. A location given by its tax area
// ID alone is taken to be in Great Britain.

// northernIrishPlace reports whether a location that the lookup put in
// country lies in Northern Ireland, the VAT region XI of the dataset's
// geography vat: the region's country, and a country field that names
// the region, else the first of its postcode, its mainDivision and its
// coordinates that it sends. Without the region in vat, nothing is.
func northernIrishPlace(vat *jurisdiction.VATGeography, country string, loc *wire.Location) bool {
	const xi = jurisdiction.NorthernIrelandCode
	if in, ok := vat.RegionCountry(xi); !ok || in != country {
		return false
	}
	if r, ok := vat.RegionNamed(loc.Country); ok && r.Code == xi {
		return true
	}
	switch {
	case strings.TrimSpace(loc.PostalCode) != "":
		return vat.RegionHasPostcode(xi, loc.PostalCode)
	case strings.TrimSpace(loc.MainDivision) != "":
		return vat.RegionHasDivision(xi, loc.MainDivision)
	case loc.Latitude != "" && loc.Longitude != "":
		lat, err1 := strconv.ParseFloat(strings.TrimSpace(loc.Latitude), 64)
		lng, err2 := strconv.ParseFloat(strings.TrimSpace(loc.Longitude), 64)
		return err1 == nil && err2 == nil && vat.RegionHasPoint(xi, lat, lng)
	}
	return false
}

// windsor reports whether goods at the place follow the EU's VAT rules
// on d as Northern Ireland's (jurisdiction.WindsorFramework).
func (p *place) windsor(d civil.Date) bool {
	return p.northernIreland && jurisdiction.WindsorFramework(d)
}

// goodsState returns the member state that the EU's VAT rules on goods
// put the place in on d: XI for Northern Ireland from 2021, else its
// country; ok is false for a place outside the EU's VAT area for goods.
func (p *place) goodsState(d civil.Date) (state string, ok bool) {
	if p.windsor(d) {
		return jurisdiction.NorthernIrelandCode, true
	}
	return p.country, p.euVAT(d)
}

// intraEU reports whether a supply from orig to dest follows the EU's
// intra-community rules on d, and the member states it leaves and
// reaches: both places in the EU's VAT area, or, for goods, either in
// Northern Ireland from 2021 (the state XI) and the other in a member
// state. Services to or from Northern Ireland follow the United
// Kingdom's rules, outside the EU's.
func intraEU(orig, dest *place, goods bool, d civil.Date) (from, to string, ok bool) {
	if orig.euVAT(d) && dest.euVAT(d) {
		return orig.country, dest.country, true
	}
	if !goods {
		return "", "", false
	}
	from, okFrom := orig.goodsState(d)
	to, okTo := dest.goodsState(d)
	return from, to, okFrom && okTo && from != to
}

// stateName names a member state for a reason: its code, or Northern
// Ireland's name with XI.
func stateName(state string) string {
	if state == jurisdiction.NorthernIrelandCode {
		return "Northern Ireland (XI)"
	}
	return state
}

// stateVAT names the VAT of a member state for a reason: the United
// Kingdom's for Northern Ireland, which levies no VAT of its own.
func stateVAT(state string) string {
	if state == jurisdiction.NorthernIrelandCode {
		return "the United Kingdom's VAT of Northern Ireland (XI)"
	}
	return "the VAT of " + state
}

// vatNumberOf reports whether the party holds a VAT number of valid
// syntax that identifies it in member state state for goods: for XI, a
// United Kingdom registration given under Northern Ireland's prefix (a
// GB number does not identify a trader for goods with the EU).
func (p *party) vatNumberOf(state string) bool {
	if state != jurisdiction.NorthernIrelandCode {
		return p.vatNumberIn(state)
	}
	for _, r := range p.regs {
		if r.northernIreland && r.number != "" && r.syntaxValid {
			return true
		}
	}
	return false
}

// xiPrefixed reports whether a VAT number is written with Northern
// Ireland's prefix XI (separators and case aside).
func xiPrefixed(number string) bool {
	n := strings.TrimLeft(strings.ToUpper(strings.TrimSpace(number)), " .-/")
	return strings.HasPrefix(n, jurisdiction.NorthernIrelandCode)
}

// intrastatCode returns the code of place p in an Intrastat declaration
// of goods moved on d: XI for Northern Ireland from 2021, which the
// member states name as the partner and Northern Ireland's traders
// declare under (HMRC Notice 60), else its country.
func intrastatCode(p *place, d civil.Date) string {
	if p.windsor(d) {
		return jurisdiction.NorthernIrelandCode
	}
	return p.country
}
