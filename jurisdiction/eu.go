package jurisdiction

import (
	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// The European Union's VAT area as dated facts: which countries belong to
// it on a date, and the union-wide threshold of cross-border sales to
// consumers below which a seller may charge its own member state's VAT.
// The engine reads them here, by the date of a document, so that a
// document of 2020 between Great Britain and France follows the rules of
// 2020.

// euMembership is the period in which each country belongs to the EU VAT
// area, by ISO 3166-1 alpha-2 code (Greece is GR here, whatever its VAT
// prefix). Effective is the date of accession (the founding members and
// the first enlargements are given from their accession, long before any
// document Levy calculates); the United Kingdom left at the end of the
// transition period, 2020-12-31.
var euMembership = map[string]civil.Period{
	"BE": {Effective: civil.MustParse("1958-01-01")},
	"DE": {Effective: civil.MustParse("1958-01-01")},
	"FR": {Effective: civil.MustParse("1958-01-01")},
	"IT": {Effective: civil.MustParse("1958-01-01")},
	"LU": {Effective: civil.MustParse("1958-01-01")},
	"NL": {Effective: civil.MustParse("1958-01-01")},
	"DK": {Effective: civil.MustParse("1973-01-01")},
	"IE": {Effective: civil.MustParse("1973-01-01")},
	"GB": {Effective: civil.MustParse("1973-01-01"), Expiration: civil.MustParse("2020-12-31")},
	"GR": {Effective: civil.MustParse("1981-01-01")},
	"ES": {Effective: civil.MustParse("1986-01-01")},
	"PT": {Effective: civil.MustParse("1986-01-01")},
	"AT": {Effective: civil.MustParse("1995-01-01")},
	"FI": {Effective: civil.MustParse("1995-01-01")},
	"SE": {Effective: civil.MustParse("1995-01-01")},
	"CY": {Effective: civil.MustParse("2004-05-01")},
	"CZ": {Effective: civil.MustParse("2004-05-01")},
	"EE": {Effective: civil.MustParse("2004-05-01")},
	"HU": {Effective: civil.MustParse("2004-05-01")},
	"LT": {Effective: civil.MustParse("2004-05-01")},
	"LV": {Effective: civil.MustParse("2004-05-01")},
	"MT": {Effective: civil.MustParse("2004-05-01")},
	"PL": {Effective: civil.MustParse("2004-05-01")},
	"SI": {Effective: civil.MustParse("2004-05-01")},
	"SK": {Effective: civil.MustParse("2004-05-01")},
	"BG": {Effective: civil.MustParse("2007-01-01")},
	"RO": {Effective: civil.MustParse("2007-01-01")},
	"HR": {Effective: civil.MustParse("2013-07-01")},
}

// EUMember reports whether country (ISO 3166-1 alpha-2) belongs to the
// European Union's VAT area on d.
func EUMember(country string, d civil.Date) bool {
	p, ok := euMembership[country]
	return ok && p.Contains(d)
}

// EUMembership returns the period in which country (ISO 3166-1 alpha-2)
// belongs to the European Union's VAT area, and false for a country that
// never has.
func EUMembership(country string) (civil.Period, bool) {
	p, ok := euMembership[country]
	return p, ok
}

// EUNumberState returns the member state whose VAT identification a
// number under prefix gives on d, for goods: the prefix itself when it is
// a member state's, GR for Greece's EL, and XI, Northern Ireland's, from
// 2021-01-01, when the Protocol on Ireland/Northern Ireland let its
// traders keep EU numbers for goods (XI names Northern Ireland as the
// state goods leave or arrive in, under the Windsor Framework: see
// EUGoodsMember); ok is false for any other prefix.
func EUNumberState(prefix string, d civil.Date) (state string, ok bool) {
	if prefix == "EL" {
		prefix = "GR"
	}
	return prefix, EUGoodsMember(prefix, d)
}

// northernIrelandProtocol is the day the Protocol on Ireland/Northern
// Ireland took effect for VAT on goods: the end of the United Kingdom's
// transition period.
var northernIrelandProtocol = civil.MustParse("2021-01-01")

// EUMembers returns the countries that belong to the European Union's VAT
// area on d, in no particular order.
func EUMembers(d civil.Date) []string {
	var out []string
	for c, p := range euMembership {
		if p.Contains(d) {
			out = append(out, c)
		}
	}
	return out
}

// euDistanceThresholds are the dated values of the union-wide threshold
// of Article 59c of the VAT Directive, in euros: EUR 10,000 of
// cross-border supplies to consumers in the current and the previous
// calendar year. It applies to electronic services from 2019-01-01 and,
// with the e-commerce package, to distance sales of goods as well from
// 2021-07-01; before 2019 there is none.
var euDistanceThresholds = []struct {
	from  civil.Date
	value decimal.Decimal
}{
	{civil.MustParse("2019-01-01"), decimal.NewFromInt(10000)},
}

// EUDistanceThreshold returns the union-wide threshold of cross-border
// sales to consumers, in euros, in force on d, and false before there was
// one.
func EUDistanceThreshold(d civil.Date) (decimal.Decimal, bool) {
	for i := len(euDistanceThresholds) - 1; i >= 0; i-- {
		if t := euDistanceThresholds[i]; !d.Before(t.from) {
			return t.value, true
		}
	}
	return decimal.Decimal{}, false
}
