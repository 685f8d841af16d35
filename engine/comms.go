package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// US communications taxes: a line with lineType or lineTypes whose place
// (the customer's or buyer's destination, the place of primary use) is
// in the US bears, for each of its line types that the dataset knows
// (data/COMMUNICATIONS.md):
//
//   - the federal Universal Service Fund contribution, at the factor of
//     the quarter of the line's date from the FCC's public notices, on
//     the interstate and international share of the line type's revenue
//     (the FCC's safe-harbor percentage: 37.1% for wireless, 64.9% for
//     interconnected VoIP, ...);
//   - the federal excise tax of 3% on local-only service;
//   - the 911 fee per line of its state, where the dataset has one;
//   - on a retail sale of prepaid wireless service (PREPAID_WIRELESS,
//     each of its count one retail transaction), its state's prepaid
//     wireless 911 charge instead: a percentage of the sale, or an
//     amount per retail transaction. The postpaid fees do not name the
//     line type, and it has no interstate share, so it bears no USF:
//     that is the carrier's contribution on its own revenue, not
//     charged to the buyer at the sale.
//
// Each is a tax of its own, with its imposition type (Universal Service
// Fund, Federal Excise Tax, 911 Fee, Prepaid Wireless 911 Charge). A
// line's revenue is spread over its line types by their counts (a lineType counts the line's quantity; a
// lineTypes entry without a count counts 1), and a 911 fee is charged
// per line, on the count. A line type that the dataset does not know, and every line type
// of a line placed outside the US, carries the not-acted-on parameter
// (paramName lineTypes[i].value or lineType.value); a tax that the line
// bears and Levy has no content for (a 911 fee of a state the dataset
// lacks, a USF factor of a quarter not published yet) carries
// tax-not-computed with a sentence. The taxes are calculated on sales
// and purchases, not on an owner's movements nor on DISTRIBUTE_TAX. A
// buyer's accrual accrues the federal excise tax, which the person
// paying for the service pays (26 U.S.C. 4251(a)(2)), and the 911 fees
// and prepaid charges, which the states mostly impose on the subscriber
// or the consumer, but not the USF: it
// is the carrier's contribution (47 U.S.C. 254(d)), which the carrier
// may pass on and the buyer never remits.
//
// A lineType line's quantity counts its lines, so a quantity in a unit
// of time or data (usageUnits) is refused (usageUnitRefusal).

// The imposition types of the communications taxes.
const (
	usfImposition  = "Universal Service Fund"
	fetImposition  = "Federal Excise Tax"
	e911Imposition = "911 Fee"
	// prepaidImposition is a state's prepaid wireless 911 charge, which
	// the seller collects from the buyer at a retail sale of prepaid
	// service (the dataset's tax PREPAID911).
	prepaidImposition = "Prepaid Wireless 911 Charge"
)

// commsCurrency is the currency of the dataset's communications fees per
// line (a 911 fee's amount): the US dollar.
const commsCurrency = "USD"

// commsContent is the snapshot's view of the dataset's communications
// content.
type commsContent struct {
	types map[string]*data.CommsLineType
	// retail marks the line types a prepaid charge (PREPAID911) falls
	// on: a retail sale of prepaid service, whose state's charge Levy
	// lacks is named as a prepaid charge.
	retail map[string]bool
	usf    []data.USFFactor
	taxes  []data.CommsTax
	// rare holds the source of every communications tax's rate, the
	// dataset's section us-communications (commsSourceKey), which the
	// taxes share (taxRare.source).
	rare *taxRare
}

// prepaidTax is the dataset's tax of a state's prepaid wireless 911
// charge: a rate of the sale (PerLine false) or an amount per retail
// transaction on the count (PerLine true).
const prepaidTax = "PREPAID911"

// commsSourceKey is the section of data/SOURCES.md that the curated
// tables of the communications taxes are listed under.
const commsSourceKey = "us-communications"

