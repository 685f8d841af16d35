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

// DomesticReverseCharge says that a country's VAT on the supplies of one
// product class, made within the country by a seller to a buyer that are
// both registered for its VAT, is accounted for by the buyer (a domestic
// reverse charge): the member states' lists under articles 199 and 199a
// of the VAT Directive (2006/112/EC), and the United Kingdom's under
// section 55A of the VAT Act 1994. The dataset holds them (the
// generator's curated domestic-reverse-charge.csv); DomesticReverseCharges
// finds the one in force.
type DomesticReverseCharge struct {
	// Country is the ISO 3166-1 alpha-2 code of the country whose VAT it
	// is (GB for the United Kingdom's).
	Country string
	// Class is the product class it reaches.
	Class string
	// Period is when it applies.
	Period civil.Period
	// Threshold, when positive, is the least amount of the supply, net of
	// VAT and in Currency, from which the reverse charge applies: the
	// lines of the document whose classes share Group in the country are
	// summed. Below it the seller charges the VAT as on any supply.
	Threshold decimal.Decimal
	// Currency is the ISO 4217 code of Threshold; "" without one.
	Currency string
	// Above says that only an amount above Threshold reaches it (the
	// Netherlands' "more than EUR 10,000"); otherwise an amount equal to
	// it does too (Germany's "at least EUR 5,000").
	Above bool
	// Group names the classes whose lines are summed for the threshold
	// (Germany's mobile phones, tablets, game consoles and integrated
	// circuits are one supply); "" when the class is weighed alone.
	Group string
	// Provision names the law that makes the buyer liable ("UStG § 13b
	// Abs. 2 Nr. 10"), for the reason of the tax.
	Provision string
	// Condition is what the law asks of the buyer beyond its registration
	// for the VAT of the country, which a request does not say and Levy
	// assumes holds (that the buyer itself performs construction work,
	// or resells what it buys); "" when registration is all it asks.
	Condition string
	// Source cites the law.
	Source string
}

// Reaches reports whether amount, in Currency, reaches the threshold
// (always when there is none).
func (v DomesticReverseCharge) Reaches(amount decimal.Decimal) bool {
	switch {
	case !v.Threshold.IsPositive():
		return true
	case v.Above:
		return amount.GreaterThan(v.Threshold)
	}
	return amount.GreaterThanOrEqual(v.Threshold)
}

// DomesticReverseCharges is a table of dated domestic reverse charges, by
// country and class (the dataset's, data.Jurisdictions.
// DomesticReverseCharges). It is immutable and safe for concurrent use. A
// nil *DomesticReverseCharges has none.
type DomesticReverseCharges struct {
	rows []DomesticReverseCharge // sorted by country, class and start
}

// NewDomesticReverseCharges checks the rows and returns their table. It
// refuses a row without a country (ISO 3166-1 alpha-2 form), a class, a
// provision or a source, a threshold without a currency or one that is
// negative, a period that ends before it starts, and two periods of one
// country and class that overlap.
func NewDomesticReverseCharges(rows []DomesticReverseCharge) (*DomesticReverseCharges, error) {
	rows = slices.Clone(rows)
	for _, v := range rows {
		if !IsAlpha2Form(v.Country) {
			return nil, fmt.Errorf("jurisdiction: domestic reverse charge of %q: the country is not an ISO 3166-1 alpha-2 code", v.Country)
		}
		if v.Class == "" || v.Provision == "" || v.Source == "" {
			return nil, fmt.Errorf("jurisdiction: domestic reverse charge of %s %q from %s: without a class, a provision or a source", v.Country, v.Class, v.Period.Effective)
		}
		if v.Threshold.IsNegative() {
			return nil, fmt.Errorf("jurisdiction: domestic reverse charge of %s %s: threshold %s is negative", v.Country, v.Class, v.Threshold)
		}
		if v.Threshold.IsPositive() != (v.Currency != "") || v.Currency != "" && !money.IsCodeForm(v.Currency) {
			return nil, fmt.Errorf("jurisdiction: domestic reverse charge of %s %s: a threshold needs an ISO 4217 currency, and a currency a threshold (%q, %s)", v.Country, v.Class, v.Currency, v.Threshold)
		}
		if v.Above && !v.Threshold.IsPositive() {
			return nil, fmt.Errorf("jurisdiction: domestic reverse charge of %s %s: above without a threshold", v.Country, v.Class)
		}
		if err := checkPeriod(v.Period); err != nil {
			return nil, fmt.Errorf("jurisdiction: domestic reverse charge of %s %s: %w", v.Country, v.Class, err)
		}
	}
	slices.SortStableFunc(rows, func(x, y DomesticReverseCharge) int {
		return cmp.Or(strings.Compare(x.Country, y.Country), strings.Compare(x.Class, y.Class), x.Period.Effective.Compare(y.Period.Effective))
	})
	for i := 1; i < len(rows); i++ {
		if p, v := rows[i-1], rows[i]; p.Country == v.Country && p.Class == v.Class && p.Period.Overlaps(v.Period) {
			return nil, fmt.Errorf("jurisdiction: domestic reverse charges of %s %s: the periods from %s and from %s overlap", v.Country, v.Class, p.Period.Effective, v.Period.Effective)
		}
	}
	return &DomesticReverseCharges{rows: rows}, nil
}

// All returns every row, sorted by country, class and start.
func (t *DomesticReverseCharges) All() []DomesticReverseCharge {
	if t == nil {
		return nil
	}
	return slices.Clone(t.rows)
}

// Find returns the domestic reverse charge of class in country in force
// on d, and false where none is.
func (t *DomesticReverseCharges) Find(country, class string, d civil.Date) (DomesticReverseCharge, bool) {
	if t == nil || class == "" {
		return DomesticReverseCharge{}, false
	}
	i, _ := slices.BinarySearchFunc(t.rows, [2]string{country, class}, func(v DomesticReverseCharge, k [2]string) int {
		return cmp.Or(strings.Compare(v.Country, k[0]), strings.Compare(v.Class, k[1]))
	})
	for ; i < len(t.rows) && t.rows[i].Country == country && t.rows[i].Class == class; i++ {
		if t.rows[i].Period.Contains(d) {
			return t.rows[i], true
		}
	}
	return DomesticReverseCharge{}, false
}
