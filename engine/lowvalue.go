package engine

import (
	"fmt"
	"github.com/levytax/levy/civil"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// The rule names of the assisted parameter (paramName currency,
// originalValue the document's currency) that says how a country's
// low-value import limit decided a line of goods sold from abroad
// (data.Jurisdictions.LowValueLimit).
const (
	// LowValueWithinRule: the consignment is within the limit; a seller
	// registered for the scheme charges the tax at sale (rule
	// import-registered-seller), or a business customer with its number
	// of the country (the United Kingdom, Australia, New Zealand,
	// Singapore) accounts for it (ImportReverseChargeRule).
	LowValueWithinRule = "low-value-import"
	// LowValueAboveRule: the consignment is above the limit; the tax is
	// collected at the border on the import (import-at-border, or
	// export-zero-rated where the country of dispatch has a VAT).
	LowValueAboveRule = "low-value-import-above"
	// LowValueUnconvertedRule: the document's currency is not the
	// limit's and nothing in the request converts it (the destination's
	// currencyConversion, a currencyConversionFactors entry), so the
	// limit was not weighed and the line was decided as before the
	// limits: a registered seller charges the tax on goods of any value.
	LowValueUnconvertedRule = "low-value-import-unconverted"
)

// ImportReverseChargeRule is the rule ID of goods in a consignment
// within a low-value limit whose row has BusinessReverseCharge, sold from
// abroad to a business that gave its VAT or GST number of the country:
// £135 or less to a business in the United Kingdom with its UK VAT
// number, A$1,000 or less to an Australian GST-registered business with
// its ABN, NZ$1,000 or less to a New Zealand GST-registered business
// with its GST number, S$400 or less an item to a Singapore GST-registered
// business with its number. The seller charges none; the business
// accounts for any tax due by reverse charge.
const ImportReverseChargeRule = "import-reverse-charge"

// lowValue decides a line of goods sold from outside the VAT area of
// dest to a customer there, under the country's low-value import limit
// in force on the document's date. done is true when the limit decided
// the line: within it, a seller registered for the scheme (the country's
// registration, or for the EU, and for Northern Ireland from 2021-07-01
// (iossNorthernIreland), the Import One Stop Shop) charges the tax at
// sale, and a business customer with its VAT or GST number of the
// country accounts for it by reverse charge where the country's row says
// so (jurisdiction.LowValue.BusinessReverseCharge: the United Kingdom,
// Australia, New Zealand, Singapore); above it, the goods meet the tax at the border:
// one NONTAXABLE record at the destination (import-at-border) whose
// reason names the limit. When done is false, the
// situs may still carry an assisted note (lowValue, lowValueRule) that
// the caller's decision adds: the limit could not be weighed for want of
// a conversion.
//
// A document is one consignment: its goods lines of the same seller
// company to the same country are added up (per item, a line's unit
// price, where the limit is on each item, Norway's), at their extended
// amounts net of discounts, freight and insurance left out as the
// intrinsic value leaves them out, and a tax-included amount net of the
// VAT or GST it includes (calc.intrinsic).
// Returns (negative amounts) are a consignment of their own, weighed by
// their size (consignment). Goods to Northern Ireland are a consignment
// apart from goods to Great Britain from 2021-07-01 (consignmentArea).
// A seller registered in the country of arrival that imports the goods
// itself, delivered duty paid, is not decided by the limit above it, nor
// by the EU's when it is not registered for the Import One Stop Shop
// (done is false): its supply is made in that country whatever their
// value, in a member state and in the countries of importerLaw (the
// United Kingdom, Australia, Norway), not in New Zealand
// (importDecided, sellerImports).
// Consumers and businesses without a number of the country are treated
// alike, as the schemes treat them; a business customer in a country
// whose row has no BusinessReverseCharge keeps the rules that applied
// before (the EU's IOSS covers distance sales, which are to consumers).
// Australia taxes at sale only the low value goods sold to consumers: a
// GST-registered business that gives its ABN and states that it is
// registered is not charged GST, and pays any GST due under the reverse
// charge when it could not claim the whole as a credit (A New Tax System
// (Goods and Services Tax) Act 1999, Subdivision 84-C; ATO, "GST on low
// value imported goods", the pages on sales to GST-registered businesses
// and for business purchasers,
// https://www.ato.gov.au/Business/International-tax-for-business/GST-on-low-value-imported-goods/Sales-of-LVIG-to-GST---registered-businesses/).
// New Zealand's rules on distantly taxable goods (Goods and Services Tax
// Act 1985, section 4B, and section 8 on their place of supply) likewise do not apply to goods sold
// to a GST-registered business for its business that gives its GST
// number (Inland Revenue, "What low value goods are",
// https://www.ird.govt.nz/gst/gst-for-overseas-businesses/gst-on-low-value-imported-goods/what-low-value-goods-are).
// The customer's registration of the country with a number of valid
// syntax stands for that statement, as for the United Kingdom's.
func (c *calc) lowValue(l *line, dest *place, b2b bool) (st situs, done bool) {
	border := func(why string) situs {
		return situs{at: dest, role: dest.role, none: true, ruleID: "import-at-border", reason: why + importNote(dest)}
	}
	if serviceClass(l.productClass) {
		return situs{}, false
	}
	lim, ok := c.s.jur.LowValueLimit(dest.country, c.d.date)
	if !ok || lim.EU && !dest.euVAT(c.d.date) {
		return situs{}, false
	}
	reverse := false
	switch {
	case lim.BusinessReverseCharge && l.customer.vatNumberIn(dest.country):
		reverse = true
	case b2b && !lim.BusinessReverseCharge:
		return situs{}, false
	}
	// ioss: the limit is met through the Import One Stop Shop, the EU's in
	// a member state, and Northern Ireland's at the United Kingdom's £135.
	ioss := lim.EU
	if !reverse && iossNorthernIreland(dest, c.d.date) {
		ioss = true
		lim.Scheme = "Northern Ireland's £135 Import One Stop Shop (IOSS), the EU's rules on imported goods under the Windsor Framework"
		lim.Source = "Windsor Framework (Protocol on Ireland/Northern Ireland), Article 8 and Annex 3, applying VAT Directive 2006/112/EC, " +
			"articles 369l to 369x, from 2021-07-01; HMRC, Check if you can register for the VAT Import One Stop Shop Scheme " +
			"(goods located outside the EU and Northern Ireland, consignments of £135 or less, sold to consumers in Northern Ireland), " +
			"and VAT and overseas goods sold directly to customers in the UK (without IOSS, import VAT is charged on such goods sold to customers in Northern Ireland)"
	}
	registered := l.seller.registeredInArea(dest)
	// importer: the seller imports the goods into a country where it is
	// registered, delivered duty paid, and the country's law makes its
	// supply one made there whatever their value (a member state: VAT
	// Directive, article 32, second paragraph; the United Kingdom,
	// Australia, Norway: importerLaw); importDecided lets it charge the
	// country's tax. Within the limit the limit decides as for any
	// seller (the seller charges, or a business accounts for the tax by
	// reverse charge).
	importer := registered && c.sellerImports(l) && (lim.EU || importerLaw(dest.country) != "")
	if ioss {
		registered = l.seller.importScheme()
		if !registered && importer {
			return situs{}, false
		}
		if !registered && !b2b && l.seller.registeredInArea(dest) {
			// Without IOSS the import VAT is collected at the border,
			// whatever the value: a registration in the member state of
			// arrival does not let the seller charge it at sale.
			why := fmt.Sprintf("the seller is not registered for the Import One Stop Shop (IOSS): the import VAT is collected at the border, whatever the consignment's value (%s)", lim.Source)
			st = border(why)
			st.lowValue, st.lowValueRule = why, LowValueAboveRule
			return st, true
		}
	}
	if !registered && !reverse {
		return situs{}, false
	}
	value, how, ok := c.consignmentValue(l, dest, lim)
	if !ok {
		return situs{lowValue: fmt.Sprintf("the document's amounts are in %s and nothing in the request converts them to %s (no currencyConversion of the destination in %s, no currencyConversionFactors from %s to %s): %s was not weighed, and the line is decided as without it",
			c.d.currency.Alpha, lim.Currency, lim.Currency, c.d.currency.Alpha, lim.Currency, lim.Scheme), lowValueRule: LowValueUnconvertedRule}, false
	}
	limit := lim.Currency + " " + lim.Amount.String()
	within := lim.Within(value)
	what := fmt.Sprintf("%s %s (%s)", lim.Currency, value.StringFixed(2), how)
	switch {
	case !within && importer:
		return situs{}, false
	case !within:
		why := fmt.Sprintf("%s is above %s (%s): the tax is collected at the border on the import, not by the seller (%s)", what, limit, lim.Scheme, lim.Source)
		st = border(why)
		st.lowValue, st.lowValueRule = why, LowValueAboveRule
		return st, true
	case reverse:
		why := fmt.Sprintf("%s is within %s (%s) and the customer is a business that gave its VAT or GST number of %s: the seller charges none, and the business accounts for any tax due by reverse charge (%s)", what, limit, lim.Scheme, dest.country, lim.Source)
		return situs{at: dest, role: dest.role, reverse: true, ruleID: ImportReverseChargeRule, reason: why,
			lowValue: why, lowValueRule: LowValueWithinRule}, true
	}
	who := "the seller, registered in " + dest.country + ","
	if ioss {
		who = "the seller, registered for the Import One Stop Shop (IOSS),"
	}
	why := fmt.Sprintf("%s is within %s (%s): %s charges %s's tax at sale, and none is collected at the border (%s)", what, limit, lim.Scheme, who, dest.country, lim.Source)
	return situs{at: dest, role: dest.role, ruleID: "import-registered-seller", oss: ioss, reason: why,
		lowValue: why, lowValueRule: LowValueWithinRule}, true
}

// consignmentValue returns the value that lim is weighed against for
// line l, in lim's currency, and says what it is: the document's goods
// of l's seller company to dest's country, or l's unit price where the
// limit is per item. An amount in another currency than lim's is
// converted at the rate of the destination's currencyConversion into
// lim's currency, else at a currencyConversionFactors entry from the
// document's currency to lim's; ok is false when neither is sent.
func (c *calc) consignmentValue(l *line, dest *place, lim jurisdiction.LowValue) (decimal.Decimal, string, bool) {
	var sum decimal.Decimal
	how := "the document's goods to " + consignmentAreaName(dest, c.d.date) + ", one consignment"
	included := l.taxIncluded
	if lim.PerItem {
		sum = c.intrinsic(l, dest).Abs()
		if l.qty.Sign() > 0 {
			// A line of less than one unit is one item (rules.Items).
			sum = sum.DivRound(rules.Items(l.qty), 4)
		}
		how = "the line's price of one item"
	} else {
		sum, included = c.consignment(l, dest)
	}
	if l.amount.Sign() < 0 {
		how += ", a return weighed by its size"
	}
	if included {
		how += ", tax-included prices net of the VAT or GST they include"
	}
	if c.d.currency.Alpha == lim.Currency {
		return sum, how, true
	}
	r, src, ok := c.conversionTo(dest, "the destination's", lim.Currency)
	if !ok {
		return decimal.Decimal{}, "", false
	}
	return sum.Mul(r).Round(2), how + fmt.Sprintf(", %s %s at %s %s", c.d.currency.Alpha, sum.StringFixed(2), src, r.String()), true
}

// importScheme reports whether the party is registered for the EU's
// Import One Stop Shop (IOSS), the special scheme for distance sales of
// goods imported from third countries (VAT Directive, articles 369l to
// 369x): registrationType "Import One Stop Shop".
func (p *party) importScheme() bool {
	for _, r := range p.regs {
		if r.ioss {
			return true
		}
	}
	return false
}

// consignment is the sum of a document's goods lines of one seller
// company to one country and of one sign (calc.consignments): returned
// goods are a consignment of their own, held as a positive size.
// included says that a line of it was tax-included.
type consignment struct {
	company, country, from string
	returned, included     bool
	sum                    decimal.Decimal
}

// consignment returns the intrinsic value (calc.intrinsic) of the
// document's goods lines of l's seller company whose destination (else
// administrative destination) is in dest's consignment area
// (consignmentArea: its country, Northern Ireland apart from Great
// Britain) from the country l is sent from, and whether one of them was
// tax-included: one consignment, as a document is one (goods from the
// seller's stock in the country of arrival, or from another country, are
// not part of it). A return (a
// negative amount) credits goods that were a consignment of their own,
// so the document's returns are added up apart from its sales and their
// size is returned: a return is within the limit when the goods it
// returns were, and a sale is not brought within it by a return on the
// same document. Each sum is taken once per document.
func (c *calc) consignment(l *line, dest *place) (decimal.Decimal, bool) {
	country := consignmentArea(dest, c.d.date)
	returned := l.amount.Sign() < 0
	from := originCountry(l)
	for _, k := range c.consignments {
		if k.company == l.seller.company && k.country == country && k.from == from && k.returned == returned {
			return k.sum, k.included
		}
	}
	var sum decimal.Decimal
	included := false
	for _, o := range c.d.lines {
		p := firstPlace(o.dest, o.adminDest)
		if serviceClass(o.productClass) || p == nil || consignmentArea(p, c.d.date) != country || o.seller.company != l.seller.company ||
			originCountry(o) != from || (o.amount.Sign() < 0) != returned {
			continue
		}
		included = included || o.taxIncluded
		sum = sum.Add(c.intrinsic(o, p).Abs())
	}
	c.consignments = append(c.consignments, consignment{company: l.seller.company, country: country, from: from,
		returned: returned, included: included, sum: sum})
	return sum, included
}

// intrinsic returns the part of line o's amount that a low-value limit
// weighs: the intrinsic value of the goods, which leaves out the VAT or
// GST of the country of arrival (jurisdiction.LowValue.Amount: the price
// net of tax, transport and insurance). For the United Kingdom's £135:
// HMRC, "VAT and overseas goods sold directly to customers in the UK",
// the consignment value is the intrinsic value, the price the goods were
// sold for without transport and insurance costs (unless included in the
// price and not shown apart) and without any other identifiable taxes and
// charges, https://www.gov.uk/guidance/vat-and-overseas-goods-sold-directly-to-customers-in-the-uk.
// For the EU's EUR 150: the VAT Directive, article 369l (goods in
// consignments of an intrinsic value not exceeding EUR 150), and the
// Commission's Explanatory Notes on VAT e-commerce rules (September 2020),
// chapter 5, whose intrinsic value is the price of the goods without
// transport and insurance and without taxes and charges identifiable by
// the customs, so without the VAT.
//
// An amount that excludes the tax is weighed as it is. A tax-included
// one (taxIncludedIndicator) is the price of the goods and the VAT the
// seller charges when the consignment is within the limit; the VAT comes
// out the way backCalculate finds a net: o's taxes are computed at dest,
// as the seller registered for the scheme charges them at sale
// (importRegisteredSitus), on the gross, and the gross is divided by one
// plus their rate (the VAT or GST they come to over the gross and the
// freight). Only VAT and GST come out, nothing else the price may bear.
// Weighing that net is consistent either way: a net within the limit is
// charged that VAT at sale, and above it the seller charges none, so the
// whole price is the goods' and it is larger still. A line of a class
// the destination does not tax (the United Kingdom's books) has no VAT
// to take out, and a line that cannot be computed is weighed whole (its
// computation fails again, and says why, when the line is calculated).
func (c *calc) intrinsic(o *line, dest *place) decimal.Decimal {
	gross := o.amount
	if !o.taxIncluded || gross.Sign() == 0 || c.d.mode == modeDistribute {
		return gross
	}
	if lim, ok := c.s.jur.LowValueLimit(dest.country, c.d.date); ok && lim.BusinessReverseCharge && o.customer.vatNumberIn(dest.country) {
		// The business accounts for the VAT or GST by reverse charge: the
		// price includes none.
		return gross
	}
	return c.netOfVAT(o, importRegisteredSitus(dest))
}

// netOfVAT returns line o's tax-included amount without the VAT or GST
// that it includes when it is taxed under st: o's taxes are computed
// under st on the gross, and the gross is divided by one plus their rate
// (the VAT or GST they come to over the gross and the freight), rounded
// to the currency's minor units, the way backCalculate finds a net. Only
// VAT and GST come out, not fixed charges nor any other imposition; an
// amount that excludes the tax, a line that cannot be computed, and one
// that st does not tax, are returned as they are. intrinsic (a low-value
// limit) and ownDistanceSales (the EU's distance-sales threshold) weigh
// tax-included prices so.
func (c *calc) netOfVAT(o *line, st situs) decimal.Decimal {
	gross := o.amount
	if !o.taxIncluded || gross.Sign() == 0 || c.d.mode == modeDistribute || st.at == nil {
		return gross
	}
	taxes, ok := c.taxesOnCopy(o, &st)
	if !ok {
		return gross
	}
	vat := decimal.Zero
	for i := range taxes {
		t := &taxes[i]
		if t.counted() && !t.fixedCharge() && (t.imposition == jurisdiction.VAT || t.imposition == jurisdiction.GST) {
			vat = vat.Add(t.raw)
		}
	}
	return c.grossLess(gross, o.freight, vat)
}

// taxesOnCopy computes line o's taxes under st on its amount, on a copy
// of the line, so that neither the line's own taxes nor the document's
// template and cap state move; false when they cannot be computed.
func (c *calc) taxesOnCopy(o *line, st *situs) ([]taxOut, bool) {
	tmp := *o
	tmp.taxes, tmp.lacking = nil, nil
	plain, capUsed := c.plain, c.capUsed
	c.plain = false
	defer func() { c.plain, c.capUsed = plain, capUsed }()
	for ji := range st.at.chain {
		if err := c.jurisdictionTaxes(&tmp, st, &st.at.chain[ji], st.role, anyTax, o.amount); err != nil {
			return nil, false
		}
	}
	return tmp.taxes, true
}

// grossLess returns gross without the tax it includes: gross divided by
// one plus the rate tax comes to over gross and freight, rounded to the
// currency's minor units, the way backCalculate finds a net; gross as it
// is when there is no tax.
func (c *calc) grossLess(gross, freight, tax decimal.Decimal) decimal.Decimal {
	d := gross.Add(freight)
	if tax.Sign() == 0 || d.Sign() == 0 {
		return gross
	}
	places := int32(max(c.d.currency.MinorUnits, 0))
	return gross.DivRound(decimalOne.Add(tax.DivRound(d, 20)), places)
}

// importRegisteredSitus is the situs of goods within a low-value limit
// whose seller charges the tax of dest at sale (rule
// import-registered-seller), as intrinsic computes it: under the
// country's tax whatever the seller's registrations, since what is
// weighed is the tax a price includes when it is charged.
func importRegisteredSitus(dest *place) situs {
	return situs{at: dest, role: dest.role, ruleID: "import-registered-seller", oss: true}
}

// consignmentArea is the area whose goods on a document are one
// consignment for a low-value limit: the country of p, except that from
// 2021-07-01 goods to Northern Ireland (iossNorthernIreland) are a
// consignment apart from those to Great Britain ("XI"), since the two
// follow different rules (Northern Ireland the EU's Import One Stop Shop
// under the Windsor Framework, Great Britain the United Kingdom's £135
// rule) and goods to each are delivered apart: a parcel to London and
// one to Belfast are two consignments (HMRC, "VAT and overseas goods
// sold directly to customers in the UK", and "Check if you can register
// for the VAT Import One Stop Shop Scheme"). Before 2021-07-01 both
// follow the United Kingdom's rule and are one country's goods, as two
// addresses in one member state are.
func consignmentArea(p *place, d civil.Date) string {
	if iossNorthernIreland(p, d) {
		return "XI"
	}
	return p.country
}

// consignmentAreaName names consignmentArea(p, d) for a reason.
func consignmentAreaName(p *place, d civil.Date) string {
	if iossNorthernIreland(p, d) {
		return "Northern Ireland"
	}
	return p.country
}

// originCountry is the country a line's goods are sent from (its
// physical origin, else its administrative origin), "" when it has none.
func originCountry(l *line) string {
	if p := firstPlace(l.origin, l.adminOrigin); p != nil {
		return p.country
	}
	return ""
}

// ecommerceFrom is the first day of the EU's VAT e-commerce package
// (Council Directives (EU) 2017/2455 and 2019/1995, applied from
// 2021-07-01 by Council Decision (EU) 2020/1109): the Import One Stop Shop,
// the Union scheme's distance sales of goods and services of every kind,
// and the non-Union scheme's services of every kind.
var ecommerceFrom = civil.Date{Year: 2021, Month: 7, Day: 1}

// iossNorthernIreland reports whether goods imported at dest on d follow
// the EU's rules for low-value imports as Northern Ireland's: dest is in
// Northern Ireland (place.windsor) and the Import One Stop Shop is in
// force. The Windsor Framework (the Protocol on Ireland/Northern Ireland,
// Article 8 and Annex 3) applies the VAT Directive's rules on goods there,
// and from 2021-07-01 the United Kingdom applies the e-commerce package's
// import rules to Northern Ireland at a limit of £135, the sterling
// figure HMRC gives for the EU's EUR 150:
//
//   - a seller registered for IOSS (with a member state, or with HMRC
//     since 2024) charges the United Kingdom's VAT at sale and declares it
//     on its IOSS return, and no import VAT is due (HMRC, "Check if you
//     can register for the VAT Import One Stop Shop Scheme",
//     https://www.gov.uk/guidance/check-if-you-can-register-for-the-vat-import-one-stop-shop-scheme;
//     "Tell HMRC you're registered for the VAT Import One Stop Shop in
//     the EU", https://www.gov.uk/guidance/tell-hmrc-youre-registered-for-the-vat-import-one-stop-shop-in-the-eu);
//   - without IOSS, goods sold directly to customers in Northern Ireland
//     from outside the United Kingdom and the EU have import VAT charged
//     (HMRC, "VAT and overseas goods sold directly to customers in the
//     UK", https://www.gov.uk/guidance/vat-and-overseas-goods-sold-directly-to-customers-in-the-uk):
//     Great Britain's rule, under which the seller registered in the
//     United Kingdom charges the VAT at sale, does not reach them.
//
// From 2021-01-01 to 2021-06-30 the seller of such goods registered for
// UK VAT accounted for their VAT in Northern Ireland too, as in Great
// Britain, and Levy applies Great Britain's rule on those dates. A UK
// business customer that gives its UK VAT number keeps the reverse charge
// of the £135 rule: Levy knows no source that takes it away in Northern
// Ireland.
func iossNorthernIreland(dest *place, d civil.Date) bool {
	return dest.windsor(d) && !d.Before(ecommerceFrom)
}

// importerLaw returns the law under which a supplier that imports goods
// into country itself, outside the EU's VAT area, makes its supply of
// them in that country, so that, registered there, it charges the
// country's tax on its sale, while goods its customer imports are
// supplied outside the country and bear the import tax at the border; ""
// where Levy applies no such rule (a registered seller charges, or the
// low-value limit decides). A request says that the seller imports with
// the delivery term DDP (sellerImports).
//
//   - The United Kingdom, from 2021-01-01 (before, a member state under
//     the VAT Directive's article 32): goods whose supply involves their
//     importation are supplied in the United Kingdom where the supplier is
//     the person by whom, or under whose directions, they are imported,
//     else outside it (VAT Act 1994, section 7(6) and (7)(b); HMRC, VAT
//     Place of Supply (Goods) manual, VATPOSG3600, "Main rules: imported
//     goods", written while the United Kingdom was a member state and
//     read here with section 7(6) as in force from 2021-01-01,
//     https://www.gov.uk/hmrc-internal-manuals/vat-place-of-supply-goods/vatposg3600).
//     A consignment of £135 or less is supplied in the United Kingdom
//     whoever imports it (section 7(5B)), which lowValue decides first.
//   - Australia: a supply of goods that involves their being brought to
//     Australia is connected with it if the supplier imports them (A New
//     Tax System (Goods and Services Tax) Act 1999, section 9-25(3)); a
//     recipient that imports them makes a taxable importation (Division
//     13) and the supply is not connected (ATO, GSTR 2018/2), save low
//     value goods under Subdivision 84-C (section 9-25(3A)) from
//     2018-07-01.
//   - Norway: a supplier that imports goods and delivers them in Norway
//     sells them within Norway (merverdiavgiftsloven § 3-1), while goods
//     its customer imports bear the import VAT (§ 3-29), which the
//     importer pays; the VOEC scheme covers only items under
//     NOK 3,000 sold to consumers, a VOEC seller charging no VAT to a
//     Norwegian business, which pays it on the import (Skatteetaten,
//     "Buying from foreign enterprises in the VOEC scheme",
//     https://www.skatteetaten.no/en/business-and-organisation/vat-and-duties/vat/foreign/e-commerce-voec/buying-from-foreign-enterprises-in-the-voec-scheme/).
//
// New Zealand has none: a non-resident's supply of goods outside New
// Zealand when supplied is deemed made outside it whoever imports them
// (Goods and Services Tax Act 1985, section 8(2)), and above NZ$1,000
// GST is collected at the border (section 12) even delivered duty paid;
// before 2019-12-01, and when the limit cannot be weighed, Levy keeps
// "a registered seller charges", since a resident supplier's supplies
// are deemed made in New Zealand by the same subsection and a request
// does not say where the seller resides. Switzerland neither: a supplier that imports in its own name under the
// ESTV's permit (Unterstellungserklärung) delivers in Switzerland (MWSTG
// article 7(3)(a), MWSTV article 3, which lets it waive the permit on the
// invoice), but so does, for all its deliveries from abroad and whatever
// their term, a mail-order seller registered under article 7(3)(b)
// (MWSTV article 4a(2)), which must import in its own name; Levy cannot
// tell the two registrations apart, and a seller registered in
// Switzerland charges Swiss VAT. Canada neither: a supply of goods
// delivered or made available in Canada is made there (Excise Tax Act,
// section 142(1)) whoever is the importer of record, so a registered
// non-resident charges GST/HST on goods delivered in Canada, DAP or DDP.
// Singapore neither: goods an overseas supplier sold to a customer in
// Singapore before they were imported are supplied outside Singapore,
// and their import bears the import GST whoever clears them (IRAS, GST:
// Guide on Imports, as its 2015 edition was reported), so above S$400 an
// item such goods meet the tax at the border, delivered duty paid or not.
func importerLaw(country string) string {
	switch country {
	case "GB":
		return "VAT Act 1994, section 7(6): goods imported by their supplier are supplied in the United Kingdom (HMRC, VAT Place of Supply (Goods) manual, VATPOSG3600)"
	case "AU":
		return "A New Tax System (Goods and Services Tax) Act 1999, section 9-25(3): a supply of goods brought to Australia is connected with it when the supplier imports them"
	case "NO":
		return "merverdiavgiftsloven § 3-1: goods the supplier imports and delivers in Norway are sold within Norway; those the customer imports bear the import VAT (§ 3-29)"
	}
	return ""
}
