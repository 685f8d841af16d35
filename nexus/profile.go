package nexus

import (
	"context"
	"fmt"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
)

// ProfileRegistrations returns the registrations a tenant's profile
// stores for company that a report counts: those of a US state ("US-TX")
// as the state, those of the EU's Union scheme as AreaEU, and Canada's as
// canadaRegistrations reads them. A registration is the Union scheme's
// as a calculation reads it (profile.Registration.UnionScheme): of type
// "Union Scheme" in its member state of identification (how Levy's
// profile routes store it), or of jurisdiction "EU" without the type of
// another scheme; an "EU" registration for the Import One Stop Shop or
// the non-Union scheme registers no row (those schemes cover no distance
// sales between member states). A number that only identifies the
// company (wire.TaxRegistrationType.Identity: its FEIN, its trade
// register number) registers no row, as it registers the company nowhere
// in a calculation.
func ProfileRegistrations(p *profile.Snapshot, company string) []Registration {
	var out []Registration
	for _, r := range p.Registrations(company) {
		if r.IdentityOnly() {
			continue
		}
		area := ""
		switch {
		case journal.IsUSState(r.Jurisdiction):
			area = strings.TrimPrefix(r.Jurisdiction, "US-")
		case r.UnionScheme():
			area = AreaEU
		case r.Jurisdiction == AreaEU:
			continue
		default:
			out = append(out, canadaRegistrations(&r, company)...)
			continue
		}
		out = append(out, Registration{Company: company, State: area, Effective: r.EffectiveDate, End: r.EndDate,
			Number: r.Number, Source: "profile"})
	}
	return out
}

// Profiles gives a tenant's tax profile (*profile.Cache does).
type Profiles interface {
	Snapshot(ctx context.Context, tenant string) (*profile.Snapshot, error)
}

// EUSource gives the engine a seller's EU distance sales from the
// journal's figures (engine.DistanceSales): its cross-border sales of
// goods and electronic services to consumers in other member states, in
// the calendar year of a sale up to its day (the sales stored before it,
// that day's included), and in the year before. Sales made through a
// marketplace (Transaction.Marketplace) count with its own, as the
// engine counts a sale's own amounts whatever its marketplace mark: the
// threshold is that of a seller established in one member state
// (Article 59c(1)(a) of the VAT directive), whose sales through an
// electronic interface are its own (Article 14a(2) deems the interface
// the supplier only of goods of a seller not established in the Union). A tenant's policy in its tax profile may set them instead
// (euDistanceSales, by company code or "" for every company: that figure
// for both years) and its own threshold (euDistanceThreshold).
//
// An EUSource is safe for concurrent use when its figures and profiles
// are (a journal.Store and a *profile.Cache are). One made without
// figures answers from the policy alone, and refuses a tenant whose
// policy sets no figure as an EInvalid error naming figures, as a nil
// *EUSource refuses every call.
type EUSource struct {
	figures  FigureSource
	profiles Profiles
}

// NewEUSource returns the source over a journal's figures and, when
// profiles is not nil, the tenants' policies. An engine that applies
// tenant profiles (engine.WithProfiles) reads the policy's figures from
// its own snapshot of the profile before it asks the source, so that
// such an engine is given profiles nil here: a source with profiles of
// its own could read a later version than the calculation applies.
func NewEUSource(figures FigureSource, profiles Profiles) *EUSource {
	return &EUSource{figures: figures, profiles: profiles}
}

var _ engine.ReplacingDistanceSales = (*EUSource)(nil)

// EUDistanceSales implements engine.DistanceSales.
func (s *EUSource) EUDistanceSales(ctx context.Context, tenant, company string, date civil.Date) (engine.DistanceFigures, error) {
	return s.figuresWithout(ctx, tenant, company, date, "")
}

// storedGetter is a figure source that also reads the journal's stored
// transactions (every journal.Store is one).
type storedGetter interface {
	Get(ctx context.Context, tenant, id string) (*journal.Transaction, error)
}

