package rules

import (
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
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
	// Currency is the ISO 4217 alphabetic code of the structure's
	// amounts (its tiers' bounds, PerUnit, MaxBasisPerItem, MaxTaxPerItem
	// and MaxTaxPerDocument), as a price threshold's (Threshold.Currency):
	// the engine weighs a line of a document in another currency against
	// them converted (ApplyConverted). Levy's own structures give theirs
	// (USD for Tennessee's and Florida's). Empty means a currency not
	// stated (a host's structure that names none): the amounts are taken
	// in the document's currency.
	Currency string `json:"currency,omitempty"`
	// Reason explains the structure, with its legal source.
	Reason string `json:"reason,omitempty"`
}

// HasAmounts reports whether the structure has an amount that is in its
// Currency: a tier's bound, PerUnit or a cap. A structure with none (a
// single rate with no cap) weighs a line the same in any currency.
func (s *Structure) HasAmounts() bool {
	if s.PerUnit != nil || s.MaxBasisPerItem != nil || s.MaxTaxPerItem != nil || s.MaxTaxPerDocument != nil {
		return true
	}
	for _, t := range s.Tiers {
		if t.UpTo != nil {
			return true
		}
	}
	return false
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
	if s.Currency != "" && !money.IsCodeForm(s.Currency) {
		return fmt.Errorf("structure %s: currency %q is not an ISO 4217 alphabetic code (three capital letters, USD)", s.ID, s.Currency)
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
// the taxable basis, whether a cap cut the tax, and whether the
// jurisdiction's rate given to it weighed in the tax (RateUsed). A
// QUANTITY structure, or a TIERED or BRACKET one whose tiers that the
// line's price reaches all carry a rate of their own, leaves the rate
// given unused: the tax is the same whatever rate it is given.
type Applied struct {
	Tax, Taxable decimal.Decimal
	Capped       bool
	RateUsed     bool
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
// 0.805. A quantity between zero and one is one item (Items).
// MaxTaxPerDocument is not applied here. The structure's amounts
// are taken in total's currency; ApplyConverted converts them.
func (s *Structure) ApplyTotal(total, qty, rate decimal.Decimal) Applied {
	return s.ApplyConverted(total, qty, rate, Conversion{})
}

// Conversion takes the amounts of a structure into the currency of the
// line it weighs, when that is not the structure's Currency. Rate
// converts the line's currency into the structure's (an amount of the
// line's currency times Rate is in the structure's), so that an amount
// A of the structure's is A / Rate in the line's; Places is the number
// of decimals of the line's currency's minor unit. The zero Conversion,
// or one whose Rate is not positive, leaves the amounts as they are.
type Conversion struct {
	Rate   decimal.Decimal
	Places int32
}

func (c Conversion) none() bool { return c.Rate.Sign() <= 0 }

// Price returns v, a price of the structure's currency (a tier's bound,
// the most of a price it taxes), in the line's: to its minor units,
// half away from zero, as a price threshold's amount is taken back into
// a document's currency.
func (c Conversion) Price(v decimal.Decimal) decimal.Decimal {
	if c.none() {
		return v
	}
	return v.DivRound(c.Rate, c.Places)
}

// Cap returns v, the most tax of the structure's currency that an item
// or a document bears, in the line's: to its minor units toward zero,
// so that the cap converted is never more than the structure's.
func (c Conversion) Cap(v decimal.Decimal) decimal.Decimal {
	if c.none() {
		return v
	}
	return v.Div(c.Rate).Truncate(c.Places)
}

// Tax returns v, a tax of the structure's currency (PerUnit times the
// units), in the line's, unrounded: it is rounded with the line's tax.
func (c Conversion) Tax(v decimal.Decimal) decimal.Decimal {
	if c.none() {
		return v
	}
	return v.Div(c.Rate)
}

// ApplyConverted computes as ApplyTotal does, for total in another
// currency than the structure's: conv takes each amount of the
// structure, times qty, into total's currency before it is weighed
// against total (Conversion.Price for a tier's bound and
// MaxBasisPerItem, Conversion.Tax for PerUnit, Conversion.Cap for
// MaxTaxPerItem), so that the tax and the taxable basis are in total's
// currency, computed from total itself: a line whose price is within
// every bound has the basis and the tax it would have without a
// conversion. MaxTaxPerDocument is not applied here.
func (s *Structure) ApplyConverted(total, qty, rate decimal.Decimal, conv Conversion) Applied {
	basis, items := total, Items(qty)
	if s.MaxBasisPerItem != nil {
		if limit := conv.Price(s.MaxBasisPerItem.Mul(items)); basis.GreaterThan(limit) {
			basis = limit
		}
	}
	var tax decimal.Decimal
	used := false
	switch s.Kind {
	case Quantity:
		return s.capItem(conv.Tax(s.PerUnit.Mul(qty)), items, basis, conv, false)
	case Tiered:
		lo := decimal.Zero
		for _, t := range s.Tiers {
			hi := basis
			var upTo decimal.Decimal
			if t.UpTo != nil {
				if upTo = conv.Price(t.UpTo.Mul(items)); upTo.LessThan(hi) {
					hi = upTo
				}
			}
			if hi.GreaterThan(lo) {
				tax = tax.Add(hi.Sub(lo).Mul(tierRate(t, rate)))
				used = used || t.Rate == nil
			}
			if t.UpTo == nil || !basis.GreaterThan(upTo) {
				break
			}
			lo = upTo
		}
	case Bracket:
		for _, t := range s.Tiers {
			if t.UpTo == nil || basis.LessThanOrEqual(conv.Price(t.UpTo.Mul(items))) {
				tax = basis.Mul(tierRate(t, rate))
				used = t.Rate == nil
				break
			}
		}
	default:
		tax, used = basis.Mul(rate), true
	}
	return s.capItem(tax, items, basis, conv, used)
}

// Items returns how many items qty units of a line's goods count for
// every limit per item (a threshold's amount, a structure's
// MaxBasisPerItem, MaxTaxPerItem and tier bounds): qty itself from one
// up, and one for a quantity between zero and one. A line of less than
// one unit (half a unit of measure) holds one item at the line's
// amount, not a fraction of an item at the unit price, whose limits
// would be that fraction of the item's: half a coat of 200.00 a unit is
// a coat of 100.00, under New York's $110. A charge per unit
// (PerUnit) is still charged on qty.
func Items(qty decimal.Decimal) decimal.Decimal {
	if qty.Sign() > 0 && qty.LessThan(decimal.NewFromInt(1)) {
		return decimal.NewFromInt(1)
	}
	return qty
}

func (s *Structure) capItem(tax, items, taxable decimal.Decimal, conv Conversion, rateUsed bool) Applied {
	a := Applied{Tax: tax, Taxable: taxable, RateUsed: rateUsed}
	if s.MaxTaxPerItem != nil {
		if limit := conv.Cap(s.MaxTaxPerItem.Mul(items)); tax.GreaterThan(limit) {
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