// newCommsContent reads the dataset's communications content; a dataset
// written before it had any (its file is absent) has none. version is
// the dataset's version, which the taxes' explanations name.
func newCommsContent(ds *data.Dataset, version string) (*commsContent, error) {
	c, err := ds.Communications()
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("communications taxes: %w", err)
	}
	out := &commsContent{types: map[string]*data.CommsLineType{}, usf: c.USF, taxes: c.Taxes,
		rare: &taxRare{source: &wire.RateSource{Content: wire.RateSourceEmbedded, Version: version, Source: commsSourceKey}}}
	for i := range c.LineTypes {
		out.types[c.LineTypes[i].Value] = &c.LineTypes[i]
	}
	out.retail = map[string]bool{}
	for i := range c.Taxes {
		if c.Taxes[i].Tax == prepaidTax {
			for _, v := range c.Taxes[i].LineTypes {
				out.retail[v] = true
			}
		}
	}
	return out, nil
}

// commsMiss is a parameter of a line's communications taxes: a line type
// Levy has no content for (not-acted-on), or a tax it bears and Levy does
// not compute (tax-not-computed, with a sentence).
type commsMiss struct {
	path, value, rule, note string
}

// commsEntry is one line type of a line.
type commsEntry struct {
	path, value string
	count       decimal.Decimal
}

// commsEntries returns the line types of a line: its lineTypes, else its
// lineType, whose lines are the line's quantity (three wireless lines at
// 30.00 each are three lines), as a franchise fee per line counts them
// (lineCount).
func commsEntries(l *line) []commsEntry {
	if l.in == nil || l.in.src.details == nil {
		return nil
	}
	d := l.in.src.details
	if len(d.LineTypes) > 0 {
		out := make([]commsEntry, len(d.LineTypes))
		for i := range d.LineTypes {
			out[i] = commsEntry{path: l.path + ".lineTypes[" + strconv.Itoa(i) + "].value", value: d.LineTypes[i].Value, count: setCount(&d.LineTypes[i])}
		}
		return out
	}
	if d.LineType != nil {
		n := l.qty
		if n.Sign() <= 0 {
			n = decimalOne
		}
		return []commsEntry{{path: l.path + ".lineType.value", value: d.LineType.Value, count: n}}
	}
	return nil
}

// lineTypeCountRefusal refuses a line's lineType, or lineTypes entry,
// that names no line type (its value empty or blank: the lines would
// bear no communications tax, as an unknown type's do, though an
// entry's count takes its share of the line's revenue) and a count that
// is no count of lines, naming it: a negative count would charge a 911
// fee as a credit on a sale, and a fraction of a line would be charged a
// fraction of a fee per line. A count of 0 (no lines of the type) is a
// count. A line with a lineType and no lineTypes counts its quantity as
// its lines (commsEntries), so its quantity is refused likewise when it
// is not a whole number: 2.5 wireless lines were charged 2.5 911 fees.
func lineTypeCountRefusal(li *lineIn) *levy.Error {
	d := li.src.details
	if d == nil {
		return nil
	}
	if d.LineType != nil && strings.TrimSpace(d.LineType.Value) == "" {
		return levy.Invalid(li.path+".lineType.value",
			"is empty: lineType names the line's line type (WIRELESS, VOIP, ...); leave out a lineType without one")
	}
	if d.LineType != nil && len(d.LineTypes) == 0 && li.qty != nil {
		n := decimalOne // a quantity without a value counts no fraction
		if li.qty.Value != nil {
			n = li.qty.Value.Decimal()
		}
		const counts = "a line with a lineType counts its quantity as its lines"
		if e := countedLinesRefusal(li.path, li.qty, n, counts, counts+", on which fees per line (911 fees, franchise fees per line) are charged"); e != nil {
			return e
		}
	}
	for i := range d.LineTypes {
		if strings.TrimSpace(d.LineTypes[i].Value) == "" {
			return levy.Invalid(li.path+".lineTypes["+strconv.Itoa(i)+"].value",
				"is empty: each lineTypes entry names its line type (WIRELESS, VOIP, ...); leave out an entry without one")
		}
		n := d.LineTypes[i].Count
		if n == nil {
			continue
		}
		if v := n.Decimal(); v.Sign() < 0 || !v.IsInteger() {
			return levy.Invalid(li.path+".lineTypes["+strconv.Itoa(i)+"].count",
				"is %s: a count of lines is a whole number, 0 or more (a credit is a negative amount, not a negative count)", v.String())
		}
	}
	return nil
}

