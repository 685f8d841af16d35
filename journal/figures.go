package journal

import (
	"cmp"
	"context"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/shopspring/decimal"
)

// Sales figures. Each unit that changes which version of a transaction is
// the latest live one (a post, a reversal, a rollback, a delete) adds to
// the tenant's figures what the change adds to its sales, in the same
// unit: a report of where a seller has crossed an economic nexus or the
// EU's distance-sales threshold reads the figures and never scans the
// journal. Contribution says what a transaction counts for.

// AreaEU is the area of the figures of cross-border sales to consumers
// within the European Union (Line.EUDistanceSale): one figure for every
// member state, as the union-wide threshold counts them together.
const AreaEU = "EU"

// AreaCanada is the area of the figures of sales delivered in Canada, all
// provinces and territories together, as Canada's GST/HST thresholds
// count them; a province's own are in its area ("CA-BC"). Both count in
// Canadian dollars.
const AreaCanada = "CA"

// consumersSuffix ends the area of the figures of sales to consumers
// within a Canadian area (ConsumerArea).
const consumersSuffix = "/consumers"

// ConsumerArea returns the area of the figures of the sales to consumers
// within the Canadian area ("CA-QC/consumers" of "CA-QC", "CA/consumers"
// of AreaCanada), which Québec's specified QST system and Canada's
// simplified GST/HST registration count: the lines whose customer holds
// no registration under the general regime of the tax the area's
// threshold names (RegisteredForGSTHST for AreaCanada and every province
// but Québec, RegisteredForQST for Québec), whether or not it is a
// business; a customer that the journal did not keep (a transaction
// stored before it kept parties) counts as a consumer. In such an area
// a tax's amount taxed at a rate of zero counts with its exempt amount
// (Tally.Exempt): both thresholds leave zero-rated supplies out.
func ConsumerArea(area string) string { return area + consumersSuffix }

// UnitsPerCurrencyUnit is the scale of the amounts of a Tally: they are
// whole ten-thousandths of the area's currency (US dollars in a US
// state, euros in AreaEU, Canadian dollars in a Canadian area).
const UnitsPerCurrencyUnit = 10000

// maxFigureUnits bounds each amount of a transaction's figure
// (Contribution): a line's amount, and the sum of its lines, count at
// most 10^12 currency units either way, far beyond any threshold, so that
// a transaction's sum never overflows. The sums of many transactions (a
// day's, a month's, a period's) are held within an int64 (PostgreSQL's
// bigint) by SumUnits: some 920 transactions at the bound reach it. A
// line beyond it counts at the bound: the sale is still beyond every
// threshold, where leaving it out would count nothing.
const maxFigureUnits = 1_000_000_000_000 * UnitsPerCurrencyUnit

// addUnits returns a+b bounded to ±maxFigureUnits; a and b must be
// within the bound, so that their sum never overflows. It is odd
// (addUnits(-a, -b) is -addUnits(a, b)), so that the reversal of a
// transaction, whose amounts are its own negated, takes back exactly
// what the transaction added.
func addUnits(a, b int64) int64 {
	return min(max(a+b, -maxFigureUnits), maxFigureUnits)
}

// SumUnits returns a+b held within ±math.MaxInt64 instead of wrapping
// around: the figures of a day, a month or a period add up many
// transactions' (each within ±maxFigureUnits), and the sum of some nine
// hundred at that bound is beyond an int64. A sum held there is a floor
// of sales far beyond every threshold, where a wrapped one turned a
// seller's sales negative. Within the range, it is a+b exactly, so that a
// reversal takes back exactly what its sale added. Every backend adds
// its figures with it (PostgreSQL with the same bound in SQL).
func SumUnits(a, b int64) int64 {
	s := a + b
	switch {
	case a > 0 && b > 0 && s < 0:
		return math.MaxInt64
	case a < 0 && b < 0 && s >= 0:
		return -math.MaxInt64
	case s == math.MinInt64:
		return -math.MaxInt64
	}
	return s
}

