package engine

import (
	"fmt"
	"strings"

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
		// Rounded line by line, a cap on the document's tax weighs the
		// rounded taxes. Rounded once over the document, the cap shares
		// out its limit first and the taxes it did not reach are rounded
		// among themselves: rounded with the capped taxes, a return
		// beside capped sales could bear a unit of a total that the cap
		// then set aside.
		if c.d.roundAtLine {
			c.round()
		}
		if err := c.capDocument(); err != nil {
			return err
		}
		if !c.d.roundAtLine {
			c.round()
		}
	}
	for _, l := range c.d.lines {
		if l.taxIncluded && c.d.mode != modeDistribute && !l.freightTaxed() {
			// The gross amount is exact: net = gross - tax. When rounding
			// moved a cent, the taxable amounts that were the net follow.
			// A taxed freight's tax is not in the gross (netOf): such a
			// line keeps the net that backCalculate found. The gross of a
			// purchase within Canada holds the vendor's GST/HST too
			// (vendorDue), which the buyer does not accrue.
			net := l.amount.Sub(l.countedTax()).Sub(l.vendorsDue(c.d))
			if !net.Equal(l.net) || l.includedRates.Sign() != 0 {
				l.computedNet = l.net
				for i := range l.taxes {
					t := &l.taxes[i]
					if t.taxable.Equal(l.net) {
						t.taxable = net
					}
					if t.ruleID == CAVendorChargesRule && t.nonTaxable.Equal(l.net) {
						t.nonTaxable = net
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
// for which no net is its own lies between a limit with the taxes below
// it and the limit with the taxes above it (Manitoba's jacket of 160.00
// tax included: 152.38 with the GST alone is above $150, 142.86 with the
// RST too is not; Massachusetts's coat of 2,600.00 on its holiday). It
// bears the taxes of the first net found, below the limit, taken to the
// net that they give (settle): the jacket is 152.38, exempt from the
// RST, with 7.62 of GST, and the coat 2,600.00, exempt. Before, such a
// line kept that first net's tax and exempt amount while its net was
// the gross less that tax: the jacket showed 7.14 of GST on 152.86 and
// the RST exempt on 142.86.
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
			c.includedShares(l, gross)
			return nil
		}
		for _, n := range tried {
			if n.Equal(net) {
				// No net is its own: compute at the first net found
				// again, and take its taxes to the net they give.
				l.net = net
				if err := c.computeLine(l, net); err != nil {
					return err
				}
				c.settle(l, gross, net)
				return nil
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

// includedShares takes the VAT or GST of a tax-included line l, once
// backCalculate has found its net, to the share of the gross that each
// rate holds: gross times the rate over one plus the line's combined
// rate, the tax fraction (19/119 of a German price, 1/6 of a British
// one), rounded once. backCalculate computes the taxes on the net
// rounded to the minor unit, which rounds twice: 9.99 EUR with 19% VAT
// is 8.39 net (8.3950 exactly), whose 19% is 1.5941, 1.59, where the VAT
// the price holds is 1.59504, 1.60. The line's net is then the gross
// less the rounded taxes (run), 8.39. Only a line whose taxes are all
// VATs or GSTs at a plain rate on the whole net is taken there: freight,
// a charge per unit, a rate structure, a partly exempt amount or a
// Canadian vendor's GST/HST in the gross keep the net's taxes.
func (c *calc) includedShares(l *line, gross decimal.Decimal) {
	if l.freight.Sign() != 0 || l.vendorDue.Sign() != 0 || gross.Sign() == 0 {
		return
	}
	rates := decimal.Zero
	for i := range l.taxes {
		t := &l.taxes[i]
		if !t.counted() || t.raw.Sign() == 0 {
			continue
		}
		if t.taxType != wire.TaxTypeVAT || t.br != nil || t.fixedCharge() || t.structure != nil ||
			!t.taxable.Equal(l.net) || !t.raw.Equal(mul(t.taxable, t.rate)) {
			return
		}
		rates = rates.Add(t.rate)
	}
	if rates.Sign() == 0 {
		return
	}
	exact := gross.DivRound(decimalOne.Add(rates), 20)
	if exact.Equal(l.net) {
		return
	}
	for i := range l.taxes {
		if t := &l.taxes[i]; t.counted() && t.raw.Sign() != 0 {
			t.raw = mul(exact, t.rate)
		}
	}
	l.includedRates = rates
}

// settle takes the taxes of line l, computed on the net n of the gross,
// to the net m that they give (netOf). A tax whose taxable, exempt and
// non-taxable amounts make up n makes up m in the same proportions (all
// of it where one amount was all of n: an exempt record of n is exempt
// on m; Jefferson County's half of a shirt exempt on Alabama's holiday
// stays half), and a taxable one bears its rate on its new taxable
// amount. A fixed charge, a structure's tax and a line with freight are
// left as computed.
func (c *calc) settle(l *line, gross, n decimal.Decimal) {
	if l.freight.Sign() != 0 || n.Sign() == 0 {
		return
	}
	m := c.netOf(l, gross, n)
	if m.Equal(n) {
		return
	}
	places := int32(max(c.d.currency.MinorUnits, 0))
	part := func(v decimal.Decimal) decimal.Decimal {
		if v.Equal(n) {
			return m
		}
		return v.Mul(m).DivRound(n, places)
	}
	for i := range l.taxes {
		t := &l.taxes[i]
		if !t.counted() || t.fixedCharge() || t.structure != nil || !add(add(t.taxable, t.exempt), t.nonTaxable).Equal(n) {
			continue
		}
		taxable, nonTaxable := part(t.taxable), part(t.nonTaxable)
		if t.exempt.Sign() != 0 {
			t.exempt = m.Sub(taxable).Sub(nonTaxable)
		} else if t.nonTaxable.Sign() != 0 {
			nonTaxable = m.Sub(taxable)
		}
		t.taxable, t.nonTaxable = taxable, nonTaxable
		if t.raw.Sign() != 0 {
			t.raw = c.products.mul(t.taxable, t.rate)
		}
	}
	if l.vendorDue.Sign() != 0 {
		// The vendor's GST/HST is a rate of the net too.
		l.vendorDue = l.vendorDue.Mul(m).DivRound(n, 20)
	}
	l.net = m
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
	// The gross of a buyer's purchase within Canada holds the GST/HST the
	// vendor charges as well as the tax the buyer accrues (vendorDue).
	if l.vendorDue.Sign() != 0 {
		rated = rated.Add(l.vendorDue)
	}
	share := gross
	if gross.Sign() > 0 && fixed.Sign() > 0 && fixed.LessThan(gross) {
		share = gross.Sub(fixed)
	} else {
		rated = rated.Add(fixed)
	}
	// Freight is outside the gross amount; only the amount's share
	// counts: the tax a tax that bears the freight charges on it (its
	// tax times the freight's part of its taxable amount) is left out,
	// and what is left is a rate of base. Non-taxable freight is in no
	// tax, so it lowers no rate.
	if l.freight.Sign() != 0 {
		for i := range l.taxes {
			if t := &l.taxes[i]; t.freight && t.counted() && !t.fixedCharge() && t.taxable.Sign() != 0 {
				rated = rated.Sub(t.raw.Mul(l.freight).DivRound(t.taxable, 20))
			}
		}
	}
	eff := decimal.Zero
	if base.Sign() != 0 {
		eff = rated.DivRound(base, 20)
	}
	places := int32(max(c.d.currency.MinorUnits, 0))
	return share.DivRound(decimalOne.Add(eff), places)
}

// freightTaxed reports whether a tax that enters the line's totals bears
// its freight.
func (l *line) freightTaxed() bool {
	for i := range l.taxes {
		if t := &l.taxes[i]; t.freight && t.counted() && t.tax.Sign() != 0 {
			return true
		}
	}
	return false
}

// fixedCharge reports whether the tax is an amount per unit, which the
// line's amount does not change.
func (t *taxOut) fixedCharge() bool {
	return t.structure != nil && t.structure.Kind == rules.Quantity
}

// round rounds every tax to the currency's minor units: per line and
// jurisdiction by default, or, when the document asks not to round at
// line level, per jurisdiction over the document with the rounded total
// allocated back to the lines. Over the document it comes after
// capDocument, and leaves out the taxes whose share of a cap is already
// in minor units (docCapped): the others of their jurisdiction are
// rounded once among themselves.
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
	type key struct{ id, imp, rate string }
	type group struct {
		taxes []*taxOut
		rows  []int // the line of each tax
	}
	groups := map[key]*group{}
	capped := map[key]bool{}
	var order []key
	for li, l := range c.d.lines {
		for i := range l.taxes {
			t := &l.taxes[i]
			k := key{t.j.JurisdictionID, string(t.imposition), docRoundingRate(t)}
			if t.docCapped() {
				capped[k] = true
				continue
			}
			g, ok := groups[k]
			if !ok {
				g = &group{}
				groups[k] = g
				order = append(order, k)
			}
			g.taxes = append(g.taxes, t)
			g.rows = append(g.rows, li)
		}
	}
	cols := make([]money.SettleColumn, len(order))
	exact := make([]decimal.Decimal, len(order)) // each column's exact sum
	for n, k := range order {
		g := groups[k]
		cols[n], exact[n] = roundedColumn(g.taxes, g.rows, places)
	}
	money.SettleRoundedTable(len(c.d.lines), cols, places)
	for n, k := range order {
		for i, t := range groups[k].taxes {
			t.tax = cols[n].Rounded[i]
		}
		c.docRounded = append(c.docRounded, docRounding{id: k.id, imposition: k.imp, rate: k.rate, exact: exact[n], total: cols[n].Total, capped: capped[k]})
	}
}

// docRoundingRate is the rate that, beside its jurisdiction and
// imposition, sets apart the taxes of a document rounded once
// (roundAtLineLevel false): a VAT's or GST's nominal rate, so that the
// tax of each rate is rounded once over the document, and "" for the
// other taxes, rounded once per jurisdiction and imposition whatever
// their rates. An invoice gives the tax of each rate on the taxable
// amount of that rate (VAT Directive, article 226(8) and (10)), and
// Japan's qualified invoice rounds the Consumption Tax once per rate and
// invoice: rounded over both rates, a document of 106 yen of food at 8%
// (8.48) and 104 yen at 10% (10.4) came to 19 yen, 9 of them on the food,
// where each rate's tax rounds to 8 and 10.
func docRoundingRate(t *taxOut) string {
	if t.taxType != wire.TaxTypeVAT {
		return ""
	}
	return t.rate.String()
}

// docCapped reports whether the tax bears its share of a cap on the
// document's tax (capDocument), which is in minor units already.
func (t *taxOut) docCapped() bool {
	return t.rare != nil && t.rare.uncapped.Sign() != 0
}

// docRounding is what rounding a document's tax once (roundAtLineLevel
// false) made of one jurisdiction's and imposition's taxes (of one rate,
// for a VAT): their exact
// sum and the total it rounds to, which the lines' taxes add up to, and
// whether taxes of theirs that a cap on the document's tax reached were
// left out of both (capped). The explanation of a tax that bears
// another amount than its own rounded tax says so with these figures
// (explainRounding).
type docRounding struct {
	id, imposition string
	rate           string // docRoundingRate: a VAT's rate, "" for the other taxes
	exact, total   decimal.Decimal
	capped         bool
}

// roundedColumn rounds the sum of a group of taxes (one jurisdiction's
// and imposition's over the document, rows the line of each) once, and
// each tax on its own: the column of the table that
// money.SettleRoundedTable settles, whose parts then sum to the rounded
// total exactly and each lie less than one minor unit from its own
// unrounded tax. It also returns the taxes' exact sum, which the
// document's record of its rounding keeps (docRounding), so that the
// sum is added up once.
//
// The units by which the taxes rounded on their own fall short of the
// rounded total (or exceed it) go one at a time to taxes that rounding
// took down (or up); such a tax moves to the other side of its
// unrounded value and stays within one unit of it. This holds for sales
// and returns together, whose taxes have both signs, and where a tax
// dominates: a proportional split of the total (money.Allocate) gave a
// tax of exactly 0.05 beside two of 0.003125 and 0.0025 the 0.06 of the
// total, and a return's -0.01875 among five sales of 0.00625 took the
// whole difference, -0.04. Which taxes take the units is chosen over
// all jurisdictions at once, so that each line's tax also stays within
// one unit of its exact tax where it can: a thousand lines of 0.01 in
// Los Angeles, six jurisdictions, gave the first five lines 0.06 of tax
// each for an exact 0.000975, when every jurisdiction gave its units to
// the first lines.
func roundedColumn(ts []*taxOut, rows []int, places int32) (money.SettleColumn, decimal.Decimal) {
	sum := decimal.Zero
	raws := make([]decimal.Decimal, len(ts))
	taxes := make([]decimal.Decimal, len(ts))
	for i, t := range ts {
		sum = sum.Add(t.raw)
		raws[i] = t.raw
		taxes[i] = roundTax(t.raw, places, t.mode)
	}
	return money.SettleColumn{Row: rows, Exact: raws, Rounded: taxes, Total: roundTax(sum, places, ts[0].mode)}, sum
}

// DocumentCapCreditRule is the rule name of the assisted parameter
// (paramName extendedPrice, originalValue the line's amount) on each
// return line whose credits of a jurisdiction, over the document, are
// more than the tax a rate structure's maxTaxPerDocument lets one
// document bear. The credits are given in full: Levy can not know what
// the returned sales bore, which a cap may have cut (their documents
// each bore at most the cap) or not (the goods may come from several).
const DocumentCapCreditRule = "document-cap-credit"

// capDocument applies the per-document tax caps of rate structures: when
// a jurisdiction's tax over the document exceeds its cap, the cap is
// spread over the lines in proportion to their tax. A return's credit is
// no part of the tax the cap bounds and weighs nothing in its spread;
// credits that together go beyond the cap are given in full and said so
// on their lines (DocumentCapCreditRule), where they used to pass
// without a word: the return of a sale of 200.00 whose 12.50 of tax a
// cap cut to 5.00 credits 12.50. Only positive taxes weigh, and the cap
// is not negative (rules.Structure.check), so the spread can not fail;
// should it, the calculation fails with the structure named rather than
// go on without its cap.
//
// A document rounded line by line is capped after its rounding, and its
// rounded taxes weigh. One rounded once over the document (roundAtLine
// false) is capped before its rounding: the exact taxes weigh, their sum
// rounded once is what the cap bounds, and the capped taxes' shares of
// the cap, in minor units, are left out of the rounding that follows.
func (c *calc) capDocument() error {
	places := int32(max(c.d.currency.MinorUnits, 0))
	amount := func(t *taxOut) decimal.Decimal {
		if c.d.roundAtLine {
			return t.tax
		}
		return t.raw
	}
	type key struct {
		id, structure string
		credit        bool
	}
	type member struct {
		l *line
		t *taxOut
	}
	groups := map[key][]member{}
	var order []key
	for _, l := range c.d.lines {
		for i := range l.taxes {
			t := &l.taxes[i]
			if t.structure == nil || t.structure.MaxTaxPerDocument == nil || amount(t).Sign() == 0 {
				continue
			}
			k := key{t.j.JurisdictionID, t.structure.ID, amount(t).Sign() < 0}
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], member{l, t})
		}
	}
	for _, k := range order {
		ms := groups[k]
		limit := *ms[0].t.structure.MaxTaxPerDocument
		if r := ms[0].t.rare; r != nil && r.docCap != nil {
			// The cap in the document's currency, converted at the
			// first line's rate (structurecur.go).
			limit = *r.docCap
		}
		sum := decimal.Zero
		weights := make([]decimal.Decimal, len(ms))
		for i, m := range ms {
			weights[i] = amount(m.t)
			sum = sum.Add(weights[i])
		}
		if !c.d.roundAtLine {
			sum = roundTax(sum, places, ms[0].t.mode)
		}
		if sum.Abs().LessThanOrEqual(limit) {
			continue
		}
		if k.credit {
			note := "the credits of " + ms[0].t.j.Value + " (" + k.id + ") on the document's returns, " + sum.StringFixed(places) +
				", are more than the " + limit.StringFixed(places) + " that rate structure " + k.structure +
				" lets one document bear (maxTaxPerDocument); they are given in full, as Levy can not know what the returned sales bore: a sale whose tax the cap cut is credited more than it bore"
			for _, m := range ms {
				m.l.addCapNote(note)
				m.t.setRare().capNote = note
			}
			continue
		}
		parts, err := money.Allocate(money.New(limit).Round(places, money.Down), weights, places)
		if err != nil {
			return fmt.Errorf("engine: cap the tax of %s at %s over the document (structure %s): %w", k.id, limit, k.structure, err)
		}
		// The explanation of each capped tax says the cap and the
		// document's tax before it.
		note := "rate structure " + k.structure + " caps the tax of " + ms[0].t.j.Value + " (" + k.id + ") at " + limit.StringFixed(places) +
			" a document (maxTaxPerDocument): the document's " + sum.StringFixed(places) + " is spread over its lines in proportion to their tax"
		for i, m := range ms {
			rare := m.t.setRare()
			rare.capNote, rare.uncapped = note, weights[i]
			m.t.tax, m.t.raw, m.t.maxTax = parts[i].Decimal(), parts[i].Decimal(), true
		}
	}
	return nil
}

// addCapNote records on line l the assisted sentence of credits beyond
// a document's cap, once per sentence.
func (l *line) addCapNote(note string) {
	switch {
	case strings.Contains(l.capCredit, note):
	case l.capCredit == "":
		l.capCredit = note
	default:
		l.capCredit += "; " + note
	}
}

// credit applies tax previously paid on the line against its taxes, in the
// order of the jurisdictions, toward zero and never past it. A reverse
// charge that the buyer or owner accrues (taxOut.reverseCharged) takes
// none of it: the buyer owes it, and deducts it, whatever the vendor's
// invoice said, and tax paid elsewhere is another state's. A credit has
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
	due := l.vendorsDue(c.d)
	tax := add(l.creditableTax(), due)
	switch {
	case tax.Sign() == -sign:
		return levy.Invalid(l.path+field, "is %s, but the line's tax is %s: tax paid elsewhere has the line's sign (negative on a return)", left, tax)
	case tax.Sign() == 0 && l.amount.Sign() == -sign:
		return levy.Invalid(l.path+field, "is %s, but the line's amount is %s and it bears no tax: tax paid elsewhere has the line's sign (negative on a return only)", left, l.amount)
	}
	if due.Sign() == sign {
		// The vendor's charge pays the tax that is the vendor's to
		// charge first (the GST/HST of a purchase within Canada): a
		// vendor that charged only the GST leaves the province's tax
		// to accrue, whatever the order of the jurisdictions.
		use := decimal.Min(due.Abs(), left.Abs())
		if sign < 0 {
			use = use.Neg()
		}
		left = left.Sub(use)
	}
	for i := range l.taxes {
		if left.Sign() != sign {
			return nil
		}
		t := &l.taxes[i]
		if !t.counted() || t.tax.Sign() != sign || t.reverseCharged() {
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

// creditableTax is the line's counted tax that a credit may pay
// (credit): all of it but a reverse charge the buyer accrues.
func (l *line) creditableTax() decimal.Decimal {
	sum := decimalZero
	for i := range l.taxes {
		if t := &l.taxes[i]; t.counted() && !t.reverseCharged() {
			sum = add(sum, t.tax)
		}
	}
	return sum
}

// vendorsDue is the tax of line l that its vendor, not the buyer,
// accounts for (line.vendorDue), in d's currency's minor units.
func (l *line) vendorsDue(d *doc) decimal.Decimal {
	if l.vendorDue.Sign() == 0 {
		return decimalZero
	}
	return d.currencyAmount(l.vendorDue)
}

// distribute spreads the line's input total tax over the jurisdictions in
// proportion to the tax each computes on the line, which is by their rates
// where each reaches the whole amount, and derives the taxable base from
// the combined rate. The parts sum to the input exactly.
func (c *calc) distribute(l *line) error {
	if l.inputTax == nil {
		return levy.Invalid(l.path+".inputTotalTax", "is required for DISTRIBUTE_TAX")
	}
	places := int32(max(c.d.currency.MinorUnits, 0))
	// Compute on the line's amount to learn which taxes apply and their
	// rates: a per-item threshold weighs the real price (Massachusetts's
	// coat of 3,000.00 bears the tax on its excess over $175, where a
	// unit amount of 1.00 would be exempt and leave nothing to spread
	// the tax over). A line without an amount (a tax-only adjustment)
	// is computed on a unit amount.
	probe := l.amount
	if probe.Sign() == 0 {
		probe = decimalOne
	}
	if err := c.computeLine(l, probe); err != nil {
		return err
	}
	// Each tax takes the share of the input that it bears of the line's
	// taxes: the tax it computes on the amount, which is its rate times
	// the amount unless part of the amount is out of its reach (a county
	// that waives half its tax in a holiday, an exemption of part of the
	// price from one tax). The combined rate, which derives the base,
	// adds up the rates.
	spreads := func(t *taxOut) bool {
		return t.counted() && t.result == wire.TaxResultTaxable && !t.zeroCharge && !t.notRegistered
	}
	combined, borne := decimal.Zero, decimal.Zero
	weights := make([]decimal.Decimal, len(l.taxes))
	for i := range l.taxes {
		if t := &l.taxes[i]; spreads(t) {
			weights[i] = t.raw.Abs()
			borne = borne.Add(weights[i])
			combined = combined.Add(t.rate)
		}
	}
	if borne.Sign() == 0 {
		// No tax computes an amount (every taxable part rounds away):
		// the rates weigh the taxes.
		for i := range l.taxes {
			if t := &l.taxes[i]; spreads(t) {
				weights[i] = t.rate
			}
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
		if t.ruleID == CertificateRule && weights[i].Sign() == 0 {
			// A tax that a stored certificate exempts takes no share, and
			// keeps its rule and its exempt amount, so that the journal's
			// exempt figures and its certificate rule count the sale: the
			// amount was the probe's, and is the line's net amount.
			t.exempt = scaledToNet(t.exempt, probe, l.net, places)
			t.nonTaxable = decimal.Zero
			continue
		}
		t.exempt, t.nonTaxable = decimal.Zero, decimal.Zero
		t.ruleID, t.ruleReason = "distribute-tax", "input total tax distributed by rate over the combined rate "+combined.String()
	}
	return nil
}

// scaledToNet returns amount, computed on the probe amount of a
// distributed line, as it is on the line's net amount, rounded half up
// to places: itself when the two are the same (the request sent an
// amount).
func scaledToNet(amount, probe, net decimal.Decimal, places int32) decimal.Decimal {
	if probe.Equal(net) || probe.Sign() == 0 {
		return amount
	}
	return roundHalfUp(amount.Mul(net).Div(probe), places)
}

// roundTax rounds a tax; half-up, the common case, goes straight to the
// decimal library, whose Round rounds half away from zero.
func roundTax(d decimal.Decimal, places int32, mode money.RoundingMode) decimal.Decimal {
	if mode == money.HalfUp {
		return roundHalfUp(d, places)
	}
	return money.New(d).Round(places, mode).Decimal()
}
