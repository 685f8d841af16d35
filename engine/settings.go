package engine

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Settings are a business's choices that the wire does not carry. The zero
// value is usable: no tolerance thresholds, half-up rounding everywhere,
// United States addresses by default. A seller's EU distance sales come
// from the journal (WithDistanceSales), not from the settings.
type Settings struct {
	// DefaultCountry is the country of an address that names none
	// (ISO 3166-1 alpha-2; "US" when empty).
	DefaultCountry string
	// Tolerance is the user-defined threshold of INVOICE_VERIFICATION and
	// CONDITIONAL_PROCUREMENT: a variance beyond it is outside threshold.
	// Nil means no thresholds are defined; one that is not nil sets
	// Amount, Percent or both (New refuses one that sets neither).
	Tolerance *Tolerance
	// Procurement chooses the actions of CONDITIONAL_PROCUREMENT.
	Procurement ProcurementPolicy
	// EUDistanceThreshold replaces the union-wide threshold of
	// cross-border sales to consumers, in euros, which is otherwise the
	// one in force on the document's date
	// (jurisdiction.EUDistanceThreshold: EUR 10,000 since 2019). Nil keeps
	// the dated value.
	EUDistanceThreshold *decimal.Decimal
	// Rounding chooses the rounding mode of a jurisdiction's tax by
	// jurisdiction ID or ID prefix ending in "*"; the longest match wins
	// and HalfUp applies where none matches. A prefix that is a US state
	// or a Brazilian state ("US-TX*", "BR-SP*") also matches the
	// jurisdictions within it that are named by a numeric code
	// (profile.Covers: "US-48113", a Texas county, "US-4819000", Dallas,
	// "BR-3509502", Campinas), as long as a key of their own form
	// ("US-48*"); of two matches as long, an exact ID wins over a
	// prefix, then a key that the ID starts with, then the smaller key.
	// New refuses a key that could round no tax (a prefix that no ID
	// starts with, "TX*"; an ID the dataset does not know) and a mode
	// that is none, as a tenant's policy is refused them.
	Rounding map[string]money.RoundingMode
	// AddressCheck says what a calculation does with a location whose
	// address the tax area lookup finds at fault (see AddressCheck);
	// empty is AddressLenient.
	AddressCheck AddressCheck
	// TenantAddressCheck overrides AddressCheck for the tenants it names,
	// the tenant of a calculation being levy.Tenant of its context.
	TenantAddressCheck map[string]AddressCheck
}

// Tolerance is a variance threshold: a variance is within tolerance when
// its absolute value is at most Amount and at most Percent of the
// calculated tax. A nil member does not limit.
type Tolerance struct {
	Amount  *decimal.Decimal
	Percent *decimal.Decimal // 5 means 5%
}

// ProcurementPolicy says what CONDITIONAL_PROCUREMENT does when the vendor
// charged less (Undercharge) or more (Overcharge) than the calculated tax
// beyond tolerance. Within tolerance the vendor's tax is paid. The zero
// policy accrues an undercharge and holds an overcharge for review. Where
// the buyer owes use tax of its own (a vendor without nexus), an action
// that pays the vendor's tax is ACCRUE of that use tax, and an accrued
// undercharge is accrued with it.
type ProcurementPolicy struct {
	Undercharge string // ProcurementAccrue (default) or ProcurementHoldForReview
	Overcharge  string // ProcurementHoldForReview (default) or ProcurementPayVendorTax
}

// check reports the first setting of the server's own settings that is
// out of its range, naming the setting. A Tolerance that sets neither
// Amount nor Percent is refused: it would hold every variance within
// tolerance, which no configuration means (nil is "no thresholds").
func (s *Settings) check() error {
	if t := s.Tolerance; t != nil && t.Amount == nil && t.Percent == nil {
		return fmt.Errorf("engine: Settings.Tolerance sets neither Amount nor Percent, so every variance would be within it: set Amount, Percent or both, or leave Tolerance nil for no thresholds")
	}
	return s.checkRanges()
}