// Tally is what a group of sales adds up to.
type Tally struct {
	// Gross is the sales' amounts (the lines' net amounts), Exempt the
	// part the area's own tax exempted (in a US state, the part it
	// exempted because of the customer alone: CustomerExemption; in a
	// ConsumerArea, with the part it taxed at a rate of zero), Taxable
	// the part it taxed, in ten-thousandths of the area's currency
	// (UnitsPerCurrencyUnit).
	Gross, Exempt, Taxable int64
	// ExemptOther is the part of Exempt, in a US state, that a customer
	// exemption for another reason than resale exempted: a sale to an
	// exempt organisation, a government, a manufacturer's exempt use
	// (ResaleExemption says which). Tennessee and Nebraska count it
	// among their retail sales and leave out only Exempt less
	// ExemptOther, the resales. A figure stored before the journal kept
	// it has zero here: every customer exemption in it counts as a
	// resale.
	ExemptOther int64
	// Count is the number of transactions: each sale counts once in an
	// area where it has a line, a return not at all, the reversal of a
	// sale minus once, the reversal of that reversal once again
	// (transactionCount).
	Count int64
	// Unconverted counts the lines whose amount could not be had in the
	// area's currency (a document in another currency without a
	// conversion to it), which the amounts leave out; the reversal of a
	// transaction takes its lines back (minus one each), as Count takes
	// back the sale.
	Unconverted int64
}

// IsZero reports whether t adds nothing.
func (t Tally) IsZero() bool { return t == Tally{} }

// Add returns t plus u, each amount added by SumUnits.
func (t Tally) Add(u Tally) Tally {
	return Tally{Gross: SumUnits(t.Gross, u.Gross), Exempt: SumUnits(t.Exempt, u.Exempt), Taxable: SumUnits(t.Taxable, u.Taxable),
		ExemptOther: SumUnits(t.ExemptOther, u.ExemptOther), Count: t.Count + u.Count, Unconverted: t.Unconverted + u.Unconverted}
}

// Neg returns -t.
func (t Tally) Neg() Tally {
	return Tally{Gross: -t.Gross, Exempt: -t.Exempt, Taxable: -t.Taxable, ExemptOther: -t.ExemptOther, Count: -t.Count, Unconverted: -t.Unconverted}
}

// Figure is the sales of one seller company into one area on one day:
// those it made itself (Direct) and those a marketplace facilitator made
// for it (Marketplace, Transaction.Marketplace), counted apart.
type Figure struct {
	// Company is the seller's company code ("" when the requests named
	// none).
	Company string `json:"company"`
	// Area is the US state ("US-TX") the lines were delivered to,
	// AreaEU, a Canadian province or territory ("CA-BC"), AreaCanada,
	// or the ConsumerArea of one of those two.
	Area string `json:"area"`
	// Day is the posting date of the transactions.
	Day         civil.Date `json:"day"`
	Direct      Tally      `json:"direct"`
	Marketplace Tally      `json:"marketplace"`
}

// FigureQuery selects figures: the days from From to To (a zero bound
// is open); when Area is not empty, those of Company in Area only; when
// Area is empty and OneCompany is set, those of Company in every area
// ("" is a company too: that of the figures stored without a code).
type FigureQuery struct {
	From, To      civil.Date
	Company, Area string
	OneCompany    bool
}

// ByCompany reports whether q selects the figures of Company only.
func (q *FigureQuery) ByCompany() bool { return q.OneCompany || q.Area != "" }

// Selects reports whether q selects f.
func (q *FigureQuery) Selects(f *Figure) bool {
	return inPeriod(f.Day, q.From, q.To) && (!q.ByCompany() || f.Company == q.Company) && (q.Area == "" || f.Area == q.Area)
}

// FigureKey is what a Figure is the figure of.
type FigureKey struct {
	Company, Area string
	Day           civil.Date
}

// Key returns the key of f.
func (f *Figure) Key() FigureKey { return FigureKey{f.Company, f.Area, f.Day} }

// IsZero reports whether f adds nothing.
func (f *Figure) IsZero() bool { return f.Direct.IsZero() && f.Marketplace.IsZero() }

// Neg returns -f.
func (f Figure) Neg() Figure {
	f.Direct, f.Marketplace = f.Direct.Neg(), f.Marketplace.Neg()
	return f
}

// CompareFigureKeys orders figure keys by company, area and day.
func CompareFigureKeys(a, b FigureKey) int {
	if c := cmp.Compare(a.Company, b.Company); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Area, b.Area); c != 0 {
		return c
	}
	return a.Day.Compare(b.Day)
}

// countsForFigures reports whether a transaction is a sale that the
// figures count: a seller's, of a kind that books a sale (saleKinds),
// that moves revenue (not a tax-only adjustment).
func countsForFigures(tx *Transaction) bool {
	return tx != nil && tx.Perspective == "SELLER" && saleKinds[tx.MessageType] && !tx.TaxOnly
}

// saleKinds are the message types of a seller's transaction that the
// figures count: the kinds the engine stores as sales, and none (a
// transaction that a host stored through the journal's API without
// naming its kind counts, as it did before the kind was read). A
// QUOTATION, or another estimate a host stored itself, is not a sale; a
// reversal keeps its original's kind.
var saleKinds = map[string]bool{"INVOICE": true, "DISTRIBUTE_TAX": true, "ARBILLING_SYNC": true, "": true}

