package engine

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The v2 wire format carries members that the commercial engine acts on
// and Levy does not. A calculation that receives one says so on every
// line it may have changed, with an assisted parameter of its own:
// paramName the member's JSON path in the request
// ("lineItems[0].deliveryTerm", "seller.dispatcher"), ruleName
// not-acted-on, and the value sent as originalValue and value (JSON for
// an object or a list). It changes nothing: the line is calculated
// without the member.
//
// wireFields is the table of every member of the request types and what
// Levy does with it; TestWireFieldsPage walks the wire types, fails on a
// member without a row, and keeps docs/wire-fields.md the same as the
// table.
//
// How a feature makes a member act: change the member's row below. A
// member that now acts everywhere becomes acts (its sent accessor may
// go). A member that acts on some lines only (per country, or per
// condition) keeps notActedOn with its accessor and gains actsWhen, a
// predicate over the calculated line: the line carries no parameter for
// the member when the predicate holds. For example, a Brazilian
// calculation that applies buyerCondition gives its row
//
//	actsWhen: brazilActs // func(_ *calc, l *line) bool { return l.br != nil }
//
// and the note says where it acts. Then regenerate the page:
//
//	go test ./engine -run TestWireFieldsPage -update
//
// A new flagged member of LineDetails or of a perspective's line type is
// also named in detailsMaySend or lineMaySend, which spare a line that
// sends none of them the reading of their rows; TestNotActedOnEachMember
// fails for a member they leave out.

// NotActedOnRule is the ruleName of the assisted parameter of a line
// whose request sends a member that the commercial engine acts on and
// Levy does not (see docs/wire-fields.md): paramName is the member's
// JSON path, originalValue and value are the value sent.
const NotActedOnRule = "not-acted-on"

// acting is what Levy does with a member of the wire format.
type acting uint8

const (
	// acts: the calculation, the journal or a report uses the member.
	acts acting = iota + 1
	// notActedOn: the member may change the commercial engine's result
	// and Levy ignores it; a line that it reaches carries the
	// not-acted-on parameter (unless actsWhen holds for the line).
	notActedOn
	// kept: the member changes no tax (an identifier, an accounting
	// code, a description); Levy echoes it in the response.
	kept
	// response: Levy fills the member in responses and ignores it in
	// requests.
	response
	// within: the member is part of a member that is flagged, whose
	// parameter carries it.
	within
)

// String names the acting as docs/wire-fields.md does.
func (a acting) String() string {
	switch a {
	case acts:
		return "acts"
	case notActedOn:
		return "not acted on"
	case kept:
		return "kept"
	case response:
		return "response only"
	case within:
		return "part of its member"
	}
	return "?"
}

// wireField is a row of the table: a member of a wire type, as
// "Type.jsonName", or every member of a type, as "Type.*".
type wireField struct {
	member string
	acting acting
	note   string
	// sent appends the not-acted-on parameters of a member the line's
	// request sends (notActedOn rows only); name is the member's JSON
	// name.
	sent sentFunc
	// actsWhen, on a notActedOn row, names the lines on which the member
	// acts after all: they carry no parameter for it.
	actsWhen func(c *calc, l *line) bool
}

// sentFunc appends the parameters of one member to out.
type sentFunc func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter

// wireReq is the request a calculation was given: one of its members is
// set.
type wireReq struct {
	sale     *wire.SaleRequest
	purchase *wire.PurchaseRequest
	owner    *wire.OwnerRequest
}

// wireSrc is what a line's view keeps of the wire line it came from and
// of the parties that apply to it (its own, or the document's).
type wireSrc struct {
	details  *wire.LineDetails
	sale     *wire.SaleLineItem
	purchase *wire.PurchaseLineItem
	owner    *wire.OwnerLineItem

	seller     *wire.Seller
	customer   *wire.Customer
	buyer      *wire.Buyer
	vendor     *wire.Vendor
	ownerParty *wire.Owner
}

// fieldSrc is what an accessor reads: the calculation, the line and the
// view of its wire line.
type fieldSrc struct {
	c  *calc
	l  *line
	in *lineIn
}

// notActed appends the member with its value to out.
func notActed(out []wire.AssistedParameter, path, value string) []wire.AssistedParameter {
	return append(out, wire.AssistedParameter{ParamName: path, Phase: wire.PhasePre, RuleName: NotActedOnRule,
		OriginalValue: value, Value: value})
}

// notActedOn appends to out the not-acted-on parameters of the line: one
// for each flagged member that its request sends, the document's and
// its parties' included, unless the member's row says it acts on this
// line.
func (c *calc) notActedOn(l *line, out []wire.AssistedParameter) []wire.AssistedParameter {
	if l.in == nil {
		return out
	}
	out = c.franchiseNotes(l, out)
	out = c.commsNotes(l, out)
	out = unitOverrideNotes(l, out)
	out = unmatchedOverrideNotes(l, out)
	s := fieldSrc{c: c, l: l, in: l.in}
	t := c.flagged()
	// Most lines send none of their shared members that the table
	// flags, and no registrations: one test of each group spares the
	// rows' accessors.
	d := l.in.src.details
	p := &l.in.parties
	quiet := [...]bool{
		// A child line may take a flagged member from its parent
		// (onTaken) without sending one.
		groupDetails: (d == nil || !detailsMaySend(d)) && l.in.taxOv == nil && len(l.in.deferredOv) == 0 &&
			len(l.in.citationOv) == 0,
		groupLineTypes:     d == nil || d.LineType == nil && len(d.LineTypes) == 0,
		groupLine:          !lineMaySend(&l.in.src),
		groupRegistrations: len(p.sellerRegs) == 0 && len(p.customerRegs) == 0,
		groupLocations: !locationMaySend(p.origin) && !locationMaySend(p.adminOrigin) && !locationMaySend(p.dest) &&
			!locationMaySend(p.adminDest),
	}
	if !c.docFlagged {
		// A document's members are the same on every line: read once.
		c.docFlagged = true
		for i := range t.doc {
			f := &t.doc[i]
			c.docFlags = f.row.sent(s, f.name, c.docFlags)
		}
	}
	out = append(out, c.docFlags...)
	rows := t.all
	if quiet[groupDetails] && quiet[groupLineTypes] && quiet[groupLine] {
		// The rows left are those of few, in the same order.
		rows = t.few
	}
	for i := range rows {
		f := &rows[i]
		if f.group == groupDocument || quiet[f.group] {
			continue
		}
		n := len(out)
		out = f.row.sent(s, f.name, out)
		if len(out) > n && f.row.actsWhen != nil && f.row.actsWhen(c, l) {
			out = out[:n]
		}
	}
	return out
}

// flaggedField is a notActedOn row with its member's JSON name and the
// group of members its accessor reads.
type flaggedField struct {
	row   *wireField
	name  string
	group uint8
}

// The groups of flaggedField: the rows of a line's shared members, of
// its line types, of its own members and of its parties' registrations,
// which notActedOn skips for a line that sends none.
const (
	groupOther uint8 = iota
	groupDetails
	groupLineTypes
	groupLine          // the members of the perspective's line type
	groupRegistrations // the members of TaxRegistration, read by onRegistrations alone
	groupLocations     // the members of Location, read by onLocations alone
	groupDocument      // the document's own members, read once (no actsWhen)
)

// lineMaySend reports whether a line holds one of its own members (of
// SaleLineItem, PurchaseLineItem or OwnerLineItem) that the table flags.
// Like detailsMaySend, it must name every such member.
func lineMaySend(src *wireSrc) bool {
	if w := src.sale; w != nil {
		return w.CommodityCode != nil || w.AdditionalCommodityCode != nil || w.Volume != nil || w.Weight != nil ||
			w.Cost != nil || w.LandedCost != nil || w.FairMarketValue != nil || w.AmountBilledToDate != nil
	}
	if w := src.purchase; w != nil {
		return w.CommodityCode != nil || w.AdditionalCommodityCode != nil || w.Volume != nil || w.Weight != nil || w.ChargedTax != nil ||
			w.Cost != nil || w.LandedCost != nil || w.AmountBilledToDate != nil || len(w.VendorTaxes) > 0 || w.WageBasis != nil ||
			w.BlockingOverridePercent != nil || w.PartialExemptRecoverableOverridePercent != nil || !w.RecoverableDate.IsZero()
	}
	if w := src.owner; w != nil {
		return w.MovementMethod != "" || w.CommodityCode != nil || w.AdditionalCommodityCode != nil || w.Volume != nil || w.Weight != nil ||
			w.LandedCost != nil || w.FairRentalValue != nil || w.AmountBilledToDate != nil || w.WageBasis != nil ||
			w.BlockingOverridePercent != nil || w.PartialExemptRecoverableOverridePercent != nil || !w.RecoverableDate.IsZero()
	}
	return false
}

// locationMaySend reports whether a location holds a member that a
// Location row flags. Like detailsMaySend, it must name every such member.
func locationMaySend(loc *wire.Location) bool {
	return loc != nil && (loc.LocationCondition != "" || loc.LocationCustomsStatus != "")
}

// detailsMaySend reports whether a line's shared members hold one that a
// LineDetails row flags. It must name every such member: a member left
// out would never be said, which TestNotActedOnEachMember catches.
func detailsMaySend(d *wire.LineDetails) bool {
	return d.DeliveryTerm != "" || d.TitleTransfer != "" || d.ChainTransactionPhase != "" || d.SimplificationCode != "" ||
		d.ExporterOfRecord != "" || d.ImporterOfRecord != "" || d.TransportResponsibleEntity != "" ||
		len(d.CitationOverrides) > 0 || len(d.TaxDeferredOverrides) > 0 || d.TaxOverride != nil || d.PautaOverrides != nil ||
		d.CfopTaxCodeOverride != nil || d.BuyerCondition != "" || d.TransactionCondition != "" || d.BuyerCNAE != "" ||
		d.SellerCondition != "" || d.SellerCNAE != "" || d.NatureOfFiscalOperation != "" || d.ConsignmentID != "" ||
		d.MaterialOrigin != ""
}

