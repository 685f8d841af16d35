package engine

import (
	"fmt"

	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// The rule names of the assisted parameter (paramName currency,
// originalValue the document's currency) that says how a country's
// low-value import limit decided a line of goods sold from abroad
// (data.Jurisdictions.LowValueLimit).
const (
	// LowValueWithinRule: the consignment is within the limit; a seller
	// registered for the scheme charges the tax at sale (rule
	// import-registered-seller), or a United Kingdom business customer
	// accounts for it (ImportReverseChargeRule).
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

// ImportReverseChargeRule is the rule ID of goods in a consignment of
// £135 or less sold from abroad to a business in the United Kingdom
// that gave its UK VAT number: the business accounts for the VAT by
// reverse charge, not the seller.
const ImportReverseChargeRule = "import-reverse-charge"

// lowValue decides a line of goods sold from outside the VAT area of
// dest to a customer there, under the country's low-value import limit
// in force on the document's date. done is true when the limit decided
// the line: within it, a seller registered for the scheme (the country's
// registration, or for the EU the Import One Stop Shop) charges the tax
// at sale, and a UK business customer with a UK VAT number accounts for
// it by reverse charge; above it, the goods meet the tax at the border:
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
// intrinsic value leaves them out; a tax-included amount counts whole.
// Returns (negative amounts) are a consignment of their own, weighed by
// their size (consignment).
// Consumers and businesses without a number of the country are treated
// alike, as the schemes treat them; a business customer elsewhere than in
// the United Kingdom keeps the rules that applied before (the EU's IOSS
// covers distance sales, which are to consumers).
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
	registered := l.seller.registeredInArea(dest)
	if lim.EU {
		registered = l.seller.importScheme()
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
	limit := lim.Currency + " " + lim.Amount.StringFixed(0)
	within := lim.Within(value)
	what := fmt.Sprintf("%s %s (%s)", lim.Currency, value.StringFixed(2), how)
	switch {
	case !within:
		why := fmt.Sprintf("%s is above %s (%s): the tax is collected at the border on the import, not by the seller (%s)", what, limit, lim.Scheme, lim.Source)
		st = border(why)
		st.lowValue, st.lowValueRule = why, LowValueAboveRule
		return st, true
	case reverse:
		why := fmt.Sprintf("%s is within %s (%s) and the customer is a business that gave its VAT number of %s: it accounts for the VAT by reverse charge (%s)", what, limit, lim.Scheme, dest.country, lim.Source)
		return situs{at: dest, role: dest.role, reverse: true, ruleID: ImportReverseChargeRule, reason: why,
			lowValue: why, lowValueRule: LowValueWithinRule}, true
	}
	who := "the seller, registered in " + dest.country + ","
	if lim.EU {
		who = "the seller, registered for the Import One Stop Shop (IOSS),"
	}
	why := fmt.Sprintf("%s is within %s (%s): %s charges %s's tax at sale, and none is collected at the border (%s)", what, limit, lim.Scheme, who, dest.country, lim.Source)
	return situs{at: dest, role: dest.role, ruleID: "import-registered-seller", oss: lim.EU, reason: why,
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
	how := "the document's goods to " + dest.country + ", one consignment"
	if lim.PerItem {
		sum = l.amount.Abs()
		if l.qty.Sign() > 0 {
			sum = sum.DivRound(l.qty, 4)
		}
		how = "the line's price of one item"
	} else {
		sum = c.consignment(l, dest.country)
	}
	if l.amount.Sign() < 0 {
		how += ", a return weighed by its size"
	}
	if l.taxIncluded {
		how += ", tax-included amounts counted whole"
	}
	if c.d.currency.Alpha == lim.Currency {
		return sum, how, true
	}
	if conv := dest.conversion; conv != nil && conv.Rate != nil {
		if cur, ok := c.s.currency(conv.Currency); ok && cur.Alpha == lim.Currency {
			r := conv.Rate.Decimal()
			return sum.Mul(r).Round(2), how + fmt.Sprintf(", %s %s at the destination's conversion rate %s", c.d.currency.Alpha, sum.StringFixed(2), r.String()), true
		}
	}
	for _, f := range c.d.factors {
		if f.ConversionFactor == nil {
			continue
		}
		src, ok1 := c.s.currency(f.SourceCurrency)
		dst, ok2 := c.s.currency(f.TargetCurrency)
		if ok1 && ok2 && src.Alpha == c.d.currency.Alpha && dst.Alpha == lim.Currency {
			r := f.ConversionFactor.Decimal()
			return sum.Mul(r).Round(2), how + fmt.Sprintf(", %s %s at the conversion factor %s", c.d.currency.Alpha, sum.StringFixed(2), r.String()), true
		}
	}
	return decimal.Decimal{}, "", false
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
type consignment struct {
	company, country, from string
	returned               bool
	sum                    decimal.Decimal
}

// consignment returns the amount of the document's goods lines of l's
// seller company whose destination (else administrative destination) is
// in country from the country l is sent from: one consignment, as a
// document is one (goods from the seller's stock in the country of
// arrival, or from another country, are not part of it). A return (a
// negative amount) credits goods that were a consignment of their own,
// so the document's returns are added up apart from its sales and their
// size is returned: a return is within the limit when the goods it
// returns were, and a sale is not brought within it by a return on the
// same document. Each sum is taken once per document.
func (c *calc) consignment(l *line, country string) decimal.Decimal {
	returned := l.amount.Sign() < 0
	from := originCountry(l)
	for _, k := range c.consignments {
		if k.company == l.seller.company && k.country == country && k.from == from && k.returned == returned {
			return k.sum
		}
	}
	var sum decimal.Decimal
	for _, o := range c.d.lines {
		p := firstPlace(o.dest, o.adminDest)
		if serviceClass(o.productClass) || p == nil || p.country != country || o.seller.company != l.seller.company ||
			originCountry(o) != from || (o.amount.Sign() < 0) != returned {
			continue
		}
		sum = sum.Add(o.amount.Abs())
	}
	c.consignments = append(c.consignments, consignment{company: l.seller.company, country: country, from: from, returned: returned, sum: sum})
	return sum
}

// originCountry is the country a line's goods are sent from (its
// physical origin, else its administrative origin), "" when it has none.
func originCountry(l *line) string {
	if p := firstPlace(l.origin, l.adminOrigin); p != nil {
		return p.country
	}
	return ""
}
