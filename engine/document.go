package engine

import (
	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// run calculates every line of the document, rounds, applies document
// caps and credits, and totals the lines.
func (c *calc) run() error {
	for _, l := range c.d.lines {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		var err error
		switch {
		case l.br != nil:
			err = c.brazilLine(l) // brazil_calc.go
		case c.d.mode == modeDistribute:
			err = c.distribute(l)
		case l.taxIncluded:
			err = c.backCalculate(l)
		default:
			l.net = l.amount
			err = c.computeLine(l, l.amount)
		}
		if err != nil {
			return err
		}
	}
	if c.d.mode != modeDistribute {
		c.round()
		c.capDocument()
	}
	for _, l := range c.d.lines {
		if l.taxIncluded && c.d.mode != modeDistribute {
			// The gross amount is exact: net = gross - tax. When rounding
			// moved a cent, the taxable amounts that were the net follow.
			net := l.amount.Sub(l.countedTax())
			if !net.Equal(l.net) {
				for i := range l.taxes {
					if l.taxes[i].taxable.Equal(l.net) {
						l.taxes[i].taxable = net
					}
				}
			}
			l.net = net
		}
		if err := c.credit(l); err != nil {
			return err
		}
		l.totalTax = l.countedTax()
	}
	return nil
}

// countedTax sums the line's taxes that enter totals: what adding them
// in turn to decimal.Zero gives (with add), in int64 arithmetic when they
// fit, so that a line of several taxes allocates one sum rather than one
// a tax.
func (l *line) countedTax() decimal.Decimal {
	n, exp := 0, int32(0)
	for i := range l.taxes {
		if l.taxes[i].counted() {
			n++
			exp = min(exp, l.taxes[i].tax.Exponent())
		}
	}
	if n > 1 {
		var x int64
		small := true
		for i := range l.taxes {
			if t := &l.taxes[i]; t.counted() {
				if x, small = addScaled(x, t.tax, exp); !small {
					break
				}
			}
		}
		if small {
			return smallDecimal(x, exp)
		}
	}
	sum := decimal.Zero
	for i := range l.taxes {
		if l.taxes[i].counted() {
			sum = add(sum, l.taxes[i].tax)
		}
	}
	return sum
}

// backCalculate splits a tax-inclusive amount into net and tax: it finds
// the line's effective combined rate, divides the gross by one plus it,
// and computes the taxes on that net amount. run then takes the net as
// gross minus the rounded taxes, so net + tax is the gross exactly.
//
// A fixed charge per unit (a 911 fee per line, a franchise fee per
// line, a rule's amount per unit) is not a rate: it does not grow with
// the net. It is taken out of the gross first, and the rest is divided
// by one plus the rates, so that the rates apply to the net that the
// line ends with. A gross that is not positive, or no larger than its
// fixed charges, is divided as a whole, as before.
//
// Where the net's taxes are not the gross's (a price limit per item,
// Manitoba's children's clothing of $150 or less: a gross of 155.00 is
// above it and the net below), the rate of the taxes on the net divides
// the gross again, until the net is the one its own taxes give. A gross
// for which no net is (every net taxed so that it is out of its own
// limit) keeps the first net found, as before.
func (c *calc) backCalculate(l *line) error {
	gross := l.amount
	if err := c.computeLine(l, gross); err != nil {
		return err
	}
	if gross.Sign() == 0 {
		l.net = gross
		return nil
	}
	base := gross
	var seen [maxBackPasses]decimal.Decimal // the nets tried, without an allocation
	tried := seen[:0]
	for {
		net := c.netOf(l, gross, base)
		if len(tried) > 0 && net.Equal(base) {
			return nil
		}
		for _, n := range tried {
			if n.Equal(net) {
				// No net is its own: compute at the last one found.
				l.net = net
				return c.computeLine(l, net)
			}
		}
		tried = append(tried, net)
		l.net = net
		if err := c.computeLine(l, net); err != nil {
			return err
		}
		if len(tried) == maxBackPasses {
			return nil
		}
		base = net
	}
}

// maxBackPasses bounds backCalculate's passes over a line.
const maxBackPasses = 8

// netOf returns the net of gross at the combined rate of the line's
// taxes, which were computed on base (backCalculate).
func (c *calc) netOf(l *line, gross, base decimal.Decimal) decimal.Decimal {
	rated, fixed := decimal.Zero, decimal.Zero
	for i := range l.taxes {
		t := &l.taxes[i]
		switch {
		case !t.counted():
		case t.fixedCharge():
			fixed = fixed.Add(t.raw)
		default:
			rated = rated.Add(t.raw)
		}
	}
	share := gross
	if gross.Sign() > 0 && fixed.Sign() > 0 && fixed.LessThan(gross) {
		share = gross.Sub(fixed)
	} else {
		rated = rated.Add(fixed)
	}
	// Freight is outside the gross amount; only the amount's share counts.
	eff := decimal.Zero
	if d := base.Add(l.freight); d.Sign() != 0 {
		eff = rated.DivRound(d, 20)
	}
	places := int32(max(c.d.currency.MinorUnits, 0))
	return share.DivRound(decimalOne.Add(eff), places)
}

// fixedCharge reports whether the tax is an amount per unit, which the
// line's amount does not change.
func (t *taxOut) fixedCharge() bool {
	return t.structure != nil && t.structure.Kind == rules.Quantity
}

// round rounds every tax to the currency's minor units: per line and
// jurisdiction by default, or, when the document asks not to round at
// line level, per jurisdiction over the document with the rounded total
// allocated back to the lines.
func (c *calc) round() {
	places := int32(max(c.d.currency.MinorUnits, 0))
	if c.d.roundAtLine {
		for _, l := range c.d.lines {
			for i := range l.taxes {
				t := &l.taxes[i]
				t.tax = c.rounded.round(t.raw, places, t.mode)
			}
		}
		return
	}
	type key struct{ id, imp string }
	groups := map[key][]*taxOut{}
	var order []key
	for _, l := range c.d.lines {
		for i := range l.taxes {
			t := &l.taxes[i]
			k := key{t.j.JurisdictionID, string(t.imposition)}
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], t)
		}
	}
	for _, k := range order {
		c.allocateRounded(groups[k], places)
	}
}

