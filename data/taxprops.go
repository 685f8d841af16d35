package data

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// LowValueLimits returns the dataset's low-value import limits (with a
// content's, once laid over it: Overlay.LowValueLimits).
func (j *Jurisdictions) LowValueLimits() *jurisdiction.LowValueLimits { return j.low }

// LowValueLimit returns the low-value import limit of country (ISO
// 3166-1 alpha-2) in force on d, and false where none is; a member state
// of the EU's VAT area has the Union's (jurisdiction.LowValueLimits.Limit).
func (j *Jurisdictions) LowValueLimit(country string, d civil.Date) (jurisdiction.LowValue, bool) {
	return j.low.Limit(country, d)
}

// TaxAccruals returns the accruals of the taxes of the jurisdiction id
// (how far a buyer accounts for each itself), sorted by tax and start;
// none for a jurisdiction whose taxes the general rules accrue.
func (j *Jurisdictions) TaxAccruals(id string) []jurisdiction.TaxAccrual {
	i, _ := slices.BinarySearchFunc(j.accruals, id, func(a jurisdiction.TaxAccrual, id string) int { return strings.Compare(a.Jurisdiction, id) })
	k := i
	for k < len(j.accruals) && j.accruals[k].Jurisdiction == id {
		k++
	}
	if k == i {
		return nil
	}
	return slices.Clone(j.accruals[i:k])
}

// decodeTaxProperties reads the low-value import limits and the tax
// accruals that follow the VAT regions (from version 4).
func decodeTaxProperties(r *binfmt.Reader, j *Jurisdictions) error {
	low := make([]jurisdiction.LowValue, r.Count(8))
	for k := range low {
		v := &low[k]
		v.Country = r.String()
		v.Scheme = r.String()
		v.Period = readJurisPeriod(r)
		v.Currency = r.String()
		coef := r.Varint()
		v.Amount = decimal.New(coef, int32(r.Varint()))
		v.Strict, v.PerItem, v.BusinessReverseCharge = r.Bool(), r.Bool(), r.Bool()
		v.Source = r.String()
		v.EU = v.Country == jurisdiction.LowValueEU
		if r.Err() != nil {
			return r.Err()
		}
	}
	var err error
	if j.low, err = jurisdiction.NewLowValueLimits(low); err != nil {
		return fmt.Errorf("%w: %v", binfmt.ErrCorrupt, err)
	}
	j.accruals = make([]jurisdiction.TaxAccrual, r.Count(5))
	for k := range j.accruals {
		a := &j.accruals[k]
		ji := r.Uvarint()
		a.Tax = jurisdiction.Tax(r.String())
		a.Accrual = jurisdiction.Accrual(r.Uvarint())
		a.Period = readJurisPeriod(r)
		a.Source = r.String()
		if r.Err() != nil {
			return r.Err()
		}
		if ji >= uint64(len(j.all)) {
			return fmt.Errorf("%w: tax accrual %d refers to jurisdiction %d", binfmt.ErrCorrupt, k, ji)
		}
		a.Jurisdiction = j.all[ji].ID
		if !a.Accrual.Valid() || a.Tax == "" || a.Source == "" {
			return fmt.Errorf("%w: tax accrual %d of %s: tax %q, %s", binfmt.ErrCorrupt, k, a.Jurisdiction, a.Tax, a.Accrual)
		}
		if k > 0 {
			p := &j.accruals[k-1]
			if c := cmp.Or(strings.Compare(p.Jurisdiction, a.Jurisdiction), strings.Compare(string(p.Tax), string(a.Tax))); c > 0 || c == 0 && p.Period.Overlaps(a.Period) {
				return fmt.Errorf("%w: tax accruals of %s %s out of order or overlapping", binfmt.ErrCorrupt, a.Jurisdiction, a.Tax)
			}
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
	return decodeDomesticReverseCharges(r, j)
}

// DomesticReverseCharges returns the dataset's domestic reverse charges.
func (j *Jurisdictions) DomesticReverseCharges() *jurisdiction.DomesticReverseCharges { return j.drc }

// decodeDomesticReverseCharges reads the domestic reverse charges that
// follow the tax accruals (from version 5).
func decodeDomesticReverseCharges(r *binfmt.Reader, j *Jurisdictions) error {
	rows := make([]jurisdiction.DomesticReverseCharge, r.Count(8))
	for k := range rows {
		v := &rows[k]
		v.Country = r.String()
		v.Class = r.String()
		v.Period = readJurisPeriod(r)
		coef := r.Varint()
		v.Threshold = decimal.New(coef, int32(r.Varint()))
		v.Currency = r.String()
		v.Above = r.Bool()
		v.Group, v.Provision, v.Condition, v.Source = r.String(), r.String(), r.String(), r.String()
		if r.Err() != nil {
			return r.Err()
		}
	}
	var err error
	if j.drc, err = jurisdiction.NewDomesticReverseCharges(rows); err != nil {
		return fmt.Errorf("%w: %v", binfmt.ErrCorrupt, err)
	}
	return nil
}
