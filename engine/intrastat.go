package engine

import (
	"errors"
	"io/fs"
	"strconv"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// Intrastat: the members of a line that the EU's Intrastat declarations
// need (intrastatCommodityCode, supplementaryUnit, natureOfTransaction,
// modeOfTransport, netMassKilograms, statisticalValue,
// countryOfOriginISOCode, exportProcedure) are kept with the line in the
// journal (journal.IntrastatLine), with the countries its goods leave and
// reach and the partner's VAT number there, for every stored line that
// sends one or whose goods move between two member states. On the kinds
// that are stored they are checked against the dataset's code lists
// (data.Intrastat): the CN8 code against the Combined Nomenclature, the
// supplementary unit against the one the code requires, the nature of
// transaction against the 2022 codes, the mode of transport against the
// transport mode codes, the country of origin against ISO 3166, the
// statistical value against zero; a fault refuses the calculation with
// the member's path. The Combined Nomenclature is that of one year: a
// line dated in another year has its code checked for its shape (eight
// digits) alone, as that year's codes are not at hand, and the
// declaration of its period is refused until they are. levy journal intrastat
// (journal.Intrastat) declares them.

// loadIntrastat reads the dataset's Intrastat code lists; a dataset
// written before it had them has none.
func loadIntrastat(ds *data.Dataset) (*data.Intrastat, error) {
	x, err := ds.Intrastat()
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return x, err
}

// IntrastatCodes returns the code lists of the dataset in use that
// Intrastat declarations are checked against (journal.Intrastat), nil
// for a dataset without them or an Engine that New did not make.
func (e *Engine) IntrastatCodes() *data.Intrastat {
	if s := e.current(); s != nil {
		return s.intrastat
	}
	return nil
}

// hasIntrastat reports whether a line's request sends an Intrastat
// member.
func hasIntrastat(d *wire.LineDetails) bool {
	return d != nil && (d.IntrastatCommodityCode != "" || d.SupplementaryUnit != nil || d.NatureOfTransaction != nil ||
		d.ModeOfTransport != nil || d.NetMassKilograms != nil || d.StatisticalValue != nil || d.CountryOfOriginISOCode != "" ||
		d.ExportProcedure != "")
}

// intrastatMemberSent names the first Intrastat member a line's request
// sends, in the order of hasIntrastat, "" for none.
func intrastatMemberSent(d *wire.LineDetails) string {
	switch {
	case d.IntrastatCommodityCode != "":
		return "intrastatCommodityCode"
	case d.SupplementaryUnit != nil:
		return "supplementaryUnit"
	case d.NatureOfTransaction != nil:
		return "natureOfTransaction"
	case d.ModeOfTransport != nil:
		return "modeOfTransport"
	case d.NetMassKilograms != nil:
		return "netMassKilograms"
	case d.StatisticalValue != nil:
		return "statisticalValue"
	case d.CountryOfOriginISOCode != "":
		return "countryOfOriginISOCode"
	case d.ExportProcedure != "":
		return "exportProcedure"
	}
	return ""
}

// checkStored checks what a calculation stored in the journal must get
// right: the Intrastat members of its lines. It marks the calculation as
// stored, so that the response's lines are noted for the journal.
func (c *calc) checkStored(postToJournal *bool) error {
	if !isStored(c.d.perspective, c.d.message, postToJournal) {
		return nil
	}
	c.storing = true
	var errs levy.Errors
	for _, l := range c.d.lines {
		if l.in != nil && hasIntrastat(l.in.src.details) {
			errs = c.checkIntrastat(l, l.in.src.details, errs)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// checkIntrastat appends the faults of a line's Intrastat members.
func (c *calc) checkIntrastat(l *line, d *wire.LineDetails, errs levy.Errors) levy.Errors {
	x := c.s.intrastat
	p := l.path + "."
	if x == nil {
		return append(errs, levy.Invalid(p+"intrastatCommodityCode", "the dataset in use has no Intrastat code lists to check it against"))
	}
	unit, known := "", false
	if code := d.IntrastatCommodityCode; code != "" {
		switch {
		case l.date.Year != x.Year():
			// The goods of another year are declared under that year's
			// codes, which the dataset does not hold: the code is kept
			// as sent when it has the shape of one, and a declaration of
			// that year is refused (journal.Intrastat).
			if !isCN8Shape(code) {
				errs = append(errs, levy.Invalid(p+"intrastatCommodityCode", "%q is not an eight-digit code of the Combined Nomenclature", code))
			}
		default:
			if unit, known = x.CN8(code); !known {
				errs = append(errs, levy.Invalid(p+"intrastatCommodityCode", "%q is not an eight-digit code of the Combined Nomenclature %d", code, x.Year()))
			}
		}
	}
	if su := d.SupplementaryUnit; su != nil {
		u, ok := x.Unit(su.UnitType)
		switch {
		case d.IntrastatCommodityCode == "":
			errs = append(errs, levy.Invalid(p+"supplementaryUnit", "a supplementary unit needs the intrastatCommodityCode whose unit it is"))
		case !ok:
			errs = append(errs, levy.Invalid(p+"supplementaryUnit.unitType", "%q is not a supplementary unit of the Combined Nomenclature", su.UnitType))
		case known && unit == "":
			errs = append(errs, levy.Invalid(p+"supplementaryUnit", "CN8 %s has no supplementary unit: leave supplementaryUnit out", d.IntrastatCommodityCode))
		case known && u.Code != unit:
			want, _ := x.Unit(unit)
			errs = append(errs, levy.Invalid(p+"supplementaryUnit.unitType", "CN8 %s requires the supplementary unit %s (%s), not %s",
				d.IntrastatCommodityCode, want.Symbol, unit, su.UnitType))
		}
		if su.Value == nil || su.Value.Sign() <= 0 {
			errs = append(errs, levy.Invalid(p+"supplementaryUnit.value", "the quantity in the supplementary unit is required and greater than 0"))
		}
	} else if known && unit != "" {
		want, _ := x.Unit(unit)
		errs = append(errs, levy.Invalid(p+"supplementaryUnit", "CN8 %s requires the supplementary unit %s (%s): send supplementaryUnit with unitType %s and the quantity",
			d.IntrastatCommodityCode, want.Symbol, unit, unit))
	}
	if n := d.NatureOfTransaction; n != nil {
		if _, ok := x.NatureOfTransaction(int(*n)); !ok {
			errs = append(errs, levy.Invalid(p+"natureOfTransaction", "%d is not a nature of transaction code of 2022 (two digits, 11 to 99)", *n))
		}
	}
	if m := d.ModeOfTransport; m != nil {
		if _, ok := x.TransportMode(int(*m)); !ok {
			errs = append(errs, levy.Invalid(p+"modeOfTransport", "%d is not a mode of transport code (%s)", *m, modeList(x)))
		}
	}
	if o := d.CountryOfOriginISOCode; o != "" {
		if _, ok := c.s.codes.Country(o); !ok {
			errs = append(errs, levy.Invalid(p+"countryOfOriginISOCode", "%q is not an ISO 3166 country code", o))
		}
	}
	if sv := d.StatisticalValue; sv != nil {
		switch {
		case sv.Amount == nil:
			errs = append(errs, levy.Invalid(p+"statisticalValue.amount", "the statistical value's amount is required"))
		case sv.Amount.Sign() < 0:
			errs = append(errs, levy.Invalid(p+"statisticalValue.amount", "%s is below zero: the statistical value of goods is 0 or more", sv.Amount))
		}
		errs = c.s.refuseCurrency(errs, p+"statisticalValue.currency", sv.Currency, l.date)
	}
	return errs
}

// isCN8Shape reports whether code has the shape of a CN8 code: eight
// digits.
func isCN8Shape(code string) bool {
	if len(code) != 8 {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// modeList lists the mode of transport codes for a message.
func modeList(x *data.Intrastat) string {
	s := ""
	for i, m := range x.TransportModes() {
		if i > 0 {
			s += ", "
		}
		s += strconv.Itoa(m)
	}
	return s
}

// outsideEUVATArea reports whether place p lies in a VAT special
// territory outside the EU's VAT area (the Canary Islands, Martinique).
func outsideEUVATArea(p *place) bool { return p != nil && p.terrID != "" && !p.terr.EU() }

// intrastatBlock returns what the journal keeps of a stored line for
// Intrastat, nil for a line with nothing to declare.
func (c *calc) intrastatBlock(l *line) *journal.IntrastatLine {
	var d *wire.LineDetails
	if l.in != nil {
		d = l.in.src.details
	}
	from, to := firstPlace(l.origin, l.adminOrigin), firstPlace(l.dest, l.adminDest)
	out := &journal.IntrastatLine{Services: serviceClass(l.productClass)}
	// Northern Ireland is XI from 2021 (intrastatCode): the member states
	// declare their goods moved to or from it, and its traders declare
	// theirs moved to or from a member state (HMRC Notice 60), as goods
	// moved between two member states; goods between it and Great
	// Britain are moved within the United Kingdom, GB to GB here until the
	// end of 2020 and never declared after (GB is no member state then).
	if from != nil {
		out.Dispatch = intrastatCode(from, l.date)
	}
	if to != nil {
		out.Arrival = intrastatCode(to, l.date)
	}
	// Goods moved to or from a VAT special territory outside the EU's VAT
	// area (the Canary Islands, Martinique) are exported or imported, not
	// declared to Intrastat.
	// The line's Intrastat members, when it has them, are kept, marked so
	// that no declaration counts them.
	out.OutsideVATArea = outsideEUVATArea(from) || outsideEUVATArea(to)
	moves := out.Dispatch != "" && out.Arrival != "" && out.Dispatch != out.Arrival &&
		jurisdiction.EUGoodsMember(out.Dispatch, l.date) && jurisdiction.EUGoodsMember(out.Arrival, l.date) &&
		!out.OutsideVATArea
	if !moves && !hasIntrastat(d) {
		return nil
	}
	out.PartnerVAT = vatNumberIn(l.customer.regs, out.Arrival)
	// The party in the country of dispatch (the seller, vendor or
	// owner): goods returned to it are declared with its number there.
	// An owner is both parties, its registrations the customer's: the
	// goods it brings back are declared with its own number of the member
	// state they come back to.
	dispatcher := l.seller.regs
	if c.d.perspective == "OWNER" {
		dispatcher = l.customer.regs
	}
	out.DispatcherVAT = vatNumberIn(dispatcher, out.Dispatch)
	if d == nil {
		return out
	}
	out.CommodityCode, out.ExportProcedure = d.IntrastatCommodityCode, d.ExportProcedure
	if o := d.CountryOfOriginISOCode; o != "" {
		if cc, ok := c.s.codes.Country(o); ok {
			out.CountryOfOrigin = cc.Alpha2
		}
	}
	if n := d.NatureOfTransaction; n != nil {
		out.NatureOfTransaction = int(*n)
	}
	if m := d.ModeOfTransport; m != nil {
		out.ModeOfTransport = int(*m)
	}
	if m := d.NetMassKilograms; m != nil {
		out.NetMass = int64(*m)
	}
	if su := d.SupplementaryUnit; su != nil {
		out.SupplementaryUnit = su.UnitType
		if x := c.s.intrastat; x != nil {
			if u, ok := x.Unit(su.UnitType); ok {
				out.SupplementaryUnit = u.Code
			}
		}
		if su.Value != nil {
			out.SupplementaryQuantity = *su.Value
		}
	}
	if sv := d.StatisticalValue; sv != nil && sv.Amount != nil {
		out.StatisticalValue, out.HasStatistical = *sv.Amount, true
		out.StatisticalCurrency = c.d.currency.Alpha
		if cur, ok := c.s.currency(sv.Currency); ok {
			out.StatisticalCurrency = cur.Alpha
		}
	}
	return out
}

// noteLeaf remembers the leaf of a response line of a calculation that
// is stored, for the journal (see journalView).
func (c *calc) noteLeaf(r any, l *line) {
	if !c.storing || l == nil {
		return
	}
	if c.leaves == nil {
		c.leaves = map[any]*line{}
	}
	c.leaves[r] = l
}

// journalView wraps the view of a perspective's response lines so that
// each stored line takes its Intrastat block from its leaf, and a parent
// with a calculated line of its own (ownLine) says so, with that line's
// tax, as the response added it to the parent's totalTax.
func journalView[R any](c *calc, view func(*R) (lineView, []R)) func(*R) (lineView, []R) {
	return func(r *R) (lineView, []R) {
		v, kids := view(r)
		v.tenantLocation = c.filingLocation(c.leaves[any(r)])
		if l := c.leaves[any(r)]; l != nil {
			v.intrastat = c.intrastatBlock(l)
			if len(kids) > 0 {
				v.own, v.ownTax = true, c.amount(l.totalTax)
			}
		}
		return v, kids
	}
}

// vatNumberIn returns the first of regs that is a well-formed VAT number
// of the member state country ("" if none): an XI number for goods
// reaching or leaving Northern Ireland.
func vatNumberIn(regs []registration, country string) string {
	for _, r := range regs {
		of := r.country
		if r.northernIreland && country == jurisdiction.NorthernIrelandCode {
			of = country
		}
		if of == country && r.number != "" && r.syntaxValid {
			return r.number
		}
	}
	return ""
}
