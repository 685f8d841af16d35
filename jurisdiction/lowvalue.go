package jurisdiction

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// LowValueEU is the Country of a low-value limit that is the European
// Union's: it holds in every member state of the EU's VAT area (EUMember).
const LowValueEU = "EU"

// LowValue is a country's limit for goods imported in low-value
// consignments that a seller from abroad sells to its consumers: at or
// below it (below it, when Strict), a seller registered for the scheme
// charges the country's VAT or GST at the point of sale; above it, the
// tax is collected at the border on the import and the seller charges
// none. The dataset holds them (the generator's curated
// low-value-limits.csv); LowValueLimits finds the one in force.
type LowValue struct {
	// Country is the ISO 3166-1 alpha-2 code of the country, or
	// LowValueEU for the Union's limit.
	Country string
	// Scheme names the rules for a reason ("the United Kingdom's £135
	// rule").
	Scheme string
	// Period is when the limit applies.
	Period civil.Period
	// Currency is the ISO 4217 code of Amount.
	Currency string
	// Amount is the limit, on the intrinsic value of the goods (their
	// price, net of tax, transport and insurance).
	Amount decimal.Decimal
	// Strict says that only a value below Amount is within the limit
	// (Norway's "under NOK 3,000"); otherwise a value equal to it is too.
	Strict bool
	// PerItem says that the limit is on each item (a line's unit price),
	// not on the consignment (the document's goods).
	PerItem bool
	// EU says that the limit is the Union's (Country is LowValueEU),
	// which a seller meets through the Import One Stop Shop (IOSS)
	// registration rather than one in the member state of arrival.
	EU bool
	// BusinessReverseCharge says that a business customer that gives its
	// VAT or GST number of the country is not charged the tax on a
	// consignment within the limit and accounts for any tax due by
	// reverse charge (the United Kingdom's £135 rule; Australia's and New
	// Zealand's, whose rules tax at sale only the goods sold to
	// consumers); without it a business customer keeps the rules of goods
	// sold from abroad that apply without the limit.
	BusinessReverseCharge bool
	// Source cites the law.
	Source string
}

// Within reports whether value, in the limit's currency, is within it.
func (v LowValue) Within(value decimal.Decimal) bool {
	if v.Strict {
		return value.LessThan(v.Amount)
	}
	return value.LessThanOrEqual(v.Amount)
}

// LowValueLimits is a table of dated low-value import limits, by country
// (the dataset's, data.Jurisdictions.LowValueLimits, with a user's
// content laid over it). It is immutable and safe for concurrent use. A
// nil *LowValueLimits has no limit.
type LowValueLimits struct {
	rows []LowValue // sorted by country and start
}

