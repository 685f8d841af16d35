package engine

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Withholdings: an imposition with a withholdingType is the buyer's to
// withhold. The host defines them in its rule files ("withholdings", see
// rules.Withholding) or with WithWithholdings; a line that one reaches
// bears it as a tax of its own:
//
//   - at the withholding's jurisdiction, which lies in the chain of the
//     buyer's place (the customer's destination, or the administrative
//     one), on the line's amount at the withholding's rate (a Brazilian
//     line's too, on its price);
//   - marked in the response by its impositionType's withholdingType and
//     taxCollectedFromParty BUYER;
//   - outside the line's and the document's totalTax: the buyer pays
//     that part of the price to the jurisdiction instead of the seller;
//   - kept in the journal as withheld (journal.Tax.Withheld), which the
//     remittance report counts as owed by the tenant on a purchase and
//     not on a sale.
//
// The request's overrides reach a withheld tax only when their
// impositionType names its withholdingType (exempt, non-taxable and
// rate overrides, imposition inclusions); an override without one leaves
// it alone, as it is not a sales or value added tax.

// WithWithholdings adds withholding impositions to those of the rule
// files (WithRuleFiles). A withholding's jurisdiction must be one of the
// dataset's. They are checked with the rule files' withholdings: New
// refuses an ID used twice and a withholding that one alike in all but
// its period, rate and reason would be withheld beside on a day both are
// in force (rules.FindDoubleWithholding).
func WithWithholdings(ws ...rules.Withholding) Option {
	return func(c *config) { c.withholdings = append(c.withholdings, ws...) }
}

// compileWithholdings compiles the host's withholdings and checks that
// their jurisdictions exist.
func compileWithholdings(jur *data.Jurisdictions, ws []rules.Withholding) (*rules.Withholdings, error) {
	for i := range ws {
		if _, ok := jur.ByID(ws[i].Jurisdiction); !ok && ws[i].Jurisdiction != "" {
			return nil, fmt.Errorf("withholding %s: jurisdiction %q is not in the dataset", ws[i].ID, ws[i].Jurisdiction)
		}
	}
	return rules.CompileWithholdings(ws)
}

// withheldSources returns the rare members of the withholdings, in their
// order: the sources of their rates, host withholdings (the first host
// of them, engine.WithWithholdings) then those of the rule files (files,
// one for one).
func withheldSources(host int, files []wire.RateSource) []taxRare {
	srcs := make([]wire.RateSource, host, host+len(files))
	for i := range srcs {
		srcs[i] = wire.RateSource{Content: wire.RateSourceHost}
	}
	srcs = append(srcs, files...)
	out := make([]taxRare, len(srcs))
	for i := range srcs {
		out[i].source = &srcs[i]
	}
	return out
}

// withhold appends to the line the taxes that its buyer withholds on
// amount (the line's amount net of tax; a Brazilian line's price, which
// holds its taxes: brazilLine).
func (c *calc) withhold(l *line, amount decimal.Decimal) error {
	ws := c.s.withholdings
	if ws.Len() == 0 || c.d.perspective == "OWNER" || c.d.mode == modeDistribute {
		return nil
	}
	buyer := firstPlace(l.dest, l.adminDest)
	if buyer == nil {
		return nil
	}
	seller := firstPlace(l.origin, l.adminOrigin)
	abroad := seller != nil && seller.country != "" && seller.country != buyer.country
	for i := range ws.Len() {
		w := ws.At(i)
		j := chainJurisdiction(buyer, w.Jurisdiction)
		if j == nil {
			continue
		}
		env := rules.Env{Perspective: c.d.perspective, MessageType: c.d.message, TransactionType: l.txType,
			Country: buyer.country, JurisdictionID: j.JurisdictionID, JurisdictionType: j.JurisdictionType.String(),
			Subdivision: buyer.subdivision, Tax: w.Tax, ProductClass: l.productClass, CustomerClass: l.customer.class,
			Usage: l.usage, UsageClass: l.usageClass, Date: l.dateText, BusinessCustomer: l.customer.business}
		ok, err := ws.Applies(c.ctx, i, &env, l.date, abroad)
		if err != nil {
			return conditionFault(l, err)
		}
		imp := jurisdiction.Tax(w.Tax)
		if !ok || !includedWithheld(l.incl, j, imp, w.WithholdingType) {
			continue
		}
		l.taxes = append(l.taxes, c.withheldTax(l, buyer, j, w, &c.s.withheldRare[i], amount))
	}
	return nil
}