// usageUnits are the units of measure (UN/ECE Recommendation 20 common
// codes, and the plain abbreviations of data sizes that callers send)
// whose quantity is usage, not lines: time shorter or longer than the
// month (SEC, MIN, HUR, DAY, WEE, QAN, SAN, ANN) and data (A99 bit, AD
// byte, 2P kilobyte, 4L megabyte, E34 gigabyte, E35 terabyte, E36
// petabyte). A month (MON) is left out: a line billed for three months
// is three line-months, which is what a monthly fee per line counts.
// The value says what the unit measures, for the refusal's sentence.
var usageUnits = map[string]string{
	"SEC": "seconds", "MIN": "minutes", "HUR": "hours", "DAY": "days", "WEE": "weeks",
	"QAN": "quarters of a year", "SAN": "half-years", "ANN": "years",
	"A99": "bits", "BIT": "bits", "AD": "bytes",
	"2P": "kilobytes", "KB": "kilobytes", "4L": "megabytes", "MB": "megabytes", "MBY": "megabytes",
	"E34": "gigabytes", "GB": "gigabytes", "E35": "terabytes", "TB": "terabytes", "E36": "petabytes",
}

// countedLinesRefusal is the one rule of a quantity that counts a line's
// lines, on which fees per line are charged (a lineType line's, a
// franchise fee per line's): its unitOfMeasure (q, nil when the lines are
// counted in lineTypes) is no unit of usage (usageUnitRefusal, with
// counts), and its lines n are a whole number, naming the quantity's
// value with why, which says how the line's lines are charged: 2.5
// wireless lines were charged 2.5 911 fees.
func countedLinesRefusal(path string, q *wire.Measure, n decimal.Decimal, counts, why string) *levy.Error {
	if e := usageUnitRefusal(path, q, counts); e != nil {
		return e
	}
	if !n.IsInteger() {
		return levy.Invalid(path+".quantity.value", "is %s: %s, so it is a whole number; for a quantity that counts no lines (minutes, data), "+
			"give the lines in lineTypes with their count", n.String(), why)
	}
	return nil
}

// usageUnitRefusal refuses a quantity that counts lines (a lineType
// line's, a franchise fee per line's) when its unitOfMeasure is one of
// time or data (usageUnits), naming the unit: 500 minutes were charged
// 500 fees per line. counts says how the line counts its lines. A unit
// of lines, pieces or none is left alone.
func usageUnitRefusal(path string, q *wire.Measure, counts string) *levy.Error {
	if q == nil {
		return nil
	}
	what, ok := usageUnits[strings.ToUpper(strings.TrimSpace(q.UnitOfMeasure))]
	if !ok {
		return nil
	}
	return levy.Invalid(path+".quantity.unitOfMeasure", "is %s (%s): %s, on which fees per line (911 fees, franchise fees per line) "+
		"are charged, and %s are no lines; send the line's lines in lineTypes, each line type with its count, and leave the usage out of the quantity",
		q.UnitOfMeasure, what, counts, what)
}