// Contribution returns what tx adds to its tenant's figures while it is
// the latest version of a live transaction: for each US state its lines
// were delivered to, for AreaEU when some are EU distance sales, and for
// each Canadian province (and AreaCanada, and the ConsumerArea of both for
// lines sold to consumers) when some were delivered in Canada, the
// amounts and a count of one (none for a return, minus one for the
// reversal of a sale: transactionCount), on its posting date (the
// document date when it has none), under the seller company code of each
// line (lineCompany: Line.Company, else the transaction's), as Direct or Marketplace
// sales: a transaction whose lines name two sellers counts one
// transaction for each in an area. Only a seller's transactions that move revenue
// count. The figures are in the order of CompareFigureKeys.
//
// A line's state is its Destination; a line stored before the journal
// kept one is placed by its state tax (a tax whose jurisdiction is
// "US-" and a state). Amounts in US dollars (euros for AreaEU) count as
// they are; in another currency, at the conversion rate of a tax's
// filing amounts in the area's currency, else at the document's
// conversion factor into it that the line keeps (Line.Factors), and
// otherwise not at all (Tally.Unconverted counts the line). A Canadian line is placed by its
// Destination ("CA-BC"; "CA" when the province is unknown counts in
// AreaCanada alone), or by a provincial tax when it has none; its
// province's tally takes the taxable and exempt amounts of that
// province's tax (its PST, QST or the provincial part of its HST), and
// AreaCanada's those of the GST ("CA"), all in Canadian dollars.
func Contribution(tx *Transaction) []Figure {
	if !countsForFigures(tx) {
		return nil
	}
	day := tx.PostingDate
	if day.IsZero() {
		day = tx.DocumentDate
	}
	var out []Figure
	// net is the sum of the amounts of the lines of each figure of out,
	// in the document's currency, whose sign tells a sale from a return;
	// it is kept for a reversal, and for a transaction of which a line is
	// below zero (a sale's lines are not, and add up to zero or more).
	var net []money.Amount
	keepNet := tx.ReversalOf != "" || slices.ContainsFunc(tx.Lines, func(l Line) bool { return l.Amount.Sign() < 0 })
	// find returns the tally of the figure of line l's company (its own,
	// else the transaction's) in area (in its ConsumerArea when consumers
	// is set), added to out at its first line; the name of a consumers'
	// area is only built then. A transaction's first figure makes room
	// for as many as a Canadian line makes (four).
	find := func(area string, consumers bool, l *Line) *Tally {
		company := lineCompany(tx, l)
		i := slices.IndexFunc(out, func(f Figure) bool { return f.Company == company && isArea(f.Area, area, consumers) })
		if i < 0 {
			if out == nil {
				n := 1
				if area == AreaCanada || IsCAProvince(area) {
					n = 4
				}
				out = make([]Figure, 0, n)
			}
			name := area
			if consumers {
				name = ConsumerArea(area)
			}
			out = append(out, Figure{Company: company, Area: name, Day: day})
			i = len(out) - 1
			if keepNet {
				net = append(net, money.Zero())
			}
		}
		if keepNet {
			net[i] = net[i].Add(l.Amount)
		}
		return out[i].directOrMarket(tx.Marketplace)
	}
	// lines is what each line counts toward the lines not converted
	// (Tally.Unconverted): one, and minus one in the reversal of a
	// transaction, which takes its lines back whether they were counted
	// or not (the reversal of a reversal counts them again).
	lines := int64(1)
	if tx.ReversalOf != "" && !tx.RestoresReversed {
		lines = -1
	}
	for i := range tx.Lines {
		l := &tx.Lines[i]
		if area := lineState(l); area != "" {
			addLine(find(area, false, l), tx.Currency, "USD", l, area, lines)
		}
		if l.EUDistanceSale {
			addLine(find(AreaEU, false, l), tx.Currency, "EUR", l, "", lines)
		}
		if province, ok := lineCanada(l); ok {
			for _, area := range []string{AreaCanada, province} {
				if area == "" {
					continue
				}
				addLine(find(area, false, l), tx.Currency, "CAD", l, area, lines)
				if consumerLine(tx, l, area) {
					addConsumerLine(find(area, true, l), tx.Currency, l, area, lines)
				}
			}
		}
	}
	for i := range out {
		sign := 0 // a sale's: no line below zero
		if keepNet {
			sign = net[i].Sign()
		}
		out[i].directOrMarket(tx.Marketplace).Count = transactionCount(tx, sign)
	}
	slices.SortFunc(out, func(a, b Figure) int { return CompareFigureKeys(a.Key(), b.Key()) })
	return out
}

