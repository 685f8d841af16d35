package rules

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// ThresholdKind says how a per-item threshold divides an item between
// exempt and taxable.
type ThresholdKind string

// The threshold kinds.
const (
	// BelowExempt exempts an item whose unit price is strictly below the
	// threshold; at or above it the whole price is taxable (New York
	// clothing under $110).
	BelowExempt ThresholdKind = "below_exempt"
	// UpToExempt exempts an item whose unit price is at or below the
	// threshold; above it the whole price is taxable (most sales tax
	// holidays: "$100 or less").
	UpToExempt ThresholdKind = "up_to_exempt"
	// AboveExcess exempts the first Amount of every item: an item at or
	// below the threshold is exempt and only the excess of a dearer one is
	// taxable (Massachusetts clothing over $175, Rhode Island over $250).
	AboveExcess ThresholdKind = "above_excess"
)

// Threshold is a per-item amount that decides how much of an item a rule
// exempts. Amount is in the currency of the jurisdiction (USD for the US
// states).
type Threshold struct {
	Amount decimal.Decimal `json:"amount"`
	Kind   ThresholdKind   `json:"kind"`
}

func (t *Threshold) check() error {
	switch t.Kind {
	case BelowExempt, UpToExempt, AboveExcess:
	default:
		return fmt.Errorf("threshold kind %q is not below_exempt, up_to_exempt or above_excess", t.Kind)
	}
	if t.Amount.Sign() <= 0 {
		return fmt.Errorf("threshold amount %s is not positive", t.Amount)
	}
	return nil
}

// Exempt returns the exempt part of qty items of the given unit price
// under the threshold. The rest of unit × qty is taxable.
func (t *Threshold) Exempt(unit, qty decimal.Decimal) decimal.Decimal {
	total := unit.Mul(qty)
	switch t.Kind {
	case BelowExempt:
		if unit.LessThan(t.Amount) {
			return total
		}
	case UpToExempt:
		if unit.LessThanOrEqual(t.Amount) {
			return total
		}
	case AboveExcess:
		if unit.LessThanOrEqual(t.Amount) {
			return total
		}
		return t.Amount.Mul(qty)
	}
	return decimal.Zero
}
