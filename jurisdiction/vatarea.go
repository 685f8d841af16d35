package jurisdiction

import (
	"slices"

	"github.com/levytax/levy/civil"
)

// Countries inside another country's VAT area, as dated facts. A country
// listed here levies no VAT of its own in the period: the other
// country's VAT law applies on its territory, at that country's rates,
// and a supply between the two is a domestic one. Everything Levy decides
// from a place's country (the rates, the product classes' treatments,
// domestic or cross-border, membership of the EU's VAT area, the
// registrations that cover it) is then decided by the other country.
//
// A VAT special territory found by postcode inside a country
// (data.VATException) whose VAT is another country's (Büsingen, in
// Switzerland's) is listed by its jurisdiction ID; the other special
// territories (Jungholz, the Canary Islands) are in the territories
// table.
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
	// Büsingen am Hochrhein, a German exclave within Switzerland, is in
	// Switzerland's customs area under the Büsingen treaty of 23 November
	// 1964 (article 2(1)(g)): Switzerland levies its VAT on imports into
	// the municipality and on supplies made there (its VAT Act, MWSTG
	// article 3(a), counts the customs enclaves as its territory), and
	// Germany's VAT Act (UStG, § 1(2)) leaves it outside Germany. Keyed by
	// the territory's jurisdiction ID in the dataset; undated, as the
	// dataset's territory is.
	"DE-X-BÜSINGEN_AM_HOCHRHEIN": {{area: "CH"}},
}