// commsTaxes appends the communications taxes of the line's line types,
// on amount (the line's amount net of tax), and notes what it could not
// compute.
func (c *calc) commsTaxes(l *line, amount decimal.Decimal) {
	l.comms = l.comms[:0]
	// A line computed again (a tax-included line's nets) gives back the
	// lines it took of its account's limits first.
	c.acct.giveBack(l)
	entries := commsEntries(l)
	if len(entries) == 0 {
		return
	}
	if d := l.in.src.details; len(d.LineTypes) > 0 && d.LineType != nil {
		l.comms = append(l.comms, commsMiss{path: l.path + ".lineType.value", value: d.LineType.Value, rule: NotActedOnRule})
	}
	at := firstPlace(l.dest, l.adminDest)
	cc := c.s.comms
	if cc == nil || at == nil || at.country != "US" || c.d.perspective == "OWNER" {
		for _, e := range entries {
			l.comms = append(l.comms, commsMiss{path: e.path, value: e.value, rule: NotActedOnRule})
		}
		return
	}
	shares := c.revenueShares(amount, entries)
	if c.acct == nil {
		c.acct = accountLines{}
	}
	c.commsPend, c.commsSplit = c.commsPend[:0], overrideAmounts(l)
	for i, e := range entries {
		lt := cc.types[strings.ToUpper(strings.TrimSpace(e.value))]
		if lt == nil {
			l.comms = append(l.comms, commsMiss{path: e.path, value: e.value, rule: NotActedOnRule})
			continue
		}
		// A buyer's accrual self-assesses what the buyer owes: the USF is
		// the carrier's contribution (47 U.S.C. 254(d)), which it may
		// pass on in its price but the buyer never remits.
		if c.d.mode != modeAccrue {
			c.usfTax(l, at, cc, lt, e, shares[i])
		}
		c.lineTypeTaxes(l, at, cc, lt, e, shares[i], c.acct, amount.Sign() < 0)
	}
	if !c.commsSplit {
		return
	}
	splitOverrides(c.commsPend)
	for i := range c.commsPend {
		if t, ok := c.extraOut(l, &c.commsPend[i]); ok {
			l.taxes = append(l.taxes, t)
		}
	}
}

// commsTax takes the tax x of a line's line type; when the line's
// overrides give amounts (commsSplit), it keeps it until the line's
// taxes are known, to spread the amounts over them (splitOverrides).
func (c *calc) commsTax(l *line, x *extraTax) {
	if c.commsSplit {
		c.commsPend = append(c.commsPend, *x)
		return
	}
	if t, ok := c.extraOut(l, x); ok {
		l.taxes = append(l.taxes, t)
	}
}

// overrideAmounts reports whether an exempt or non-taxable override of
// the line gives an amount.
func overrideAmounts(l *line) bool {
	for _, o := range l.exemptOv {
		if o.amount != nil {
			return true
		}
	}
	for _, o := range l.nonTaxOv {
		if o.amount != nil {
			return true
		}
	}
	return false
}

// splitOverrides marks the taxes of a line's line types that are one tax
// of the line (an imposition of a jurisdiction, the USF on its wireless
// and its VoIP lines) with their place in it, so that an override's
// amount, a part of the tax's taxable amount, is spread over them by
// their bases (overridePart) rather than taken whole from each.
func splitOverrides(xs []extraTax) {
	for i := range xs {
		x := &xs[i]
		x.ovBefore, x.ovWhole = decimalZero, decimalZero
		for k := range xs {
			y := &xs[k]
			if y.impType != x.impType || y.imp != x.imp || y.j.JurisdictionID != x.j.JurisdictionID {
				continue
			}
			x.ovWhole = x.ovWhole.Add(y.base)
			if k < i {
				x.ovBefore = x.ovBefore.Add(y.base)
			}
		}
		x.ovSplit = !x.ovWhole.Equal(x.base)
	}
}

// overridePart is the part of an override's amount that the tax x bears
// when the line's line types split the tax (splitOverrides): by x's base
// over the bases of them all, in minor units (places), the parts of
// the line's taxes adding up to the amount.
func overridePart(x *extraTax, amount decimal.Decimal, places int32) decimal.Decimal {
	if !x.ovSplit || x.ovWhole.Sign() == 0 {
		return amount
	}
	upTo := func(b decimal.Decimal) decimal.Decimal {
		return roundHalfUp(amount.Mul(b).Div(x.ovWhole), places)
	}
	return upTo(x.ovBefore.Add(x.base)).Sub(upTo(x.ovBefore))
}

