package engine

import (
	"unsafe"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// A line's taxes follow from what decides them (its class, its place,
// its date, its parties, its overrides) and from its amount. A cart of
// many items of a few classes to one address has many lines that agree
// in everything but the amount: the lines after the first of each kind
// take the first one's jurisdiction taxes as a template (lineTemplate)
// and compute only their amounts (planAmounts).
//
// Only plain lines take part: a line with an override, an inclusion, a
// stored certificate, an exempt customer or freight, or one of whose
// taxes met a threshold, a basis percentage or a rate structure, is
// computed in full every time, since its amounts follow other rules; so
// is every line of a DISTRIBUTE_TAX, whose taxes are reworked after they
// are computed. The extras of a line (franchise fees, communications
// taxes, withholding) are computed for every line after its template's
// taxes.
//
// A document whose lines are all of different kinds pays little for
// this: the first line of a kind only notes where its taxes are, and
// they are copied to a template when a second line of the kind comes.
// All lines' taxes are computed before anything (rounding, caps,
// credits) changes them, so the first line's are still as computed.
// TestTemplatesChangeNothing compares documents computed both ways.

// maxTemplates bounds the templates a document keeps.
const maxTemplates = 16

// templateKey is everything a plain line's jurisdiction taxes are
// decided by, other than the document's own members: its situs, the
// members of its rule environment, its seller's registrations and the
// customer's class.
type templateKey struct {
	productClass                        string // first: where kinds differ most
	st                                  situs
	txType, usage, usageClass, dateText string
	date                                civil.Date
	customerClass                       string
	business                            bool
	// the seller's registrations, by their array (lines share their
	// party's), and whether it said it has nexus nowhere
	regs    *registration
	numRegs int
	noNexus bool
}

// lineTemplate is the jurisdiction taxes of the first plain line of a
// kind, whose decisions later lines of the kind take: the first n taxes
// of first until a second line of the kind comes, a copy of them after.
type lineTemplate struct {
	key   templateKey
	first *line
	n     int
	taxes []taxOut
}

// templateFor returns the key of a line's template and whether the line
// may take part: templates are on, the document has more than one line,
// its taxes are not reworked after they are computed, and the line is
// plain.
func (c *calc) templateFor(l *line, st *situs) (templateKey, bool) {
	if c.s.noTemplates || len(c.d.lines) < 2 || c.d.mode == modeDistribute || len(l.exemptOv) > 0 || len(l.nonTaxOv) > 0 ||
		len(l.rateOv) > 0 || len(l.incl) > 0 || len(l.certs) > 0 || l.customer.exempt || l.freight.Sign() != 0 {
		return templateKey{}, false
	}
	return templateKey{productClass: l.productClass, st: *st, txType: l.txType, usage: l.usage, usageClass: l.usageClass,
		dateText: l.dateText, date: l.date, customerClass: l.customer.class, business: l.customer.business,
		regs: unsafe.SliceData(l.seller.regs), numRegs: len(l.seller.regs), noNexus: l.seller.noNexus}, true
}

// template returns the taxes of the template of key, nil for none, and
// whether the kind has been seen. The second line of a kind copies the
// first one's taxes to the template; the first line itself, computed
// again (a tax-included price), gets none.
func (c *calc) template(key *templateKey, l *line) ([]taxOut, bool) {
	for i := range c.tmpls {
		tp := &c.tmpls[i]
		if tp.key != *key {
			continue
		}
		if tp.taxes == nil && tp.first != l {
			start := len(c.tmplTaxes)
			c.tmplTaxes = append(c.tmplTaxes, tp.first.taxes[:tp.n]...)
			// Appending later may move the buffer: the template keeps
			// the array it was copied to, which nothing writes again in
			// this document.
			tp.taxes = c.tmplTaxes[start:len(c.tmplTaxes):len(c.tmplTaxes)]
		}
		return tp.taxes, true
	}
	return nil, false
}

// keepTemplate notes that the first n taxes of l, the first plain line
// of the kind key, are the template of the kind, while the document has
// room for one more.
func (c *calc) keepTemplate(key *templateKey, l *line, n int) {
	if len(c.tmpls) >= maxTemplates || n == 0 {
		return
	}
	c.tmpls = append(c.tmpls, lineTemplate{key: *key, first: l, n: n})
}

// planAmounts computes the amounts of a plain tax on base: what its
// decision (outcome, noRate, rate, zeroCharge, notRegistered) makes of
// it, as computeTax does, taking its product from products when one of
// its operands is there. A line that takes a template computes its taxes
// with it alone.
func planAmounts(t *taxOut, base decimal.Decimal, products *recentProducts) {
	exempt, nonTaxable := decimal.Zero, decimal.Zero
	switch t.outcome {
	case rules.Exempt:
		exempt = base
	case rules.NonTaxable:
		nonTaxable = base
	}
	taxable, exempt, nonTaxable := splitAmount(base, exempt, nonTaxable)
	if t.noRate {
		nonTaxable, taxable = nonTaxable.Add(taxable), decimal.Zero
	}
	t.taxable, t.exempt, t.nonTaxable = taxable, exempt, nonTaxable
	t.result = resultOf(taxable, exempt, nonTaxable)
	t.raw = products.mul(taxable, t.rate)
	if t.zeroCharge || t.notRegistered {
		t.raw = decimal.Zero
	}
	if t.notRegistered {
		t.result = wire.TaxResultNoTax
	}
}
