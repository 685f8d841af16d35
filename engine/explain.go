package engine

import (
	"context"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// ExplainSale calculates req as Sale does and also returns the explanation
// of the response's taxes. It stores nothing, whatever the message type
// and postToJournal say: a document that Sale would post to the journal
// (an INVOICE) is checked as Sale checks it before posting, but not
// posted, and its response keeps the request's transactionId (Sale would
// give a generated one to the transaction it stores). Otherwise the
// response is Sale's.
func (e *Engine) ExplainSale(ctx context.Context, req *wire.SaleRequest) (*wire.SaleResponse, wire.Explanation, error) {
	return explained(ctx, req, e.sale)
}

// ExplainPurchase calculates req as Purchase does and also returns the
// explanation of the response's taxes. It stores nothing, as ExplainSale.
func (e *Engine) ExplainPurchase(ctx context.Context, req *wire.PurchaseRequest) (*wire.PurchaseResponse, wire.Explanation, error) {
	return explained(ctx, req, e.purchase)
}

// ExplainOwner calculates req as Owner does and also returns the
// explanation of the response's taxes. It stores nothing, as ExplainSale.
func (e *Engine) ExplainOwner(ctx context.Context, req *wire.OwnerRequest) (*wire.OwnerResponse, wire.Explanation, error) {
	return explained(ctx, req, e.owner)
}

// explained calculates req with calc (Engine.sale, purchase or owner),
// storing nothing, and returns the response with its explanation.
func explained[Q, S any](ctx context.Context, req *Q, calc func(context.Context, *Q, bool, *wire.Explanation, *taxLoan) (*S, *journal.Transaction, error)) (*S, wire.Explanation, error) {
	ex := wire.Explanation{}
	resp, _, err := calc(ctx, req, false, &ex, nil)
	if err != nil {
		return nil, nil, stopped(ctx, err)
	}
	return resp, ex, nil
}

// explain appends to out the explanation of the response lines, which
// responseLines built from tree (the same order, a response line for each
// node): a leaf's wire taxes were made from its taxes one for one
// (wireTaxes), so the reasons are read where the calculation left them.
func explain[R any](tree []lineIn, lines []R, view func(*R) (lineView, []R), out wire.Explanation) wire.Explanation {
	for i := range lines {
		v, kids := view(&lines[i])
		node := &tree[i]
		el := wire.ExplainedLine{Path: node.path, LineItemNumber: v.number, LineItemID: v.id, Taxes: make([]wire.ExplainedTax, len(v.taxes))}
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
