package engine

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// partiesIn is a perspective-neutral view of who sells to whom on a line:
// the seller (a seller, a vendor, or the owner's origin) and the customer
// (a customer, a buyer or the owner).
type partiesIn struct {
	sellerPath, customerPath string

	origin, adminOrigin *wire.Location
	sellerRegs          []wire.TaxRegistration
	noNexus             bool
	nexusSet            bool // the request gives the seller's nexusIndicator
	company             string

	dest, adminDest *wire.Location
	customerRegs    []wire.TaxRegistration
	class           string
	business        bool
	exempt          bool
	certificate     string
	reason          string
	evidence        *wire.LocationEvidence
	customerCode    string // customer.customerCode.value of a sale
	// lostCode is the customerCode of the customer that the line's own
	// customer, sent without one, replaced (the document's or an
	// enclosing line's), and lostPath the path of the line's customer
	// (see CustomerCodeLostRule).
	lostCode, lostPath string
}

// lineIn is a perspective-neutral view of a wire line.
type lineIn struct {
	path                                            string
	qty                                             *wire.Measure
	unit, ext, freight, inputTax, prevPaid, charged *money.Amount
	basis                                           *money.Amount // a base used when there is no price (owner lines)
	special                                         *money.Amount // specialTaxBasis: replaces the amount
	disc                                            *wire.Discount
	multi                                           bool
	overrides
	taxDate              civil.Date
	txType, productClass string
	productCode          string              // a sale's product.value
	commodity            *wire.CommodityCode // the line's commodityCode
	extra                *wire.CommodityCode // the line's additionalCommodityCode
	volume               *wire.Measure       // the line's volume
	det                  *wire.LineDetails   // the line's shared members (the Brazilian drivers)
	parties              partiesIn
	children             []lineIn
	// src is the wire line and parties the view came from, for the
	// members that Levy does not act on (see wirefields.go).
	src wireSrc

	// parentClass is the class a line that sends none takes when no
	// code of its own gives one (its nearest enclosing line's, sent or
	// taken), and parentClassAt the path of the line that sent it.
	parentClass, parentClassAt string

	leaf *line // the calculated line, for leaves
	// deleted marks a line that a sync DELETEs (syncLines allows
	// syncType on a sync's leaves only): it is not calculated, has no
	// leaf, and is answered with no tax, so that neither the document's
	// totals nor a vendor's tax compared or credited count it, as the
	// journal, which drops it, does not.
	deleted bool
}

// overrides are the override members of a document or a line.
type overrides struct {
	exemptOv, nonTaxOv []wire.Override
	rateOv             []wire.RateOverride
	incl               []wire.ImpositionInclusion
	situs              *wire.SitusOverride
	// exemptAt, nonTaxAt, rateAt and inclAt are the path prefixes of the
	// members that exemptOv, nonTaxOv, rateOv and incl came from: "" for
	// the document's, "lineItems[0]." for those of the line that sent
	// them (the line's own, or an enclosing line's that it took).
	exemptAt, nonTaxAt, rateAt, inclAt string

	// The members below are the line's own, or where it sends none its
	// nearest enclosing line's (the document has none of them, or says
	// its own taxOverride on every line): taxIncludedIndicator, the
	// rules' usage and usageClass, and the overrides that Levy does not
	// act on and flags (taxOverride, taxDeferredOverrides,
	// citationOverrides). A bundle's price that includes the tax, its
	// usage or its override is its components'.
	taxIncluded       bool
	usage, usageClass string
	taxOv             *wire.TaxOverride
	deferredOv        []wire.TaxDeferredOverride
	citationOv        []wire.CitationOverride
	// includedBy, taxOvBy, deferredBy and citationBy are the paths of
	// the lines that sent taxIncluded, taxOv, deferredOv and citationOv
	// ("lineItems[0]"), which name the member in an error or a
	// not-acted-on parameter.
	includedBy, taxOvBy, deferredBy, citationBy string
}

// of returns a line's overrides: each of its own members, or, where the
// line has none, those of o: the document's, or on a child line its
// parent's (which took the document's where it sent none).
func (o overrides) of(line overrides) overrides {
	out := overrides{exemptOv: or(line.exemptOv, o.exemptOv), nonTaxOv: or(line.nonTaxOv, o.nonTaxOv),
		rateOv: or(line.rateOv, o.rateOv), incl: or(line.incl, o.incl), situs: o.situs,
		exemptAt: o.exemptAt, nonTaxAt: o.nonTaxAt, rateAt: o.rateAt, inclAt: o.inclAt,
		taxIncluded: line.taxIncluded || o.taxIncluded, usage: line.usage, usageClass: line.usageClass, taxOv: o.taxOv,
		deferredOv: or(line.deferredOv, o.deferredOv), citationOv: or(line.citationOv, o.citationOv),
		includedBy: o.includedBy, taxOvBy: o.taxOvBy, deferredBy: o.deferredBy, citationBy: o.citationBy}
	if line.situs != nil {
		out.situs = line.situs
	}
	if line.taxOv != nil {
		out.taxOv = line.taxOv
	}
	if out.usage == "" {
		out.usage = o.usage
	}
	if out.usageClass == "" {
		out.usageClass = o.usageClass
	}
	return out
}

// enclosing is what a child line takes from its nearest enclosing line
// (or, on the document's lines, from the document) where it sends none
// of its own: the overrides, tax included and usage (overrides), the
// taxDate (zero on the document's lines: a bundle's tax point is its
// components'), and the class of the nearest enclosing line that sent
// one (productClass, or purchaseClass), taken when the child sends no
// class and no code that the tenant's profile maps ("" on the
// document's lines), with classAt that line's path. The defaults of
// each kind of request embed it.
type enclosing struct {
	taxDate        civil.Date
	class, classAt string
	overrides
}

// take sets e to what the child lines of li take from it: its overrides
// and taxDate (its own, or those it took), and its class: the one it
// sends, else the one the tenant's profile ps (nil: none) maps its code
// to, as li is taxed on it (classFromCode), else the one it took from its
// own enclosing line.
func (e *enclosing) take(li *lineIn, ps *profile.Snapshot) {
	e.overrides, e.taxDate = li.overrides, li.taxDate
	e.class, e.classAt = li.productClass, li.path
	if li.productClass == "" {
		if class, _, ok := codeClass(ps, li); ok {
			e.class = class
		} else {
			e.class, e.classAt = li.parentClass, li.parentClassAt
		}
	}
}

// dateOf gives li, a line that sends no taxDate, its enclosing line's.
func (e *enclosing) dateOf(li *lineIn) {
	if li.taxDate.IsZero() {
		li.taxDate = e.taxDate
	}
}

