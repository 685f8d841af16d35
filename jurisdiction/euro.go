package jurisdiction

import "github.com/levytax/levy/civil"

// EuroAdoption is the day a member state of the European Union adopted
// the euro, and the Council decision that let it (the abrogation of its
// derogation under Article 140(2) TFEU, or, for the first eleven, the
// decision of 3 May 1998 under Article 109j(4) of the EC Treaty). Before
// From the state's currency was its own; Former names it when Levy's
// currency table holds it (the lats, the litas, the kuna and the lev,
// which a document of the content's dates may be in), "" when it does not
// (the mark, the franc and the other currencies that the euro replaced
// before 2014).
type EuroAdoption struct {
	Country  string     // ISO 3166-1 alpha-2; Greece is GR
	From     civil.Date // the first day of the euro
	Former   string     // ISO 4217 code of the currency before, "" when Levy does not hold it
	Decision string     // the Council decision, as the Official Journal cites it
}

// euroDecision1998 is the decision of the first eleven member states.
const euroDecision1998 = "Council Decision 98/317/EC of 3 May 1998 (OJ L 139, 11.5.1998)"

// euroAdoptions are the member states that have adopted the euro, in
// the order they did; each date and decision is the decision's (the
// ECB's list, www.ecb.europa.eu, "Our currency", gives the same days).
var euroAdoptions = [...]EuroAdoption{
	{"AT", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"BE", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"DE", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"ES", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"FI", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"FR", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"IE", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"IT", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"LU", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"NL", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"PT", civil.MustParse("1999-01-01"), "", euroDecision1998},
	{"GR", civil.MustParse("2001-01-01"), "", "Council Decision 2000/427/EC of 19 June 2000"},
	{"SI", civil.MustParse("2007-01-01"), "", "Council Decision 2006/495/EC of 11 July 2006"},
	{"CY", civil.MustParse("2008-01-01"), "", "Council Decision 2007/503/EC of 10 July 2007"},
	{"MT", civil.MustParse("2008-01-01"), "", "Council Decision 2007/504/EC of 10 July 2007"},
	{"SK", civil.MustParse("2009-01-01"), "", "Council Decision 2008/608/EC of 8 July 2008"},
	{"EE", civil.MustParse("2011-01-01"), "", "Council Decision 2010/416/EU of 13 July 2010"},
	{"LV", civil.MustParse("2014-01-01"), "LVL", "Council Decision 2013/387/EU of 9 July 2013"},
	{"LT", civil.MustParse("2015-01-01"), "LTL", "Council Decision 2014/509/EU of 23 July 2014"},
	{"HR", civil.MustParse("2023-01-01"), "HRK", "Council Decision (EU) 2022/1211 of 12 July 2022"},
	{"BG", civil.MustParse("2026-01-01"), "BGN", "Council Decision of 8 July 2025 on the adoption by Bulgaria of the euro on 1 January 2026"},
}

// EuroAdoptionOf returns the day country (ISO 3166-1 alpha-2) adopted the
// euro, and false for a country that has not: a member state outside the
// euro area, or a country outside the Union (one that uses the euro by
// agreement, or without one, adopted nothing).
func EuroAdoptionOf(country string) (EuroAdoption, bool) {
	for _, a := range euroAdoptions {
		if a.Country == country {
			return a, true
		}
	}
	return EuroAdoption{}, false
}

// EuroAdoptions returns every adoption of the euro, in the order of
// their days; the slice is the caller's.
func EuroAdoptions() []EuroAdoption {
	return append([]EuroAdoption(nil), euroAdoptions[:]...)
}
