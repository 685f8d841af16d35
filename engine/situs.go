package engine

import (
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// situs is the outcome of sourcing one line: where it is taxed and how.
type situs struct {
	at   *place
	role wire.LocationRole
	// split, when above zero, says that the jurisdictions of at from
	// split on were taken from the destination (role splitRole): a US
	// state whose local levels are sourced differently.
	split     int
	splitRole wire.LocationRole
	interUS   bool // a US sale that crosses a state line
	reverse   bool // the buyer accounts for the tax (reverse charge)
	zero      bool // zero-rated (exports of goods)
	none      bool // outside the scope of the tax: one NONTAXABLE record
	ruleID    string
	reason    string
	// oss says that the seller's registration for one of the EU's special
	// schemes (the Union scheme, the non-Union scheme, the Import One Stop
	// Shop; registration.scheme) covers the VAT of the place: it charges
	// that VAT without a registration there.
	oss bool
	// use, when set, is the customer's place on a sale within a US state
	// whose sales tax follows the seller's location (wholly or in part):
	// the local taxes outside the sales tax (Chicago's lease and
	// amusement taxes) fall where the customer uses what it buys, so
	// they are taken from use rather than from at.
	use *place
	// distance is what decided the EU distance-sales threshold, and
	// distanceRule the rule of the decision; the line that is taxed by
	// this situs says so (line.distance). "" when none was weighed.
	distance, distanceRule string
	// lowValue is what a country's low-value import limit said of the
	// line (lowvalue.go), and lowValueRule the assisted parameter's rule
	// name; "" when no limit was weighed.
	lowValue, lowValueRule string
	// domesticRC is what a domestic reverse charge assumed of the buyer,
	// or why its threshold was not weighed, and domesticRCRule the
	// assisted parameter's rule name (domesticrc.go); "" for none.
	domesticRC, domesticRCRule string
	// inCanada says that the line is a buyer's purchase from a vendor in
	// Canada delivered in Canada, which the buyer accrues: the GST/HST
	// (and the QST the vendor charges) is the vendor's to charge, not the
	// buyer's to self-assess (vendorsCanadianTax).
	inCanada bool
	// within is the set of areas that an owner's asset moved from one of
	// its places to another stays within (movedWithin): the tax of each
	// of them is not due on the move (notDue).
	within areaSet
}

// source decides where a line is taxed: the situs override first, then the
// US state rules, then the place-of-supply rules of the VAT and GST
// countries, which compare VAT areas rather than countries (a VAT special
// territory outside the EU's VAT area, such as the Canary Islands or
// Martinique, is an area of its own; place.vatArea). A line taxed at a
// territory where no VAT that Levy computes applies bears no VAT: one
// NONTAXABLE record says why (OutsideVATRule).
func (c *calc) source(l *line) situs {
	st := c.schemeServices(l, c.sourceAreas(l))
	if st.at != nil && st.at.outsideVAT() && !st.none && !st.zero {
		p := st.at
		why := "no VAT applies in " + p.chain[0].Value + " (" + p.terrID + "), outside its country's VAT and the EU's VAT area (VAT Directive, article 6)"
		if st.reason != "" {
			why = st.reason + "; " + why
		}
		return situs{at: p, role: st.role, none: true, ruleID: OutsideVATRule, reason: why}
	}
	return st
}

// CAMoveWithinCanadaRule is the rule ID of the GST's NONTAXABLE record on
// an owner's asset moved from one place in Canada to another
// (ASSET_MOVEMENT): the Excise Tax Act charges the GST on supplies made in
// Canada (Part IX, Division II, s. 165), on goods imported into Canada
// (Division III, s. 212) and on imported taxable supplies (Division IV,
// s. 217), and a move of one's own goods within Canada is none of them.
// The tax of the province the asset is brought into stays: British
// Columbia's, Saskatchewan's and Manitoba's PST, Quebec's QST, and a
// participating province's part of the HST (Division IV.1, s. 220.08).
const CAMoveWithinCanadaRule = "ca-move-within-canada"

// CAMoveWithinProvinceRule is the rule ID of the NONTAXABLE record of a
// province's tax on an owner's asset moved from one place to another
// within that province (ASSET_MOVEMENT): British Columbia's PST,
// Saskatchewan's and Manitoba's PST and RST, Quebec's QST and a
// participating province's part of the HST. Each reaches an owner's own
// goods only when they are brought into the province from outside it
// (British Columbia's Provincial Sales Tax Act, s. 49; the Act respecting
// the Québec sales tax, s. 17; the Excise Tax Act, Division IV.1,
// ss. 220.05 and 220.08, for property brought into a participating
// province from elsewhere in Canada); a move within the province brings
// nothing in, and the tax was due, or not, when the asset was bought.
// Goods taken from stock bought exempt for resale (INVENTORY_REMOVAL)
// are a use of them, taxed as before.
const CAMoveWithinProvinceRule = "ca-move-within-province"

// MoveWithinVATAreaRule is the rule ID of the NONTAXABLE record of a VAT
// or GST on an owner's asset moved from one of its places to another
// within one VAT area (ASSET_MOVEMENT; moveWithinArea). The owner keeps
// the asset, so the move is no supply of goods, which transfers the right
// to dispose of them as owner (VAT Directive, article 14(1)), no
// acquisition from another member state and no import; the Directive
// deems a supply only the transfer of one's own goods to another member
// state (article 17(1)). The UK's VAT (VATA 1994, s. 5 and Schedule 4)
// and Australia's GST (A New Tax System (Goods and Services Tax) Act
// 1999, s. 9-10) likewise need a supply to another person.
const MoveWithinVATAreaRule = "move-within-vat-area"

// moveWithinArea reports whether an asset moved from orig to dest stays
// in one VAT area whose VAT or GST is national, so that the move bears
// none of it (MoveWithinVATAreaRule). Excluded are the United States,
// whose sales and use taxes are the states' and credit tax paid before
// (previousTaxPaid); Canada, whose GST CAMoveWithinCanadaRule decides and
// whose provinces tax property brought in; India, whose GST deems a
// transfer between the registrations of one business in two states a
// supply (CGST Act 2017, s. 25(4) and Schedule I, paragraph 2), which
// Levy cannot tell from a move within one registration; and Brazil,
// whose owner's movements brazil.go decides.
func moveWithinArea(orig, dest *place) bool {
	switch dest.country {
	case "US", "CA", "IN", "BR":
		return false
	}
	return orig.vatArea() == dest.vatArea()
}

// moveArea is one area that an owner's asset moved from one of its
// places to another (ASSET_MOVEMENT) can stay within: a country's VAT
// area for its national VAT or GST, Canada for the GST, one province for
// that province's tax. Each of these taxes reaches the owner's own goods
// only when they are supplied to another person or brought into its area
// from outside it, and a move that stays within the area does neither:
// that tax is not due on it, and its record is a NONTAXABLE one of the
// whole amount under the area's rule ID, saying why. A tax whose area the
// move leaves is decided as any other owner's tax (the destination
// province's tax on property brought in, the VAT of an import, an
// acquisition from another member state). Each area is one row of
// moveAreas: the situs of a move keeps the set of rows it stays within
// (situs.within, from movedWithin), and each tax of the line asks that
// set whether it is due (areaSet.notDue).
type moveArea struct {
	// ruleID and reason are those of the NONTAXABLE record of a tax of
	// the area on a move within it.
	ruleID, reason string
	// situsReason is the reason of the move's situs when this is the
	// narrowest area it stays within.
	situsReason string
	// stays reports whether a move from orig to dest stays within the
	// area.
	stays func(orig, dest *place) bool
	// taxes reports whether t, a tax of the jurisdiction at level ji of
	// the destination's chain (0 for the country), is the area's tax.
	taxes func(ji int, t *taxOut) bool
}

// moveAreas are the areas, each wider one before those within it.
var moveAreas = [...]moveArea{
	// A country's VAT area: its VAT or GST, at whatever level the
	// dataset keeps it.
	{ruleID: MoveWithinVATAreaRule,
		reason: "an owner's asset moved between its own places within one VAT area bears no VAT or GST: " +
			"the owner keeps it, so the move is no supply, no acquisition from another member state and no import",
		situsReason: useAtDestinationReason,
		stays:       moveWithinArea,
		taxes:       func(_ int, t *taxOut) bool { return t.taxType == wire.TaxTypeVAT }},
	// Canada: the GST, the country's level.
	{ruleID: CAMoveWithinCanadaRule,
		reason: "an owner's asset moved within Canada bears no GST: the Excise Tax Act charges it on supplies made in Canada, " +
			"goods imported and imported taxable supplies, and the move is none of them; the province it is brought into taxes it",
		situsReason: useAtDestinationCanadaReason,
		stays:       func(orig, dest *place) bool { return orig.country == "CA" && dest.country == "CA" },
		taxes:       func(ji int, _ *taxOut) bool { return ji == 0 }},
	// One province of Canada: its PST, RST or QST, or its part of the
	// HST, the levels below the country.
	{ruleID: CAMoveWithinProvinceRule,
		reason: "an owner's asset moved within one province bears none of the province's tax: " +
			"the province taxes property brought into it from elsewhere (in British Columbia, Provincial Sales Tax Act, s. 49; in Quebec, QST Act, s. 17; " +
			"the HST's provincial part, Excise Tax Act, ss. 220.05 and 220.08), and the move brings nothing in",
		situsReason: withinProvinceReason,
		stays: func(orig, dest *place) bool {
			return orig.country == "CA" && dest.country == "CA" && orig.subdivision != "" && orig.subdivision == dest.subdivision
		},
		taxes: func(ji int, _ *taxOut) bool { return ji > 0 }},
}

// areaSet is a set of rows of moveAreas, bit i for row i.
type areaSet uint8

// movedWithin returns the set of areas that an owner's asset moved from
// orig to dest stays within, 0 for none.
func movedWithin(orig, dest *place) areaSet {
	var in areaSet
	for i := range moveAreas {
		if moveAreas[i].stays(orig, dest) {
			in |= 1 << i
		}
	}
	return in
}

// situsReason is the reason of the situs of a move within the areas of
// in, which is not empty: that of the narrowest one.
func (in areaSet) situsReason() string {
	for i := len(moveAreas) - 1; i >= 0; i-- {
		if in&(1<<i) != 0 {
			return moveAreas[i].situsReason
		}
	}
	return ""
}

// notDue makes t, a tax of the jurisdiction at level ji of the situs of a
// move within the areas of in, a NONTAXABLE record (moveNotDue) when it
// is the tax of one of them (the first, the widest, that claims it).
func (in areaSet) notDue(ji int, t *taxOut) {
	for i := range moveAreas {
		if in&(1<<i) != 0 && moveAreas[i].taxes(ji, t) {
			moveNotDue(t, moveAreas[i].ruleID, moveAreas[i].reason)
			return
		}
	}
}

// The reasons of rule use-at-destination: a buyer's or an owner's own
// tax on what it did not buy tax-paid (a consumer's use tax, the
// self-assessed tax of an import) falls where the goods or services are
// delivered and used. An owner's asset moved within Canada owes the tax
// of the province it is brought into (CAMoveWithinCanadaRule decides
// the GST).
const (
	useAtDestinationReason       = "the buyer or owner accounts for its own tax (a use tax, or the tax it self-assesses on an import) where the goods or services are delivered and used, the destination"
	useAtDestinationCanadaReason = "an owner's asset moved within Canada owes the tax of the province it is brought into, the destination, which the owner accounts for itself"
	withinProvinceReason         = "an owner's asset moved within one province of Canada is brought into no province: neither the GST nor the province's tax is due on the move"
)

// OutsideVATRule is the rule ID of a line taxed in a VAT special
// territory where no VAT that Levy computes applies (the Canary Islands,
// Ceuta, Melilla, Heligoland, Livigno, Campione d'Italia, Mount Athos,
// Guyane, Mayotte): one NONTAXABLE record, and an assisted parameter
// tax-not-computed that names the territory's own tax, if it has one.
const OutsideVATRule = "outside-vat-territory"

// sourceAreas is source before a territory without VAT is dealt with.
func (c *calc) sourceAreas(l *line) situs {
	dest := firstPlace(l.dest, l.adminDest)
	orig := firstPlace(l.origin, l.adminOrigin)
	if l.situs != "" {
		if p := l.placeOf(l.situs); p != nil {
			return situs{at: p, role: l.situs, ruleID: "situs-override", reason: "situs override of the request",
				interUS: dest != nil && orig != nil && dest.country == "US" && orig.country == "US" && dest.state() != orig.state()}
		}
	}
	switch {
	case dest == nil && orig == nil:
		return situs{}
	case dest == nil:
		return situs{at: orig, role: orig.role}
	case orig == nil:
		return situs{at: dest, role: dest.role}
	}
	if propertyClass(l.productClass) {
		return propertySitus(orig)
	}
	if c.d.mode == modeAccrue {
		// A business registered for VAT that acquires goods or services
		// from another member state self-assesses the VAT of its own
		// and deducts it (Articles 2(1)(b), 196 and 200 of the VAT
		// directive): a reverse charge, both input and output. Goods
		// acquired in Northern Ireland from a member state, or in a member
		// state from Northern Ireland, are acquisitions too from 2021 (NI
		// acquisition VAT, VAT Act 1994, Schedule 9ZA; windsor.go).
		if _, _, eu := intraEU(orig, dest, !serviceClass(l.productClass), c.d.date); eu && dest.vatArea() != orig.vatArea() {
			if st := c.placeOfSupply(l, orig, dest); st.reverse {
				return st
			}
		}
		// A business registered for VAT in a member state, the United
		// Kingdom, Switzerland, Liechtenstein or Norway, or for the
		// GST/HST in Canada, that buys services from abroad accounts for
		// its own country's VAT on them under a reverse charge, output
		// and input (importedServices); in Canada the GST/HST and the QST
		// only (reverses).
		if st, ok := c.importedServices(l, orig, dest); ok {
			return st
		}
		// A domestic reverse charge leaves the VAT of a listed supply
		// within one member state, or the United Kingdom, to the buyer
		// registered there (domesticrc.go).
		if dest.vatArea() == orig.vatArea() && dest.terrID == orig.terrID {
			if st, _, ok := c.domesticReverse(l, dest); ok {
				return st
			}
		}
		// Single-stage taxes (Malaysia's): the buyer accounts for a
		// tax whose accrual the dataset gives only as it says (on an
		// imported taxable service, or never).
		if st, ok := c.singleStageAccrual(l, orig, dest); ok {
			return st
		}
		// Consumer use tax falls where the goods are used; an owner's
		// asset moved within the area of a tax bears none of that tax
		// (movedWithin).
		if c.d.message == string(wire.OwnerAssetMovement) {
			if in := movedWithin(orig, dest); in != 0 {
				return situs{at: dest, role: dest.role, ruleID: "use-at-destination", within: in, reason: in.situsReason()}
			}
		}
		return situs{at: dest, role: dest.role, ruleID: "use-at-destination", reason: useAtDestinationReason,
			interUS:  dest.country == "US" && orig.country == "US" && dest.state() != orig.state(),
			inCanada: c.d.perspective == "BUYER" && orig.country == "CA" && dest.country == "CA"}
	}
	switch {
	case dest.country == "US" && orig.country == "US":
		if dest.state() == orig.state() {
			u := c.s.sourcing[orig.state()]
			switch {
			case u == nil || !u.anyOrig:
				return situs{at: dest, role: dest.role, ruleID: "us-destination-sourcing",
					reason: "a sale within a state that sources its sales to the destination is taxed where the customer receives the goods"}
			case u.allOrig:
				return situs{at: orig, role: orig.role, ruleID: "us-origin-sourcing", use: dest,
					reason: "a sale within " + orig.state() + " is sourced to the seller's location: " + u.note}
			}
			st := c.mixedSitus(orig, dest, u)
			st.use = dest
			return st
		}
		return situs{at: dest, role: dest.role, interUS: true, ruleID: "us-destination-sourcing",
			reason: "an interstate sale is sourced to the destination"}
	case orig.country == "US":
		st, ok := c.fromTheUS(l, orig, dest)
		if ok {
			return st
		}
		if c.d.selfAssess && dest.country != "CA" {
			// The buyer's side of services that a US vendor exports to
			// a business abroad: the buyer's own reverse charge, as its
			// accrual calculates it (Canada's, whose provincial taxes
			// an accrual alone tells apart, is left to the accrual).
			if rc, ok := c.importedServices(l, orig, dest); ok {
				return rc
			}
		}
		return situs{at: orig, role: orig.role, none: true, ruleID: "us-export",
			reason: "a sale delivered outside the United States bears no US sales tax", lowValue: st.lowValue, lowValueRule: st.lowValueRule}
	case dest.country == "US":
		if serviceClass(l.productClass) && !digitalClass(l.productClass) && !l.customer.business && !l.seller.hasRegIn("US") &&
			(supplierPlaced(orig, c.d.date) || consumerAbroad(l.productClass, orig, dest, c.d.date).rule != "") {
			if _, b2b := l.customer.vatNumber(); !b2b {
				// A service to a consumer from a member state (or a
				// territory of its own where its VAT applies, Åland),
				// or from the United Kingdom, by a seller not
				// registered in the United States, is no export: the
				// place-of-supply rules of the VAT Directive decide it
				// (article 45, or article 59 for consultancy and its
				// like), and those of the United Kingdom (VAT Act
				// 1994, section 7(10), or Schedule 4A paragraph 16)
				// and Switzerland the services they place where the
				// consumer lives (consumerAbroad); supplierPlaced.
				return c.placeOfSupply(l, orig, dest)
			}
		}
		if len(l.seller.regs) > 0 && !l.seller.hasRegIn("US") && c.s.hasTax(orig, c.d) {
			return situs{at: orig, role: orig.role, zero: true, ruleID: "export-zero-rated",
				reason: "goods exported from " + orig.country + " are zero-rated; the seller is not registered in the United States"}
		}
		return situs{at: dest, role: dest.role, ruleID: "us-destination-sourcing",
			reason: "a sale delivered into the United States is sourced to the destination"}
	case dest.vatArea() == orig.vatArea():
		if dest.terrID != orig.terrID {
			return c.regionalSupply(l, orig, dest)
		}
		return c.withDomesticReverse(l, dest, situs{at: dest, role: dest.role, ruleID: "domestic-supply",
			reason: "a supply within one VAT area between places of the same rates is taxed there, at the destination's rates"})
	}
	return c.placeOfSupply(l, orig, dest)
}

// fromTheUS decides the sales from the United States that the country
// of destination taxes although no US sales tax reaches them: electronic
// services to a consumer abroad, which the consumer's country taxes where
// the consumer lives whoever the supplier is (the EU's Article 58 and its
// non-Union scheme, the United Kingdom's, Canada's, Australia's and
// others' rules for non-resident digital suppliers), and goods that a
// seller registered in the country of import sells there (the United
// Kingdom's and the EU's low-value imports, Australia's). Everything else
// sent abroad is an export that bears no tax the seller charges (ok
// false): goods meet the import tax at the border, other services are
// not taxed by a US state once delivered abroad, and a business customer
// abroad accounts for its own country's tax.
func (c *calc) fromTheUS(l *line, orig, dest *place) (situs, bool) {
	pc := l.productClass
	_, b2b := l.customer.vatNumber()
	b2b = b2b || l.customer.business
	switch {
	case dest.country == "US" || !c.s.hasTax(dest, c.d):
		return situs{}, false
	case digitalClass(pc) && !b2b:
		return situs{at: dest, role: dest.role, ruleID: "digital-services-destination", oss: l.seller.nonUnionCovers(l, dest, c.d.date),
			reason: "electronic services to consumers are taxed where the consumer lives, also when the supplier is in the United States"}, true
	case !serviceClass(pc):
		return c.importDecided(l, dest, b2b)
	}
	return situs{}, false
}

// PropertyRule is the rule ID of a line of a class supplied where the
// property is (rules.ClassInfo.AtProperty, ACCOMMODATION): taxed at the
// seller's physical origin, whoever and wherever the customer is.
const PropertyRule = "property-location"

// propertySitus sources a line of a service connected with immovable
// property, hotel accommodation and its like, to the property: the line's
// seller's physicalOrigin (the line's own seller, else the document's),
// or its administrativeOrigin when the request gives no physical one;
// sourceAreas takes the destination only when the request gives no
// origin at all. A hotel sells from the property, so the customer's
// address, typically the guest's home or a business's seat, does not move
// the tax, and a business customer does not account for it under a
// reverse charge: the supplier charges the VAT of the property's country.
//
// The law behind it, country by country: the EU's VAT Directive, article
// 47 (services connected with immovable property, hotel accommodation
// named in it and Implementing Regulation 282/2011, article 31a(2)(i)),
// for businesses and consumers alike, where the general rule for a
// business customer (article 44) would have put it at the customer's
// seat under a reverse charge; the United Kingdom's VAT Act 1994, section
// 7A with Schedule 4A, paragraph 1 (land-related services, hotel
// accommodation included); Switzerland's MWSTG, article 8(2)(f) (services
// connected with immovable property, accommodation included); Norway's
// merverdiavgiftsloven section 6-22 (services to real property in Norway
// are not exported) and its reduced rate for room rental in Norway
// (section 5-5); Canada's Excise Tax Act, Schedule IX (a supply of real
// property, a hotel room's included, and a service in relation to it are
// made in the province where the property is situated, CRA Technical
// Information Bulletin B-103); Australia's GST Act, section 9-25 with
// section 38-190, item 2 (a supply directly connected with real property
// in Australia is not a GST-free supply to a non-resident). In the United States a room is sold, and its sales tax
// charged, where it is: a sale within the property's state (a sales tax,
// not a seller's use tax), wherever the guest lives. A situs override
// still wins (sourceAreas reads it first).
func propertySitus(orig *place) situs {
	return situs{at: orig, role: orig.role, ruleID: PropertyRule,
		reason: "accommodation and other services connected with immovable property are taxed where the property is, the seller's physical origin, " +
			"for business and consumer customers alike (VAT Directive, article 47, and its counterparts elsewhere); the customer's address does not move it"}
}

// regionalSupply decides which rates apply to a supply within one VAT area
// between places whose rates differ: mainland Portugal and Madeira or the
// Azores, Austria and Jungholz or Mittelberg, Guadeloupe and Martinique.
// The supply is made where the place-of-supply rules put it (Portugal's
// Decree-Law 347/85, article 1, refers to article 6 of its VAT Code;
// Austria's reduced rate is for supplies made in the two municipalities):
// goods where they are when their dispatch begins (the origin), services
// to a business where it is established, electronic services to a
// consumer where the consumer lives, other services to a consumer where
// the supplier is.
func (c *calc) regionalSupply(l *line, orig, dest *place) situs {
	pc := l.productClass
	_, b2b := l.customer.vatNumber()
	b2b = b2b || l.customer.business
	at, why := orig, "goods are supplied where their dispatch begins"
	switch {
	case serviceClass(pc) && b2b:
		at, why = dest, "services to a business are supplied where the business is established"
	case digitalClass(pc):
		at, why = dest, "electronic services to a consumer are supplied where the consumer lives"
	case serviceClass(pc):
		why = "services to a consumer are supplied where the supplier is established"
	}
	return situs{at: at, role: at.role, ruleID: "domestic-supply",
		reason: "a supply within " + orig.vatArea() + " between places of different VAT rates: " + why + ", so the rates of " + placeName(at) + " apply"}
}

// placeName names a place for a reason: its special territory's
// jurisdiction ID, or its country.
func placeName(p *place) string {
	if p.terrID != "" {
		return p.terrID
	}
	return p.country
}

// placeOfSupply applies the cross-border rules of VAT and GST: the EU's
// intra-community rules (reverse charge for businesses, goods to a
// business decided by its VAT numbers in euGoodsToBusiness, the distance
// selling threshold for consumers), exports zero-rated, and imports.
// Goods between Northern Ireland and a member state follow the EU's
// rules from 2021, Northern Ireland standing as the member state XI
// (intraEU, windsor.go); its services follow the United Kingdom's.
func (c *calc) placeOfSupply(l *line, orig, dest *place) situs {
	pc := l.productClass
	_, b2b := l.customer.vatNumber()
	b2b = b2b || l.customer.business
	if from, to, eu := intraEU(orig, dest, !serviceClass(pc), c.d.date); eu {
		// A business's registration in dest without a valid number will
		// do for services (any business status will) and for the buyer's
		// own accrual (a taxable person registered where the goods arrive
		// owes the acquisition VAT there, Articles 2(1)(b)(i) and 40,
		// whatever the seller did); a seller's exemption of goods needs
		// the number itself (euGoodsToBusiness).
		regDest := b2b && l.customer.hasRegIn(dest.country) && (serviceClass(pc) || c.d.mode == modeAccrue)
		switch {
		case l.customer.vatNumberOf(to) || regDest:
			return situs{at: dest, role: dest.role, reverse: true, ruleID: "eu-reverse-charge",
				reason: "intra-community supply to a business registered for VAT in " + stateName(to) + ": the customer accounts for the VAT"}
		case b2b && serviceClass(pc):
			return situs{at: dest, role: dest.role, reverse: true, ruleID: "eu-b2b-services",
				reason: "services to a business are supplied where the business is established; the customer accounts for the VAT"}
		case serviceClass(pc) && !digitalClass(pc):
			return situs{at: orig, role: orig.role, ruleID: "eu-b2c-services", reason: "services to consumers are supplied where the supplier is established"}
		case digitalClass(pc) && c.d.date.Before(eServicesAtConsumerFrom):
			return situs{at: orig, role: orig.role, ruleID: "eu-b2c-services",
				reason: "before 2015 electronic services to consumers were supplied where a supplier established in a member state is established (VAT Directive, article 45; article 58 reached suppliers outside the Community only)"}
		case !serviceClass(pc) && b2b:
			return c.euGoodsToBusiness(l, orig, dest, from, to)
		}
		if l.seller.unionCovers(l, c.d.date) {
			return situs{at: dest, role: dest.role, ruleID: "eu-b2c-destination", oss: true,
				reason: "distance sales and electronic services to consumers are taxed in the customer's member state; the seller declares that VAT through the Union scheme (OSS)"}
		}
		why, below := c.belowDistanceThreshold(l, to)
		rule := DistanceAboveRule
		switch {
		case below:
			return situs{at: orig, role: orig.role, ruleID: "eu-distance-threshold", distance: why, distanceRule: DistanceWithinRule,
				reason: why + ": the VAT of the seller's member state applies"}
		case why == "":
			why, rule = "the seller's EU distance sales are not known (no journal, no figure in the tenant's policy): taken to be above the threshold", DistanceUnknownRule
		}
		return situs{at: dest, role: dest.role, ruleID: "eu-b2c-destination", distance: why, distanceRule: rule,
			reason: "distance sales and electronic services to consumers are taxed in the customer's member state: " + why}
	}
	// One side is outside the other's tax territory.
	switch {
	case !serviceClass(pc):
		return c.importGoods(l, orig, dest, b2b)
	case b2b:
		return situs{at: dest, role: dest.role, reverse: true, ruleID: "b2b-services-abroad",
			reason: "services to a business abroad: the customer accounts for any tax where it is established"}
	}
	// A service the supplier's country supplies where the consumer lives
	// (consumerAbroad) bears none of its VAT; one record says so. An
	// electronic service is so only for a place without a VAT or GST
	// that Levy computes (Åland written AX, Hong Kong): elsewhere it is
	// taxed where the consumer lives, and a special territory without VAT
	// keeps its own record (OutsideVATRule), which names its local tax.
	out := consumerAbroad(pc, orig, dest, c.d.date)
	if digitalClass(pc) && (out.rule == "" || c.s.hasTax(dest, c.d) || dest.outsideVAT()) {
		return situs{at: dest, role: dest.role, ruleID: "digital-services-destination", oss: l.seller.nonUnionCovers(l, dest, c.d.date),
			reason: "electronic services to consumers are taxed where the consumer lives"}
	}
	if out.rule != "" {
		return situs{at: orig, role: orig.role, none: true, ruleID: out.rule, reason: out.reason}
	}
	return situs{at: orig, role: orig.role, ruleID: "services-origin", reason: "services to consumers are taxed where the supplier is established"}
}

// eServicesAtConsumerFrom is the day from which electronically supplied
// services (and telecommunication and broadcasting services) from a
// supplier established in a member state to a consumer in another one
// are supplied where the consumer lives: Council Directive 2008/8/EC,
// article 5, amended article 58 of the VAT Directive to that effect
// from 2015-01-01, with the mini one stop shop. Before, article 58 put
// only a supplier established outside the Community's such services at
// the consumer, and one established in a member state supplied them
// where it was established (article 45), as any other service.
var eServicesAtConsumerFrom = civil.Date{Year: 2015, Month: 1, Day: 1}

// ukConsumersAbroadFrom is the day from which the United Kingdom supplies
// the services of Schedule 4A, paragraph 16 of the VAT Act 1994 where
// the consumer belongs for every consumer belonging outside it, those in
// the EU's member states included (the Taxation (Cross-border Trade) Act
// 2018 and the Value Added Tax (Amendment) (EU Exit) Regulations,
// from the end of the transition period). Before, the United Kingdom was
// in the EU's VAT area and article 59 of the VAT Directive decided them.
var ukConsumersAbroadFrom = civil.MustParse("2021-01-01")

// outsideScope is what consumerAbroad says of a service: the rule ID of
// its NONTAXABLE record and the reason; "" rule when the supplier's
// country taxes it.
type outsideScope struct{ rule, reason string }

// consumerAbroad decides whether a service of class pc, supplied to a
// consumer at dest by a supplier at orig in another VAT area, is supplied
// where the consumer lives under the law of the supplier's country, so
// that none of that country's VAT is due:
//
//   - from a member state to a consumer outside the EU's VAT area (but
//     not in a territory of its own where its VAT applies, ownTerritory),
//     consultancy, legal, accounting and similar services (article 59(c)
//     of the VAT Directive, customerPlaceClass), and electronic services
//     (article 58) to a place that levies no VAT or GST;
//   - from the United Kingdom, from 2021-01-01, to a consumer belonging
//     outside it, in the EU or elsewhere, the same classes (VAT Act 1994,
//     Schedule 4A, paragraph 16: services of consultants, lawyers,
//     accountants and the like, and electronically supplied services);
//     the Isle of Man is in its VAT area;
//   - from Switzerland or Liechtenstein (one VAT area) to a consumer
//     abroad, the services of its general rule (MWSTG, article 8(1): the
//     place of the recipient's seat or domicile, for businesses and
//     consumers alike), of which Levy's classes are consultancy
//     (PROFESSIONAL_SERVICES), repairs of goods (REPAIR_SERVICES) and
//     electronic services; personal care is supplied where the supplier
//     is (article 8(2)(a)), accommodation where the property is (8(2)(f),
//     propertySitus), and SERVICES may be of a kind article 8(2) places
//     elsewhere (events, 8(2)(c)), so keeps the supplier's VAT.
//
// Electronic services to a place with a VAT or GST are taxed there
// (digital-services-destination); placeOfSupply asks about them only for
// a place without one.
func consumerAbroad(pc string, orig, dest *place, d civil.Date) outsideScope {
	if orig.vatArea() == dest.vatArea() {
		return outsideScope{}
	}
	digital := digitalClass(pc)
	switch {
	case memberStateServices(orig, d) && !dest.euVAT(d) && !ownTerritory(orig, dest):
		switch {
		case customerPlaceClass(pc):
			return outsideScope{EUServicesOutsideRule, "consultancy, legal, accounting and similar services to a consumer outside the EU's VAT area are supplied where the consumer lives (VAT Directive, article 59(c)): outside the scope of " +
				stateVAT(orig.country)}
		case digital:
			return outsideScope{EUServicesOutsideRule, "electronic services to a consumer outside the EU's VAT area are supplied where the consumer lives (VAT Directive, article 58), " +
				placeName(dest) + ", which levies no VAT that Levy computes: outside the scope of " + stateVAT(orig.country)}
		}
	case orig.vatArea() == "GB" && !d.Before(ukConsumersAbroadFrom) && (customerPlaceClass(pc) || digital):
		return outsideScope{UKServicesOutsideRule, "consultancy, legal, accounting and similar services, and electronically supplied services, to a consumer belonging outside the United Kingdom are supplied where the consumer belongs " +
			"(VAT Act 1994, Schedule 4A, paragraph 16): outside the scope of UK VAT"}
	case orig.vatArea() == "CH" && (pc == rules.ProfessionalServ || pc == rules.RepairServices || digital):
		return outsideScope{CHServicesAbroadRule, "services under the general rule of Switzerland's VAT Act are supplied where the recipient has its seat or lives, for consumers too (MWSTG, article 8(1)): " +
			"to a consumer abroad, outside the scope of Swiss VAT"}
	}
	return outsideScope{}
}

// memberStateServices reports whether a supplier at p supplies services
// under the VAT of a member state on d: p is in the EU's VAT area, or in a
// territory of a member state where that state's VAT applies
// (jurisdiction.OwnVAT: Åland, Guadeloupe). Such a territory is outside
// the EU's VAT area for goods only; its state's law places the services
// supplied from it as from within the state (ownTerritory), so that
// consultancy from Mariehamn to a consumer in Zurich is supplied where
// the consumer lives (article 59(c), which Finland's VAT Act applies in
// Åland too), as from Helsinki.
func memberStateServices(p *place, d civil.Date) bool {
	return p.euVAT(d) || (p.terrID != "" && p.terr.Kind == jurisdiction.OwnVAT && jurisdiction.EUMember(p.country, d))
}

// supplierPlaced reports whether the law of the supplier's place at p on
// d puts a service to a consumer abroad, by its general rule, where the
// supplier belongs: a member state's (VAT Directive, article 45;
// memberStateServices) and, from 2021-01-01, the United Kingdom's (VAT
// Act 1994, section 7(10)), with the exceptions that consumerAbroad
// applies. A service to a consumer in the United States from there is no
// export of goods. Switzerland's general rule places services where the
// recipient lives (MWSTG, article 8(1)); consumerAbroad names the
// classes for which Levy applies it.
func supplierPlaced(p *place, d civil.Date) bool {
	return memberStateServices(p, d) || p.vatArea() == "GB"
}

// ownTerritory reports whether dest lies in a VAT special territory of
// orig's own country where that country's VAT applies at the
// territory's rates (jurisdiction.OwnVAT: Åland, Guadeloupe). Outside the
// EU's VAT area for goods, such a territory is no third territory for its
// country's services: the country's law places them as within it, and
// the place decides only which rates apply (France's General Tax Code,
// articles 259 to 259 D, BOI-TVA-GEO-20-40; Finland's VAT Act, whose tax
// border with Åland is for goods).
func ownTerritory(orig, dest *place) bool {
	return dest.terrID != "" && dest.terr.Kind == jurisdiction.OwnVAT && dest.country == orig.country
}

// Rule IDs of services that the United Kingdom's and Switzerland's VAT
// supply where a consumer abroad lives (consumerAbroad): one NONTAXABLE
// record of the supplier's country.
const (
	// UKServicesOutsideRule: VAT Act 1994, Schedule 4A, paragraph 16,
	// from 2021-01-01.
	UKServicesOutsideRule = "uk-services-outside-uk"
	// CHServicesAbroadRule: MWSTG, article 8(1) (Liechtenstein's VAT Act
	// has the same article).
	CHServicesAbroadRule = "ch-services-recipient-abroad"
)

// importedServices returns the reverse charge of a service that a
// business registered where it is delivered (registeredForImportedServices)
// buys from a supplier in another VAT area, under the law that
// importedServicesLaw names there, as placeOfSupply places it at dest; ok
// is false when none applies.
func (c *calc) importedServices(l *line, orig, dest *place) (st situs, ok bool) {
	if !serviceClass(l.productClass) || dest.vatArea() == orig.vatArea() || !l.customer.registeredForImportedServices(dest) {
		return situs{}, false
	}
	law := importedServicesLaw(dest.country)
	if law == "" && dest.euVAT(c.d.date) && !memberStateServices(orig, c.d.date) {
		// Services of a supplier outside the member states (the
		// United States, Switzerland) that a business in a member state
		// receives are supplied where it is established, and it owes
		// the VAT.
		law = "VAT Directive, articles 44 and 196: services received from a supplier not established in the member state"
	}
	if law == "" {
		return situs{}, false
	}
	if st = c.placeOfSupply(l, orig, dest); st.reverse && st.at == dest {
		st.reason += " (" + law + ")"
		return st, true
	}
	return situs{}, false
}

// importedServicesLaw names the law under which a business registered
// for VAT in country accounts for the VAT on services it buys from a
// supplier abroad, by a reverse charge that it declares as output tax
// and deducts as input tax; "" for the countries where Levy does not
// apply one, and for the member states, whose law importedServices
// names.
func importedServicesLaw(country string) string {
	switch country {
	case "GB":
		return "VAT Act 1994, section 8: services received from abroad"
	case "CH":
		return "MWSTG, article 45(1)(a): the acquisition tax (Bezugsteuer) on services of suppliers abroad"
	case "LI":
		return "MWSTG of Liechtenstein, article 45(1)(a): the acquisition tax on services of suppliers abroad"
	case "NO":
		return "merverdiavgiftsloven section 11-1, second paragraph: services acquired from abroad by a registered business"
	case "CA":
		return "Excise Tax Act, Part IX, Division IV, s. 217 and s. 218, and s. 218.1 for a participating province's part: " +
			"an imported taxable supply is self-assessed only when not for consumption, use or supply exclusively in commercial activities, " +
			"and the Act respecting the Québec sales tax likewise for the QST; a GST/HST registrant's business use nets to nothing"
	}
	return ""
}

// registeredForImportedServices reports whether the party, the buyer of
// a service from abroad delivered at pl, is registered for the tax that
// importedServicesLaw reverse charges there: in Canada the GST/HST, by a
// registration of the country that names no imposition type or names the
// GST or the HST (a registration for a province's PST alone, which the
// Canada Revenue Agency does not give, is none); elsewhere any
// registration of the VAT area (registeredInArea).
func (p *party) registeredForImportedServices(pl *place) bool {
	if pl.country != "CA" {
		return p.registeredInArea(pl)
	}
	for _, r := range p.regs {
		if r.country == "CA" && !r.scheme() &&
			(r.imposition == "" || namesImposition(r.imposition, jurisdiction.GST) || namesImposition(r.imposition, jurisdiction.HST)) {
			return true
		}
	}
	return false
}

// reverses reports whether the reverse charge of situs st reaches imp:
// every tax of the place but, on the buyer's own accrual (accrue) in
// Canada, the provinces' own sales taxes outside the QST. British
// Columbia's, Saskatchewan's and Manitoba's PST on a service or software
// bought from abroad is a cost the buyer self-assesses with no input tax
// credit (Provincial Sales Tax Act of British Columbia; The
// Provincial Sales Tax Act of Saskatchewan; The Retail Sales Tax Act of
// Manitoba): a plain use tax. A seller abroad charges none of them
// either way.
func (st *situs) reverses(imp jurisdiction.Tax, accrue bool) bool {
	return st.reverse && !(accrue && st.at.country == "CA" && provincialTax("CA", imp) && imp != jurisdiction.QST)
}

// EUServicesOutsideRule is the rule ID of a line of a service that
// article 59 of the VAT Directive supplies where the consumer lives when
// the consumer lives outside the EU's VAT area (customerPlaceClass), or
// an electronic service that article 58 supplies where the consumer lives
// in a place without VAT (consumerAbroad): the supplier, in a member
// state, charges none of its VAT; one NONTAXABLE record of the
// supplier's state says why.
const EUServicesOutsideRule = "eu-services-outside-union"

// importDecided decides imported goods where the country of arrival
// decides them: its low-value limit (lowValue), else the seller's
// registration there, under which it charges that country's tax. done is
// false when neither does; st then carries what the limit's check said.
// importGoods and fromTheUS share it.
//
// Into the EU's VAT area the seller's registration in the member state
// of arrival is not enough: goods dispatched from outside it (a third
// country, or a territory outside the EU's VAT area such as the Canary
// Islands, VAT Directive article 6) are supplied where their dispatch
// begins, outside the VAT area, and the import VAT is collected at the
// border from the importer (articles 30, 32 first paragraph, 201); the
// supply is in the member state of importation only when the supplier is
// the importer, the person liable for the import VAT (article 32 second
// paragraph), which the line says with the delivery term DDP, delivered
// duty paid (sellerImports). Goods sent from Las Palmas to Madrid by a
// seller registered in Spain are so imported by the customer unless the
// seller delivers them duty paid (Spain's Ley 37/1992 del IVA, articles
// 3 and 18: the Canary Islands are a third territory, and goods entering
// the territory where the tax applies from them are imported; article 68
// places the supply of goods dispatched from outside that territory in
// it when the supplier is liable for the import VAT).
//
// The United Kingdom from 2021-01-01, Australia and Norway have the same
// rule of the importer (importerLaw): where their low-value limit does
// not decide the line (above it; a Norwegian business, which VOEC does
// not cover; Australia before 2018-07-01 and Norway before 2020-04-01),
// a seller registered there charges their tax only when it imports the
// goods, DDP, and otherwise the goods bear the import tax at the border
// (import-at-border, or an export of the country of dispatch). When the
// limit could not be weighed for want of a conversion
// (LowValueUnconvertedRule), the line is decided as before the limits: a
// registered seller charges. Other countries (Switzerland, Canada, New
// Zealand before its limit) keep Levy's rule that a seller registered
// there charges their tax on goods it sells into them; importerLaw says
// why.
func (c *calc) importDecided(l *line, dest *place, b2b bool) (st situs, done bool) {
	st, done = c.lowValue(l, dest, b2b)
	if done {
		return st, true
	}
	if !l.seller.registeredInArea(dest) {
		return st, false
	}
	if !dest.euVAT(c.d.date) {
		law := importerLaw(dest.country)
		switch {
		case law != "" && c.sellerImports(l):
			return situs{at: dest, role: dest.role, ruleID: "import-registered-seller", lowValue: st.lowValue, lowValueRule: st.lowValueRule,
				reason: "the seller imports the goods (deliveryTerm DDP) and is registered in " + dest.country + ": its supply is made there and it charges its tax (" + law + ")"}, true
		case law != "" && st.lowValueRule != LowValueUnconvertedRule:
			return st, false
		}
		return situs{at: dest, role: dest.role, ruleID: "import-registered-seller", lowValue: st.lowValue, lowValueRule: st.lowValueRule,
			reason: "the seller is registered in the country of import and charges its tax"}, true
	}
	if c.sellerImports(l) {
		return situs{at: dest, role: dest.role, ruleID: "import-registered-seller", lowValue: st.lowValue, lowValueRule: st.lowValueRule,
			reason: "the seller imports the goods (deliveryTerm DDP) and is registered in the member state of importation: its supply is made there and it charges that state's VAT (VAT Directive, article 32, second paragraph)"}, true
	}
	return st, false
}

// sellerImports reports whether the seller of line l imports its goods,
// as the person liable for the import VAT: the line's delivery term,
// else the document's, is DDP (delivered duty paid, Incoterms 2020: the
// seller clears the goods for import and pays the duties and taxes).
func (c *calc) sellerImports(l *line) bool {
	return deliveryTerm(c, l) == wire.DeliveryTermDDP
}

// deliveryTerm is the delivery term of line l: its own (lineItems[].
// deliveryTerm), else the document's.
func deliveryTerm(c *calc, l *line) wire.DeliveryTerm {
	if l.in != nil && l.in.det != nil && l.in.det.DeliveryTerm != "" {
		return l.in.det.DeliveryTerm
	}
	switch {
	case c.req.sale != nil:
		return c.req.sale.DeliveryTerm
	case c.req.purchase != nil:
		return c.req.purchase.DeliveryTerm
	case c.req.owner != nil:
		return c.req.owner.DeliveryTerm
	}
	return ""
}

// importActs is the actsWhen of a delivery term: a line of goods
// imported by a seller registered in the country of arrival, into the
// EU's VAT area from outside it, or into a country with a rule of the
// importer (importerLaw: the United Kingdom from 2021, Australia, Norway)
// from outside its VAT area, where the term says whether the seller
// imports them (importDecided); a buyer's accrual does not read it. Into
// the latter countries it is counted as acting on any such line, though
// within a low-value limit the limit decides without it.
func importActs(c *calc, l *line) bool {
	orig, dest := firstPlace(l.origin, l.adminOrigin), firstPlace(l.dest, l.adminDest)
	if c.d.mode == modeAccrue || orig == nil || dest == nil || serviceClass(l.productClass) || orig.vatArea() == dest.vatArea() ||
		!l.seller.registeredInArea(dest) {
		return false
	}
	d := c.d.date
	if dest.euVAT(d) {
		return !orig.euVAT(d)
	}
	_, _, eu := intraEU(orig, dest, true, d)
	return !eu && importerLaw(dest.country) != ""
}

// importGoods decides goods that leave one VAT area for another outside
// the EU's intra-community rules: within the low-value import limit of
// the country of arrival (lowValue), a registered seller charges its tax
// at sale, and above it the goods meet the import tax at the border
// (import-at-border, at the destination, for the seller registered
// there: no zero-rated export record of the country of dispatch, as none
// was made for it before). Where no limit decides, a seller registered in
// the country of import charges its tax on goods of any value, as Levy
// did before it knew the limits, and any other seller's goods leaving a
// country with a VAT are zero-rated exports, else meet the tax at the
// border.
func (c *calc) importGoods(l *line, orig, dest *place, b2b bool) situs {
	st, done := c.importDecided(l, dest, b2b)
	if done {
		return st
	}
	if c.s.hasTax(orig, c.d) {
		return situs{at: orig, role: orig.role, zero: true, ruleID: "export-zero-rated", lowValue: st.lowValue, lowValueRule: st.lowValueRule,
			reason: "goods exported from " + placeName(orig) + " are zero-rated" + importNote(dest)}
	}
	return situs{at: dest, role: dest.role, none: true, ruleID: "import-at-border", lowValue: st.lowValue, lowValueRule: st.lowValueRule,
		reason: "import tax on goods is collected at the border, not by the seller"}
}

// Rule IDs of the intra-EU supplies of goods to a business that are not
// the exempt intra-community supply of eu-reverse-charge.
const (
	// EUDepartureNumberRule: the customer's only VAT number is of the
	// member state the goods leave; the seller charges that state's VAT.
	EUDepartureNumberRule = "eu-departure-vat-number"
	// EUBusinessNoNumberRule: the customer is a business that gave no
	// VAT number of a member state; the seller charges the VAT of the
	// state the goods leave.
	EUBusinessNoNumberRule = "eu-b2b-goods-no-vat-number"
)

// euGoodsToBusiness decides a supply of goods dispatched from one member
// state (orig, in state from) to another (dest, in state to) for a
// business customer that holds no valid VAT number of to (placeOfSupply
// has dealt with that case). Northern Ireland is the state XI from 2021
// (windsor.go), whose traders' numbers carry that prefix. A
// registration in dest without a valid number counts for nothing here:
// the customer gave the seller no number to exempt the supply with.
//
// Article 138(1) of the VAT directive exempts such a supply where the
// customer is a taxable person identified for VAT in a member state other
// than the one where the dispatch begins; since Directive (EU) 2018/1910
// (from 2020-01-01) it says so in terms, and paragraph (1)(b) makes the
// customer's communicating that number to the seller a condition. So:
//
//   - a valid number of any member state but the departure state (a German
//     number for goods sent from the Netherlands to France) makes the supply
//     an exempt intra-community supply, and the customer accounts for the
//     acquisition where the goods arrive (Article 40; Article 41 adds the
//     state of the number as a fallback when the customer cannot show it
//     was taxed there, which the customer, not the seller, answers for):
//     eu-reverse-charge at dest, as for a number of dest;
//   - a number of the departure state alone does not meet the condition:
//     the supply is not exempt and is taxed where the goods are when the
//     dispatch begins (Article 32), the seller's own VAT
//     (EUDepartureNumberRule);
//   - a business with no member-state number at all (the business
//     indicator, or only a number of a country outside the EU) is not a
//     party to a distance sale, which Article 14(4) limits to supplies to
//     persons who are not taxable (or whose acquisitions are not taxed), so
//     neither the Union scheme nor the distance threshold applies; without
//     the number the exemption is not available either, so the supply is
//     taxed where the dispatch begins (Article 32), as in the case above
//     (EUBusinessNoNumberRule).
//
// Before 2020 the directive did not spell the number out as a condition,
// though the member states and the Court's case law (Teleos, Collée,
// VSTR) treated it as the ordinary evidence that the customer is a
// taxable person acting as such in another member state. The number is
// the only such evidence a request carries, so Levy applies the same rule
// on every date.
//
// A number counts when its syntax is valid and no validator refused it
// (registration.syntaxValid). Greece's numbers may come under the prefix
// EL and Northern Ireland's under XI: see jurisdiction.EUNumberState.
func (c *calc) euGoodsToBusiness(l *line, orig, dest *place, from, to string) situs {
	other, departure := "", false
	for _, r := range l.customer.regs {
		if r.number == "" || !r.syntaxValid {
			continue
		}
		country := r.country
		if r.northernIreland {
			country = "XI"
		}
		state, ok := jurisdiction.EUNumberState(country, c.d.date)
		switch {
		case !ok:
		case state == from:
			departure = true
		case state == to, other == "":
			other = state // a number of to first, else the first
		}
	}
	switch {
	case other == to:
		return situs{at: dest, role: dest.role, reverse: true, ruleID: "eu-reverse-charge",
			reason: "intra-community supply to a business registered for VAT in " + stateName(to) + ": the customer accounts for the VAT"}
	case other != "":
		return situs{at: dest, role: dest.role, reverse: true, ruleID: "eu-reverse-charge",
			reason: "intra-community supply to a business identified for VAT in " + stateName(other) + " (not in " + stateName(to) +
				", where the goods arrive): exempt in " + stateName(from) + "; the customer accounts for the acquisition in " + stateName(to)}
	case departure:
		return situs{at: orig, role: orig.role, ruleID: EUDepartureNumberRule,
			reason: "the customer's only VAT number is of " + stateName(from) + ", where the goods are dispatched from: not an exempt intra-community supply; " +
				stateVAT(from) + " applies"}
	}
	return situs{at: orig, role: orig.role, ruleID: EUBusinessNoNumberRule,
		reason: "goods to a business that gave no VAT number of a member state: not a distance sale (those are to consumers) and not an exempt intra-community supply; " +
			stateVAT(from) + ", where the goods are dispatched from, applies"}
}

// importNote is what a reason adds of the tax due on goods that arrive
// at a VAT special territory outside the EU's VAT area: its VAT, or its own
// tax that Levy does not compute, is collected at the border.
func importNote(dest *place) string {
	if dest.terrID == "" || dest.terr.EU() {
		return ""
	}
	name := dest.chain[0].Value + " (" + dest.terrID + ")"
	switch {
	case dest.terr.Kind == jurisdiction.OwnVAT:
		return "; " + name + " is outside the EU's VAT area and collects its own VAT on the import at the border"
	case dest.terr.LocalTax != "":
		return "; " + name + " is outside the EU's VAT area: " + dest.terr.LocalTax + " is due on the import, not computed by Levy"
	}
	return "; " + name + " is outside the EU's VAT area"
}

// registeredInArea reports whether the party is registered in the VAT area
// of place p: in its country, or, for a VAT special territory outside the
// EU's VAT area, under a registration that names the territory (its
// jurisdictionId or mainDivision): a registration for France's VAT in
// metropolitan France does not make a seller established in Martinique.
func (p *party) registeredInArea(pl *place) bool {
	if pl.terrID == "" || pl.terr.EU() {
		return p.registeredIn(pl.country)
	}
	for _, r := range p.regs {
		if !r.scheme() && r.country == pl.country && (r.jurisdictionID == pl.terrID || r.mainDivision == pl.terrID) {
			return true
		}
	}
	return false
}

// hasTax reports whether the place's country levies a VAT or GST on d:
// none does in a VAT special territory without VAT (place.outsideVAT).
func (s *snapshot) hasTax(p *place, d *doc) bool {
	if p.outsideVAT() {
		return false
	}
	for _, j := range p.chain {
		if s.hasRatesOn(j.JurisdictionID, d.date) {
			return true
		}
	}
	return false
}

// placeOf returns the line's place for a location role.
func (l *line) placeOf(r wire.LocationRole) *place {
	switch r {
	case wire.Destination:
		return l.dest
	case wire.AdministrativeDestination:
		return l.adminDest
	case wire.PhysicalOrigin:
		return l.origin
	case wire.AdministrativeOrigin:
		return l.adminOrigin
	}
	return nil
}

func firstPlace(ps ...*place) *place {
	for _, p := range ps {
		if p != nil {
			return p
		}
	}
	return nil
}

// unionCovers reports whether the party's registration for the EU's
// Union scheme (the one stop shop) covers line l, a sale to a consumer in
// another member state, on d: electronic, telecommunication and
// broadcasting services (the mini one stop shop from 2015-01-01, when
// they became the consumer's member state's: eServicesAtConsumerFrom), and from 2021-07-01 the intra-Community distance sales of
// goods and services of every kind (VAT Directive, articles 369a and
// 369b as amended by Council Directive (EU) 2017/2455; ecommerceFrom).
// Before, a distance sale of goods was declared in the member state of
// arrival under the distance-selling thresholds, with a registration
// there.
func (p *party) unionCovers(l *line, d civil.Date) bool {
	if !digitalClass(l.productClass) && d.Before(ecommerceFrom) {
		return false
	}
	for _, r := range p.regs {
		if r.union {
			return true
		}
	}
	return false
}

// unionIn reports whether the party is registered for the Union scheme
// in a member state other than pl's country: a service whose place of
// supply is in a member state where the seller is not established is
// the scheme's, while the member state of identification is the
// seller's own (its sales there are declared in its ordinary return).
func (p *party) unionIn(pl *place) bool {
	for _, r := range p.regs {
		if r.union && r.country != pl.country {
			return true
		}
	}
	return false
}

// schemeReaches reports whether one of the EU's special schemes, which
// a situs at p uses (situs.oss), declares the VAT of jurisdiction j on
// d: the country's, or that of the special territory p lies in when the
// territory is inside the EU's VAT area, where the scheme charges the
// territory's regional rates as the member state's VAT (Madeira and the
// Azores, Código do IVA article 18(3); Jungholz and Mittelberg). A
// territory outside the VAT area is no scheme's (place.euVAT).
func schemeReaches(p *place, j *wire.Jurisdiction, d civil.Date) bool {
	switch j.JurisdictionType.String() {
	case "COUNTRY":
		return true
	case "TERRITORY":
		return p.terrID != "" && j.JurisdictionID == p.terrID && p.euVAT(d)
	}
	return false
}

// nonUnionCovers reports whether the party is registered for the EU's
// non-Union scheme and the scheme covers line l, a service to a consumer
// taxed at pl, on d: pl is in the EU's VAT area, and the service is an
// electronic, telecommunication or broadcasting one, or, from 2021-07-01,
// any service (VAT Directive, article 358a(1) and article 359 as amended
// by Council Directive (EU) 2017/2455, https://eur-lex.europa.eu/eli/dir/2017/2455/oj;
// ecommerceFrom). The seller, established outside the EU, then declares
// that member state's VAT through the scheme, with no registration there.
// Before 2021-07-01 the scheme was the non-Union mini one stop shop,
// whose services were the electronic, telecommunication and broadcasting
// ones (article 358 as in force from 2015-01-01).
func (p *party) nonUnionCovers(l *line, pl *place, d civil.Date) bool {
	if !pl.euVAT(d) || !serviceClass(l.productClass) || !digitalClass(l.productClass) && d.Before(ecommerceFrom) {
		return false
	}
	for _, r := range p.regs {
		if r.nonUnion {
			return true
		}
	}
	return false
}

// schemeServices adds to st, the situs of line l, that the seller's
// registration for one of the EU's schemes covers the VAT of a service
// to a consumer taxed in a member state, where sourcing did not say so
// already (the electronic services at the consumer's place, which
// placeOfSupply and fromTheUS decide): from 2021-07-01 the non-Union
// scheme covers every service to a consumer whose place of supply is in
// a member state, and the Union scheme every such service supplied in a
// member state where the seller is not established (nonUnionCovers,
// unionIn). The services of Levy's classes that sourcing taxes in a
// member state other than the seller's are those at the property
// (accommodation, article 47), so the Union scheme covers those, and the
// non-Union scheme any service taxed in the EU. A sale to a business, a
// reverse charge and a line without VAT are left as they are.
func (c *calc) schemeServices(l *line, st situs) situs {
	if st.at == nil || st.oss || st.reverse || st.none || st.zero || !serviceClass(l.productClass) || c.d.mode == modeAccrue {
		return st
	}
	if _, b2b := l.customer.vatNumber(); b2b || l.customer.business {
		return st
	}
	d := c.d.date
	switch {
	case l.seller.nonUnionCovers(l, st.at, d):
		st.oss = true
	case st.ruleID == PropertyRule && !d.Before(ecommerceFrom) && st.at.euVAT(d) && l.seller.unionIn(st.at):
		st.oss = true
	}
	return st
}

// hasRegIn reports whether the party has any registration in country,
// other than one for a special scheme of the EU (registration.scheme).
func (p *party) hasRegIn(country string) bool {
	for _, r := range p.regs {
		if r.country == country && !r.scheme() {
			return true
		}
	}
	return false
}

// scheme reports whether r is a registration for one of the EU's special
// schemes (taxRegistrationType "Union Scheme", "Non-Union Scheme" or
// "Import One Stop Shop"), not a registration for VAT in its country. The
// member state it names is the member state of identification, where
// the seller declares the VAT of the sales the scheme covers, whichever
// member state's VAT that is; it does not register the seller for that
// state's VAT on its other sales:
//
//   - the Union scheme (VAT Directive 2006/112/EC, articles 369a to 369k)
//     covers intra-Community distance sales of goods and services to
//     consumers in member states where the seller is not established
//     (electronic, telecommunication and broadcasting services alone
//     before 2021-07-01); a sale within the member state of
//     identification, or any sale to a business, is declared in the
//     ordinary return of a registration there;
//   - the non-Union scheme (articles 358 to 369) covers services to
//     consumers by a seller established outside the EU (nonUnionCovers);
//   - the Import One Stop Shop (articles 369l to 369x) covers distance
//     sales, to consumers, of goods imported in consignments of EUR 150 or
//     less (lowValue); a sale of goods to a business, or of services, is
//     not one of them.
//
// Sources: the VAT Directive as amended by Council Directives (EU)
// 2017/2455 and 2019/1995, which gave the schemes their present scope from
// 2021-07-01 (Council Decision (EU) 2020/1109),
// https://eur-lex.europa.eu/eli/dir/2006/112/oj; the European Commission's
// Explanatory Notes on VAT e-commerce rules (DG TAXUD, September 2020),
// chapters 4 (the Union and non-Union schemes) and 5 (IOSS).
func (r *registration) scheme() bool { return r.union || r.ioss || r.nonUnion }

// registeredIn reports whether the party is registered in country: only
// when it lists registrations at all.
func (p *party) registeredIn(country string) bool { return len(p.regs) > 0 && p.hasRegIn(country) }

// nexus reports whether the seller must charge tax imp of the
// jurisdiction of type jType in place pl's chain. By default a seller is registered
// everywhere; a seller that lists registrations has nexus only where one
// covers the jurisdiction (see registration.covers), or where a nexus
// override of the situs role grants it at the jurisdiction's level.
func (p *party) nexus(pl *place, jType string, imp jurisdiction.Tax, role wire.LocationRole) bool {
	if p.noNexus {
		return false
	}
	if len(p.regs) == 0 {
		return true
	}
	level := jType
	if harmonized(pl.country, imp) {
		// The HST is the GST at the harmonized rate: one registration.
		level = "COUNTRY"
	}
	for i := range p.regs {
		r := &p.regs[i]
		if r.country != pl.country || r.scheme() {
			// A special scheme's registration gives no nexus in its
			// country: the sales the scheme covers are charged under it
			// (situs.oss), the others need a registration of the country.
			continue
		}
		if r.covers(pl, level, imp) {
			return true
		}
		for _, o := range r.overrides {
			if o.LocationRole != "" && o.LocationRole != role {
				continue
			}
			if level == "COUNTRY" && o.Country {
				return true
			}
			switch jType {
			case "COUNTRY":
				if o.Country {
					return true
				}
			case "STATE", "PROVINCE", "TERRITORY":
				if o.MainDivision {
					return true
				}
			case "COUNTY", "PARISH", "BOROUGH":
				if o.SubDivision {
					return true
				}
			case "CITY", "TOWNSHIP":
				if o.City {
					return true
				}
			default:
				if o.District {
					return true
				}
			}
		}
	}
	return false
}

// covers reports whether registration r, of the place's country, covers
// tax imp of the jurisdiction at level (its type, or COUNTRY for a tax
// charged under the country's registration) of place pl. A registration
// in the country alone (no mainDivision) covers every level, one in a
// main division that division's levels and the country's; a
// jurisdictionId narrows either to the places whose chain holds it. The
// provincial sales taxes of Canada (provincialTax) are the exception: only
// a registration that names the province covers them.
func (r *registration) covers(pl *place, level string, imp jurisdiction.Tax) bool {
	if r.imposition != "" && separatelyRegistered(pl.country, imp) && !namesImposition(r.imposition, imp) {
		// Registered for the country's other tax alone.
		return false
	}
	if provincialTax(pl.country, imp) {
		if r.mainDivision == "" {
			return r.jurisdictionID == pl.subdivision
		}
		return r.mainDivision == pl.subdivision && (r.jurisdictionID == "" || chainHas(pl, r.jurisdictionID))
	}
	if r.mainDivision == "" || r.mainDivision == pl.subdivision || r.mainDivision == pl.state() || level == "COUNTRY" {
		return r.jurisdictionID == "" || r.jurisdictionID == pl.subdivision || chainHas(pl, r.jurisdictionID)
	}
	return false
}

// separatelyRegistered reports whether imp, charged in country, is one of
// the country's taxes for which a seller registers apart, so that a
// registration whose imposition type names another of them does not
// cover it: Malaysia's sales tax, for which a manufacturer registers
// (Sales Tax Act 2018, Part III), and its service tax, for which a
// provider of taxable services registers (Service Tax Act 2018, Part
// III). A registration that names no imposition type covers both, as
// does one that names the VAT, as Levy called Malaysia's tax before
// (formerlyVAT).
func separatelyRegistered(country string, imp jurisdiction.Tax) bool {
	return country == "MY" && (imp == jurisdiction.GoodsSalesTax || imp == jurisdiction.ServiceTax)
}

// namesImposition reports whether a registration's imposition type,
// name, names imp: by the tax's name, its imposition type's on the wire,
// or the VAT's for a tax Levy reported as the VAT before.
func namesImposition(name string, imp jurisdiction.Tax) bool {
	return strings.EqualFold(name, string(imp)) || strings.EqualFold(name, impositionTypeName(imp)) || formerlyVAT(imp, name)
}

// provincialTax reports whether imp, charged in country, is a Canadian
// provincial sales tax that the province administers under a registration
// of its own: British Columbia's PST (Provincial Sales Tax Act),
// Saskatchewan's PST (The Provincial Sales Tax Act), Manitoba's retail
// sales tax (The Retail Sales Tax Act) and Quebec's QST (Act respecting
// the Québec sales tax, with Revenu Québec), and the provinces' taxes
// outside them (Quebec's tax on lodging, Alberta's tourism levy), which
// their operators register for with the province too. A GST/HST
// registration with the Canada Revenue Agency does not register a seller
// for them: every Canadian tax but the GST and the HST is provincial.
func provincialTax(country string, imp jurisdiction.Tax) bool {
	return country == "CA" && imp != jurisdiction.GST && imp != jurisdiction.HST
}

// harmonized reports whether imp, charged in country, is Canada's HST: the
// GST at the harmonized rate of a participating province (Excise Tax Act,
// Part IX), charged and reported under the one GST/HST registration, so
// that the registration that covers the GST covers it.
func harmonized(country string, imp jurisdiction.Tax) bool {
	return country == "CA" && imp == jurisdiction.HST
}

// chainHas reports whether the place lies in jurisdiction id: one of its
// chain, or one above its VAT special territory (place.outer), so that a
// registration whose jurisdictionId names Portugal covers Madeira.
func chainHas(p *place, id string) bool { return chainJurisdiction(p, id) != nil }

// mixedSitus sources a sale within a US state whose levels are sourced
// differently (California: state, county and city taxes at the seller's
// location, district taxes at the destination): the origin's
// jurisdictions of the levels that follow the seller, then the
// destination's of the others. The merged place is built once per pair of
// places in a document.
func (c *calc) mixedSitus(orig, dest *place, u *usSourcing) situs {
	if m, ok := c.mixed.get([2]*place{orig, dest}); ok {
		return situs{at: m.at, role: orig.role, split: m.split, splitRole: dest.role, ruleID: "us-mixed-sourcing", reason: u.note}
	}
	p := c.newPlace()
	*p = *orig
	// The merged place's jurisdictions are not the origin's: its area
	// (what rules' within conditions read) and the hash of its members
	// that keys its decisions (calc.envHash) are made from its own chain
	// on first use, not copied from an origin whose area and hash an
	// earlier line made.
	p.area, p.envHash, p.envHashed = "", 0, false
	p.chain = make([]wire.Jurisdiction, 0, len(orig.chain)+len(dest.chain))
	for _, j := range orig.chain {
		if lv := levelOf(j.JurisdictionType); lv == levelOther || u.origin[lv] {
			p.chain = append(p.chain, j)
		}
	}
	split := len(p.chain)
	for _, j := range dest.chain {
		if lv := levelOf(j.JurisdictionType); lv != levelOther && !u.origin[lv] {
			p.chain = append(p.chain, j)
		}
	}
	c.mixed.put([2]*place{orig, dest}, mixedPlace{at: p, split: split})
	return situs{at: p, role: orig.role, split: split, splitRole: dest.role, ruleID: "us-mixed-sourcing", reason: u.note}
}

// mixedPlace is a place merged by mixedSitus.
type mixedPlace struct {
	at    *place
	split int
}
