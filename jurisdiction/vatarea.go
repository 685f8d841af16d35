package jurisdiction

import "github.com/levytax/levy/civil"

// Countries inside another country's VAT area, as dated facts. A country
// listed here levies no VAT of its own in the period: the other
// country's VAT law applies on its territory, at that country's rates,
// and a supply between the two is a domestic one. Everything Levy decides
// from a place's country (the rates, the product classes' treatments,
// domestic or cross-border, membership of the EU's VAT area, the
// registrations that cover it) is then decided by the other country.
//
// VAT special territories found by postcode inside a country (Jungholz,
// the Canary Islands) are data of the dataset instead
// (data.VATException); these are whole countries with ISO 3166-1 codes of
// their own.
var vatAreas = map[string][]vatAreaPeriod{
	// Monaco applies France's turnover taxes on the same basis and at
	// the same rates as France under Article 15 of the Franco-Monegasque
	// tax convention signed on 18 May 1963 (made enforceable in Monaco by
	// Sovereign Order 3.037 of 19 August 1963); its businesses get French
	// VAT numbers. Article 7 of the VAT Directive (2006/112/EC) says that
	// Monaco is not a third territory for the directive (paragraph 1) and
	// has the member states treat supplies from or to Monaco as supplies
	// from or to France (paragraph 2). The period starts on the
	// convention's date.
	"MC": {{area: "FR", period: civil.Period{Effective: civil.MustParse("1963-05-18")}}},
	// The Isle of Man and the United Kingdom form a single area for VAT
	// under the Customs and Excise Agreement signed on 15 October 1979,
	// given effect by the Value Added Tax (Isle of Man) Order 1980 (SI
	// 1980/183) from 1 April 1980: the island keeps VAT at the United
	// Kingdom's rates and coverage (Value Added Tax Act 1996 of Tynwald),
	// HMRC treats supplies between the two as supplies within the United
	// Kingdom, and Manx businesses get GB numbers. Article 7 of the VAT
	// Directive treated supplies from or to the island as from or to the
	// United Kingdom while the United Kingdom was in the EU's VAT area
	// (to 2020-12-31), which EUMember("GB") already says.
	"IM": {{area: "GB", period: civil.Period{Effective: civil.MustParse("1980-04-01")}}},
}

// vatAreaPeriod is a period in which a country belongs to the VAT area
// of another.
type vatAreaPeriod struct {
	area   string
	period civil.Period
}

// VATArea returns the country (ISO 3166-1 alpha-2) whose VAT applies in
// country on d when that is another country: France for Monaco, the
// United Kingdom for the Isle of Man. ok is false for a country that is
// in no other's VAT area on d (it is its own, or has no VAT).
func VATArea(country string, d civil.Date) (area string, ok bool) {
	for _, p := range vatAreas[country] {
		if p.period.Contains(d) {
			return p.area, true
		}
	}
	return "", false
}
