package engine

import (
	"context"
	"strconv"
	"strings"

	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
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
// (wireTaxes), so the reasons and the sources of the rates are read where
// the calculation c left them, in its snapshot and its tenant's profile.
func explain[R any](c *calc, tree []lineIn, lines []R, view func(*R) (lineView, []R), out wire.Explanation) wire.Explanation {
	for i := range lines {
		v, kids := view(&lines[i])
		node := &tree[i]
		el := wire.ExplainedLine{Path: node.path, LineItemNumber: v.number, LineItemID: v.id, Taxes: make([]wire.ExplainedTax, len(v.taxes))}
		// The sources of a line's taxes share one block.
		var sources []wire.RateSource
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
				if src, ok := c.explainSource(l, &l.taxes[k]); ok {
					if sources == nil {
						sources = make([]wire.RateSource, len(v.taxes))
					}
					sources[k] = src
					x.Source = &sources[k]
				}
			}
		}
		out = append(out, el)
		if len(kids) > 0 {
			out = explain(c, node.children, kids, view, out)
		}
	}
	return out
}

// explainSource returns where the rate of t, a tax of line l, came from
// (wire.RateSource), and false when no rate of the content priced it.
func (c *calc) explainSource(l *line, t *taxOut) (wire.RateSource, bool) {
	s := c.s
	if b := t.br; b != nil {
		switch {
		case b.issFile != "":
			return wire.RateSource{Content: string(content.FormatBRISS), File: b.issFile, Line: b.issLine}, true
		case b.tables:
			return wire.RateSource{Content: wire.RateSourceEmbedded, Version: s.embedded}, true
		}
		return wire.RateSource{}, false
	}
	if r := t.rare; r != nil && r.source != nil {
		if r == s.profileFee && c.prof != nil {
			// A franchise fee of the tenant's profile: its record is the
			// fee of the line's area (as the profile finds it, without
			// the spaces around it) of the tax's name.
			key := profile.FranchiseKey(strings.TrimSpace(franchiseArea(l)), string(t.imposition))
			return wire.RateSource{Content: wire.RateSourceProfile, Version: strconv.FormatUint(c.prof.Version(), 10), Source: key.String()}, true
		}
		return *r.source, true
	}
	o := t.origin
	switch {
	case o == 0:
		return wire.RateSource{}, false
	case o < 0:
		return wire.RateSource{Content: wire.RateSourceHost, Source: s.rates.words[-o-1]}, true
	}
	src := s.rates.words[o-1]
	if f, file, line, ok := content.ParseRateSource(src); ok {
		return wire.RateSource{Content: string(f), File: file, Line: line}, true
	}
	return wire.RateSource{Content: wire.RateSourceEmbedded, Version: s.embedded, Source: src}, true
}