// details fills what a line's shared members, and its
// taxIncludedIndicator (included), say about it: its overrides over
// those it inherits (doc: the document's, or on a child line its
// parent's), and its usage.
func (li *lineIn) details(d *wire.LineDetails, included bool, doc overrides) {
	li.overrides = doc.of(overrides{exemptOv: d.ExemptOverrides, nonTaxOv: d.NonTaxableOverrides, rateOv: d.RateOverrides, incl: d.ImpositionInclusions, situs: d.SitusOverride,
		taxIncluded: included, usage: d.Usage, usageClass: d.UsageClass, taxOv: d.TaxOverride, deferredOv: d.TaxDeferredOverrides, citationOv: d.CitationOverrides})
	// The members a line sends are named by its path (no join: most
	// lines send none).
	if included {
		li.includedBy = li.path
	}
	if d.TaxOverride != nil {
		li.taxOvBy = li.path
	}
	if len(d.TaxDeferredOverrides) > 0 {
		li.deferredBy = li.path
	}
	if len(d.CitationOverrides) > 0 {
		li.citationBy = li.path
	}
	// The line's path is joined only when one of its members names it:
	// most lines send none.
	if len(d.ExemptOverrides)+len(d.NonTaxableOverrides)+len(d.RateOverrides)+len(d.ImpositionInclusions) > 0 {
		at := li.path + "."
		if len(d.ExemptOverrides) > 0 {
			li.exemptAt = at
		}
		if len(d.NonTaxableOverrides) > 0 {
			li.nonTaxAt = at
		}
		if len(d.RateOverrides) > 0 {
			li.rateAt = at
		}
		if len(d.ImpositionInclusions) > 0 {
			li.inclAt = at
		}
	}
	li.det = d
	li.src.details = d
}

// builder turns lineIn trees into the leaves of a doc.
type builder struct {
	c    *calc
	r    resolver
	errs levy.Errors
	seen map[levy.Error]bool                   // the errors of errs, once there are any
	regs map[*wire.TaxRegistration]checkedRegs // by the list's first element
	// stored are the seller's stored registrations that the document's
	// lines used, by company and date (see storedRegistrations)
	stored docMemo[storedKey, storedRegs]
}

// storedKey is the company and date of a storedRegs.
type storedKey struct {
	company string
	date    civil.Date
}

func (b *builder) fail(err error) {
	if err == nil {
		return
	}
	switch e := err.(type) {
	case levy.Errors:
		for _, x := range e {
			b.add(x)
		}
	case *levy.Error:
		b.add(e)
	default:
		b.add(&levy.Error{Code: levy.EInternal, Message: err.Error()})
	}
}

// add records an error of the document, once: a location that every
// line inherits is resolved, and may fail, once per line.
func (b *builder) add(e *levy.Error) {
	if b.seen[*e] {
		return
	}
	if b.seen == nil {
		b.seen = map[levy.Error]bool{}
	}
	b.seen[*e] = true
	b.errs = append(b.errs, e)
}

// build creates the leaves of the trees in order. Multicomponent parents
// contribute only their children; any other parent with a price of its
// own (ownLine) is a component of the document too, and is calculated
// after its children. A multicomponent line without child lines is
// refused: it would contribute nothing, its price ignored. When the
// calculation's context ends, build stops at the next line with its error.
func (b *builder) build(lines []lineIn) {
	for i := range lines {
		if err := b.c.ctx.Err(); err != nil {
			b.fail(err) // once: the lines left would each fail their lookups with it
			return
		}
		li := &lines[i]
		if li.deleted {
			continue
		}
		if e := lineTypeCountRefusal(li); e != nil {
			b.add(e)
		}
		if li.multi && len(li.children) == 0 {
			b.add(levy.Invalid(li.path+".isMulticomponent", "is true on a line without child lines: a multicomponent line's child lines carry its amounts and its own are ignored, so it would bear no tax; send its components as child lines, or leave the member out"))
			continue
		}
		if li.multi || len(li.children) > 0 {
			b.build(li.children)
			if !ownLine(li.multi, li.unit, li.ext) {
				// A purchase's vendor tax is refused before the lines
				// are built (parentAmounts), as it may also go on the
				// document.
				for _, e := range parentRefusals(li, parentMembers{prevPaid: true, inputTax: b.c.d.mode == modeDistribute, ownerBases: true, special: true,
					details: true, freight: true, discount: true}) {
					b.add(e)
				}
				for _, e := range b.c.parentMemberRefusals(li) {
					b.add(e)
				}
				continue
			}
		}
		li.leaf = b.leaf(li)
		if li.leaf != nil {
			b.c.d.lines = append(b.c.d.lines, li.leaf)
		}
	}
}

// parentMembers chooses the members of a line that parentRefusals
// checks: the kinds of request differ in which they act on.
type parentMembers struct {
	prevPaid   bool // previousTaxPaid other than zero
	charged    bool // a vendor's chargedTax
	inputTax   bool // inputTotalTax (DISTRIBUTE_TAX)
	ownerBases bool // an owner's cost, totalCost, fairMarketValue, netBookValue
	special    bool // specialTaxBasis other than zero (purchases and owners)
	details    bool // lineType, lineTypes, franchiseAreaId and the Intrastat members
	freight    bool // freight other than zero
	discount   bool // a line discount whose discountValue is other than zero
}

