package engine

import (
	"context"
	"fmt"
	"slices"

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

// ReplacingDistanceSales is a DistanceSales whose figures count the
// transactions stored in a journal. A calculation under the ID of a
// stored transaction (an invoice posted again, a quotation of it) is
// about to replace that transaction, so its stored sales must not count
// beside the calculation's own: the engine asks such a source for the
// figures without them.
type ReplacingDistanceSales interface {
	DistanceSales
	// EUDistanceSalesReplacing returns EUDistanceSales's figures without
	// the sales of the stored transaction id, if there is one.
	EUDistanceSalesReplacing(ctx context.Context, tenant, company string, date civil.Date, id string) (DistanceFigures, error)
}

// DistanceFigures are a seller's EU distance sales in euros.
type DistanceFigures struct {
	// Current is the sales of the calendar year of the sale stored before
	// it (that day's included), without the sale itself, which the engine
	// adds;
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
// member state. A nil src is the same as none.
func WithDistanceSales(src DistanceSales) Option { return func(c *config) { c.distance = src } }

// The ruleNames of the assisted parameter (paramName seller.company,
// originalValue the seller's company code) that says what decided a
// line's EU distance-sales threshold: its value names the figures, the
// sale's own amount and the threshold.
const (
	// DistanceWithinRule: within the threshold, the seller's own VAT.
	DistanceWithinRule = "eu-distance-threshold"
	// DistanceAboveRule: above it, the customer's member state's VAT.
	DistanceAboveRule = "eu-b2c-destination"
	// DistanceUnknownRule: nothing gave the seller's figures (no
	// journal, no figure in the tenant's policy), so the seller was
	// taken to be above the threshold.
	DistanceUnknownRule = "eu-distance-sales-unknown"
)

// Explains reports whether an assisted parameter of ruleName only
// explains a decision made on known facts (the EU distance-sales
// threshold's figures, a country that levies no tax, a price threshold
// weighed at the request's own conversion rate), rather than saying that
// an input was guessed or a tax left out: a batch does not flag a
// document for it.
func Explains(ruleName string) bool {
	return slices.Contains(explainingRules[:], ruleName)
}

// explainingRules are the ruleNames for which Explains is true.
var explainingRules = [...]string{DistanceWithinRule, DistanceAboveRule, NoTaxRule,
	LowValueWithinRule, LowValueAboveRule, ThresholdConvertedRule}

// ExplainingRules returns the ruleNames of the assisted parameters that
// only explain a decision (those for which Explains is true), for the
// documentation that lists them.
func ExplainingRules() []string { return slices.Clone(explainingRules[:]) }

// belowDistanceThreshold reports whether the seller's EU distance sales,
// in the calendar year of the document and the one before, are both at
// or below the threshold in force on the document's date, and says why
// either way. The sales of the current year include the document's own
// (Article 59c(2) of the VAT directive: the sale that takes the year
// over the threshold is taxed where the customer is, as every one after
// it). The figures are read once per document and seller company
// (distanceSales). Goods before 2021-07-01 are weighed against the
// threshold of their member state of arrival, to (goodsThresholdBefore).
func (c *calc) belowDistanceThreshold(l *line, to string) (string, bool) {
	m := c.distanceSales(l.seller.company)
	if m == nil {
		return "", false
	}
	if m.err != nil {
		return fmt.Sprintf("the seller's EU distance sales could not be read (%v)", m.err), false
	}
	f := m.fig
	limit, ok := jurisdiction.EUDistanceThreshold(c.d.date)
	goodsBefore := !serviceClass(l.productClass) && c.d.date.Before(ecommerceFrom)
	if goodsBefore {
		limit, ok = goodsThresholdBefore(to, c.d.date), true
	}
	if t := c.set.EUDistanceThreshold; t != nil {
		limit, ok, goodsBefore = *t, true, false
	}
	if f.Threshold != nil {
		limit, ok, goodsBefore = *f.Threshold, true, false
	}
	if !ok {
		return "no EU distance-sales threshold is in force", false
	}
	y := c.d.date.Year
	current := f.Current.Add(m.own)
	threshold := "the EU threshold of EUR " + limit.StringFixed(0)
	if goodsBefore {
		threshold = "EUR " + limit.StringFixed(0) + ", the least threshold of article 34 that " + stateName(to) +
			" may apply to distance sales of goods before 2021-07-01 (the sales to " + stateName(to) + " alone are not known)"
	}
	why := fmt.Sprintf("the seller's cross-border sales to consumers (%s: EUR %s in %d before this sale and EUR %s in it%s, EUR %s in %d) are %s %s",
		f.Source, f.Current.StringFixed(2), y, m.own.StringFixed(2), m.note, f.Previous.StringFixed(2), y-1, "%s", threshold)
	if current.LessThanOrEqual(limit) && f.Previous.LessThanOrEqual(limit) {
		return fmt.Sprintf(why, "within"), true
	}
	if goodsBefore {
		return fmt.Sprintf(why, "above") + ": taken to be above the threshold", false
	}
	return fmt.Sprintf(why, "above"), false
}

// goodsThresholdBefore is a lower bound, in euros, of the threshold that
// member state to applied on d, before 2021-07-01, to distance sales of
// goods arriving there (VAT Directive 2006/112/EC, article 34(1)(b) and
// (2) as in force until 2021-06-30: a seller's sales to the state of
// EUR 100,000 a calendar year, or EUR 35,000 where the state so chose,
// or their counterpart in its national currency, article 399). The
// union-wide EUR 10,000 (article 59c, from 2021-07-01; article 58(2) from
// 2019 for electronic services only) did not reach goods. Levy knows a
// seller's EU-wide distance sales only, which bound its sales to any one
// state, so it weighs them against a bound of the state's threshold: EUR
// 35,000 for a state of the euro area on d (the least article 34(2)
// allows), EUR 10,000 for one with a currency of its own, whose
// threshold in that currency has been worth more (the least, Hungary's
// HUF 8,800,000 and Romania's RON 118,000, about EUR 24,500 in February
// 2021: simplyvat.com, "EU Distance Selling Thresholds").
func goodsThresholdBefore(to string, d civil.Date) decimal.Decimal {
	if a, ok := jurisdiction.EuroAdoptionOf(to); ok && !d.Before(a.From) {
		return decimal.NewFromInt(35000)
	}
	return decimal.NewFromInt(10000)
}

// distanceSales returns the EU distance sales of seller company read for
// the document, reading them the first time the company is met: the
// figures of the tenant's policy, else of the distance-sales source, and
// the document's own (ownDistanceSales). Each company is read once,
// however its lines alternate with other companies' on the document (a
// marketplace's), so that a long document is not read again and again.
// It returns nil when nothing gives the figures.
func (c *calc) distanceSales(company string) *distanceMemo {
	for i := range c.dists {
		if c.dists[i].company == company {
			return &c.dists[i]
		}
	}
	src := c.s.distance
	var f DistanceFigures
	var err error
	switch {
	case c.policyDistance(company, &f):
		// The figures of the tenant's policy come from the profile
		// the whole calculation reads (c.prof), never from a later
		// version a source might read meanwhile.
	case src != nil:
		tenant := levy.Tenant(c.ctx)
		if r, ok := src.(ReplacingDistanceSales); ok && c.d.transactionID != "" {
			f, err = r.EUDistanceSalesReplacing(c.ctx, tenant, company, c.d.date, c.d.transactionID)
		} else {
			f, err = src.EUDistanceSales(c.ctx, tenant, company, c.d.date)
		}
	default:
		return nil
	}
	own, note := c.ownDistanceSales(company)
	c.dists = append(c.dists, distanceMemo{company: company, fig: f, err: err, own: own, note: note})
	return &c.dists[len(c.dists)-1]
}

// ownDistanceSales returns the document's own EU distance sales of the
// seller company, in euros: the amounts of its lines that are EU
// distance sales (euDistanceLine), as the journal will count them once
// the document is stored, and a note on the lines it could not count.
//
// The threshold is on the total value of the supplies "exclusive of VAT"
// (VAT Directive 2006/112/EC, article 59c(1)(c), inserted by Council
// Directive (EU) 2017/2455, https://eur-lex.europa.eu/eli/dir/2017/2455/oj),
// so a tax-included price counts net of the VAT it includes, taken out as the
// engine finds any tax-included net (netOfVAT): the VAT of the seller's
// own member state, the line's origin, which is the VAT such a price
// includes when the seller is within the threshold, the case being
// weighed. A net within the threshold is then charged that VAT, as
// weighed; a sale it takes over the threshold is charged the VAT of the
// customer's member state instead, and the journal stores the net of
// that VAT (the response's net, extendedPrice), which differs from the
// one weighed by the difference of the two rates. The journal's figures
// are nets too: it stores each line's net amount, after the VAT a
// tax-included price includes is taken out. A tax-included price that
// includes none of that VAT (a seller not registered in its own member
// state, a class the state does not tax) counts whole, as the journal
// stores it, and the note speaks of nets only when a price was netted.
//
// An amount in another currency counts through the filing conversion to
// euros of the line's origin or destination, else at the document's
// conversion factor into euros (euroRate), and else not at all (the
// note says so), as in the journal's figures.
func (c *calc) ownDistanceSales(company string) (decimal.Decimal, string) {
	sum := decimal.Zero
	uncounted, netted := 0, false
	euro := c.d.currency.Alpha == "EUR"
	for _, l := range c.d.lines {
		if l.seller.company != company || !euDistanceLine(l, c.d.date) {
			continue
		}
		amount := l.amount
		if l.taxIncluded {
			if orig := firstPlace(l.origin, l.adminOrigin); orig != nil {
				amount = c.netOfVAT(l, situs{at: orig, role: orig.role, ruleID: "eu-distance-threshold"})
			}
			netted = netted || !amount.Equal(l.amount)
		}
		if euro {
			sum = sum.Add(amount)
			continue
		}
		rate, ok := c.euroRate(l)
		if !ok {
			uncounted++
			continue
		}
		sum = sum.Add(amount.Mul(rate).Round(4))
	}
	note := ""
	if netted {
		note = ", tax-included prices net of the VAT of the seller's member state"
	}
	if uncounted > 0 {
		note += fmt.Sprintf(", %d line(s) in %s not counted for want of a conversion to euros", uncounted, c.d.currency.Alpha)
	}
	return sum, note
}

// euroRate returns the filing conversion rate to euros that line l's
// origin or destination gives, else the document's conversion factor
// into euros (which the journal keeps with the line, figureFactors), as
// the journal's figures convert it.
func (c *calc) euroRate(l *line) (decimal.Decimal, bool) {
	for _, p := range [...]*place{firstPlace(l.origin, l.adminOrigin), firstPlace(l.dest, l.adminDest)} {
		if p == nil || p.conversion == nil || p.conversion.Rate == nil {
			continue
		}
		if cur, ok := c.s.currency(p.conversion.Currency); ok && cur.Alpha == "EUR" {
			return p.conversion.Rate.Decimal(), true
		}
	}
	if i := c.companyFactor(c.d.currency.Alpha, "EUR"); i >= 0 {
		return c.d.factors[i].ConversionFactor.Decimal(), true
	}
	return decimal.Decimal{}, false
}

// euDistanceLine reports whether line l is an EU distance sale on date:
// goods or electronic services sold to a consumer in another member
// state (the sales that the EU's distance-sales threshold counts);
// electronic services from 2015 only, when they became the consumer's
// member state's (eServicesAtConsumerFrom). Goods
// sold into Northern Ireland from a member state, or from it into one,
// count from 2021; services to or from it do not, as they follow the
// United Kingdom's rules (windsor.go; HMRC's VATNIEU3720).
func euDistanceLine(l *line, date civil.Date) bool {
	orig, dest := firstPlace(l.origin, l.adminOrigin), firstPlace(l.dest, l.adminDest)
	pc := l.productClass
	goods := !serviceClass(pc)
	if orig == nil || dest == nil || orig.vatArea() == dest.vatArea() || !goods && (!digitalClass(pc) || date.Before(eServicesAtConsumerFrom)) {
		return false
	}
	if _, _, eu := intraEU(orig, dest, goods, date); !eu {
		return false
	}
	_, vat := l.customer.vatNumber()
	return !vat && !l.customer.business
}

// distanceMemo is a document's EU distance sales of one seller company.
type distanceMemo struct {
	company string
	fig     DistanceFigures
	err     error
	// own is the document's own distance sales of the seller, and note
	// what they leave out (ownDistanceSales).
	own  decimal.Decimal
	note string
}

// policyDistance fills f from the EU distance sales that the tenant's
// profile policy sets for the seller's company (or for every company),
// in the calculation's snapshot of the profile, and reports whether the
// policy sets them: they come before a DistanceSales source's. The
// policy's own threshold is in the calculation's settings (c.set).
func (c *calc) policyDistance(company string, f *DistanceFigures) bool {
	if c.prof == nil {
		return false
	}
	v, ok := c.prof.Policy().DistanceSales(company)
	if ok {
		f.Current, f.Previous, f.Source = v, v, "the tenant's policy"
	}
	return ok
}
