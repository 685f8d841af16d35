package rules

import (
	"fmt"
	"slices"

	"github.com/levytax/levy/money"
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
	// DocumentUpToExempt exempts the items of a document that it
	// reaches when their total on the document is at or below the
	// threshold; above it they are all taxable. It weighs no item
	// alone: what it reaches is every line of the document whose rule
	// for the same jurisdiction and tax carries a document_up_to_exempt
	// threshold of the same amount and currency, that is the lines of
	// all the classes that share the limit (Ontario's point-of-sale
	// rebate of its part of the HST on qualifying prepared food and
	// beverages sold for a total of $4.00 or less). A caller that has
	// one line alone weighs the line's total as the document's.
	DocumentUpToExempt ThresholdKind = "document_up_to_exempt"
	// UpToRate names a price limit of the dataset's product class rows
	// that exempts nothing: an item whose unit price is at or below it
	// bears another rate on its whole price, and a dearer one the
	// class's own (India's GST on garments of a sale value of Rs 2,500
	// or less a piece at 5%, dearer ones at 18%). Defaults turns such a
	// row into a BRACKET structure; a rule's Threshold never has this
	// kind.
	UpToRate ThresholdKind = "up_to_rate"
)

// Document reports whether the threshold weighs a document's total of
// the lines it reaches rather than each item (DocumentUpToExempt).
func (t *Threshold) Document() bool { return t != nil && t.Kind == DocumentUpToExempt }

// SameLimit reports whether t and o are one document threshold: both
// document_up_to_exempt, of the same amount and currency, so that the
// lines they reach are weighed together. With does not enter into it: a
// line whose threshold has With shares the limit of the lines it needs.
func (t *Threshold) SameLimit(o *Threshold) bool {
	return t.Document() && o.Document() && t.Amount.Equal(o.Amount) && t.Currency == o.Currency
}

// Threshold is a per-item amount that decides how much of an item a rule
// exempts. Amount is in Currency, the currency of the jurisdiction
// (USD for the US states, CAD for Canada's provinces), which the
// dataset gives with every threshold of Levy's default rules.
type Threshold struct {
	Amount decimal.Decimal `json:"amount"`
	Kind   ThresholdKind   `json:"kind"`
	// Currency is the ISO 4217 alphabetic code of Amount ("USD"). The
	// engine converts a line's amount into it before weighing the line
	// against Amount, when the document's currency is another. Empty
	// means a currency not stated (a host's rule file that names none):
	// the line's amount is weighed as it is, in the document's currency.
	Currency string `json:"currency,omitempty"`
	// Share, when set, is the part of what the threshold exempts that is
	// exempt (0.5 exempts half of an item within it); nil exempts all of
	// it. A county that waives half of its sales tax in a holiday (one of
	// its two 1% taxes) exempts half of each item within the holiday's cap
	// and taxes a dearer item in full.
	Share *decimal.Decimal `json:"share,omitempty"`
	// Beyond, when set, decides an item that a below_exempt or
	// up_to_exempt threshold does not exempt, in place of taxing its whole
	// price: the rule the item would meet on any other day. Massachusetts's
	// holiday exempts a garment of $2,500 or less in full, and a dearer one
	// keeps the year-round exemption of its first $175 (up_to_exempt
	// 2,500 beyond which above_excess 175). Beyond has no Share and no
	// Beyond of its own, and is in the same currency.
	Beyond *Threshold `json:"beyond,omitempty"`
	// With, on a document_up_to_exempt threshold alone, names product
	// classes of which the document must hold a line that the same limit
	// reaches by a rule of its own without With: only then does a line of
	// this rule count towards the limit's total and may be exempt. Without
	// such a line, this rule's line neither counts nor is exempt: the tax
	// is charged on it in full. Ontario rebates its part of the HST on a
	// carbonated drink only when it is sold together with qualifying
	// prepared food (the paragraph (j) beverages of the federal Deduction
	// for Provincial Rebate (GST/HST) Regulations, which O. Reg. 262/10
	// takes). Each class is one of Levy's catalogue (Classes).
	With []string `json:"with,omitempty"`
}

