package datagen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// The curated corrections of the VAT/GST rate sources: the file and the
// key of its rates in the source list.
const (
	vatFixFile = "vat-rate-corrections.csv"
	vatFixKey  = "vat-rate-corrections"
)

// vatFix is one row of the curated corrections of the VAT/GST rate
// sources: over its period, the rate of a jurisdiction's tax and category
// is value, or (none) the jurisdiction has no such tax at all. The
// jurisdiction is a country ("JP") or a part of one with a code of its
// own (a Canadian province, "CA-BC"; a VAT special territory, "PT-20").
type vatFix struct {
	juris string
	tax   jurisdiction.Tax
	// category is the rate category; empty for a "none" row, which
	// removes every category of the tax.
	category string
	none     bool
	value    decimal.Decimal
	period   civil.Period
	citation string
	at       lineRef
}

// String names the row in messages.
func (f vatFix) String() string {
	what := f.value.String()
	if f.none {
		what = "none"
	}
	cat := f.category
	if cat == "" {
		cat = "every category"
	}
	return fmt.Sprintf("%s %s %s %s from %s to %s", f.juris, f.tax, cat, what, dateOrOpen(f.period.Effective), dateOrOpen(f.period.Expiration))
}

// dateOrOpen writes a period bound, "open" for a zero one.
func dateOrOpen(d civil.Date) string {
	if d.IsZero() {
		return "open"
	}
	return d.String()
}

// vatFixTaxes are the taxes a correction may name.
var vatFixTaxes = map[string]jurisdiction.Tax{"VAT": jurisdiction.VAT, "GST": jurisdiction.GST,
	"HST": jurisdiction.HST, "PST": jurisdiction.PST, "QST": jurisdiction.QST,
	string(jurisdiction.ConsumptionTax): jurisdiction.ConsumptionTax,
	string(jurisdiction.GoodsSalesTax):  jurisdiction.GoodsSalesTax,
	string(jurisdiction.ServiceTax):     jurisdiction.ServiceTax,
}

// vatFixNewTaxes are the taxes that the corrections may give a country
// although no rate source gives it that tax: Malaysia's service tax
// (Service Tax Act 2018), which the world rates file leaves out beside
// the sales tax, and its goods and services tax of April 1, 2015 to
// August 31, 2018 (Goods and Services Tax Act 2014); the VAT of
// Bangladesh and of Iran, two of the forty largest economies, which the
// world rates file does not list at all. Any other row about a tax no
// source gives is refused as a likely slip.
var vatFixNewTaxes = map[string][]jurisdiction.Tax{
	"BD": {jurisdiction.VAT},
	"IR": {jurisdiction.VAT},
	"MY": {jurisdiction.ServiceTax, jurisdiction.GST},
}

// vatFixCategories are the categories a correction may name.
var vatFixCategories = map[string]bool{
	jurisdiction.General: true, jurisdiction.Reduced: true, jurisdiction.Reduced2: true,
	jurisdiction.SuperReduced: true, jurisdiction.Parking: true,
}