// parentRefusals returns the refusals of the amounts of m sent on li, a
// line that is not calculated (child lines and no price of its own, or
// multicomponent: ownLine): they would reach no line and be dropped. A
// previousTaxPaid other than zero would credit nothing, so the customer
// would be charged the tax already paid elsewhere; a vendor's chargedTax
// would be neither credited nor compared, so an accrual would accrue the
// tax the vendor had charged; an inputTotalTax on DISTRIBUTE_TAX would be
// distributed over no line; a specialTaxBasis, which replaces a
// calculated line's amount, would replace none, so the basis the client
// chose would be ignored and the children taxed on their own amounts.
// A freight other than zero would be echoed on the line and left out of
// every total and of the tax (a taxed freight's tax too), and a line
// discount would lower no amount, so the children's full prices would be
// taxed and charged.
// They belong on the child lines (a vendor's tax also on the document).
// So does an owner's cost, totalCost,
// fairMarketValue or netBookValue other than zero on such a line that is
// not multicomponent: it is the line's amount when it has no price, but
// only a price makes a parent a line of its own, and taxing it besides
// the child lines would tax twice a parent that sends the sum of its
// children's (a multicomponent parent's amounts are ignored by
// definition). So do a line type, a franchise area and the Intrastat
// members: a telecom bundle's lineTypes, or a kit's CN8 code, on such a
// line bore no communications tax or franchise fee, and were neither
// checked nor kept for a declaration, and the response said nothing.
// parentUses (parentfields.go) gives every member of a line its use on
// such a line; the members that act on calculated lines alone are
// refused by parentMemberRefusals.
func parentRefusals(li *lineIn, m parentMembers) []*levy.Error {
	const notCalculated = "is sent on a line with child lines and no price of its own (or a multicomponent line), which is not calculated: "
	var errs []*levy.Error
	if m.prevPaid && li.prevPaid != nil && !li.prevPaid.IsZero() {
		errs = append(errs, levy.Invalid(li.path+".previousTaxPaid", notCalculated+"send the tax previously paid on its child lines"))
	}
	if m.charged && li.charged != nil {
		errs = append(errs, levy.Invalid(li.path+".chargedTax", notCalculated+"send the vendor's tax on its child lines, or on the document"))
	}
	if m.inputTax && li.inputTax != nil {
		errs = append(errs, levy.Invalid(li.path+".inputTotalTax", notCalculated+"send the tax to distribute on its child lines"))
	}
	if m.special && li.special != nil && !li.special.IsZero() {
		errs = append(errs, levy.Invalid(li.path+".specialTaxBasis", notCalculated+"its basis would replace no line's amount; send it on its child lines, or send unitPrice or extendedPrice to tax the line on it besides its children"))
	}
	if d := li.src.details; m.details && d != nil {
		switch {
		case len(d.LineTypes) > 0:
			errs = append(errs, levy.Invalid(li.path+".lineTypes", notCalculated+"its line types would bear no communications tax; send them on its child lines"))
		case d.LineType != nil:
			errs = append(errs, levy.Invalid(li.path+".lineType", notCalculated+"its line type would bear no communications tax; send it on its child lines"))
		}
		if d.FranchiseAreaID != "" {
			errs = append(errs, levy.Invalid(li.path+".franchiseAreaId", notCalculated+"its franchise area's fees would be charged on no line; send it on its child lines"))
		}
		if name := intrastatMemberSent(d); name != "" {
			errs = append(errs, levy.Invalid(li.path+"."+name, notCalculated+"the journal keeps the Intrastat members with the lines it calculates, "+
				"so they would be neither checked nor declared; send them on its child lines, each with its own goods' code, mass and quantity"))
		}
	}
	orPrice := ""
	if !li.multi {
		orPrice = ", or send unitPrice or extendedPrice to calculate the line besides its children"
	}
	if m.freight && li.freight != nil && !li.freight.IsZero() {
		errs = append(errs, levy.Invalid(li.path+".freight", notCalculated+"its freight would count in no total and bear no tax; send it on one of its child lines%s", orPrice))
	}
	if m.discount && li.disc != nil && li.disc.DiscountValue != nil && !li.disc.DiscountValue.IsZero() {
		errs = append(errs, levy.Invalid(li.path+".discount.discountValue", notCalculated+"its discount would lower no amount, and its child lines would be taxed on their full prices; send the discount on its child lines, or on the document%s", orPrice))
	}
	if w := li.src.owner; m.ownerBases && w != nil && !li.multi {
		for _, b := range []struct {
			name string
			v    *money.Amount
		}{{"cost", w.Cost}, {"totalCost", w.TotalCost}, {"fairMarketValue", w.FairMarketValue}, {"netBookValue", w.NetBookValue}} {
			if b.v != nil && !b.v.IsZero() {
				errs = append(errs, levy.Invalid(li.path+"."+b.name, "is sent on a line with child lines and no price of its own, which is not calculated: its base would be ignored. Send it on its child lines, send unitPrice or extendedPrice to tax the line besides its children, or set isMulticomponent if the children carry the whole amount"))
			}
		}
	}
	return errs
}

// ownLine reports whether a line with child lines is calculated as a
// line of its own besides them: the wire format ignores the amounts of a
// multicomponent parent only, so any other parent that sends a unit or
// extended price is a component of the document, whose tax the response
// counts and the journal keeps as a line (journalLines).
func ownLine(multi bool, unit, ext *money.Amount) bool {
	return !multi && (unit != nil || ext != nil)
}

