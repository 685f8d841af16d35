package engine

import (
	"context"

	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// Explanation says, for every line of a calculation's response and every
// tax record of the line, in the response's order, what the tax is and
// why: the rule that decided it and the reason in words that the rule
// tables, the situs or the request's overrides give. The wire response
// carries the rule's ID (calculationRuleId) but not its reason.
type Explanation []ExplainedLine

// ExplainedLine is one line of a response, parents included (a parent has
// no taxes of its own), in the response's order: a line, then its
// children.
type ExplainedLine struct {
	// Path names the line in the request: lineItems[0],
	// lineItems[0].lineItems[1].
	Path string `json:"path"`
	// LineItemNumber and LineItemID are the response line's.
	LineItemNumber *int64         `json:"lineItemNumber,omitempty"`
	LineItemID     string         `json:"lineItemId,omitempty"`
	Taxes          []ExplainedTax `json:"taxes"`
}

// ExplainedTax is one tax record of a response line, in the order of the
// line's taxes.
type ExplainedTax struct {
	JurisdictionID   string         `json:"jurisdictionId"`
	JurisdictionType string         `json:"jurisdictionType"`
	Jurisdiction     string         `json:"jurisdiction"`
	Imposition       string         `json:"imposition,omitempty"`
	Situs            string         `json:"situs,omitempty"`
	Result           wire.TaxResult `json:"taxResult,omitempty"`
	CalculatedTax    money.Amount   `json:"calculatedTax"`
	// RuleID is the record's calculationRuleId, "" when it has none.
	RuleID string `json:"calculationRuleId,omitempty"`
	// MaxTaxRuleID is the record's maxTaxRuleId: the structure or the
	// cap that limited the tax (a state's cap on its local rates, such
	// as us-tx-local-cap), "" when none did.
	MaxTaxRuleID string `json:"maxTaxRuleId,omitempty"`
	// Reason is why the rule applies, in words: the rule's reason and
	// citation, the situs's (such as an importer's DDP delivery), or the
	// override's or certificate's; when a state's cap on its local rates
	// lowered the rate, the cap's reason follows the rule's.
	Reason string `json:"reason"`
}

// ExplainSale calculates req as Sale does and also returns the explanation
// of the response's taxes. It stores nothing, whatever the message type
// and postToJournal say: a document that Sale would post to the journal
// (an INVOICE) is checked as Sale checks it before posting, but not
// posted, and its response keeps the request's transactionId (Sale would
// give a generated one to the transaction it stores). Otherwise the
// response is Sale's.
func (e *Engine) ExplainSale(ctx context.Context, req *wire.SaleRequest) (*wire.SaleResponse, Explanation, error) {
	ex := Explanation{}
	resp, _, err := e.sale(ctx, req, false, &ex)
	if err != nil {
		return nil, nil, err
	}
	return resp, ex, nil
}

// ExplainPurchase calculates req as Purchase does and also returns the
// explanation of the response's taxes. It stores nothing, as ExplainSale.
func (e *Engine) ExplainPurchase(ctx context.Context, req *wire.PurchaseRequest) (*wire.PurchaseResponse, Explanation, error) {
	ex := Explanation{}
	resp, _, err := e.purchase(ctx, req, false, &ex)
	if err != nil {
		return nil, nil, err
	}
	return resp, ex, nil
}

// ExplainOwner calculates req as Owner does and also returns the
// explanation of the response's taxes. It stores nothing, as ExplainSale.
func (e *Engine) ExplainOwner(ctx context.Context, req *wire.OwnerRequest) (*wire.OwnerResponse, Explanation, error) {
	ex := Explanation{}
	resp, _, err := e.owner(ctx, req, false, &ex)
	if err != nil {
		return nil, nil, err
	}
	return resp, ex, nil
}

// explain appends to out the explanation of the response lines, which
// responseLines built from tree (the same order, a response line for each
// node): a leaf's wire taxes were made from its taxes one for one
// (wireTaxes), so the reasons are read where the calculation left them.
func explain[R any](tree []lineIn, lines []R, view func(*R) (lineView, []R), out Explanation) Explanation {
	for i := range lines {
		v, kids := view(&lines[i])
		node := &tree[i]
		el := ExplainedLine{Path: node.path, LineItemNumber: v.number, LineItemID: v.id, Taxes: make([]ExplainedTax, len(v.taxes))}
		for k := range v.taxes {
			w := &v.taxes[k]
			x := &el.Taxes[k]
			if w.Jurisdiction != nil {
				x.JurisdictionID, x.JurisdictionType, x.Jurisdiction = w.Jurisdiction.JurisdictionID, w.Jurisdiction.JurisdictionType.String(), w.Jurisdiction.Value
			}
			if w.Imposition != nil {
				x.Imposition = w.Imposition.Value
			}
			x.Situs, x.Result, x.CalculatedTax = string(w.Situs), w.TaxResult, w.CalculatedTax
			if w.CalculationRuleID != nil {
				x.RuleID = w.CalculationRuleID.Value
			}
			if w.MaxTaxRuleID != nil {
				x.MaxTaxRuleID = w.MaxTaxRuleID.Value
			}
			if l := node.leaf; l != nil && k < len(l.taxes) {
				x.Reason = l.taxes[k].ruleReason
			}
		}
		out = append(out, el)
		if len(kids) > 0 {
			out = explain(node.children, kids, view, out)
		}
	}
	return out
}
