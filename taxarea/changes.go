package taxarea

import (
	"context"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// changeRange checks a date range and fills in an open end with today.
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
// of its rates started or stopped applying. A zero to means today.
func (r *Resolver) ChangedTaxAreas(ctx context.Context, from, to civil.Date) ([]string, error) {
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
		if a := &r.areas.areas[k]; r.areas.changedWithin(a, from, to) {
			out = append(out, r.areas.id(a))
		}
	}
	return out, nil
}

// TaxAreaChanged reports whether one tax area changed from from to to, both
// included. A zero to means today.
func (r *Resolver) TaxAreaChanged(ctx context.Context, id string, from, to civil.Date) (bool, error) {
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
	return r.areas.changedWithin(a, from, to), nil
}
