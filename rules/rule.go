package rules

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// Taxability is the outcome of a taxability rule.
type Taxability string

// The taxability outcomes.
const (
	Taxable    Taxability = "TAXABLE"
	Exempt     Taxability = "EXEMPT"
	NonTaxable Taxability = "NONTAXABLE"
)

// Valid reports whether t is one of the outcomes.
func (t Taxability) Valid() bool { return t == Taxable || t == Exempt || t == NonTaxable }

// Rule is one record of a taxability table. Its selectors narrow where it
// applies; an empty selector matches anything.
type Rule struct {
	// ID identifies the rule in results (calculationRuleId).
	ID string `json:"id"`
	// Jurisdiction is a jurisdiction ID, or a prefix ending in "*" ("US-*"
	// for every US jurisdiction).
	Jurisdiction string `json:"jurisdiction,omitempty"`
	// ProductClass, CustomerClass, Usage and TransactionType match the
	// fields of Env of the same names exactly.
	ProductClass    string `json:"productClass,omitempty"`
	CustomerClass   string `json:"customerClass,omitempty"`
	Usage           string `json:"usage,omitempty"`
	TransactionType string `json:"transactionType,omitempty"`
	// When is an optional expr condition over Env.
	When string `json:"when,omitempty"`
	// Priority breaks ties between rules of equal specificity: higher first.
	Priority int `json:"priority,omitempty"`
	// Period is when the rule is in force.
	Effective  civil.Date `json:"effective,omitzero"`
	Expiration civil.Date `json:"expiration,omitzero"`

	// Outcome is the taxability the rule decides.
	Outcome Taxability `json:"outcome"`
	// RateCategory, when set, replaces the general rate by the
	// jurisdiction's rate of that category ("reduced", "food", ...).
	RateCategory string `json:"rateCategory,omitempty"`
	// BasisPercent, when set, taxes only this share of the amount (a basis
	// reduction: 0.5 taxes half).
	BasisPercent *decimal.Decimal `json:"basisPercent,omitempty"`
	// Reason explains the rule to a person, with its legal source.
	Reason string `json:"reason,omitempty"`
}

// specificity counts the rule's set selectors; a jurisdiction counts more
// the longer it is, so "US-CA" is more specific than "US-*".
func (r *Rule) specificity() int {
	n := 0
	for _, s := range []string{r.ProductClass, r.CustomerClass, r.Usage, r.TransactionType} {
		if s != "" {
			n += 100
		}
	}
	if r.Jurisdiction != "" {
		n += 10 + len(strings.TrimSuffix(r.Jurisdiction, "*"))
	}
	if r.When != "" {
		n += 5
	}
	return n
}

// check validates the rule's own fields.
func (r *Rule) check() error {
	switch {
	case r.ID == "":
		return fmt.Errorf("rule without an id")
	case !r.Outcome.Valid():
		return fmt.Errorf("rule %s: outcome %q is not TAXABLE, EXEMPT or NONTAXABLE", r.ID, r.Outcome)
	case !r.Expiration.IsZero() && r.Expiration.Before(r.Effective):
		return fmt.Errorf("rule %s: expiration %s is before effective %s", r.ID, r.Expiration, r.Effective)
	case strings.Contains(strings.TrimSuffix(r.Jurisdiction, "*"), "*"):
		return fmt.Errorf("rule %s: jurisdiction %q may hold * only at its end", r.ID, r.Jurisdiction)
	case r.BasisPercent != nil && (r.BasisPercent.Sign() < 0 || r.BasisPercent.GreaterThan(decimal.NewFromInt(1))):
		return fmt.Errorf("rule %s: basisPercent %s is not between 0 and 1", r.ID, r.BasisPercent)
	}
	return nil
}

// matches reports whether the rule's selectors and period accept env on
// date d.
func (r *Rule) matches(env *Env, d civil.Date) bool {
	if !(civil.Period{Effective: r.Effective, Expiration: r.Expiration}).Contains(d) {
		return false
	}
	if r.Jurisdiction != "" {
		if p, ok := strings.CutSuffix(r.Jurisdiction, "*"); ok {
			if !strings.HasPrefix(env.JurisdictionID, p) {
				return false
			}
		} else if env.JurisdictionID != r.Jurisdiction {
			return false
		}
	}
	return (r.ProductClass == "" || r.ProductClass == env.ProductClass) &&
		(r.CustomerClass == "" || r.CustomerClass == env.CustomerClass) &&
		(r.Usage == "" || r.Usage == env.Usage) &&
		(r.TransactionType == "" || r.TransactionType == env.TransactionType)
}
