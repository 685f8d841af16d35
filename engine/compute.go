package engine

import (
	"strings"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// computeLine computes the taxes of one line on its amount (net of tax).
func (c *calc) computeLine(l *line, amount decimal.Decimal) error {
	l.taxes = l.taxes[:0]
	l.localTax, l.territoryRate = "", ""
	l.threshold, l.thresholdRule = "", ""
	l.docLimit, l.docLimitRule = "", ""
	l.vendorDue = decimalZero
	l.unitOv = l.unitOv[:0]
	st := c.source(l)
	l.taxedAt = st.at
	l.distance, l.distanceRule = st.distance, st.distanceRule
	l.lowValue, l.lowValueRule = st.lowValue, st.lowValueRule
	l.domesticRC, l.domesticRCRule = st.domesticRC, st.domesticRCRule
	if st.at == nil {
		l.noPlace = true
		return nil
	}
	if st.none {
		if p := st.at; p.outsideVAT() && p.terr.LocalTax != "" {
			l.localTax = p.terrID + " " + p.chain[0].Value + " levies " + p.terr.LocalTax +
				" in place of VAT; Levy does not compute it"
		}
		// One record that says why nothing is due.
		l.taxes = append(l.taxes, taxOut{j: &st.at.chain[0], situs: st.role, result: wire.TaxResultNonTaxable, taxType: wire.TaxTypeNone,
			nonTaxable: add(amount, l.freight), ruleID: st.ruleID, ruleReason: st.reason, conversion: st.at.conversion})
		return c.lineExtras(l, amount)
	}
	// A plain line of a kind seen before takes its decisions from the
	// first line of the kind (template.go).
	key, plain := c.templateFor(l, &st)
	seen := false
	if plain {
		var tp []taxOut
		if tp, seen = c.template(&key, l); tp != nil {
			if c.s.onTemplate != nil {
				c.s.onTemplate()
			}
			if cap(l.taxes) == 0 {
				// Room for the template's taxes alone: the block's items
				// are cleared when the calculation ends, and those never
				// used would cost as much as those used.
				l.taxes = c.taxesFor(len(tp))
			}
			l.taxes = append(l.taxes, tp...)
			for i := range l.taxes {
				planAmounts(&l.taxes[i], amount, &c.products)
			}
			return c.lineExtras(l, amount)
		}
	}
	if cap(l.taxes) == 0 {
		n := len(st.at.chain)
		if st.use != nil {
			n += len(st.use.chain)
		}
		l.taxes = c.taxesFor(n)
	}
	c.capUsed = decimalZero
	c.plain = plain
	// Where the sales tax follows the seller, the local taxes outside it
	// are taken at the customer's place below.
	keep := anyTax
	if st.use != nil {
		keep = salesTaxOnly
	}
	for ji := range st.at.chain {
		role := st.role
		if st.split > 0 && ji >= st.split {
			role = st.splitRole
		}
		n := len(l.taxes)
		if err := c.jurisdictionTaxes(l, &st, &st.at.chain[ji], role, keep, amount); err != nil {
			return err
		}
		if st.within != 0 {
			for i := n; i < len(l.taxes); i++ {
				st.within.notDue(ji, &l.taxes[i])
			}
		}
	}
	if u := st.use; u != nil {
		if err := c.destinationUseTaxes(l, &st, amount); err != nil {
			return err
		}
		ust := situs{at: u, role: u.role, ruleID: "us-local-tax-at-destination",
			reason: "a local tax outside the sales tax falls where the customer uses what it buys, whatever the state's sourcing of its sales tax"}
		for ji := range u.chain {
			if err := c.jurisdictionTaxes(l, &ust, &u.chain[ji], u.role, otherTaxesOnly, amount); err != nil {
				return err
			}
		}
	}
	c.baseIncludes(l)
	if plain && c.plain && !seen {
		c.keepTemplate(&key, l, len(l.taxes))
	}
	c.plain = false
	return c.lineExtras(l, amount)
}

// baseIncludes recomputes each tax of the line whose base includes
// another of its taxes (taxOut.includes; rules.Rule.RateIncludes) once
// all are known: the tax is the jurisdiction's own rate on the taxable
// amount plus what the line bears of the other tax, so that the rule's
// effective rate holds only when the line bears that tax in full. Quebec's
// GST and QST on a night of 200.00 are 5% and 9.975% of 207.00 when the
// Tax on Lodging of 7.00 is charged, and of 200.00 when the seller is not
// registered for it or an exemption override takes it off the line. The
// rate the record shows is the effective one, the tax over the taxable
// amount.
func (c *calc) baseIncludes(l *line) {
	for i := range l.taxes {
		t := &l.taxes[i]
		if t.rare == nil || t.rare.includes == "" || t.taxable.Sign() == 0 {
			continue
		}
		includes, ownRate := t.rare.includes, t.rare.ownRate
		borne := decimal.Zero
		for k := range l.taxes {
			if o := &l.taxes[k]; k != i && o.imposition == includes && o.counted() {
				borne = borne.Add(o.raw)
			}
		}
		// The effective rate is the own rate times (taxable + borne) /
		// taxable, exact when the other tax is a rate of the taxable
		// amount; the trailing zeros of the division are dropped.
		t.rate = money.TrimZeros(ownRate.Mul(t.taxable.Add(borne)).Div(t.taxable))
		if !t.notRegistered && !t.zeroCharge {
			t.raw = c.products.mul(t.taxable.Add(borne), ownRate)
		}
		if borne.Sign() == 0 {
			t.ruleReason += ". The line bears no " + string(includes) + ": the tax is charged at its own rate on the price"
		}
	}
}

// Kinds of local sales tax of a state whose local rates are capped
// (localKind): Texas's four, in the order in which a seller collects
// the destination's use taxes (destinationUseTaxes).
const (
	kindNone = iota
	kindCity
	kindCounty
	kindSPD
	kindTransit
)

// localKind returns the kind of local sales tax of a jurisdiction:
// a city, a county, a special purpose district or a transit authority,
// its sourcing level (levelOf) with the transit authorities apart.
func localKind(t jurisdiction.Type) int {
	if t == jurisdiction.TransitDistrict {
		return kindTransit
	}
	switch levelOf(t) {
	case levelCity:
		return kindCity
	case levelCounty:
		return kindCounty
	case levelDistrict:
		return kindSPD
	}
	return kindNone
}

// destinationUseTaxes adds, to a sale within a state that sources it to
// the seller and caps the local rates (Texas, 2%), the local use taxes
// of the place of delivery that the seller's place of business does not
// levy, as far as the cap leaves room: the seller collects the local
// sales taxes of its place of business, then the use tax of each kind
// of local jurisdiction (city, county, special purpose district,
// transit authority, in that order) whose sales tax it did not collect
// there (34 Tex. Admin. Code 3.334, the local use tax due where a
// taxable item is shipped or delivered; Tax Code 321.205, 323.205). A
// seller in unincorporated Borden County (its county's 1%) that ships
// 100.00 of goods to Dallas collects Dallas's 1% city use tax as well:
// 8.25, not 7.25; one in Rio Hondo (city 1.5%, development district
// 0.25%) collects 0.25% of DART's 1% transit use tax, the cap's rest.
// It runs after the origin's taxes (c.capUsed holds what they used).
func (c *calc) destinationUseTaxes(l *line, st *situs, amount decimal.Decimal) error {
	u := c.s.sourcing[st.at.state()]
	dest := st.use
	if u == nil || u.localCap == nil || dest.country != "US" || dest.state() != st.at.state() {
		return nil
	}
	var collected [kindTransit + 1]bool
	for i := range l.taxes {
		t := &l.taxes[i]
		if t.imposition == jurisdiction.SalesTax && t.rate.Sign() > 0 {
			collected[localKind(t.j.JurisdictionType)] = true
		}
	}
	ust := situs{at: dest, role: dest.role, ruleID: "us-destination-use-tax",
		reason: "the seller's place of business in " + dest.state() + " levies no local tax of this kind: the use tax of the place of delivery is due up to the " +
			u.localCap.Shift(2).String() + "% local cap (34 Tex. Admin. Code 3.334)"}
	for kind := kindCity; kind <= kindTransit; kind++ {
		if collected[kind] {
			continue
		}
		for ji := range dest.chain {
			j := &dest.chain[ji]
			if localKind(j.JurisdictionType) != kind {
				continue
			}
			if !c.capUsed.LessThan(*u.localCap) {
				return nil
			}
			start := len(l.taxes)
			if err := c.jurisdictionTaxes(l, &ust, j, dest.role, salesTaxOnly, amount); err != nil {
				return err
			}
			for k := start; k < len(l.taxes); k++ {
				t := &l.taxes[k]
				if t.taxType == wire.TaxTypeSales {
					// The seller's use tax, not a sales tax of the place.
					t.taxType = wire.TaxTypeSellerUse
				}
				if t.ruleReason != ust.reason {
					t.ruleReason = ust.reason + "; " + t.ruleReason
				}
			}
		}
	}
	return nil
}

// The impositions that jurisdictionTaxes computes.
const (
	anyTax         = iota // every imposition
	salesTaxOnly          // the sales tax alone
	otherTaxesOnly        // every imposition but the sales tax
)

// jurisdictionTaxes appends to the line one tax for each imposition of
// the jurisdiction j that keep selects and that reaches the line: the
// sales tax first, then the others in the order of the rates.
func (c *calc) jurisdictionTaxes(l *line, st *situs, j *wire.Jurisdiction, role wire.LocationRole, keep int, amount decimal.Decimal) error {
	rates, meta := c.ratesOn(j.JurisdictionID, l.date)
	for pass := range 2 {
		sales := pass == 0
		if sales && keep == otherTaxesOnly || !sales && keep == salesTaxOnly {
			continue
		}
		for ri := range rates {
			imp := rates[ri].Tax
			if (imp == jurisdiction.SalesTax) != sales || !firstOfImposition(rates, ri) || !included(l.incl, j, imp) {
				continue
			}
			// The tax is computed in its place among the line's taxes
			// (a taxOut is large), and taken back when it does not
			// reach the line.
			l.taxes = append(l.taxes, taxOut{})
			t := &l.taxes[len(l.taxes)-1]
			ok, err := c.computeTax(t, l, st, j, imp, rates, meta, amount)
			if err != nil {
				return err
			}
			if !ok {
				*t = taxOut{}
				l.taxes = l.taxes[:len(l.taxes)-1]
				continue
			}
			t.situs = role
		}
	}
	return nil
}

// taxesFor returns an empty slice with room for n taxes. The slices of a
// document come from a few shared blocks rather than one allocation each.
func (c *calc) taxesFor(n int) []taxOut {
	c.used.taxes += n
	if cap(c.taxBlock)-len(c.taxBlock) < n {
		size := min(n*len(c.d.lines), maxBlock)
		c.taxBlock = make([]taxOut, 0, max(size, n))
	}
	i := len(c.taxBlock)
	c.taxBlock = c.taxBlock[:i+n]
	return c.taxBlock[i : i : i+n]
}

// maxBlock bounds the items of one shared block.
const maxBlock = 512

// firstOfImposition reports whether rates[i] is the first rate of its
// imposition in rates.
func firstOfImposition(rates []jurisdiction.Rate, i int) bool {
	for k := 0; k < i; k++ {
		if rates[k].Tax == rates[i].Tax {
			return false
		}
	}
	return true
}

func included(incl []inclusion, j *wire.Jurisdiction, imp jurisdiction.Tax) bool {
	if len(incl) == 0 {
		return true
	}
	for _, in := range incl {
		if in.withholding == "" && matchesSel(in.impositionType, in.jurisdictionType, in.jurisdictionID, j, imp) {
			return true
		}
	}
	return false
}

// hasRate reports whether rates hold a rate of category cat of
// imposition imp.
func hasRate(rates []jurisdiction.Rate, imp jurisdiction.Tax, cat string) bool {
	for i := range rates {
		if rates[i].Tax == imp && rates[i].Category == cat {
			return true
		}
	}
	return false
}

// rateOf returns the rate of category cat of imposition imp among rates,
// falling back to the general rate unless only is set, its category, and
// what it carries beside its value (meta holds it for each of rates).
func rateOf(rates []jurisdiction.Rate, meta []rateMeta, imp jurisdiction.Tax, cat string, only bool) (decimal.Decimal, string, rateMeta, bool) {
	if cat == "" {
		cat = jurisdiction.General
	}
	passes := 2
	if only {
		passes = 1
	}
	for pass := 0; pass < passes; pass++ {
		for i, r := range rates {
			if r.Tax == imp && r.Category == cat {
				return r.Value, r.Category, meta[i], true
			}
		}
		cat = jurisdiction.General
	}
	return decimal.Zero, "", rateMeta{}, false
}

// areaOf returns the IDs of the jurisdictions of the chains, separated
// by spaces: the place a rule's within looks in (a place's outer
// jurisdictions and its chain: Portugal and Madeira).
func areaOf(chains ...[]wire.Jurisdiction) string {
	n := 0
	for _, chain := range chains {
		for i := range chain {
			n += len(chain[i].JurisdictionID) + 1
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, chain := range chains {
		for i := range chain {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(chain[i].JurisdictionID)
		}
	}
	return b.String()
}

// decidesOverRate reports whether situs st decides the outcome of a tax
// over a product's rule that chose only the tax's rate, reverse saying
// whether st reverse charges the tax (situs.reverses): a zero-rated
// export does (Germany's books sent to New York name export-zero-rated,
// not de-books) and so does a domestic reverse charge (Ireland's
// construction work bought by a registered contractor names
// domestic-reverse-charge, at 13.5%), whereas a cross-border acquisition
// or service under a reverse charge keeps the product's rule (books
// bought by a French business from Germany name France's books rule).
//
// Which rule a tax of computeTax names, the first that applies:
//
//  1. a rate override of the request (rate-override), even beside an
//     exemption; one that the tax's structure leaves without effect names
//     what decided the tax before it (perunitov.go). A zero-rated supply
//     bears no rate: there the deciding situs (3) comes before the
//     override, which still comes before an exemption (2);
//  2. what makes the line exempt or non-taxable, wholly or in part: an
//     exempt or non-taxable override of the request (override), the
//     customer's exemption, a stored certificate, a product's rule of
//     outcome EXEMPT or NONTAXABLE, or one whose threshold or basis
//     leaves part of the amount untaxed;
//  3. a situs that decides the outcome (decidesOverRate): the zero-rated
//     export's rule or the domestic reverse charge's;
//  4. a product's rule other than the plain "taxable" one, such as a rule
//     that chose only a rate or a category;
//  5. the situs's rule (domestic-supply, eu-reverse-charge, ...) beside
//     the plain "taxable" product rule.
//
// A situs outside the tax (situs.none) computes no tax: computeLine writes
// one NONTAXABLE record that names its rule.
func (st *situs) decidesOverRate(reverse bool) bool {
	return st.zero || reverse && st.ruleID == DomesticReverseChargeRule
}

// computeTax computes one imposition of one jurisdiction for a line into
// t, which is zero. It reports false when the imposition does not reach the line: the
// jurisdiction has neither a rate of the category the rules ask for nor a
// general rate of the imposition (a tax on some classes only, such as
// Chicago's lease tax, on goods).
func (c *calc) computeTax(t *taxOut, l *line, st *situs, j *wire.Jurisdiction, imp jurisdiction.Tax,
	rates []jurisdiction.Rate, meta []rateMeta, amount decimal.Decimal) (bool, error) {
	accrue := c.d.mode == modeAccrue
	t.j, t.imposition, t.situs, t.ruleID, t.ruleReason = j, imp, st.role, st.ruleID, st.reason
	t.collectedFrom, t.conversion = wire.TaxCollectedFromSeller, st.at.conversion
	t.mode, t.inputOutput = c.set.rounding(j.JurisdictionID), c.d.chargedSide()
	if accrue {
		t.collectedFrom, t.inputOutput = wire.TaxCollectedFromBuyer, wire.InputOutputTypeInput
	}
	// A seller registered for one of the EU's special schemes charges the
	// VAT of the member state on the sales the scheme covers, with no
	// registration of that state (the Union scheme, Articles 369a to 369k
	// of the VAT Directive; the non-Union scheme, Articles 358 to 369; the
	// Import One Stop Shop, Articles 369l to 369x; situs.oss), and of a
	// special territory inside the EU's VAT area whose VAT is its
	// country's at regional rates (Madeira, the Azores; schemeReaches).
	sellerNexus := l.seller.nexus(st.at, j.JurisdictionType.String(), imp, st.role) ||
		st.oss && !l.seller.noNexus && schemeReaches(st.at, j, c.d.date)
	if !accrue && !sellerNexus && c.d.accrueWithoutNexus && !vendorsCanadianTax(l, imp) {
		// A vendor in Canada that is not registered for the GST/HST
		// charges none, and its buyer owes none either (a small
		// supplier's sales bear no GST/HST): only the taxes a buyer
		// self-assesses are accrued where the vendor has no nexus.
		accrue = true
		t.collectedFrom, t.inputOutput = wire.TaxCollectedFromBuyer, wire.InputOutputTypeInput
	}
	t.taxType = taxTypeOf(imp, accrue, st.interUS)

	if st.at.area == "" {
		st.at.area = areaOf(st.at.outer, st.at.chain)
	}
	env := rules.Env{
		Perspective: c.d.perspective, MessageType: c.d.message, TransactionType: l.txType,
		Country: st.at.country, JurisdictionID: j.JurisdictionID, JurisdictionType: j.JurisdictionType.String(),
		Subdivision: st.at.subdivision, Area: st.at.area, Tax: string(imp), ProductClass: l.productClass,
		CustomerClass: l.customer.class, Usage: l.usage, UsageClass: l.usageClass,
		Date: l.dateText, BusinessCustomer: l.customer.business,
	}
	base := amount
	exempt, nonTaxable := decimal.Zero, decimal.Zero
	outcome := rules.Taxable
	category, categoryOnly := "", false
	var rateRule *decimal.Decimal
	var rateIncludes string
	var structure *rules.Structure
	// An exempt or non-taxable override governs the taxes its selectors
	// match; the others follow the rules.
	overridden := false
	for _, o := range l.exemptOv {
		if o.withholding == "" && matchesSel(o.impositionType, o.jurisdictionType, o.jurisdictionID, j, imp) {
			exempt = add(exempt, overrideAmount(o, base))
			t.reasonCode = overrideReason(t.reasonCode, o.reasonCode)
			overridden = true
		}
	}
	for _, o := range l.nonTaxOv {
		if o.withholding == "" && matchesSel(o.impositionType, o.jurisdictionType, o.jurisdictionID, j, imp) {
			nonTaxable = add(nonTaxable, overrideAmount(o, base))
			t.reasonCode = overrideReason(t.reasonCode, o.reasonCode)
			overridden = true
		}
	}
	// A stored certificate of the customer decides a tax that the
	// request leaves to Levy (l.certs is empty when the request exempts
	// the customer), before the rules.
	var cert *profile.Certificate
	reverse := st.reverses(imp, c.d.mode == modeAccrue)
	if st.reverse && !reverse {
		// A Canadian province's PST beside the reverse-charged GST/HST of
		// a service from abroad: the buyer's plain use tax.
		t.ruleID, t.ruleReason = "use-at-destination", "the province's sales tax on a service bought from abroad is the buyer's use tax, with no input tax credit: no reverse charge reaches it"
	}
	if !overridden && len(l.certs) > 0 && !reverse {
		cert, t.refused = c.certificateCovers(l, j)
	}
	switch {
	case overridden:
		t.ruleID, t.ruleReason = "override", "exempt or non-taxable override of the request"
	case l.customer.exempt && !reverse:
		exempt = base
		t.ruleID, t.ruleReason = "customer-exempt", "the customer is exempt"
		t.certificate = l.customer.certificate
		t.reasonCode = l.customer.exemptReason
	case cert != nil:
		exempt = base
		t.ruleID, t.ruleReason = CertificateRule, "a stored exemption certificate of the customer covers the tax"
		t.certificate, t.reasonCode = cert.Number, cert.ReasonCode
	default:
		r, found, err := c.decide(&env, l.date, c.envHash(l, st.at, j, &env))
		if err != nil {
			return false, conditionFault(l, err)
		}
		structure = found
		if found != nil || r.Threshold != nil || r.BasisPercent != nil {
			// Amounts that follow a structure, a threshold or a basis
			// are not a template's.
			c.plain = false
		}
		if st.ruleID == "" || r.ID != "taxable" {
			t.ruleID, t.ruleReason = r.ID, r.Reason
		}
		t.holiday = r.Holiday
		outcome = r.Outcome
		category, categoryOnly = r.RateCategory, r.RateCategoryOnly
		rateRule = r.Rate
		if rateIncludes = r.RateIncludes; rateIncludes != "" {
			// The amount depends on another tax of the line
			// (baseIncludes): no template.
			c.plain = false
		}
		switch outcome {
		case rules.Exempt:
			exempt = base
		case rules.NonTaxable:
			nonTaxable = base
		default:
			if r.Threshold.Document() {
				// A limit on the document's total of the lines it
				// reaches, not on an item (doclimit.go).
				exempt = c.documentLimitExempt(l, st, j, imp, r, base)
			} else if r.Threshold != nil && l.qty.Sign() > 0 {
				// The threshold is in its jurisdiction's currency: the
				// line's amount is converted into it to be weighed.
				var note, rule string
				var within bool
				exempt, within, note, rule = c.thresholdExempt(l, st.at, r.Threshold, base)
				l.addThresholdNote(note, rule)
				if note != "" {
					// The tax's explanation says how it was weighed.
					t.setRare().threshold = note
				}
				if r.Holiday && !within {
					// An item above a holiday's cap is no holiday item:
					// its record names the rule of a day of no holiday
					// (Massachusetts's year-round clothing rule for a
					// coat of 3,000.00, which the holiday's Beyond
					// follows), not the holiday's.
					yr, err := c.s.decideOutsideHolidays(c.ctx, &env, l.date)
					if err != nil {
						return false, conditionFault(l, err)
					}
					t.ruleID, t.ruleReason, t.holiday = st.ruleID, st.reason, false
					if st.ruleID == "" || yr.ID != "taxable" {
						t.ruleID, t.ruleReason = yr.ID, yr.Reason
					}
				}
				if r.Threshold.Share != nil {
					// Only part of what the threshold reaches is exempt,
					// in the currency's minor units, half up: a share
					// of 0.8 exempts 32.01 of 40.01, not 32.008.
					exempt = c.d.currencyAmount(exempt.Mul(*r.Threshold.Share))
				}
				if exempt.Abs().GreaterThan(base.Abs()) {
					exempt = base
				}
			}
			if r.BasisPercent != nil {
				rest := base.Sub(exempt)
				taxed := rest.Mul(*r.BasisPercent)
				nonTaxable = rest.Sub(taxed)
				t.setRare().basisPercent = r.BasisPercent
			}
		}
	}
	var taxable decimal.Decimal
	taxable, exempt, nonTaxable = splitAmount(base, exempt, nonTaxable)

	// Freight follows the state's rule in the US and the goods elsewhere.
	// A return's freight is credited as its sale's was taxed.
	if l.freight.Sign() != 0 {
		if c.freightTaxable(st.at, outcome) && taxable.Sign() != 0 {
			taxable = add(taxable, l.freight)
			t.freight = true
		} else {
			nonTaxable = add(nonTaxable, l.freight)
		}
	}

	if (overridden || l.customer.exempt || cert != nil) && !hasRate(rates, imp, jurisdiction.General) {
		// An exemption does not say which of a class-specific tax's
		// rates the line would bear: the rules do.
		r, _, err := c.decide(&env, l.date, c.envHash(l, st.at, j, &env))
		if err != nil {
			return false, conditionFault(l, err)
		}
		category, categoryOnly = r.RateCategory, r.RateCategoryOnly
	}
	rate, cat, rm, ok := rateOf(rates, meta, imp, category, categoryOnly)
	switch {
	case !ok && !hasRate(rates, imp, jurisdiction.General):
		// A tax on some classes only, and not on this one.
		return false, nil
	case !ok:
		// The jurisdiction has no rate of the category (categoryOnly,
		// or rateOf would have given the general rate): its tax does
		// not reach the class.
		nonTaxable, taxable = add(nonTaxable, taxable), decimal.Zero
	}
	if p := st.at; p.terrID != "" && j.JurisdictionID == p.terrID && !p.terr.KeepsReduced && rateRule == nil && !st.zero &&
		ok && category != "" && category != jurisdiction.General && cat == jurisdiction.General {
		// Madeira, the Azores and France's overseas departments have
		// reduced rates of their own, which the dataset lacks: the line
		// bears the territory's standard rate, and says so.
		l.territoryRate = p.terrID + " " + j.Value + " has its own " + category + " VAT rate, which Levy's data lacks: the line bears its standard rate"
		c.plain = false
	}
	t.category, t.infoOnly = cat, rm.info
	// The rate is the content's unless a rule, the request or the place
	// of supply gives another (a rule's rate whose base includes another
	// tax is the content's again: baseIncludes charges the own rate).
	t.origin = rm.origin
	own := rate
	if rateRule != nil {
		rate = *rateRule
	}
	// What decided the tax before a rate override, which it keeps if its
	// structure charges no rate (perunitov.go).
	decidedID, decidedReason, decidedOrigin, rateOverridden := t.ruleID, t.ruleReason, t.origin, false
	decidedRate, decidedIncludes := rate, rateIncludes
	for _, ro := range l.rateOv {
		if ro.withholding == "" && matchesSel(ro.impositionType, ro.jurisdictionType, ro.jurisdictionID, j, imp) {
			rate, rateOverridden = ro.rate, true
			t.ruleID, t.ruleReason = "rate-override", "rate override of the request"
			rateIncludes = ""
			t.origin = 0
		}
	}
	// The structure that weighs the tax: the rules' or, when they were
	// not asked, the jurisdiction's (below). A rate override that it
	// leaves without effect is undone here, before the local cap counts
	// the rate, so that the tax answers the rate it bears and the rule
	// that decided it (perunitov.go).
	weigh := structure
	if weigh == nil && !st.zero && (overridden || l.customer.exempt || cert != nil) && taxable.Sign() != 0 {
		weigh, _ = c.s.structure(&env, l.date)
	}
	capped := false
	if rateOverridden && !st.zero {
		var unused bool
		unused, capped = c.overrideWeighed(l, st, j, imp, weigh, taxable, rate, decidedRate)
		if unused {
			rate, rateIncludes = decidedRate, decidedIncludes
			t.ruleID, t.ruleReason, t.origin, rateOverridden = decidedID, decidedReason, decidedOrigin, false
		}
	}
	if st.zero {
		rate = decimal.Zero
		rateIncludes = ""
		t.origin = 0
		// A zero-rated supply bears nothing, whatever rate a
		// structure's tier carries (India's garments by price).
		structure = nil
	}
	if st.decidesOverRate(reverse) && (st.zero || !rateOverridden) && outcome != rules.Exempt && outcome != rules.NonTaxable && exempt.IsZero() && nonTaxable.IsZero() {
		// The place of supply decided the outcome, not a product's rule
		// that chose only a rate; a rate override of the request comes
		// first unless the supply is zero-rated (decidesOverRate).
		t.ruleID, t.ruleReason = st.ruleID, st.reason
	}
	if rateIncludes != "" && ok && structure == nil {
		rare := t.setRare()
		rare.includes, rare.ownRate = jurisdiction.Tax(rateIncludes), own
	} else if rateRule != nil {
		t.origin = 0
	}
	rate = c.localCap(t, st, j, imp, rate)
	t.rate = rate
	t.taxable, t.exempt, t.nonTaxable = taxable, exempt, nonTaxable
	t.result = resultOf(taxable, exempt, nonTaxable)

	if structure == nil && (overridden || l.customer.exempt || cert != nil) && taxable.Sign() != 0 {
		// The rules were not asked; a structure matters only for an
		// amount that is taxed.
		if structure = weigh; structure == nil {
			structure, _ = c.s.structure(&env, l.date)
		}
	}
	if s := structure; s != nil && taxable.Sign() != 0 && l.qty.Sign() > 0 {
		// A return is weighed by its size and credits the tax its sale
		// bore: Tennessee's local tax on the first 1,600.00 of each
		// item, its single-article tax, a fixed charge per unit. Its
		// amounts are in its currency, which a line of a document in
		// another is weighed against converted (structurecur.go).
		conv, what, amounts, rule := c.structureConversion(l, st.at, s, taxable)
		l.addThresholdNote(what, rule)
		l.addThresholdNote(amounts, rule)
		a := s.ApplyConverted(taxable.Abs(), l.qty, rate, conv)
		if s.MaxTaxPerDocument != nil && !conv.Rate.IsZero() {
			docCap := conv.Cap(*s.MaxTaxPerDocument)
			t.setRare().docCap = &docCap
		}
		if taxable.Sign() < 0 {
			a.Tax, a.Taxable = a.Tax.Neg(), a.Taxable.Neg()
		}
		t.raw, t.structure, t.maxTax = a.Tax, s, a.Capped
		perUnit := perUnitStructure(s)
		if perUnit && (len(l.rateOv) > 0 || overridden) {
			// So much a unit, whatever the rate and the amount: the
			// overrides that reached it say they changed nothing
			// (perunitov.go).
			l.unitOverrides(func(impositionType, jurisdictionType, jurisdictionID string) bool {
				return matchesSel(impositionType, jurisdictionType, jurisdictionID, j, imp)
			})
		} else if !a.RateUsed && len(l.rateOv) > 0 {
			// Tiers of their own rates: a rate override changed nothing.
			l.unusedRateOverrides(func(impositionType, jurisdictionType, jurisdictionID string) bool {
				return matchesSel(impositionType, jurisdictionType, jurisdictionID, j, imp)
			})
		} else if capped && a.Capped {
			// The override's rate was charged, up to the structure's
			// maximum tax per item.
			l.cappedRateOverrides(func(impositionType, jurisdictionType, jurisdictionID string) bool {
				return matchesSel(impositionType, jurisdictionType, jurisdictionID, j, imp)
			})
		}
		if rateOverridden && (perUnit || !a.RateUsed) {
			// The rate override changed nothing, and says so: the tax
			// keeps the rule that decided it, and its rate's source.
			t.ruleID, t.ruleReason = decidedID, decidedReason
			if rateRule == nil {
				t.origin = decidedOrigin
			}
		}
		if a.Taxable.Abs().LessThan(taxable.Abs()) {
			t.nonTaxable = t.nonTaxable.Add(taxable.Sub(a.Taxable))
			t.taxable = a.Taxable
			t.basisCapped = s.MaxBasisPerItem != nil
		}
	} else {
		t.raw = c.products.mul(taxable, rate)
	}

	switch {
	case reverse:
		t.collectedFrom = wire.TaxCollectedFromBuyer
		t.reasonCode = "REVERSE_CHARGE"
		if c.d.mode != modeAccrue && !c.d.selfAssess {
			t.zeroCharge = true
			t.raw = decimal.Zero
		} else {
			t.inputOutput = wire.InputOutputTypeInputOutput
		}
	case !accrue && !sellerNexus:
		t.notRegistered = true
		t.result = wire.TaxResultNoTax
		t.raw = decimal.Zero
	}
	if accrue && st.inCanada && !reverse && t.result == wire.TaxResultTaxable && vendorsCanadianTax(l, imp) {
		// The buyer accrues none of it; the vendor's charge pays it
		// first (credit). Its amount is the line's own: no template.
		l.vendorDue = l.vendorDue.Add(t.raw)
		vendorCharges(t)
		c.plain = false
	}
	if c.plain {
		// What a line that takes this one's template computes its
		// amounts from (planAmounts).
		t.outcome, t.noRate = outcome, !ok
	}
	return true, nil
}

// splitAmount returns the taxable part of base and the exempt and
// nontaxable parts, given what is exempt and nontaxable: exempt first,
// nontaxable at most what is left.
func splitAmount(base, exempt, nonTaxable decimal.Decimal) (taxable, ex, nt decimal.Decimal) {
	if base.Sign() < 0 {
		// A return splits as its sale does, with every part negative.
		taxable, ex, nt = splitAmount(base.Neg(), exempt.Neg(), nonTaxable.Neg())
		return taxable.Neg(), ex.Neg(), nt.Neg()
	}
	taxable = base
	switch {
	case exempt.Sign() == 0 && nonTaxable.Sign() == 0:
	case nonTaxable.Sign() == 0 && exempt.Equal(base) && zeroOf(min(base.Exponent(), exempt.Exponent()), &taxable):
		// The whole amount exempt (a customer's exemption or
		// certificate): taxable is the zero that base-exempt is.
	case exempt.Sign() == 0 && nonTaxable.Equal(base) && zeroOf(min(base.Exponent(), exempt.Exponent(), nonTaxable.Exponent()), &taxable):
		// The whole amount non-taxable (a class the rules do not tax):
		// taxable is the zero that base-exempt-nonTaxable is.
	default:
		if add(exempt, nonTaxable).GreaterThan(base) {
			nonTaxable = base.Sub(exempt)
			if nonTaxable.Sign() < 0 {
				exempt, nonTaxable = base, decimal.Zero
			}
		}
		taxable = base.Sub(exempt).Sub(nonTaxable)
	}
	return taxable, exempt, nonTaxable
}

// resultOf is the result of a tax with these amounts.
func resultOf(taxable, exempt, nonTaxable decimal.Decimal) wire.TaxResult {
	switch {
	case exempt.Sign() != 0 && taxable.Sign() == 0 && nonTaxable.Sign() == 0:
		return wire.TaxResultExempt
	case nonTaxable.Sign() != 0 && taxable.Sign() == 0:
		return wire.TaxResultNonTaxable
	}
	return wire.TaxResultTaxable
}

// zeroOf sets *z to zero with exponent exp, from the shared zeros,
// and reports whether it could (for exponents 0 to -8).
func zeroOf(exp int32, z *decimal.Decimal) bool {
	if exp > 0 || int(-exp) >= len(zeros) {
		return false
	}
	*z = zeros[-exp].Decimal()
	return true
}

// overrideReason returns the reason code of a tax that a further
// exempt or non-taxable override matched: the override's own, or, when
// it sends none, the code of the one before it (had), so that an
// exemption's "0004" is not blanked by a non-taxable amount sent without
// a code beside it.
func overrideReason(had, sent string) string {
	if sent == "" {
		return had
	}
	return sent
}

// overrideAmount is the amount an override takes out of base: its amount
// when given (at most base), else all of base. A return (a negative base)
// has its amount taken out as its sale does, negative: 300.00 of a return
// of -1000.00 is -300.00, where the sale of 1000.00 has 300.00 (before,
// the whole return was taken, as any amount is more than a negative
// base).
func overrideAmount(o override, base decimal.Decimal) decimal.Decimal {
	if o.amount != nil && base.Sign() < 0 {
		return decimal.Max(o.amount.Abs().Neg(), base)
	}
	if o.amount == nil || o.amount.GreaterThan(base) {
		return base
	}
	return *o.amount
}

// freightTaxable applies the freight rule of a place.
func (c *calc) freightTaxable(p *place, goods rules.Taxability) bool {
	if p.country != "US" {
		return goods == rules.Taxable
	}
	sh, ok := c.s.shipping[p.state()]
	if !ok {
		return goods == rules.Taxable
	}
	switch sh.Rule {
	case "always_taxable":
		return true
	case "conditional":
		return goods == rules.Taxable
	}
	// none, or exempt when separately stated (freight is a field of its
	// own, so it is separately stated).
	return false
}

// localCap lowers the rate of a local jurisdiction of a US state that
// caps the sum of its local rates (Texas: 2%) to what the jurisdictions
// before it in the situs's chain (the county, the city, then the
// districts) leave of the cap, and records what it used. The rate of a
// jurisdiction outside the state's local levels passes unchanged.
func (c *calc) localCap(t *taxOut, st *situs, j *wire.Jurisdiction, imp jurisdiction.Tax, rate decimal.Decimal) decimal.Decimal {
	left, limit, ok := c.localRoom(st, j, imp)
	if !ok {
		return rate
	}
	if rate.GreaterThan(left) {
		t.setRare().capped = "us-" + strings.ToLower(st.at.state()) + "-local-cap"
		// The rule that decided the tax keeps its reason; the cap's is
		// said after it.
		capped := "the local rates of " + st.at.state() + " add up to at most " + limit.Shift(2).String() +
			"%: this jurisdiction's rate of " + rate.Shift(2).String() + "% is lowered to what the others leave"
		if t.ruleReason != "" {
			capped = t.ruleReason + "; " + capped
		}
		t.ruleReason = capped
		rate = left
	}
	c.capUsed = add(c.capUsed, rate)
	return rate
}

// localRoom returns what the cap of a US state on the sum of its local
// rates leaves the tax imp of its local jurisdiction j, after the local
// taxes of the line counted so far, and the cap itself; ok is false when
// no cap reaches the tax. It changes nothing (localCap counts the rate).
func (c *calc) localRoom(st *situs, j *wire.Jurisdiction, imp jurisdiction.Tax) (left, limit decimal.Decimal, ok bool) {
	if imp != jurisdiction.SalesTax || st.at.country != "US" {
		return left, limit, false
	}
	lv := levelOf(j.JurisdictionType)
	if lv != levelCounty && lv != levelCity && lv != levelDistrict {
		return left, limit, false
	}
	u := c.s.sourcing[st.at.state()]
	if u == nil || u.localCap == nil {
		return left, limit, false
	}
	left = u.localCap.Sub(c.capUsed)
	if left.Sign() < 0 {
		left = decimalZero
	}
	return left, *u.localCap, true
}

// overrideWeighed tells, for a tax that a rate override gives rate where
// it would bear decided without it, and that structure s weighs (nil for
// none), whether the override changes nothing: a charge per unit or
// tiers of their own rates (the rate is not weighed), or a tax at the
// structure's maximum per item at either rate, which is noted
// not-acted-on here (the others are noted with the structure's tax). It
// tells too whether the override's rate is charged up to that maximum
// only (capped). It changes nothing else.
func (c *calc) overrideWeighed(l *line, st *situs, j *wire.Jurisdiction, imp jurisdiction.Tax, s *rules.Structure,
	taxable, rate, decided decimal.Decimal) (unused, capped bool) {
	if s == nil || taxable.Sign() == 0 || l.qty.Sign() <= 0 {
		return false, false
	}
	atCap := func(r decimal.Decimal) decimal.Decimal {
		if left, _, ok := c.localRoom(st, j, imp); ok && r.GreaterThan(left) {
			return left
		}
		return r
	}
	conv, _, _, _ := c.structureConversion(l, st.at, s, taxable)
	with := s.ApplyConverted(taxable.Abs(), l.qty, atCap(rate), conv)
	if !with.RateUsed || !with.Capped {
		return !with.RateUsed, false
	}
	if !s.ApplyConverted(taxable.Abs(), l.qty, atCap(decided), conv).Capped {
		return false, true
	}
	l.unusedRateOverrides(func(impositionType, jurisdictionType, jurisdictionID string) bool {
		return matchesSel(impositionType, jurisdictionType, jurisdictionID, j, imp)
	})
	return true, false
}

// moveNotDue makes t, a tax that a move does not bear, a NONTAXABLE
// record of its whole amount, exempt part included, under ruleID for
// reason. Its outcome follows, so that a line that takes it from a
// template (planAmounts) gets the same.
func moveNotDue(t *taxOut, ruleID, reason string) {
	t.nonTaxable, t.exempt = add(t.nonTaxable, t.exempt), decimal.Zero
	nonTaxableRecord(t, ruleID, reason)
}

// nonTaxableRecord makes t a NONTAXABLE record of its taxable amount,
// with no rate and no tax, under the rule ruleID for reason.
func nonTaxableRecord(t *taxOut, ruleID, reason string) {
	t.nonTaxable = add(t.nonTaxable, t.taxable)
	t.taxable, t.raw, t.rate = decimal.Zero, decimal.Zero, decimal.Zero
	t.result, t.outcome, t.noRate, t.structure, t.freight = wire.TaxResultNonTaxable, rules.NonTaxable, false, nil, false
	t.ruleID, t.ruleReason = ruleID, reason
}

// CAVendorChargesRule is the rule ID of the NONTAXABLE record of the
// GST/HST (and of the QST the vendor charges) on a buyer's accrual of a
// purchase from a vendor in Canada delivered in Canada
// (vendorsCanadianTax): the vendor charges it, the buyer self-assesses
// none of it.
const CAVendorChargesRule = "ca-vendor-charges-gst"

// vendorsCanadianTax reports whether imp, on line l, a purchase from a
// vendor in Canada delivered in Canada, is the vendor's tax to charge
// rather than one the buyer self-assesses. The GST/HST always is: the
// Excise Tax Act has the supplier collect it on a taxable supply made in
// Canada (Part IX, s. 165 and s. 221), and its self-assessments are of
// goods imported (Division III), imported taxable supplies (Division IV,
// s. 217 and s. 218) and property brought into a participating province
// (Division IV.1, s. 220.08), none of which a supply delivered by a
// Canadian vendor is; a small supplier charges none and its buyer owes
// none. Quebec's QST is the vendor's when the vendor is in Quebec, where
// the supply is made (Act respecting the Québec sales tax, s. 16), or
// lists a registration that covers it; otherwise the buyer self-assesses
// it on property brought into Quebec (Revenu Québec's return of the QST
// on property brought into Québec).
// British Columbia's, Saskatchewan's and Manitoba's PST stay the buyer's
// to self-assess when the vendor charged none.
func vendorsCanadianTax(l *line, imp jurisdiction.Tax) bool {
	orig, dest := firstPlace(l.origin, l.adminOrigin), firstPlace(l.dest, l.adminDest)
	if orig == nil || dest == nil || orig.country != "CA" || dest.country != "CA" {
		return false
	}
	switch imp {
	case jurisdiction.GST, jurisdiction.HST:
		return true
	case jurisdiction.QST:
		return orig.subdivision == dest.subdivision ||
			len(l.seller.regs) > 0 && l.seller.nexus(dest, "PROVINCE", imp, dest.role)
	}
	return false
}

// vendorCharges makes t, a tax of a buyer's accrual that the vendor
// charges (vendorsCanadianTax), a NONTAXABLE record of its whole amount
// that says why (CAVendorChargesRule); what it would have been is the
// line's vendorDue.
func vendorCharges(t *taxOut) {
	law := "Excise Tax Act s. 165 and s. 221"
	if t.imposition == jurisdiction.QST {
		law = "Act respecting the Québec sales tax s. 16: the vendor is in Quebec or registered for the QST"
	}
	nonTaxableRecord(t, CAVendorChargesRule, "a purchase from a vendor in Canada delivered in Canada: the vendor charges the "+string(t.imposition)+
		" ("+law+"), and the buyer self-assesses none of it; the vendor's chargedTax pays it first, "+
		"and what is left of that is credited against the taxes the buyer self-assesses")
}
