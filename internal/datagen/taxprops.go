package datagen

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
)

// The curated tables of the taxes' properties and the keys of their
// sources: the low-value import limits and the buyer's accrual of
// single-stage taxes.
const (
	lowValueFile   = "low-value-limits.csv"
	lowValueKey    = "low-value-limits"
	taxAccrualFile = "tax-accruals.csv"
	taxAccrualKey  = "tax-accruals"
)

// lowValueColumns are the columns of low-value-limits.csv; package
// data/content reads a user's table of the same columns.
var lowValueColumns = []string{"country", "effective", "expiration", "limit", "currency", "applies_to", "within", "business_reverse_charge", "scheme", "citation"}

// readLowValueLimits reads low-value-limits.csv: for each country (ISO
// 3166-1 alpha-2, or EU for every member state of the Union's VAT area),
// its dated limit on goods imported in low-value consignments that a
// seller from abroad charges the tax on at sale. applies_to is consignment
// (the document's goods) or item (each item's price, Norway's), within is
// at-or-below or below (Norway's "under NOK 3,000"),
// business_reverse_charge is yes where a business customer with a VAT
// or GST number of the country is not charged the tax and accounts for
// any due by reverse charge (the United Kingdom's, Australia's and New
// Zealand's). known reports whether a jurisdiction ID is in the
// dataset.
//
// Switzerland has no row: from 2019-01-01 a foreign seller whose small
// consignments (import tax of CHF 5 or less) reach CHF 100,000 a year
// registers (MWSTG, article 7(3)(b)), and its sales into Switzerland are
// then domestic supplies whatever their value, which a registration in CH
// already makes Levy do.
func readLowValueLimits(f file, name string, known func(string) bool) ([]jurisdiction.LowValue, error) {
	t, err := readLineTable(f, name, lowValueColumns...)
	if err != nil {
		return nil, err
	}
	var out []jurisdiction.LowValue
	for i := range t.rows {
		at := t.refs[i]
		var fault error
		v := jurisdiction.ParseLowValue(func(col string) string { return t.get(i, col) }, known, true, func(col, format string, args ...any) {
			if fault == nil {
				fault = at.errorf("column %s: %s", col, fmt.Sprintf(format, args...))
			}
		})
		if fault != nil {
			return nil, fault
		}
		if v.Period, err = rowPeriod(t, i); err != nil {
			return nil, err
		}
		if err := v.CheckMemberState(); err != nil {
			return nil, at.errorf("column country: %v", err)
		}
		for _, o := range out {
			if o.Country == v.Country && o.Period.Overlaps(v.Period) {
				return nil, at.errorf("columns effective, expiration: the period of %s overlaps that of its limit from %s", v.Country, o.Period.Effective)
			}
		}
		out = append(out, v)
	}
	if _, err := jurisdiction.NewLowValueLimits(out); err != nil {
		return nil, err
	}
	return out, nil
}