// lineCompany returns the seller company code whose sales line l of tx
// is: the line's own (Line.Company, or "" when Line.NoCompany marks a
// line seller without one), else the transaction's.
func lineCompany(tx *Transaction, l *Line) string {
	if l.Company != "" || l.NoCompany {
		return l.Company
	}
	return tx.Company
}

// isArea reports whether name is area, or its ConsumerArea when
// consumers is set, without building the latter.
func isArea(name, area string, consumers bool) bool {
	if !consumers {
		return name == area
	}
	return len(name) == len(area)+len(consumersSuffix) && strings.HasPrefix(name, area) && strings.HasSuffix(name, consumersSuffix)
}

// transactionCount is what a transaction counts toward an area's
// transactions, sign being that of the sum of its lines' amounts there
// (0 when not summed: a sale none of whose lines is below zero): a sale
// (net zero or more) counts one; a return (net below zero: a credit
// note for goods sent back, stored as a transaction of its own) counts
// none, as a state's count of separate sales does not count refunds; the
// reversal of a sale (net zero or below) takes its one away, and that
// of a return (above zero) takes nothing. The reversal of a reversal
// (RestoresReversed) counts as the transaction it restores: one for a
// sale, none for a return. (A reversal of a reversal stored before the
// journal marked it counts as the reversal of a return: nothing.)
func transactionCount(tx *Transaction, sign int) int64 {
	reversal := tx.ReversalOf != "" && !tx.RestoresReversed
	switch {
	case reversal && sign <= 0:
		return -1
	case reversal:
		return 0
	case sign < 0:
		return 0
	}
	return 1
}

// directOrMarket returns the tally of f that a transaction of the
// marketplace flag counts in.
func (f *Figure) directOrMarket(marketplace bool) *Tally {
	if marketplace {
		return &f.Marketplace
	}
	return &f.Direct
}

// addLine adds line l of a transaction in currency cur to t, in the
// area's currency want; state is the jurisdiction ID of the tax whose
// taxable and exempt amounts count ("" for none). A line whose amount
// can not be had in want adds n (1, or -1 in a reversal) to the lines
// not converted instead.
func addLine(t *Tally, cur, want string, l *Line, state string, n int64) {
	rate, ok := conversion(cur, want, l)
	if !ok {
		t.Unconverted += n
		return
	}
	t.Gross = addUnits(t.Gross, units(l.Amount, rate))
	if state == "" {
		return
	}
	for k := range l.Taxes {
		x := &l.Taxes[k]
		if x.JurisdictionID != state {
			continue
		}
		t.Taxable = addUnits(t.Taxable, units(x.Taxable, rate))
		if IsUSState(state) && !CustomerExemption(x) {
			// An item the state exempts (clothing on Tennessee's
			// sales tax holiday) is still a retail sale.
			break
		}
		v := units(x.Exempt, rate)
		t.Exempt = addUnits(t.Exempt, v)
		if IsUSState(state) && !ResaleExemption(x) {
			t.ExemptOther = addUnits(t.ExemptOther, v)
		}
		break
	}
}

// CustomerExemption reports whether tax x was exempted because of the
// customer rather than the product: the customer was exempt on the
// request (rule customer-exempt), a stored exemption certificate of the
// customer covered it (customer-certificate, or a certificate number
// kept with the tax), or the request overrode it as exempt (override).
// The exempt amount of a US state's figures (Tally.Exempt) is that
// part alone, which a state that counts retail sales leaves out: sales
// for resale and to exempt customers, and not the sales of products the
// state exempts, which are retail sales.
func CustomerExemption(x *Tax) bool {
	switch x.RuleID {
	case "customer-exempt", "customer-certificate", "override":
		return true
	}
	return x.CertificateNumber != ""
}

// ResaleExemption reports whether tax x, exempted because of the
// customer (CustomerExemption), was exempted as a sale for resale, by
// the reason the journal kept with it (Tax.ReasonCode: the request's
// exemptionReasonCode, the reason of the stored certificate that covered
// the tax, or the reason code of the exempt override). The reasons are
// those of the Streamlined Sales Tax Certificate of Exemption (SSTGB
// Form F0003) that profile.Reasons lists, one letter in either case,
// spaces around it aside: G (Resale) is a resale, and every other letter
// (A to M: a government, a charitable, religious or educational
// organisation, a diplomat, agricultural or industrial production, a
// direct pay permit, direct mail, other) is not. A reason of another
// form (the wire's four-digit codes, whose values no document names) or
// none counts as a resale, as the figures counted every customer
// exemption before they kept the reason: a state that counts exempt
// sales but not resales (Tennessee, Nebraska) is then shown less than
// it may count, never more.
func ResaleExemption(x *Tax) bool {
	code, ok := profile.NormalizeReason(x.ReasonCode)
	return !ok || profile.ReasonText(code) == "" || code == profile.ResaleReason
}