// allocateRounded rounds the sum of a group of taxes and spreads it over
// them by their unrounded values, so that the parts sum to the rounded
// total exactly.
func (c *calc) allocateRounded(ts []*taxOut, places int32) {
	sum := decimal.Zero
	for _, t := range ts {
		sum = sum.Add(t.raw)
	}
	total := money.New(sum).Round(places, ts[0].mode)
	weights := make([]decimal.Decimal, len(ts))
	for i, t := range ts {
		weights[i] = t.raw
	}
	parts, err := money.Allocate(total, weights, places)
	if err != nil {
		// Weights that can not be allocated (all zero, or of mixed
		// signs): round each and put the difference on the largest.
		big := 0
		acc := decimal.Zero
		for i, t := range ts {
			t.tax = money.New(t.raw).Round(places, t.mode).Decimal()
			acc = acc.Add(t.tax)
			if t.raw.Abs().GreaterThan(ts[big].raw.Abs()) {
				big = i
			}
		}
		ts[big].tax = ts[big].tax.Add(total.Decimal().Sub(acc))
		return
	}
	for i, t := range ts {
		t.tax = parts[i].Decimal()
	}
}

// capDocument applies the per-document tax caps of rate structures: when
// a jurisdiction's tax over the document exceeds its cap, the cap is
// spread over the lines in proportion to their tax.
func (c *calc) capDocument() {
	places := int32(max(c.d.currency.MinorUnits, 0))
	type key struct{ id, structure string }
	groups := map[key][]*taxOut{}
	var order []key
	for _, l := range c.d.lines {
		for i := range l.taxes {
			t := &l.taxes[i]
			if t.structure == nil || t.structure.MaxTaxPerDocument == nil {
				continue
			}
			k := key{t.j.JurisdictionID, t.structure.ID}
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], t)
		}
	}
	for _, k := range order {
		ts := groups[k]
		limit := *ts[0].structure.MaxTaxPerDocument
		sum := decimal.Zero
		weights := make([]decimal.Decimal, len(ts))
		for i, t := range ts {
			sum = sum.Add(t.tax)
			weights[i] = t.tax
		}
		if sum.LessThanOrEqual(limit) {
			continue
		}
		parts, err := money.Allocate(money.New(limit).Round(places, money.Down), weights, places)
		if err != nil {
			continue
		}
		for i, t := range ts {
			t.tax, t.raw, t.maxTax = parts[i].Decimal(), parts[i].Decimal(), true
		}
	}
}

