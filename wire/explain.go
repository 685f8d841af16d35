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
	// lowered the rate, the cap's reason follows the rule's. What made
	// the tax another amount than its rate times its taxable amount, or
	// decided it beyond the line, follows too, each after a semicolon,
	// with its figures: the rate structure that shaped it (its ID and
	// reason), a price threshold weighed in another currency, a limit on
	// the document's total (Ontario's prepared food), a cap on the
	// document's tax and the line's share of it, credits beyond that
	// cap, the net that a tax-included price's taxes were computed on,
	// and a unit that rounding the document once (roundAtLineLevel
	// false) moved to or from the tax.
	Reason string `json:"reason"`
	// Source says where the record's rate came from: Levy's embedded
	// dataset, a content file loaded beside or instead of it, the host,
	// a rule file of the server or the tenant's tax profile. It is nil
	// when no rate of the content priced the tax: the request's rate
	// override (calculationRuleId rate-override), a rule's own rate, a
	// place of supply that charges none (a zero-rated export) and a
	// record without a rate.
	Source *RateSource `json:"source,omitempty"`
}

// RateSource is where the rate of a tax came from. It has one of these
// shapes:
//
//	{"content": "embedded", "version": "2026.12.19", "source": "us-ca-cdtfa"}
//	{"content": "levy", "file": "rates.csv", "line": 12}
//	{"content": "host", "source": "the host's citation"}
//	{"content": "rules", "file": "withholdings.json", "line": 7}
//	{"content": "profile", "version": "42", "source": "franchise CHI-CABLE-1/Cable Franchise Fee"}
//
// The embedded dataset's rates name its version and the section of
// data/SOURCES.md they were taken from (source): for the rates of the
// jurisdiction tables, the table's (Brazil's tables give none); for the
// US communications taxes (the Universal Service Fund contribution, the
// federal excise tax, the states' 911 fees), us-communications. A rate
// read from a content file names the file's format (levy, sst, zip5,
// br-iss, franchise), the file as it was loaded (its base name) and the
// line of its row (the first row that gave it, when several rows give
// the same rate period; for a ZIP rate table, the first row of the region
// or state). A rate that the host added to the engine (engine.WithRates)
// is "host", with the source the host gave it; so is a withholding that
// the host added (engine.WithWithholdings), which has no source. A
// withholding of a rule file of the server (levy serve --rules,
// engine.WithRuleFiles) is "rules", with the file (its base name) and
// the line its record starts on. A franchise fee of the tenant's own
// (its tax profile) is "profile", with the version of the profile the
// calculation read and the record's key: the word franchise, then the
// area ID and the fee's name, separated by a slash.
type RateSource struct {
	// Content is "embedded", "host", "rules", "profile" or the format of
	// the content file.
	Content string `json:"content"`
	// Version is the embedded dataset's version, or the tenant's profile
	// version; "" for the others.
	Version string `json:"version,omitempty"`
	// Source is the key of the embedded dataset's source list
	// (data/SOURCES.md), the host's source or the key of the profile's
	// record; "" when there is none.
	Source string `json:"source,omitempty"`
	// File and Line are the name of the content file or the rule file as
	// loaded and the line of the row or the record (1 for the first line
	// of the file); "" and 0 for the others.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
}

// Rate source contents that are not a content file's format.
const (
	// RateSourceEmbedded is the dataset embedded in Levy.
	RateSourceEmbedded = "embedded"
	// RateSourceHost is a rate the host added to the engine.
	RateSourceHost = "host"
	// RateSourceRules is a rule file of the server.
	RateSourceRules = "rules"
	// RateSourceProfile is the tenant's tax profile.
	RateSourceProfile = "profile"
)