// revenueShares spreads a line's amount over its line types by their
// counts, in the currency's minor units, the parts adding up to the
// amount.
func (c *calc) revenueShares(amount decimal.Decimal, entries []commsEntry) []decimal.Decimal {
	out := make([]decimal.Decimal, len(entries))
	if len(entries) == 1 {
		out[0] = amount
		return out
	}
	places := int32(max(c.d.currency.MinorUnits, 0))
	weights := make([]decimal.Decimal, len(entries))
	for i, e := range entries {
		weights[i] = e.count
	}
	parts, err := money.Allocate(money.New(amount).Round(places, money.HalfUp), weights, places)
	if err != nil {
		// Counts that can not be weighed (all zero): equal parts.
		for i := range weights {
			weights[i] = decimalOne
		}
		parts, _ = money.Allocate(money.New(amount).Round(places, money.HalfUp), weights, places)
	}
	for i := range out {
		if i < len(parts) {
			out[i] = parts[i].Decimal()
		}
	}
	return out
}

// usfTax appends the Universal Service Fund contribution of one line
// type.
func (c *calc) usfTax(l *line, at *place, cc *commsContent, lt *data.CommsLineType, e commsEntry, share decimal.Decimal) {
	if lt.InterstateShare.Sign() == 0 {
		return
	}
	us := chainJurisdiction(at, "US")
	f := usfFactor(cc.usf, l.date)
	if us == nil || f == nil {
		l.comms = append(l.comms, commsMiss{path: e.path, value: e.value, rule: TaxNotComputedRule,
			note: "US " + usfImposition + " on " + lt.Value + " lines: " + usfMissing(cc.usf, l.date) + " (data/COMMUNICATIONS.md); Levy does not compute it"})
		return
	}
	q := quarterOf(f.Quarter)
	x := extraTax{j: us, situs: at, imp: jurisdiction.Tax(usfImposition), impType: usfImposition,
		ruleID: "us-usf-" + q, base: roundHalfUp(mul(share, lt.InterstateShare), int32(max(c.d.currency.MinorUnits, 0))), rate: f.Factor, rare: cc.rare,
		reason: "the USF contribution factor of " + q + " (" + f.Notice + ": " + f.Citation + ") on the interstate and international share of " +
			lt.Description + " revenue, " + lt.InterstateShare.Shift(2).String() + "% (" + lt.Citation + ")"}
	c.commsTax(l, &x)
}

