package data

import (
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/internal/binfmt"
	"github.com/shopspring/decimal"
)

// The generated taxability file; data/gen/taxability.go writes it.
const (
	taxFile    = "taxability.lvd"
	taxKind    = "taxability"
	taxVersion = 1
)

// Taxability holds how product categories are taxed: US state taxability
// per category, the US sales tax holidays, the states' rules for shipping
// charges and the VAT/GST treatment of Levy's product classes. It is
// immutable and safe for concurrent use; every method returns fresh values,
// so callers may change what they get without affecting the table.
type Taxability struct {
	states   []StateTaxability   // sorted by state, category, effective
	byState  map[string][2]int32 // state -> states[lo:hi]
	holidays []Holiday           // sorted by state, first day, name
	shipping map[string]Shipping
	classes  []ProductClassRule // sorted by country, product class
}

// StateTaxability says whether a US state taxes a product category over a
// period, and how. Rows of one state and category do not overlap.
type StateTaxability struct {
	// State is the postal code of the state, DC or PR: "NY".
	State string
	// Category is one of general, groceries, prepared_food, clothing,
	// prescription_drugs and digital_goods.
	Category string
	// Taxable reports whether the state's sales tax applies at all. A
	// taxable row with a zero Rate means the state rate is 0% while local
	// taxes may still apply (Kansas groceries).
	Taxable bool
	// Rate is the state rate that replaces the general state rate for the
	// category, as a fraction (0.04 for Tennessee groceries); nil when the
	// general rate applies.
	Rate *decimal.Decimal
	// Threshold is a per-item amount in USD that limits the tax, as
	// ThresholdKind says; nil when there is none.
	Threshold *decimal.Decimal
	// ThresholdKind is "below_exempt" (an item priced strictly below the
	// threshold is exempt, at or above it fully taxable: New York clothing
	// under $110), "above_excess" (exempt up to and including the
	// threshold, only the excess is taxable: Massachusetts clothing over
	// $175) or "" without a threshold.
	ThresholdKind string
	// Period is when the row applies. A zero Effective means "as of now,
	// start not known", not "since always".
	civil.Period
	// Citation names the statute the row follows, when known.
	Citation string
}

// Holiday is a US sales tax holiday: sales of goods of the listed
// categories, priced at most MaxPerItem per item, are exempt from the
// state's sales tax over the period.
type Holiday struct {
	State, Name string // postal code, and the holiday's name
	// Period holds the first and last day; Expiration is the last day,
	// inclusive.
	civil.Period
	// Categories are the kinds of goods covered, such as clothing,
	// school_supplies or computers; none when the holiday covers most
	// goods (as Massachusetts' does).
	Categories []string
	// MaxPerItem is the per-item cap in USD; nil when uncapped.
	MaxPerItem *decimal.Decimal
	// Citation names the statute, when known.
	Citation string
}

// Shipping says how a state taxes shipping charges: Rule is "none" (no
// sales tax), "exempt_if_separately_stated", "conditional" (taxable when the
// goods shipped are taxable) or "always_taxable". HandlingRule is the rule
// for handling charges where it differs from Rule, else "".
type Shipping struct{ State, Rule, HandlingRule string }

// ProductClassRule is the VAT or GST treatment of one of Levy's product
// classes in a country whose treatment differs from the standard rate.
// Product classes without a rule take the country's standard (general)
// rate. For Canada a rule covers the GST and HST; the citation says how the
// provincial taxes (QST, PST) treat the class.
type ProductClassRule struct {
	// Country is the ISO 3166-1 alpha-2 code; ProductClass is one of
	// GENERAL, FOOD, PREPARED_FOOD, CLOTHING, PRESCRIPTION_DRUGS,
	// OTC_DRUGS, BOOKS (printed books), DIGITAL_GOODS (e-books included),
	// SAAS and SERVICES.
	Country, ProductClass string
	// Treatment is "reduced" (the country's rate of Category applies),
	// "zero" (taxable at 0%) or "exempt".
	Treatment string
	// Category is the rate category for reduced: reduced, reduced2,
	// super_reduced or parking; "" otherwise.
	Category string
	// Citation names the statute or the tax authority's page.
	Citation string
}

