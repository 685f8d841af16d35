package engine

import (
	"context"
	"strconv"
	"strings"

	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// ExplainSale calculates req as Sale does and also returns the explanation
// of the response's taxes. It stores nothing, whatever the message type
// and postToJournal say: a document that Sale would post to the journal
// (an INVOICE) is checked as Sale checks it before posting, but not
// posted, and its response keeps the request's transactionId (Sale would
// give a generated one to the transaction it stores). Otherwise the
// response is Sale's.
func (e *Engine) ExplainSale(ctx context.Context, req *wire.SaleRequest) (*wire.SaleResponse, wire.Explanation, error) {
	return explained(ctx, req, e.sale)
}

// ExplainPurchase calculates req as Purchase does and also returns the
// explanation of the response's taxes. It stores nothing, as ExplainSale.
func (e *Engine) ExplainPurchase(ctx context.Context, req *wire.PurchaseRequest) (*wire.PurchaseResponse, wire.Explanation, error) {
	return explained(ctx, req, e.purchase)
}

// ExplainOwner calculates req as Owner does and also returns the
// explanation of the response's taxes. It stores nothing, as ExplainSale.
func (e *Engine) ExplainOwner(ctx context.Context, req *wire.OwnerRequest) (*wire.OwnerResponse, wire.Explanation, error) {
	return explained(ctx, req, e.owner)
}

// explained calculates req with calc (Engine.sale, purchase or owner),
// storing nothing, and returns the response with its explanation.
func explained[Q, S any](ctx context.Context, req *Q, calc func(context.Context, *Q, bool, *wire.Explanation, *taxLoan) (*S, *journal.Transaction, error)) (*S, wire.Explanation, error) {
	ex := wire.Explanation{}
	resp, _, err := calc(ctx, req, false, &ex, nil)
	if err != nil {
		return nil, nil, stopped(ctx, err)
	}
	return resp, ex, nil
}

// explain appends to out the explanation of the response lines, which
// responseLines built from tree (the same order, a response line for each
// node): a leaf's wire taxes were made from its taxes one for one
// (wireTaxes), so the reasons and the sources of the rates are read where
// the calculation c left them, in its snapshot and its tenant's profile.
func explain[R any](c *calc, tree []lineIn, lines []R, view func(*R) (lineView, []R), out wire.Explanation) wire.Explanation {
	for i := range lines {
		v, kids := view(&lines[i])
		node := &tree[i]
		el := wire.ExplainedLine{Path: node.path, LineItemNumber: v.number, LineItemID: v.id, Taxes: make([]wire.ExplainedTax, len(v.taxes))}
		// The sources of a line's taxes share one block.
		var sources []wire.RateSource
		for k := range v.taxes {
			w := &v.taxes[k]
			x := &el.Taxes[k]
			if w.Jurisdiction != nil {
				x.JurisdictionID, x.JurisdictionType, x.Jurisdiction = w.Jurisdiction.JurisdictionID, w.Jurisdiction.JurisdictionType.String(), w.Jurisdiction.Value
			}
			if w.Imposition != nil {
				x.Imposition = w.Imposition.Value
			}
			x.Situs, x.Result, x.CalculatedTax = string(w.Situs), w.TaxResult, w.CalculatedTax
			if w.CalculationRuleID != nil {
				x.RuleID = w.CalculationRuleID.Value
			}
			if w.MaxTaxRuleID != nil {
				x.MaxTaxRuleID = w.MaxTaxRuleID.Value
			}
			if l := node.leaf; l != nil && k < len(l.taxes) {
				x.Reason = c.explainReason(l, &l.taxes[k])
				if src, ok := c.explainSource(l, &l.taxes[k]); ok {
					if sources == nil {
						sources = make([]wire.RateSource, len(v.taxes))
					}
					sources[k] = src
					x.Source = &sources[k]
				}
			}
		}
		out = append(out, el)
		if len(kids) > 0 {
			out = explain(c, node.children, kids, view, out)
		}
	}
	return out
}

// explainSource returns where the rate of t, a tax of line l, came from
// (wire.RateSource), and false when no rate of the content priced it.
func (c *calc) explainSource(l *line, t *taxOut) (wire.RateSource, bool) {
	s := c.s
	if b := t.br; b != nil {
		switch {
		case b.issFile != "":
			return wire.RateSource{Content: string(content.FormatBRISS), File: b.issFile, Line: b.issLine}, true
		case b.tables:
			return wire.RateSource{Content: wire.RateSourceEmbedded, Version: s.embedded}, true
		}
		return wire.RateSource{}, false
	}
	if r := t.rare; r != nil && r.source != nil {
		if r == s.profileFee && c.prof != nil {
			// A franchise fee of the tenant's profile: its record is the
			// fee of the line's area (as the profile finds it, without
			// the spaces around it) of the tax's name.
			key := profile.FranchiseKey(strings.TrimSpace(franchiseArea(l)), string(t.imposition))
			return wire.RateSource{Content: wire.RateSourceProfile, Version: strconv.FormatUint(c.prof.Version(), 10), Source: key.String()}, true
		}
		return *r.source, true
	}
	o := t.origin
	switch {
	case o == 0:
		return wire.RateSource{}, false
	case o < 0:
		return wire.RateSource{Content: wire.RateSourceHost, Source: s.rates.words[-o-1]}, true
	}
	src := s.rates.words[o-1]
	if f, file, line, ok := content.ParseRateSource(src); ok {
		return wire.RateSource{Content: string(f), File: file, Line: line}, true
	}
	return wire.RateSource{Content: wire.RateSourceEmbedded, Version: s.embedded, Source: src}, true
}

// explainReason returns the reason of tax t of line l: the reason of the
// rule that decided it (t.ruleReason), then, each after a semicolon,
// what made the tax another amount than its rate times its taxable
// amount, or what decided it beyond the line: the rate structure that
// shaped it (a tier, a most of an item's price taxed, a cap), the price
// threshold of its rule weighed in another currency (taxRare.threshold),
// a limit on the document's total that reached it (explainDocLimits), a cap on
// the document's tax (taxRare.capNote), a tax-included price whose net
// is not the one its taxes were computed on (explainIncluded), a charge
// per unit (explainPerUnit), a share of the input total tax of a
// DISTRIBUTE_TAX line (explainDistributed), a rounding mode other than
// half up (explainRoundingMode), the document's rounding
// (explainRounding) and a credit of tax paid elsewhere.
func (c *calc) explainReason(l *line, t *taxOut) string {
	r := reasonBuilder{rule: t.ruleReason}
	r.add(explainUnknownClass(l, t))
	r.add(c.explainCertificate(l, t))
	r.add(c.explainOwnerBasis(l))
	places := int32(max(c.d.currency.MinorUnits, 0))
	borne := t.tax
	if o := t.originalTax(); o != nil {
		borne = *o
	}
	r.add(explainStructure(l, t, borne, places))
	if t.ruleID == "override" && t.result == wire.TaxResultTaxable && perUnitStructure(t.structure) {
		// An exempt or non-taxable override's partial amount leaves a
		// charge per unit due in full (perunitov.go): its rule is the
		// override's, which did not change the tax.
		r.add("the override's amount takes part of the line's amount out of the tax but not a charge per unit, which is due on all its units (the override's amount says not-acted-on)")
	}
	if x := t.rare; x != nil {
		r.add(x.threshold)
	}
	c.explainDocLimits(l, t, &r)
	if x := t.rare; x != nil && x.capNote != "" {
		note := x.capNote
		if u := x.uncapped; u.Sign() != 0 {
			// A document rounded once is capped before its rounding:
			// the share of the cap replaced the exact tax, said as it is.
			own := u.StringFixed(places)
			if u.Exponent() < -places {
				own = u.String()
			}
			note += ": this line's " + own + " bears " + borne.StringFixed(places)
		}
		r.add(note)
	}
	r.add(explainPerUnit(t, borne, places))
	r.add(c.explainDistributed(l, t, borne, places))
	r.add(explainIncluded(c, l, t, borne, places))
	r.add(explainRoundingMode(t, places))
	r.add(c.explainRounding(t, borne, places))
	if o := t.originalTax(); o != nil && t.rare.creditRule == "previous-tax-paid" {
		// A purchase line has no previousTaxPaid: an accrual credits the
		// vendor's tax, the line's own or its share of the document's
		// (creditDocument).
		what := "the line's tax paid elsewhere (previousTaxPaid)"
		switch {
		case c.req.purchase != nil && l.charged != nil:
			what = "the vendor's tax on the line (chargedTax)"
		case c.req.purchase != nil:
			what = "the line's share of the vendor's tax on the document (chargedTax)"
		}
		first := ""
		if due := l.vendorsDue(c.d); due.Sign() != 0 {
			// A purchase within Canada: the vendor's GST/HST first.
			first = ", after the " + due.StringFixed(places) + " of tax the vendor was to charge (" + CAVendorChargesRule + ")"
		}
		r.add(what + ", " + l.prevPaid.StringFixed(places) + ", is credited against its taxes in the order of their jurisdictions (previous-tax-paid)" + first + ": this tax of " +
			o.StringFixed(places) + " is " + t.tax.StringFixed(places) + " after it")
	}
	return r.String()
}

// explainUnknownClass returns, for a tax of a line whose product class
// no rule knows, that the class sent was taxed as the one it fell back
// to (the line's unknown-product-class parameter says the same), so that
// a reason read alone (levy calc --explain-only) does not show a rule of
// GENERAL for a line sent as another class. A tax that an override, an
// exempt customer or a stored certificate decided weighed no class: it
// returns "" for it, and for any other line.
func explainUnknownClass(l *line, t *taxOut) string {
	if l.unknownClass == "" {
		return ""
	}
	switch t.ruleID {
	case "override", "customer-exempt", CertificateRule:
		return ""
	}
	return "the line's class " + l.unknownClass + " (" + classParam(l) + ") is not one Levy knows: taxed as " + l.productClass + " (" + unknownClassRule + ")"
}

// explainOwnerBasis returns, for a tax of an owner's line that sends no
// price (no extendedPrice, unitPrice or specialTaxBasis), the value of
// the goods it was taxed on and why that one (ownerLines: an asset
// movement takes the first of netBookValue, cost, totalCost and
// fairMarketValue that the line sends, an inventory removal the first of
// cost, totalCost, fairMarketValue and netBookValue), so that a line that
// sends several says which its taxable amount is. It returns "" for any
// other line.
func (c *calc) explainOwnerBasis(l *line) string {
	li := l.in
	if c.req.owner == nil || li == nil || li.basis == nil || li.special != nil || li.ext != nil || li.unit != nil || li.src.owner == nil {
		return ""
	}
	o := li.src.owner
	name := ""
	switch li.basis {
	case o.NetBookValue:
		name = "netBookValue"
	case o.Cost:
		name = "cost"
	case o.TotalCost:
		name = "totalCost"
	case o.FairMarketValue:
		name = "fairMarketValue"
	default:
		return ""
	}
	order := "an inventory removal is taxed on the first of cost, totalCost, fairMarketValue and netBookValue"
	if c.req.owner.OwnerMessageType == wire.OwnerAssetMovement {
		order = "an asset movement is taxed on the first of netBookValue, cost, totalCost and fairMarketValue"
	}
	// The value as the line's amount has it: in the currency's minor
	// units, or with the further decimals it was sent with.
	v, places := li.basis.Decimal(), int32(max(c.d.currency.MinorUnits, 0))
	amount := v.StringFixed(places)
	if v.Exponent() < -places {
		amount = v.String()
	}
	return "taxed on the line's " + name + ", " + amount + ": without a price, " + order + " that the line sends"
}

// explainCertificate returns, for a tax that a stored certificate of the
// line's customer exempted (CertificateRule), the record that did: the
// certificate's number, its customer, its reason, and the version of the
// tenant's profile the calculation read, so that an auditor finds the
// revision of the certificate that applied (the last of its versions up
// to that one, which `levy profile show` and the admin routes list) after
// it is edited, revoked or deleted. It returns "" for any other tax.
func (c *calc) explainCertificate(l *line, t *taxOut) string {
	if t.ruleID != CertificateRule || c.prof == nil {
		return ""
	}
	for i := range l.certs {
		cert := &l.certs[i]
		if cert.Number != t.certificate {
			continue
		}
		s := "certificate " + cert.Number + " of customer " + cert.CustomerCode + ", reason " + cert.ReasonCode
		if text := profile.ReasonText(cert.ReasonCode); text != "" {
			s += " (" + text + ")"
		}
		return s + ", as version " + strconv.FormatUint(c.prof.Version(), 10) + " of the tenant's profile holds it"
	}
	return ""
}

// reasonBuilder joins a rule's reason and the sentences that follow it
// with semicolons, allocating nothing until one does.
type reasonBuilder struct {
	b    strings.Builder
	rule string
	more bool
}

// add appends s after what r holds; an empty s adds nothing.
func (r *reasonBuilder) add(s string) {
	if s == "" {
		return
	}
	if !r.more {
		r.more = true
		r.b.WriteString(r.rule)
	}
	if r.b.Len() > 0 {
		r.b.WriteString("; ")
	}
	r.b.WriteString(s)
}

// String returns the reason: the rule's alone when nothing followed it.
func (r *reasonBuilder) String() string {
	if !r.more {
		return r.rule
	}
	return r.b.String()
}

// explainStructure names the rate structure that made tax t of line l
// another tax than its rate on the line's amount (structureShaped): its
// ID, its reason unless the rule's reason already gives it, and, when
// the tax is not its rate times its taxable amount (a tier, a cap on an
// item's tax), the tax it bears (borne) beside what the rate gives, so
// that a structure without a reason (a host's) is named with its
// figures too. A charge per unit of an extra tax is explainPerUnit's.
// It returns "" for the other taxes.
func explainStructure(l *line, t *taxOut, borne decimal.Decimal, places int32) string {
	s := t.structure
	if s == nil || t.impType != "" || !structureShaped(l, t) {
		return ""
	}
	note := "rate structure " + s.ID
	said := s.Reason == "" || strings.Contains(t.ruleReason, s.Reason)
	if !said {
		note += ": " + s.Reason
	}
	if t.maxTax || s.Kind != rules.SingleRate {
		base := t.taxable
		if !l.computedNet.IsZero() && base.Equal(l.net) {
			base = l.computedNet
		}
		if by := roundHalfUp(base.Mul(t.rate), places); !by.Equal(borne) {
			note += " (it makes this tax " + borne.StringFixed(places) + ", where its rate of " + t.rate.String() + " on " +
				base.StringFixed(places) + " gives " + by.StringFixed(places) + ")"
			said = false
		}
	}
	if said {
		// (A structure whose reason the rule's already gives, with
		// nothing more to say, is not said twice.)
		return ""
	}
	return note
}

// structureShaped reports whether the rate structure of tax t of line l
// made it another tax than its rate on the line's amount: a tax that is
// not its rate times its taxable amount (tiers, an amount per unit, a
// cap), or a taxable amount cut to the most of each item's price that
// the structure taxes (Tennessee's local tax on the first 1,600.00).
func structureShaped(l *line, t *taxOut) bool {
	s := t.structure
	if t.maxTax || s.Kind != rules.SingleRate {
		base := t.taxable
		if !l.computedNet.IsZero() && base.Equal(l.net) {
			base = l.computedNet // a tax-included line's (explainIncluded)
		}
		return t.maxTax || !t.raw.Equal(base.Mul(t.rate))
	}
	if s.MaxBasisPerItem != nil && l.qty.Sign() > 0 && t.nonTaxable.Sign() != 0 {
		return t.taxable.Abs().Equal(s.MaxBasisPerItem.Mul(rules.Items(l.qty)))
	}
	return false
}

// explainDocLimits adds to r what each limit on the document's total
// that reached tax t of line l decided (doclimit.go): the document's
// total of the lines that share it, the limit, and whether the line's
// rule applied.
func (c *calc) explainDocLimits(l *line, t *taxOut, r *reasonBuilder) {
	if l.docLimit == "" {
		return
	}
	for _, k := range c.docLimits {
		if k.note != "" && k.jurisdiction == t.j.JurisdictionID && k.tax == t.imposition && strings.Contains(l.docLimit, k.note) {
			r.add(k.note)
		}
	}
}

// explainRounding says how rounding the document's tax once
// (roundAtLineLevel false) made tax t bear borne (its tax before a
// credit of tax paid elsewhere) rather than its own tax rounded alone:
// the jurisdiction's exact tax over the document and the total it
// rounds to, which the lines' taxes add up to (those of the lines that
// a cap on the document's tax did not reach, when it reached some). It
// returns "" when the tax bears its own rounded tax, or the document was
// rounded line by line.
func (c *calc) explainRounding(t *taxOut, borne decimal.Decimal, places int32) string {
	if c.d.roundAtLine || len(c.docRounded) == 0 {
		return ""
	}
	own := roundTax(t.raw, places, t.mode)
	if own.Equal(borne) {
		return ""
	}
	for _, g := range c.docRounded {
		if g.id == t.j.JurisdictionID && g.imposition == string(t.imposition) && g.rate == docRoundingRate(t) {
			lines, those := "the document's lines", "the lines"
			if g.capped {
				// The taxes that bear a share of a cap on the document's
				// tax were left out of the rounding (calc.round).
				lines, those = "the document's lines that its cap (maxTaxPerDocument) did not reach", "those lines"
			}
			per, of := "jurisdiction and tax", ""
			if g.rate != "" {
				per, of = "jurisdiction, tax and rate", " at "+g.rate
			}
			return "the document's tax is rounded once per " + per + " (roundAtLineLevel false): the " + string(t.imposition) + of + " of " +
				t.j.Value + " (" + g.id + ") on " + lines + " comes to " + g.exact.String() + ", " + g.total.StringFixed(places) +
				" rounded; this line's own " + t.raw.String() + " rounds to " + own.StringFixed(places) + " alone and bears " +
				borne.StringFixed(places) + ", so that " + those + " add up to " + g.total.StringFixed(places)
		}
	}
	return ""
}

// explainIncluded says why tax t of a tax-included line l is not its
// rate times its taxable amount: the line's taxes were computed on the
// net that the gross gives at their combined rate (line.computedNet),
// and the line's net, which the taxable amount shows, is the gross less
// those taxes once rounded. The gross of a buyer's purchase within
// Canada holds the GST/HST its vendor charges as well (vendorDue, which
// no tax of the response bears): it is named with its figure, so that
// the gross less the line's taxes and it gives the net. It returns ""
// for the other taxes.
func explainIncluded(c *calc, l *line, t *taxOut, borne decimal.Decimal, places int32) string {
	if l.computedNet.IsZero() || !t.taxable.Equal(l.net) || t.result != wire.TaxResultTaxable || t.rate.IsZero() {
		return ""
	}
	if r := l.includedRates; r.Sign() != 0 {
		return "the price includes the tax: the line's taxes are the shares of the gross of " + l.amount.StringFixed(places) +
			" that their rates hold, the gross times each rate over one plus their combined rate of " + r.String() +
			", and the line's net is the gross less those taxes once rounded, " + l.net.StringFixed(places) +
			"; this tax is " + l.amount.StringFixed(places) + " times " + t.rate.String() + " over " + decimalOne.Add(r).String() +
			", " + t.raw.Round(6).String() + ", " + borne.StringFixed(places)
	}
	taxes, less := "the line's taxes", "those taxes"
	if due := l.vendorsDue(c.d); due.Sign() != 0 {
		taxes = "the line's taxes and the " + due.StringFixed(places) + " of GST/HST the vendor charges (" + CAVendorChargesRule + ")"
		less = "those taxes and the vendor's " + due.StringFixed(places)
	}
	return "the price includes the tax: " + taxes + " were computed on the net of " + l.computedNet.StringFixed(places) +
		" that the gross of " + l.amount.StringFixed(places) + " gives at their combined rate, and the line's net is the gross less " + less + " once rounded, " +
		l.net.StringFixed(places) + "; this tax is " + t.rate.String() + " of " + l.computedNet.StringFixed(places) + ", " + borne.StringFixed(places)
}

// explainPerUnit says how a charge per unit of a communications tax or a
// franchise fee (an extra tax whose structure is an amount per unit: a
// 911 fee per line, a franchise fee per line) came to borne: the amount
// per unit, in the document's currency, times the units it was charged
// on. The response gives its effective rate over the line's revenue,
// which does not give the charge back to the minor unit. It returns ""
// for any other tax.
func explainPerUnit(t *taxOut, borne decimal.Decimal, places int32) string {
	s := t.structure
	if t.impType == "" || s == nil || s.Kind != rules.Quantity || s.PerUnit == nil || s.PerUnit.Sign() == 0 || t.result != wire.TaxResultTaxable {
		return ""
	}
	per := s.PerUnit.Abs()
	units := t.raw.Abs().Div(per)
	verb := "charged"
	if t.raw.Sign() < 0 {
		verb = "credited"
	}
	amount := per.StringFixed(places)
	if per.Exponent() < -places {
		amount = per.String()
	}
	of := " units, "
	if units.Equal(decimalOne) {
		of = " unit, "
	}
	return verb + " per unit: " + amount + " a unit (a line, for a charge per line) on " + units.String() + of + borne.StringFixed(places)
}

// explainDistributed says how a DISTRIBUTE_TAX line's input total tax
// (inputTotalTax) gave tax t its share: the total is shared among the
// line's taxes in proportion to the tax each computes on the amount
// (document.go distribute), in the currency's minor units, so that a
// share is not always its rate times the base. It returns "" for any
// other tax.
func (c *calc) explainDistributed(l *line, t *taxOut, borne decimal.Decimal, places int32) string {
	if c.d.mode != modeDistribute || l.inputTax == nil || t.ruleID != "distribute-tax" || t.result != wire.TaxResultTaxable {
		return ""
	}
	return "the line's input total tax (inputTotalTax), " + l.inputTax.StringFixed(places) +
		", is shared among its taxes in proportion to the tax each computes on the amount, in minor units, the shares adding up to it: this tax's share is " +
		borne.StringFixed(places)
}

// explainRoundingMode says that tax t was rounded other than half up
// (the rounding mode that the settings, or the tenant's policy, give its
// jurisdiction) when that made it another amount than half up would:
// its exact tax and what it rounds to. It returns "" otherwise.
func explainRoundingMode(t *taxOut, places int32) string {
	if t.mode == money.HalfUp || t.result != wire.TaxResultTaxable || t.j == nil {
		return ""
	}
	own, half := roundTax(t.raw, places, t.mode), roundHalfUp(t.raw, places)
	if own.Equal(half) {
		return ""
	}
	return "the tax of " + t.j.JurisdictionID + " is rounded " + t.mode.String() + " (the rounding that the settings or the tenant's policy give it): its exact " +
		t.raw.String() + " rounds to " + own.StringFixed(places) + ", not " + half.StringFixed(places)
}
