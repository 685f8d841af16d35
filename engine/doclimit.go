package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// The rule names of the assisted parameter that says what a limit on a
// document's total (rules.DocumentUpToExempt) decided of a line.
const (
	// DocumentLimitWithinRule: the document's lines that share the limit
	// come to no more than it, and the tax is not charged on them
	// (Ontario's point-of-sale rebate of its part of the HST on
	// qualifying prepared food and beverages of $4.00 or less applied).
	DocumentLimitWithinRule = "document-limit-within"
	// DocumentLimitAboveRule: they come to more, and the tax is charged
	// on all of them (the rebate did not apply).
	DocumentLimitAboveRule = "document-limit-above"
	// DocumentLimitWithoutRule: the line's rule shares the limit only
	// beside a line of some classes (rules.Threshold.With) that the
	// limit reaches, and the document has none, so the line neither
	// counts nor is exempt, and the tax is charged on it (a soft drink
	// sold in Ontario without qualifying food: no rebate).
	DocumentLimitWithoutRule = "document-limit-without"
)

// docLimit is what one limit on a document's total weighed: the lines
// of the document whose rule for tax of jurisdiction carries a
// document_up_to_exempt threshold of th's amount and currency
// (rules.Threshold.SameLimit), their sum (signed: a return takes off
// what it credits), how many they are, and whether one of them was
// tax-included. member is set while a line is weighed (docLimitShare).
type docLimit struct {
	jurisdiction string
	tax          jurisdiction.Tax
	th           *rules.Threshold
	sum          decimal.Decimal
	lines        int
	included     bool
	member       bool
	// memberWith is the With of the threshold by which the line being
	// weighed shares the limit (set with member), nil for a plain one.
	memberWith []string
	// left holds the paths of the lines whose threshold has With and
	// that no plain line of a class it names accompanies on the
	// document: they are not in sum and lines, and are not exempt.
	left []string
	// note, rule and within are what the total decided, once weighed
	// (documentLimitNote): the lines it reaches say the same.
	note, rule string
	within     bool
	// leftOut marks a record that holds only the note of lines left
	// out for want of a companion (documentLimitLeft): the
	// explanations find it among calc.docLimits by its note, and
	// documentLimit passes over it.
	leftOut bool
}

// documentLimitExempt returns the part of base, line l's amount for tax
// imp of jurisdiction j, that rule r's limit on the document's total
// exempts: all of it when the document's lines that share the limit
// come to no more than the limit, none of it otherwise; the line says
// which in an assisted parameter. While the document is being weighed
// (calc.weighing) it only notes that l is one of those lines and
// exempts all of base, the tax a price includes when the limit is met.
func (c *calc) documentLimitExempt(l *line, st *situs, j *wire.Jurisdiction, imp jurisdiction.Tax, r *rules.Rule, base decimal.Decimal) decimal.Decimal {
	th := r.Threshold
	if w := c.weighing; w != nil {
		if w.jurisdiction == j.JurisdictionID && w.tax == imp && w.th.SameLimit(th) {
			w.member, w.memberWith = true, th.With
		}
		return base
	}
	k := c.documentLimit(j, imp, th)
	if len(th.With) > 0 && slices.Contains(k.left, l.path) {
		left := c.documentLimitLeft(k, th.With)
		l.addDocLimitNote(left.note, left.rule)
		return decimal.Zero
	}
	if k.note == "" {
		k.note, k.rule, k.within = c.documentLimitNote(k, st, j, imp)
	}
	l.addDocLimitNote(k.note, k.rule)
	if k.within {
		return base
	}
	return decimal.Zero
}

// documentLimitNote weighs the total of the limit k on tax imp of j,
// and returns the sentence of the assisted
// parameter that says what it decided, its rule name, and whether the
// total is within the limit. A total in another currency than the
// limit's is converted as a per-item threshold's is (thresholdExempt).
func (c *calc) documentLimitNote(k *docLimit, st *situs, j *wire.Jurisdiction, imp jurisdiction.Tax) (note, rule string, within bool) {
	th := k.th
	doc, docPlaces := c.d.currency.Alpha, int32(max(c.d.currency.MinorUnits, 0))
	weighed, how := k.sum, fmt.Sprintf("%s %s", doc, k.sum.StringFixed(docPlaces))
	if th.Currency != "" && th.Currency != doc {
		if rate, src, ok := c.conversionTo(st.at, "the taxed place's", th.Currency); ok {
			places := int32(2)
			if cur, ok := c.s.currencies.ByAlpha(th.Currency); ok {
				places = int32(max(cur.MinorUnits, 0))
			}
			weighed = k.sum.Mul(rate).Round(places)
			how += fmt.Sprintf(", %s %s at %s %s", th.Currency, weighed.StringFixed(places), src, rate.String())
		} else {
			how += fmt.Sprintf(" (nothing in the request converts %s to %s: weighed as if it were %s)", doc, th.Currency, th.Currency)
		}
	}
	within = th.Within(weighed, decimalOne)
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: the document's lines whose rules share the limit of %s %s on their total (%s) come to %s",
		j.JurisdictionID, imp, th.Currency, th.Amount.StringFixed(2), th.Kind, how)
	if k.lines == 1 {
		b.WriteString(" (this line alone")
	} else {
		fmt.Fprintf(&b, " (%d lines", k.lines)
	}
	if k.included {
		b.WriteString(", tax-included prices net of the tax they include when the limit is met")
	}
	b.WriteString(")")
	rule = DocumentLimitWithinRule
	if within {
		b.WriteString(": within the limit, so their rules apply and the tax is not charged on them (the rebate or exemption applied)")
	} else {
		b.WriteString(": above the limit, so their rules do not apply and the tax is charged on all of them (no rebate or exemption)")
		rule = DocumentLimitAboveRule
	}
	return b.String(), rule, within
}