// VATAreaChanges returns the countries (and special territories) that
// joined or left another country's VAT area on a day from from to to, both
// included (to zero for no end): Monaco on 1963-05-18, the Isle of Man on
// 1980-04-01. A lookup of a place there gives another tax area from that
// day, so the place's own tax area changed.
func VATAreaChanges(from, to civil.Date) []string {
	var out []string
	for id, ps := range vatAreas {
		for _, p := range ps {
			if p.period.ChangesWithin(from, to) {
				out = append(out, id)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

// vatAreaPeriod is a period in which a country belongs to the VAT area
// of another.
type vatAreaPeriod struct {
	area   string
	period civil.Period
}

// VATArea returns the country (ISO 3166-1 alpha-2) whose VAT applies in
// country (or the VAT special territory of that jurisdiction ID) on d
// when that is another country: France for Monaco, the
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

// TerritoryKind says how a VAT special territory stands to its country's
// VAT.
type TerritoryKind uint8

const (
	// RegionalRates: the territory is in its country's VAT area and the
	// EU's, and its own rates replace the country's there (the
	// territory's jurisdiction carries them). Supplies between it and the
	// rest of the country are domestic ones.
	RegionalRates TerritoryKind = iota + 1
	// OwnVAT: the territory is outside the EU's VAT area and forms a VAT
	// area of its own, where its country's VAT applies at the
	// territory's rates (the territory's jurisdiction carries them).
	// Goods sent between it and its country are exported and imported.
	OwnVAT
	// NoVAT: the territory is outside the EU's VAT area and no VAT that
	// Levy computes applies there; LocalTax names the local tax, if any,
	// that Levy does not compute.
	NoVAT
)

// SpecialTerritory is how a VAT special territory (one of the dataset's
// postcode exceptions, data.VATException) stands to its country's VAT in
// a period.
// A territory in another country's VAT area (Büsingen in Switzerland's)
// is in the vatAreas table instead, as Monaco is.
type SpecialTerritory struct {
	Kind TerritoryKind
	// Area names the VAT area the territory belongs to: its country's
	// code for RegionalRates, else a name of its own that two territories
	// share when goods moved between them are not exported (Guadeloupe and
	// Martinique).
	Area string
	// KeepsReduced says that only the standard rate is the territory's:
	// the country's other rates apply there as elsewhere in the country.
	KeepsReduced bool
	// LocalTax names a tax on supplies in the territory that Levy does not
	// compute, with its act, as a phrase ("the IGIC (...)"); "" when there
	// is none.
	LocalTax string
	period   civil.Period
}

// territories are the VAT special territories of the dataset's postcode
// exceptions, by jurisdiction ID, as dated facts. Articles 5 and 6 of the
// VAT Directive (2006/112/EC) leave Mount Athos, the Canary Islands and
// France's outermost regions (paragraph 1), Heligoland, Büsingen, Ceuta,
// Melilla and Livigno (paragraph 2) outside the territory where the
// directive applies, and Campione d'Italia with the Italian waters of Lake
// Lugano (paragraph 2 until Directive (EU) 2019/475 moved it to paragraph
// 1, from 2020-01-01): goods moved between them and the EU are exported
// and imported. The Azores and Madeira, and Jungholz and Mittelberg, are
// in the EU's VAT area and their country's, at rates of their own.
var territories = map[string][]SpecialTerritory{
	// Austria's VAT Act (UStG 1994, § 10) lowers the standard rate to 19%
	// (Germany's) for supplies made in the municipalities of Jungholz and
	// Mittelberg, which the treaties of 1868 and 1890 attach to Germany's
	// customs area; the reduced rates are Austria's there too.
	"AT-X-JUNGHOLZ":   {{Kind: RegionalRates, Area: "AT", KeepsReduced: true}},
	"AT-X-MITTELBERG": {{Kind: RegionalRates, Area: "AT", KeepsReduced: true}},
	// Article 18(3) of Portugal's VAT Code sets the autonomous regions'
	// own reduced, intermediate and standard rates (Decree-Law 347/85,
	// article 1, places a supply in a region by the criteria of article 6
	// of the Code: goods where they are when their dispatch begins).
	"PT-20": {{Kind: RegionalRates, Area: "PT"}},
	"PT-30": {{Kind: RegionalRates, Area: "PT"}},
	// The Canary Islands levy the IGIC instead of VAT (Law 20/1991 of 7
	// June); Ceuta and Melilla levy the IPSI (Law 8/1991 of 25 March).
	"ES-CN": {{Kind: NoVAT, Area: "ES-CN", LocalTax: "the IGIC (general indirect tax of the Canary Islands, Law 20/1991)"}},
	"ES-CE": {{Kind: NoVAT, Area: "ES-CE", LocalTax: "the IPSI (tax on production, services and imports, Law 8/1991)"}},
	"ES-ML": {{Kind: NoVAT, Area: "ES-ML", LocalTax: "the IPSI (tax on production, services and imports, Law 8/1991)"}},
	// France's VAT applies in Guadeloupe, Martinique and La Réunion at
	// the rates of article 296 of the General Tax Code (8.5% and 2.1%);
	// article 294 makes goods sent there from metropolitan France, or
	// from there to it, exports and imports, except between Guadeloupe
	// and Martinique (since Law 92-676 of 17 July 1992), and says that VAT
	// does not apply, for now, in Guyane and Mayotte. The dock dues
	// (octroi de mer) of the five are not computed.
	"FR-971": {{Kind: OwnVAT, Area: "FR-971-972"}},
	"FR-972": {{Kind: OwnVAT, Area: "FR-971-972"}},
	"FR-974": {{Kind: OwnVAT, Area: "FR-974"}},
	"FR-973": {{Kind: NoVAT, Area: "FR-973"}},
	"FR-976": {{Kind: NoVAT, Area: "FR-976"}},
	// Germany's VAT Act (UStG, § 1(2)) leaves Heligoland outside the
	// country for VAT. (Büsingen is in Switzerland's VAT area: vatAreas.)
	"DE-X-HELIGOLAND": {{Kind: NoVAT, Area: "DE-X-HELIGOLAND"}},
	// Greek VAT does not apply on Mount Athos.
	"GR-69": {{Kind: NoVAT, Area: "GR-69"}},
	// Italy's VAT Decree (DPR 633/1972, article 7) leaves Livigno and
	// Campione d'Italia outside the State for VAT. Campione joined the
	// EU's customs territory on 2020-01-01 (Regulation (EU) 2019/474) but
	// stays outside VAT, Italy's and Switzerland's alike; since then it
	// levies its local consumption tax (ILCCI, Law 160/2019, article 1,
	// paragraphs 559 to 572) at Switzerland's VAT rates, on supplies to
	// final consumers.
	"IT-X-LIVIGNO": {{Kind: NoVAT, Area: "IT-X-LIVIGNO"}},
	"IT-X-CAMPIONE_D_ITALIA": {
		{Kind: NoVAT, Area: "IT-X-CAMPIONE_D_ITALIA", period: civil.Period{Expiration: civil.MustParse("2019-12-31")}},
		{Kind: NoVAT, Area: "IT-X-CAMPIONE_D_ITALIA", LocalTax: "the ILCCI (local consumption tax, Law 160/2019, article 1(559-572))",
			period: civil.Period{Effective: civil.MustParse("2020-01-01")}},
	},
}

// VATTerritory returns how the VAT special territory whose jurisdiction
// ID is id stands to its country's VAT on d; ok is false for any other
// jurisdiction.
func VATTerritory(id string, d civil.Date) (t SpecialTerritory, ok bool) {
	for _, p := range territories[id] {
		if p.period.Contains(d) {
			return p, true
		}
	}
	return SpecialTerritory{}, false
}

// EU reports whether the territory is in the EU's VAT area (its country
// being a member state).
func (t SpecialTerritory) EU() bool { return t.Kind == RegionalRates }