// flaggedSale, flaggedPurchase and flaggedOwner are the notActedOn rows
// that a calculation of each perspective reads, in the order of the
// table: the rows of the other perspectives' own types are left out.
var (
	flaggedSale     = flaggedOf("SaleRequest", "SaleLineItem", "Seller", "Customer")
	flaggedPurchase = flaggedOf("PurchaseRequest", "PurchaseLineItem", "Buyer", "Vendor", "Recipient", "RecipientCode", "VendorCode")
	flaggedOwner    = flaggedOf("OwnerRequest", "OwnerLineItem", "Owner")
)

// perspectiveTypes are the wire types that belong to one perspective.
var perspectiveTypes = []string{"SaleRequest", "SaleLineItem", "Seller", "Customer",
	"PurchaseRequest", "PurchaseLineItem", "Buyer", "Vendor", "Recipient", "RecipientCode", "VendorCode",
	"OwnerRequest", "OwnerLineItem", "Owner"}

// flagged returns the notActedOn rows of the calculation's perspective,
// those that read a line's own members and its document's; notActedOn
// and the uncalculated parent's checks (parentMemberRefusals,
// parentNotes) read them.
func (c *calc) flagged() *flaggedRows {
	switch {
	case c.req.purchase != nil:
		return &flaggedPurchase
	case c.req.owner != nil:
		return &flaggedOwner
	}
	return &flaggedSale
}

// flaggedRows are the notActedOn rows of a perspective: all of them, in
// the order of the table; the document's (groupDocument); and few, the
// rows of all but the groups of details, line types and lines, in the
// order of the table, which are all a line reads when it sends none of
// those.
type flaggedRows struct {
	all, doc, few []flaggedField
}

// flaggedOf returns the notActedOn rows of the types shared by every
// perspective and of the perspective's own types. The rows of
// TaxRegistration members must read the parties' registrations alone
// (onRegistrations), and those of Location members the line's locations
// alone (onLocations): notActedOn skips them for a line whose parties
// have no registrations, or whose locations send none of the members
// (locationMaySend).
func flaggedOf(own ...string) flaggedRows {
	var out flaggedRows
	for i := range wireFields {
		f := &wireFields[i]
		if f.acting != notActedOn {
			continue
		}
		typ, name, _ := strings.Cut(f.member, ".")
		if slices.Contains(perspectiveTypes, typ) && !slices.Contains(own, typ) {
			continue
		}
		g := groupOther
		switch typ {
		case "LineDetails":
			g = groupDetails
		case "LineType", "LineTypeSet":
			g = groupLineTypes
		case "SaleLineItem", "PurchaseLineItem", "OwnerLineItem":
			g = groupLine
		case "TaxRegistration":
			g = groupRegistrations
		case "Location":
			g = groupLocations
		case "SaleRequest", "PurchaseRequest", "OwnerRequest":
			if f.actsWhen == nil {
				g = groupDocument
			}
		}
		ff := flaggedField{row: f, name: name, group: g}
		out.all = append(out.all, ff)
		switch g {
		case groupDocument:
			out.doc = append(out.doc, ff)
		case groupDetails, groupLineTypes, groupLine:
		default:
			out.few = append(out.few, ff)
		}
	}
	return out
}

// The values of members, as a parameter shows them; ok is false when the
// member is absent.

func strOf[T ~string](v T) (string, bool) { return string(v), v != "" }

func int32Of(p *int32) (string, bool) {
	if p == nil {
		return "", false
	}
	return strconv.Itoa(int(*p)), true
}

func amountOf(p *money.Amount) (string, bool) {
	if p == nil {
		return "", false
	}
	return p.String(), true
}

func boolOf(b bool) (string, bool) { return "true", b }

func dateOf(d civil.Date) (string, bool) {
	if d.IsZero() {
		return "", false
	}
	return dateString(d), true
}

// jsonOf is the compact JSON of v, when sent.
func jsonOf(v any, sent bool) (string, bool) {
	if !sent {
		return "", false
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", false
	}
	return string(b), true
}

func ptrJSON[T any](p *T) (string, bool) { return jsonOf(p, p != nil) }

func listJSON[T any](s []T) (string, bool) { return jsonOf(s, len(s) > 0) }

// The accessors of the members, by the wire value that holds them.

// onDetails reads a member of the line's shared members.
func onDetails(get func(*wire.LineDetails) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if d := s.in.src.details; d != nil {
			if v, ok := get(d); ok {
				out = notActed(out, s.in.path+"."+name, v)
			}
		}
		return out
	}
}

// onTaken reads a member of the line's shared members that a child line
// sending none takes from its nearest enclosing line (lineIn.overrides):
// get returns its value and the path of the line that sent it.
func onTaken(get func(li *lineIn) (v, by string, ok bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if v, by, ok := get(s.in); ok {
			out = notActed(out, by+"."+name, v)
		}
		return out
	}
}

// onSaleLine, onPurchaseLine and onOwnerLine read a member of the
// perspective's line.
func onSaleLine(get func(*wire.SaleLineItem) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if w := s.in.src.sale; w != nil {
			if v, ok := get(w); ok {
				out = notActed(out, s.in.path+"."+name, v)
			}
		}
		return out
	}
}

func onPurchaseLine(get func(*wire.PurchaseLineItem) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if w := s.in.src.purchase; w != nil {
			if v, ok := get(w); ok {
				out = notActed(out, s.in.path+"."+name, v)
			}
		}
		return out
	}
}

func onOwnerLine(get func(*wire.OwnerLineItem) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if w := s.in.src.owner; w != nil {
			if v, ok := get(w); ok {
				out = notActed(out, s.in.path+"."+name, v)
			}
		}
		return out
	}
}

// onSale, onPurchase and onOwner read a member of the document, which
// every line of it inherits.
func onSale(get func(*wire.SaleRequest) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if r := s.c.req.sale; r != nil {
			if v, ok := get(r); ok {
				out = notActed(out, name, v)
			}
		}
		return out
	}
}

func onPurchase(get func(*wire.PurchaseRequest) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if r := s.c.req.purchase; r != nil {
			if v, ok := get(r); ok {
				out = notActed(out, name, v)
			}
		}
		return out
	}
}

func onOwner(get func(*wire.OwnerRequest) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if r := s.c.req.owner; r != nil {
			if v, ok := get(r); ok {
				out = notActed(out, name, v)
			}
		}
		return out
	}
}

// onParty reads a member of one of the line's parties (pick returns it,
// nil when the line has none, and its path); at names where the member
// sits inside the party ("" for the party's own, ".recipient" for its
// recipient's).
func onParty[P any](pick func(s fieldSrc) (*P, string), at string, get func(*P) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		if p, path := pick(s); p != nil {
			if v, ok := get(p); ok {
				out = notActed(out, path+at+"."+name, v)
			}
		}
		return out
	}
}

func customerOf(s fieldSrc) (*wire.Customer, string) {
	return s.in.src.customer, s.in.parties.customerPath
}

func sellerOf(s fieldSrc) (*wire.Seller, string) {
	return s.in.src.seller, s.in.parties.sellerPath
}

func buyerOf(s fieldSrc) (*wire.Buyer, string) {
	return s.in.src.buyer, s.in.parties.customerPath
}

func vendorOf(s fieldSrc) (*wire.Vendor, string) {
	return s.in.src.vendor, s.in.parties.sellerPath
}

func ownerOf(s fieldSrc) (*wire.Owner, string) {
	return s.in.src.ownerParty, s.in.parties.sellerPath
}

// recipientOf is the buyer's recipient, the party whose code and
// registrations some members describe.
func recipientOf(s fieldSrc) (*wire.Recipient, string) {
	if b := s.in.src.buyer; b != nil && b.Recipient != nil {
		return b.Recipient, s.in.parties.customerPath + ".recipient"
	}
	return nil, ""
}

// onLocations reads a member of every location of the line: the origins
// and destinations it is taxed from.
func onLocations(get func(*wire.Location) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		p := &s.in.parties
		one := func(loc *wire.Location, path, role string) {
			if loc == nil {
				return
			}
			if v, ok := get(loc); ok {
				out = notActed(out, path+role+"."+name, v)
			}
		}
		one(p.origin, p.sellerPath, ".physicalOrigin")
		one(p.adminOrigin, p.sellerPath, ".administrativeOrigin")
		one(p.dest, p.customerPath, ".destination")
		one(p.adminDest, p.customerPath, ".administrativeDestination")
		return out
	}
}

// onRegistrations reads a member of every tax registration of the line's
// parties.
func onRegistrations(get func(*wire.TaxRegistration) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		p := &s.in.parties
		each := func(regs []wire.TaxRegistration, path string) {
			for i := range regs {
				if v, ok := get(&regs[i]); ok {
					out = notActed(out, path+".taxRegistrations["+strconv.Itoa(i)+"]."+name, v)
				}
			}
		}
		each(p.sellerRegs, p.sellerPath)
		if p.customerPath != p.sellerPath || len(p.sellerRegs) == 0 {
			// An owner is both parties: its registrations once.
			each(p.customerRegs, p.customerPath)
		}
		return out
	}
}

// onSelectors reads the imposition type of every override of the line
// (its own, or those it inherits from an enclosing line or the document).
func onSelectors(get func(*wire.ImpositionType) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		li := s.in
		if len(li.exemptOv)+len(li.nonTaxOv)+len(li.rateOv)+len(li.incl) == 0 {
			return out
		}
		check := func(prefix, member string, n int, at func(i int) *wire.ImpositionType) {
			for i := range n {
				if t := at(i); t != nil {
					if v, ok := get(t); ok {
						out = notActed(out, prefix+member+"["+strconv.Itoa(i)+"].impositionType."+name, v)
					}
				}
			}
		}
		check(li.exemptAt, "exemptOverrides", len(li.exemptOv), func(i int) *wire.ImpositionType { return li.exemptOv[i].ImpositionType })
		check(li.nonTaxAt, "nonTaxableOverrides", len(li.nonTaxOv), func(i int) *wire.ImpositionType { return li.nonTaxOv[i].ImpositionType })
		check(li.rateAt, "rateOverrides", len(li.rateOv), func(i int) *wire.ImpositionType { return li.rateOv[i].ImpositionType })
		check(li.inclAt, "impositionInclusions", len(li.incl), func(i int) *wire.ImpositionType { return li.incl[i].ImpositionType })
		return out
	}
}