// leaf builds one calculated line.
func (b *builder) leaf(li *lineIn) *line {
	d := b.c.d
	// The line is zero (newLine): its members are set in place, as a
	// whole line copied in would run the write barrier over all its
	// pointers while the collector marks.
	l := b.c.newLine(len(b.c.inBlock))
	l.path, l.in, l.qty, l.productClass = li.path, li, decimalOne, li.productClass
	l.usage, l.usageClass, l.txType, l.date, l.taxIncluded = li.usage, li.usageClass, li.txType, li.taxDate, li.taxIncluded
	if l.date.IsZero() {
		l.date = d.date
	}
	if l.date == d.date {
		if d.dateText == "" {
			d.dateText = dateString(d.date)
		}
		l.dateText = d.dateText
	} else {
		l.dateText = dateString(l.date)
	}
	if h := b.c.s.horizon; !h.IsZero() && l.date.After(h) {
		l.beyond = "documentDate"
		if !li.taxDate.IsZero() {
			l.beyond = "taxDate"
		}
	}
	ps := b.c.prof
	if ps != nil && l.productClass == "" && (li.productCode != "" || li.commodity != nil) {
		classFromCode(ps, l, li)
	}
	if sendsLineType(li) && (l.productClass == "" || li.productClass == rules.Services) {
		// A communications line type and no class of its own, nor a code
		// that maps, or SERVICES, the class of services no class names:
		// the line is a communications service, whatever the class of
		// its enclosing line (LineTypeClassRule).
		l.lineTypeSent = li.productClass
		l.productClass, l.classFromLineType = rules.Telecommunications, true
	}
	if l.productClass == "" {
		// No class of its own, and no code that the tenant's profile
		// maps: the enclosing line's class, then GENERAL.
		l.productClass = li.parentClass
	}
	if l.productClass == "" {
		l.productClass, l.lacking = rules.General, b.c.s.general
	} else if lacking, ok := b.c.s.classes[l.productClass]; ok {
		l.lacking = lacking
	} else {
		// No rule names the class: it is taxed as GENERAL, and the line
		// says so.
		l.unknownClass, l.productClass, l.lacking = l.productClass, rules.General, b.c.s.general
	}
	if li.qty != nil && li.qty.Value != nil {
		l.qty = li.qty.Value.Decimal()
	}
	switch {
	case li.special != nil:
		l.amount = li.special.Decimal()
	case li.ext != nil:
		l.amount = li.ext.Decimal()
	case li.unit != nil && (li.qty == nil || li.qty.Value == nil):
		l.amount = li.unit.Decimal()
	case li.unit != nil:
		l.amount = mul(li.unit.Decimal(), l.qty)
	case li.basis != nil:
		l.amount = li.basis.Decimal()
	}
	if li.disc != nil && li.disc.DiscountValue != nil {
		v := li.disc.DiscountValue.Decimal()
		if li.disc.DiscountType == wire.DiscountPercent {
			off := money.New(l.amount.Mul(v).Div(decimalHundred)).Round(int32(max(d.currency.MinorUnits, 0)), money.HalfUp)
			l.amount = l.amount.Sub(off.Decimal())
		} else {
			// An amount off lowers the line toward zero: a sale's amount
			// falls, a return's refund falls, and neither crosses zero.
			if v.GreaterThan(l.amount.Abs()) {
				b.fail(levy.Invalid(li.path+".discount.discountValue", "%s is more than the line's amount %s: a discount can not turn the line into its opposite",
					v.String(), l.amount.String()))
			}
			l.amount = towardZero(l.amount, v)
		}
	}
	if li.freight != nil {
		l.freight = li.freight.Decimal()
	}
	if li.inputTax != nil {
		v := li.inputTax.Decimal()
		l.inputTax = &v
	}
	// Tax paid elsewhere and the vendor's tax are amounts of the
	// currency, which a client's binary floating point may have sent as
	// 17.849999999999998: they are taken to its minor units, half up, so
	// that neither a credit nor a variance carries their extra decimals.
	if li.prevPaid != nil {
		l.prevPaid = d.currencyAmount(li.prevPaid.Decimal())
	}
	if li.charged != nil {
		v := d.currencyAmount(li.charged.Decimal())
		l.charged = &v
	}
	for _, o := range li.exemptOv {
		l.exemptOv = append(l.exemptOv, toOverride(o))
	}
	for _, o := range li.nonTaxOv {
		l.nonTaxOv = append(l.nonTaxOv, toOverride(o))
	}
	for i, o := range li.rateOv {
		if o.Rate != nil {
			l.rateOv = append(l.rateOv, rateOverride{impositionType: impName(o.ImpositionType), jurisdictionType: jurType(o.JurisdictionType),
				jurisdictionID: o.JurisdictionID, rate: o.Rate.Decimal(), withholding: withholdingOf(o.ImpositionType), at: i})
		}
	}
	for _, o := range li.incl {
		l.incl = append(l.incl, inclusion{impositionType: impName(o.ImpositionType), jurisdictionType: jurType(o.JurisdictionType),
			jurisdictionID: o.JurisdictionID, withholding: withholdingOf(o.ImpositionType)})
	}
	if li.situs != nil {
		l.situs = li.situs.TaxingLocation
	}
	p := &li.parties
	dest := p.dest
	if dest == nil && p.adminDest == nil {
		var err error
		if l.evidence, err = b.r.evidencePlace(p.customerPath+".locationEvidence", p.evidence); err != nil {
			b.fail(err)
		} else if l.evidence != nil {
			dest = l.evidence.loc
		}
	}
	// The destination first: it decides how far the origin is resolved.
	// Errors keep the order of the members, the origin's first.
	var destErr, adminDestErr, err error
	l.dest, destErr = b.r.place(p.customerPath, ".destination", dest, wire.Destination, l.date)
	if l.evidence != nil {
		destErr = l.evidence.blame(destErr, p.customerPath+".destination")
	}
	l.adminDest, adminDestErr = b.r.place(p.customerPath, ".administrativeDestination", p.adminDest, wire.AdministrativeDestination, l.date)
	to := firstPlace(l.dest, l.adminDest)
	if l.situs == wire.PhysicalOrigin || l.situs == wire.AdministrativeOrigin || propertyClass(l.productClass) {
		to = nil // the origin may be the situs (a hotel's room is taxed there): resolve it whole
	}
	l.origin, err = b.r.origin(p.sellerPath, ".physicalOrigin", p.origin, wire.PhysicalOrigin, l.date, to)
	b.fail(err)
	l.adminOrigin, err = b.r.origin(p.sellerPath, ".administrativeOrigin", p.adminOrigin, wire.AdministrativeOrigin, l.date, to)
	b.fail(err)
	b.fail(destErr)
	b.fail(adminDestErr)
	b.c.telecomFallback(l)
	// The parties' members are set in place, the line being zero.
	l.seller.regs, l.seller.noNexus, l.seller.company = b.registrations(p.sellerRegs), p.noNexus, p.company
	c := &l.customer
	c.regs, c.class, c.business = b.registrations(p.customerRegs), p.class, p.business
	c.exempt, c.certificate, c.exemptReason = p.exempt || p.certificate != "", p.certificate, p.reason
	if ps != nil && d.perspective == "SELLER" {
		b.saleProfile(ps, l, p)
	}
	b.brazil(l, li) // the Brazilian drivers (brazil.go)
	return l
}

// saleProfile applies the tenant's profile to the parties of a sale's
// line (see WithProfiles): the stored customer's class code and business
// indicator where the request sends none, its certificates where the
// request carries no exemption (and, where the request sends a
// certificate number, the stored certificate of that number, to report
// on), and the seller's stored registrations where the request sends
// neither registrations for a tax (a FEIN alone is none,
// TaxRegistrationType.Identity) nor a nexus indicator.
func (b *builder) saleProfile(ps *profile.Snapshot, l *line, p *partiesIn) {
	if code := p.customerCode; code != "" {
		if cu, ok := ps.Customer(code); ok {
			if l.customer.class == "" {
				l.customer.class = cu.ClassCode
			}
			l.customer.business = l.customer.business || cu.IsBusiness
		}
		switch {
		case !l.customer.exempt:
			l.certs = ps.CertificatesOf(code)
		case l.customer.certificate != "":
			sentCertificate(ps, l, code)
		default:
			// isTaxExempt alone: the stored certificates are read to
			// report on (exemptFlagParameter), never to exempt.
			l.flagCerts = ps.CertificatesOf(code)
		}
	} else {
		if p.lostCode != "" {
			if _, ok := ps.Customer(p.lostCode); ok {
				l.lostCode, l.lostPath = p.lostCode, p.lostPath
			}
		}
		sentCertificate(ps, l, "")
	}
	if len(l.seller.regs) == 0 && !p.nexusSet {
		// None sent, or only numbers that identify the seller
		// (TaxRegistrationType.Identity), which register it nowhere.
		regs, none := b.storedRegistrations(ps, p.company, l.date)
		l.seller.regs, l.seller.stored = regs, true
		l.seller.noNexus = l.seller.noNexus || none
	}
}

// checkedRegs is a registration list normalised, with the validation
// results of its numbers.
type checkedRegs struct {
	regs    []registration
	results []*wire.ValidationResult
}

// registrations normalises a registration list and validates its numbers
// once per document, however many lines share the party.
func (b *builder) registrations(regs []wire.TaxRegistration) []registration {
	return b.checked(regs).regs
}

