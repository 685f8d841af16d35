package engine

import (
	"strconv"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Franchise area fees: local, contractual fees (a cable or
// telecommunications franchise fee) that a line bears when its
// franchiseAreaId names an area of a franchise table: the tenant's own
// fees, records of its profile (profile.Franchise, WithProfiles), or the
// server's table, loaded as content (levy serve --content
// franchise:FILE, engine.WithContent; see content.ReadFranchise). A
// tenant's fees of an area replace the server's fees of that area; an
// area the tenant has no fee of takes the server's. Each fee in force on the line's date is a
// tax of its own: imposition the fee's name, imposition type "Franchise
// Fee", at the jurisdiction that grants the franchise, when the line's
// place lies in its state or country (grantorHolds) (or, when the fee
// names none, the most local general government of the line's place,
// franchisingAuthority), on the line's amount at the fee's
// rate or per line. A fee per line is in the currency the fee names (a
// tenant's or the server's table's), else, of an area in the US, in US
// dollars, converted into a document's other currency (extrascur.go). A line whose franchiseAreaId names no area of
// either table, or an area without a fee in force then that reaches its
// place, carries the
// not-acted-on parameter for it.

// franchiseImpositionType is the imposition type of franchise fees.
const franchiseImpositionType = "Franchise Fee"

// franchiseTable is the franchise area fees by area ID, each with the
// wire jurisdiction of its grantor when the table names one.
type franchiseTable map[string][]franchiseFee

// franchiseFee is a fee of the table.
type franchiseFee struct {
	data.FranchiseFee
	grantor *wire.Jurisdiction // nil when the table names none
	// rare holds the source of the fee, its file and line, which its
	// taxes share (taxRare.source).
	rare *taxRare
}

// newFranchiseTable indexes the fees by area.
func newFranchiseTable(jur *data.Jurisdictions, fees []data.FranchiseFee) franchiseTable {
	if len(fees) == 0 {
		return nil
	}
	t := franchiseTable{}
	for _, f := range fees {
		ff := franchiseFee{FranchiseFee: f, rare: &taxRare{source: &wire.RateSource{Content: string(content.FormatFranchise), File: f.File, Line: f.Line}}}
		if j, ok := jur.ByID(f.Jurisdiction); ok && f.Jurisdiction != "" {
			ff.grantor = &wire.Jurisdiction{JurisdictionID: j.ID, JurisdictionType: j.Type, Value: j.Name,
				EffectiveDate: j.Effective, ExpirationDate: j.Expiration, ExternalJurisdictionCode: j.ExternalCode}
		}
		t[f.AreaID] = append(t[f.AreaID], ff)
	}
	return t
}

// newProfileFeeRare returns the rare members that the franchise fees of
// tenants' profiles share (snapshot.profileFee): their source is the
// profile, whose record and version the explanation names
// (explainSource).
func newProfileFeeRare() *taxRare {
	return &taxRare{source: &wire.RateSource{Content: wire.RateSourceProfile}}
}

// franchiseArea is the franchiseAreaId of a line, "" for none.
func franchiseArea(l *line) string {
	if l.in == nil || l.in.src.details == nil {
		return ""
	}
	return l.in.src.details.FranchiseAreaID
}

// franchiseFees appends to the line the fees of its franchise area in
// force on its date, and notes the line whose area has none. The fees
// of an area are the tenant's own when its profile has fees of that
// area (profile.Franchise: the tenant's contract replaces the server's
// fees of the area, in force or not), else the server's table's. A fee
// per line on a line whose lines are no whole number is refused
// (franchiseFee).
func (c *calc) franchiseFees(l *line, amount decimal.Decimal) error {
	area := franchiseArea(l)
	if area == "" {
		return nil
	}
	l.franchiseMiss = true
	at := firstPlace(l.dest, l.adminDest)
	if at == nil {
		at = firstPlace(l.origin, l.adminOrigin)
	}
	if at == nil || len(at.chain) == 0 {
		return nil
	}
	if c.prof != nil && c.prof.HasFranchises() {
		if own := c.prof.Franchises(area); len(own) > 0 {
			for i := range own {
				f := &own[i]
				if !f.Period().Contains(l.date) {
					continue
				}
				fee := franchiseCharge{area: f.AreaID, name: f.Name, source: f.Source, perLine: f.PerLine, currency: f.Currency,
					rare: c.s.profileFee}
				if f.Rate != nil {
					fee.rate = *f.Rate
				}
				if f.Amount != nil {
					fee.amount = f.Amount
				}
				if f.Jurisdiction != "" {
					fee.grantor = c.grantor(at, f.Jurisdiction)
				}
				if err := c.franchiseFee(l, at, amount, &fee); err != nil {
					return err
				}
			}
			return nil
		}
	}
	for i := range c.s.franchise[area] {
		f := &c.s.franchise[area][i]
		if !f.Period.Contains(l.date) {
			continue
		}
		fee := franchiseCharge{area: f.AreaID, name: f.Name, source: f.Source, perLine: f.PerLine, currency: f.Currency,
			rate: f.Rate, amount: &f.Amount, grantor: f.grantor, rare: f.rare}
		if err := c.franchiseFee(l, at, amount, &fee); err != nil {
			return err
		}
	}
	return nil
}

// franchiseCharge is a fee of a line's franchise area in force on its
// date, from the tenant's profile or the server's table.
type franchiseCharge struct {
	area, name, source string
	perLine            bool
	currency           string // of amount; "" for franchiseCurrency's rule
	rate               decimal.Decimal
	amount             *decimal.Decimal   // per line, when perLine
	grantor            *wire.Jurisdiction // nil for the place's franchisingAuthority
	rare               *taxRare           // the source of the fee: its file and line, or the profile (snapshot.profileFee)
}

// franchiseFee appends to the line the tax of fee f at place at. A fee
// per line is refused, naming the line's quantity, when the line's lines
// (lineCount: its quantity, without lineTypes) are no whole number: 2.5
// lines were charged two and a half fees.
func (c *calc) franchiseFee(l *line, at *place, amount decimal.Decimal, f *franchiseCharge) error {
	j := f.grantor
	if j != nil {
		if in := chainJurisdiction(at, j.JurisdictionID); in != nil {
			j = in
		} else if !c.grantorHolds(at, j.JurisdictionID) {
			// A franchise of another state's or country's authority
			// does not reach the place: the line is outside the area,
			// and its franchiseAreaId is not acted on.
			return nil
		}
	} else {
		j = franchisingAuthority(at)
	}
	x := extraTax{j: j, situs: at, imp: jurisdiction.Tax(f.name), impType: franchiseImpositionType,
		ruleID: "franchise-fee-" + f.area, reason: f.source, base: amount, rate: f.rate, rare: f.rare}
	if f.perLine && f.amount != nil {
		n := lineCount(l)
		var q *wire.Measure // the quantity counts the lines: not with lineTypes, nor without a wire line
		if l.in != nil && (l.in.src.details == nil || len(l.in.src.details.LineTypes) == 0) {
			q = l.in.qty
		}
		fee := "the fee " + strconv.Quote(f.name) + " of franchise area " + f.area
		if e := countedLinesRefusal(l.path, q, n, fee+" counts the line's quantity as its lines",
			fee+" is charged per line, on the line's quantity as its lines"); e != nil {
			return e
		}
		x.perUnit, x.units, x.currency = f.amount, n, f.currency
		if x.currency == "" {
			x.currency = franchiseCurrency(at)
		}
	}
	if t, ok := c.extraOut(l, &x); ok {
		l.taxes = append(l.taxes, t)
	}
	l.franchiseMiss = false
	return nil
}

// franchisingAuthority returns the jurisdiction that grants a franchise
// at place at when the fee names none: the most local of its chain that
// is a general government (a city, township, borough, county, parish,
// state or country), passing over the special districts after it (a
// transit, special purpose or local improvement district), which levy
// taxes but grant no franchise (a franchising authority is a governmental
// entity empowered to grant one, 47 U.S.C. 522(10)): a fee in Seattle is
// the city's, not Sound Transit's. A chain of districts alone gives its
// most local one.
func franchisingAuthority(at *place) *wire.Jurisdiction {
	for i := len(at.chain) - 1; i >= 0; i-- {
		switch at.chain[i].JurisdictionType {
		case jurisdiction.District, jurisdiction.LocalImprovementDistrict, jurisdiction.SpecialPurposeDistrict, jurisdiction.TransitDistrict:
			continue
		}
		return &at.chain[i]
	}
	return &at.chain[len(at.chain)-1]
}

// grantorHolds reports whether the place at may lie in the franchise of
// the grantor id, which its chain does not hold (the chain holds the
// jurisdictions that tax, and a grantor may levy no tax): the grantor is
// of the place's country and, when the place lies in a state, province
// or territory of it, of that one. Chicago (US-1714000) grants no
// franchise in Dallas, whose fee would be reported as an Illinois
// city's on a Texas sale. A grantor the dataset lacks is left to the
// caller.
func (c *calc) grantorHolds(at *place, id string) bool {
	g, ok := c.s.jur.ByID(id)
	if !ok {
		return true
	}
	if g.Country != at.country {
		return false
	}
	// The grantor's first-level division: the ancestor whose parent is
	// the country (the grantor itself when it is one).
	for range 16 {
		if g.Parent == "" {
			return true // the country itself
		}
		p, ok := c.s.jur.ByID(g.Parent)
		if !ok {
			return true
		}
		if p.Parent == "" {
			return at.subdivision == "" || g.ID == at.subdivision || chainJurisdiction(at, g.ID) != nil
		}
		g = p
	}
	return true
}

// grantor returns the jurisdiction of id that grants a tenant's
// franchise: the one of the place's chain when it holds it, else the
// dataset's (nil when the dataset lacks it, for the place's
// franchisingAuthority).
func (c *calc) grantor(at *place, id string) *wire.Jurisdiction {
	if in := chainJurisdiction(at, id); in != nil {
		return in
	}
	j, ok := c.s.jur.ByID(id)
	if !ok {
		return nil
	}
	return &wire.Jurisdiction{JurisdictionID: j.ID, JurisdictionType: j.Type, Value: j.Name,
		EffectiveDate: j.Effective, ExpirationDate: j.Expiration, ExternalJurisdictionCode: j.ExternalCode}
}

// lineCount is the number of lines a per-line charge counts on a line:
// the counts of its lineTypes (1 for an entry without one), else its
// quantity.
func lineCount(l *line) decimal.Decimal {
	if l.in != nil && l.in.src.details != nil {
		if d := l.in.src.details; len(d.LineTypes) > 0 {
			n := decimalZero
			for i := range d.LineTypes {
				n = n.Add(setCount(&d.LineTypes[i]))
			}
			return n
		}
	}
	return l.qty
}

// setCount is the count of a line type set, 1 when it gives none.
func setCount(s *wire.LineTypeSet) decimal.Decimal {
	if s.Count == nil {
		return decimalOne
	}
	return s.Count.Decimal()
}

// franchiseNotes appends the not-acted-on parameter of a line whose
// franchise area has no fee in the table.
func (c *calc) franchiseNotes(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	if !l.franchiseMiss {
		return out
	}
	return notActed(out, l.path+".franchiseAreaId", franchiseArea(l))
}