// lineTypeTaxes appends the federal excise tax and the 911 fees of one
// line type, and notes the 911 fee of a state the dataset lacks.
// A per-line fee is charged on the lines of the entry that the fee's
// limit of lines per account leaves (acct), among the account's
// credits when credit is true, else among its charges; a fee with an
// amount beyond the limit (OverAmount) charges the entry's other lines
// that amount, as a tax of its own, rule ID suffixed -beyond-<limit>.
func (c *calc) lineTypeTaxes(l *line, at *place, cc *commsContent, lt *data.CommsLineType, e commsEntry, share decimal.Decimal,
	acct accountLines, credit bool) {
	state := at.subdivision // "US-AL"
	stateCharged := false
	for i := range cc.taxes {
		t := &cc.taxes[i]
		if !t.Period.Contains(l.date) || !containsFold(t.LineTypes, lt.Value) {
			continue
		}
		switch {
		case t.Tax == "FET" && t.Jurisdiction == "US":
			us := chainJurisdiction(at, "US")
			if us == nil {
				continue
			}
			x := extraTax{j: us, situs: at, imp: jurisdiction.Tax(fetImposition), impType: fetImposition, ruleID: "us-fet-local-service",
				base: share, rate: t.Rate, reason: t.Citation, rare: cc.rare}
			c.commsTax(l, &x)
		case t.Tax == prepaidTax && t.Jurisdiction == state:
			j := chainJurisdiction(at, state)
			if j == nil {
				continue
			}
			stateCharged = true
			x := extraTax{j: j, situs: at, imp: jurisdiction.Tax(prepaidImposition), impType: prepaidImposition,
				ruleID: strings.ToLower(state) + "-prepaid-911-charge-" + periodKey(t.Period), base: share, rare: cc.rare, credit: credit}
			if t.PerLine {
				// An amount per retail transaction: each of the entry's
				// count is one.
				amount := t.Amount
				x.perUnit, x.units, x.currency = &amount, e.count, commsCurrency
				x.reason = t.Citation + "; " + amount.String() + " on each of the entry's " + e.count.String() + " retail transactions"
			} else {
				x.rate, x.reason = t.Rate, t.Citation+"; "+t.Rate.Shift(2).String()+"% of the sale"
			}
			c.commsTax(l, &x)
		case t.Tax == "E911" && t.Jurisdiction == state:
			j := chainJurisdiction(at, state)
			if j == nil {
				continue
			}
			stateCharged = true
			amount := t.Amount
			units, reason := acct.take(l, acctKey{fee: t, credit: credit}, e.count), t.Citation
			beyond := e.count.Sub(units)
			if beyond.Sign() > 0 {
				reason += "; charged on " + units.String() + " of the entry's " + e.count.String() + " lines, the account's limit being " +
					strconv.Itoa(t.MaxLines)
			}
			ruleID := strings.ToLower(state) + "-911-fee-" + periodKey(t.Period)
			base, overBase := share, decimalZero
			over := t.OverAmount.Sign() > 0 && beyond.Sign() > 0
			if over {
				// The lines beyond the account's limit pay the fee's
				// amount for them, a tax of its own; the entry's revenue
				// is spread over the lines within and beyond the limit.
				base = roundHalfUp(share.Mul(units).Div(e.count), int32(max(c.d.currency.MinorUnits, 0)))
				overBase = share.Sub(base)
			}
			if !over || units.Sign() > 0 {
				x := extraTax{j: j, situs: at, imp: jurisdiction.Tax(e911Imposition), impType: e911Imposition,
					ruleID: ruleID, base: base, perUnit: &amount, units: units,
					currency: commsCurrency, reason: reason, rare: cc.rare, credit: credit}
				c.commsTax(l, &x)
			}
			if over {
				overAmount := t.OverAmount
				x := extraTax{j: j, situs: at, imp: jurisdiction.Tax(e911Imposition), impType: e911Imposition,
					ruleID: ruleID + "-beyond-" + strconv.Itoa(t.MaxLines), base: overBase, perUnit: &overAmount, units: beyond,
					currency: commsCurrency, rare: cc.rare, credit: credit,
					reason: t.Citation + "; " + beyond.String() + " of the entry's " + e.count.String() + " lines are beyond the account's first " +
						strconv.Itoa(t.MaxLines) + ", at " + overAmount.String() + " a line"}
				c.commsTax(l, &x)
			}
		}
	}
	switch {
	case stateCharged || !lt.E911:
	case cc.retail[lt.Value]:
		l.comms = append(l.comms, commsMiss{path: e.path, value: e.value, rule: TaxNotComputedRule,
			note: state + " " + prepaidImposition + " on " + lt.Value + " sales: Levy has no content for a statewide prepaid wireless 911 charge of " + state +
				" on " + dateString(l.date) + " (data/COMMUNICATIONS.md); Levy does not compute it"})
	default:
		l.comms = append(l.comms, commsMiss{path: e.path, value: e.value, rule: TaxNotComputedRule,
			note: state + " " + e911Imposition + " on " + lt.Value + " lines: Levy has no content for the 911 fees of " + state +
				" on " + dateString(l.date) + " (data/COMMUNICATIONS.md); Levy does not compute them"})
	}
}

// accountLines counts the lines of one account that each fee with a
// limit of lines per account (South Dakota's 911 fee: at most 100,
// Arizona's: one, Wisconsin's: ten at its full amount, the lines beyond
// at a lower one) has been charged on. The account is the document: a
// bill's lines and each line's line types, so that Arizona's fee is
// charged once a bill however many of its lines carry wireless lines.
// The bill's credits (lines of a negative amount) count apart from its
// charges, as they would on a credit memo of their own: a charge and
// its credit on one bill cancel, whichever comes first.
type accountLines map[acctKey]decimal.Decimal

// acctKey is a fee with a limit of lines per account, among the
// account's charges or its credits.
type acctKey struct {
	fee    *data.CommsTax
	credit bool
}

