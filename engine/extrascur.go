package engine

import (
	"fmt"

	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// A fixed amount per line that no rate structure holds (a state's 911
// fee, a franchise area's fee per line) is in a currency of its own
// (extraTax.currency): the dataset's communications fees are in US
// dollars, and so is the fee per line of a franchise area in the US,
// the server's and a tenant's profile's alike, unless the fee names its
// currency (profile.Franchise.Currency, the currency column of the
// server's table, data.FranchiseFee.Currency); a franchise area outside
// the US has a fee without one taken in the document's currency, as
// before. A document in another currency is
// charged the amount converted at the rate a price threshold is
// converted at (conversionTo: the taxed place's currencyConversion,
// else a currencyConversionFactors entry), rounded to the document's
// minor units (rules.Conversion.Price), and the line says so in the
// assisted parameter of thresholds and structures (paramName currency,
// ThresholdConvertedRule); without a conversion the amount is charged
// as it is, as if the two currencies were one, and
// ThresholdUnconvertedRule says so.

// franchiseCurrency returns the currency of a franchise fee per line
// that names none, charged at place at: USD in the US, "" (the
// document's) elsewhere.
func franchiseCurrency(at *place) string {
	if at != nil && at.country == "US" {
		return "USD"
	}
	return ""
}

// extraPerUnit returns the amount per unit of the extra tax x in the
// document's currency: x.perUnit itself when it is in that currency or
// names none, else x.perUnit converted, and the line notes how.
func (c *calc) extraPerUnit(l *line, x *extraTax) *decimal.Decimal {
	doc := c.d.currency.Alpha
	if x.currency == "" || x.currency == doc {
		return x.perUnit
	}
	docPlaces := int32(max(c.d.currency.MinorUnits, 0))
	places := int32(2)
	if cur, ok := c.s.currencies.ByAlpha(x.currency); ok {
		places = int32(max(cur.MinorUnits, 0))
	}
	name := x.impType
	if string(x.imp) != x.impType {
		name += " " + string(x.imp)
	}
	what := fmt.Sprintf("%s of rule %s is %s %s per line", name, x.ruleID, x.currency, x.perUnit.StringFixed(places))
	rate, how, ok := c.conversionTo(x.situs, "the taxed place's", x.currency)
	if !ok || rate.Sign() <= 0 {
		l.addThresholdNote(fmt.Sprintf("the document's amounts are in %s, and nothing in the request converts them into %s "+
			"(no currencyConversion of the taxed place in %s, no currencyConversionFactors from %s to %s): the %s, charged as if it were %s %s",
			doc, x.currency, x.currency, doc, x.currency, what, doc, x.perUnit.String()), ThresholdUnconvertedRule)
		return x.perUnit
	}
	v := rules.Conversion{Rate: rate, Places: docPlaces}.Price(*x.perUnit)
	l.addThresholdNote(fmt.Sprintf("the %s, charged as %s %s at %s %s", what, doc, v.StringFixed(docPlaces), how, rate.String()),
		ThresholdConvertedRule)
	return &v
}
