package data

import (
	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// FranchiseFee is one fee of a franchise area: a local, contractual
// charge (a cable or telecommunications franchise fee, say) that a line
// bears when its franchiseAreaId names the area. Franchise fees are the
// tenant's content, which package data/content reads from a file (the
// franchise format) into an Overlay; no dataset holds any.
type FranchiseFee struct {
	// AreaID is the franchise area's ID, as lines send it.
	AreaID string
	// Name names the fee; it is the tax's imposition.
	Name string
	// Jurisdiction is the ID of the jurisdiction of the dataset that
	// grants the franchise, "" for the most local general government of
	// the line's place (not a special district).
	Jurisdiction string
	// PerLine charges Amount per line (the counts of the line's
	// lineTypes, else its quantity); otherwise the fee is Rate, a
	// fraction of the line's amount.
	PerLine bool
	Rate    decimal.Decimal
	Amount  decimal.Decimal
	// Currency is the ISO 4217 code of Amount, a currency of the
	// dataset ("EUR"); only a fee per line gives one. "" takes US
	// dollars for an area in the US and the document's currency
	// elsewhere.
	Currency string
	// Period is when the fee is in force.
	Period civil.Period
	// Source cites the franchise agreement or ordinance.
	Source string
	// File and Line say where the fee was read.
	File string
	Line int
}