// acctTake is what one line took of a fee's limit of lines per account.
type acctTake struct {
	key acctKey
	n   decimal.Decimal
}

// take returns how many of n more lines of line l the fee of k is
// charged on: all of them, or what its limit leaves; l remembers what it
// took.
func (a accountLines) take(l *line, k acctKey, n decimal.Decimal) decimal.Decimal {
	if k.fee.MaxLines <= 0 {
		return n
	}
	left := decimal.Max(decimal.NewFromInt(int64(k.fee.MaxLines)).Sub(a[k]), decimal.Zero)
	n = decimal.Min(n, left)
	a[k] = a[k].Add(n)
	l.acctTaken = append(l.acctTaken, acctTake{key: k, n: n})
	return n
}

// giveBack returns to the account the lines that l took when it was
// last computed, so that a line computed again counts its lines once.
func (a accountLines) giveBack(l *line) {
	for _, tk := range l.acctTaken {
		a[tk.key] = a[tk.key].Sub(tk.n)
	}
	l.acctTaken = l.acctTaken[:0]
}

// usfFactor returns the factor of the quarter of d, nil when none is
// known.
func usfFactor(fs []data.USFFactor, d civil.Date) *data.USFFactor {
	for i := range fs {
		q := fs[i].Quarter
		end := civil.Of(q.Time().AddDate(0, 3, 0))
		if !d.Before(q) && d.Before(end) {
			return &fs[i]
		}
	}
	return nil
}

// usfMissing says why no factor of usfFactor applies on d: a quarter
// after the last one whose factor the dataset has (the FCC's notice for
// it not yet read, or not yet published), before the first, or between
// two, naming the quarter and the dataset's factor nearest to it, so
// that a line dated after the table's end says which quarter the
// dataset ends with rather than being charged that quarter's factor.
func usfMissing(fs []data.USFFactor, d civil.Date) string {
	q := quarterOf(quarterStart(d))
	head := "no contribution factor of the FCC is known for " + q + ", the quarter of " + dateString(d)
	var before, after *data.USFFactor
	for i := range fs {
		if fs[i].Quarter.After(d) {
			after = &fs[i]
			break
		}
		before = &fs[i]
	}
	switch {
	case before != nil && after == nil:
		return head + ": the dataset's factors end with " + usfNamed(before) +
			", and the factor of one quarter is not charged in a later one"
	case before == nil && after != nil:
		return head + ": the dataset's factors start with " + usfNamed(after)
	case before != nil && after != nil:
		return head + ": the dataset has the factors of " + usfNamed(before) + " and of " + usfNamed(after) + " but none between them"
	}
	return head
}

// usfNamed names a quarter's factor with its percentage and notice:
// "2026-q2 (37%, DA 26-218 (March 16 2026))".
func usfNamed(f *data.USFFactor) string {
	return quarterOf(f.Quarter) + " (" + f.Factor.Shift(2).String() + "%, " + f.Notice + ")"
}

// quarterStart returns the first day of the quarter of d.
func quarterStart(d civil.Date) civil.Date {
	return civil.Date{Year: d.Year, Month: d.Month - (d.Month-1)%3, Day: 1}
}

// quarterOf names the quarter that starts on d: "2026-q1".
func quarterOf(d civil.Date) string {
	return strconv.Itoa(d.Year) + "-q" + strconv.Itoa((int(d.Month)-1)/3+1)
}

// periodKey names a period by its effective date, "always" for none.
func periodKey(p civil.Period) string {
	if p.Effective.IsZero() {
		return "always"
	}
	return dateString(p.Effective)
}

// containsFold reports whether list holds s, ignoring case.
func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// commsNotes appends the parameters of the line's communications taxes.
func (c *calc) commsNotes(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	for _, m := range l.comms {
		if m.rule == NotActedOnRule {
			out = notActed(out, m.path, m.value)
			continue
		}
		out = append(out, wire.AssistedParameter{ParamName: m.path, Phase: wire.PhasePost, RuleName: m.rule, OriginalValue: m.value, Value: m.note})
	}
	return out
}
