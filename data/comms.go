package data

import (
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/shopspring/decimal"
)

// commsFile is the generated file of the US communications taxes;
// internal/datagen/comms.go writes it. Format 3 gives a fee an amount
// on the lines of an account beyond its limit; a file of format 2 (a
// dataset generated before) is read as fees without one.
const (
	commsFile      = "comms.lvd"
	commsKind      = "comms"
	commsVersion   = 3
	commsVersionV2 = 2
)

// Communications is the content of the US communications taxes: the
// line types Levy knows, the federal Universal Service Fund contribution
// factor per quarter, and the taxes and fees of line types (the federal
// excise tax, the states' 911 fees per line), each with its citation.
type Communications struct {
	LineTypes []CommsLineType
	USF       []USFFactor
	Taxes     []CommsTax
}

// CommsLineType is a line type that the communications taxes know.
type CommsLineType struct {
	// Value is the line type as a request sends it ("WIRELESS").
	Value       string
	Description string
	// InterstateShare is the share of the line's revenue that the
	// Universal Service Fund assesses: the FCC's safe-harbor percentage,
	// or 0 or 1 for a service wholly intrastate or interstate.
	InterstateShare decimal.Decimal
	// LocalOnly marks local-only service, the one the federal excise tax
	// reaches.
	LocalOnly bool
	// E911 marks a service that gives access to 911, on which the states'
	// 911 fees fall.
	E911     bool
	Citation string
}

// USFFactor is the Universal Service Fund contribution factor of one
// quarter, from the FCC's public notice.
type USFFactor struct {
	// Quarter is the first day of the quarter.
	Quarter civil.Date
	// Factor is a fraction: 0.376 for 37.6%.
	Factor   decimal.Decimal
	Notice   string
	Citation string
}

// CommsTax is a communications tax or fee of some line types in one
// jurisdiction: a rate of their revenue, or an amount per line.
type CommsTax struct {
	// Tax is FET (the federal excise tax), E911 (a 911 fee) or
	// PREPAID911 (a state's prepaid wireless 911 charge on a retail
	// sale of prepaid service, a rate of the sale or, PerLine, an
	// amount per retail transaction on the count).
	Tax string
	// Jurisdiction is "US" for the federal taxes, a state ("US-AL") for
	// the others.
	Jurisdiction string
	LineTypes    []string
	PerLine      bool
	Rate         decimal.Decimal // a fraction of the revenue, when not PerLine
	Amount       decimal.Decimal // per line and month, when PerLine
	// MaxLines, above zero, is the most lines of one account (one line
	// item) that a per-line fee is charged on, whatever their types.
	MaxLines int
	// OverAmount, when above zero, is the fee per line and month on
	// each line of the account beyond MaxLines (Wisconsin's: 7.5 cents
	// beyond the first ten connections, which pay 75 cents); zero
	// charges those lines nothing.
	OverAmount decimal.Decimal
	Period     civil.Period
	Citation   string
}

// Communications returns the dataset's US communications taxes, decoding
// them the first time it is called.
func (d *Dataset) Communications() (*Communications, error) {
	return part(d, &d.comms, commsFile, decodeComms)
}

func decodeComms(b []byte) (*Communications, error) {
	r, err := binfmt.Open(b, commsKind, commsVersion)
	v2 := false
	if err != nil {
		var errV2 error
		if r, errV2 = binfmt.Open(b, commsKind, commsVersionV2); errV2 != nil {
			return nil, err
		}
		v2 = true
	}
	dec := func(s string) decimal.Decimal {
		v, err := decimal.NewFromString(s)
		if err != nil {
			return decimal.Zero
		}
		return v
	}
	date := func(s string) civil.Date {
		if s == "" {
			return civil.Date{}
		}
		d, _ := civil.Parse(s)
		return d
	}
	c := &Communications{}
	for range r.Count(1) {
		c.LineTypes = append(c.LineTypes, CommsLineType{Value: r.String(), Description: r.String(), InterstateShare: dec(r.String()),
			LocalOnly: r.Bool(), E911: r.Bool(), Citation: r.String()})
	}
	for range r.Count(1) {
		c.USF = append(c.USF, USFFactor{Quarter: date(r.String()), Factor: dec(r.String()), Notice: r.String(), Citation: r.String()})
	}
	for range r.Count(1) {
		t := CommsTax{Tax: r.String(), Jurisdiction: r.String()}
		for range r.Count(1) {
			t.LineTypes = append(t.LineTypes, r.String())
		}
		t.PerLine, t.Rate, t.Amount = r.Bool(), dec(r.String()), dec(r.String())
		t.MaxLines = r.Int()
		if !v2 {
			t.OverAmount = dec(r.String())
		}
		t.Period = civil.Period{Effective: date(r.String()), Expiration: date(r.String())}
		t.Citation = r.String()
		c.Taxes = append(c.Taxes, t)
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	return c, nil
}
