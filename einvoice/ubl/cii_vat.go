package ubl

import (
	"github.com/shopspring/decimal"
)

// ciiCategory is a VAT category as the CII binding checks it.
type ciiCategory struct {
	code, prefix string
	// parties is what the -02 to -04 rules require of the parties'
	// identifiers (see ciiParties).
	parties string
	// rate is the rate of a line, allowance or charge: "pos" (above 0),
	// "zero", "nonneg" (0 or more) or "none" (no rate).
	rate string
}

// ciiOrder lists the categories in the order the artefacts' templates for
// lines, allowances and charges take precedence: a tax element with two
// category codes is checked under the first.
var ciiOrder = []ciiCategory{
	{"AE", "BR-AE", "ae", "zero"},
	{"L", "BR-AF", "vafc", "pos"},
	{"M", "BR-AG", "vafc", "nonneg"},
	{"E", "BR-E", "vafc", "zero"},
	{"G", "BR-G", "g", "zero"},
	{"K", "BR-IC", "k", "zero"},
	{"O", "BR-O", "o", "none"},
	{"S", "BR-S", "vafc", "pos"},
	{"Z", "BR-Z", "vafc", "zero"},
}

// ciiVAT applies the rules on the VAT breakdown (BG-23) and each VAT
// category. As in the artefacts, a breakdown of VAT category L, M or O
// has its category's rules instead of BR-45 to BR-48 and BR-CO-17, and
// its category code has the rules of E, G, K, AE (of the VAT tax type) or
// S, Z (of any); a line's ApplicableTradeTax and an allowance's or
// charge's CategoryTradeTax of the VAT tax type have the rules of their
// category.
func (e *eval) ciiVAT() {
	for _, t := range e.anywhere("ram:ApplicableTradeTax") {
		p := t.parent
		switch {
		case p.is("ram:ApplicableHeaderTradeSettlement"):
			e.ciiBreakdown(t, p.parent != nil && p.parent.is("rsm:SupplyChainTradeTransaction"))
		case p.is("ram:SpecifiedLineTradeSettlement") && p.parent != nil && p.parent.is("ram:IncludedSupplyChainTradeLineItem") &&
			p.parent.parent != nil && p.parent.parent.is("rsm:SupplyChainTradeTransaction") && isVATType(t):
			if c, ok := ciiCategoryOf(t); ok {
				e.ciiUsedIn(c, t, 2, "a line")
			}
		}
	}
	for _, t := range e.anywhere("ram:CategoryTradeTax") {
		ac := t.parent
		if !ac.is("ram:SpecifiedTradeAllowanceCharge") || !isVATType(t) {
			continue
		}
		c, ok := ciiCategoryOf(t)
		switch {
		case !ok:
		case ciiIndicator(ac, false):
			e.ciiUsedIn(c, t, 3, "an allowance")
		case ciiIndicator(ac, true):
			e.ciiUsedIn(c, t, 4, "a charge")
		}
	}
}

// ciiCategoryOf returns the category a tax element is checked under: the
// first of ciiOrder among its category codes.
func ciiCategoryOf(t *node) (ciiCategory, bool) {
	for _, c := range ciiOrder {
		if anyWritten(t, "ram:CategoryCode", c.code) {
			return c, true
		}
	}
	return ciiCategory{}, false
}

