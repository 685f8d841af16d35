package datagen

import (
	"cmp"
	"slices"
	"strings"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// The curated table of the domestic reverse charges and the key of its
// source.
const (
	domesticRCFile = "domestic-reverse-charge.csv"
	domesticRCKey  = "domestic-reverse-charge"
)

// domesticRCColumns are the columns of domestic-reverse-charge.csv.
var domesticRCColumns = []string{"country", "product_class", "effective", "expiration", "threshold", "threshold_currency", "threshold_kind",
	"threshold_group", "provision", "buyer_condition", "citation"}

// readDomesticReverseCharges reads domestic-reverse-charge.csv: for each
// country (ISO 3166-1 alpha-2; GB for the United Kingdom) and built-in
// product class (rules.ClassOf), the dated rule that makes a buyer
// registered for the country's VAT account for the VAT of a supply of
// the class within the country (jurisdiction.DomesticReverseCharge).
// threshold and threshold_currency give the least amount of the supply
// that it reaches, threshold_kind at-or-above or above (empty without a
// threshold), threshold_group the classes summed for it; provision
// names the law for the reason, buyer_condition what the law asks of the
// buyer beyond its registration, which Levy assumes and flags, and
// citation the sources. The country must be a member state of the EU's
// VAT area, or the United Kingdom, for the whole period.
func readDomesticReverseCharges(f file, name string) ([]jurisdiction.DomesticReverseCharge, error) {
	t, err := readLineTable(f, name, domesticRCColumns...)
	if err != nil {
		return nil, err
	}
	var out []jurisdiction.DomesticReverseCharge
	for i := range t.rows {
		at := t.refs[i]
		v := jurisdiction.DomesticReverseCharge{Country: t.get(i, "country"), Class: t.get(i, "product_class"),
			Currency: t.get(i, "threshold_currency"), Group: t.get(i, "threshold_group"), Provision: t.get(i, "provision"),
			Condition: t.get(i, "buyer_condition"), Source: t.get(i, "citation")}
		if _, ok := rules.ClassOf(v.Class); !ok {
			return nil, at.errorf("column product_class: %q is not a built-in product class", v.Class)
		}
		if v.Period, err = rowPeriod(t, i); err != nil {
			return nil, err
		}
		if v.Period.Effective.IsZero() {
			return nil, at.errorf("column effective: empty; a domestic reverse charge starts on a day the law names")
		}
		if !domesticRCCountry(v) {
			return nil, at.errorf("column country: %s is neither a member state of the EU's VAT area for the whole period from %s nor the United Kingdom", v.Country, v.Period.Effective)
		}
		if s := t.get(i, "threshold"); s != "" {
			if v.Threshold, err = decimal.NewFromString(s); err != nil || !v.Threshold.IsPositive() {
				return nil, at.errorf("column threshold: %q is not a positive amount", s)
			}
		}
		switch k := t.get(i, "threshold_kind"); {
		case k == "above" && v.Threshold.IsPositive():
			v.Above = true
		case k == "at-or-above" && v.Threshold.IsPositive(), k == "" && !v.Threshold.IsPositive():
		default:
			return nil, at.errorf("column threshold_kind: %q; at-or-above or above with a threshold, empty without one", k)
		}
		if v.Group != "" && !v.Threshold.IsPositive() {
			return nil, at.errorf("column threshold_group: %q without a threshold", v.Group)
		}
		out = append(out, v)
	}
	if _, err := jurisdiction.NewDomesticReverseCharges(out); err != nil {
		return nil, err
	}
	for _, v := range out {
		for _, o := range out {
			if v.Group != "" && o.Group == v.Group && o.Country == v.Country && o.Period.Overlaps(v.Period) &&
				(!o.Threshold.Equal(v.Threshold) || o.Currency != v.Currency || o.Above != v.Above) {
				return nil, lineRef{curatedRef + domesticRCFile, 0}.errorf("threshold group %s of %s: %s and %s have different thresholds", v.Group, v.Country, v.Class, o.Class)
			}
		}
	}
	return out, nil
}

// domesticRCCountry reports whether v's country is the United Kingdom or
// a member state of the EU's VAT area on every day of v's period.
func domesticRCCountry(v jurisdiction.DomesticReverseCharge) bool {
	if v.Country == "GB" {
		return true
	}
	m, ok := jurisdiction.EUMembership(v.Country)
	if !ok || v.Period.Effective.Before(m.Effective) {
		return false
	}
	return m.Expiration.IsZero() || !v.Period.Expiration.IsZero() && !m.Expiration.Before(v.Period.Expiration)
}

// encodeDomesticReverseCharges writes the domestic reverse charges that
// follow the tax accruals (from version 5).
func (b *ratesBuilder) encodeDomesticReverseCharges(w *binfmt.Writer) error {
	rows := slices.Clone(b.domesticRC)
	slices.SortFunc(rows, func(x, y jurisdiction.DomesticReverseCharge) int {
		return cmp.Or(strings.Compare(x.Country, y.Country), strings.Compare(x.Class, y.Class), x.Period.Effective.Compare(y.Period.Effective))
	})
	w.Uvarint(uint64(len(rows)))
	for _, v := range rows {
		w.String(v.Country)
		w.String(v.Class)
		writeRatePeriod(w, v.Period)
		coef := v.Threshold.Coefficient()
		if !coef.IsInt64() {
			return lineRef{curatedRef + domesticRCFile, 0}.errorf("the threshold %s of %s %s does not fit the format", v.Threshold, v.Country, v.Class)
		}
		w.Varint(coef.Int64())
		w.Varint(int64(v.Threshold.Exponent()))
		w.String(v.Currency)
		w.Bool(v.Above)
		w.String(v.Group)
		w.String(v.Provision)
		w.String(v.Condition)
		w.String(v.Source)
	}
	return nil
}
