package engine

import (
	"fmt"

	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// DomesticReverseChargeRule is the rule ID of a tax that a domestic
// reverse charge leaves to the buyer: a supply of a listed product class
// (jurisdiction.DomesticReverseCharge) within a member state, or within
// the United Kingdom, between a seller and a buyer both registered for
// its VAT (VAT Directive 2006/112/EC, articles 199 and 199a, as each
// state enacted them; VAT Act 1994, section 55A). On a sale the seller
// charges 0.00, collected from the buyer with the reason REVERSE_CHARGE;
// on the buyer's ACCRUAL, and on the kinds that self-assess, the buyer
// accounts for the tax itself, INPUT_OUTPUT. The reason names the
// state's provision.
const DomesticReverseChargeRule = "domestic-reverse-charge"

// DomesticReverseChargeAssumedRule is the ruleName of the assisted
// parameter of a line that a domestic reverse charge reaches when the
// state's law asks more of the buyer than its registration for the VAT
// (that it itself performs construction work, or resells the gas and
// electricity it buys), which no member of the request says: Levy
// assumes that it holds, and the parameter's value says what was
// assumed. paramName is the line's class member, originalValue the class.
const DomesticReverseChargeAssumedRule = "domestic-reverse-charge-assumed"

// DomesticReverseChargeUnweighedRule is the ruleName of the assisted
// parameter of a line of a class that a domestic reverse charge reaches
// from a threshold, when nothing in the request converts the document's
// currency into the threshold's: the threshold was not weighed, and the
// seller charges the VAT as on any supply. paramName is currency.
const DomesticReverseChargeUnweighedRule = "domestic-reverse-charge-unweighed"

// domesticReverse decides whether a domestic reverse charge reaches line
// l, supplied at at within one VAT area (sourceAreas): the state has a
// row for the line's class on the line's date, the customer (the buyer)
// is registered for the VAT of the state (a registration of the country,
// sent in the request or stored in the tenant's profile), the seller is
// registered there too (or lists no registrations, which Levy reads as
// registered everywhere), and the supply reaches the row's threshold.
// A consumer, or a buyer registered only in another state, pays the VAT
// as on any supply (ok false). When the threshold cannot be weighed for
// want of a conversion, ok is false and note says why.
func (c *calc) domesticReverse(l *line, at *place) (st situs, note string, ok bool) {
	country := at.country
	if at.outsideVAT() || !(at.euVAT(c.d.date) || country == "GB") {
		return situs{}, "", false
	}
	v, found := c.s.jur.DomesticReverseCharges().Find(country, l.productClass, c.d.date)
	if !found || !l.customer.registeredIn(country) || len(l.seller.regs) > 0 && !l.seller.hasRegIn(country) {
		return situs{}, "", false
	}
	why := fmt.Sprintf("a supply of %s within %s between a seller and a buyer both registered for its VAT: the buyer accounts for the VAT (%s; VAT Directive, articles 199 and 199a)",
		l.productClass, stateName(country), v.Provision)
	if country == "GB" {
		why = fmt.Sprintf("a supply of %s within the United Kingdom between a seller and a buyer both registered for VAT: the buyer accounts for the VAT (%s)", l.productClass, v.Provision)
	}
	if v.Threshold.IsPositive() {
		sum := c.domesticSupply(l, v, country)
		amount := sum
		how := ""
		if c.d.currency.Alpha != v.Currency {
			r, src, conv := c.conversionTo(at, "the place of supply's", v.Currency)
			if !conv {
				return situs{}, fmt.Sprintf("the document's amounts are in %s and nothing in the request converts them to %s: the threshold of %s %s of %s (%s) was not weighed, and the seller charges the VAT",
					c.d.currency.Alpha, v.Currency, v.Currency, v.Threshold, l.productClass, v.Provision), false
			}
			amount = sum.Mul(r).Round(2)
			how = fmt.Sprintf(", %s %s at %s %s", c.d.currency.Alpha, sum.StringFixed(2), src, r)
		}
		if !v.Reaches(amount.Abs()) {
			return situs{}, "", false
		}
		kind := "at least"
		if v.Above {
			kind = "more than"
		}
		why += fmt.Sprintf("; the supply, %s %s%s, is %s %s %s", v.Currency, amount.Abs().StringFixed(2), how, kind, v.Currency, v.Threshold)
	}
	if v.Condition != "" {
		note = "the buyer is taken to meet the condition of " + v.Provision + " that the request cannot state: " + v.Condition
	}
	st = situs{at: at, role: at.role, reverse: true, ruleID: DomesticReverseChargeRule, reason: why}
	if v.Condition != "" {
		st.domesticRC, st.domesticRCRule = note, DomesticReverseChargeAssumedRule
	}
	return st, "", true
}

// withDomesticReverse returns the situs of a domestic reverse charge of
// line l at at when one reaches it (domesticReverse), else st, with the
// note of a threshold that could not be weighed.
func (c *calc) withDomesticReverse(l *line, at *place, st situs) situs {
	rc, note, ok := c.domesticReverse(l, at)
	if ok {
		return rc
	}
	if note != "" {
		st.domesticRC, st.domesticRCRule = note, DomesticReverseChargeUnweighedRule
	}
	return st
}

// domesticSupply is the amount of the supply that a threshold of v
// weighs for line l: the amounts of the document's lines of the same
// sign and seller company, supplied in country, whose classes share v's threshold group
// there on the line's date (the line's class alone without a group).
// Germany's EUR 5,000 is on the mobile phones, tablets, game consoles and
// integrated circuits of one economic transaction, and the United
// Kingdom's GBP 5,000 on the specified goods of one invoice: a document
// is taken as that supply. A tax-included line is weighed at its gross.
func (c *calc) domesticSupply(l *line, v jurisdiction.DomesticReverseCharge, country string) decimal.Decimal {
	t := c.s.jur.DomesticReverseCharges()
	sum := decimal.Zero
	for _, o := range c.d.lines {
		if o == nil || o.amount.Sign() != l.amount.Sign() || o.seller.company != l.seller.company {
			continue
		}
		p := firstPlace(o.dest, o.adminDest)
		if p == nil || p.country != country {
			continue
		}
		if o != l {
			w, ok := t.Find(country, o.productClass, c.d.date)
			if !ok || o.productClass != l.productClass && (v.Group == "" || w.Group != v.Group) {
				continue
			}
		}
		sum = sum.Add(o.amount)
	}
	return sum
}