// withheldTax is the tax a withholding takes from a line; rare holds the
// source of the withholding's rate.
func (c *calc) withheldTax(l *line, buyer *place, j *wire.Jurisdiction, w *rules.Withholding, rare *taxRare, amount decimal.Decimal) taxOut {
	imp := jurisdiction.Tax(w.Tax)
	t := taxOut{j: j, imposition: imp, situs: buyer.role, result: wire.TaxResultTaxable, ruleID: w.ID, ruleReason: w.Reason,
		collectedFrom: wire.TaxCollectedFromBuyer, inputOutput: wire.InputOutputTypeInput, conversion: buyer.conversion,
		mode: c.set.rounding(j.JurisdictionID), rate: w.Rate, withholding: w.WithholdingType, rare: rare}
	exempt, nonTaxable := decimalZero, decimalZero
	for _, o := range l.exemptOv {
		if withheldBy(o.withholding, o.impositionType, o.jurisdictionType, o.jurisdictionID, j, imp, w.WithholdingType) {
			exempt = exempt.Add(overrideAmount(o, amount))
			t.reasonCode, t.ruleID, t.ruleReason = o.reasonCode, "override", "exempt or non-taxable override of the request"
		}
	}
	for _, o := range l.nonTaxOv {
		if withheldBy(o.withholding, o.impositionType, o.jurisdictionType, o.jurisdictionID, j, imp, w.WithholdingType) {
			nonTaxable = nonTaxable.Add(overrideAmount(o, amount))
			t.reasonCode, t.ruleID, t.ruleReason = o.reasonCode, "override", "exempt or non-taxable override of the request"
		}
	}
	// A credit (a negative amount) splits as its invoice does, every part
	// negative, and takes back what the invoice withheld (splitAmount).
	taxable, exempt, nonTaxable := splitAmount(amount, exempt, nonTaxable)
	for _, ro := range l.rateOv {
		if withheldBy(ro.withholding, ro.impositionType, ro.jurisdictionType, ro.jurisdictionID, j, imp, w.WithholdingType) {
			t.rate, t.ruleID, t.ruleReason, t.rare = ro.rate, "rate-override", "rate override of the request", nil
		}
	}
	t.taxable, t.exempt, t.nonTaxable = taxable, exempt, nonTaxable
	t.result = resultOf(taxable, exempt, nonTaxable)
	t.raw = mul(taxable, t.rate)
	return t
}

// withheldBy reports whether an override's selectors, with its
// withholding type (want), accept the withheld tax of type have.
func withheldBy(want, impositionType, jurisdictionType, jurisdictionID string, j *wire.Jurisdiction, imp jurisdiction.Tax, have string) bool {
	return want != "" && strings.EqualFold(want, have) && matchesSel(impositionType, jurisdictionType, jurisdictionID, j, imp)
}

// includedWithheld reports whether the line's imposition inclusions let
// a withheld tax through: none are given, or one names its withholding
// type.
func includedWithheld(incl []inclusion, j *wire.Jurisdiction, imp jurisdiction.Tax, have string) bool {
	if len(incl) == 0 {
		return true
	}
	for _, in := range incl {
		if withheldBy(in.withholding, in.impositionType, in.jurisdictionType, in.jurisdictionID, j, imp, have) {
			return true
		}
	}
	return false
}

// chainJurisdiction returns the jurisdiction id of a place's chain, or
// of the jurisdictions above its VAT special territory (place.outer: Spain
// for a place in the Canary Islands, whose withholdings reach it); nil
// when the place does not lie in it.
func chainJurisdiction(p *place, id string) *wire.Jurisdiction {
	for i := range p.chain {
		if p.chain[i].JurisdictionID == id {
			return &p.chain[i]
		}
	}
	for i := range p.outer {
		if p.outer[i].JurisdictionID == id {
			return &p.outer[i]
		}
	}
	return nil
}

// withholdingOf is the withholdingType of a selector's imposition type.
func withholdingOf(t *wire.ImpositionType) string {
	if t == nil {
		return ""
	}
	return t.WithholdingType
}
