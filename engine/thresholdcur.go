package engine

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// The rule names of the assisted parameter (paramName currency,
// originalValue the document's currency) that says how a taxability
// rule's price threshold weighed a line of a document whose currency is
// not the threshold's (rules.Threshold.Currency: New York's clothing
// under USD 110, Manitoba's children's clothing of CAD 150 or less), and
// how a rate structure's amounts did (rules.Structure.Currency:
// Tennessee's single-article bounds of USD 1,600 and 3,200; see
// structurecur.go).
const (
	// ThresholdConvertedRule: the line's amount was converted into the
	// threshold's currency, at the rate of the taxed place's
	// currencyConversion or of a currencyConversionFactors entry, and
	// weighed there; a structure's amounts were taken into the
	// document's currency at that rate and the line weighed against them.
	ThresholdConvertedRule = "threshold-converted"
	// ThresholdUnconvertedRule: nothing in the request converts the
	// document's currency into the threshold's or the structure's, so
	// the line's amount was weighed against the threshold or the
	// structure's amounts as it is, as if the two currencies were one
	// (as Levy weighed every line before thresholds and structures knew
	// their currency); the outcome may be wrong.
	ThresholdUnconvertedRule = "threshold-unconverted"
)

// thresholdCurrencyKnown refuses a host's rule whose threshold is in a
// currency that the dataset's ISO 4217 table cur does not hold: no
// request could convert a line's amount into it, and every line of
// another currency would be weighed unconverted.
func thresholdCurrencyKnown(cur *money.Currencies, r *rules.Rule) error {
	if r.Threshold == nil || r.Threshold.Currency == "" {
		return nil
	}
	if _, ok := cur.ByAlpha(r.Threshold.Currency); !ok {
		return fmt.Errorf("rule %s: threshold currency %q is not an ISO 4217 currency of the dataset", r.ID, r.Threshold.Currency)
	}
	return nil
}

// conversionTo returns the rate that converts an amount in the
// document's currency into currency cur, and where it comes from: the
// currencyConversion of place p when it is into cur, else a
// currencyConversionFactors entry from the document's currency to cur;
// whose names the place in how ("the taxed place's"). The price
// thresholds and the low-value import limits convert this way. ok is
// false when neither is sent.
func (c *calc) conversionTo(p *place, whose, cur string) (rate decimal.Decimal, how string, ok bool) {
	if p != nil {
		if conv := p.conversion; conv != nil && conv.Rate != nil {
			if to, ok := c.s.currency(conv.Currency); ok && to.Alpha == cur {
				return conv.Rate.Decimal(), whose + " conversion rate", true
			}
		}
	}
	for _, f := range c.d.factors {
		if f.ConversionFactor == nil {
			continue
		}
		src, ok1 := c.s.currency(f.SourceCurrency)
		dst, ok2 := c.s.currency(f.TargetCurrency)
		if ok1 && ok2 && src.Alpha == c.d.currency.Alpha && dst.Alpha == cur {
			return f.ConversionFactor.Decimal(), "the conversion factor", true
		}
	}
	return decimal.Decimal{}, "", false
}

