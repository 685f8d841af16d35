package engine

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// A rate structure's amounts (its tiers' bounds, its amount per unit,
// its caps) are in its currency (rules.Structure.Currency: USD for
// Tennessee's single-article bounds and Florida's surtax limit), as a
// price threshold's are. A line of a document in another currency is
// weighed against them at the rate a threshold is converted at
// (conversionTo), and says so in the same assisted parameter
// (ThresholdConvertedRule or ThresholdUnconvertedRule, paramName
// currency), a sentence that names the structure.

// structureCurrencyKnown refuses a host's structure whose currency the
// dataset's ISO 4217 table cur does not hold: no request could convert
// a line's amount into it, and every line of another currency would be
// weighed unconverted.
func structureCurrencyKnown(cur *money.Currencies, s *rules.Structure) error {
	if s.Currency == "" {
		return nil
	}
	if _, ok := cur.ByAlpha(s.Currency); !ok {
		return fmt.Errorf("structure %s: currency %q is not an ISO 4217 currency of the dataset", s.ID, s.Currency)
	}
	return nil
}

// structureConversion returns the conversion that takes the amounts of
// structure s into the document's currency for line l taxed at place p,
// whose taxable amount is base (a return's negative), and the sentences
// and rule of the assisted parameter that says how they were weighed:
// what the line's amount is in the structure's currency, or that
// nothing converts it (said once for a line's structures), then the
// structure's amounts. A structure in the document's currency, in one
// it does not state, or with no amount, needs none and says nothing.
// Without a rate into the structure's currency (conversionTo) its
// amounts are taken as they are, as if the two currencies were one, as
// before structures knew their currency, and ThresholdUnconvertedRule
// says so.
func (c *calc) structureConversion(l *line, p *place, s *rules.Structure, base decimal.Decimal) (conv rules.Conversion, what, amounts, rule string) {
	doc := c.d.currency.Alpha
	if s.Currency == "" || s.Currency == doc || !s.HasAmounts() {
		return rules.Conversion{}, "", "", ""
	}
	docPlaces := int32(max(c.d.currency.MinorUnits, 0))
	rate, how, ok := c.conversionTo(p, "the taxed place's", s.Currency)
	if !ok || rate.Sign() <= 0 {
		what = fmt.Sprintf("the document's amounts are in %s, and nothing in the request converts them into %s "+
			"(no currencyConversion of the taxed place in %s, no currencyConversionFactors from %s to %s)", doc, s.Currency, s.Currency, doc, s.Currency)
		amounts = fmt.Sprintf("the amounts of rate structure %s are in %s (%s): the line's amount%s %s %s was weighed against them as if they were %s",
			s.ID, s.Currency, structureAmounts(s, rules.Conversion{}, "", docPlaces), amountWhat(l, base), doc, base.StringFixed(docPlaces), doc)
		return rules.Conversion{}, what, amounts, ThresholdUnconvertedRule
	}
	places := int32(2)
	if cur, ok := c.s.currencies.ByAlpha(s.Currency); ok {
		places = int32(max(cur.MinorUnits, 0))
	}
	conv = rules.Conversion{Rate: rate, Places: docPlaces}
	what = fmt.Sprintf("the line's amount%s %s %s is %s %s at %s %s",
		amountWhat(l, base), doc, base.StringFixed(docPlaces), s.Currency, base.Mul(rate).Round(places).StringFixed(places), how, rate.String())
	amounts = fmt.Sprintf("the amounts of rate structure %s are in %s and were weighed in %s at %s %s: %s",
		s.ID, s.Currency, doc, how, rate.String(), structureAmounts(s, conv, doc, docPlaces))
	return conv, what, amounts, ThresholdConvertedRule
}

// structureAmounts lists the amounts of structure s, each per item (but
// maxTaxPerDocument), named by its member: with conv set, each in the
// currency doc as well ("maxBasisPerItem 1600 is JPY 238806").
func structureAmounts(s *rules.Structure, conv rules.Conversion, doc string, places int32) string {
	var b strings.Builder
	add := func(name string, v *decimal.Decimal, in func(decimal.Decimal) decimal.Decimal, fixed bool) {
		if v == nil {
			return
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name + " " + v.String())
		if doc == "" {
			return
		}
		w := in(*v)
		if fixed {
			b.WriteString(" is " + doc + " " + w.StringFixed(places))
			return
		}
		b.WriteString(" is " + doc + " " + w.Round(places+4).String())
	}
	for i, t := range s.Tiers {
		add(fmt.Sprintf("tiers[%d].upTo", i), t.UpTo, conv.Price, true)
	}
	add("perUnit", s.PerUnit, conv.Tax, false)
	add("maxBasisPerItem", s.MaxBasisPerItem, conv.Price, true)
	add("maxTaxPerItem", s.MaxTaxPerItem, conv.Cap, true)
	add("maxTaxPerDocument", s.MaxTaxPerDocument, conv.Cap, true)
	return b.String()
}