// lineTypeSent reads the members of a line's lineType or lineTypes that
// the communications taxes do not use.
func lineTypeSent(get func(value, content, direction, status, location, basis string, number *int64) (string, bool)) sentFunc {
	return func(s fieldSrc, name string, out []wire.AssistedParameter) []wire.AssistedParameter {
		d := s.in.src.details
		if d == nil {
			return out
		}
		if t := d.LineType; t != nil {
			if v, ok := get(t.Value, t.Content, t.Direction, t.Status, t.AccumulationLocation, "", nil); ok {
				out = notActed(out, s.in.path+".lineType."+name, v)
			}
		}
		for i := range d.LineTypes {
			t := &d.LineTypes[i]
			if v, ok := get(t.Value, t.Content, t.Direction, t.Status, t.AccumulationLocation, t.Basis, t.LineTypeNumber); ok {
				out = notActed(out, s.in.path+".lineTypes["+strconv.Itoa(i)+"]."+name, v)
			}
		}
		return out
	}
}

// commodityActs: a line's commodity code acts when the tenant's profile
// was asked for its class: the line came without a class, and without a
// product code that the profile maps (see classFromCode).
func commodityActs(_ *calc, l *line) bool {
	return l.codeParam == "commodityCode" || l.codeParam == "product.value" && !l.codeMapped
}

// separateRegistrationActs is the actsWhen of a registration's
// imposition type: a line that bears a tax its country registers for
// apart (separatelyRegistered: Malaysia's sales tax and service tax).
func separateRegistrationActs(_ *calc, l *line) bool {
	for i := range l.taxes {
		if t := &l.taxes[i]; t.j != nil && separatelyRegistered(idCountry(t.j.JurisdictionID), t.imposition) {
			return true
		}
	}
	return false
}

// exemptActs is the actsWhen of a party's exemptionReasonCode: the
// reason of an exemption, given as the reason code of each tax the
// exemption frees, it acts on a line whose party is exempt (isTaxExempt,
// or an exemptionCertificate number); sent alone it exempts nothing.
func exemptActs(_ *calc, l *line) bool { return l.customer.exempt }

// brazilActs is the actsWhen of the members that Brazil's rules read: a
// line calculated by them (brazil.go).
func brazilActs(_ *calc, l *line) bool { return l.br != nil }

// commodityOrBrazilActs is the actsWhen of a line's commodityCode: the
// class of a line sent without one, or the NCM or service item of a
// Brazilian line.
func commodityOrBrazilActs(c *calc, l *line) bool { return commodityActs(c, l) || brazilActs(c, l) }

// exTIPIActs is the actsWhen of a line's additionalCommodityCode: the Ex
// of the TIPI (type EXTIPI) of a Brazilian line's NCM, whose IPI rate and
// single-stage groups the line takes.
func exTIPIActs(_ *calc, l *line) bool { return l.br != nil && l.br.hasNCM && l.br.ncm.Ex != "" }

// vendorTaxActs is the actsWhen of a purchase's chargedTax: the kinds
// that credit the vendor's tax (ACCRUAL, ACCRUAL_SYNC) or compare it
// (INVOICE_VERIFICATION, APINVOICE_SYNC, CONDITIONAL_PROCUREMENT).
// PURCHASE_ORDER, ERS and DISTRIBUTE_TAX ignore it, and dropped it
// without a word.
func vendorTaxActs(c *calc, _ *line) bool {
	r := c.req.purchase
	if r == nil {
		return false
	}
	pm := purchaseModes[r.PurchaseMessageType]
	return pm.mode == modeAccrue || pm.compare
}

// lineVendorTaxActs is the actsWhen of a purchase line's chargedTax:
// where the document's acts (vendorTaxActs), and on a line that Brazil's
// rules calculate, which compares the vendor's tax on any kind.
func lineVendorTaxActs(c *calc, l *line) bool { return vendorTaxActs(c, l) || brazilActs(c, l) }

// pautaVolumeActs is the actsWhen of a line's volume: the quantity of a
// Brazilian line's pauta by volume (quantityType VOL).
func pautaVolumeActs(_ *calc, l *line) bool { return pautaActs(nil, l) && l.br.pautaVol }

// brazilGoodsActs is the actsWhen of a line's buyerCondition and
// transactionCondition: a Brazilian line of goods sold within Brazil,
// whose ICMS, FCP, DIFAL, IPI base and CFOP they decide. A service, an
// export, an import or an owner's movement reads neither.
func brazilGoodsActs(_ *calc, l *line) bool { return l.br != nil && l.br.goodsSold }

// pautaActs is the actsWhen of a line's pautaOverrides: a Brazilian line
// whose ICMS base the pauta replaced. A service, an export, an import or
// an owner's movement bears no ICMS for it to replace.
func pautaActs(_ *calc, l *line) bool { return l.br != nil && l.br.pautaUsed }

// The notes the table shares.
const (
	// noteLineNumber is the note of a line's lineItemNumber.
	noteLineNumber = "kept with the transaction in the journal; a line sent without one is numbered after the greatest number sent in its list"
	noteBrazil     = "a Brazilian driver of tax determination"
	// notePautaVolume is the note of a line's volume.
	notePautaVolume = "taxes per volume; acts as the quantity of a pauta by volume (quantityType VOL) on a line that Brazil's rules calculate (see docs/brazil.md)"
	// noteExTIPI is the note of a line's second commodity code.
	noteExTIPI = "a second commodity code; acts as the Ex of the TIPI (commodityCodeType EXTIPI) of the NCM of a line that Brazil's rules calculate (see docs/brazil.md)"
	// noteBrazilGoods is the note of the members that decide the taxes of
	// goods sold within Brazil.
	noteBrazilGoods = "acts on a line of goods sold within Brazil that Brazil's rules calculate (see docs/brazil.md); not acted on elsewhere, nor on a service, an export, an import or an owner's movement"
	// notePauta is the note of a line's pautaOverrides.
	notePauta = "replaces the ICMS base of goods sold within Brazil on a line that Brazil's rules calculate (see docs/brazil.md); not acted on elsewhere, nor on a service, an export, an import or an owner's movement"
	// noteBrazilActs is the note of a member that Brazil's rules read.
	noteBrazilActs = "acts on a line that Brazil's rules calculate (see docs/brazil.md); not acted on elsewhere"
	noteRecovery   = "decides how much input tax the buyer recovers"
	noteVAT        = "decides who accounts for VAT in cross-border and chain supplies"
	// noteReasonCode is the note of a party's exemptionReasonCode.
	noteReasonCode = "the reason code of the taxes that isTaxExempt or an exemptionCertificate number exempts (kept in the journal); sent without either it exempts nothing and is not acted on"
	// noteDelivery is the note of a delivery term.
	noteDelivery = "decides who accounts for VAT in cross-border and chain supplies; acts on goods imported by a seller registered in the country of arrival, into the EU's VAT area, the United Kingdom, Australia or Norway (DDP: the seller imports them and charges that country's tax; else the import tax is collected at the border, where no low-value limit has the seller charge it)"
	// noteOnParent ends the notes of the members that only a calculated
	// line acts on (parentRefusals).
	noteOnParent = "; refused on a line with child lines that is not calculated (no price of its own, or multicomponent)"
	// noteTaken ends the notes of the shared members that a child line
	// takes from its nearest enclosing line (lineIn.overrides), and
	// noteTakenFlagged those of such members that are flagged.
	noteTaken        = "; a child line (in lineItems) that sends none takes its nearest enclosing line's"
	noteTakenFlagged = noteTaken + ", and its parameter names that line's member (lineItems[0], not the child's path)"
	// noteIncludedTaken is the note of a line's taxIncludedIndicator.
	noteIncludedTaken = "the line's price includes its tax; a child line (in lineItems) takes it from its nearest enclosing line that sends it, as sending false is sending none"
	noteSelector      = "selects taxes by the fields beside it"
	noteJournal       = "kept with the transaction in the journal"
	// noteSyncType is the note of a line's syncType.
	noteSyncType = "what a sync does with the stored line of its lineItemId, on a line without child lines; a DELETE line is answered with no tax and counts in no total; refused on the kinds that are no syncs"
	// noteVendorTaxIgnored is the end of the notes of a purchase's
	// chargedTax.
	noteVendorTaxIgnored = "not acted on by PURCHASE_ORDER (where the specification says it does not apply), ERS and DISTRIBUTE_TAX"
	// noteElapsed is the note of returnTimeElapsedDetailsIndicator.
	noteElapsed = "true adds meta.timeElapsedDetails to the answer over HTTP: the milliseconds of reading the request and of the calculation"
)

