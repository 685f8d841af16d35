package wire

import (
	"github.com/levytax/levy/money"
)

// Explanation says, for every line of a calculation's response and every
// tax record of the line, in the response's order, what the tax is and
// why: the rule that decided it and the reason in words that the rule
// tables, the situs or the request's overrides give. The response
// carries the rule's ID (calculationRuleId) but not its reason.
//
// It is not a member of any request or response of the wire format: the
// engine's ExplainSale, ExplainPurchase and ExplainOwner return it beside
// the response, and the explain routes of the HTTP API answer it beside
// the response as {"response": ..., "explanation": [...]}.
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
	JurisdictionID   string       `json:"jurisdictionId"`
	JurisdictionType string       `json:"jurisdictionType"`
	Jurisdiction     string       `json:"jurisdiction"`
	Imposition       string       `json:"imposition,omitempty"`
	Situs            string       `json:"situs,omitempty"`
	Result           TaxResult    `json:"taxResult,omitempty"`
	CalculatedTax    money.Amount `json:"calculatedTax"`
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