// readVATFixes reads the curated corrections of the VAT/GST rate sources
// and checks each row on its own and against the others: no two rows of
// one jurisdiction and tax may overlap in category and period.
func readVATFixes(f file, name string) ([]vatFix, error) {
	t, err := readLineTable(f, name, "jurisdiction", "tax", "category", "rate", "effective", "expiration", "citation")
	if err != nil {
		return nil, err
	}
	var out []vatFix
	for i := range t.rows {
		at := t.refs[i]
		r := vatFix{juris: t.get(i, "jurisdiction"), category: t.get(i, "category"), citation: t.get(i, "citation"), at: at}
		if !fixJurisdiction(r.juris) {
			return nil, at.errorf("jurisdiction %q is neither an ISO 3166-1 alpha-2 code nor a part of a country with a code of its own (CA-BC, PT-20)", r.juris)
		}
		tax, ok := vatFixTaxes[t.get(i, "tax")]
		if !ok {
			return nil, at.errorf("tax %q is not VAT, GST, HST, PST, QST, Consumption Tax, Sales Tax or Service Tax", t.get(i, "tax"))
		}
		r.tax = tax
		switch rate := t.get(i, "rate"); rate {
		case "none", "":
			r.none = true
			if r.category != "" {
				return nil, at.errorf("a \"none\" row removes the tax in every category; leave category empty (got %q)", r.category)
			}
		default:
			v, err := RateFraction(rate)
			if err != nil {
				return nil, at.errorf("rate: %v", err)
			}
			if v.IsNegative() || !v.LessThan(decimal.NewFromInt(1)) {
				return nil, at.errorf("rate %s is not a fraction in [0, 1)", rate)
			}
			if !vatFixCategories[r.category] {
				return nil, at.errorf("category %q is not one of general, reduced, reduced2, super_reduced, parking", r.category)
			}
			r.value = v
		}
		if r.period, err = rowPeriod(t, i); err != nil {
			return nil, err
		}
		if r.citation == "" {
			return nil, at.errorf("no citation")
		}
		for _, o := range out {
			if o.juris == r.juris && o.tax == r.tax && (o.none || r.none || o.category == r.category) && o.period.Overlaps(r.period) {
				return nil, at.errorf("%s overlaps %s (%s)", r, o, o.at)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// fixJurisdiction reports whether id has the form of a country ("JP")
// or of a part of one with a code of its own ("CA-BC", a province whose
// sales tax the world file gives; "PT-20", a VAT special territory of the
// EU file): upper-case letters, and digits after the hyphen.
func fixJurisdiction(id string) bool {
	country, part, found := strings.Cut(id, "-")
	if !jurisdiction.IsAlpha2Form(country) {
		return false
	}
	return !found || len(part) >= 1 && len(part) <= 3 && strings.Trim(part, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == ""
}

// matches reports whether a rate is one that a correction replaces or
// removes: of its country, tax and category (every category for a
// "none" row), whatever the period.
func (f vatFix) matches(r jurisdiction.Rate) bool {
	return r.Jurisdiction == f.juris && r.Tax == f.tax && (f.none || r.Category == f.category)
}

// changes reports whether a correction changes the rates of the sources
// (rates, as the sources gave them): a "none" row must remove a rate, a
// rate row must differ from them, or fill a gap, on some day of its
// period.
func (f vatFix) changes(rates []jurisdiction.Rate) bool {
	var in []jurisdiction.Rate
	for _, r := range rates {
		if f.matches(r) && r.Period.Overlaps(f.period) {
			in = append(in, r)
		}
	}
	if f.none {
		return len(in) > 0
	}
	slices.SortFunc(in, func(a, b jurisdiction.Rate) int { return a.Effective.Compare(b.Effective) })
	// Walk the period from its start: each day must be covered by a rate
	// of the same value for the row to change nothing.
	next := f.period.Effective // the first day not yet covered
	open := next.IsZero()      // the period runs since always
	for _, r := range in {
		if !r.Value.Equal(f.value) {
			return true
		}
		switch {
		case open && !r.Effective.IsZero():
			return true // the days before r are not covered
		case !open && !r.Effective.IsZero() && r.Effective.After(next):
			return true // a gap before r
		}
		open = false
		if r.Expiration.IsZero() {
			return false // covered to the end
		}
		if d := r.Expiration.AddDays(1); d.After(next) {
			next = d
		}
		if !f.period.Expiration.IsZero() && next.After(f.period.Expiration) {
			return false
		}
	}
	return true
}

// applyVATFixes applies the corrections to the rates of the sources:
// each row takes its period out of the rates it matches (splitting one
// that runs across it) and, unless it is a "none" row, adds its own rate
// for the period. A row about a country, tax or category that no source
// gives, or that changes nothing, is refused.
func (b *ratesBuilder) applyVATFixes(fixes []vatFix, sources ...string) error {
	for _, f := range fixes {
		var known, country []jurisdiction.Rate
		for _, r := range b.ratesOf(f.juris) {
			if slices.Contains(sources, r.Source) && r.Tax == f.tax {
				known = append(known, r)
			}
		}
		if c, _, part := strings.Cut(f.juris, "-"); part && !f.none {
			// A province or territory may be given a tax or category
			// that the sources give its country or another part of it
			// (British Columbia's HST of 2010 to 2013, as Ontario's; the
			// Azores' reduced rates, as Portugal's).
			for _, r := range b.rates {
				if (r.Jurisdiction == c || strings.HasPrefix(r.Jurisdiction, c+"-")) && slices.Contains(sources, r.Source) && r.Tax == f.tax {
					country = append(country, r)
				}
			}
		}
		newTax := len(known) == 0 && len(country) == 0 && slices.Contains(vatFixNewTaxes[f.juris], f.tax)
		switch {
		case newTax && f.none:
			return f.at.errorf("%s: no source gives %s its %s, so there is no rate to remove", f, f.juris, f.tax)
		case newTax && f.category != jurisdiction.General:
			return f.at.errorf("%s: a tax that no source gives takes general rates only", f)
		case newTax:
			// A tax the sources leave out (vatFixNewTaxes): the row
			// gives its rates.
		case len(known) == 0 && len(country) == 0:
			return f.at.errorf("no source gives a %s of %s to correct", f.tax, f.juris)
		case !f.none && !slices.ContainsFunc(append(known, country...), func(r jurisdiction.Rate) bool { return r.Category == f.category }):
			return f.at.errorf("no source gives a %s %s rate of %s to correct", f.category, f.tax, f.juris)
		}
		if !f.changes(known) {
			return f.at.errorf("%s changes nothing: the sources already say so; remove the row", f)
		}
	}
	for _, f := range fixes {
		kept := b.rates[:0:0]
		for _, r := range b.rates {
			if !f.matches(r) || !r.Period.Overlaps(f.period) {
				kept = append(kept, r)
				continue
			}
			if !f.period.Effective.IsZero() && (r.Effective.IsZero() || r.Effective.Before(f.period.Effective)) {
				before := r
				before.Expiration = f.period.Effective.AddDays(-1)
				kept = append(kept, before)
			}
			if !f.period.Expiration.IsZero() && (r.Expiration.IsZero() || r.Expiration.After(f.period.Expiration)) {
				after := r
				after.Effective = f.period.Expiration.AddDays(1)
				kept = append(kept, after)
			}
		}
		b.rates = kept
		b.reindex()
		if f.none {
			continue
		}
		if err := b.addRate(jurisdiction.Rate{
			Jurisdiction: f.juris, Tax: f.tax, Category: f.category, Value: f.value, Period: f.period, Source: vatFixKey,
		}); err != nil {
			return fmt.Errorf("%s: %w", f.at, err)
		}
	}
	return nil
}

// reindex rebuilds the index of rates by jurisdiction after the rates
// were replaced.
func (b *ratesBuilder) reindex() {
	b.byJuris = map[string][]int{}
	for i, r := range b.rates {
		b.byJuris[r.Jurisdiction] = append(b.byJuris[r.Jurisdiction], i)
	}
}

// addVATFixes applies the curated corrections to the rates of the EU VAT
// and world rate sources, after both are in.
func addVATFixes(g *gen, b *ratesBuilder) error {
	fixes, err := readVATFixes(g.curatedFile(vatFixFile), curatedRef+vatFixFile)
	if err != nil {
		return err
	}
	if err := b.applyVATFixes(fixes, euVATKey, worldKey); err != nil {
		return err
	}
	g.log.Info("VAT rate corrections", "rows", len(fixes))
	g.addSource(Source{
		Key:   vatFixKey,
		Files: curatedRef + vatFixFile,
		What: "dated corrections of the VAT/GST rates of " + euVATFile + " and " + worldFile + ", applied after them: a row replaces the sources' rate of its country (or Canadian province, or VAT special territory), tax and category " +
			"for its period (history the sources lack, rate changes they miss), and a \"none\" row removes the tax for its period (Kuwait and Qatar, which have no VAT in force; " +
			"the years before a country introduced its VAT). A few rows give a country a tax the sources leave out (Malaysia's service tax and its GST of 2015 to 2018; the VAT of Bangladesh and Iran). " +
			"A row that overlaps another, changes nothing, or names a country, tax or category no source gives (those few taxes aside) is refused",
		From:    "the statutes, tax authority pages and secondary publications cited in each row (curated by the Levy project)",
		Licence: "facts",
	})
	return nil
}