// EUDistanceSalesReplacing implements engine.ReplacingDistanceSales:
// when the figures come from a journal that holds transaction id live,
// what that transaction adds to them (journal.Contribution) is taken out,
// since the calculation replaces it and counts its own sales. A source
// whose figures can not read the journal's transactions leaves them as
// they are.
func (s *EUSource) EUDistanceSalesReplacing(ctx context.Context, tenant, company string, date civil.Date, id string) (engine.DistanceFigures, error) {
	return s.figuresWithout(ctx, tenant, company, date, id)
}

// areaSummer is a figure source that adds up the figures of an area over
// spans of days itself (every journal.Store does), from monthly totals
// where its backend keeps them.
type areaSummer interface {
	AreaSums(ctx context.Context, tenant, company, area string, spans []journal.Span) ([]journal.Sum, error)
}

// euGross is the EU distance sales of the tallies of a seller's own sales
// d and of those made through a marketplace m: both count (see EUSource).
func euGross(d, m journal.Tally) int64 { return journal.SumUnits(d.Gross, m.Gross) }

// yearSales returns the seller's EU distance sales (its own and those
// through a marketplace) of date's year up to date and of the year before, in ten-thousandths of a euro: from
// the sums of a source that adds them up (the months before date's month
// then read as totals), else from every day's figure.
func (s *EUSource) yearSales(ctx context.Context, tenant, company string, date civil.Date) (cur, prev int64, err error) {
	from := civil.New(date.Year-1, 1, 1)
	if a, ok := s.figures.(areaSummer); ok {
		sums, err := a.AreaSums(ctx, tenant, company, journal.AreaEU, []journal.Span{
			{From: from, To: civil.New(date.Year-1, 12, 31)},
			{From: civil.New(date.Year, 1, 1), To: date},
		})
		if err != nil {
			return 0, 0, err
		}
		return euGross(sums[1].Direct, sums[1].Marketplace), euGross(sums[0].Direct, sums[0].Marketplace), nil
	}
	err = s.figures.AreaFigures(ctx, tenant, company, journal.AreaEU, from, date, func(f journal.Figure) error {
		if f.Day.Year == date.Year {
			cur = journal.SumUnits(cur, euGross(f.Direct, f.Marketplace))
		} else {
			prev = journal.SumUnits(prev, euGross(f.Direct, f.Marketplace))
		}
		return nil
	})
	return cur, prev, err
}

// figuresWithout returns the figures of EUDistanceSales without those of
// the stored transaction id ("" for none).
func (s *EUSource) figuresWithout(ctx context.Context, tenant, company string, date civil.Date, id string) (engine.DistanceFigures, error) {
	var out engine.DistanceFigures
	if s == nil {
		return out, levy.Invalid("", "nexus: the EUSource is nil: NewEUSource makes one")
	}
	if s.profiles != nil && tenant != "" {
		snap, err := s.profiles.Snapshot(ctx, tenant)
		if err != nil {
			return out, err
		}
		if p := snap.Policy(); p != nil {
			if p.EUDistanceThreshold != nil {
				v := *p.EUDistanceThreshold
				out.Threshold = &v
			}
			if v, ok := p.DistanceSales(company); ok {
				out.Current, out.Previous, out.Source = v, v, "the tenant's policy"
				return out, nil
			}
		}
	}
	out.Source = "the journal"
	if tenant == "" {
		return out, nil
	}
	if s.figures == nil {
		return out, noFigures("figures")
	}
	cur, prev, err := s.yearSales(ctx, tenant, company, date)
	if err != nil {
		return out, err
	}
	if g, ok := s.figures.(storedGetter); ok && id != "" {
		tx, err := g.Get(ctx, tenant, id)
		switch {
		case levy.ErrorCode(err) == levy.ENotFound:
		case err != nil:
			return out, fmt.Errorf("reading the stored transaction %q: %w", id, err)
		default:
			for _, f := range journal.Contribution(tx) {
				if f.Area != journal.AreaEU || f.Company != company {
					continue
				}
				switch {
				case f.Day.Year == date.Year && !f.Day.After(date):
					cur = journal.SumUnits(cur, -euGross(f.Direct, f.Marketplace))
				case f.Day.Year == date.Year-1:
					prev = journal.SumUnits(prev, -euGross(f.Direct, f.Marketplace))
				}
			}
		}
	}
	out.Current, out.Previous = journal.UnitsOf(cur), journal.UnitsOf(prev)
	return out, nil
}