// documentLimit returns what the limit th on tax imp of j weighed on the
// document, weighing it the first time (calc.docLimits): every line of
// the document that th reaches adds its amount after discounts (the
// price of the qualifying items sold together, quantity times unit
// price), a tax-included one net of the taxes it includes when the
// limit is met.
func (c *calc) documentLimit(j *wire.Jurisdiction, imp jurisdiction.Tax, th *rules.Threshold) *docLimit {
	for _, k := range c.docLimits {
		if !k.leftOut && k.jurisdiction == j.JurisdictionID && k.tax == imp && k.th.SameLimit(th) {
			return k
		}
	}
	k := &docLimit{jurisdiction: j.JurisdictionID, tax: imp, th: th}
	// A line whose threshold has With waits until the plain lines are
	// known: it counts only beside one of a class it names.
	type withLine struct {
		o    *line
		v    decimal.Decimal
		with []string
	}
	var plain []string
	var withs []withLine
	add := func(o *line, v decimal.Decimal) {
		k.sum = k.sum.Add(v)
		k.lines++
		k.included = k.included || o.taxIncluded
	}
	for _, o := range c.d.lines {
		v, ok := c.docLimitShare(o, k)
		switch {
		case !ok:
		case k.memberWith != nil:
			withs = append(withs, withLine{o, v, k.memberWith})
		default:
			add(o, v)
			if !slices.Contains(plain, o.productClass) {
				plain = append(plain, o.productClass)
			}
		}
	}
	for _, w := range withs {
		if slices.ContainsFunc(plain, func(class string) bool { return classAmong(class, w.with) }) {
			add(w.o, w.v)
		} else {
			k.left = append(k.left, w.o.path)
		}
	}
	k.memberWith = nil
	c.docLimits = append(c.docLimits, k)
	return k
}

// classAmong reports whether class, or a class whose rules it takes
// where none names it (rules.ParentOf), is one of classes.
func classAmong(class string, classes []string) bool {
	for range 8 { // the catalogue's chains are short; a bound against a cycle
		if slices.Contains(classes, class) {
			return true
		}
		parent, ok := rules.ParentOf(class)
		if !ok {
			return false
		}
		class = parent
	}
	return false
}

// documentLimitLeft returns the record whose note says of a line left
// out of the limit k, for want of a line of the classes with beside it
// (rules.Threshold.With), that the tax is charged on it; the first time,
// it adds the record to calc.docLimits, where the explanations find its
// note.
func (c *calc) documentLimitLeft(k *docLimit, with []string) *docLimit {
	th := k.th
	note := fmt.Sprintf("%s %s: this line's rule shares the limit of %s %s on the document's total (%s) only beside a line of class %s that the limit reaches, "+
		"and the document has none (no qualifying food on the document): the line does not count towards the limit, its rule does not apply and the tax is charged on it (no rebate or exemption)",
		k.jurisdiction, k.tax, th.Currency, th.Amount.StringFixed(2), th.Kind, strings.Join(with, " or "))
	for _, o := range c.docLimits {
		if o.leftOut && o.jurisdiction == k.jurisdiction && o.tax == k.tax && o.note == note {
			return o
		}
	}
	left := &docLimit{jurisdiction: k.jurisdiction, tax: k.tax, th: th, leftOut: true, note: note, rule: DocumentLimitWithoutRule}
	c.docLimits = append(c.docLimits, left)
	return left
}

// docLimitShare reports whether line o is one that the limit k reaches,
// and what it adds to k's total: its taxes are computed where it is
// taxed, on a copy of the line (neither its own taxes nor the
// document's template and cap state move), with calc.weighing set, so
// that documentLimitExempt notes whether o's rule for k's tax carries
// k's limit, and treats every limit on a total as met. A tax-included
// amount is divided by one plus the rate of the taxes it then includes
// (their sum over the gross and the freight), to the currency's minor
// units, the way backCalculate finds a net. A line that cannot be
// computed is left out (its computation fails again, and says why,
// when the line is calculated).
func (c *calc) docLimitShare(o *line, k *docLimit) (decimal.Decimal, bool) {
	if o.noPlace {
		return decimal.Zero, false
	}
	plain, capUsed, weighing := c.plain, c.capUsed, c.weighing
	defer func() { c.plain, c.capUsed, c.weighing = plain, capUsed, weighing }()
	// Weighing is set before the place is found, so that a limit met
	// while finding it (a low-value limit weighs the document's taxes)
	// is not weighed again from within.
	c.plain, c.weighing = false, k
	st := c.source(o)
	if st.at == nil || st.none || !slices.ContainsFunc(st.at.chain, func(j wire.Jurisdiction) bool { return j.JurisdictionID == k.jurisdiction }) {
		return decimal.Zero, false
	}
	k.member, k.memberWith = false, nil
	taxes, ok := c.taxesOnCopy(o, &st)
	if !ok || !k.member {
		return decimal.Zero, false
	}
	gross := o.amount
	if !o.taxIncluded || gross.Sign() == 0 || c.d.mode == modeDistribute {
		return gross, true
	}
	tax := decimal.Zero
	for i := range taxes {
		if t := &taxes[i]; t.counted() && !t.fixedCharge() {
			tax = tax.Add(t.raw)
		}
	}
	return c.grossLess(gross, o.freight, tax), true
}

// addDocLimitNote records on line l the assisted sentence of a limit on
// the document's total, once per sentence (a backCalculated line is
// computed more than once); a limit passed is what the parameter says.
func (l *line) addDocLimitNote(note, rule string) {
	addNote(&l.docLimit, &l.docLimitRule, note, rule, DocumentLimitAboveRule)
}
