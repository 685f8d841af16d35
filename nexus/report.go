package nexus

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/shopspring/decimal"
)

// The statuses of a state.
const (
	// StatusNone: below the threshold and below the share that warns.
	StatusNone = "none"
	// StatusApproaching: at or above the tenant's share of a threshold
	// (Options.Share, else its policy's, else DefaultShare), not past it.
	StatusApproaching = "approaching"
	// StatusExceeded: past the threshold; CrossedOn and CollectFrom say
	// when, and from when collection is due.
	StatusExceeded = "exceeded"
	// StatusRegistered: the seller holds a registration there on the
	// date asked, whatever its sales.
	StatusRegistered = "registered"
)

// DefaultShare is the share of a threshold at which a state is
// approaching, when neither the report nor the tenant's policy
// (profile.Policy.NexusShare) chose one.
var DefaultShare = decimal.RequireFromString("0.8")

// AreaEU is the row of the EU's distance-sales threshold in a report.
const AreaEU = "EU"

// Options are what a report is asked for.
type Options struct {
	// AsOf is the day the statuses are of (required).
	AsOf civil.Date
	// Share is the share of a threshold from which a state is
	// approaching, above 0 and at most 1; zero is the share of the
	// tenant's policy (Profile's profile.Policy.NexusShare), else
	// DefaultShare.
	Share decimal.Decimal
	// Company limits the report to one seller company code; without it
	// the report has the rows of every company that has sales figures
	// (and of company "" when none has). A report of one company reads
	// that company's figures alone from a source that can
	// (journal.Store.CompanyFigures).
	Company    string
	CompanySet bool
	// Registrations are where the sellers hold registrations (see
	// Registration); a state where a company holds one in force on AsOf
	// is registered. A company named by one in force has its rows
	// without sales figures.
	Registrations []Registration
	// EUThreshold, when set, replaces the EU's union-wide threshold (a
	// tenant's policy).
	EUThreshold *decimal.Decimal
	// Profile, when set, is the tenant's tax profile: its stored
	// registrations count as Registrations (each company's, source
	// "profile"), its policy's euDistanceThreshold as EUThreshold
	// unless that is set, and its policy's nexusShare as Share unless
	// that is set.
	Profile *profile.Snapshot
}

// Registration is a seller's registration for a state's sales tax, a
// Canadian province's ("CA-BC"), Canada's GST/HST (data.NexusCanada,
// "CAN"), or the EU's Union scheme (State AreaEU), from a date, until a
// date (zero: open). A registration of CAN counts for both of Canada's
// thresholds; a province's for its own row alone (see
// canadaRegistrations for those of a tenant's profile).
type Registration struct {
	Company   string     `json:"company"`
	State     string     `json:"state"`
	Effective civil.Date `json:"effective,omitzero"`
	End       civil.Date `json:"end,omitzero"`
	// Number is the registration's number, when known; Source says
	// where it comes from ("profile", "list").
	Number string `json:"number,omitempty"`
	Source string `json:"source,omitempty"`
	// AllCompanies makes the registration every company's, whatever
	// Company says: a list's row that names no company (ReadRegistrations).
	AllCompanies bool `json:"-"`
}

// of reports whether r is a registration of company.
func (r *Registration) of(company string) bool {
	return r.AllCompanies || r.Company == company
}

// inForce reports whether r is in force on d.
func (r *Registration) inForce(d civil.Date) bool {
	return (r.Effective.IsZero() || !d.Before(r.Effective)) && (r.End.IsZero() || !d.After(r.End))
}

// Row is the status of one seller company in one state (or AreaEU) on
// a day, with what it was decided from.
type Row struct {
	Company string `json:"company"`
	// State is the state's postal code ("TX"), a Canadian province's
	// jurisdiction ID ("CA-BC"), data.NexusCanada ("CAN") for Canada's
	// GST/HST, or AreaEU.
	State string `json:"state"`
	// Scheme tells apart Canada's two rows: data.NexusSmallSupplier and
	// data.NexusSimplified; empty elsewhere.
	Scheme string `json:"scheme,omitempty"`
	Status string `json:"status"`
	// Currency is the ISO 4217 code of the amounts: USD in a US state,
	// CAD in Canada, EUR for AreaEU.
	Currency string `json:"currency"`
	// Sales and Transactions are what counts toward the threshold in the
	// measurement period (PeriodStart to PeriodEnd): the sales the state
	// counts (Counts), in Currency, marketplace sales with them where
	// the state counts those (Marketplace).
	Sales        money.Amount `json:"sales"`
	Transactions int64        `json:"transactions"`
	// SalesThreshold and TransactionThreshold are the state's (null when
	// it has no such test); Logic is sales, or, and.
	SalesThreshold       *money.Amount `json:"sales_threshold"`
	TransactionThreshold *int          `json:"transaction_threshold"`
	Logic                string        `json:"logic"`
	PeriodStart          civil.Date    `json:"period_start"`
	PeriodEnd            civil.Date    `json:"period_end"`
	// CrossedOn is the day the threshold was passed, and CollectFrom the
	// day collection is due from (null unless exceeded, or registered
	// past the threshold).
	CrossedOn   *civil.Date `json:"crossed_on"`
	CollectFrom *civil.Date `json:"collect_from"`
	// Share is the part of the threshold reached (1 at the threshold;
	// for "and", the smaller of the two, for "or" the larger).
	Share money.Amount `json:"share"`
	// Period, Counts and Marketplace name how the state measures.
	Period      string `json:"period"`
	Counts      string `json:"counts"`
	Marketplace string `json:"marketplace"`
	// MarketplaceSales and MarketplaceTransactions are the sales made
	// through marketplace facilitators in the period, counted apart
	// whether or not the state counts them.
	MarketplaceSales        money.Amount `json:"marketplace_sales"`
	MarketplaceTransactions int64        `json:"marketplace_transactions"`
	// Unconverted counts lines in another currency that no conversion
	// brought to the threshold's, which the amounts leave out.
	Unconverted int64 `json:"unconverted,omitempty"`
	// Registration is the seller's registration there, when registered.
	Registration *Registration `json:"registration,omitempty"`
	Citation     string        `json:"citation"`
	// Explanation says all of the above in a sentence.
	Explanation string `json:"explanation"`

	// since is the day the row's status (before a registration) began
	// in the running totals of its period, and prior the status before
	// it there ("" when the totals never had another): a watcher names
	// its notices by them, which every node finds alike on any day.
	// since is zero when the totals do not tell (a registration
	// decides, or the totals never left none).
	since civil.Date
	prior string
	// crossedAtLatest is true when CrossedOn is the day of crossing at
	// the latest, not the day itself: a rolling period's total was past
	// the threshold on every day the report weighs it, and the figures
	// before the twelve months ending on the first of them, which could
	// date the crossing earlier, are not read (rollingCrossed).
	crossedAtLatest bool
	// collectOnFirstDay is true when CollectFrom is the first day of the
	// rule that the period's sales met when it took effect, earlier or
	// later than the rule's collection read from the crossing alone.
	collectOnFirstDay bool
	// unregistered is the last day of the latest registration of the
	// row's company there that ended before the day asked (zero: none).
	unregistered civil.Date
}