// addConsumerLine adds line l of a transaction in currency cur to t, the
// tally of the ConsumerArea of area: as addLine does, and with the amount
// the area's tax taxed at a rate of zero counted as exempt, which the
// consumer thresholds leave out; n is what an unconverted line counts.
func addConsumerLine(t *Tally, cur string, l *Line, area string, n int64) {
	addLine(t, cur, "CAD", l, area, n)
	rate, ok := conversion(cur, "CAD", l)
	if !ok {
		return
	}
	for k := range l.Taxes {
		x := &l.Taxes[k]
		if x.JurisdictionID != area {
			continue
		}
		if zeroRated(x) {
			t.Exempt = addUnits(t.Exempt, units(x.Taxable, rate))
		}
		break
	}
}

// zeroRated reports whether tax x taxed its taxable amount at a rate of
// zero: the result TAXABLE, a taxable amount, a rate and a tax of zero
// (the journal's ReasonZeroRate). Québec's zero-rated printed books are
// stored exempt, which counts the same in a ConsumerArea.
func zeroRated(x *Tax) bool {
	return x.TaxResult == "TAXABLE" && x.Rate.IsZero() && !x.Taxable.IsZero() && x.Tax.IsZero()
}

// conversion returns the rate that brings the amounts of line l, in
// currency cur ("" is US dollars), to currency want: 1 when they are in
// it, a tax's filing conversion rate when one converts to it (the
// currencyConversion of the line's destination or origin), else the
// document's conversion factor into it that the line keeps
// (Line.Factors), as the engine converts a price threshold.
func conversion(cur, want string, l *Line) (decimal.Decimal, bool) {
	if cur == "" {
		cur = "USD"
	}
	if strings.EqualFold(cur, want) {
		return decimal.Decimal{}, true
	}
	for k := range l.Taxes {
		if f := l.Taxes[k].Filing; f != nil && strings.EqualFold(f.Currency, want) && f.Rate.Sign() > 0 {
			return f.Rate.Decimal(), true
		}
	}
	for k := range l.Factors {
		if c := &l.Factors[k]; strings.EqualFold(c.Currency, want) && c.Rate.Sign() > 0 {
			return c.Rate.Decimal(), true
		}
	}
	return decimal.Decimal{}, false
}

var unitsScale = decimal.NewFromInt(UnitsPerCurrencyUnit)

// units returns a in ten-thousandths, times rate unless rate is zero,
// rounded half away from zero, and bounded to ±maxFigureUnits. An
// amount (and rate) whose coefficient fits an int64, as every amount of
// a document does, is computed in integers (smallUnits), without the
// allocations of decimal arithmetic; the others in decimals, to the same
// result.
func units(a money.Amount, rate decimal.Decimal) int64 {
	d := a.Decimal()
	if d.IsZero() {
		return 0
	}
	if v, ok := smallUnits(d, rate); ok {
		return v
	}
	return decimalUnits(d, rate)
}

// decimalUnits is units computed in decimals alone, for any d: the
// journal's way before smallUnits, and the oracle of its tests.
func decimalUnits(d, rate decimal.Decimal) int64 {
	if d.IsZero() {
		return 0
	}
	if !rate.IsZero() {
		d = d.Mul(rate)
	}
	d = d.Mul(unitsScale).Round(0)
	switch {
	case d.Cmp(maxFigureDecimal) > 0:
		return maxFigureUnits
	case d.Cmp(minFigureDecimal) < 0:
		return -maxFigureUnits
	}
	return d.IntPart()
}