// thresholdExempt returns the exempt part of base, the amount of line l
// (qty > 0; a return's is negative and weighed by its size) that a tax
// at place p taxes, under the threshold th of the rule that decides it. A
// threshold in the document's currency, or in a currency it does not
// state, weighs base as it is. One in another currency weighs base
// converted into it (conversionTo), rounded to that currency's minor
// units, and the exempt part it finds is taken back into the
// document's currency: the whole of base, none of it, or, for a
// threshold that exempts the first amount of every item
// (rules.AboveExcess), that amount divided by the rate and rounded to
// the document's minor units. Without a conversion the threshold weighs
// base as it is, as before thresholds knew their currency. note is the
// sentence of the assisted parameter that says so (rule
// ThresholdConvertedRule or ThresholdUnconvertedRule), "" for a
// threshold in the document's currency. within reports whether the
// amount weighed is within the threshold itself (rules.Threshold.Within),
// not left to its Beyond or taxed whole.
func (c *calc) thresholdExempt(l *line, p *place, th *rules.Threshold, base decimal.Decimal) (exempt decimal.Decimal, within bool, note, rule string) {
	doc, docPlaces := c.d.currency.Alpha, int32(max(c.d.currency.MinorUnits, 0))
	if th.Currency == "" || th.Currency == doc {
		return th.ExemptOfTotal(base, l.qty), th.Within(base, l.qty), "", ""
	}
	limit := th.Currency + " " + th.Amount.String()
	rate, how, ok := c.conversionTo(p, "the taxed place's", th.Currency)
	if !ok {
		exempt = th.ExemptOfTotal(base, l.qty)
		note = fmt.Sprintf("the document's amounts are in %s and the price threshold of %s per item (%s) is in %s; nothing in the request converts them "+
			"(no currencyConversion of the taxed place in %s, no currencyConversionFactors from %s to %s): the line's amount%s %s %s was weighed as if it were %s, and %s",
			doc, limit, th.Kind, th.Currency, th.Currency, doc, th.Currency, amountWhat(l, base), doc, base.StringFixed(docPlaces), th.Currency,
			exemptWord(exempt, base, docPlaces))
		return exempt, th.Within(base, l.qty), note, ThresholdUnconvertedRule
	}
	places := int32(2)
	if cur, ok := c.s.currencies.ByAlpha(th.Currency); ok {
		places = int32(max(cur.MinorUnits, 0))
	}
	converted := base.Mul(rate).Round(places)
	weighed := th.ExemptOfTotal(converted, l.qty)
	switch {
	case weighed.Equal(converted):
		// All of it, also an amount that converts to less than the
		// threshold currency's minor unit (zero), which is within.
		exempt = base
	case weighed.Sign() == 0:
		exempt = decimal.Zero
	default:
		exempt = weighed.DivRound(rate, docPlaces)
	}
	note = fmt.Sprintf("the line's amount%s %s %s is %s %s at %s %s; weighed against the price threshold of %s per item (%s), %s",
		amountWhat(l, base), doc, base.StringFixed(docPlaces), th.Currency, converted.StringFixed(places), how, rate.String(), limit, th.Kind,
		exemptWord(exempt, base, docPlaces))
	return exempt, th.Within(converted, l.qty), note, ThresholdConvertedRule
}

// amountWhat says what the amount base of line l is, where it is not
// simply the line's price: the net of a tax-included price, a return.
func amountWhat(l *line, base decimal.Decimal) string {
	switch {
	case l.taxIncluded && base.Sign() < 0:
		return " (net of the tax it includes; a return, weighed by its size)"
	case l.taxIncluded:
		return " (net of the tax it includes)"
	case base.Sign() < 0:
		return " (a return, weighed by its size)"
	}
	return ""
}

// exemptWord says how much of base the threshold exempted, an amount
// written with places decimals.
func exemptWord(exempt, base decimal.Decimal, places int32) string {
	switch {
	case exempt.Sign() == 0:
		return "none of it is exempt"
	case exempt.Equal(base):
		return "all of it is exempt"
	}
	return exempt.StringFixed(places) + " of it is exempt"
}

// addThresholdNote records on line l the assisted sentence of a
// threshold weighed in another currency than the document's, once per
// sentence: the taxes of a state and its localities that share a
// threshold say the same. One threshold not weighed is what the
// parameter must say.
func (l *line) addThresholdNote(note, rule string) {
	addNote(&l.threshold, &l.thresholdRule, note, rule, ThresholdUnconvertedRule)
}

// addNote adds note to the sentences of *text once, "; " between them,
// and sets *ruleOf to rule when it is the first sentence or when rule is
// strong, the rule name that the parameter must carry once any of its
// sentences has it.
func addNote(text, ruleOf *string, note, rule, strong string) {
	if note == "" || strings.Contains(*text, note) {
		return
	}
	if *text == "" {
		*text, *ruleOf = note, rule
		return
	}
	*text += "; " + note
	if rule == strong {
		*ruleOf = rule
	}
}
