package engine

import (
	"strings"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// The taxes of a line that no jurisdiction's rate gives: its franchise
// area's fees (franchise.go), the US communications taxes of its line
// types (comms.go) and the taxes its buyer withholds (withholding.go).
// computeLine appends them after the jurisdictions' impositions.

// lineExtras appends to the line the taxes that come after its
// jurisdictions' impositions, on amount (the line's amount net of tax).
func (c *calc) lineExtras(l *line, amount decimal.Decimal) error {
	if c.d.mode != modeDistribute {
		if err := c.franchiseFees(l, amount); err != nil {
			return err
		}
		c.commsTaxes(l, amount)
	} else {
		// A given total tax is spread over the jurisdictions' rates:
		// the fees and communications taxes take no part, and the line
		// says so.
		noFeesOrComms(l)
	}
	return c.withhold(l, amount)
}

// noFeesOrComms marks the line's franchiseAreaId and line types not acted
// on: a line whose calculation leaves out franchise fees and
// communications taxes (DISTRIBUTE_TAX, or a Brazilian line, whose taxes
// are Brazil's own: brazilLine).
func noFeesOrComms(l *line) {
	l.franchiseMiss = franchiseArea(l) != ""
	l.comms = l.comms[:0]
	for _, e := range commsEntries(l) {
		l.comms = append(l.comms, commsMiss{path: e.path, value: e.value, rule: NotActedOnRule})
	}
}

// extraTax describes a tax of a line that a table of Levy's or of the
// tenant gives outright: where, which imposition, on which base, at a
// rate or per unit.
type extraTax struct {
	j       *wire.Jurisdiction
	situs   *place
	imp     jurisdiction.Tax // the imposition (its name)
	impType string           // the imposition type's name
	ruleID  string
	reason  string
	base    decimal.Decimal // the taxable amount
	rate    decimal.Decimal // the rate on base, when perUnit is nil
	perUnit *decimal.Decimal
	units   decimal.Decimal // the units a per-unit tax is charged on
	// currency is the ISO 4217 code of perUnit's currency (USD for the
	// US communications fees and a US franchise area's fee per line),
	// "" for an amount taken in the document's currency; a document in
	// another is charged perUnit converted (extrascur.go).
	currency string
	// rare is the tax's rare members that the table gives (the source
	// of its rate), shared by every tax of the entry; nil for none.
	rare *taxRare
	// credit marks the tax of a credit (a line of a negative amount): a
	// charge per unit is then credited, even on a base of zero (a 911
	// fee of a line type whose share of a 0.01 credit is 0.00).
	credit bool
	// ovSplit marks a tax of one of a line's line types that the taxes
	// of its other line types share an override's amount with
	// (splitOverrides): ovBefore is the bases of those before it,
	// ovWhole the bases of them all.
	ovSplit           bool
	ovBefore, ovWhole decimal.Decimal
	// sellerUse marks a tax the seller collects on a sale across a state
	// line (the tax type's SELLER_USE), else SALES.
	taxType wire.TaxType
}

// extraOut returns the tax an extraTax takes from the line, with the
// line's exemption, its customer's stored certificates and its overrides
// applied as to any tax, and false when the line's imposition inclusions
// leave it out.
func (c *calc) extraOut(l *line, x *extraTax) (taxOut, bool) {
	if !includedExtra(l.incl, x.j, x.imp, x.impType) {
		return taxOut{}, false
	}
	t := taxOut{j: x.j, imposition: x.imp, impType: x.impType, situs: x.situs.role, result: wire.TaxResultTaxable,
		taxType: x.taxType, ruleID: x.ruleID, ruleReason: x.reason, collectedFrom: wire.TaxCollectedFromSeller,
		inputOutput: c.d.chargedSide(), conversion: x.situs.conversion, mode: c.set.rounding(x.j.JurisdictionID),
		rate: x.rate}
	if c.d.mode == modeAccrue {
		t.collectedFrom, t.inputOutput = wire.TaxCollectedFromBuyer, wire.InputOutputTypeInput
	}
	base := x.base
	exempt, nonTaxable := decimalZero, decimalZero
	overridden := false
	places := int32(max(c.d.currency.MinorUnits, 0))
	for _, o := range l.exemptOv {
		if o.withholding == "" && extraMatches(o.impositionType, o.jurisdictionType, o.jurisdictionID, x) {
			if o.amount != nil && x.ovSplit {
				part := overridePart(x, *o.amount, places)
				o.amount = &part
			}
			exempt, t.reasonCode, overridden = exempt.Add(overrideAmount(o, base)), overrideReason(t.reasonCode, o.reasonCode), true
		}
	}
	for _, o := range l.nonTaxOv {
		if o.withholding == "" && extraMatches(o.impositionType, o.jurisdictionType, o.jurisdictionID, x) {
			if o.amount != nil && x.ovSplit {
				part := overridePart(x, *o.amount, places)
				o.amount = &part
			}
			nonTaxable, t.reasonCode, overridden = nonTaxable.Add(overrideAmount(o, base)), overrideReason(t.reasonCode, o.reasonCode), true
		}
	}
	// A stored certificate of the customer decides a tax that the
	// request leaves to Levy, as it decides a jurisdiction's (compute.go):
	// l.certs is empty when the request exempts the customer.
	var cert *profile.Certificate
	if !overridden && len(l.certs) > 0 {
		cert, t.refused = c.certificateCovers(l, x.j)
	}
	switch {
	case overridden:
		t.ruleID, t.ruleReason = "override", "exempt or non-taxable override of the request"
	case l.customer.exempt:
		exempt = base
		t.ruleID, t.ruleReason, t.certificate, t.reasonCode = "customer-exempt", "the customer is exempt", l.customer.certificate, l.customer.exemptReason
	case cert != nil:
		exempt = base
		t.ruleID, t.ruleReason, t.certificate, t.reasonCode = CertificateRule, "a stored exemption certificate of the customer covers the tax", cert.Number, cert.ReasonCode
	}
	// A return (a negative base) splits as its sale does, every part
	// negative, as a jurisdiction's tax does (compute.go).
	taxable, exempt, nonTaxable := splitAmount(base, exempt, nonTaxable)
	// The table's rate comes with its source, unless the request
	// overrides it.
	t.rare = x.rare
	for _, ro := range l.rateOv {
		if ro.withholding == "" && x.perUnit == nil && extraMatches(ro.impositionType, ro.jurisdictionType, ro.jurisdictionID, x) {
			t.rate, t.ruleID, t.ruleReason, t.rare = ro.rate, "rate-override", "rate override of the request", nil
		}
	}
	t.taxable, t.exempt, t.nonTaxable = taxable, exempt, nonTaxable
	t.result = resultOf(taxable, exempt, nonTaxable)
	switch {
	case t.result != wire.TaxResultTaxable:
		t.raw = decimalZero
	case x.perUnit != nil:
		// A charge per unit: a structure of its own says so, and the
		// effective rate is the charge over the taxable amount.
		// Its amount is in its currency, taken into the document's.
		// The line's overrides that reached it and left it as it was
		// say so (perunitov.go).
		if len(l.rateOv) > 0 || overridden {
			l.unitOverrides(func(impositionType, jurisdictionType, jurisdictionID string) bool {
				return extraMatches(impositionType, jurisdictionType, jurisdictionID, x)
			})
		}
		per := c.extraPerUnit(l, x)
		t.structure = &rules.Structure{ID: x.ruleID, Kind: rules.Quantity, PerUnit: per, Reason: x.reason}
		t.raw = mul(*per, x.units)
		if x.credit || taxable.Sign() < 0 {
			// A return credits the charge its sale bore.
			t.raw = t.raw.Neg()
		}
	default:
		t.raw = mul(taxable, t.rate)
	}
	return t, true
}

// extraMatches reports whether an override's selectors accept an extra
// tax: by its imposition, or by the name of its imposition type.
func extraMatches(impositionType, jurisdictionType, jurisdictionID string, x *extraTax) bool {
	if matchesSel(impositionType, jurisdictionType, jurisdictionID, x.j, x.imp) {
		return true
	}
	return impositionType != "" && strings.EqualFold(impositionType, x.impType) && matchesSel("", jurisdictionType, jurisdictionID, x.j, x.imp)
}

// includedExtra reports whether the line's imposition inclusions let an
// extra tax through.
func includedExtra(incl []inclusion, j *wire.Jurisdiction, imp jurisdiction.Tax, impType string) bool {
	if len(incl) == 0 {
		return true
	}
	x := extraTax{j: j, imp: imp, impType: impType}
	for _, in := range incl {
		if in.withholding == "" && extraMatches(in.impositionType, in.jurisdictionType, in.jurisdictionID, &x) {
			return true
		}
	}
	return false
}