func (b *builder) checked(regs []wire.TaxRegistration) checkedRegs {
	if len(regs) == 0 {
		return checkedRegs{}
	}
	if cr, ok := b.regs[&regs[0]]; ok {
		return cr
	}
	var cr checkedRegs
	cr.regs, cr.results = b.c.registrations(regs)
	if b.regs == nil {
		b.regs = map[*wire.TaxRegistration]checkedRegs{}
	}
	b.regs[&regs[0]] = cr
	return cr
}

// registered is a wire party with tax registrations (see
// partyRegistrations).
type registered[T any] interface {
	*T
}

// partyRegistrations returns a pointer to the tax registrations of a wire
// party (a *Seller, *Customer, *Buyer, *Vendor or *Owner).
func partyRegistrations(p any) *[]wire.TaxRegistration {
	switch p := p.(type) {
	case *wire.Seller:
		return &p.TaxRegistrations
	case *wire.Customer:
		return &p.TaxRegistrations
	case *wire.Buyer:
		return &p.TaxRegistrations
	case *wire.Vendor:
		return &p.TaxRegistrations
	case *wire.Owner:
		return &p.TaxRegistrations
	}
	panic(fmt.Sprintf("engine: %T is not a wire party", p))
}

// validatedCopy returns a copy of party p for a response, its tax
// registrations with their validation results; nil for nil. A party
// without registrations has nothing to add and is returned itself, as the
// response shares the request's other unchanged members.
func validatedCopy[T any, P registered[T]](b *builder, p P) P {
	if p == nil || len(*partyRegistrations(p)) == 0 {
		return p
	}
	cp := *p
	regs := partyRegistrations(P(&cp))
	*regs = b.validated(*regs)
	return &cp
}

// responseParty returns the response's copy of party p (nil for nil):
// its registrations with their validation results (validatedCopy), its
// locations with what their lookups found (locatedParty), and, for a
// customer or buyer that sends an exemption certificate number, which
// exempts it on every line it reaches (partiesIn.exempt), isTaxExempt
// true, as the wire format says. Each step copies p only when it changes
// something.
func responseParty[T any, P interface{ *T }](b *builder, p P, tree []lineIn) P {
	p = locatedParty(b.c.s, validatedCopy(b, p), tree)
	if flag, cert := partyExemption(p); flag != nil && !*flag && certificateNumber(cert) != "" {
		cp := *p
		flag, _ = partyExemption(P(&cp))
		*flag = true
		p = &cp
	}
	return p
}

// partyExemption returns a pointer to the isTaxExempt of a customer or a
// buyer and its exemption certificate; nil for any other party.
func partyExemption(p any) (*bool, *wire.ExemptionCertificate) {
	switch p := p.(type) {
	case *wire.Customer:
		if p != nil {
			return &p.IsTaxExempt, p.ExemptionCertificate
		}
	case *wire.Buyer:
		if p != nil {
			return &p.IsTaxExempt, p.ExemptionCertificate
		}
	}
	return nil, nil
}

// validated returns the response's copy of a registration list with the
// validation results of the numbers.
func (b *builder) validated(regs []wire.TaxRegistration) []wire.TaxRegistration {
	if len(regs) == 0 {
		return regs
	}
	out := setValidation(regs, b.checked(regs).results)
	for i := range out {
		if named := b.c.s.named(out[i].FilingCurrency); named != out[i].FilingCurrency {
			if &out[0] == &regs[0] {
				out = slices.Clone(out) // the request's own stays as sent
			}
			out[i].FilingCurrency = named
		}
	}
	return out
}

func toOverride(o wire.Override) override {
	out := override{impositionType: impName(o.ImpositionType), jurisdictionType: jurType(o.JurisdictionType),
		jurisdictionID: o.JurisdictionID, reasonCode: o.ReasonCode, withholding: withholdingOf(o.ImpositionType)}
	if o.Amount != nil {
		v := o.Amount.Decimal()
		out.amount = &v
	}
	return out
}

func impName(t *wire.ImpositionType) string {
	if t == nil {
		return ""
	}
	return t.Value
}

// header holds the document fields the three perspectives share.
type header struct {
	date          civil.Date
	currency      *wire.Currency
	company       *wire.Currency                  // companyCodeCurrency
	factors       []wire.CurrencyConversionFactor // currencyConversionFactors
	roundAtLine   *bool
	taxOnly       bool
	perspective   string
	message       string
	mode          mode
	accrueNoNexus bool
	selfAssess    bool
}

// newCalc prepares a calculation of a document. The calculation's state
// is pooled: the caller releases it (calc.release) once the response is
// built.
func (e *Engine) newCalc(ctx context.Context, h header) (*calc, *builder, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	s := e.current()
	if s == nil {
		return nil, nil, notMade()
	}
	ps, err := e.profileOf(ctx)
	if err != nil {
		return nil, nil, err
	}
	set := &s.settings
	if ps != nil {
		if set, err = s.settingsOf(ctx, ps.Policy()); err != nil {
			return nil, nil, err
		}
	}
	date := h.date
	if date.IsZero() {
		date = s.today()
	}
	cur := money.Currency{Alpha: "USD", Numeric: 840, Name: "US Dollar", MinorUnits: 2}
	if h.currency != nil {
		if cur, err = s.checkAmountCurrency("currency", h.currency); err != nil {
			return nil, nil, err
		}
		if err := checkInUse("currency", h.currency, cur, date); err != nil {
			return nil, nil, err
		}
	}
	if err := s.checkConversions(h.company, h.factors, date); err != nil {
		return nil, nil, err
	}
	w := s.newScratch()
	w.d = doc{perspective: h.perspective, message: h.message, mode: h.mode, accrueWithoutNexus: h.accrueNoNexus, selfAssess: h.selfAssess,
		taxOnly: h.taxOnly, date: date, currency: cur, company: h.company, factors: h.factors, roundAtLine: h.roundAtLine == nil || *h.roundAtLine, lines: w.d.lines}
	w.c.ctx, w.c.set, w.c.prof = ctx, set, ps
	w.c.dists = w.c.dists[:0]
	if set == &s.settings {
		w.c.strict = s.settings.strictAddresses(ctx)
	} else {
		w.c.strict = set.AddressCheck == AddressStrict // the tenant's, settled by settingsOf
	}
	return &w.c, &w.b, nil
}