// Report is the status of every state with a threshold (and the EU) for
// the sellers of a tenant on a day.
type Report struct {
	Tenant string     `json:"tenant"`
	AsOf   civil.Date `json:"as_of"`
	// Share is the share of a threshold from which a state is
	// approaching.
	Share money.Amount `json:"share"`
	Rows  []Row        `json:"rows"`
}

// FigureSource is where a report reads the sales figures: a journal
// (journal.Store has this method).
type FigureSource interface {
	EachFigure(ctx context.Context, tenant string, from, to civil.Date, fn func(journal.Figure) error) error
	AreaFigures(ctx context.Context, tenant, company, area string, from, to civil.Date, fn func(journal.Figure) error) error
}

// companyFigureSource is a figure source that reads the figures of one
// company without the others' (journal.Store has this method): a report
// of one company (Options.CompanySet) reads those alone.
type companyFigureSource interface {
	CompanyFigures(ctx context.Context, tenant, company string, from, to civil.Date, fn func(journal.Figure) error) error
}

// Check checks the options, each fault an EInvalid error naming its
// field (asOf, share, registrations[i].state, ...). Nil rules are
// refused naming rules: the states of the registrations are checked
// against them.
func (o *Options) Check(rules *data.NexusRules) error {
	var errs levy.Errors
	if rules == nil {
		errs = append(errs, noRules("rules"))
	}
	switch {
	case o.AsOf.IsZero():
		errs = append(errs, levy.Invalid("asOf", "the date of the report is required"))
	case o.AsOf.Year < 2000 || o.AsOf.Year > 2100:
		errs = append(errs, levy.Invalid("asOf", "%s is out of range (2000 to 2100)", o.AsOf))
	}
	if o.Share.Sign() < 0 || o.Share.GreaterThan(decimal.NewFromInt(1)) {
		errs = append(errs, levy.Invalid("share", "%s is not between 0 and 1 (0.8 warns at 80%% of a threshold)", o.Share))
	}
	if o.EUThreshold != nil && o.EUThreshold.Sign() < 0 {
		errs = append(errs, levy.Invalid("euDistanceThreshold", "%s is negative", o.EUThreshold))
	}
	known := map[string]bool{AreaEU: true}
	if rules != nil {
		for _, s := range rules.States() {
			known[s] = true
		}
	}
	for i, r := range o.Registrations {
		if rules != nil && !known[r.State] {
			errs = append(errs, levy.Invalid(fmt.Sprintf("registrations[%d].state", i), "%q is not a jurisdiction with a registration threshold: "+
				"a US state's postal code such as TX, a Canadian province such as CA-BC, CAN for Canada's GST/HST, or EU", r.State))
		}
		if !r.End.IsZero() && !r.Effective.IsZero() && r.End.Before(r.Effective) {
			errs = append(errs, levy.Invalid(fmt.Sprintf("registrations[%d].end", i), "%s is before the effective date %s", r.End, r.Effective))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// share returns the share of a threshold from which the report's states
// are approaching: the one asked (Share), else the tenant's policy's
// (profile.Policy.NexusShare), else DefaultShare.
func (o *Options) share() decimal.Decimal {
	if !o.Share.IsZero() {
		return o.Share
	}
	if o.Profile != nil {
		if p := o.Profile.Policy(); p != nil && p.NexusShare != nil && p.NexusShare.Sign() > 0 {
			return *p.NexusShare
		}
	}
	return DefaultShare
}

// day is one day's figures of a company in an area.
type day = [2]journal.Tally // Direct, Marketplace

// series is the figures of a company in an area, one entry per day
// from the report's first day.
type series []day

type seriesKey struct{ company, area string }

// noRules and noFigures refuse a report, or a watcher, without the rules
// of the thresholds or a source of the figures, naming the parameter or
// the member.
func noRules(field string) *levy.Error {
	return levy.Invalid(field, "the report needs the nexus rules of a dataset (data.Dataset.Nexus), and %s is nil", field)
}

func noFigures(field string) *levy.Error {
	return levy.Invalid(field, "the report needs a source of the sales figures (a journal.Store), and %s is nil", field)
}

// Build makes the report of tenant from the figures of src, under rules.
// A nil src or nil rules, like a fault of the options (Options.Check),
// is an EInvalid error naming it.
func Build(ctx context.Context, src FigureSource, rules *data.NexusRules, tenant string, o Options) (*Report, error) {
	if src == nil {
		errs := levy.Errors{noFigures("src")}
		if es, ok := o.Check(rules).(levy.Errors); ok {
			errs = append(errs, es...)
		}
		return nil, errs
	}
	if err := o.Check(rules); err != nil {
		return nil, err
	}
	o.Share = o.share()
	// The earliest day any period reaches: October 1 two years back (a
	// year to September), which covers the calendar years, or the first
	// day of the twelve months that end on the first day of the twelve
	// months ending on the day asked, if earlier: a rolling period's day
	// of crossing is looked for in the twelve months ending on each of
	// its days (rollingCrossed).
	from := civil.Date{Year: o.AsOf.Year - 2, Month: time.October, Day: 1}
	if d := twelveMonthsFrom(twelveMonthsFrom(o.AsOf)); d.Before(from) {
		from = d
	}
	n := int(o.AsOf.Days()-from.Days()) + 1
	all := map[seriesKey]series{}
	add := func(f journal.Figure) error {
		if o.CompanySet && f.Company != o.Company {
			return nil
		}
		k := seriesKey{f.Company, f.Area}
		s := all[k]
		if s == nil {
			s = make(series, n)
			all[k] = s
		}
		i := int(f.Day.Days() - from.Days())
		if i < 0 || i >= n {
			return nil
		}
		s[i][0] = s[i][0].Add(f.Direct)
		s[i][1] = s[i][1].Add(f.Marketplace)
		return nil
	}
	var err error
	if c, ok := src.(companyFigureSource); ok && o.CompanySet {
		err = c.CompanyFigures(ctx, tenant, o.Company, from, o.AsOf, add)
	} else {
		err = src.EachFigure(ctx, tenant, from, o.AsOf, add)
	}
	if err != nil {
		return nil, err
	}
	companies := map[string]bool{}
	for k := range all {
		companies[k.company] = true
	}
	for i := range o.Registrations {
		if r := &o.Registrations[i]; !r.AllCompanies && r.inForce(o.AsOf) {
			companies[r.Company] = true
		}
	}
	if o.CompanySet {
		companies = map[string]bool{o.Company: true}
	}
	if len(companies) == 0 {
		companies[""] = true
	}
	if o.Profile != nil {
		if p := o.Profile.Policy(); p != nil && p.EUDistanceThreshold != nil && o.EUThreshold == nil {
			v := *p.EUDistanceThreshold
			o.EUThreshold = &v
		}
		// The stored registrations come first: a row shows the stored
		// one where a list names another.
		var stored []Registration
		for _, c := range slices.Sorted(mapsKeys(companies)) {
			stored = append(stored, ProfileRegistrations(o.Profile, c)...)
		}
		o.Registrations = append(stored, o.Registrations...)
	}
	rep := &Report{Tenant: tenant, AsOf: o.AsOf, Share: money.New(o.Share)}
	empty := make(series, n)
	dated := rules.All()
	hist := map[data.NexusKey][]phase{}
	for _, k := range rules.Keys() {
		hist[k] = phasesOf(dated, k)
		for i := range hist[k] {
			hist[k][i].test.warnAt(o.Share)
		}
	}
	for _, company := range slices.Sorted(mapsKeys(companies)) {
		for _, k := range rules.Keys() {
			rule, ok := rules.OnScheme(k.State, k.Scheme, o.AsOf)
			if !ok {
				row := Row{Company: company, State: k.State, Scheme: k.Scheme, Status: StatusNone, Currency: (&data.NexusRule{State: k.State}).Currency()}
				row.Explanation = fmt.Sprintf("%s had no registration threshold on %s", jurisdictionName(k.State, k.Scheme), o.AsOf)
				rep.Rows = append(rep.Rows, row)
				continue
			}
			s := all[seriesKey{company, figureArea(&rule)}]
			if s == nil {
				s = empty
			}
			rep.Rows = append(rep.Rows, stateRow(company, k.State, rule, hist[k], s, from, o))
		}
		s := all[seriesKey{company, journal.AreaEU}]
		if s == nil {
			s = empty
		}
		rep.Rows = append(rep.Rows, euRow(company, s, from, o))
	}
	return rep, nil
}

// figureArea is the area of the journal's figures that a rule counts: the
// US state's ("US-TX"), a Canadian province's ("CA-BC") or Canada's
// (journal.AreaCanada), the sales to consumers apart
// (journal.ConsumerArea) where the rule counts those.
func figureArea(rule *data.NexusRule) string {
	area := "US-" + rule.State
	switch c, _ := data.NexusJurisdiction(rule.State); {
	case rule.State == data.NexusCanada:
		area = journal.AreaCanada
	case c == "CA":
		area = rule.State
	}
	if rule.Counts == data.NexusConsumer {
		area = journal.ConsumerArea(area)
	}
	return area
}

// jurisdictionName is how an explanation names a row's jurisdiction.
func jurisdictionName(state, scheme string) string {
	switch {
	case state == data.NexusCanada && scheme == data.NexusSmallSupplier:
		return "Canada (GST/HST, small supplier)"
	case state == data.NexusCanada:
		return "Canada (GST/HST, simplified registration of non-resident sellers)"
	}
	return state
}

func mapsKeys(m map[string]bool) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// window is a measurement period: its first and last days, and the last
// day of the period it belongs to (after-period collection starts the
// day after); rolling is true for the twelve months ending on the day,
// whose first day moves with the day.
type window struct {
	start, end, periodEnd civil.Date
	rolling               bool
}

// windows returns the periods a rule measures on asOf, earliest first.
func windows(period string, asOf civil.Date) []window {
	y := asOf.Year
	switch period {
	case data.NexusCalendarYear:
		return []window{
			{civil.New(y-1, time.January, 1), civil.New(y-1, time.December, 31), civil.New(y-1, time.December, 31), false},
			{civil.New(y, time.January, 1), asOf, civil.New(y, time.December, 31), false},
		}
	case data.NexusYearToSeptember:
		start := civil.New(y, time.October, 1)
		if asOf.Before(start) {
			start = civil.New(y-1, time.October, 1)
		}
		prev := civil.New(start.Year-1, time.October, 1)
		return []window{
			{prev, start.AddDays(-1), start.AddDays(-1), false},
			{start, asOf, civil.New(start.Year+1, time.September, 30), false},
		}
	case data.Nexus4Quarters:
		// The four calendar quarters before the current one, and the
		// current one to date (a single quarter's test).
		q := civil.New(y, time.Month((int(asOf.Month)-1)/3*3+1), 1)
		return []window{
			{addMonths(q, -12), q.AddDays(-1), q.AddDays(-1), false},
			{q, asOf, addMonths(q, 3).AddDays(-1), false},
		}
	case data.Nexus4QuartersNY:
		// New York's quarters start in March, June, September and
		// December.
		m := int(asOf.Month)
		qm := m - m%3 // the quarter's first month: 3, 6, 9 or 12 (0: December before)
		qy := y
		if qm <= 0 {
			qm, qy = qm+12, y-1
		}
		q := civil.New(qy, time.Month(qm), 1)
		return []window{
			{addMonths(q, -12), q.AddDays(-1), q.AddDays(-1), false},
			{addMonths(q, -9), asOf, addMonths(q, 3).AddDays(-1), false},
		}
	}
	return []window{{start: twelveMonthsFrom(asOf), end: asOf, periodEnd: asOf, rolling: true}}
}

// twelveMonthsFrom is the first day of the twelve months ending on d:
// the day after the same day a year before, or, when d is the last day
// of its month, the first day of the month eleven months before (the
// twelve months ending on 2025-02-28 start on 2024-03-01, not on
// 2024-02-29).
func twelveMonthsFrom(d civil.Date) civil.Date {
	if next := d.AddDays(1); next.Day == 1 {
		return addMonths(next, -12)
	}
	return addMonths(d, -12).AddDays(1)
}

// addMonths returns d moved by n months, on the same day of the month
// or the month's last.
func addMonths(d civil.Date, n int) civil.Date {
	m := int(d.Month) - 1 + n
	y := d.Year + m/12
	m %= 12
	if m < 0 {
		m += 12
		y--
	}
	last := civil.New(y, time.Month(m+1), 1).Time().AddDate(0, 1, -1).Day()
	return civil.New(y, time.Month(m+1), min(d.Day, last))
}

// measure is the amount of a tally that a rule counts, held within an
// int64 as the figures are (journal.SumUnits).
func measure(t journal.Tally, counts string) int64 {
	switch counts {
	case data.NexusTaxable:
		return t.Taxable
	case data.NexusRetail, data.NexusConsumer:
		// Consumer sales are the retail sales of the consumers' area.
		return journal.SumUnits(t.Gross, -t.Exempt)
	case data.NexusRetailButResale:
		// The sales to exempt organisations count; resales do not.
		return journal.SumUnits(t.Gross, -journal.SumUnits(t.Exempt, -t.ExemptOther))
	}
	return t.Gross
}

// tallied returns the sales and transactions that t counts of the
// sales d made directly and m through marketplace facilitators.
func (t *test) tallied(d, m journal.Tally) (sales, count int64) {
	sales, count = measure(d, t.counts), d.Count
	if t.marketplace {
		sales, count = journal.SumUnits(sales, measure(m, t.counts)), count+m.Count
	}
	return sales, count
}

// tally is a window's totals.
type tally struct {
	sales, count     int64 // what counts
	mpSales, mpCount int64 // marketplace sales, counted or not
	unconverted      int64
	// crossed is the day the running totals last came to meet the rule
	// in force that day (zero if the totals do not meet the threshold
	// at the end), and crossedBy the index in the phases of that rule
	// (-1: the test of the day asked).
	crossed         civil.Date
	crossedBy       int
	crossedAtLatest bool
	// crossedByRule is true when the totals before the day of crossing's
	// own sales met the rule that took effect that day: the rule, not a
	// sale, took the seller past.
	crossedByRule          bool
	meets                  bool
	salesShare, countShare decimal.Decimal
	// level is the status the running totals came to on the window's
	// last day (levelNone, levelApproaching, levelExceeded), since the
	// day they came to it, and prior the level before (-1: none before).
	level, prior int
	since        civil.Date
}

// The levels of the running totals, as statuses.
const (
	levelNone = iota
	levelApproaching
	levelExceeded
)

// levelStatus is the status of a level ("" for none before, -1).
func levelStatus(l int) string {
	switch l {
	case levelNone:
		return StatusNone
	case levelApproaching:
		return StatusApproaching
	case levelExceeded:
		return StatusExceeded
	}
	return ""
}

// test is a rule's thresholds in ten-thousandths.
type test struct {
	sales          int64
	salesOver      bool
	count          int64
	countOver      bool
	logic          string
	marketplace    bool
	counts         string
	salesThreshold decimal.Decimal
	// warnSales and warnCount are the least sales (ten-thousandths) and
	// transactions whose share of the thresholds, rounded to four places
	// as a row's share is, reaches the share that warns (warnAt); warn
	// is false until warnAt.
	warnSales, warnCount int64
	warn                 bool
}

// warnAt sets the amounts from which t's totals are approaching: a
// share of the threshold at or above share once rounded to four places
// (as Row.Share), so that the running totals' level and a row's status
// agree.
func (t *test) warnAt(share decimal.Decimal) {
	least := func(limit int64) int64 {
		// A share rounded to four places reaches share from the half
		// below share's own fourth place, rounded up.
		return share.RoundCeil(4).Sub(decimal.New(5, -5)).Mul(decimal.NewFromInt(limit)).Ceil().IntPart()
	}
	t.warnSales, t.warnCount, t.warn = least(t.sales), least(t.count), true
}

// levelOf returns the level of the sales d made directly and m through
// marketplace facilitators under t.
func (t *test) levelOf(d, m journal.Tally) int {
	if t.meetsTallies(d, m) {
		return levelExceeded
	}
	if !t.warn {
		return levelNone
	}
	sales, count := t.tallied(d, m)
	// A threshold of any sale is all reached or not at all (sum).
	s := t.sales > 0 && sales >= t.warnSales
	c := t.count > 0 && count >= t.warnCount
	near := s
	switch t.logic {
	case data.NexusOr:
		near = s || c
	case data.NexusAnd:
		near = s && c
	}
	if near {
		return levelApproaching
	}
	return levelNone
}

// testOf returns the test of rule.
func testOf(rule *data.NexusRule) test {
	return test{sales: rule.Sales.Shift(4).IntPart(), salesOver: rule.SalesTest == data.NexusOver,
		count: int64(rule.Transactions), countOver: rule.TransactionTest == data.NexusOver,
		logic: rule.Logic, marketplace: rule.Marketplace, counts: rule.Counts, salesThreshold: rule.Sales}
}

func (t *test) meets(sales, count int64) bool {
	s := sales > t.sales || !t.salesOver && sales == t.sales
	c := t.count > 0 && (count > t.count || !t.countOver && count == t.count)
	switch t.logic {
	case data.NexusOr:
		return s || c
	case data.NexusAnd:
		return s && c
	}
	return s
}

// meetsTallies reports whether the sales d made directly and m through
// marketplace facilitators meet t, counted as t counts them.
func (t *test) meetsTallies(d, m journal.Tally) bool {
	return t.meets(t.tallied(d, m))
}

// phase is one of the dated rules of a row's jurisdiction: the test it
// sets on the days it applies, From to To (To zero: open).
type phase struct {
	from, to civil.Date
	rule     data.NexusRule
	test     test
}

// phasesOf returns the rules of k among all as phases, by date.
func phasesOf(all []data.NexusRule, k data.NexusKey) []phase {
	var out []phase
	for i := range all {
		if r := &all[i]; r.State == k.State && r.Scheme == k.Scheme {
			out = append(out, phase{from: r.Effective, to: r.Expiration, rule: *r, test: testOf(r)})
		}
	}
	slices.SortFunc(out, func(a, b phase) int { return a.from.Compare(b.from) })
	return out
}

// on returns the index of the phase in force on d, -1 for none.
func on(hist []phase, d civil.Date) int {
	for i := range hist {
		if !d.Before(hist[i].from) && (hist[i].to.IsZero() || !d.After(hist[i].to)) {
			return i
		}
	}
	return -1
}

// inForce returns the test in force on day and its phase's index in
// hist: t and -1 when hist is nil (t on every day), nil and -1 when no
// phase of hist covers day.
func inForce(t *test, hist []phase, day civil.Date) (*test, int) {
	if hist == nil {
		return t, -1
	}
	if k := on(hist, day); k >= 0 {
		return &hist[k].test, k
	}
	return nil, -1
}

// sum adds up the days of s in w, which t (the test of the rule in
// force on the day asked, s's last day) decides, and finds the day the
// threshold was crossed. A jurisdiction's rule changes on dated rows
// (hist; nil: t on every day): the day of crossing is the last day on
// which the running totals came to meet the rule in force that day, each
// rule applied from its own date only, and the window's totals standing
// for the days after its end until the day asked. A state that dropped
// its transaction test was thus crossed on the day the old test was met,
// under the old rule's collection; a lower threshold that a past
// period's sales meet is crossed on the day it took effect, not before.
func sum(s series, from civil.Date, w window, t *test, hist []phase) tally {
	out := tally{crossedBy: -1}
	a, b := int(w.start.Days()-from.Days()), int(w.end.Days()-from.Days())
	a = max(a, 0)
	b = min(b, len(s)-1)
	last := len(s) - 1
	// The days after the window's first, to the day asked, on which the
	// rule in force changes: the running totals meet or not anew.
	var changes []int
	for k := range hist {
		days := []civil.Date{hist[k].from}
		if !hist[k].to.IsZero() {
			days = append(days, hist[k].to.AddDays(1))
		}
		for _, d := range days {
			if i := int(d.Days() - from.Days()); i > a && i <= last {
				changes = append(changes, i)
			}
		}
	}
	slices.Sort(changes)
	changes = slices.Compact(changes)
	var dir, mkt journal.Tally
	meets, crossedBy, byRule := false, -1, false
	var crossed civil.Date
	out.prior = -1
	c := 0
	for i := a; i <= last; i++ {
		if i > b && c == len(changes) {
			break
		}
		change := c < len(changes) && changes[c] == i
		if change {
			c++
		}
		moved := false
		before, beforeMkt := dir, mkt
		if i <= b {
			d, m := s[i][0], s[i][1]
			if !d.IsZero() || !m.IsZero() {
				moved = true
				dir, mkt = dir.Add(d), mkt.Add(m)
				sales, count := t.tallied(d, m)
				out.sales = journal.SumUnits(out.sales, sales)
				out.count += count
				out.unconverted += d.Unconverted
				out.mpSales = journal.SumUnits(out.mpSales, measure(m, t.counts))
				out.mpCount += m.Count
				if t.marketplace {
					out.unconverted += m.Unconverted
				}
			}
		}
		if !moved && !change {
			continue
		}
		day := civil.FromDays(from.Days() + int32(i))
		x, k := inForce(t, hist, day)
		now := x != nil && x.meetsTallies(dir, mkt)
		if now && !meets {
			crossed, crossedBy = day, k
			byRule = change && x.meetsTallies(before, beforeMkt)
		}
		meets = now
		lvl := levelNone
		if x != nil {
			lvl = x.levelOf(dir, mkt)
		}
		if lvl != out.level {
			out.prior, out.level, out.since = out.level, lvl, day
		}
	}
	out.meets = t.meets(out.sales, out.count)
	if out.meets {
		out.crossed, out.crossedBy, out.crossedByRule = crossed, crossedBy, byRule
		if !meets {
			// The rule of the day asked is the last one applied: this
			// does not happen, but the day asked is a safe answer.
			out.crossed, out.crossedBy = civil.FromDays(from.Days()+int32(last)), -1
		}
		if w.rolling {
			// The running totals from the period's first day leave out
			// the sales before it that kept the threshold met.
			out.crossed, out.crossedBy, out.crossedAtLatest, out.crossedByRule = rollingCrossed(s, from, t, hist)
		}
	}
	switch {
	case t.sales > 0:
		out.salesShare = decimal.NewFromInt(out.sales).Div(decimal.NewFromInt(t.sales))
	case out.meets:
		// Any sale (a threshold of more than zero) is all of it.
		out.salesShare = decimal.NewFromInt(1)
	}
	if t.count > 0 {
		out.countShare = decimal.NewFromInt(out.count).Div(decimal.NewFromInt(t.count))
	}
	return out
}

// rollingCrossed returns the day of crossing of a rolling period (the
// twelve months ending on the day) whose totals on s's last day meet the
// threshold: the first day of the last run of days, to s's last, on which
// the twelve months ending on the day met the rule in force that day (t,
// or the phase of hist in force, whose index it returns; -1: t). A seller
// whose sales of a year ago kept it past the threshold was crossed when
// it came past it, not on the day of a later sale. The days looked at are
// those whose twelve months s holds whole: a run that reaches the first
// of them was crossed on that day at the latest, which atLatest reports
// (not when no rule was in force the day before it: the threshold was
// crossed on the day it took effect); byRule reports that the crossing
// came on the first day of a rule that the totals before that day's own
// sales met.
func rollingCrossed(s series, from civil.Date, t *test, hist []phase) (crossed civil.Date, by int, atLatest, byRule bool) {
	last := len(s) - 1
	index := func(d civil.Date) int { return int(d.Days() - from.Days()) }
	// The first day whose twelve months start on or after from: within
	// a month after the day eleven months after from.
	first := max(index(addMonths(from, 11)), 0)
	for first <= last && index(twelveMonthsFrom(civil.FromDays(from.Days()+int32(first)))) < 0 {
		first++
	}
	if first > last {
		return civil.FromDays(from.Days() + int32(last)), -1, false, false
	}
	var dir, mkt journal.Tally
	lo := max(index(twelveMonthsFrom(civil.FromDays(from.Days()+int32(first)))), 0)
	for i := lo; i < first; i++ {
		dir, mkt = dir.Add(s[i][0]), mkt.Add(s[i][1])
	}
	run, runBy := -1, -1
	for i := first; i <= last; i++ {
		day := civil.FromDays(from.Days() + int32(i))
		dir, mkt = dir.Add(s[i][0]), mkt.Add(s[i][1])
		for start := index(twelveMonthsFrom(day)); lo < start; lo++ {
			dir, mkt = dir.Add(s[lo][0].Neg()), mkt.Add(s[lo][1].Neg())
		}
		x, k := inForce(t, hist, day)
		switch met := x != nil && x.meetsTallies(dir, mkt); {
		case !met:
			run = -1
		case run < 0:
			run, runBy = i, k
			// On the first day weighed, a rule in force the day before
			// may have been met too: the rule's taking effect is then not
			// known to have taken the seller past.
			byRule = k >= 0 && day == hist[k].from && (i > first || on(hist, day.AddDays(-1)) < 0) &&
				x.meetsTallies(dir.Add(s[i][0].Neg()), mkt.Add(s[i][1].Neg()))
		}
	}
	if run < 0 {
		// The totals of the day asked meet its rule: this does not
		// happen, but the day asked is a safe answer.
		return civil.FromDays(from.Days() + int32(last)), -1, false, false
	}
	crossed = civil.FromDays(from.Days() + int32(run))
	return crossed, runBy, run == first && (hist == nil || on(hist, crossed.AddDays(-1)) >= 0), byRule
}

// share is the part of the threshold a window's totals reach.
func (x *tally) share(logic string) decimal.Decimal {
	switch logic {
	case data.NexusOr:
		return decimal.Max(x.salesShare, x.countShare)
	case data.NexusAnd:
		return decimal.Min(x.salesShare, x.countShare)
	}
	return x.salesShare
}

// stateRow decides a state's row under rule, the one in force on the
// day asked; hist are all the dated rules of the state (phasesOf), which
// date the crossing and its collection.
func stateRow(company, st string, rule data.NexusRule, hist []phase, s series, from civil.Date, o Options) Row {
	t := testOf(&rule)
	t.warnAt(o.Share)
	row := Row{Company: company, State: st, Scheme: rule.Scheme, Currency: rule.Currency(), Logic: rule.Logic, Period: rule.Period,
		Counts: rule.Counts, Citation: rule.Citation, Marketplace: "excluded"}
	if rule.Marketplace {
		row.Marketplace = "included"
	}
	if !rule.Sales.IsZero() || rule.Logic == data.NexusSales {
		v := money.New(rule.Sales)
		row.SalesThreshold = &v
	}
	if rule.Transactions > 0 {
		v := rule.Transactions
		row.TransactionThreshold = &v
	}
	ws := windows(rule.Period, o.AsOf)
	var chosen *window
	var best tally
	for i := range ws {
		x := sum(s, from, ws[i], &t, hist)
		if x.meets {
			if chosen == nil || !best.meets {
				chosen, best = &ws[i], x
			}
			continue
		}
		if chosen == nil || !best.meets && x.share(rule.Logic).GreaterThanOrEqual(best.share(rule.Logic)) {
			chosen, best = &ws[i], x
		}
	}
	row.PeriodStart, row.PeriodEnd = chosen.start, chosen.end
	row.Sales, row.Transactions = money.New(journal.UnitsOf(best.sales).Round(2)), best.count
	row.MarketplaceSales, row.MarketplaceTransactions = money.New(journal.UnitsOf(best.mpSales).Round(2)), best.mpCount
	row.Unconverted = best.unconverted
	row.Share = money.New(best.share(rule.Logic).Round(4))
	// Collection is due as the rule in force on the day of crossing says.
	crossedUnder := rule
	if best.crossedBy >= 0 {
		crossedUnder = hist[best.crossedBy].rule
	}
	collect, _ := data.ParseNexusCollect(crossedUnder.Collect)
	switch {
	case best.meets:
		row.Status = StatusExceeded
		c, f := best.crossed, collect.FromPeriod(best.crossed, chosen.start, chosen.periodEnd)
		if best.crossedByRule && collect.Kind == "next-day" || f.Before(c) {
			// The next transaction after a rule that past sales meet
			// takes effect is any of its first day; and a period's
			// sales that meet a rule on the day it takes effect, after
			// the period's end, have collection from that day, not
			// before.
			f, row.collectOnFirstDay = c, true
		}
		row.CrossedOn, row.CollectFrom = &c, &f
		row.crossedAtLatest = best.crossedAtLatest
	case row.Share.Decimal().GreaterThanOrEqual(o.Share):
		row.Status = StatusApproaching
	default:
		row.Status = StatusNone
	}
	row.episode(&best)
	crossedStatus := row.Status
	for i := range o.Registrations {
		r := &o.Registrations[i]
		if r.of(company) && r.State == st && r.inForce(o.AsOf) {
			reg := *r
			reg.Company = company
			row.Registration, row.Status = &reg, StatusRegistered
			break
		}
	}
	row.lastRegistration(o, st)
	row.Explanation = explain(&row, &rule, &crossedUnder, crossedStatus)
	return row
}

// episode keeps, from the totals x of the row's period, the day its
// status began and the status before, when the running totals end on
// the row's status (they do, but for a rule that changed after the
// period's end).
func (r *Row) episode(x *tally) {
	if levelStatus(x.level) != r.Status || x.since.IsZero() {
		return
	}
	r.since, r.prior = x.since, levelStatus(x.prior)
}

// lastRegistration keeps the last day of the latest registration of the
// row's company in area (a state, a Canadian row's, AreaEU) that ended
// before the day asked, and forgets the totals' episode of a registered
// row.
func (r *Row) lastRegistration(o Options, area string) {
	if r.Status == StatusRegistered {
		// The registration decides: the totals date nothing.
		r.since, r.prior = civil.Date{}, ""
	}
	for i := range o.Registrations {
		g := &o.Registrations[i]
		if g.of(r.Company) && g.State == area && !g.End.IsZero() && g.End.Before(o.AsOf) && g.End.After(r.unregistered) {
			r.unregistered = g.End
		}
	}
}

// explain writes a row's sentence: rule is the one in force on the day
// asked, under the one in force on the day of crossing.
//
// An amount below zero is written with its sign before the currency
// ("-$300000.00"), and a period whose sales or transactions are below
// zero says why.
func explain(r *Row, rule, under *data.NexusRule, crossed string) string {
	var b strings.Builder
	what := map[string]string{data.NexusGross: "gross sales", data.NexusRetail: "retail sales",
		data.NexusRetailButResale: "retail sales", data.NexusTaxable: "taxable sales", data.NexusConsumer: "sales to consumers"}[r.Counts]
	consumers := ""
	switch r.Counts {
	case data.NexusConsumer:
		consumers = consumerWords(r.State)
	case data.NexusRetailButResale:
		consumers = "sales to exempt organisations and other exempt customers counted, sales for resale left out; "
	}
	cur := "$"
	if r.Currency != "USD" {
		cur = r.Currency + " "
	}
	into := r.State
	if r.State == data.NexusCanada {
		into = "Canada"
	}
	fmt.Fprintf(&b, "%s: %s of %s (%smarketplace sales %s) and %s into %s from %s to %s",
		r.Status, signed(cur, r.Sales), what, consumers, r.Marketplace, counted(r.Transactions, "transaction"), into, r.PeriodStart, r.PeriodEnd)
	if r.Sales.Sign() < 0 || r.Transactions < 0 {
		// A reversal counts on its own posting date, and a credit note
		// on its own: in a period that does not hold the sale it takes
		// back, it leaves the period below zero.
		b.WriteString(" (below zero: the period holds reversals or returns of sales that counted in the days before it)")
	}
	test := ""
	amount := fmt.Sprintf("%s%s", cur, rule.Sales.StringFixed(0))
	switch {
	case rule.Sales.IsZero() && rule.SalesTest == data.NexusOver:
		amount = "any sale (more than " + amount + ")"
	case rule.SalesTest == data.NexusOver:
		amount = "more than " + amount
	default:
		amount += " or more"
	}
	count := ""
	if rule.Transactions > 0 {
		count = fmt.Sprintf("%d or more transactions", rule.Transactions)
		if rule.TransactionTest == data.NexusOver {
			count = fmt.Sprintf("more than %d transactions", rule.Transactions)
		}
	}
	switch rule.Logic {
	case data.NexusOr:
		test = amount + " or " + count
	case data.NexusAnd:
		test = amount + " and " + count + ", both"
	default:
		test = amount + " (sales alone)"
	}
	period := map[string]string{data.NexusCalendarYear: "the current or the previous calendar year",
		data.NexusYearToSeptember: "the 12 months ending on September 30", data.Nexus12Months: "the 12 months ending on the day",
		data.Nexus4QuartersNY: "the four sales tax quarters ending with the current one",
		data.Nexus4Quarters:   "the current calendar quarter, or the four calendar quarters before it"}[rule.Period]
	fmt.Fprintf(&b, "; the threshold is %s in %s (%s of it reached)", test, period, r.Share.Decimal().Mul(decimal.NewFromInt(100)).StringFixed(1)+"%")
	if r.CrossedOn != nil {
		at := ""
		if r.crossedAtLatest {
			// The earlier figures were not weighed: no day before is
			// claimed, and none is invented.
			at = " at the latest (the twelve months ending on each day from then on were past the threshold; the sales before the twelve months ending on that day were not weighed, and could date the crossing earlier)"
		}
		fmt.Fprintf(&b, "; crossed on %s%s, collection due from %s (%s", r.CrossedOn, at, r.CollectFrom, under.Collect)
		if k, _ := data.ParseNexusCollect(under.Collect); k.Kind == "on" {
			if r.CollectFrom != nil && r.CollectFrom.After(k.Day) {
				// Crossed after the day: collection is due from the
				// crossing (NexusCollect.From).
				b.WriteString(": the day of crossing, after the day the jurisdiction set for every seller past the threshold by then")
			} else {
				b.WriteString(": the day the jurisdiction set for every seller past the threshold by then")
			}
		}
		if under.Effective != rule.Effective {
			fmt.Fprintf(&b, ", under the rule in force from %s", under.Effective)
		}
		if r.collectOnFirstDay {
			b.WriteString(", from the first day of the rule that the earlier sales met")
		}
		b.WriteString(")")
	}
	if r.Registration != nil {
		fmt.Fprintf(&b, "; registered")
		if r.Registration.Number != "" {
			fmt.Fprintf(&b, " as %s", r.Registration.Number)
		}
		if !r.Registration.Effective.IsZero() {
			fmt.Fprintf(&b, " from %s", r.Registration.Effective)
		}
		fmt.Fprintf(&b, " (%s)", cmp.Or(r.Registration.Source, "list"))
		if crossed != StatusNone {
			fmt.Fprintf(&b, ", the sales being %s", crossed)
		}
	}
	if r.MarketplaceTransactions != 0 {
		fmt.Fprintf(&b, "; marketplace sales apart: %s in %s", signed(cur, r.MarketplaceSales), counted(r.MarketplaceTransactions, "transaction"))
	}
	if r.Unconverted > 0 {
		name := map[string]string{"USD": "US dollars", "CAD": "Canadian dollars"}[r.Currency]
		fmt.Fprintf(&b, "; %s in another currency without a conversion to %s %s not counted", counted(r.Unconverted, "line"), name, agreeing(r.Unconverted, "is", "are"))
	}
	if c, _ := data.NexusJurisdiction(rule.State); c == "CA" && rule.Counts == data.NexusTaxable {
		// The journal's taxable amount of a province is its tax's, which
		// the engine calculates for a seller in Canada only.
		b.WriteString("; the taxable sales are those the province's tax was calculated on: a sale that bears no tax of the province " +
			"(Levy calculates none on a sale from outside Canada) counts nothing toward them: the amount is a floor")
	}
	if rule.State == data.NexusCanada && rule.Scheme == data.NexusSmallSupplier {
		b.WriteString("; the test counts the taxable supplies the seller and its associates make worldwide, and the journal's figures hold only the sales into Canada: the amount is a floor")
	}
	fmt.Fprintf(&b, ". Source: %s", rule.Citation)
	return b.String()
}

// consumerWords says, in a row's explanation, who counts as a consumer
// toward the threshold of state (journal.ConsumerArea) and what counts.
func consumerWords(state string) string {
	reg := "a GST/HST number of the normal regime (RT)"
	if state == "CA-QC" {
		reg = "a QST number of the general system (TQ)"
	}
	return "customers without " + reg + ", businesses included; exempt and zero-rated supplies left out; "
}

// euRow decides the EU's distance-sales row: the seller's cross-border
// sales to consumers in the current and the previous calendar year
// against the union-wide threshold.
func euRow(company string, s series, from civil.Date, o Options) Row {
	// The sales through a marketplace count as the seller's own (see
	// EUSource).
	row := Row{Company: company, State: AreaEU, Currency: "EUR", Logic: data.NexusSales, Period: data.NexusCalendarYear, Counts: data.NexusGross,
		Marketplace: "included", Citation: "https://eur-lex.europa.eu/eli/dir/2006/112/oj (Article 59c)"}
	limit, ok := jurisdiction.EUDistanceThreshold(o.AsOf)
	if o.EUThreshold != nil {
		limit, ok = *o.EUThreshold, true
	}
	before := o.AsOf.Before(euGoodsThresholdFrom())
	if before {
		// The threshold of 2019-2021 was article 58(2)'s.
		row.Citation = "https://eur-lex.europa.eu/eli/dir/2006/112/oj (Article 58(2) as in force from 2019-01-01 to 2021-06-30; Article 34 for goods)"
	}
	if !ok {
		row.Status = StatusNone
		row.Explanation = fmt.Sprintf("no union-wide EU distance-sales threshold was in force on %s; %s", o.AsOf, euGoodsBefore)
		row.Citation = euGoodsCitation
		return row
	}
	lim := money.New(limit)
	row.SalesThreshold = &lim
	t := test{sales: limit.Shift(4).IntPart(), salesOver: true, logic: data.NexusSales, counts: data.NexusGross, marketplace: true}
	t.warnAt(o.Share)
	ws := windows(data.NexusCalendarYear, o.AsOf)
	var chosen *window
	var best tally
	for i := range ws {
		x := sum(s, from, ws[i], &t, nil)
		if chosen == nil || x.meets && !best.meets || !best.meets && !x.meets && x.salesShare.GreaterThanOrEqual(best.salesShare) {
			chosen, best = &ws[i], x
		}
	}
	row.PeriodStart, row.PeriodEnd = chosen.start, chosen.end
	row.Sales, row.Transactions = money.New(journal.UnitsOf(best.sales).Round(2)), best.count
	row.MarketplaceSales, row.MarketplaceTransactions = money.New(journal.UnitsOf(best.mpSales).Round(2)), best.mpCount
	row.Unconverted = best.unconverted
	row.Share = money.New(best.salesShare.Round(4))
	switch {
	case best.meets:
		row.Status = StatusExceeded
		c := best.crossed
		row.CrossedOn, row.CollectFrom = &c, &c
	case row.Share.Decimal().GreaterThanOrEqual(o.Share):
		row.Status = StatusApproaching
	default:
		row.Status = StatusNone
	}
	row.episode(&best)
	crossed := row.Status
	for i := range o.Registrations {
		r := &o.Registrations[i]
		if r.of(company) && r.State == AreaEU && r.inForce(o.AsOf) {
			reg := *r
			reg.Company = company
			row.Registration, row.Status = &reg, StatusRegistered
			break
		}
	}
	row.lastRegistration(o, AreaEU)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: EUR %s of cross-border sales of goods and electronic services to consumers in other EU member states in %s from %s to %s; the union-wide threshold is more than EUR %s in the current or the previous calendar year (%s%% of it reached)",
		row.Status, row.Sales.Decimal().StringFixed(2), counted(row.Transactions, "transaction"), row.PeriodStart, row.PeriodEnd, limit.StringFixed(0), row.Share.Decimal().Mul(decimal.NewFromInt(100)).StringFixed(1))
	what := ""
	if before {
		what = " to electronic, telecommunication and broadcasting services"
	}
	if row.CrossedOn != nil {
		fmt.Fprintf(&b, "; crossed on %s: from that sale on, the VAT of the customer's member state applies%s", row.CrossedOn, what)
	} else {
		fmt.Fprintf(&b, "; at or below it, a seller established in one member state charges its own VAT%s unless it opts for destination taxation", what)
	}
	if before {
		fmt.Fprintf(&b, "; on %s the union-wide threshold reached those services only, though the sales counted here include goods: %s", o.AsOf, euGoodsBefore)
	}
	if row.Registration != nil {
		fmt.Fprintf(&b, "; registered for the Union scheme (%s), the sales being %s", cmp.Or(row.Registration.Source, "list"), crossed)
	}
	if row.MarketplaceTransactions != 0 {
		fmt.Fprintf(&b, "; of them through marketplaces, which count as the seller's own: EUR %s in %s", row.MarketplaceSales.Decimal().StringFixed(2),
			counted(row.MarketplaceTransactions, "transaction"))
	}
	if row.Unconverted > 0 {
		fmt.Fprintf(&b, "; %s in another currency without a conversion to euros %s not counted", counted(row.Unconverted, "line"), agreeing(row.Unconverted, "is", "are"))
	}
	if before {
		b.WriteString(". Source: Council Directive 2006/112/EC, Article 58(2) as in force from 2019-01-01 to 2021-06-30, and Article 34 for goods")
	} else {
		b.WriteString(". Source: Council Directive 2006/112/EC, Article 59c")
	}
	row.Explanation = b.String()
	return row
}

// euGoodsThresholdFrom is the day the union-wide threshold reached
// distance sales of goods (Directive (EU) 2017/2455, Article 2, as
// postponed by Council Decision (EU) 2020/1109): before it, only
// electronic, telecommunication and broadcasting services (Article
// 58(2), from 2019-01-01), and goods had the threshold of each member
// state of arrival (Article 34).
func euGoodsThresholdFrom() civil.Date { return civil.Date{Year: 2021, Month: 7, Day: 1} }

// euGoodsBefore says how distance sales of goods were weighed before
// euGoodsThresholdFrom, which the EU row does not do.
const euGoodsBefore = "distance sales of goods were then weighed against the threshold of each member state of arrival " +
	"(Article 34: EUR 100,000, or EUR 35,000 where the state so chose, or its counterpart in the state's currency, " +
	"on the seller's sales to that state in the current or the previous calendar year), which this row does not weigh, as it does not know the sales to each state"

// euGoodsCitation is the citation of the EU row on a day without a
// union-wide threshold.
const euGoodsCitation = "https://eur-lex.europa.eu/eli/dir/2006/112/oj (Article 34 as in force until 2021-06-30)"

// counted writes n and the noun one, in the plural when n is not 1:
// "1 transaction", "3 lines". The plural adds an s, which is right for
// every noun the explanations count.
func counted[N ~int | ~int64](n N, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.FormatInt(int64(n), 10) + " " + one + "s"
}

// agreeing returns the word that agrees with a count of n: one when n
// is 1 ("1 line is"), many otherwise ("2 lines are").
func agreeing[N ~int | ~int64](n N, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// signed writes amount a after the currency's symbol or code cur ("$",
// "CAD "), its minus sign, if any, before them: "-$300000.00".
func signed(cur string, a money.Amount) string {
	if a.Sign() < 0 {
		return "-" + cur + a.Neg().Decimal().StringFixed(2)
	}
	return cur + a.Decimal().StringFixed(2)
}
