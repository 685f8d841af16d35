package rules

import (
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// StructureKind names how a rate structure turns an amount into tax. The
// names are those of the wire's taxStructure.
type StructureKind string

// The structure kinds.
const (
	// SingleRate taxes the basis at one rate.
	SingleRate StructureKind = "SINGLE_RATE"
	// Tiered taxes each slice of an item's price at its tier's rate.
	Tiered StructureKind = "TIERED"
	// Bracket taxes an item's whole price at the rate of the tier its
	// price falls in.
	Bracket StructureKind = "BRACKET"
	// Quantity charges a fixed amount per unit.
	Quantity StructureKind = "QUANTITY"
)

// Tier is one slice of a tiered or bracket structure: prices up to UpTo
// (inclusive; nil for no upper bound) at Rate (nil for the
// jurisdiction's own rate) plus Add (an additional rate on this slice,
// such as a state's single-article tax).
type Tier struct {
	UpTo *decimal.Decimal `json:"upTo,omitempty"`
	Rate *decimal.Decimal `json:"rate,omitempty"`
	Add  *decimal.Decimal `json:"add,omitempty"`
}

// Structure is a rate structure record: where it applies (the same
// selectors as a Rule) and how it computes the tax of one line in one
// jurisdiction.
type Structure struct {
	ID               string     `json:"id"`
	Jurisdiction     string     `json:"jurisdiction,omitempty"`
	JurisdictionType string     `json:"jurisdictionType,omitempty"`
	Tax              string     `json:"tax,omitempty"`
	ProductClass     string     `json:"productClass,omitempty"`
	Effective        civil.Date `json:"effective,omitzero"`
	Expiration       civil.Date `json:"expiration,omitzero"`
	Priority         int        `json:"priority,omitempty"`

	Kind StructureKind `json:"kind"`
	// Tiers, for Tiered and Bracket, in increasing order of UpTo; the last
	// has no UpTo.
	Tiers []Tier `json:"tiers,omitempty"`
	// PerUnit is the amount per unit for Quantity.
	PerUnit *decimal.Decimal `json:"perUnit,omitempty"`
	// MaxBasisPerItem taxes at most this much of each item's price; the
	// rest is not taxable (Tennessee's local tax on the first $1,600 of a
	// single article, Florida's surtax on the first $5,000).
	MaxBasisPerItem *decimal.Decimal `json:"maxBasisPerItem,omitempty"`
	// MaxTaxPerItem caps the tax of each item.
	MaxTaxPerItem *decimal.Decimal `json:"maxTaxPerItem,omitempty"`
	// MaxTaxPerDocument caps the jurisdiction's tax over a whole
	// document; the engine applies it across lines.
	MaxTaxPerDocument *decimal.Decimal `json:"maxTaxPerDocument,omitempty"`
	// Reason explains the structure, with its legal source.
	Reason string `json:"reason,omitempty"`
}

func (s *Structure) selector() selector {
	return selector{jurisdiction: s.Jurisdiction, jurisdictionType: s.JurisdictionType, tax: s.Tax,
		productClass: s.ProductClass, period: civil.Period{Effective: s.Effective, Expiration: s.Expiration}}
}

// MaxTiers bounds the tiers of a TIERED or BRACKET structure: a line's
// tax walks them. Levy's own structures have at most three.
const MaxTiers = 100

func (s *Structure) check() error {
	if err := checkID("structure", s.ID); err != nil {
		return err
	}
	if err := checkReason("structure", s.ID, s.Reason); err != nil {
		return err
	}
	if len(s.Tiers) > MaxTiers {
		return fmt.Errorf("structure %s: %d tiers; at most %d are allowed", s.ID, len(s.Tiers), MaxTiers)
	}
	sel := s.selector()
	if err := sel.check(); err != nil {
		return fmt.Errorf("structure %s: %w", s.ID, err)
	}
	nonNeg := func(name string, d *decimal.Decimal) error {
		if d != nil && d.Sign() < 0 {
			return fmt.Errorf("structure %s: %s %s is negative", s.ID, name, d)
		}
		return nil
	}
	for name, d := range map[string]*decimal.Decimal{"perUnit": s.PerUnit, "maxBasisPerItem": s.MaxBasisPerItem,
		"maxTaxPerItem": s.MaxTaxPerItem, "maxTaxPerDocument": s.MaxTaxPerDocument} {
		if err := nonNeg(name, d); err != nil {
			return err
		}
	}
	switch s.Kind {
	case SingleRate:
	case Quantity:
		if s.PerUnit == nil {
			return fmt.Errorf("structure %s: QUANTITY needs perUnit", s.ID)
		}
	case Tiered, Bracket:
		if len(s.Tiers) == 0 {
			return fmt.Errorf("structure %s: %s needs tiers", s.ID, s.Kind)
		}
		for i, t := range s.Tiers {
			last := i == len(s.Tiers)-1
			switch {
			case last && t.UpTo != nil:
				return fmt.Errorf("structure %s: the last tier must have no upTo", s.ID)
			case !last && t.UpTo == nil:
				return fmt.Errorf("structure %s: tier %d needs upTo", s.ID, i)
			case t.UpTo != nil && t.UpTo.Sign() < 0:
				return fmt.Errorf("structure %s: tier %d upTo %s is negative", s.ID, i, t.UpTo)
			case !last && i > 0 && !t.UpTo.GreaterThan(*s.Tiers[i-1].UpTo):
				return fmt.Errorf("structure %s: tier %d does not go above the tier before it", s.ID, i)
			case t.Rate != nil && !fraction(*t.Rate):
				return fmt.Errorf("structure %s: tier %d rate %s is not a fraction", s.ID, i, t.Rate)
			case t.Add != nil && !fraction(*t.Add):
				return fmt.Errorf("structure %s: tier %d add %s is not a fraction", s.ID, i, t.Add)
			}
		}
	default:
		return fmt.Errorf("structure %s: kind %q is not SINGLE_RATE, TIERED, BRACKET or QUANTITY", s.ID, s.Kind)
	}
	return nil
}

// Applied is what a structure computes for one line: the unrounded tax,
// the taxable basis, and whether a cap cut the tax.
type Applied struct {
	Tax, Taxable decimal.Decimal
	Capped       bool
}

// Apply computes the tax of qty items of the given unit price (the
// taxable price of one item) where the jurisdiction's rate is rate.
// MaxTaxPerDocument is not applied here. A caller that has the items'
// total rather than their unit price (a line's amount) uses ApplyTotal,
// which divides nothing.
func (s *Structure) Apply(unit, qty, rate decimal.Decimal) Applied {
	return s.ApplyTotal(unit.Mul(qty), qty, rate)
}

// ApplyTotal computes the tax of qty items (qty > 0) that cost total
// together (total >= 0) where the jurisdiction's rate is rate, as Apply
// does for their unit price. Every per-item amount of the structure (a
// tier's bound, the most of an item's price it taxes) is weighed times
// qty against total instead of dividing total by qty, so that the tax
// and the taxable basis are exact: three items of 11.50 together have a
// basis of 11.50, where a unit price of 3.8333333333333333 times 3
// would leave 11.4999999999999999 and a tax at 7% of 0.80 rather than
// 0.805. MaxTaxPerDocument is not applied here.
func (s *Structure) ApplyTotal(total, qty, rate decimal.Decimal) Applied {
	basis := total
	if s.MaxBasisPerItem != nil {
		if limit := s.MaxBasisPerItem.Mul(qty); basis.GreaterThan(limit) {
			basis = limit
		}
	}
	var tax decimal.Decimal
	switch s.Kind {
	case Quantity:
		return s.capItem(s.PerUnit.Mul(qty), qty, basis)
	case Tiered:
		lo := decimal.Zero
		for _, t := range s.Tiers {
			hi := basis
			var upTo decimal.Decimal
			if t.UpTo != nil {
				if upTo = t.UpTo.Mul(qty); upTo.LessThan(hi) {
					hi = upTo
				}
			}
			if hi.GreaterThan(lo) {
				tax = tax.Add(hi.Sub(lo).Mul(tierRate(t, rate)))
			}
			if t.UpTo == nil || !basis.GreaterThan(upTo) {
				break
			}
			lo = upTo
		}
	case Bracket:
		for _, t := range s.Tiers {
			if t.UpTo == nil || basis.LessThanOrEqual(t.UpTo.Mul(qty)) {
				tax = basis.Mul(tierRate(t, rate))
				break
			}
		}
	default:
		tax = basis.Mul(rate)
	}
	return s.capItem(tax, qty, basis)
}

func (s *Structure) capItem(tax, qty, taxable decimal.Decimal) Applied {
	a := Applied{Tax: tax, Taxable: taxable}
	if s.MaxTaxPerItem != nil {
		if limit := s.MaxTaxPerItem.Mul(qty); tax.GreaterThan(limit) {
			a.Tax, a.Capped = limit, true
		}
	}
	return a
}

func tierRate(t Tier, rate decimal.Decimal) decimal.Decimal {
	if t.Rate != nil {
		rate = *t.Rate
	}
	if t.Add != nil {
		rate = rate.Add(*t.Add)
	}
	return rate
}