// ciiUsedIn applies the rules of a category to a line's (n 2), an
// allowance's (3) or a charge's (4) tax element: the party identifiers
// the category needs (-02 to -04) and its rate (-05 to -07).
func (e *eval) ciiUsedIn(c ciiCategory, t *node, n int, what string) {
	name := "VAT category " + c.code
	if ok, need := e.ciiParties(c.parties); !ok {
		e.fail(c.prefix+"-0"+string(rune('0'+n)), e.root, "", "%s is in %s, so the document must have %s", what, name, need)
	}
	var ok bool
	var want string
	switch c.rate {
	case "pos":
		ok, want = anyNum(t, "ram:RateApplicablePercent", func(v decimal.Decimal) bool { return v.Sign() > 0 }), "above 0"
	case "zero":
		ok, want = anyNum(t, "ram:RateApplicablePercent", decimal.Decimal.IsZero), "0"
	case "nonneg":
		ok, want = anyNum(t, "ram:RateApplicablePercent", func(v decimal.Decimal) bool { return v.Sign() >= 0 }), "0 or more"
	default:
		ok, want = !t.has("ram:RateApplicablePercent"), "absent"
	}
	if !ok {
		e.fail(c.prefix+"-0"+string(rune('0'+n+3)), t, "ram:RateApplicablePercent", "%s in %s has the rate %s; it must be %s", what, name, quote(t.str("ram:RateApplicablePercent")), want)
	}
}

// ciiParties reports whether the document has the identifiers a VAT
// category needs, and describes them:
//
//   - vafc: the seller's VAT identifier or tax registration (scheme VA or
//     FC), or the tax representative's VAT identifier;
//   - ae: that, of any seller, and the buyer's VAT identifier or legal
//     registration identifier;
//   - k: a VAT identifier of the seller or the tax representative, and
//     the buyer's;
//   - g: a VAT identifier of the seller or the tax representative;
//   - o: no VAT identifier of the seller, the tax representative or the
//     buyer.
func (e *eval) ciiParties(kind string) (bool, string) {
	r := e.root
	anyOf := func(step string, schemes ...string) bool {
		for _, p := range e.anywhere(step) {
			if hasTaxID(p, schemes...) {
				return true
			}
		}
		return false
	}
	atPath := func(path string, schemes ...string) bool {
		found := false
		r.each(path, func(p *node) { found = found || hasTaxID(p, schemes...) })
		return found
	}
	switch kind {
	case "vafc":
		return atPath(ciiSeller, "VA", "FC") || atPath(ciiTaxRep, "VA"),
			"the seller's VAT identifier (BT-31) or tax registration identifier (BT-32), or the tax representative's VAT identifier (BT-63)"
	case "ae":
		buyer := anyOf("ram:BuyerTradeParty", "VA")
		for _, b := range e.anywhere("ram:BuyerTradeParty") {
			buyer = buyer || b.has("ram:SpecifiedLegalOrganization/ram:ID")
		}
		return (anyOf("ram:SellerTradeParty", "VA", "FC") || anyOf("ram:SellerTaxRepresentativeTradeParty", "VA")) && buyer,
			"the seller's VAT or tax registration identifier (or the tax representative's) and the buyer's VAT identifier (BT-48) or legal registration identifier (BT-47)"
	case "k":
		return (anyOf("ram:SellerTradeParty", "VA") || anyOf("ram:SellerTaxRepresentativeTradeParty", "VA")) && anyOf("ram:BuyerTradeParty", "VA"),
			"the seller's or tax representative's VAT identifier and the buyer's VAT identifier (BT-48)"
	case "g":
		return anyOf("ram:SellerTradeParty", "VA") || anyOf("ram:SellerTaxRepresentativeTradeParty", "VA"),
			"the seller's VAT identifier (BT-31) or the tax representative's (BT-63)"
	}
	return !atPath(ciiSeller, "VA") && !atPath(ciiTaxRep, "VA") && !anyOf("ram:BuyerTradeParty", "VA"),
		"no VAT identifier of the seller, the tax representative or the buyer"
}

