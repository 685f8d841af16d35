package content

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// FormatFranchise is a table of franchise area fees (see ReadFranchise).
const FormatFranchise Format = "franchise"

// franchiseColumns are the columns of the franchise format;
// franchise_area_id, name and basis are required, and rate or amount as
// the basis says.
var franchiseColumns = []string{"franchise_area_id", "name", "jurisdiction", "basis", "rate", "amount", "currency", "effective", "expiration", "source"}

// The bases of a franchise fee.
const (
	// franchiseRevenue: the fee is rate, a fraction of the line's
	// amount.
	franchiseRevenue = "revenue"
	// franchisePerLine: the fee is amount per line.
	franchisePerLine = "per-line"
)

// ReadFranchise reads a table of franchise area fees, a CSV with a
// header:
//
//	franchise_area_id,name,jurisdiction,basis,rate,amount,currency,effective,expiration,source
//	CHI-CABLE-1,Cable Franchise Fee,US-1714000,revenue,5%,,,2026-01-01,,franchise agreement of 2019 s. 7
//	ATL-VIDEO-2,Video Service Fee,,per-line,,0.85,,2026-01-01,2026-12-31,ordinance 24-117
//	PAR-CABLE-3,Redevance,,per-line,,0.40,EUR,2026-01-01,,convention de 2021 art. 12
//
// franchise_area_id is what a line's franchiseAreaId names; name is the
// fee (its imposition in a response); jurisdiction, optional, is the ID
// of the dataset's jurisdiction that grants the franchise (when empty, the
// most local general government of the line's place, passing over its
// special districts); basis is revenue (rate:
// a fraction such as 0.05, or 5%) or per-line (amount per line); currency,
// optional and of a per-line fee only, is the ISO 4217 code of amount
// (EUR; upper case or not): without one, the amount is in US dollars for
// an area in the US and in the document's currency elsewhere, and a
// document in another currency bears it converted (package engine);
// effective and expiration date the fee; source cites the agreement. One
// area may have several fees, but one fee of one name at a time. known
// reports whether a jurisdiction ID is the dataset's; whether a currency
// is the dataset's is checked when the table is loaded (Load), a code of
// another form here. Every fault is reported with its line and column;
// the fees without faults are returned beside the error. A nil r is an
// error.
func ReadFranchise(name string, r io.Reader, known func(id string) bool) ([]data.FranchiseFee, error) {
	if r == nil {
		return nil, fmt.Errorf("content: %s: no reader", name)
	}
	t, err := openTable(name, r, franchiseColumns, []string{"franchise_area_id", "name", "basis"})
	if err != nil {
		return nil, err
	}
	var errs Errors
	var fees []data.FranchiseFee
	// ofArea indexes fees by area, so that each fee is checked against
	// its area's only.
	ofArea := map[string][]int{}
	err = t.each(&errs, func(line int, get func(string) string, failRow func(c, format string, args ...any)) {
		fail, bad := failOfRow(failRow)
		f := data.FranchiseFee{AreaID: get("franchise_area_id"), Name: get("name"), Jurisdiction: get("jurisdiction"),
			Source: get("source"), File: name, Line: line}
		switch {
		case f.AreaID == "":
			fail("franchise_area_id", "is empty")
		case len(f.AreaID) > 40 || strings.ContainsFunc(f.AreaID, func(r rune) bool { return r < ' ' || r == 0x7f }):
			fail("franchise_area_id", "%q is not an ID a line can send (at most 40 characters, no control characters)", clipText(f.AreaID))
		}
		if f.Name == "" {
			fail("name", "is empty: it names the fee in responses")
		}
		if f.Jurisdiction != "" && known != nil && !known(f.Jurisdiction) {
			fail("jurisdiction", "%q is not a jurisdiction of the dataset", clipText(f.Jurisdiction))
		}
		switch basis := strings.ToLower(get("basis")); basis {
		case franchiseRevenue:
			v, err := ParseRate(get("rate"))
			if err != nil {
				fail("rate", "%v", err)
			}
			if get("amount") != "" {
				fail("amount", "a revenue fee has a rate, not an amount")
			}
			f.Rate = v
		case franchisePerLine:
			v, err := decimal.NewFromString(get("amount"))
			if err != nil || v.IsNegative() {
				fail("amount", "%q is not an amount of at least 0 (per line)", clipText(get("amount")))
			}
			if get("rate") != "" {
				fail("rate", "a per-line fee has an amount, not a rate")
			}
			f.PerLine, f.Amount = true, v
		default:
			fail("basis", "%q is not revenue or per-line", clipText(get("basis")))
		}
		if c := get("currency"); c != "" {
			f.Currency = strings.ToUpper(c)
			switch {
			case !money.IsCodeForm(f.Currency):
				fail("currency", "%q is not an ISO 4217 currency code: three letters, EUR for the euro", clipText(c))
			case !f.PerLine:
				fail("currency", "is given for a fee of a rate: a currency is that of an amount per line")
			}
		}
		f.Period = rowPeriod(get, fail)
		if bad() {
			return
		}
		for _, i := range ofArea[f.AreaID] {
			if o := fees[i]; strings.EqualFold(o.Name, f.Name) && o.Period.Overlaps(f.Period) {
				fail("effective", "%s %s overlaps the fee of line %d", f.AreaID, f.Name, o.Line)
				break
			}
		}
		if !bad() {
			ofArea[f.AreaID] = append(ofArea[f.AreaID], len(fees))
			fees = append(fees, f)
		}
	})
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return fees, errs
	}
	return fees, nil
}

// clipText shortens a cell for a message.
func clipText(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// isFranchiseHeader reports whether a header line is a franchise table's.
func isFranchiseHeader(cols []string) bool {
	return slices.Contains(cols, "franchise_area_id")
}

// addFranchise reads a franchise table into the builder.
func (b *builder) addFranchise(name string, raw []byte) error {
	fees, err := ReadFranchise(name, bytes.NewReader(raw), func(id string) bool {
		_, ok := b.juris.ByID(id)
		return ok
	})
	if err != nil {
		return err
	}
	if err := b.franchiseCurrencies(name, fees); err != nil {
		return err
	}
	ofArea := map[string][]int{}
	for i, o := range b.franchise {
		ofArea[o.AreaID] = append(ofArea[o.AreaID], i)
	}
	for _, f := range fees {
		for _, i := range ofArea[f.AreaID] {
			if o := b.franchise[i]; strings.EqualFold(o.Name, f.Name) && o.Period.Overlaps(f.Period) {
				return &Error{File: name, Line: f.Line, Column: "effective",
					Message: fmt.Sprintf("%s %s overlaps the fee of %s line %d", f.AreaID, f.Name, o.File, o.Line)}
			}
		}
	}
	b.franchise = append(b.franchise, fees...)
	b.franchiseFiles = append(b.franchiseFiles, name)
	return nil
}

// franchiseCurrencies checks that the currency each fee of a franchise
// table names is a currency of the dataset, which the engine converts
// the amount from.
func (b *builder) franchiseCurrencies(name string, fees []data.FranchiseFee) error {
	var codes *data.Codes
	var errs Errors
	for _, f := range fees {
		if f.Currency == "" {
			continue
		}
		if codes == nil {
			var err error
			if codes, err = b.ds.Codes(); err != nil {
				return fmt.Errorf("content: the currencies of the dataset, for %s: %w", name, err)
			}
		}
		if _, ok := codes.Currencies().ByAlpha(f.Currency); !ok {
			errs.add(&Error{File: name, Line: f.Line, Column: "currency",
				Message: fmt.Sprintf("%s is not a currency of Levy's dataset", f.Currency)})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