// Taxability returns the taxability tables of the dataset, decoding them on
// first use.
func (d *Dataset) Taxability() (*Taxability, error) {
	return part(d, &d.taxes, taxFile, func(b []byte) (*Taxability, error) {
		t, err := decodeTaxability(b)
		if err != nil {
			return nil, fmt.Errorf("data: decode %s: %w", taxFile, err)
		}
		return t, nil
	})
}

// States returns every state row, sorted by state, category and effective
// date.
func (t *Taxability) States() []StateTaxability { return cloneStateRows(t.states) }

// State returns the rows of one state, by postal code ("NY", case
// ignored), sorted by category and effective date; none for an unknown
// code.
func (t *Taxability) State(state string) []StateTaxability {
	span, ok := t.byState[strings.ToUpper(strings.TrimSpace(state))]
	if !ok {
		return nil
	}
	return cloneStateRows(t.states[span[0]:span[1]])
}

// Holidays returns the sales tax holidays, sorted by state, first day and
// name.
func (t *Taxability) Holidays() []Holiday {
	out := slices.Clone(t.holidays)
	for i := range out {
		out[i].Categories = slices.Clone(out[i].Categories)
		out[i].MaxPerItem = cloneDecimal(out[i].MaxPerItem)
	}
	return out
}

// Shipping returns how the state with the postal code state (case ignored)
// taxes shipping charges.
func (t *Taxability) Shipping(state string) (Shipping, bool) {
	s, ok := t.shipping[strings.ToUpper(strings.TrimSpace(state))]
	return s, ok
}

// ProductClasses returns the VAT/GST product class rules, sorted by country
// and product class.
func (t *Taxability) ProductClasses() []ProductClassRule { return slices.Clone(t.classes) }

// cloneStateRows copies rows and the decimals they point to.
func cloneStateRows(rows []StateTaxability) []StateTaxability {
	if len(rows) == 0 {
		return nil
	}
	out := slices.Clone(rows)
	for i := range out {
		out[i].Rate = cloneDecimal(out[i].Rate)
		out[i].Threshold = cloneDecimal(out[i].Threshold)
	}
	return out
}

func cloneDecimal(d *decimal.Decimal) *decimal.Decimal {
	if d == nil {
		return nil
	}
	c := *d
	return &c
}

// taxCategory reports whether c is a category of the state rows.
func taxCategory(c string) bool {
	switch c {
	case "general", "groceries", "prepared_food", "clothing", "prescription_drugs", "digital_goods":
		return true
	}
	return false
}

// shippingRule reports whether r is a rule for shipping charges.
func shippingRule(r string) bool {
	switch r {
	case "none", "exempt_if_separately_stated", "conditional", "always_taxable":
		return true
	}
	return false
}

