package rules

import (
	"context"
	"fmt"
	"strings"

	"github.com/expr-lang/expr/vm"
	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// Withholding is an imposition that the buyer withholds: a share of what
// it pays the seller that it keeps and pays to the jurisdiction instead
// (a percentage withheld on services bought from abroad, say). A line
// that it reaches bears it as a tax of its own, which the response marks
// with the imposition type's withholdingType and as collected from the
// buyer, and which the journal keeps as withheld: owed by the buyer, not
// collected by the seller, and outside the document's total tax.
//
// In a rule file:
//
//	"withholdings": [{"id": "ke-wht-professional-fees-nonresident", "jurisdiction": "KE",
//	  "tax": "Withholding Tax", "withholdingType": "NON_RESIDENT_SERVICES",
//	  "productClass": "PROFESSIONAL_SERVICES", "fromAbroad": true, "rate": "0.20",
//	  "reason": "Income Tax Act (Cap. 470) s. 35(1) and Third Schedule"}]
type Withholding struct {
	// ID identifies the withholding in results (calculationRuleId).
	ID string `json:"id"`
	// Jurisdiction is the ID of the jurisdiction that levies it, where
	// the buyer is: a country ("KE"), a state ("US-CA") or any other
	// jurisdiction of the dataset. It is required.
	Jurisdiction string `json:"jurisdiction"`
	// Tax names the imposition ("Withholding Tax"); it is required.
	Tax string `json:"tax"`
	// WithholdingType is the imposition type's withholdingType in the
	// response; it is required.
	WithholdingType string `json:"withholdingType"`
	// ProductClass, CustomerClass, Usage and TransactionType match the
	// line as a Rule's selectors do; Perspective limits it to SELLER or
	// BUYER calculations.
	ProductClass    string `json:"productClass,omitempty"`
	CustomerClass   string `json:"customerClass,omitempty"`
	Usage           string `json:"usage,omitempty"`
	TransactionType string `json:"transactionType,omitempty"`
	Perspective     string `json:"perspective,omitempty"`
	// FromAbroad limits it to lines whose seller is in another country
	// than the jurisdiction.
	FromAbroad bool `json:"fromAbroad,omitempty"`
	// When is an optional expr condition over Env, as a Rule's; Env.Tax
	// is Tax and Env.JurisdictionID the withholding's jurisdiction.
	When string `json:"when,omitempty"`
	// Rate is the share withheld, a fraction of the line's amount.
	Rate decimal.Decimal `json:"rate"`
	// Effective and Expiration are when it is in force.
	Effective  civil.Date `json:"effective,omitzero"`
	Expiration civil.Date `json:"expiration,omitzero"`
	// Reason explains it to a person, with its legal source.
	Reason string `json:"reason,omitempty"`
}

// check validates the withholding's own fields.
func (w *Withholding) check() error {
	if err := checkID("withholding", w.ID); err != nil {
		return err
	}
	if err := checkReason("withholding", w.ID, w.Reason); err != nil {
		return err
	}
	switch {
	case w.Jurisdiction == "" || strings.Contains(w.Jurisdiction, "*"):
		return fmt.Errorf("withholding %s: jurisdiction %q must name one jurisdiction", w.ID, w.Jurisdiction)
	case strings.TrimSpace(w.Tax) == "":
		return fmt.Errorf("withholding %s: tax names no imposition", w.ID)
	case strings.TrimSpace(w.WithholdingType) == "":
		return fmt.Errorf("withholding %s: withholdingType is required", w.ID)
	case !fraction(w.Rate) || w.Rate.Sign() == 0:
		return fmt.Errorf("withholding %s: rate %s is not a fraction above 0 and at most 1", w.ID, w.Rate)
	case w.Perspective != "" && w.Perspective != "SELLER" && w.Perspective != "BUYER":
		return fmt.Errorf("withholding %s: perspective %q is not SELLER or BUYER", w.ID, w.Perspective)
	case !w.Expiration.IsZero() && w.Expiration.Before(w.Effective):
		return fmt.Errorf("withholding %s: expiration %s is before effective %s", w.ID, w.Expiration, w.Effective)
	}
	return nil
}

// Withholdings is a compiled list of withholdings. It is immutable and
// safe for concurrent use. A nil or zero Withholdings is an empty one.
type Withholdings struct {
	list     []Withholding
	programs []*vm.Program // nil where a withholding has no condition
}

// CompileWithholdings checks withholdings and compiles their conditions.
// It fails on the first malformed one or a repeated ID, naming it.
func CompileWithholdings(list []Withholding) (*Withholdings, error) {
	ws := &Withholdings{list: append([]Withholding(nil), list...), programs: make([]*vm.Program, len(list))}
	seen := map[string]bool{}
	for i := range ws.list {
		w := &ws.list[i]
		if err := w.check(); err != nil {
			return nil, fmt.Errorf("rules: %w", err)
		}
		if seen[w.ID] {
			return nil, fmt.Errorf("rules: withholding id %s is used twice", w.ID)
		}
		seen[w.ID] = true
		if w.When == "" {
			continue
		}
		if err := checkCondition(w.When); err != nil {
			return nil, fmt.Errorf("rules: withholding %s: %w", w.ID, err)
		}
		p, err := compileCondition(w.When)
		if err != nil {
			return nil, fmt.Errorf("rules: withholding %s: condition %q: %w", w.ID, w.When, err)
		}
		if err := probeCondition(p); err != nil {
			return nil, fmt.Errorf("rules: withholding %s: condition %q: %w", w.ID, w.When, err)
		}
		ws.programs[i] = p
	}
	return ws, nil
}

// Len returns the number of withholdings.
func (ws *Withholdings) Len() int {
	if ws == nil {
		return 0
	}
	return len(ws.list)
}

// At returns the i-th withholding, which the caller must not modify. An i
// outside [0, Len()) is a programming error and panics, as a slice index
// does.
func (ws *Withholdings) At(i int) *Withholding { return &ws.list[i] }

// Applies reports whether the i-th withholding reaches a line whose
// facts env gives (env.Tax, env.JurisdictionID and the jurisdiction's
// facts set for the withholding's jurisdiction) on date d; abroad says
// the seller is in another country than the jurisdiction. A condition
// that fails at run time is a *ConditionError that names the
// withholding. An i outside [0, Len()) and a nil env are errors.
func (ws *Withholdings) Applies(ctx context.Context, i int, env *Env, d civil.Date, abroad bool) (bool, error) {
	if i < 0 || i >= ws.Len() {
		return false, fmt.Errorf("rules: withholding %d of %d", i, ws.Len())
	}
	if env == nil {
		return false, fmt.Errorf("rules: withholding %s: nil env", ws.list[i].ID)
	}
	w := &ws.list[i]
	if !(civil.Period{Effective: w.Effective, Expiration: w.Expiration}).Contains(d) ||
		w.FromAbroad && !abroad ||
		w.Perspective != "" && w.Perspective != env.Perspective ||
		w.ProductClass != "" && w.ProductClass != env.ProductClass ||
		w.CustomerClass != "" && w.CustomerClass != env.CustomerClass ||
		w.Usage != "" && w.Usage != env.Usage ||
		w.TransactionType != "" && w.TransactionType != env.TransactionType {
		return false, nil
	}
	p := ws.programs[i]
	if p == nil {
		return true, nil
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	machine := vm.VM{MemoryBudget: memoryBudget}
	out, err := machine.Run(p, env)
	if err != nil {
		return false, &ConditionError{Kind: "withholding", ID: w.ID, Err: err}
	}
	ok, _ := out.(bool)
	return ok, nil
}