// ciiBreakdown applies the rules of one VAT breakdown, an
// ApplicableTradeTax of a header settlement; underTx is true when that
// settlement is a SupplyChainTradeTransaction's.
func (e *eval) ciiBreakdown(t *node, underTx bool) {
	vat := isVATType(t)
	switch {
	case underTx && vat && anyWritten(t, "ram:CategoryCode", "L"):
		e.ciiNoReason(t, "BR-AF-10", "L")
	case underTx && vat && anyWritten(t, "ram:CategoryCode", "M"):
		e.ciiNoReason(t, "BR-AG-10", "M")
	case underTx && vat && anyWritten(t, "ram:CategoryCode", "O"):
		e.ciiBreakdownO(t)
	default:
		e.ciiBreakdownRules(t)
	}
	t.each("ram:CategoryCode", func(cc *node) {
		switch v := cc.rawText(); {
		case v == "S":
			e.ciiBreakdownS(cc)
		case v == "Z":
			e.ciiBreakdownExempt(cc, ciiOrder[8])
		case !underTx || !vat:
		case v == "AE":
			e.ciiBreakdownExempt(cc, ciiOrder[0])
		case v == "E":
			e.ciiBreakdownExempt(cc, ciiOrder[3])
		case v == "G":
			e.ciiBreakdownExempt(cc, ciiOrder[4])
		case v == "K":
			e.ciiBreakdownExempt(cc, ciiOrder[5])
			e.ciiBreakdownK(cc)
		}
	})
}

// ciiNoReason applies a -10 rule of L or M: no exemption reason.
func (e *eval) ciiNoReason(t *node, id, code string) {
	if t.has("ram:ExemptionReason") || t.has("ram:ExemptionReasonCode") {
		e.fail(id, t, "ram:ExemptionReason", "the VAT breakdown of VAT category %s has an exemption reason; it must not", code)
	}
}

// ciiBreakdownRules applies the rules of BG-23 to a breakdown: BR-45 to
// BR-48, BR-CO-03, BR-CO-17, BR-DEC-19 and BR-DEC-20.
func (e *eval) ciiBreakdownRules(t *node) {
	if !t.has("ram:BasisAmount") {
		e.fail("BR-45", t, "ram:BasisAmount", "the VAT breakdown has no taxable amount (BT-116)")
	}
	if !t.has("ram:CalculatedAmount") {
		e.fail("BR-46", t, "ram:CalculatedAmount", "the VAT breakdown has no tax amount (BT-117)")
	}
	vat := isVATType(t)
	if !vat || !t.has("ram:CategoryCode") {
		e.fail("BR-47", t, "ram:CategoryCode", "the VAT breakdown has no VAT category code (BT-118) with tax type VAT")
	}
	if !vat || !t.has("ram:RateApplicablePercent") && !anyWritten(t, "ram:CategoryCode", "O") {
		e.fail("BR-48", t, "ram:RateApplicablePercent", "the VAT breakdown has no VAT rate (BT-119)")
	}
	if len(e.anywhere("ram:TaxPointDate")) > 0 && len(e.anywhere("ram:DueDateTypeCode")) > 0 {
		e.fail("BR-CO-03", t, "ram:TaxPointDate", "the VAT point date (BT-7) and the VAT point date code (BT-8) are both given; only one may be")
	}
	// BR-CO-17
	calc, okC := t.dec("ram:CalculatedAmount")
	basis, okB := t.dec("ram:BasisAmount")
	var rate decimal.Decimal
	okR := false
	if normalizeSpace(upperNorm(t.written("ram:TypeCode"))) == "VAT" {
		rate, okR = t.dec("ram:RateApplicablePercent")
	}
	var good bool
	switch {
	case okR && xround(rate).IsZero():
		good = okC && xround(calc).IsZero()
	case okR:
		want := round2(basis.Abs().Mul(rate.Div(hundred)))
		good = okC && okB && calc.Abs().Sub(one).Cmp(want) <= 0 && calc.Abs().Add(one).Cmp(want) >= 0
	default:
		good = okC && xround(calc).IsZero()
	}
	if !good {
		e.fail("BR-CO-17", t, "ram:CalculatedAmount", "the VAT category tax amount %s is not the taxable amount %s times the rate %s (within 1)", fmtOpt(calc, okC), fmtOpt(basis, okB), fmtOpt(rate, okR))
	}
	e.ciiDecimals("BR-DEC-19", t, "ram:BasisAmount")
	e.ciiDecimals("BR-DEC-20", t, "ram:CalculatedAmount")
}

