package content

import (
	"bytes"
	"slices"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
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
	t, err := openTable(name, bytes.NewReader(raw), lowValueColumns, []string{"country", "limit", "currency", "scheme", "citation"})
	if err != nil {
		return err
	}
	var errs Errors
	var rows []jurisdiction.LowValue
	err = t.each(&errs, func(line int, get func(string) string, fail func(c, format string, args ...any)) {
		before := len(errs)
		v := jurisdiction.LowValue{Country: get("country"), Scheme: get("scheme"), Currency: get("currency"), Source: get("citation")}
		v.EU = v.Country == jurisdiction.LowValueEU
		if j, ok := b.juris.ByID(v.Country); !v.EU && (!ok || j.Type != jurisdiction.Country) {
			fail("country", "%q is neither a country of the dataset (ISO 3166-1 alpha-2) nor %s", clipText(v.Country), jurisdiction.LowValueEU)
		}
		if a, err := decimal.NewFromString(get("limit")); err != nil || !a.IsPositive() {
			fail("limit", "%q is not a positive amount", clipText(get("limit")))
		} else {
			v.Amount = a
		}
		if !money.IsCodeForm(v.Currency) {
			fail("currency", "%q is not an ISO 4217 code (three capital letters)", clipText(v.Currency))
		}
		switch a := get("applies_to"); a {
		case "consignment", "":
		case "item":
			v.PerItem = true
		default:
			fail("applies_to", "%q is neither consignment nor item", clipText(a))
		}
		switch w := get("within"); w {
		case "at-or-below", "":
		case "below":
			v.Strict = true
		default:
			fail("within", "%q is neither at-or-below nor below", clipText(w))
		}
		switch r := get("business_reverse_charge"); r {
		case "yes":
			v.BusinessReverseCharge = true
		case "":
		default:
			fail("business_reverse_charge", "%q is neither yes nor empty", clipText(r))
		}
		if v.Scheme == "" {
			fail("scheme", "is empty: name the rules, for the reasons of the lines they decide")
		}
		if v.Source == "" {
			fail("citation", "is empty: say where the limit comes from")
		}
		v.Period = rowPeriod(get, fail)
		if len(errs) > before {
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
		return err
	}
	if len(errs) > 0 {
		return errs
	}
	if len(rows) == 0 {
		return &Error{File: name, Message: "no low-value limit rows"}
	}
	b.lowValue = append(b.lowValue, rows...)
	b.lowValueFiles = append(b.lowValueFiles, name)
	return nil
}
