package content

import (
	"bytes"
	"io"
	"slices"

	"github.com/levytax/levy/jurisdiction"
)

// FormatLowValueLimits is a table of low-value import limits, with the
// columns of the generator's curated low-value-limits.csv (see
// addLowValueLimits): a country's rows replace the dataset's rows of that
// country.
const FormatLowValueLimits Format = "low-value-limits"

// lowValueColumns are the columns of a low-value limits table.
var lowValueColumns = []string{"country", "effective", "expiration", "limit", "currency", "applies_to", "within", "business_reverse_charge", "scheme", "citation"}

// isLowValueHeader reports whether a header line is a low-value limits
// table's.
func isLowValueHeader(cols []string) bool {
	return slices.Contains(cols, "country") && slices.Contains(cols, "limit") && slices.Contains(cols, "currency")
}

// addLowValueLimits reads a table of low-value import limits: country is
// a country of the dataset (ISO 3166-1 alpha-2), not a member state of
// the EU's VAT area on any day of the row's period (the Union's limit
// holds there: jurisdiction.LowValue.CheckMemberState), or EU for the
// Union's limit in every member state, limit a positive amount in currency (ISO
// 4217), applies_to consignment (the document's goods, the default) or
// item (each item's price), within at-or-below (the default) or below,
// business_reverse_charge "yes" where a business customer with a VAT
// number of the country accounts for the tax by reverse charge, effective
// and expiration date the limit, scheme names it in reasons and citation
// says where it comes from. A country's rows are its whole history: they
// replace every row the dataset has of it (data.Overlay.LowValueLimits),
// so a limit the law changes is given with the old one it follows; two
// rows of a country whose periods overlap are refused. Every fault is
// reported with its line and column.
func (b *builder) addLowValueLimits(name string, raw []byte) error {
	rows, err := b.readLowValueLimits(name, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return &Error{File: name, Message: "no low-value limit rows"}
	}
	b.lowValue = append(b.lowValue, rows...)
	b.lowValueFiles = append(b.lowValueFiles, name)
	return nil
}

// readLowValueLimits reads the rows of a low-value limits table (see
// addLowValueLimits), each checked with the builder's limits and the rows
// before it. The rows without faults are returned beside the error.
func (b *builder) readLowValueLimits(name string, r io.Reader) ([]jurisdiction.LowValue, error) {
	t, err := openTable(name, r, lowValueColumns, []string{"country", "limit", "currency", "scheme", "citation"})
	if err != nil {
		return nil, err
	}
	var errs Errors
	var rows []jurisdiction.LowValue
	err = t.each(&errs, func(line int, get func(string) string, failRow func(c, format string, args ...any)) {
		fail, bad := failOfRow(failRow)
		country := func(c string) bool { j, ok := b.juris.ByID(c); return ok && j.Type == jurisdiction.Country }
		v := jurisdiction.ParseLowValue(get, country, false, fail)
		v.Period = rowPeriod(get, fail)
		if bad() {
			return
		}
		if err := v.CheckMemberState(); err != nil {
			fail("country", "%v", err)
			return
		}
		// Checked with the rows read so far, so that the fault is this
		// line's.
		if _, err := jurisdiction.NewLowValueLimits(append(slices.Clone(b.lowValue), append(slices.Clone(rows), v)...)); err != nil {
			fail("effective", "%v", err)
			return
		}
		rows = append(rows, v)
	})
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return rows, errs
	}
	return rows, nil
}