// ciiCategoryTotal is the sum of the line net amounts of category code,
// plus its document level charges, minus its allowances, each sum rounded
// to two decimals; with a rate, only those at that rate.
func (e *eval) ciiCategoryTotal(code string, rate *decimal.Decimal) decimal.Decimal {
	key := "cii " + code
	if rate != nil {
		key += " " + canonical(*rate)
	}
	if s, ok := e.sums[key]; ok {
		return s.total
	}
	atRate := func(n *node, tax string) bool {
		return rate == nil || anyNum(n, tax+"/ram:RateApplicablePercent", rate.Equal)
	}
	var lines []*node
	e.root.each(ciiLine+"/ram:SpecifiedLineTradeSettlement", func(s *node) {
		if anyWritten(s, "ram:ApplicableTradeTax/ram:CategoryCode", code) && atRate(s, "ram:ApplicableTradeTax") {
			s.each("ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount", func(a *node) { lines = append(lines, a) })
		}
	})
	var allowances, charges []*node
	e.root.each(ciiSettlement+"/ram:SpecifiedTradeAllowanceCharge", func(ac *node) {
		if !anyWritten(ac, "ram:CategoryTradeTax/ram:CategoryCode", code) || !atRate(ac, "ram:CategoryTradeTax") {
			return
		}
		a := ac.get("ram:ActualAmount")
		if a == nil {
			return
		}
		if ciiIndicator(ac, true) {
			charges = append(charges, a)
		}
		if ciiIndicator(ac, false) {
			allowances = append(allowances, a)
		}
	})
	total := round2(ciiSum(lines, "")).Add(round2(ciiSum(charges, ""))).Sub(round2(ciiSum(allowances, "")))
	e.memo(key, catSum{true, total})
	return total
}

// ciiBreakdownExempt applies the rules of a breakdown's category code of
// E, Z, AE, K or G: its taxable amount within 1 of what its lines,
// allowances and charges add up to (-08), no tax (-09), and an exemption
// reason (-10; for Z, none).
func (e *eval) ciiBreakdownExempt(cc *node, c ciiCategory) {
	t := cc.parent
	name := "VAT category " + c.code
	total := e.ciiCategoryTotal(c.code, nil)
	if b, ok := t.dec("ram:BasisAmount"); !ok || b.Sub(one).Cmp(total) >= 0 || b.Add(one).Cmp(total) <= 0 {
		e.fail(c.prefix+"-08", t, "ram:BasisAmount", "the taxable amount of %s is %s but its lines, allowances and charges add up to %s", name, fmtOpt(b, ok), fmtNum(total))
	}
	if !anyNum(t, "ram:CalculatedAmount", decimal.Decimal.IsZero) {
		e.fail(c.prefix+"-09", t, "ram:CalculatedAmount", "the tax amount of %s is %s; it must be 0", name, quote(t.str("ram:CalculatedAmount")))
	}
	hasReason := t.has("ram:ExemptionReason") || t.has("ram:ExemptionReasonCode")
	switch {
	case c.code == "Z" && hasReason:
		e.fail(c.prefix+"-10", t, "ram:ExemptionReason", "the VAT breakdown of %s has an exemption reason; it must not", name)
	case c.code != "Z" && !hasReason:
		e.fail(c.prefix+"-10", t, "ram:ExemptionReason", "the VAT breakdown of %s has no exemption reason (BT-120) or reason code (BT-121)", name)
	}
}

// ciiBreakdownK applies BR-IC-11 and BR-IC-12: an intra-community supply
// gives the actual delivery date or the invoicing period, and the
// country delivered to.
func (e *eval) ciiBreakdownK(cc *node) {
	r := e.root
	settlement := cc.parent.parent
	if !r.has(ciiDelivery+"/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString") &&
		!settlement.has("ram:BillingSpecifiedPeriod/ram:StartDateTime") && !settlement.has("ram:BillingSpecifiedPeriod/ram:EndDateTime") {
		e.fail("BR-IC-11", r, ciiDelivery+"/ram:ActualDeliverySupplyChainEvent", "an intra-community supply (category K) must give the actual delivery date (BT-72) or the invoicing period (BG-14)")
	}
	if !r.has(ciiDelivery + "/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID") {
		e.fail("BR-IC-12", r, ciiDelivery+"/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID", "an intra-community supply (category K) must give the country delivered to (BT-80)")
	}
}

