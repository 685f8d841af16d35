package engine

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// DistanceSales gives the engine a seller's EU distance sales: its
// cross-border sales of goods and electronic services to consumers in
// other EU member states, which decide whether a seller at or below the
// union-wide threshold charges the VAT of its own member state. Levy's
// comes from the journal's sales figures (package nexus, EUSource), with
// a tenant's own figure from its profile's policy in their place where it
// sets one.
type DistanceSales interface {
	// EUDistanceSales returns the figures of the seller company of tenant
	// for a sale on date.
	EUDistanceSales(ctx context.Context, tenant, company string, date civil.Date) (DistanceFigures, error)
}

// DistanceFigures are a seller's EU distance sales in euros.
type DistanceFigures struct {
	// Current is the sales of the calendar year of the sale stored before
	// it (that day's included);
	// Previous those of the calendar year before.
	Current, Previous decimal.Decimal
	// Threshold, when set, is the tenant's own threshold, in place of the
	// engine's (Settings.EUDistanceThreshold) and the dated one.
	Threshold *decimal.Decimal
	// Source says where the figures come from, for the line's reason
	// ("the journal", "the tenant's policy").
	Source string
}

// WithDistanceSales makes the engine decide the EU distance-sales
// threshold from src, for a seller whose figures the tenant's profile
// policy does not set: the policy's figures, read from the snapshot of
// the profile that the whole calculation applies (see WithProfiles),
// come first. Without src, a seller that the policy gives no figures is
// taken to be above the threshold and charges the VAT of the customer's
// member state.
func WithDistanceSales(src DistanceSales) Option { return func(c *config) { c.distance = src } }

// belowDistanceThreshold reports whether the seller's EU distance sales,
// in the calendar year of the document and the one before, are both at
// or below the threshold in force on the document's date, and says why
// either way. The figures are read once per document and seller.
func (c *calc) belowDistanceThreshold(l *line) (string, bool) {
	src := c.s.distance
	if !c.dist.done || c.dist.company != l.seller.company {
		var f DistanceFigures
		var err error
		switch {
		case c.policyDistance(l.seller.company, &f):
			// The figures of the tenant's policy come from the profile
			// the whole calculation reads (c.prof), never from a later
			// version a source might read meanwhile.
		case src != nil:
			f, err = src.EUDistanceSales(c.ctx, levy.Tenant(c.ctx), l.seller.company, c.d.date)
		default:
			return "the seller's EU distance sales are not known", false
		}
		c.dist = distanceMemo{done: true, company: l.seller.company, fig: f, err: err}
	}
	if c.dist.err != nil {
		return fmt.Sprintf("the seller's EU distance sales could not be read (%v)", c.dist.err), false
	}
	f := c.dist.fig
	limit, ok := jurisdiction.EUDistanceThreshold(c.d.date)
	if t := c.set.EUDistanceThreshold; t != nil {
		limit, ok = *t, true
	}
	if f.Threshold != nil {
		limit, ok = *f.Threshold, true
	}
	if !ok {
		return "no EU distance-sales threshold is in force", false
	}
	y := c.d.date.Year
	why := fmt.Sprintf("the seller's cross-border sales to consumers (%s: EUR %s in %d before this sale, EUR %s in %d) are %s the EU threshold of EUR %s",
		f.Source, f.Current.StringFixed(2), y, f.Previous.StringFixed(2), y-1, "%s", limit.StringFixed(0))
	if f.Current.LessThanOrEqual(limit) && f.Previous.LessThanOrEqual(limit) {
		return fmt.Sprintf(why, "within"), true
	}
	return fmt.Sprintf(why, "above"), false
}

// distanceMemo is a document's EU distance sales of one seller.
type distanceMemo struct {
	done    bool
	company string
	fig     DistanceFigures
	err     error
}

// policyDistance fills f from the EU distance sales that the tenant's
// profile policy sets for the seller's company (or for every company),
// in the calculation's snapshot of the profile, and reports whether the
// policy sets them: they come before a DistanceSales source's.
func (c *calc) policyDistance(company string, f *DistanceFigures) bool {
	if c.prof == nil {
		return false
	}
	p := c.prof.Policy()
	if p == nil {
		return false
	}
	v, ok := p.EUDistanceSales[company]
	if !ok {
		v, ok = p.EUDistanceSales[""]
	}
	if !ok {
		return false
	}
	f.Current, f.Previous, f.Source = v, v, "the tenant's policy"
	if t := p.EUDistanceThreshold; t != nil {
		th := *t
		f.Threshold = &th
	}
	return true
}