func (t *Threshold) check() error {
	switch t.Kind {
	case BelowExempt, UpToExempt, AboveExcess:
	case DocumentUpToExempt:
		if t.Share != nil || t.Beyond != nil {
			return fmt.Errorf("threshold kind document_up_to_exempt has no share and no beyond: the lines it reaches are exempt in full or taxed in full")
		}
	default:
		return fmt.Errorf("threshold kind %q is not below_exempt, up_to_exempt, above_excess or document_up_to_exempt", t.Kind)
	}
	if err := t.checkWith(); err != nil {
		return err
	}
	if t.Amount.Sign() <= 0 {
		return fmt.Errorf("threshold amount %s is not positive", t.Amount)
	}
	if t.Share != nil && (!t.Share.IsPositive() || t.Share.GreaterThan(decimal.NewFromInt(1))) {
		return fmt.Errorf("threshold share %s is not a fraction above 0 and at most 1", t.Share)
	}
	if t.Currency != "" && !money.IsCodeForm(t.Currency) {
		return fmt.Errorf("threshold currency %q is not an ISO 4217 alphabetic code (three capital letters, USD)", t.Currency)
	}
	if b := t.Beyond; b != nil {
		switch {
		case t.Kind == AboveExcess:
			return fmt.Errorf("threshold kind above_excess has no beyond: it already taxes only the excess of a dearer item")
		case t.Share != nil:
			return fmt.Errorf("threshold share is not allowed with beyond")
		case b.Share != nil || b.Beyond != nil:
			return fmt.Errorf("threshold beyond has a share or a beyond of its own")
		case b.Currency != t.Currency:
			return fmt.Errorf("threshold beyond currency %q is not the threshold's %q", b.Currency, t.Currency)
		}
		if err := b.check(); err != nil {
			return fmt.Errorf("threshold beyond: %w", err)
		}
	}
	return nil
}

// checkWith refuses a With on a threshold of another kind than
// document_up_to_exempt, and a class of With that is empty, given twice
// or not one of Levy's catalogue.
func (t *Threshold) checkWith() error {
	if len(t.With) == 0 {
		if t.With != nil {
			return fmt.Errorf("threshold with is empty: name the classes of which a line must be on the document, or leave with out")
		}
		return nil
	}
	if t.Kind != DocumentUpToExempt {
		return fmt.Errorf("threshold with belongs to kind document_up_to_exempt (a limit on the document's total), not %s", t.Kind)
	}
	for i, class := range t.With {
		if _, ok := ClassOf(class); !ok {
			return fmt.Errorf("threshold with[%d]: class %q is not a product class of Levy's catalogue", i, class)
		}
		if slices.Contains(t.With[:i], class) {
			return fmt.Errorf("threshold with[%d]: class %q is given twice", i, class)
		}
	}
	return nil
}

// Exempt returns the exempt part of qty items of the given unit price
// under the threshold. The rest of unit × qty is taxable. A caller that
// has the items' total rather than their unit price (a line's amount)
// uses ExemptOfTotal, which divides nothing.
func (t *Threshold) Exempt(unit, qty decimal.Decimal) decimal.Decimal {
	return t.ExemptOfTotal(unit.Mul(qty), qty)
}

// ExemptOfTotal returns the exempt part of qty items (qty > 0) that cost
// total together, under the threshold; the rest of total is taxable. It
// compares total with the threshold times qty instead of dividing total
// by qty, so that an item exempt in full is exempt to the cent: three
// items of 100.00 together are 100.00 exempt, where a unit price of
// 33.3333333333333333 times 3 would leave 0.0000000000000001 taxable.
// A quantity between zero and one is one item (Items): half a coat at a
// unit price of 200.00 is a coat of 100.00. A negative total (a return)
// is weighed by its size and its exempt part
// is negative too: the return of an item above the threshold credits the
// tax its sale bore, as the sale of the same item is taxed. Items that a
// below_exempt or up_to_exempt threshold does not exempt go to Beyond,
// when set.
func (t *Threshold) ExemptOfTotal(total, qty decimal.Decimal) decimal.Decimal {
	if total.Sign() < 0 {
		return t.ExemptOfTotal(total.Neg(), qty).Neg()
	}
	limit := t.Amount.Mul(Items(qty))
	switch t.Kind {
	case BelowExempt, UpToExempt, DocumentUpToExempt:
		if t.Within(total, qty) {
			return total
		}
	case AboveExcess:
		if total.LessThanOrEqual(limit) {
			return total
		}
		return limit
	}
	if t.Beyond != nil {
		return t.Beyond.ExemptOfTotal(total, qty)
	}
	return decimal.Zero
}

// Within reports whether qty items (qty > 0) that cost total together
// are within the threshold itself, not its Beyond: below a below_exempt
// threshold's amount per item, at or below an up_to_exempt one's. Every
// item is within an above_excess threshold, whose first Amount it
// exempts. A negative total (a return) is weighed by its size. An item
// that a sales tax holiday's cap leaves out is not within it. A
// document_up_to_exempt threshold weighs total as the whole of what it
// reaches, however many items: within when it is at or below Amount.
func (t *Threshold) Within(total, qty decimal.Decimal) bool {
	total, limit := total.Abs(), t.Amount.Mul(Items(qty))
	switch t.Kind {
	case DocumentUpToExempt:
		return total.LessThanOrEqual(t.Amount)
	case BelowExempt:
		return total.LessThan(limit)
	case UpToExempt:
		return total.LessThanOrEqual(limit)
	}
	return true
}