// decodeTaxability reads the file written by the generator (see
// encodeTaxability in data/gen/taxability.go for the layout).
func decodeTaxability(file []byte) (*Taxability, error) {
	r, err := binfmt.Open(file, taxKind, taxVersion)
	if err != nil {
		return nil, err
	}
	t := &Taxability{byState: map[string][2]int32{}, shipping: map[string]Shipping{}}

	n := r.Count(8)
	t.states = make([]StateTaxability, n)
	for i := range t.states {
		x := &t.states[i]
		x.State = r.String()
		x.Category = r.String()
		x.Taxable = r.Bool()
		x.Rate = readOptDecimal(r)
		x.Threshold = readOptDecimal(r)
		x.ThresholdKind = r.String()
		x.Effective = readJurisDate(r)
		x.Expiration = readJurisDate(r)
		x.Citation = r.String()
		if r.Err() != nil {
			return nil, r.Err()
		}
		if !taxCategory(x.Category) {
			return nil, fmt.Errorf("%w: %s has category %q", binfmt.ErrCorrupt, x.State, x.Category)
		}
		switch {
		case x.ThresholdKind != "" && x.ThresholdKind != "below_exempt" && x.ThresholdKind != "above_excess",
			(x.Threshold == nil) != (x.ThresholdKind == ""):
			return nil, fmt.Errorf("%w: %s %s has threshold %v of kind %q", binfmt.ErrCorrupt, x.State, x.Category, x.Threshold, x.ThresholdKind)
		}
		if i > 0 {
			p := &t.states[i-1]
			if c := strings.Compare(p.State, x.State); c > 0 || c == 0 && (p.Category > x.Category ||
				p.Category == x.Category && p.Effective.Compare(x.Effective) > 0) {
				return nil, fmt.Errorf("%w: state rows not sorted at %s %s", binfmt.ErrCorrupt, x.State, x.Category)
			}
		}
		span := t.byState[x.State]
		if span[1] == 0 {
			span[0] = int32(i)
		} else if span[1] != int32(i) {
			return nil, fmt.Errorf("%w: rows of %s are not together", binfmt.ErrCorrupt, x.State)
		}
		span[1] = int32(i) + 1
		t.byState[x.State] = span
	}

	n = r.Count(8)
	t.holidays = make([]Holiday, n)
	for i := range t.holidays {
		h := &t.holidays[i]
		h.State = r.String()
		h.Name = r.String()
		h.Effective = readJurisDate(r)
		h.Expiration = readJurisDate(r)
		if nc := r.Count(1); nc > 0 {
			h.Categories = make([]string, nc)
			for k := range h.Categories {
				h.Categories[k] = r.String()
			}
		}
		h.MaxPerItem = readOptDecimal(r)
		h.Citation = r.String()
		if r.Err() != nil {
			return nil, r.Err()
		}
		if h.Effective.IsZero() || h.Expiration.Before(h.Effective) {
			return nil, fmt.Errorf("%w: holiday %s %q has period %s..%s", binfmt.ErrCorrupt, h.State, h.Name, h.Effective, h.Expiration)
		}
	}

	n = r.Count(3)
	for range n {
		s := Shipping{State: r.String(), Rule: r.String(), HandlingRule: r.String()}
		if r.Err() != nil {
			return nil, r.Err()
		}
		if !shippingRule(s.Rule) || s.HandlingRule != "" && !shippingRule(s.HandlingRule) {
			return nil, fmt.Errorf("%w: shipping of %s has rules %q and %q", binfmt.ErrCorrupt, s.State, s.Rule, s.HandlingRule)
		}
		if _, dup := t.shipping[s.State]; dup {
			return nil, fmt.Errorf("%w: shipping of %s twice", binfmt.ErrCorrupt, s.State)
		}
		t.shipping[s.State] = s
	}

	n = r.Count(5)
	t.classes = make([]ProductClassRule, n)
	for i := range t.classes {
		c := &t.classes[i]
		c.Country = r.String()
		c.ProductClass = r.String()
		c.Treatment = r.String()
		c.Category = r.String()
		c.Citation = r.String()
		if r.Err() != nil {
			return nil, r.Err()
		}
		switch {
		case c.Treatment == "reduced" && c.Category != "",
			(c.Treatment == "zero" || c.Treatment == "exempt") && c.Category == "":
		default:
			return nil, fmt.Errorf("%w: %s %s has treatment %q with category %q", binfmt.ErrCorrupt, c.Country, c.ProductClass, c.Treatment, c.Category)
		}
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	return t, nil
}

// readOptDecimal reads a decimal written by the generator, or nil.
func readOptDecimal(r *binfmt.Reader) *decimal.Decimal {
	switch r.Uvarint() {
	case 0:
		return nil
	case 1:
		coef := r.Varint()
		exp := r.Int()
		d := decimal.New(coef, int32(exp))
		return &d
	}
	if r.Err() == nil {
		// Only 0 and 1 are written; poison the reader so that the caller
		// sees a corrupt file.
		r.Raw(-1)
	}
	return nil
}
