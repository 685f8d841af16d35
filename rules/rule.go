package rules

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

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
	// Jurisdiction is a jurisdiction ID, or a prefix ending in "*". A prefix
	// matches the ID of the jurisdiction or of the first-level subdivision
	// it lies in (Env.Subdivision): "US-*" selects every US jurisdiction and
	// "US-TN*" selects Tennessee with its counties and cities, whose IDs are
	// numeric.
	Jurisdiction string `json:"jurisdiction,omitempty"`
	// JurisdictionType and Tax match Env.JurisdictionType ("STATE") and
	// Env.Tax ("GST") exactly.
	JurisdictionType string `json:"jurisdictionType,omitempty"`
	Tax              string `json:"tax,omitempty"`
	// Within, when set, is the exact ID of a jurisdiction that the taxed
	// place must lie in (one of Env.Area): the rule then decides the taxes
	// of every jurisdiction of a place within it, as a county that elects
	// a state's exemption decides it for its own tax and for a transit
	// district's tax levied on top of it. It counts as much as a
	// jurisdiction type.
	Within string `json:"within,omitempty"`
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
	// RateCategoryOnly, with RateCategory, makes a jurisdiction that has
	// no rate of the category leave the line untaxed, where it would
	// otherwise charge its general rate (Illinois's local taxes, most of
	// which do not reach groceries).
	RateCategoryOnly bool `json:"rateCategoryOnly,omitempty"`
	// Rate, when set, replaces the jurisdiction's rate by this fraction
	// (0.01 for 1%); a zero-rated supply is TAXABLE with Rate 0.
	Rate *decimal.Decimal `json:"rate,omitempty"`
	// RateIncludes, with Rate, names another tax of the line whose amount
	// is in this tax's base, Rate being this tax's effective rate on the
	// price when the line bears that tax in full: Quebec's GST and QST on
	// a night, charged on the price including the Tax on Lodging, are 5%
	// and 9.975% of 103.5%. The engine then charges the tax at the
	// jurisdiction's own rate on the price plus the amount of the named
	// tax that the line actually bears: Rate when it bears it in full, the
	// jurisdiction's rate alone when it bears none of it (a seller not
	// registered for it, an exemption override of it).
	RateIncludes string `json:"rateIncludes,omitempty"`
	// BasisPercent, when set, taxes only this share of the amount (a basis
	// reduction: 0.5 taxes half); only a TAXABLE rule may have one.
	BasisPercent *decimal.Decimal `json:"basisPercent,omitempty"`
	// Threshold, when set, exempts part or all of an item by its unit
	// price; only a TAXABLE rule may have one.
	Threshold *Threshold `json:"threshold,omitempty"`
	// Holiday marks a rule of a sales tax holiday.
	Holiday bool `json:"holiday,omitempty"`
	// Reason explains the rule to a person, with its legal source.
	Reason string `json:"reason,omitempty"`
}

func (r *Rule) selector() selector {
	return selector{jurisdiction: r.Jurisdiction, jurisdictionType: r.JurisdictionType, tax: r.Tax, within: r.Within,
		productClass: r.ProductClass, customerClass: r.CustomerClass, usage: r.Usage, transactionType: r.TransactionType,
		period: civil.Period{Effective: r.Effective, Expiration: r.Expiration}}
}

// specificity orders rules: set selectors count, a longer jurisdiction
// counts more, and a condition counts a little.
func (r *Rule) specificity() int {
	sel := r.selector()
	n := sel.specificity()
	if r.When != "" {
		n += 5
	}
	return n
}

// MaxIDLength bounds the ID of a rule, structure or withholding, in
// bytes: the ID goes into every tax it decides (calculationRuleId) and
// every stored transaction.
const MaxIDLength = 200

// MaxReasonLength bounds the reason of a rule, structure or
// withholding, in bytes: a reason is copied into the explanation of
// every tax it decides. Levy's longest default reason, with its
// citations, is under 3,000 bytes.
const MaxReasonLength = 8 << 10

// checkReason refuses a reason longer than MaxReasonLength.
func checkReason(kind, id, reason string) error {
	if len(reason) > MaxReasonLength {
		return fmt.Errorf("%s %s: reason is %d bytes long; at most %d are allowed", kind, id, len(reason), MaxReasonLength)
	}
	return nil
}

// checkID refuses an empty ID, one longer than MaxIDLength, and one that
// is not UTF-8 text without control characters.
func checkID(kind, id string) error {
	switch {
	case id == "":
		return fmt.Errorf("%s without an id", kind)
	case len(id) > MaxIDLength:
		return fmt.Errorf("%s id %.40q... is %d bytes long; at most %d are allowed", kind, id, len(id), MaxIDLength)
	case !utf8.ValidString(id) || strings.ContainsFunc(id, unicode.IsControl):
		return fmt.Errorf("%s id %q holds a control character or is not UTF-8", kind, id)
	}
	return nil
}

// check validates the rule's own fields.
func (r *Rule) check() error {
	if err := checkID("rule", r.ID); err != nil {
		return err
	}
	if err := checkReason("rule", r.ID, r.Reason); err != nil {
		return err
	}
	switch {
	case !r.Outcome.Valid():
		return fmt.Errorf("rule %s: outcome %q is not TAXABLE, EXEMPT or NONTAXABLE", r.ID, r.Outcome)
	case r.BasisPercent != nil && !fraction(*r.BasisPercent):
		return fmt.Errorf("rule %s: basisPercent %s is not between 0 and 1", r.ID, r.BasisPercent)
	case r.RateCategoryOnly && r.RateCategory == "":
		return fmt.Errorf("rule %s: rateCategoryOnly without a rateCategory", r.ID)
	case r.Rate != nil && !fraction(*r.Rate):
		return fmt.Errorf("rule %s: rate %s is not a fraction between 0 and 1", r.ID, r.Rate)
	case r.RateIncludes != "" && (r.Rate == nil || r.Outcome != Taxable):
		return fmt.Errorf("rule %s: rateIncludes names the tax in the base of a TAXABLE rule's rate; it needs a rate and outcome TAXABLE", r.ID)
	case r.RateIncludes != "" && (r.Threshold != nil || r.BasisPercent != nil):
		return fmt.Errorf("rule %s: rateIncludes cannot be combined with a threshold or a basisPercent", r.ID)
	case r.Threshold != nil && r.Outcome != Taxable:
		return fmt.Errorf("rule %s: a threshold divides a TAXABLE item between exempt and taxable; outcome %s would exempt the whole item at any price", r.ID, r.Outcome)
	case r.BasisPercent != nil && r.Outcome != Taxable:
		return fmt.Errorf("rule %s: basisPercent reduces the basis of a TAXABLE item; outcome %s would leave the whole item untaxed", r.ID, r.Outcome)
	}
	sel := r.selector()
	if err := sel.check(); err != nil {
		return fmt.Errorf("rule %s: %w", r.ID, err)
	}
	if r.Threshold != nil {
		if err := r.Threshold.check(); err != nil {
			return fmt.Errorf("rule %s: %w", r.ID, err)
		}
	}
	return nil
}

// fraction reports whether d lies in [0, 1].
func fraction(d decimal.Decimal) bool {
	return d.Sign() >= 0 && d.LessThanOrEqual(decimal.NewFromInt(1))
}