// pow10s are the powers of ten an int64 holds, 10^0 to 10^18.
var pow10s = func() (p [19]int64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// smallUnits returns units(d, rate) computed in int64 arithmetic, and
// false when an operand or an intermediate value does not fit (then the
// caller computes it in decimals): d's coefficient, and rate's when rate
// is not zero, of at most 18 digits, their product within an int64, and
// the power of ten that scales it to ten-thousandths within 10^18.
func smallUnits(d, rate decimal.Decimal) (int64, bool) {
	if d.NumDigits() > 18 {
		return 0, false
	}
	c, e := d.CoefficientInt64(), int(d.Exponent())
	if !rate.IsZero() {
		if rate.NumDigits() > 18 {
			return 0, false
		}
		r := rate.CoefficientInt64()
		neg := (c < 0) != (r < 0)
		hi, lo := bits.Mul64(absUint64(c), absUint64(r))
		if hi != 0 || lo > math.MaxInt64 {
			return 0, false
		}
		c, e = int64(lo), e+int(rate.Exponent())
		if neg {
			c = -c
		}
	}
	// The value is c·10^e; in ten-thousandths, c·10^(e+4).
	k := e + 4
	switch {
	case k >= 0:
		if k >= len(pow10s) {
			return 0, false
		}
		p := pow10s[k]
		switch {
		case c > maxFigureUnits/p:
			return maxFigureUnits, true
		case c < -maxFigureUnits/p:
			return -maxFigureUnits, true
		}
		return c * p, true
	case -k < len(pow10s):
		p := pow10s[-k]
		q, r := c/p, c%p
		// Half away from zero: a remainder of half p or more (p is even)
		// takes q one further from zero.
		switch {
		case r > 0 && r >= p-r:
			q++
		case r < 0 && -r >= p+r:
			q--
		}
		return min(max(q, -maxFigureUnits), maxFigureUnits), true
	}
	return 0, false
}

// absUint64 returns |v| as a uint64 (math.MinInt64's too).
func absUint64(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

// maxFigureDecimal and minFigureDecimal are ±maxFigureUnits.
var (
	maxFigureDecimal = decimal.NewFromInt(maxFigureUnits)
	minFigureDecimal = decimal.NewFromInt(-maxFigureUnits)
)

// lineState returns the US state ("US-TX") a line was delivered to, or
// "".
func lineState(l *Line) string {
	if l.Destination != "" {
		if IsUSState(l.Destination) {
			return l.Destination
		}
		return ""
	}
	for k := range l.Taxes {
		if id := l.Taxes[k].JurisdictionID; IsUSState(id) {
			return id
		}
	}
	return ""
}

// lineCanada reports whether a line was delivered in Canada and returns
// its province or territory ("CA-BC"), "" when the line names Canada
// alone. A line stored before the journal kept destinations is placed
// by a provincial tax ("CA-BC") it has.
func lineCanada(l *Line) (string, bool) {
	if l.Destination != "" {
		switch {
		case l.Destination == AreaCanada:
			return "", true
		case IsCAProvince(l.Destination):
			return l.Destination, true
		}
		return "", false
	}
	for k := range l.Taxes {
		if id := l.Taxes[k].JurisdictionID; IsCAProvince(id) {
			return id, true
		}
	}
	return "", false
}

// IsCAProvince reports whether id has the form of a Canadian province's
// or territory's jurisdiction ID: "CA-" and two upper-case letters.
func IsCAProvince(id string) bool {
	return len(id) == 5 && strings.HasPrefix(id, "CA-") && id[3] >= 'A' && id[3] <= 'Z' && id[4] >= 'A' && id[4] <= 'Z'
}

// consumerLine reports whether line l of tx, delivered in Canadian area
// area (AreaCanada or a province), counts as sold to a consumer in the
// area's ConsumerArea: its customer (the line's own, else the
// document's) holds no registration under the general regime of the
// tax the area's consumer threshold names: Québec's QST in "CA-QC"
// (RegisteredForQST), the GST/HST elsewhere (RegisteredForGSTHST). A
// business indicator, or a registration of another tax or country, does
// not make a customer registered. A transaction stored without its
// customer counts as sold to a consumer.
func consumerLine(tx *Transaction, l *Line, area string) bool {
	c := l.Customer
	if c == nil {
		c = tx.Customer
	}
	if c == nil {
		return true
	}
	registered := RegisteredForGSTHST
	if area == "CA-QC" {
		registered = RegisteredForQST
	}
	for _, r := range c.Registrations {
		if registered(r) {
			return false
		}
	}
	return true
}

// RegisteredForGSTHST reports whether r is a registration for Canada's
// GST/HST under the normal regime (Excise Tax Act, Part IX, Subdivision
// D of Division V): a Canadian registration (country CA, CAN or not
// given) whose number is a business number with the RT program
// identifier, nine digits, "RT" and four digits, spaces and hyphens
// aside ("123456789RT0001"). An account of the simplified regime, whose
// reference number ends in RT9999, is not one: its holder is still a
// specified Canadian recipient.
func RegisteredForGSTHST(r Registration) bool {
	n, ok := canadianNumber(r)
	if !ok || len(n) != 15 || !allDigits(n[:9]) || n[9:11] != "RT" || !allDigits(n[11:]) {
		return false
	}
	return n[11:] != "9999"
}

// RegisteredForQST reports whether r is a registration for Québec's QST
// under the general system (Act respecting the Québec sales tax, Chapter
// VIII, Division I): a Canadian registration (country CA, CAN or not
// given) whose number is ten digits, "TQ" and four digits, spaces and
// hyphens aside ("1234567890TQ0001"). A number of the specified system
// ("NR" and digits) is not one: its holder is still a specified Québec
// consumer.
func RegisteredForQST(r Registration) bool {
	n, ok := canadianNumber(r)
	return ok && len(n) == 16 && allDigits(n[:10]) && n[10:12] == "TQ" && allDigits(n[12:])
}

// canadianNumber returns the number of r in upper case without spaces
// and hyphens, and false when r is a registration of a country other
// than Canada.
func canadianNumber(r Registration) (string, bool) {
	switch strings.ToUpper(strings.TrimSpace(r.Country)) {
	case "", "CA", "CAN":
	default:
		return "", false
	}
	n := strings.Map(func(c rune) rune {
		if c == ' ' || c == '-' {
			return -1
		}
		return c
	}, strings.ToUpper(r.Number))
	return n, true
}

// allDigits reports whether s is not empty and holds only ASCII digits.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// IsUSState reports whether id has the form of a US state's, DC's or a
// territory's jurisdiction ID: "US-" and two upper-case letters.
func IsUSState(id string) bool {
	return len(id) == 5 && strings.HasPrefix(id, "US-") && id[3] >= 'A' && id[3] <= 'Z' && id[4] >= 'A' && id[4] <= 'Z'
}

// figureChange returns what replacing old with new as the latest live
// version of a transaction adds to the figures (either may be nil: none
// live before, or none after).
func figureChange(old, new *Transaction) []Figure {
	a, b := Contribution(old), Contribution(new)
	if len(a) == 0 {
		return b
	}
	out := make([]Figure, 0, len(a)+len(b))
	for _, f := range a {
		out = append(out, f.Neg())
	}
	out = append(out, b...)
	return MergeFigures(out)
}

// MergeFigures adds up the figures of one key, drops those that add up
// to nothing, and returns them in the order of CompareFigureKeys. It may
// reuse figs.
func MergeFigures(figs []Figure) []Figure {
	slices.SortFunc(figs, func(a, b Figure) int { return CompareFigureKeys(a.Key(), b.Key()) })
	out := figs[:0]
	for _, f := range figs {
		if n := len(out); n > 0 && out[n-1].Key() == f.Key() {
			out[n-1].Direct = out[n-1].Direct.Add(f.Direct)
			out[n-1].Marketplace = out[n-1].Marketplace.Add(f.Marketplace)
			continue
		}
		out = append(out, f)
	}
	keep := out[:0]
	for _, f := range out {
		if !f.IsZero() {
			keep = append(keep, f)
		}
	}
	return keep
}

// addFigures adds to the figures, in st's unit, what replacing old with
// new changes.
func addFigures(st State, old, new *Transaction) error {
	if !countsForFigures(old) && !countsForFigures(new) {
		return nil
	}
	d := figureChange(old, new)
	if len(d) == 0 {
		return nil
	}
	return st.AddFigures(d)
}

// UnitsOf returns a Tally amount in the currency's units, as a decimal
// with four places.
func UnitsOf(v int64) decimal.Decimal { return decimal.New(v, -4) }

// Recompute returns the sales figures of tenant as the journal's
// transactions give them (the Contribution of the latest version of
// every live transaction), one per key, in the order of
// CompareFigureKeys: what Store.Figures should return. It scans the
// whole journal of the tenant.
func Recompute(ctx context.Context, s Store, tenant string) ([]Figure, error) {
	if err := needStore(s); err != nil {
		return nil, err
	}
	var all []Figure
	err := s.Scan(ctx, tenant, civil.Date{}, civil.Date{}, func(tx *Transaction) error {
		all = append(all, Contribution(tx)...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return MergeFigures(all), nil
}

// FigureDifference is a key whose stored figure differs from the
// recomputed one.
type FigureDifference struct {
	Key              FigureKey
	Stored, Computed Figure
}

// CompareFigures returns the keys whose figures differ between stored
// and computed, both one per key in the order of CompareFigureKeys (as
// Store.Figures and Recompute return them).
func CompareFigures(stored, computed []Figure) []FigureDifference {
	var out []FigureDifference
	i, j := 0, 0
	for i < len(stored) || j < len(computed) {
		var c int
		switch {
		case i == len(stored):
			c = 1
		case j == len(computed):
			c = -1
		default:
			c = CompareFigureKeys(stored[i].Key(), computed[j].Key())
		}
		switch {
		case c < 0:
			out = append(out, FigureDifference{Key: stored[i].Key(), Stored: stored[i], Computed: Figure{Company: stored[i].Company, Area: stored[i].Area, Day: stored[i].Day}})
			i++
		case c > 0:
			out = append(out, FigureDifference{Key: computed[j].Key(), Stored: Figure{Company: computed[j].Company, Area: computed[j].Area, Day: computed[j].Day}, Computed: computed[j]})
			j++
		default:
			if stored[i] != computed[j] {
				out = append(out, FigureDifference{Key: stored[i].Key(), Stored: stored[i], Computed: computed[j]})
			}
			i++
			j++
		}
	}
	return out
}

// Span is the days from From to To, both included, of a query of
// figure sums (Store.AreaSums).
type Span struct{ From, To civil.Date }

// Contains reports whether d lies in s.
func (s Span) Contains(d civil.Date) bool { return !d.Before(s.From) && !d.After(s.To) }

// HoldsMonth reports whether s holds every day of the month of m.
func (s Span) HoldsMonth(m civil.Date) bool {
	first := civil.Date{Year: m.Year, Month: m.Month, Day: 1}
	last := civil.New(m.Year, m.Month+1, 1).AddDays(-1)
	return !s.From.After(first) && !s.To.Before(last)
}

// KeepsMonthTotals reports whether a backend may keep monthly totals of
// the figures of area apart from its days, which AreaSums then reads for
// a whole month in place of the days: those of AreaEU, which an EU
// distance sale adds up over two years. Of any other area a month's sum
// is what its days add up to (PostgreSQL keeps no totals for it; Badger
// writes a month's total from its days in the same value, in the same
// write), so it cannot differ from the days a report of Figures reads.
func KeepsMonthTotals(area string) bool { return area == AreaEU }

// MonthOf returns the first day of the month of d, which names the
// month in a backend's monthly totals.
func MonthOf(d civil.Date) civil.Date { return civil.Date{Year: d.Year, Month: d.Month, Day: 1} }

// Sum is what the figures of one company in one area add up to over a
// Span.
type Sum struct {
	Direct, Marketplace Tally
}

// Add returns s plus t.
func (s Sum) Add(t Sum) Sum {
	return Sum{s.Direct.Add(t.Direct), s.Marketplace.Add(t.Marketplace)}
}

// AddFigure returns s plus the tallies of f.
func (s Sum) AddFigure(f *Figure) Sum {
	return s.Add(Sum{f.Direct, f.Marketplace})
}

// SumFigures returns, for each of spans, what the figures among figs
// whose day lies in it add up to: what Store.AreaSums returns, computed
// from the figures of one company in one area, day by day.
func SumFigures(figs []Figure, spans []Span) []Sum {
	out := make([]Sum, len(spans))
	for i := range figs {
		AddDay(out, spans, &figs[i])
	}
	return out
}

// MonthReads is how a backend that keeps monthly totals answers a query
// of sums (Backend.AreaSums): the months of which every span that
// touches them holds every day, read from the totals (Whole), and the
// months that some span holds in part, read day by day (Partial), each
// list in order and without repeats.
type MonthReads struct {
	Whole, Partial []civil.Date
}

// PlanMonthReads returns the months spans touch, split as MonthReads
// says. The spans must be checked (Store.AreaSums does).
func PlanMonthReads(spans []Span) MonthReads {
	kind := map[civil.Date]bool{} // month -> read day by day
	for _, s := range spans {
		for m := MonthOf(s.From); !m.After(s.To); m = civil.New(m.Year, m.Month+1, 1) {
			kind[m] = kind[m] || !s.HoldsMonth(m)
		}
	}
	var out MonthReads
	for m, partial := range kind {
		if partial {
			out.Partial = append(out.Partial, m)
		} else {
			out.Whole = append(out.Whole, m)
		}
	}
	slices.SortFunc(out.Whole, civil.Date.Compare)
	slices.SortFunc(out.Partial, civil.Date.Compare)
	return out
}

// AddMonth adds to sums the total t of month m (read from monthly
// totals) in each span that holds all of m; PlanMonthReads put m among
// the Whole months, so no span holds it in part.
func AddMonth(sums []Sum, spans []Span, m civil.Date, t Sum) {
	for k, s := range spans {
		if s.HoldsMonth(m) {
			sums[k] = sums[k].Add(t)
		}
	}
}

// AddDay adds the figure f (read day by day) to each span that holds its
// day.
func AddDay(sums []Sum, spans []Span, f *Figure) {
	for k, s := range spans {
		if s.Contains(f.Day) {
			sums[k] = sums[k].AddFigure(f)
		}
	}
}