// checkRanges is check without the refusal of an empty Tolerance. A
// tenant's settings are checked with it: a policy stored before the
// profile refused an empty tolerance keeps acting as it did (every
// variance within tolerance) until it is written again.
func (s *Settings) checkRanges() error {
	if s.Tolerance != nil {
		if a := s.Tolerance.Amount; a != nil && a.Sign() < 0 {
			return fmt.Errorf("engine: tolerance amount %s is negative", a)
		}
		if p := s.Tolerance.Percent; p != nil && (p.Sign() < 0 || p.GreaterThan(decimal.NewFromInt(100))) {
			return fmt.Errorf("engine: tolerance percent %s is not between 0 and 100", p)
		}
	}
	switch s.Procurement.Undercharge {
	case "", wire.ProcurementAccrue, wire.ProcurementHoldForReview:
	default:
		return fmt.Errorf("engine: undercharge action %q is not %s or %s", s.Procurement.Undercharge, wire.ProcurementAccrue, wire.ProcurementHoldForReview)
	}
	switch s.Procurement.Overcharge {
	case "", wire.ProcurementHoldForReview, wire.ProcurementPayVendorTax:
	default:
		return fmt.Errorf("engine: overcharge action %q is not %s or %s", s.Procurement.Overcharge, wire.ProcurementHoldForReview, wire.ProcurementPayVendorTax)
	}
	if !s.AddressCheck.valid() {
		return fmt.Errorf("engine: address check %q is not %s or %s", s.AddressCheck, AddressLenient, AddressStrict)
	}
	for tenant, c := range s.TenantAddressCheck {
		if !c.valid() {
			return fmt.Errorf("engine: address check %q of tenant %q is not %s or %s", c, tenant, AddressLenient, AddressStrict)
		}
	}
	if t := s.EUDistanceThreshold; t != nil && t.Sign() < 0 {
		return fmt.Errorf("engine: EU distance threshold %s is negative", t)
	}
	return nil
}

// checkRounding refuses the engine's own Settings.Rounding when one of
// its keys would never round a tax as meant, by the rules that a
// tenant's policy is held to (profile.Validator.CheckRoundingKeys) over
// the snapshot's jurisdictions: a prefix no jurisdiction ID starts with
// ("TX*"), an exact key the dataset does not know ("US-48999"), or a
// mode that is none. A tenant's policy is refused when written; without
// this, a typo in the server's settings would pass silently and its
// taxes be rounded half up. The error names each key
// (Settings.Rounding["TX*"]).
func (s *snapshot) checkRounding() error {
	v := profile.Validator{Jurisdiction: func(id string) bool { _, ok := s.jur.Index(id); return ok }}
	if err := v.CheckRoundingKeys("Settings.Rounding", s.settings.Rounding); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}

// rounding returns the rounding mode of a jurisdiction: that of the
// best key of s.Rounding that matches id (see Settings.Rounding).
func (s *Settings) rounding(id string) money.RoundingMode {
	var best roundingMatch
	bestKey, mode := "", money.HalfUp
	for k, m := range s.Rounding {
		r, ok := matchRounding(k, id)
		if ok && (best.below(r) || r == best && k < bestKey) {
			best, bestKey, mode = r, k, m
		}
	}
	return mode
}

// roundingMatch ranks a key of Settings.Rounding that matches an ID:
// zero for none.
type roundingMatch struct {
	length int  // the key's length, "*" included
	exact  bool // the key is the ID itself
	direct bool // the ID starts with the key's prefix
}

// below reports whether r ranks below o, a match of another key.
func (r roundingMatch) below(o roundingMatch) bool {
	switch {
	case r.length != o.length:
		return o.length > r.length
	case r.exact != o.exact:
		return o.exact
	default:
		return o.direct && !r.direct
	}
}

// matchRounding reports whether the rounding key k matches the
// jurisdiction id, and how well: k is the ID itself, or a prefix ending
// in "*" that id starts with, or a US or Brazilian state's ID ending in
// "*" that covers id by its numeric code (profile.Covers).
func matchRounding(k, id string) (roundingMatch, bool) {
	p, star := strings.CutSuffix(k, "*")
	switch {
	case !star:
		return roundingMatch{length: len(k), exact: true, direct: true}, id == k
	case strings.HasPrefix(id, p):
		return roundingMatch{length: len(k), direct: true}, true
	case len(p) == 5 && len(id) > 5 && id[3] >= '0' && id[3] <= '9' && profile.Covers(p, id):
		return roundingMatch{length: len(k)}, true
	}
	return roundingMatch{}, false
}

// withinTolerance reports whether variance is within the tolerance of
// calculated. Without a tolerance every variance is within it.
func (t *Tolerance) within(variance, calculated decimal.Decimal) bool {
	if t == nil {
		return true
	}
	v := variance.Abs()
	if t.Amount != nil && v.GreaterThan(*t.Amount) {
		return false
	}
	if t.Percent != nil {
		limit := calculated.Abs().Mul(*t.Percent).Div(decimal.NewFromInt(100))
		if v.GreaterThan(limit) {
			return false
		}
	}
	return true
}