// spreadDiscount applies a document-level discount: a percentage to every
// leaf, an amount over the sales in proportion to their amounts (over the
// returns when the document has no sales).
func (c *calc) spreadDiscount(disc *wire.Discount) error {
	if disc == nil || disc.DiscountValue == nil || len(c.d.lines) == 0 {
		return nil
	}
	v := disc.DiscountValue.Decimal()
	places := int32(max(c.d.currency.MinorUnits, 0))
	if disc.DiscountType == wire.DiscountPercent {
		// The percentage of the document's amount, rounded once, is
		// spread over the lines each within a unit of its own share: a
		// share rounded line by line took 0.03 off three lines of 0.05
		// at 10%, where 10% of 0.15 is 0.02.
		exact := make([]decimal.Decimal, len(c.d.lines))
		offs := make([]decimal.Decimal, len(c.d.lines))
		sum := decimal.Zero
		for i, l := range c.d.lines {
			exact[i] = l.amount.Mul(v).Div(decimalHundred)
			offs[i] = money.New(exact[i]).Round(places, money.HalfUp).Decimal()
			sum = sum.Add(exact[i])
		}
		money.SettleRounded(exact, offs, money.New(sum).Round(places, money.HalfUp).Decimal(), places)
		for i, l := range c.d.lines {
			l.amount = l.amount.Sub(offs[i])
		}
		return nil
	}
	// An amount off lowers the document's net by the whole amount (EN
	// 16931's BR-CO-13): it is spread over the sales, in proportion to
	// their amounts, and the returns beside them keep their refunds; a
	// document of returns alone has their refunds lowered. Spread over
	// sales and returns alike, 10.00 off a sale of 100.00 and its
	// return lowered both to 95.00 and -95.00, and the document's net
	// not at all.
	sales := false
	for _, l := range c.d.lines {
		if l.amount.IsPositive() {
			sales = true
			break
		}
	}
	weights := make([]decimal.Decimal, len(c.d.lines))
	total := decimal.Zero
	for i, l := range c.d.lines {
		if sales && !l.amount.IsPositive() {
			weights[i] = decimal.Zero
			continue
		}
		weights[i] = l.amount.Abs()
		total = total.Add(weights[i])
	}
	off := money.New(v).Round(places, money.HalfUp)
	if off.Decimal().GreaterThan(total) {
		what := "lines'"
		if sales {
			what = "sales'"
		}
		return levy.Invalid("discount.discountValue", "%s is more than the %s amounts %s: a discount can not turn them into their opposites",
			off.String(), what, total.String())
	}
	parts, err := money.Allocate(off, weights, places)
	if err != nil {
		return levy.Invalid("discount.discountValue", "can not be spread over the lines: %v", err)
	}
	for i, l := range c.d.lines {
		l.amount = towardZero(l.amount, parts[i].Decimal())
	}
	return nil
}

// towardZero returns amount lowered by off (at least 0) toward zero: a
// positive amount less off, a negative one (a return) plus off.
func towardZero(amount, off decimal.Decimal) decimal.Decimal {
	if amount.Sign() < 0 {
		return amount.Add(off)
	}
	return amount.Sub(off)
}

// jurType is the wire name of a jurisdiction type, "" when absent.
func jurType(t jurisdiction.Type) string {
	if t == 0 {
		return ""
	}
	return t.String()
}

// dateString returns d.String(), YYYY-MM-DD, without the cost of fmt for
// the dates of years 1 to 9999.
func dateString(d civil.Date) string {
	if d.Year < 1 || d.Year > 9999 || d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 {
		return d.String()
	}
	b := [10]byte{'0' + byte(d.Year/1000), '0' + byte(d.Year/100%10), '0' + byte(d.Year/10%10), '0' + byte(d.Year%10), '-',
		'0' + byte(d.Month/10), '0' + byte(d.Month%10), '-', '0' + byte(d.Day/10), '0' + byte(d.Day%10)}
	return string(b[:])
}

// knownClasses returns the product classes a calculation knows: the
// built-in ones and every class that a rule or a structure names, each
// without taxes (see addLacking).
func knownClasses(defaults, host []rules.Rule, structures []rules.Structure) map[string][]lackingTax {
	out := make(map[string][]lackingTax, len(rules.ProductClasses))
	for _, c := range rules.ProductClasses {
		out[c] = nil
	}
	for _, rs := range [][]rules.Rule{defaults, host} {
		for i := range rs {
			if rs[i].ProductClass != "" {
				out[rs[i].ProductClass] = nil
			}
		}
	}
	for i := range structures {
		if structures[i].ProductClass != "" {
			out[structures[i].ProductClass] = nil
		}
	}
	return out
}

// lackingTax is a tax that Levy knows of and does not compute, on one
// product class (data.LackingTax): a line of the class whose customer is
// in the jurisdiction on the line's date says so in assistedParameters.
type lackingTax struct {
	jurisdiction string
	tax          jurisdiction.Tax
	transactions []string // the transaction types it is limited to; none for every one
	period       civil.Period
	notice       string // the assisted parameter's value
}

// addLacking adds to the classes the taxes that Levy knows of and does
// not compute on them. A class that only the dataset names is known too.
func addLacking(classes map[string][]lackingTax, rows []data.LackingTax) {
	for i := range rows {
		x := &rows[i]
		for _, c := range x.Classes {
			classes[c] = append(classes[c], lackingTax{jurisdiction: x.Jurisdiction, tax: jurisdiction.Tax(x.Tax),
				transactions: x.Transactions, period: x.Period, notice: x.Notice(c)})
		}
	}
}

// reaches reports whether the tax is one that a line bears and Levy does
// not compute: the line is of one of its transaction types and dated in
// its period, its customer is in the jurisdiction (for a class taxed where
// its property is, ACCOMMODATION, the property: the place that taxes the
// line), and the line has no TAXABLE record of the tax there (a host's
// rule may compute it).
func (x *lackingTax) reaches(l *line) bool {
	if len(x.transactions) > 0 {
		tt := l.txType
		if tt == "" {
			tt = string(wire.TransactionTypeSale)
		}
		if !slices.Contains(x.transactions, tt) {
			return false
		}
	}
	if !x.period.Contains(l.date) {
		return false
	}
	p := firstPlace(l.dest, l.adminDest)
	if propertyClass(l.productClass) && l.taxedAt != nil {
		p = l.taxedAt
	}
	if p == nil || !chainHas(p, x.jurisdiction) {
		return false
	}
	for i := range l.taxes {
		t := &l.taxes[i]
		if t.result == wire.TaxResultTaxable && t.imposition == x.tax && t.j != nil && t.j.JurisdictionID == x.jurisdiction {
			return false
		}
	}
	return true
}

// unknownClassRule names the assisted parameter of a line whose product
// class no rule knows: its paramName is the member that sent the class
// (classParam).
const unknownClassRule = "unknown-product-class"

