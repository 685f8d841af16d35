package jurisdiction

import (
	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// LowValue is a country's limit for goods imported in low-value
// consignments that a seller from abroad sells to its consumers: at or
// below it (below it, when Strict), a seller registered for the scheme
// charges the country's VAT or GST at the point of sale; above it, the
// tax is collected at the border on the import and the seller charges
// none.
type LowValue struct {
	// Scheme names the rules for a reason ("the United Kingdom's £135
	// rule").
	Scheme string
	// From is the first day the limit applies.
	From civil.Date
	// Currency is the ISO 4217 code of Amount.
	Currency string
	// Amount is the limit, on the intrinsic value of the goods (their
	// price, net of tax, transport and insurance).
	Amount decimal.Decimal
	// Strict says that only a value below Amount is within the limit
	// (Norway's "under NOK 3,000"); otherwise a value equal to it is too.
	Strict bool
	// PerItem says that the limit is on each item (a line's unit price),
	// not on the consignment (the document's goods).
	PerItem bool
	// EU says that the limit is the Union's, which a seller meets through
	// the Import One Stop Shop (IOSS) registration rather than one in the
	// member state of arrival.
	EU bool
	// BusinessReverseCharge says that a business customer that gives its
	// VAT number of the country accounts for the tax on a consignment
	// within the limit by reverse charge (the United Kingdom's rule);
	// without it a business customer keeps the rules of goods sold from
	// abroad that apply without the limit.
	BusinessReverseCharge bool
	// Source cites the law.
	Source string
}

// lowValueLimits are the dated limits, by country; the key "EU" stands
// for every member state of the EU's VAT area. They are a small table in
// code, as the EU distance-sales threshold is, rather than curated data:
// each row carries a rule of its own (per consignment or per item, at or
// below the amount or strictly below it, a registration of the country or
// the Union's IOSS) that a rate table has no columns for, and they change
// by statute, rarely.
//
// Switzerland has no such row: from 2019-01-01 a foreign seller whose
// small consignments (import tax of CHF 5 or less) reach CHF 100,000 a
// year registers (MWSTG, article 7(3)(b)) and its sales into Switzerland
// are then domestic supplies whatever their value, which is what a
// registration in CH already makes Levy do.
var lowValueLimits = map[string][]LowValue{
	"GB": {{
		Scheme: "the United Kingdom's £135 rule", From: civil.MustParse("2021-01-01"), Currency: "GBP", Amount: decimal.NewFromInt(135), BusinessReverseCharge: true,
		Source: "VAT Act 1994 as amended by the Taxation (Post-transition Period) Act 2020 (goods in consignments not exceeding £135: " +
			"the seller charges UK VAT at sale, a UK VAT-registered business customer accounts for it by reverse charge, no import VAT); " +
			"HMRC, VAT and overseas goods sold directly to customers in the UK",
	}},
	"EU": {{
		Scheme: "the EU's €150 Import One Stop Shop (IOSS)", From: civil.MustParse("2021-07-01"), Currency: "EUR", Amount: decimal.NewFromInt(150), EU: true,
		Source: "VAT Directive 2006/112/EC, articles 369l to 369x and 143(1)(ca), as amended by Directives (EU) 2017/2455 and 2019/1995, " +
			"applied from 2021-07-01 (Council Decision (EU) 2020/1109): distance sales of goods imported in consignments of an intrinsic value not exceeding EUR 150",
	}},
	"AU": {{
		Scheme: "Australia's A$1,000 low value goods rule", From: civil.MustParse("2018-07-01"), Currency: "AUD", Amount: decimal.NewFromInt(1000),
		Source: "A New Tax System (Goods and Services Tax) Act 1999, Subdivision 84-C (offshore supplies of low value goods, customs value A$1,000 or less), " +
			"inserted by the Treasury Laws Amendment (GST Low Value Goods) Act 2017; goods reasonably expected to be a taxable importation " +
			"(a consignment over A$1,000) meet GST at the border",
	}},
	"NZ": {{
		Scheme: "New Zealand's NZ$1,000 low-value goods rule", From: civil.MustParse("2019-12-01"), Currency: "NZD", Amount: decimal.NewFromInt(1000),
		Source: "Goods and Services Tax Act 1985 (distantly taxable goods, NZ$1,000 or less, sold to consumers by a registered offshore supplier), " +
			"as amended by the Taxation (Annual Rates for 2019-20, GST Offshore Supplier Registration, and Remedial Matters) Act 2019",
	}},
	"NO": {{
		Scheme: "Norway's VOEC scheme", From: civil.MustParse("2020-04-01"), Currency: "NOK", Amount: decimal.NewFromInt(3000), Strict: true, PerItem: true,
		Source: "Merverdiavgiftsloven (VOEC, the simplified scheme for low-value goods: goods of a value under NOK 3,000 each, shipping and insurance excluded, " +
			"sold from abroad to consumers in Norway)",
	}},
}

// LowValueLimit returns the low-value import limit of country
// (ISO 3166-1 alpha-2) in force on d, and false where none is (before
// its first day, or in a country without one). A member state of the
// EU's VAT area on d has the Union's limit.
func LowValueLimit(country string, d civil.Date) (LowValue, bool) {
	rows := lowValueLimits[country]
	if EUMember(country, d) {
		rows = lowValueLimits["EU"]
	}
	for i := len(rows) - 1; i >= 0; i-- {
		if !d.Before(rows[i].From) {
			return rows[i], true
		}
	}
	return LowValue{}, false
}

// Within reports whether value, in the limit's currency, is within it.
func (v LowValue) Within(value decimal.Decimal) bool {
	if v.Strict {
		return value.LessThan(v.Amount)
	}
	return value.LessThanOrEqual(v.Amount)
}
