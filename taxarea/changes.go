package taxarea

import (
	"context"
	"slices"
	"strconv"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// changeRange checks a date range and fills in an open end with today,
// or with from when from is after today (that day alone).
func (r *Resolver) changeRange(from, to civil.Date) (civil.Date, civil.Date, error) {
	if from.IsZero() {
		return from, to, levy.Invalid("beginDate", "is required")
	}
	if to.IsZero() {
		to = r.today()
		if to.Before(from) {
			to = from
		}
	}
	if to.Before(from) {
		return from, to, levy.Invalid("endDate", "%s is before beginDate %s", to, from)
	}
	return from, to, nil
}

// ChangedTaxAreas returns, sorted, the IDs of the tax areas that changed on
// a day from from to to, both included: a jurisdiction of the area or one
// of its rates started or stopped applying. A zero to means today, or
// from itself when from is after today.
//
// An area is listed under every ID that a client may hold for it: its
// own, and the IDs that lookups give for it on the day before each
// change in the range and on the day of it, which differ from its own
// while some of its jurisdictions are not in force (Los Angeles's area
// before and after Measure A replaced Measure H on 2025-04-01). Such an
// ID may be another area's own: before a county-wide district's tax
// begins, its area's lookups give the county's ID, which is then listed
// on the day the tax begins, as the client holding it must look again.
// An ID is listed exactly when TaxAreaChanged reports it changed.
func (r *Resolver) ChangedTaxAreas(ctx context.Context, from, to civil.Date) ([]string, error) {
	if !r.made() {
		return nil, notMade()
	}
	from, to, err := r.changeRange(from, to)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for i, k := range r.areas.ids {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		r.areas.changedIDs(&r.areas.areas[k], from, to, func(id string) bool {
			out = append(out, id)
			return true
		})
	}
	out = append(out, r.vatAreaChanges(from, to)...)
	slices.Sort(out)
	return slices.Compact(out), nil
}

// TaxAreaChanged reports whether one tax area changed from from to to, both
// included: whether ChangedTaxAreas lists id. A zero to means today, or
// from itself when from is after today.
func (r *Resolver) TaxAreaChanged(ctx context.Context, id string, from, to civil.Date) (bool, error) {
	if !r.made() {
		return false, notMade()
	}
	if err := wire.ValidateTaxAreaID("taxareaid", id); err != nil {
		return false, err
	}
	from, to, err := r.changeRange(from, to)
	if err != nil {
		return false, err
	}
	a := r.areas.withID(id)
	if a == nil {
		return false, levy.NotFound("taxareaid", "tax area %s does not exist", id)
	}
	if slices.Contains(r.vatAreaChanges(from, to), id) {
		return true, nil
	}
	// The areas that lookups may give id for: the one it names, and any
	// other whose jurisdictions in force on some days are those.
	num, _ := strconv.ParseUint(id, 10, 64)
	match := func(got string) bool { return got != id }
	if !r.areas.changedIDs(a, from, to, match) {
		return true, nil
	}
	for _, k := range r.areas.alsoGiven[num] {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if !r.areas.changedIDs(&r.areas.areas[k], from, to, match) {
			return true, nil
		}
	}
	return false, nil
}

// vatAreaChanges returns the own tax area IDs of the countries that joined
// or left another's VAT area from from to to (the dataset's
// jurisdiction.VATGeography.VATAreaChanges):
// a lookup of the Isle of Man gives its own area to 1980-03-31 and the
// United Kingdom's from 1980-04-01, so a client holding the island's ID
// must look again. The other country's area did not change.
func (r *Resolver) vatAreaChanges(from, to civil.Date) []string {
	var out []string
	for _, c := range r.vat.VATAreaChanges(from, to) {
		if a := r.areas.of(c); a != nil {
			out = append(out, r.areas.id(a))
		}
	}
	return out
}