// ciiBreakdownS applies BR-S-08 to BR-S-10 to a breakdown's category code
// S: its taxable amount is what its lines, allowances and charges at its
// rate add up to, its tax is the taxable amount times the rate within 1,
// and it has no exemption reason.
func (e *eval) ciiBreakdownS(cc *node) {
	t := cc.parent
	for _, r := range t.list("ram:RateApplicablePercent") {
		rate, ok := r.dec("")
		if !ok {
			continue
		}
		total := e.ciiCategoryTotal("S", &rate)
		if !anyNum(t, "ram:BasisAmount", total.Equal) {
			e.fail("BR-S-08", t, "ram:BasisAmount", "the taxable amount of VAT category S at %s%% is %s but its lines, allowances and charges add up to %s",
				fmtPlain(rate), quote(t.str("ram:BasisAmount")), fmtNum(total))
		}
	}
	calc, okC := t.dec("ram:CalculatedAmount")
	basis, okB := t.dec("ram:BasisAmount")
	rate, okR := t.dec("ram:RateApplicablePercent")
	want := round2(basis.Abs().Mul(rate).Div(hundred))
	if !okC || !okB || !okR || calc.Abs().Sub(one).Cmp(want) >= 0 || calc.Abs().Add(one).Cmp(want) <= 0 {
		e.fail("BR-S-09", t, "ram:CalculatedAmount", "the tax amount of VAT category S is %s but the taxable amount times the rate is %s", fmtOpt(calc, okC), fmtNum(want))
	}
	if t.has("ram:ExemptionReason") || t.has("ram:ExemptionReasonCode") {
		e.fail("BR-S-10", t, "ram:ExemptionReason", "the VAT breakdown of VAT category S has an exemption reason; it must not")
	}
}

// ciiBreakdownO applies BR-O-08 to BR-O-14 to a breakdown of category O:
// its taxable amount is what its lines, allowances and charges add up to,
// it has no tax and an exemption reason, and no other category is used.
func (e *eval) ciiBreakdownO(t *node) {
	total := e.ciiCategoryTotal("O", nil)
	if !anyNum(t, "ram:BasisAmount", total.Equal) {
		e.fail("BR-O-08", t, "ram:BasisAmount", "the taxable amount of VAT category O is %s but its lines, allowances and charges add up to %s", quote(t.str("ram:BasisAmount")), fmtNum(total))
	}
	if !anyNum(t, "ram:CalculatedAmount", decimal.Decimal.IsZero) {
		e.fail("BR-O-09", t, "ram:CalculatedAmount", "the tax amount of VAT category O is %s; it must be 0", quote(t.str("ram:CalculatedAmount")))
	}
	if !t.has("ram:ExemptionReason") && !t.has("ram:ExemptionReasonCode") {
		e.fail("BR-O-10", t, "ram:ExemptionReason", "the VAT breakdown of VAT category O has no exemption reason (BT-120) or reason code (BT-121)")
	}
	other := func(step string) bool {
		for _, n := range e.anywhere(step) {
			found := false
			n.each("ram:CategoryCode", func(c *node) { found = found || c.rawText() != "O" })
			if found {
				return true
			}
		}
		return false
	}
	if other("ram:ApplicableTradeTax") {
		e.fail("BR-O-11", t, "", "the VAT breakdown has category O (not subject to VAT) beside other categories")
		e.fail("BR-O-12", t, "", "the VAT breakdown has category O but a line or breakdown is in another VAT category")
	}
	if other("ram:CategoryTradeTax") {
		e.fail("BR-O-13", t, "", "the VAT breakdown has category O but an allowance is in another VAT category")
		e.fail("BR-O-14", t, "", "the VAT breakdown has category O but a charge is in another VAT category")
	}
}