// NewLowValueLimits checks the limits and returns their table. It refuses
// a limit without a country (an ISO 3166-1 alpha-2 code or LowValueEU),
// a scheme, a currency (ISO 4217 form) or a source, an amount that is not
// positive, a period that ends before it starts, an EU flag that does not
// agree with the country, a limit of a member state of the EU's VAT area
// over days it belongs to it (the Union's limit holds there, and Limit
// would never give the member state's), and two periods of one country
// that overlap.
func NewLowValueLimits(rows []LowValue) (*LowValueLimits, error) {
	rows = slices.Clone(rows)
	for _, v := range rows {
		if v.Country != LowValueEU && !IsAlpha2Form(v.Country) {
			return nil, fmt.Errorf("jurisdiction: low-value limit of %q: the country is not an ISO 3166-1 alpha-2 code or %s", v.Country, LowValueEU)
		}
		if v.EU != (v.Country == LowValueEU) {
			return nil, fmt.Errorf("jurisdiction: low-value limit of %s: only the limit of %s is the Union's", v.Country, LowValueEU)
		}
		if err := v.CheckMemberState(); err != nil {
			return nil, err
		}
		if v.Scheme == "" || v.Source == "" {
			return nil, fmt.Errorf("jurisdiction: low-value limit of %s from %s: without a scheme or a source", v.Country, v.Period.Effective)
		}
		if !money.IsCodeForm(v.Currency) {
			return nil, fmt.Errorf("jurisdiction: low-value limit of %s: currency %q is not an ISO 4217 code", v.Country, v.Currency)
		}
		if !v.Amount.IsPositive() {
			return nil, fmt.Errorf("jurisdiction: low-value limit of %s: amount %s is not positive", v.Country, v.Amount)
		}
		if err := checkPeriod(v.Period); err != nil {
			return nil, fmt.Errorf("jurisdiction: low-value limit of %s: %w", v.Country, err)
		}
	}
	slices.SortStableFunc(rows, func(x, y LowValue) int {
		return cmp.Or(strings.Compare(x.Country, y.Country), x.Period.Effective.Compare(y.Period.Effective))
	})
	for i := 1; i < len(rows); i++ {
		if p, v := rows[i-1], rows[i]; p.Country == v.Country && p.Period.Overlaps(v.Period) {
			return nil, fmt.Errorf("jurisdiction: low-value limits of %s: the periods from %s and from %s overlap", v.Country, p.Period.Effective, v.Period.Effective)
		}
	}
	return &LowValueLimits{rows: rows}, nil
}

// CheckMemberState refuses the limit of a member state of the EU's VAT
// area over days it belongs to the area: on those days
// LowValueLimits.Limit gives the Union's limit (LowValueEU), so the
// member state's own would never be read. The United Kingdom's from
// 2021-01-01, after it left, is one of its own.
func (v LowValue) CheckMemberState() error {
	m, ok := EUMembership(v.Country)
	if !ok || !m.Overlaps(v.Period) {
		return nil
	}
	return fmt.Errorf("jurisdiction: low-value limit of %s from %s: %s belongs to the EU's VAT area %s, where the Union's limit (%s) holds; "+
		"a limit of its own would never apply", v.Country, v.Period.Effective, v.Country, membershipDays(m), LowValueEU)
}

// membershipDays says when a membership of the EU's VAT area runs.
func membershipDays(m civil.Period) string {
	if m.Expiration.IsZero() {
		return "from " + m.Effective.String()
	}
	return "from " + m.Effective.String() + " to " + m.Expiration.String()
}

// All returns every limit, sorted by country and start.
func (t *LowValueLimits) All() []LowValue {
	if t == nil {
		return nil
	}
	return slices.Clone(t.rows)
}

// With returns the table with the limits of more (a user's content) in
// place of t's for every country that more names: a country's rows in
// more are its whole history, and the countries more leaves out keep
// t's. The result is checked as NewLowValueLimits checks it; t is
// unchanged.
func (t *LowValueLimits) With(more []LowValue) (*LowValueLimits, error) {
	named := map[string]bool{}
	for _, v := range more {
		named[v.Country] = true
	}
	var rows []LowValue
	for _, v := range t.All() {
		if !named[v.Country] {
			rows = append(rows, v)
		}
	}
	return NewLowValueLimits(append(rows, more...))
}

// Limit returns the low-value import limit of country (ISO 3166-1
// alpha-2) in force on d, and false where none is (outside its periods,
// or in a country without one). A member state of the EU's VAT area on d
// has the Union's limit (LowValueEU).
func (t *LowValueLimits) Limit(country string, d civil.Date) (LowValue, bool) {
	if t == nil {
		return LowValue{}, false
	}
	if EUMember(country, d) {
		country = LowValueEU
	}
	i, _ := slices.BinarySearchFunc(t.rows, country, func(v LowValue, c string) int { return strings.Compare(v.Country, c) })
	for ; i < len(t.rows) && t.rows[i].Country == country; i++ {
		if t.rows[i].Period.Contains(d) {
			return t.rows[i], true
		}
	}
	return LowValue{}, false
}