// readTaxAccruals reads tax-accruals.csv: how far a buyer accounts for a
// tax of a jurisdiction itself, by period (jurisdiction.Accrual: none, or
// imported-services). The jurisdiction must levy the tax in the dataset:
// levies reports whether it has a rate of it.
func readTaxAccruals(f file, name string, levies func(id string, tax jurisdiction.Tax) bool) ([]jurisdiction.TaxAccrual, error) {
	t, err := readLineTable(f, name, "jurisdiction", "tax", "accrual", "effective", "expiration", "citation")
	if err != nil {
		return nil, err
	}
	var out []jurisdiction.TaxAccrual
	for i := range t.rows {
		at := t.refs[i]
		a := jurisdiction.TaxAccrual{Jurisdiction: t.get(i, "jurisdiction"), Tax: jurisdiction.Tax(t.get(i, "tax")), Source: t.get(i, "citation")}
		if !levies(a.Jurisdiction, a.Tax) {
			return nil, at.errorf("columns jurisdiction, tax: %s has no rate of %q in the dataset", a.Jurisdiction, a.Tax)
		}
		var ok bool
		if a.Accrual, ok = jurisdiction.ParseAccrual(t.get(i, "accrual")); !ok {
			return nil, at.errorf("column accrual: %q is neither none nor imported-services", t.get(i, "accrual"))
		}
		if a.Period, err = rowPeriod(t, i); err != nil {
			return nil, err
		}
		if a.Source == "" {
			return nil, at.errorf("column citation: empty; cite the law")
		}
		for _, o := range out {
			if o.Jurisdiction == a.Jurisdiction && o.Tax == a.Tax && o.Period.Overlaps(a.Period) {
				return nil, at.errorf("columns effective, expiration: the period of %s %s overlaps that of its accrual from %s", a.Jurisdiction, a.Tax, o.Period.Effective)
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// addTaxProperties reads the curated properties of the taxes: the
// low-value import limits and the buyer's accruals. It runs once every
// rate is in, so that an accrual's tax is checked against them.
func addTaxProperties(g *gen, b *ratesBuilder) error {
	known := func(id string) bool { _, ok := b.juris[id]; return ok }
	low, err := readLowValueLimits(g.curatedFile(lowValueFile), curatedRef+lowValueFile, known)
	if err != nil {
		return err
	}
	levies := func(id string, tax jurisdiction.Tax) bool {
		return slices.ContainsFunc(b.ratesOf(id), func(r jurisdiction.Rate) bool { return r.Tax == tax })
	}
	acc, err := readTaxAccruals(g.curatedFile(taxAccrualFile), curatedRef+taxAccrualFile, levies)
	if err != nil {
		return err
	}
	drc, err := readDomesticReverseCharges(g.curatedFile(domesticRCFile), curatedRef+domesticRCFile)
	if err != nil {
		return err
	}
	b.lowValue, b.accruals, b.domesticRC = low, acc, drc
	g.addSource(Source{
		Key:   lowValueKey,
		Files: curatedRef + lowValueFile,
		What: "the limits on goods imported in low-value consignments that a seller from abroad charges the VAT or GST on at sale " +
			"(the United Kingdom's £135, the EU's €150 IOSS, Australia's and New Zealand's 1,000, Norway's NOK 3,000, Malaysia's RM500 and Singapore's S$400 per item), with their dates and rules",
		From:    "the VAT and GST acts and the VAT Directive cited in each row (curated by the Levy project)",
		Licence: "facts",
	})
	g.addSource(Source{
		Key:     taxAccrualKey,
		Files:   curatedRef + taxAccrualFile,
		What:    "how far a buyer accounts for a single-stage tax itself (Malaysia's sales tax and service tax: none, but the service tax on imported taxable services from 2019-01-01)",
		From:    "the tax acts cited in each row (curated by the Levy project)",
		Licence: "facts",
	})
	g.addSource(Source{
		Key:   domesticRCKey,
		Files: curatedRef + domesticRCFile,
		What: "the domestic reverse charges: the product classes whose supply between two businesses registered for VAT in a member state " +
			"(VAT Directive, articles 199 and 199a) or in the United Kingdom (VAT Act 1994, section 55A) the buyer accounts for, with their dates, thresholds and the buyer's conditions Levy assumes",
		From:    "the VAT acts and the tax authorities' guidance cited in each row (curated by the Levy project)",
		Licence: "facts",
	})
	return nil
}

// encodeTaxProperties writes the low-value limits and the tax accruals
// that follow the VAT regions (from version 4), then the domestic reverse
// charges (from version 5); index gives the position
// of each jurisdiction ID.
func (b *ratesBuilder) encodeTaxProperties(w *binfmt.Writer, index map[string]int) error {
	low := slices.Clone(b.lowValue)
	slices.SortFunc(low, func(x, y jurisdiction.LowValue) int {
		return cmp.Or(strings.Compare(x.Country, y.Country), x.Period.Effective.Compare(y.Period.Effective))
	})
	w.Uvarint(uint64(len(low)))
	for _, v := range low {
		w.String(v.Country)
		w.String(v.Scheme)
		writeRatePeriod(w, v.Period)
		w.String(v.Currency)
		coef := v.Amount.Coefficient()
		if !coef.IsInt64() {
			return lineRef{curatedRef + lowValueFile, 0}.errorf("the limit %s of %s does not fit the format", v.Amount, v.Country)
		}
		w.Varint(coef.Int64())
		w.Varint(int64(v.Amount.Exponent()))
		w.Bool(v.Strict)
		w.Bool(v.PerItem)
		w.Bool(v.BusinessReverseCharge)
		w.String(v.Source)
	}
	acc := slices.Clone(b.accruals)
	slices.SortFunc(acc, func(x, y jurisdiction.TaxAccrual) int {
		return cmp.Or(strings.Compare(x.Jurisdiction, y.Jurisdiction), strings.Compare(string(x.Tax), string(y.Tax)), x.Period.Effective.Compare(y.Period.Effective))
	})
	w.Uvarint(uint64(len(acc)))
	for _, a := range acc {
		w.Uvarint(uint64(index[a.Jurisdiction]))
		w.String(string(a.Tax))
		w.Uvarint(uint64(a.Accrual))
		writeRatePeriod(w, a.Period)
		w.String(a.Source)
	}
	return b.encodeDomesticReverseCharges(w)
}