// wireFields is the table of the members of the request types (see the
// comment at the top of this file). Rows are in the order in which
// TestWireFieldsPage meets the types.
var wireFields = []wireField{
	// SaleRequest
	{member: "SaleRequest.saleMessageType", acting: acts, note: "the kind of calculation"},
	{member: "SaleRequest.transactionType", acting: acts, note: "SALE, RENTAL or LEASE: the rules' transactionType"},
	{member: "SaleRequest.documentDate", acting: acts, note: "the rules and rates in force"},
	{member: "SaleRequest.transactionId", acting: acts, note: noteJournal},
	{member: "SaleRequest.documentNumber", acting: acts, note: noteJournal},
	{member: "SaleRequest.marketplaceFacilitated", acting: acts, note: "Levy's member: a sale through a marketplace facilitator, counted apart in the economic-nexus figures"},
	{member: "SaleRequest.documentSequenceId", acting: kept},
	{member: "SaleRequest.documentType", acting: kept},
	{member: "SaleRequest.billingType", acting: kept},
	{member: "SaleRequest.orderType", acting: kept},
	{member: "SaleRequest.locationCode", acting: acts, note: "the retail location kept with each stored line whose own and enclosing lines send none (the journal's locationCode, for returns filed per location)"},
	{member: "SaleRequest.accumulationCustomerNumber", acting: notActedOn, note: "groups documents whose tax accumulates against a cap or threshold",
		sent: onSale(func(r *wire.SaleRequest) (string, bool) { return strOf(r.AccumulationCustomerNumber) })},
	{member: "SaleRequest.accumulationDocumentNumber", acting: notActedOn, note: "groups documents whose tax accumulates against a cap or threshold",
		sent: onSale(func(r *wire.SaleRequest) (string, bool) { return strOf(r.AccumulationDocumentNumber) })},
	{member: "SaleRequest.paymentDate", acting: notActedOn, note: "the tax point where tax is due on payment",
		sent: onSale(func(r *wire.SaleRequest) (string, bool) { return dateOf(r.PaymentDate) })},
	{member: "SaleRequest.postingDate", acting: acts, note: "the period of the journal's reports"},
	{member: "SaleRequest.taxPointDate", acting: notActedOn, note: "the date whose VAT rates apply",
		sent: onSale(func(r *wire.SaleRequest) (string, bool) { return dateOf(r.TaxPointDate) })},
	{member: "SaleRequest.seller", acting: acts},
	{member: "Seller.company", acting: acts, note: "the company of the seller's registrations stored in the tenant's profile"},
	{member: "Seller.division", acting: kept},
	{member: "Seller.department", acting: kept},
	{member: "Seller.physicalOrigin", acting: acts, note: "where the goods leave: the tax area of the origin"},
	{member: "Location.streetAddress1", acting: acts, note: "the tax area lookup (where the location acts)"},
	{member: "Location.streetAddress2", acting: acts, note: "the tax area lookup"},
	{member: "Location.city", acting: acts, note: "the tax area lookup"},
	{member: "Location.mainDivision", acting: acts, note: "the tax area lookup"},
	{member: "Location.subDivision", acting: acts, note: "the tax area lookup"},
	{member: "Location.postalCode", acting: acts, note: "the tax area lookup"},
	{member: "Location.country", acting: acts, note: "the tax area lookup"},
	{member: "Location.taxAreaId", acting: acts, note: "the tax area, before the address"},
	{member: "Location.latitude", acting: acts, note: "the tax area lookup by coordinates"},
	{member: "Location.longitude", acting: acts, note: "the tax area lookup by coordinates"},
	{member: "Location.locationCode", acting: acts, note: "on the tenant's own location (a seller's physicalOrigin, then administrativeOrigin; a buyer's destination, then administrativeDestination; an owner's physicalOrigin, then destination), the retail location kept with each stored line to which neither the line, an enclosing line nor the document gives a locationCode (the journal's locationCode, for returns filed per location); echoed elsewhere"},
	{member: "Location.externalJurisdictionCode", acting: acts, note: "the tax area lookup by a government's code"},
	{member: "Location.locationCondition", acting: notActedOn, note: "taxability categories of the taxes sited at the location",
		sent: onLocations(func(l *wire.Location) (string, bool) { return strOf(l.LocationCondition) })},
	{member: "Location.locationCustomsStatus", acting: notActedOn, note: "a free zone or bonded warehouse, which changes the VAT of what is moved there",
		sent: onLocations(func(l *wire.Location) (string, bool) { return strOf(l.LocationCustomsStatus) })},
	{member: "Location.currencyConversion", acting: acts, note: "the filing currency amounts of the taxes sited there; the rate at which a line's amount is weighed against a price threshold or a low-value import limit in that currency"},
	{member: "CurrencyConversion.currency", acting: acts},
	{member: "Currency.isoCurrencyCodeAlpha", acting: acts},
	{member: "Currency.isoCurrencyCodeNum", acting: acts},
	{member: "Currency.isoCurrencyName", acting: response},
	{member: "CurrencyConversion.rate", acting: acts},
	{member: "Location.taxAreaLookup", acting: response},
	{member: "TaxAreaLookup.*", acting: response},
	{member: "TaxAreaLookupStatus.*", acting: response},
	{member: "Seller.administrativeOrigin", acting: acts},
	{member: "Seller.dispatcher", acting: notActedOn, note: "the dispatcher's registrations decide the VAT of EU supplies",
		sent: onParty(sellerOf, "", func(p *wire.Seller) (string, bool) { return ptrJSON(p.Dispatcher) })},
	{member: "Dispatcher.*", acting: within},
	{member: "DispatcherCode.*", acting: within},
	{member: "TaxRegistration.isoCountryCode", acting: acts},
	{member: "TaxRegistration.mainDivision", acting: acts},
	{member: "TaxRegistration.jurisdictionId", acting: acts},
	{member: "TaxRegistration.taxRegistrationNumber", acting: acts, note: "validated; decides reverse charges and nexus"},
	{member: "TaxRegistration.taxRegistrationAdditionalId", acting: kept, note: "never stored"},
	{member: "TaxRegistration.taxRegistrationType", acting: acts, note: "the EU's schemes (OSS, non-Union, IOSS); a Commercial Registration, FEIN, SSN or TIN of a whole country registers for no tax"},
	{member: "TaxRegistration.hasPhysicalPresenceIndicator", acting: notActedOn, note: "physical presence, which decides nexus",
		sent: onRegistrations(func(r *wire.TaxRegistration) (string, bool) { return boolOf(r.HasPhysicalPresenceIndicator) })},
	{member: "TaxRegistration.impositionType", acting: notActedOn, note: "limits the registration to one imposition: acts on a line taxed in Malaysia, " +
		"whose sales tax and service tax are registered for apart (a registration naming one does not cover the other); not acted on elsewhere",
		sent: onRegistrations(func(r *wire.TaxRegistration) (string, bool) { return ptrJSON(r.ImpositionType) }), actsWhen: separateRegistrationActs},
	{member: "ImpositionType.impositionTypeId", acting: notActedOn, note: "selects an imposition type by its ID; Levy's selectors match the name (value) only",
		sent: onSelectors(func(t *wire.ImpositionType) (string, bool) { return strOf(t.ImpositionTypeID) })},
	{member: "ImpositionType.userDefined", acting: kept},
	{member: "ImpositionType.value", acting: acts, note: noteSelector},
	{member: "ImpositionType.withholdingType", acting: acts, note: "a selector that names it matches only the taxes withheld under that type (see withholding in docs/wire-fields.md)"},
	{member: "ImpositionType.informationOnly", acting: kept},
	{member: "TaxRegistration.nexusOverrides", acting: acts},
	{member: "NexusOverride.*", acting: acts},
	{member: "TaxRegistration.physicalLocations", acting: notActedOn, note: "places of physical presence, which decide nexus",
		sent: onRegistrations(func(r *wire.TaxRegistration) (string, bool) { return listJSON(r.PhysicalLocations) })},
	{member: "PhysicalLocation.*", acting: within},
	{member: "TaxRegistration.filingCurrency", acting: notActedOn, note: "the currency of the filing amounts",
		sent: onRegistrations(func(r *wire.TaxRegistration) (string, bool) { return ptrJSON(r.FilingCurrency) })},
	{member: "TaxRegistration.fiscalRepresentative", acting: kept, note: "a seller's is kept with its registration in the journal, and the e-invoice Levy renders from a stored sale names it as the seller's tax representative (BG-11) when the seller's VAT identifier (BT-31) is that registration's number and the invoice carries the VAT of the registering country; a seller's registration sent without a taxRegistrationNumber is kept too when it names one and a country (isoCountryCode or jurisdictionId), and its representative is named, its VAT identifier (BT-63) standing in for the seller's (BR-S-02), on an invoice that carries that country's VAT and whose seller's VAT identifier names no representative there; one without a businessName, a taxRegistrationNumber or an address whose country is an ISO code or a country's name (all of which EN 16931 requires of BG-11: BR-18, BR-56, BR-19, BR-20) is left out, as on an invoice wholly outside the scope of VAT (BR-O-02); a customer's is echoed only, EN 16931 naming no buyer's representative"},
	{member: "FiscalRepresentative.*", acting: kept},
	{member: "TaxRegistration.validationResult", acting: response},
	{member: "ValidationResult.*", acting: response},
	{member: "Seller.nexusIndicator", acting: acts},
	{member: "Seller.nexusReasonCode", acting: kept},
	{member: "Seller.utilityProvider", acting: notActedOn, note: "utility taxes",
		sent: onParty(sellerOf, "", func(p *wire.Seller) (string, bool) { return strOf(p.UtilityProvider) })},
	{member: "Seller.taxRegistrations", acting: acts},
	{member: "SaleRequest.customer", acting: acts},
	{member: "Customer.customerCode", acting: acts},
	{member: "CustomerCode.value", acting: acts, note: "the customer of the tenant's profile, with its certificates"},
	{member: "CustomerCode.classCode", acting: acts, note: "the rules' customerClass"},
	{member: "CustomerCode.isBusinessIndicator", acting: acts, note: "business or consumer"},
	{member: "Customer.customerName", acting: kept},
	{member: "Customer.destination", acting: acts},
	{member: "Customer.administrativeDestination", acting: acts},
	{member: "Customer.isTaxExempt", acting: acts},
	{member: "Customer.exemptionCertificate", acting: acts},
	{member: "ExemptionCertificate.exemptionCertificateNumber", acting: acts, note: "exempts the customer (a number of spaces alone is none); kept in the journal"},
	{member: "ExemptionCertificate.value", acting: kept},
	{member: "Customer.exemptionReasonCode", acting: notActedOn, note: noteReasonCode, actsWhen: exemptActs,
		sent: onParty(customerOf, "", func(p *wire.Customer) (string, bool) { return strOf(p.ExemptionReasonCode) })},
	{member: "Customer.locationEvidence", acting: acts, note: "the destination when none is sent (forced evidence, else the country most members name); a line it places carries the location-evidence parameter (paramName its path, originalValue the country and main division it gave, value the members that gave it), as does a line whose evidence gives no country (an IP address or card number that maps to none), with no originalValue; a country or main division Levy does not know is refused naming the evidence's member; beside a destination it does nothing"},
	{member: "LocationEvidence.*", acting: acts},
	{member: "EvidenceValue.*", acting: acts},
	{member: "EvidenceAddress.*", acting: acts},
	{member: "LocationEvidenceAddress.*", acting: acts},
	{member: "EvidenceCountry.*", acting: acts},
	{member: "Customer.taxRegistrations", acting: acts},
	{member: "SaleRequest.currency", acting: acts},
	{member: "SaleRequest.companyCodeCurrency", acting: acts},
	{member: "SaleRequest.originalCurrency", acting: kept},
	{member: "SaleRequest.currencyConversionFactors", acting: acts},
	{member: "CurrencyConversionFactor.*", acting: acts},
	{member: "SaleRequest.postToJournal", acting: acts},
	{member: "SaleRequest.roundAtLineLevel", acting: acts},
	{member: "SaleRequest.isTaxOnlyAdjustmentIndicator", acting: acts},
	{member: "SaleRequest.discount", acting: acts},
	{member: "Discount.discountType", acting: acts},
	{member: "Discount.discountValue", acting: acts, note: "lowers a line toward zero (an amount off a return lowers the refund); a document's amount off goes to its sales, to its returns when it has none; one larger than the line, or a document discount larger than its sales (its returns), is refused"},
	{member: "Discount.userDefinedDiscountCode", acting: kept},
	{member: "SaleRequest.exemptOverrides", acting: acts},
	{member: "Override.amount", acting: acts},
	{member: "Override.impositionType", acting: acts, note: noteSelector},
	{member: "Override.jurisdictionType", acting: acts},
	{member: "Override.jurisdictionId", acting: acts},
	{member: "Override.reasonCode", acting: acts, note: "the tax's reasonCode, kept in the journal"},
	{member: "SaleRequest.nonTaxableOverrides", acting: acts},
	{member: "SaleRequest.rateOverrides", acting: acts},
	{member: "RateOverride.*", acting: acts},
	{member: "SaleRequest.impositionInclusions", acting: acts},
	{member: "ImpositionInclusion.*", acting: acts},
	{member: "SaleRequest.situsOverride", acting: acts},
	{member: "SitusOverride.taxingLocation", acting: acts},
	{member: "SaleRequest.taxOverride", acting: notActedOn, note: "forces the document taxable or nontaxable",
		sent: onSale(func(r *wire.SaleRequest) (string, bool) { return ptrJSON(r.TaxOverride) })},
	{member: "TaxOverride.*", acting: within},
	{member: "SaleRequest.deliveryTerm", acting: notActedOn, note: noteDelivery, actsWhen: importActs,
		sent: onSale(func(r *wire.SaleRequest) (string, bool) { return strOf(r.DeliveryTerm) })},
	{member: "SaleRequest.simplificationCode", acting: notActedOn, note: noteVAT,
		sent: onSale(func(r *wire.SaleRequest) (string, bool) { return strOf(r.SimplificationCode) })},
	{member: "SaleRequest.proratePercentage", acting: notActedOn, note: "scales the document's amounts",
		sent: onSale(func(r *wire.SaleRequest) (string, bool) { return amountOf(r.ProratePercentage) })},
	{member: "SaleRequest.returnAssistedParametersIndicator", acting: kept, note: "Levy returns its assisted parameters always"},
	{member: "SaleRequest.returnGeneratedLineItemsIndicator", acting: kept},
	{member: "SaleRequest.returnTimeElapsedDetailsIndicator", acting: kept, note: noteElapsed},
	{member: "SaleRequest.lineItems", acting: acts},

	// SaleLineItem and the members every line shares
	{member: "SaleLineItem.lineItemNumber", acting: acts, note: noteLineNumber},
	{member: "SaleLineItem.lineItemId", acting: acts, note: "the line of a sync, required on each line the journal keeps of ARBILLING_SYNC; kept in the journal"},
	{member: "SaleLineItem.lineItemDescription", acting: kept},
	{member: "SaleLineItem.transactionType", acting: acts},
	{member: "SaleLineItem.syncType", acting: acts, note: "on ARBILLING_SYNC, " + noteSyncType},
	{member: "SaleLineItem.seller", acting: acts},
	{member: "SaleLineItem.customer", acting: acts},
	{member: "SaleLineItem.product", acting: acts},
	{member: "Product.productClass", acting: acts, note: "the line's product class; a child line (in lineItems) that sends none takes that of its nearest enclosing line that sends one, unless its product value or commodityCode maps to a class in the tenant's profile (a code that maps to nothing, or no profile, leaves it the enclosing line's class); an unknown class so taken carries unknown-product-class naming the enclosing line's member (lineItems[0].productClass). A line that sends a lineType or lineTypes and no class (nor a code that maps) is TELECOMMUNICATIONS, and so is one that sends SERVICES where its state's treatment of TELECOMMUNICATIONS is recorded (line-type-class)"},
	{member: "Product.value", acting: acts, note: "the class of the tenant's profile for a line sent without one"},
	{member: "SaleLineItem.commodityCode", acting: notActedOn, note: "acts on a line sent without a class, whose class the tenant's profile gives from it",
		sent: onSaleLine(func(w *wire.SaleLineItem) (string, bool) { return ptrJSON(w.CommodityCode) }), actsWhen: commodityOrBrazilActs},
	{member: "CommodityCode.commodityCodeType", acting: within},
	{member: "CommodityCode.value", acting: within},
	{member: "CommodityCode.usedCommodityCode", acting: response},
	{member: "CommodityCode.userDefined", acting: kept},
	{member: "SaleLineItem.additionalCommodityCode", acting: notActedOn, note: noteExTIPI,
		sent: onSaleLine(func(w *wire.SaleLineItem) (string, bool) { return ptrJSON(w.AdditionalCommodityCode) }), actsWhen: exTIPIActs},
	{member: "SaleLineItem.quantity", acting: acts},
	{member: "Measure.value", acting: acts, note: "where its measure acts (quantity)"},
	{member: "Measure.unitOfMeasure", acting: kept, note: "a quantity's unit of time or data is refused where the quantity counts lines (a line with lineType, a franchise fee per line without lineTypes)"},
	{member: "SaleLineItem.volume", acting: notActedOn, note: notePautaVolume,
		sent: onSaleLine(func(w *wire.SaleLineItem) (string, bool) { return ptrJSON(w.Volume) }), actsWhen: pautaVolumeActs},
	{member: "SaleLineItem.weight", acting: notActedOn, note: "taxes per weight",
		sent: onSaleLine(func(w *wire.SaleLineItem) (string, bool) { return ptrJSON(w.Weight) })},
	{member: "SaleLineItem.unitPrice", acting: acts},
	{member: "SaleLineItem.extendedPrice", acting: acts},
	{member: "SaleLineItem.freight", acting: acts},
	{member: "SaleLineItem.cost", acting: notActedOn, note: "a basis on cost",
		sent: onSaleLine(func(w *wire.SaleLineItem) (string, bool) { return amountOf(w.Cost) })},
	{member: "SaleLineItem.landedCost", acting: notActedOn, note: "the basis of import VAT",
		sent: onSaleLine(func(w *wire.SaleLineItem) (string, bool) { return amountOf(w.LandedCost) })},
	{member: "SaleLineItem.fairMarketValue", acting: notActedOn, note: "a basis on market value",
		sent: onSaleLine(func(w *wire.SaleLineItem) (string, bool) { return amountOf(w.FairMarketValue) })},
	{member: "SaleLineItem.amountBilledToDate", acting: notActedOn, note: "caps and thresholds over a contract",
		sent: onSaleLine(func(w *wire.SaleLineItem) (string, bool) { return amountOf(w.AmountBilledToDate) })},
	{member: "SaleLineItem.inputTotalTax", acting: acts, note: "refused on DISTRIBUTE_TAX on a line with child lines that is not calculated (no price of its own, or multicomponent)"},
	{member: "SaleLineItem.previousTaxPaid", acting: acts, note: "refused, unless zero, on a line with child lines that is not calculated (no price of its own, or multicomponent)"},
	{member: "SaleLineItem.companyCodeCurrencyTaxAmount", acting: response},
	{member: "SaleLineItem.companyCodeCurrencyTaxableAmount", acting: response},
	{member: "SaleLineItem.discount", acting: acts},
	{member: "SaleLineItem.taxIncludedIndicator", acting: acts, note: noteIncludedTaken},
	{member: "SaleLineItem.isMulticomponent", acting: acts},
	{member: "SaleLineItem.taxDate", acting: acts},
	{member: "LineDetails.deliveryTerm", acting: notActedOn, note: noteDelivery, actsWhen: importActs,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.DeliveryTerm) })},
	{member: "LineDetails.titleTransfer", acting: notActedOn, note: "where title passes, which decides the situs",
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.TitleTransfer) })},
	{member: "LineDetails.chainTransactionPhase", acting: notActedOn, note: noteVAT,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.ChainTransactionPhase) })},
	{member: "LineDetails.simplificationCode", acting: notActedOn, note: noteVAT,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.SimplificationCode) })},
	{member: "LineDetails.exporterOfRecord", acting: notActedOn, note: noteVAT,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.ExporterOfRecord) })},
	{member: "LineDetails.importerOfRecord", acting: notActedOn, note: noteVAT,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.ImporterOfRecord) })},
	{member: "LineDetails.transportResponsibleEntity", acting: notActedOn, note: noteVAT,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.TransportResponsibleEntity) })},
	{member: "LineDetails.exemptOverrides", acting: acts},
	{member: "LineDetails.nonTaxableOverrides", acting: acts},
	{member: "LineDetails.rateOverrides", acting: acts},
	{member: "LineDetails.impositionInclusions", acting: acts},
	{member: "LineDetails.citationOverrides", acting: notActedOn, note: "the citation reported with a tax" + noteTakenFlagged,
		sent: onTaken(func(li *lineIn) (string, string, bool) { v, ok := listJSON(li.citationOv); return v, li.citationBy, ok })},
	{member: "CitationOverride.*", acting: within},
	{member: "LineDetails.taxDeferredOverrides", acting: notActedOn, note: "defers the matching taxes" + noteTakenFlagged,
		sent: onTaken(func(li *lineIn) (string, string, bool) { v, ok := listJSON(li.deferredOv); return v, li.deferredBy, ok })},
	{member: "TaxDeferredOverride.*", acting: within},
	{member: "LineDetails.situsOverride", acting: acts},
	{member: "LineDetails.taxOverride", acting: notActedOn, note: "forces the line taxable or nontaxable" + noteTakenFlagged,
		sent: onTaken(func(li *lineIn) (string, string, bool) { v, ok := ptrJSON(li.taxOv); return v, li.taxOvBy, ok })},
	{member: "LineDetails.pautaOverrides", acting: notActedOn, note: notePauta,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return ptrJSON(d.PautaOverrides) }), actsWhen: pautaActs},
	{member: "PautaOverrides.*", acting: within},
	{member: "PautaOverride.*", acting: within},
	{member: "LineDetails.cfopTaxCodeOverride", acting: notActedOn, note: noteBrazilActs,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return int32Of(d.CfopTaxCodeOverride) }), actsWhen: brazilActs},
	{member: "LineDetails.buyerCondition", acting: notActedOn, note: noteBrazilGoods,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.BuyerCondition) }), actsWhen: brazilGoodsActs},
	{member: "LineDetails.transactionCondition", acting: notActedOn, note: noteBrazilGoods,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.TransactionCondition) }), actsWhen: brazilGoodsActs},
	{member: "LineDetails.buyerCNAE", acting: notActedOn, note: noteBrazil,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.BuyerCNAE) })},
	{member: "LineDetails.sellerCondition", acting: notActedOn, note: noteBrazilActs,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.SellerCondition) }), actsWhen: brazilActs},
	{member: "LineDetails.sellerCNAE", acting: notActedOn, note: noteBrazil,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.SellerCNAE) })},
	{member: "LineDetails.natureOfFiscalOperation", acting: notActedOn, note: noteBrazilActs,
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.NatureOfFiscalOperation) }), actsWhen: brazilActs},
	{member: "LineDetails.consignmentId", acting: notActedOn, note: "the consignment whose value decides import VAT schemes (the EU's 150 euro limit)",
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.ConsignmentID) })},
	{member: "LineDetails.franchiseAreaId", acting: acts, note: "the franchise area fees of the tenant's profile (its franchise records), else of the server's table (--content); an ID neither has a fee of, a fee of a grantor in another state or country than the line's place, or on DISTRIBUTE_TAX or a Brazilian line, is flagged not-acted-on" + noteOnParent},
	{member: "LineDetails.costCenter", acting: kept},
	{member: "LineDetails.departmentCode", acting: kept},
	{member: "LineDetails.generalLedgerAccount", acting: kept},
	{member: "LineDetails.materialCode", acting: kept},
	{member: "LineDetails.materialOrigin", acting: notActedOn, note: noteBrazil + " (the goods' origin, which lowers the interstate ICMS of imports)",
		sent: onDetails(func(d *wire.LineDetails) (string, bool) { return strOf(d.MaterialOrigin) })},
	{member: "LineDetails.projectNumber", acting: kept},
	{member: "LineDetails.usage", acting: acts, note: "the rules' usage" + noteTaken},
	{member: "LineDetails.usageClass", acting: acts, note: "the rules' usageClass" + noteTaken},
	{member: "LineDetails.vendorSKU", acting: kept},
	{member: "LineDetails.locationCode", acting: acts, note: "the retail location kept with the stored line and its child lines that send none (the journal's locationCode, for returns filed per location)"},
	{member: "LineDetails.countryOfOriginISOCode", acting: acts, note: "Intrastat: stored with the line, checked on stored kinds, declared by levy journal intrastat" + noteOnParent},
	{member: "LineDetails.exportProcedure", acting: acts, note: "Intrastat: stored with the line" + noteOnParent},
	{member: "LineDetails.intrastatCommodityCode", acting: acts, note: "Intrastat: the CN8 code, checked against the Combined Nomenclature on stored kinds" + noteOnParent},
	{member: "LineDetails.modeOfTransport", acting: acts, note: "Intrastat: a transport mode code, checked on stored kinds" + noteOnParent},
	{member: "LineDetails.natureOfTransaction", acting: acts, note: "Intrastat: a 2022 nature of transaction code, checked on stored kinds" + noteOnParent},
	{member: "LineDetails.netMassKilograms", acting: acts, note: "Intrastat: the net mass" + noteOnParent},
	{member: "LineDetails.statisticalValue", acting: acts, note: "Intrastat: the statistical value" + noteOnParent},
	{member: "CurrencyAmount.*", acting: acts},
	{member: "LineDetails.supplementaryUnit", acting: acts, note: "Intrastat: checked against the unit the CN8 code requires" + noteOnParent},
	{member: "SupplementaryUnit.*", acting: acts},
	{member: "LineDetails.flexibleFields", acting: kept, note: "Levy's rules do not test them"},
	{member: "FlexibleFields.*", acting: kept},
	{member: "FlexibleCodeField.*", acting: kept},
	{member: "FlexibleNumericField.*", acting: kept},
	{member: "FlexibleDateField.*", acting: kept},
	{member: "LineDetails.returnsFields", acting: kept},
	{member: "ReturnsFields.*", acting: kept},
	{member: "ReturnsCodeField.*", acting: kept},
	{member: "ReturnsDateField.*", acting: kept},
	{member: "ReturnsIndicatorField.*", acting: kept},
	{member: "ReturnsNumericField.*", acting: kept},
	{member: "LineDetails.lineType", acting: acts, note: "US communications taxes (see docs/wire-fields.md); a line type without content is flagged not-acted-on" + noteOnParent},
	{member: "LineType.accumulationLocation", acting: notActedOn, note: "where a communications tax accumulates",
		sent: lineTypeSent(func(_, _, _, _, loc, _ string, _ *int64) (string, bool) { return loc, loc != "" })},
	{member: "LineType.content", acting: notActedOn, note: "voice or data, which some communications taxes tell apart",
		sent: lineTypeSent(func(_, content, _, _, _, _ string, _ *int64) (string, bool) { return content, content != "" })},
	{member: "LineType.direction", acting: notActedOn, note: "inbound or outbound, which some communications taxes tell apart",
		sent: lineTypeSent(func(_, _, dir, _, _, _ string, _ *int64) (string, bool) { return dir, dir != "" })},
	{member: "LineType.status", acting: notActedOn, note: "the status of the line, which some communications taxes tell apart",
		sent: lineTypeSent(func(_, _, _, status, _, _ string, _ *int64) (string, bool) { return status, status != "" })},
	{member: "LineType.value", acting: acts, note: "the line type (WIRELESS, VOIP, LOCAL, PREPAID_WIRELESS, ...)"},
	{member: "LineDetails.lineTypes", acting: acts, note: "US communications taxes, each line type with its count" + noteOnParent},
	{member: "LineTypeSet.accumulationLocation", acting: within, note: "flagged as LineType.accumulationLocation"},
	{member: "LineTypeSet.basis", acting: notActedOn, note: "the basis of a communications tax",
		sent: lineTypeSent(func(_, _, _, _, _, basis string, _ *int64) (string, bool) { return basis, basis != "" })},
	{member: "LineTypeSet.content", acting: within, note: "flagged as LineType.content"},
	{member: "LineTypeSet.direction", acting: within, note: "flagged as LineType.direction"},
	{member: "LineTypeSet.status", acting: within, note: "flagged as LineType.status"},
	{member: "LineTypeSet.value", acting: acts},
	{member: "LineTypeSet.count", acting: acts, note: "the lines of the type: the 911 fees per line, and the share of the amount"},
	{member: "LineTypeSet.lineTypeNumber", acting: kept},
	{member: "SaleLineItem.lineItems", acting: acts},

	// PurchaseRequest
	{member: "PurchaseRequest.purchaseMessageType", acting: acts},
	{member: "PurchaseRequest.transactionType", acting: acts},
	{member: "PurchaseRequest.documentDate", acting: acts},
	{member: "PurchaseRequest.transactionId", acting: acts, note: noteJournal},
	{member: "PurchaseRequest.documentNumber", acting: acts, note: noteJournal},
	{member: "PurchaseRequest.documentSequenceId", acting: kept},
	{member: "PurchaseRequest.documentType", acting: kept},
	{member: "PurchaseRequest.billingType", acting: kept},
	{member: "PurchaseRequest.orderType", acting: kept},
	{member: "PurchaseRequest.locationCode", acting: acts, note: "the retail location kept with each stored line whose own and enclosing lines send none (the journal's locationCode, for returns filed per location)"},
	{member: "PurchaseRequest.accumulationCustomerNumber", acting: notActedOn, note: "groups documents whose tax accumulates against a cap or threshold",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return strOf(r.AccumulationCustomerNumber) })},
	{member: "PurchaseRequest.accumulationDocumentNumber", acting: notActedOn, note: "groups documents whose tax accumulates against a cap or threshold",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return strOf(r.AccumulationDocumentNumber) })},
	{member: "PurchaseRequest.paymentDate", acting: notActedOn, note: "the tax point where tax is due on payment",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return dateOf(r.PaymentDate) })},
	{member: "PurchaseRequest.postingDate", acting: acts},
	{member: "PurchaseRequest.taxPointDate", acting: notActedOn, note: "the date whose VAT rates apply",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return dateOf(r.TaxPointDate) })},
	{member: "PurchaseRequest.recoverableDate", acting: notActedOn, note: noteRecovery,
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return dateOf(r.RecoverableDate) })},
	{member: "PurchaseRequest.buyer", acting: acts},
	{member: "Buyer.company", acting: acts, note: "the company whose journal report (levy journal report --company) counts the purchase"},
	{member: "Buyer.division", acting: kept},
	{member: "Buyer.department", acting: kept},
	{member: "Buyer.destination", acting: acts},
	{member: "Buyer.administrativeDestination", acting: acts},
	{member: "Buyer.isTaxExempt", acting: acts},
	{member: "Buyer.exemptionCertificate", acting: acts},
	{member: "Buyer.exemptionReasonCode", acting: notActedOn, note: noteReasonCode, actsWhen: exemptActs,
		sent: onParty(buyerOf, "", func(p *wire.Buyer) (string, bool) { return strOf(p.ExemptionReasonCode) })},
	{member: "Buyer.recipient", acting: acts},
	{member: "Recipient.recipientCode", acting: acts},
	{member: "RecipientCode.value", acting: kept},
	{member: "RecipientCode.classCode", acting: acts, note: "the rules' customerClass"},
	{member: "RecipientCode.isBusinessIndicator", acting: notActedOn, note: "business or consumer; Levy takes a buyer to be a business",
		sent: onParty(recipientOf, ".recipientCode", func(p *wire.Recipient) (string, bool) {
			if p.RecipientCode == nil {
				return "", false
			}
			return boolOf(p.RecipientCode.IsBusinessIndicator)
		})},
	{member: "Recipient.taxRegistrations", acting: notActedOn, note: "the recipient's registrations, which decide reverse charges",
		sent: onParty(recipientOf, "", func(p *wire.Recipient) (string, bool) { return listJSON(p.TaxRegistrations) })},
	{member: "Buyer.utilityProvider", acting: notActedOn, note: "utility taxes",
		sent: onParty(buyerOf, "", func(p *wire.Buyer) (string, bool) { return strOf(p.UtilityProvider) })},
	{member: "Buyer.taxRegistrations", acting: acts},
	{member: "PurchaseRequest.vendor", acting: acts},
	{member: "Vendor.vendorCode", acting: acts},
	{member: "VendorCode.value", acting: kept},
	{member: "VendorCode.classCode", acting: notActedOn, note: "the vendor's class, which taxability may depend on",
		sent: onParty(vendorOf, ".vendorCode", func(p *wire.Vendor) (string, bool) {
			if p.VendorCode == nil {
				return "", false
			}
			return strOf(p.VendorCode.ClassCode)
		})},
	{member: "Vendor.dispatcherCode", acting: notActedOn, note: "the dispatcher, whose registrations decide the VAT of EU supplies",
		sent: onParty(vendorOf, "", func(p *wire.Vendor) (string, bool) { return ptrJSON(p.DispatcherCode) })},
	{member: "Vendor.physicalOrigin", acting: acts},
	{member: "Vendor.administrativeOrigin", acting: acts},
	{member: "Vendor.taxRegistrations", acting: acts},
	{member: "PurchaseRequest.chargedTax", acting: notActedOn, note: "the vendor's tax: credited on ACCRUAL and ACCRUAL_SYNC, never against a reverse charge the buyer accrues (shared by the lines in proportion to their other tax when no line sends its own; refused when lines send their own and it is not their sum, and on an ACCRUAL_SYNC that leaves stored lines in place, which keep their earlier credit), compared on INVOICE_VERIFICATION, APINVOICE_SYNC and CONDITIONAL_PROCUREMENT (with the tax the vendor should charge, which leaves out the buyer's own use tax and reverse charges: the document's, whatever the lines send; the lines' own with the lines'); the amount itself is never stored (an ACCRUAL keeps the taxes less its credit; an APINVOICE_SYNC keeps the tax the vendor owes and accrues no shortfall, see docs/journal.md); of the sign of the tax (negative on a credit memo); " + noteVendorTaxIgnored,
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return amountOf(r.ChargedTax) }), actsWhen: vendorTaxActs},
	{member: "PurchaseRequest.calculateVendorTaxIndicator", acting: notActedOn, note: "asks for the tax the vendor should have charged",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return boolOf(r.CalculateVendorTaxIndicator) })},
	{member: "PurchaseRequest.calculateSelfAccrualIndicator", acting: notActedOn, note: "asks for the tax the buyer must accrue",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return boolOf(r.CalculateSelfAccrualIndicator) })},
	{member: "PurchaseRequest.currency", acting: acts},
	{member: "PurchaseRequest.companyCodeCurrency", acting: acts},
	{member: "PurchaseRequest.originalCurrency", acting: kept},
	{member: "PurchaseRequest.currencyConversionFactors", acting: acts},
	{member: "PurchaseRequest.postToJournal", acting: acts},
	{member: "PurchaseRequest.roundAtLineLevel", acting: acts},
	{member: "PurchaseRequest.isTaxOnlyAdjustmentIndicator", acting: acts},
	{member: "PurchaseRequest.discount", acting: acts},
	{member: "PurchaseRequest.exemptOverrides", acting: acts},
	{member: "PurchaseRequest.nonTaxableOverrides", acting: acts},
	{member: "PurchaseRequest.rateOverrides", acting: acts},
	{member: "PurchaseRequest.impositionInclusions", acting: acts},
	{member: "PurchaseRequest.situsOverride", acting: acts},
	{member: "PurchaseRequest.taxOverride", acting: notActedOn, note: "forces the document taxable or nontaxable",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return ptrJSON(r.TaxOverride) })},
	{member: "PurchaseRequest.deliveryTerm", acting: notActedOn, note: noteDelivery, actsWhen: importActs,
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return strOf(r.DeliveryTerm) })},
	{member: "PurchaseRequest.simplificationCode", acting: notActedOn, note: noteVAT,
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return strOf(r.SimplificationCode) })},
	{member: "PurchaseRequest.proratePercentage", acting: notActedOn, note: "scales the document's amounts",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return amountOf(r.ProratePercentage) })},
	{member: "PurchaseRequest.taxabilityCategoryTotals", acting: notActedOn, note: "what the buyer already spent, for caps and rates that depend on it",
		sent: onPurchase(func(r *wire.PurchaseRequest) (string, bool) { return listJSON(r.TaxabilityCategoryTotals) })},
	{member: "TaxabilityCategoryTotal.*", acting: within},
	{member: "Imposition.*", acting: within},
	{member: "TaxabilityCategory.*", acting: within},
	{member: "PurchaseRequest.returnAssistedParametersIndicator", acting: kept},
	{member: "PurchaseRequest.returnGeneratedLineItemsIndicator", acting: kept},
	{member: "PurchaseRequest.returnTimeElapsedDetailsIndicator", acting: kept, note: noteElapsed},
	{member: "PurchaseRequest.lineItems", acting: acts},
	{member: "PurchaseLineItem.lineItemNumber", acting: acts, note: noteLineNumber},
	{member: "PurchaseLineItem.lineItemId", acting: acts, note: "the line of a sync, required on each line the journal keeps of APINVOICE_SYNC and ACCRUAL_SYNC; kept in the journal"},
	{member: "PurchaseLineItem.lineItemDescription", acting: kept},
	{member: "PurchaseLineItem.transactionType", acting: acts},
	{member: "PurchaseLineItem.syncType", acting: acts, note: "on APINVOICE_SYNC and ACCRUAL_SYNC, " + noteSyncType},
	{member: "PurchaseLineItem.buyer", acting: acts},
	{member: "PurchaseLineItem.vendor", acting: acts},
	{member: "PurchaseLineItem.purchase", acting: acts},
	{member: "Purchase.purchaseClass", acting: acts, note: "a child line (in lineItems) that sends none takes that of its nearest enclosing line that sends one, unless its commodityCode maps to a class in the tenant's profile (a code that maps to nothing, or no profile, leaves it the enclosing line's class); an unknown class so taken carries unknown-product-class naming the enclosing line's member (lineItems[0].purchase.purchaseClass). A line that sends a lineType or lineTypes and no class (nor a code that maps) is TELECOMMUNICATIONS, and so is one that sends SERVICES where its state's treatment of TELECOMMUNICATIONS is recorded (line-type-class)"},
	{member: "Purchase.value", acting: kept},
	{member: "PurchaseLineItem.commodityCode", acting: notActedOn, note: "acts on a line sent without a class, whose class the tenant's profile gives from it",
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return ptrJSON(w.CommodityCode) }), actsWhen: commodityOrBrazilActs},
	{member: "PurchaseLineItem.additionalCommodityCode", acting: notActedOn, note: noteExTIPI,
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return ptrJSON(w.AdditionalCommodityCode) }), actsWhen: exTIPIActs},
	{member: "PurchaseLineItem.quantity", acting: acts},
	{member: "PurchaseLineItem.volume", acting: notActedOn, note: notePautaVolume,
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return ptrJSON(w.Volume) }), actsWhen: pautaVolumeActs},
	{member: "PurchaseLineItem.weight", acting: notActedOn, note: "taxes per weight",
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return ptrJSON(w.Weight) })},
	{member: "PurchaseLineItem.unitPrice", acting: acts},
	{member: "PurchaseLineItem.extendedPrice", acting: acts},
	{member: "PurchaseLineItem.freight", acting: acts},
	{member: "PurchaseLineItem.cost", acting: notActedOn, note: "a basis on cost",
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return amountOf(w.Cost) })},
	{member: "PurchaseLineItem.landedCost", acting: notActedOn, note: "the basis of import VAT",
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return amountOf(w.LandedCost) })},
	{member: "PurchaseLineItem.amountBilledToDate", acting: notActedOn, note: "caps and thresholds over a contract",
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return amountOf(w.AmountBilledToDate) })},
	{member: "PurchaseLineItem.inputTotalTax", acting: acts, note: "refused on DISTRIBUTE_TAX on a line with child lines that is not calculated (no price of its own, or multicomponent)"},
	{member: "PurchaseLineItem.chargedTax", acting: notActedOn, note: "the vendor's tax on the line: credited on ACCRUAL and ACCRUAL_SYNC (never against a reverse charge the buyer accrues), compared on INVOICE_VERIFICATION, APINVOICE_SYNC, CONDITIONAL_PROCUREMENT and a line that Brazil's rules calculate; the amount itself is never stored (an APINVOICE_SYNC keeps the tax the vendor owes and accrues no shortfall); refused on a line with child lines that is not calculated (no price of its own, or multicomponent); " + noteVendorTaxIgnored,
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return amountOf(w.ChargedTax) }), actsWhen: lineVendorTaxActs},
	{member: "PurchaseLineItem.vendorTaxes", acting: notActedOn, note: "the vendor's taxes itemised, for recovery",
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return listJSON(w.VendorTaxes) })},
	{member: "InputTax.*", acting: within},
	{member: "TaxingJurisdictionLocation.*", acting: within},
	{member: "PurchaseLineItem.specialTaxBasis", acting: acts, note: "refused, unless zero, on a line with child lines that is not calculated (no price of its own, or multicomponent)"},
	{member: "PurchaseLineItem.wageBasis", acting: notActedOn, note: "a basis on wages",
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return amountOf(w.WageBasis) })},
	{member: "PurchaseLineItem.blockingOverridePercent", acting: notActedOn, note: noteRecovery,
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return amountOf(w.BlockingOverridePercent) })},
	{member: "PurchaseLineItem.partialExemptRecoverableOverridePercent", acting: notActedOn, note: noteRecovery,
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) {
			return amountOf(w.PartialExemptRecoverableOverridePercent)
		})},
	{member: "PurchaseLineItem.companyCodeCurrencyTaxAmount", acting: response},
	{member: "PurchaseLineItem.companyCodeCurrencyTaxableAmount", acting: response},
	{member: "PurchaseLineItem.discount", acting: acts},
	{member: "PurchaseLineItem.taxIncludedIndicator", acting: acts, note: noteIncludedTaken},
	{member: "PurchaseLineItem.isMulticomponent", acting: acts},
	{member: "PurchaseLineItem.taxDate", acting: acts},
	{member: "PurchaseLineItem.recoverableDate", acting: notActedOn, note: noteRecovery,
		sent: onPurchaseLine(func(w *wire.PurchaseLineItem) (string, bool) { return dateOf(w.RecoverableDate) })},
	{member: "PurchaseLineItem.lineItems", acting: acts},

	// OwnerRequest
	{member: "OwnerRequest.ownerMessageType", acting: acts, note: "INVENTORY_REMOVAL: goods taken from stock for the owner's use, taxed where they are used (a use tax, a VAT self-supply); " +
		"ASSET_MOVEMENT: an asset moved to another place, which bears no VAT or GST within one VAT area (move-within-vat-area), no GST within Canada and none of the province's tax within one province (ca-move-within-province)"},
	{member: "OwnerRequest.movementMethod", acting: notActedOn, note: "how the goods move, which decides the tax of the movement",
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return strOf(r.MovementMethod) })},
	{member: "OwnerRequest.documentDate", acting: acts},
	{member: "OwnerRequest.transactionId", acting: acts, note: noteJournal},
	{member: "OwnerRequest.documentNumber", acting: acts, note: noteJournal},
	{member: "OwnerRequest.documentSequenceId", acting: kept},
	{member: "OwnerRequest.documentType", acting: kept},
	{member: "OwnerRequest.billingType", acting: kept},
	{member: "OwnerRequest.orderType", acting: kept},
	{member: "OwnerRequest.locationCode", acting: acts, note: "the retail location kept with each stored line whose own and enclosing lines send none (the journal's locationCode, for returns filed per location)"},
	{member: "OwnerRequest.accumulationCustomerNumber", acting: notActedOn, note: "groups documents whose tax accumulates against a cap or threshold",
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return strOf(r.AccumulationCustomerNumber) })},
	{member: "OwnerRequest.accumulationDocumentNumber", acting: notActedOn, note: "groups documents whose tax accumulates against a cap or threshold",
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return strOf(r.AccumulationDocumentNumber) })},
	{member: "OwnerRequest.paymentDate", acting: notActedOn, note: "the tax point where tax is due on payment",
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return dateOf(r.PaymentDate) })},
	{member: "OwnerRequest.postingDate", acting: acts},
	{member: "OwnerRequest.taxPointDate", acting: notActedOn, note: "the date whose VAT rates apply",
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return dateOf(r.TaxPointDate) })},
	{member: "OwnerRequest.recoverableDate", acting: notActedOn, note: noteRecovery,
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return dateOf(r.RecoverableDate) })},
	{member: "OwnerRequest.owner", acting: acts},
	{member: "Owner.company", acting: acts, note: "the company whose journal report (levy journal report --company) counts the movement"},
	{member: "Owner.division", acting: kept},
	{member: "Owner.department", acting: kept},
	{member: "Owner.physicalOrigin", acting: acts},
	{member: "Owner.destination", acting: acts},
	{member: "Owner.isTaxExempt", acting: acts},
	{member: "Owner.exemptionReasonCode", acting: notActedOn, note: noteReasonCode, actsWhen: exemptActs,
		sent: onParty(ownerOf, "", func(p *wire.Owner) (string, bool) { return strOf(p.ExemptionReasonCode) })},
	{member: "Owner.utilityProvider", acting: notActedOn, note: "utility taxes",
		sent: onParty(ownerOf, "", func(p *wire.Owner) (string, bool) { return strOf(p.UtilityProvider) })},
	{member: "Owner.taxRegistrations", acting: acts},
	{member: "OwnerRequest.currency", acting: acts},
	{member: "OwnerRequest.companyCodeCurrency", acting: acts},
	{member: "OwnerRequest.originalCurrency", acting: kept},
	{member: "OwnerRequest.currencyConversionFactors", acting: acts},
	{member: "OwnerRequest.postToJournal", acting: acts},
	{member: "OwnerRequest.roundAtLineLevel", acting: acts},
	{member: "OwnerRequest.isTaxOnlyAdjustmentIndicator", acting: acts},
	{member: "OwnerRequest.exemptOverrides", acting: acts},
	{member: "OwnerRequest.nonTaxableOverrides", acting: acts},
	{member: "OwnerRequest.rateOverrides", acting: acts},
	{member: "OwnerRequest.impositionInclusions", acting: acts},
	{member: "OwnerRequest.situsOverride", acting: acts},
	{member: "OwnerRequest.taxOverride", acting: notActedOn, note: "forces the document taxable or nontaxable",
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return ptrJSON(r.TaxOverride) })},
	{member: "OwnerRequest.deliveryTerm", acting: notActedOn, note: noteDelivery, actsWhen: importActs,
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return strOf(r.DeliveryTerm) })},
	{member: "OwnerRequest.simplificationCode", acting: notActedOn, note: noteVAT,
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return strOf(r.SimplificationCode) })},
	{member: "OwnerRequest.proratePercentage", acting: notActedOn, note: "scales the document's amounts",
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return amountOf(r.ProratePercentage) })},
	{member: "OwnerRequest.taxabilityCategoryTotals", acting: notActedOn, note: "what the owner already spent, for caps and rates that depend on it",
		sent: onOwner(func(r *wire.OwnerRequest) (string, bool) { return listJSON(r.TaxabilityCategoryTotals) })},
	{member: "OwnerRequest.returnAssistedParametersIndicator", acting: kept},
	{member: "OwnerRequest.returnGeneratedLineItemsIndicator", acting: kept},
	{member: "OwnerRequest.returnTimeElapsedDetailsIndicator", acting: kept, note: noteElapsed},
	{member: "OwnerRequest.lineItems", acting: acts},
	{member: "OwnerLineItem.lineItemNumber", acting: acts, note: noteLineNumber},
	{member: "OwnerLineItem.lineItemId", acting: acts},
	{member: "OwnerLineItem.lineItemDescription", acting: kept},
	{member: "OwnerLineItem.movementMethod", acting: notActedOn, note: "how the goods move, which decides the tax of the movement",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return strOf(w.MovementMethod) })},
	{member: "OwnerLineItem.syncType", acting: acts, note: "refused: the owner's kinds are no syncs"},
	{member: "OwnerLineItem.owner", acting: acts},
	{member: "OwnerLineItem.purchase", acting: acts},
	{member: "OwnerLineItem.commodityCode", acting: notActedOn, note: "acts on a line sent without a class, whose class the tenant's profile gives from it",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return ptrJSON(w.CommodityCode) }), actsWhen: commodityOrBrazilActs},
	{member: "OwnerLineItem.additionalCommodityCode", acting: notActedOn, note: "a second commodity code",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return ptrJSON(w.AdditionalCommodityCode) })},
	{member: "OwnerLineItem.quantity", acting: acts},
	{member: "OwnerLineItem.volume", acting: notActedOn, note: "taxes per volume",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return ptrJSON(w.Volume) })},
	{member: "OwnerLineItem.weight", acting: notActedOn, note: "taxes per weight",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return ptrJSON(w.Weight) })},
	{member: "OwnerLineItem.unitPrice", acting: acts},
	{member: "OwnerLineItem.extendedPrice", acting: acts},
	{member: "OwnerLineItem.freight", acting: acts},
	{member: "OwnerLineItem.cost", acting: acts, note: "the basis of a line without a price"},
	{member: "OwnerLineItem.totalCost", acting: acts, note: "the basis of a line without a price"},
	{member: "OwnerLineItem.netBookValue", acting: acts, note: "the basis of an asset movement without a price"},
	{member: "OwnerLineItem.landedCost", acting: notActedOn, note: "the basis of import VAT",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return amountOf(w.LandedCost) })},
	{member: "OwnerLineItem.fairMarketValue", acting: acts, note: "the basis of a line without a price"},
	{member: "OwnerLineItem.fairRentalValue", acting: notActedOn, note: "the basis of a rental to oneself",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return amountOf(w.FairRentalValue) })},
	{member: "OwnerLineItem.amountBilledToDate", acting: notActedOn, note: "caps and thresholds over a contract",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return amountOf(w.AmountBilledToDate) })},
	{member: "OwnerLineItem.previousTaxPaid", acting: acts, note: "credited against the line's taxes but a reverse charge (an acquisition in another member state); refused, unless zero, on a line with child lines that is not calculated (no price of its own, or multicomponent)"},
	{member: "OwnerLineItem.specialTaxBasis", acting: acts, note: "refused, unless zero, on a line with child lines that is not calculated (no price of its own, or multicomponent)"},
	{member: "OwnerLineItem.wageBasis", acting: notActedOn, note: "a basis on wages",
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return amountOf(w.WageBasis) })},
	{member: "OwnerLineItem.blockingOverridePercent", acting: notActedOn, note: noteRecovery,
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return amountOf(w.BlockingOverridePercent) })},
	{member: "OwnerLineItem.partialExemptRecoverableOverridePercent", acting: notActedOn, note: noteRecovery,
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) {
			return amountOf(w.PartialExemptRecoverableOverridePercent)
		})},
	{member: "OwnerLineItem.companyCodeCurrencyTaxAmount", acting: response},
	{member: "OwnerLineItem.companyCodeCurrencyTaxableAmount", acting: response},
	{member: "OwnerLineItem.taxIncludedIndicator", acting: acts, note: noteIncludedTaken},
	{member: "OwnerLineItem.isMulticomponent", acting: acts},
	{member: "OwnerLineItem.taxDate", acting: acts},
	{member: "OwnerLineItem.recoverableDate", acting: notActedOn, note: noteRecovery,
		sent: onOwnerLine(func(w *wire.OwnerLineItem) (string, bool) { return dateOf(w.RecoverableDate) })},
	{member: "OwnerLineItem.lineItems", acting: acts},
}