// credit applies tax previously paid on the line against its taxes, in the
// order of the jurisdictions, toward zero and never past it. A credit has
// the sign of the line's tax: positive on a sale, negative on a return,
// where it takes back part of the refund as the original sale's credit
// took back part of the tax. A credit of the other sign than the line's
// tax, or, on a line without tax, than the line's amount (a negative
// credit on a sale of an exempt item), is refused, naming the field it
// came from: it could take nothing back, and crediting nothing would
// hide the fault.
func (c *calc) credit(l *line) error {
	left := l.prevPaid
	sign := left.Sign()
	if sign == 0 {
		return nil
	}
	field := ".previousTaxPaid"
	if l.charged != nil && c.d.mode == modeAccrue {
		field = ".chargedTax"
	}
	tax := l.countedTax()
	switch {
	case tax.Sign() == -sign:
		return levy.Invalid(l.path+field, "is %s, but the line's tax is %s: tax paid elsewhere has the line's sign (negative on a return)", left, tax)
	case tax.Sign() == 0 && l.amount.Sign() == -sign:
		return levy.Invalid(l.path+field, "is %s, but the line's amount is %s and it bears no tax: tax paid elsewhere has the line's sign (negative on a return only)", left, l.amount)
	}
	for i := range l.taxes {
		if left.Sign() != sign {
			return nil
		}
		t := &l.taxes[i]
		if !t.counted() || t.tax.Sign() != sign {
			continue
		}
		orig := t.tax
		use := decimal.Min(orig.Abs(), left.Abs())
		if sign < 0 {
			use = use.Neg()
		}
		rare := t.setRare()
		rare.original, rare.creditRule = &orig, "previous-tax-paid"
		t.tax = orig.Sub(use)
		left = left.Sub(use)
	}
	return nil
}

// distribute spreads the line's input total tax over the jurisdictions by
// their rates and derives the taxable base from the combined rate. The
// parts sum to the input exactly.
func (c *calc) distribute(l *line) error {
	if l.inputTax == nil {
		return levy.Invalid(l.path+".inputTotalTax", "is required for DISTRIBUTE_TAX")
	}
	places := int32(max(c.d.currency.MinorUnits, 0))
	// Compute on a unit amount to learn which taxes apply and their rates.
	if err := c.computeLine(l, decimalOne); err != nil {
		return err
	}
	combined := decimal.Zero
	weights := make([]decimal.Decimal, len(l.taxes))
	for i := range l.taxes {
		t := &l.taxes[i]
		if t.counted() && t.result == wire.TaxResultTaxable && !t.zeroCharge && !t.notRegistered {
			weights[i] = t.rate
			combined = combined.Add(t.rate)
		}
	}
	total := *l.inputTax
	if combined.Sign() == 0 {
		if total.Sign() != 0 {
			return levy.Invalid(l.path+".inputTotalTax", "no taxable jurisdiction with a rate applies to this line, so the tax %s can not be distributed", total)
		}
		return nil
	}
	base, err := money.New(total).Div(money.New(combined), places, money.HalfUp)
	if err != nil {
		return levy.Invalid(l.path+".inputTotalTax", "can not be distributed: %v", err)
	}
	if l.amount.Sign() == 0 && !c.d.taxOnly {
		// The base is derived from the combined rate.
		l.net = base.Decimal()
	} else {
		l.net = l.amount
	}
	if c.d.taxOnly {
		l.net = decimal.Zero
	}
	parts, err := money.Allocate(money.New(total), weights, places)
	if err != nil {
		return levy.Invalid(l.path+".inputTotalTax", "can not be distributed: %v", err)
	}
	for i := range l.taxes {
		t := &l.taxes[i]
		t.tax, t.raw = parts[i].Decimal(), parts[i].Decimal()
		if weights[i].Sign() != 0 {
			t.taxable = base.Decimal()
		} else {
			t.taxable = decimal.Zero
		}
		t.exempt, t.nonTaxable = decimal.Zero, decimal.Zero
		t.ruleID, t.ruleReason = "distribute-tax", "input total tax distributed by rate over the combined rate "+combined.String()
	}
	return nil
}

// roundTax rounds a tax; half-up, the common case, goes straight to the
// decimal library, whose Round rounds half away from zero.
func roundTax(d decimal.Decimal, places int32, mode money.RoundingMode) decimal.Decimal {
	if mode == money.HalfUp {
		return roundHalfUp(d, places)
	}
	return money.New(d).Round(places, mode).Decimal()
}