// classParam returns the member of line l that gives its class:
// purchase.purchaseClass on a purchase or owner line, which has no
// product, productClass on a sale line. A line that took its class from
// an enclosing line (lineIn.parentClass) did not send that member: the
// enclosing line's is named by its path, "lineItems[0].productClass".
// A line whose line type gave it its class names its own member.
func classParam(l *line) string {
	member := "productClass"
	if l.in != nil && (l.in.src.purchase != nil || l.in.src.owner != nil) {
		member = "purchase.purchaseClass"
	}
	if in := l.in; in != nil && in.productClass == "" && in.parentClass != "" && !l.codeMapped && !l.classFromLineType {
		return in.parentClassAt + "." + member
	}
	return member
}

// beyondContentRule names the assisted parameter of a line dated after
// the content's horizon.
const beyondContentRule = "date-beyond-content"

// IdentityTINRule is the ruleName of the assisted parameter of a line
// whose seller or customer sends a Tax Identification Number for a whole
// country (taxRegistrationType "Tax Identification Number (TIN)", no
// mainDivision or jurisdictionId). Such a number only identifies the
// party and registers it for no tax (TaxRegistrationType.Identity), so a
// caller whose country's VAT registration number is the party's TIN
// sends it as a "VAT Registration" for it to count. paramName is the
// member (seller.taxRegistrations[0].taxRegistrationType), originalValue
// the type sent, value a sentence that says so. It changes nothing.
const IdentityTINRule = "tin-registers-no-tax"

// identityTINParameters appends to out the IdentityTINRule parameter of
// each whole-country TIN among the line's parties' registrations, the
// registrations of an owner (both parties) once.
func identityTINParameters(p *partiesIn, out []wire.AssistedParameter) []wire.AssistedParameter {
	each := func(regs []wire.TaxRegistration, path string) {
		for i := range regs {
			r := &regs[i]
			if r.TaxRegistrationType != wire.TaxRegistrationTypeTIN || !identityOnly(r) {
				continue
			}
			out = append(out, wire.AssistedParameter{ParamName: path + ".taxRegistrations[" + strconv.Itoa(i) + "].taxRegistrationType",
				Phase: wire.PhasePre, RuleName: IdentityTINRule, OriginalValue: string(r.TaxRegistrationType),
				Value: "a Tax Identification Number sent for a whole country only identifies the party and registers it for no tax: " +
					"where the party's VAT registration number is its TIN, send the number as taxRegistrationType \"VAT Registration\""})
		}
	}
	each(p.sellerRegs, p.sellerPath)
	if p.customerPath != p.sellerPath || len(p.sellerRegs) == 0 {
		each(p.customerRegs, p.customerPath)
	}
	return out
}

// NoPlaceRule is the ruleName of the assisted parameter of a line that
// no place taxes: it sends no location (nor does its document), or none
// that Levy could place, so it bears no tax, and says so rather than
// answer a total tax of zero without a word.
const NoPlaceRule = "no-location"

// NoTaxRule is the ruleName of the assisted parameter of a line taxed
// in a place that levies no tax Levy knows of on the line's date (a
// country without a VAT, GST or sales tax, such as Kuwait or Hong Kong,
// or a day between two of its rates; a day before the first of them has
// BeforeRatesRule):
// the line bears no tax record, and says why (paramName destination, the
// country as originalValue). It explains a fact; it guesses nothing.
const NoTaxRule = "no-tax-levied"

// BeforeRatesRule is the ruleName of the assisted parameter of a line
// that bears no tax record because it is dated before the first day of
// every rate Levy holds for the country where it is taxed (Iran before
// its VAT's 9% of March 21, 2015, whose earlier rates the sources read do
// not agree on; Malaysia before its GST of April 2015, whose sales and
// service taxes of 1972 and 1975 Levy does not model; Japan before its
// consumption tax of April 1989): paramName destination, the country as
// originalValue, and a value that names that first day. A line taxed in
// a subdivision (a US state, a Canadian province) dated before the first
// day of the rates Levy holds for it gets one too, the subdivision as
// originalValue, whatever taxes of the places within it the line bears
// (a Los Angeles sale of 2016 bears the county's transit taxes, whose
// rates Levy holds from before, and not California's, whose rates it
// holds from 2017). It does not say that no tax was due, only that Levy
// calculated none, so a batch flags it (Explains is false).
const BeforeRatesRule = "before-first-rate"

// TerritoryRateRule is the ruleName of the assisted parameter of a line
// taxed in a VAT special territory with reduced rates of its own (Madeira,
// the Azores, Guadeloupe, Martinique, La Réunion) whose product class asks
// for a reduced rate that the dataset does not hold for the territory: the
// line bears the territory's standard rate, and the parameter's value
// says so (paramName productClass, the class as originalValue).
const TerritoryRateRule = "territory-rate-missing"

// TaxNotComputedRule is the ruleName of the assisted parameter of a line
// that bears a tax Levy knows of and does not compute (see
// data.LackingTax): its paramName is productClass, its originalValue the
// line's class and its value a sentence that names the jurisdiction, the
// tax and the citation, "US-0820000 Denver taxes SAAS under its own sales
// and use tax code (Denver Tax Guide Topic No. 18); Levy does not compute
// it". Unlike the other assisted parameters it changes nothing: the line
// is calculated without the tax, and says so.
const TaxNotComputedRule = "tax-not-computed"

// assisted returns the assisted parameters of a calculated line: the
// code its class came from through the tenant's profile, or that the
// profile did not map (see WithProfiles); the product class it was taxed
// as, when Levy did not know the one given; its date (documentDate or
// taxDate, kept as it was), when it lies after the content's horizon, so
// that the rates Levy knows may no longer be those in force; after the
// calculation, each tax that the line bears and Levy knows of but does
// not compute (paramName productClass, the class as originalValue, a
// sentence naming the jurisdiction, the tax and its citation as value);
// why the stored certificates of the customer left taxes charged
// (certificateParameters); and that the line's company code amounts are
// left out, when nothing converts the document's currency into the
// company code currency (companyParameter); and that a party's
// Tax Identification Number sent for a whole country registers it for no
// tax (IdentityTINRule); and, on a line whose destination its customer's
// location evidence gave, that destination (LocationEvidenceRule).
func (c *calc) assisted(l *line) []wire.AssistedParameter {
	if l == nil {
		return nil
	}
	var out []wire.AssistedParameter
	if l.code != "" {
		if l.codeMapped {
			class := l.productClass
			if l.unknownClass != "" {
				class = l.unknownClass // mapped to a class that no rule knows: flagged below
			}
			out = append(out, wire.AssistedParameter{ParamName: l.codeParam, Phase: wire.PhasePre, RuleName: ProductCodeRule,
				OriginalValue: l.code, Value: class})
		} else if classDecides(l) {
			out = append(out, wire.AssistedParameter{ParamName: l.codeParam, Phase: wire.PhasePre, RuleName: UnknownProductCodeRule,
				OriginalValue: l.code, Value: l.productClass})
		}
	}
	if l.unknownClass != "" {
		out = append(out, wire.AssistedParameter{ParamName: classParam(l), Phase: wire.PhasePre, RuleName: unknownClassRule,
			OriginalValue: l.unknownClass, Value: l.productClass})
	}
	if l.beyond != "" {
		out = append(out, wire.AssistedParameter{ParamName: l.beyond, Phase: wire.PhasePre, RuleName: beyondContentRule,
			OriginalValue: l.dateText, Value: l.dateText})
	}
	for i := range l.lacking {
		if x := &l.lacking[i]; x.reaches(l) {
			out = append(out, wire.AssistedParameter{ParamName: "productClass", Phase: wire.PhasePost, RuleName: TaxNotComputedRule,
				OriginalValue: l.productClass, Value: x.notice})
		}
	}
	out = c.telecomParameters(l, out)
	if l.localTax != "" {
		out = append(out, wire.AssistedParameter{ParamName: "productClass", Phase: wire.PhasePost, RuleName: TaxNotComputedRule,
			OriginalValue: l.productClass, Value: l.localTax})
	}
	if l.territoryRate != "" {
		out = append(out, wire.AssistedParameter{ParamName: "productClass", Phase: wire.PhasePost, RuleName: TerritoryRateRule,
			OriginalValue: l.productClass, Value: l.territoryRate})
	}
	if len(l.certs) > 0 {
		out = c.certificateParameters(l, out)
	}
	if l.sentCert != nil {
		out = c.sentCertificateParameter(l, out)
	}
	if len(l.flagCerts) > 0 {
		out = c.exemptFlagParameter(l, out)
	}
	if l.lostCode != "" {
		out = append(out, wire.AssistedParameter{ParamName: l.lostPath + ".customerCode", Phase: wire.PhasePre, RuleName: CustomerCodeLostRule,
			Value: "the line's own customer has no customerCode, and replaces customer " + l.lostCode +
				" whole: that customer's stored certificates, class code and business indicator do not apply to the line; send customerCode " +
				l.lostCode + " on the line's customer if it is that customer"})
	}
	if l.in != nil {
		out = identityTINParameters(&l.in.parties, out)
	}
	if l.br != nil {
		out = append(out, l.br.assisted...) // brazil.go
	}
	if e := l.evidence; e != nil {
		out = append(out, e.parameter())
	}
	if l.noPlace {
		out = append(out, wire.AssistedParameter{ParamName: "destination", Phase: wire.PhasePost, RuleName: NoPlaceRule,
			Value: "the line has no location Levy could place (destination, origin or administrative): no tax was calculated"})
	}
	subBefore := false
	if p := l.taxedAt; p != nil && !l.noPlace && p.subdivision != "" && l.date.Before(c.s.subdivisionsFrom) {
		if first, ok := c.s.firstRateAfter(p.subdivision, l.date); ok {
			subBefore = true
			out = append(out, wire.AssistedParameter{ParamName: "destination", Phase: wire.PhasePost, RuleName: BeforeRatesRule,
				OriginalValue: p.subdivision, Value: "the line's date is before " + first.String() + ", the first day of the rates Levy holds for " + p.subdivision +
					": a tax of " + p.subdivision + ", or of a place within it, that applied on the line's date and of which Levy holds no rate for that day is not computed"})
		}
	}
	if !l.noPlace && l.taxedAt != nil && len(l.taxes) == 0 {
		country := l.taxedAt.country
		if first, ok := c.s.firstRateAfter(country, l.date); ok {
			out = append(out, wire.AssistedParameter{ParamName: "destination", Phase: wire.PhasePost, RuleName: BeforeRatesRule,
				OriginalValue: country, Value: "the line's date is before " + first.String() + ", the first day of the rates Levy holds for " + country +
					": no tax was calculated; a tax that " + country + " levied before that day, if any, is not computed"})
		} else if !subBefore {
			out = append(out, wire.AssistedParameter{ParamName: "destination", Phase: wire.PhasePost, RuleName: NoTaxRule,
				OriginalValue: country, Value: country + " levies no VAT, GST or sales tax that Levy knows of on the line's date: no tax is due"})
		}
	}
	if l.distance != "" {
		// Which EU distance sales decided where the line is taxed.
		out = append(out, wire.AssistedParameter{ParamName: "seller.company", Phase: wire.PhasePost, RuleName: l.distanceRule,
			OriginalValue: l.seller.company, Value: l.distance})
	}
	if l.lowValue != "" {
		// What a low-value import limit decided, or that it could not.
		out = append(out, wire.AssistedParameter{ParamName: "currency", Phase: wire.PhasePost, RuleName: l.lowValueRule,
			OriginalValue: c.d.currency.Alpha, Value: l.lowValue})
	}
	switch l.domesticRCRule {
	case DomesticReverseChargeAssumedRule:
		// What a domestic reverse charge took the buyer to be.
		out = append(out, wire.AssistedParameter{ParamName: classParam(l), Phase: wire.PhasePost, RuleName: l.domesticRCRule,
			OriginalValue: l.productClass, Value: l.domesticRC})
	case DomesticReverseChargeUnweighedRule:
		// That a domestic reverse charge's threshold was not weighed.
		out = append(out, wire.AssistedParameter{ParamName: "currency", Phase: wire.PhasePost, RuleName: l.domesticRCRule,
			OriginalValue: c.d.currency.Alpha, Value: l.domesticRC})
	}
	if l.threshold != "" {
		// How a price threshold in another currency weighed the line.
		out = append(out, wire.AssistedParameter{ParamName: "currency", Phase: wire.PhasePost, RuleName: l.thresholdRule,
			OriginalValue: c.d.currency.Alpha, Value: l.threshold})
	}
	if l.docLimit != "" {
		// What a limit on the document's total of some classes decided.
		out = append(out, wire.AssistedParameter{ParamName: "productClass", Phase: wire.PhasePost, RuleName: l.docLimitRule,
			OriginalValue: l.productClass, Value: l.docLimit})
	}
	if l.capCredit != "" {
		// Credits beyond a document's cap, given in full.
		out = append(out, wire.AssistedParameter{ParamName: "extendedPrice", Phase: wire.PhasePost, RuleName: DocumentCapCreditRule,
			OriginalValue: l.amount.StringFixed(int32(max(c.d.currency.MinorUnits, 0))), Value: l.capCredit})
	}
	if c.d.company != nil {
		out = c.companyParameter(out) // output.go
	}
	out = c.notActedOn(l, out)
	if len(out) == 0 {
		return nil
	}
	return out
}
