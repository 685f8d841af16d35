package engine

import (
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// einvoiceParts is what a stored sale keeps for its e-invoice besides
// its amounts: the document's parties and, per leaf line in the order
// journalLines flattens them, the item and the line's own parties.
type einvoiceParts struct {
	seller, customer *journal.Party
	lines            []einvoiceLine
}

// einvoiceLine is what a leaf line keeps for the e-invoice.
type einvoiceLine struct {
	item             *journal.Item
	seller, customer *journal.Party // only when the line names its own
}

// saleEInvoice returns the e-invoice parts of a calculated sale: the
// parties of req with their addresses' countries as the calculation of
// tree resolved them and the registrations it used (a seller's stored
// in ps, the tenant's profile, when the request sent none), and the
// item of each line the journal keeps (a leaf, or a parent's own line),
// in journalLines' order. The seller's registrations keep the fiscal
// representatives the request named, the countries of their addresses
// read by countries (sellerRegistrations).
func saleEInvoice(vat *jurisdiction.VATGeography, countries *taxarea.Resolver, ps *profile.Snapshot, req *wire.SaleRequest, tree []lineIn) *einvoiceParts {
	p := &einvoiceParts{}
	if s := req.Seller; s != nil {
		p.seller = sellerParty(vat, countries, ps, s, tree)
	}
	if c := req.Customer; c != nil {
		p.customer = customerParty(vat, ps, c, tree)
	}
	var walk func(lines []wire.SaleLineItem, tree []lineIn, seller *wire.Seller, customer *wire.Customer)
	walk = func(lines []wire.SaleLineItem, tree []lineIn, seller *wire.Seller, customer *wire.Customer) {
		for i := range lines {
			if i >= len(tree) {
				return
			}
			l := &lines[i]
			s, c := seller, customer
			if l.Seller != nil {
				s = l.Seller
			}
			if l.Customer != nil {
				c = l.Customer
			}
			if len(l.LineItems) == 0 || tree[i].leaf != nil {
				// A leaf, or a parent's own line (ownLine), which the
				// journal keeps before its children's.
				el := einvoiceLine{item: lineItem(l)}
				if s != req.Seller && s != nil {
					el.seller = sellerParty(vat, countries, ps, s, tree)
				}
				if c != req.Customer && c != nil {
					el.customer = customerParty(vat, ps, c, tree)
				}
				p.lines = append(p.lines, el)
			}
			if len(l.LineItems) > 0 {
				walk(l.LineItems, tree[i].children, s, c)
			}
		}
	}
	walk(req.LineItems, tree, req.Seller, req.Customer)
	return p
}

// fill puts the parts into tx, whose lines journalLines made from the same
// leaves; it does nothing for nil parts or lines that do not match.
func (p *einvoiceParts) fill(tx *journal.Transaction) {
	if p == nil {
		return
	}
	tx.Seller, tx.Customer = p.seller, p.customer
	if len(p.lines) != len(tx.Lines) {
		return
	}
	for i, l := range p.lines {
		tx.Lines[i].Item, tx.Lines[i].Seller, tx.Lines[i].Customer = l.item, l.seller, l.customer
	}
}

// lineItem is what the journal keeps of a sale line for its e-invoice.
func lineItem(l *wire.SaleLineItem) *journal.Item {
	it := &journal.Item{Description: strings.TrimSpace(l.LineItemDescription), UnitPrice: l.UnitPrice}
	if l.Product != nil {
		it.ProductCode = l.Product.Value
	}
	if q := l.Quantity; q != nil {
		if q.Value != nil {
			it.Quantity = *q.Value
		}
		it.Unit = q.UnitOfMeasure
	}
	if l.Freight != nil {
		it.Freight = *l.Freight
	}
	return it
}

// sellerParty is what the journal keeps of a seller: its registrations
// are the request's, or, when the calculation took the seller's
// registrations from the tenant's profile ps instead (saleProfile), those
// stored that were in force on the date of the seller's first line. A
// document's seller that every line replaces with one of its own (an ERP
// that repeats the seller on each line) and that sends no registrations
// for a tax (none, or only numbers that identify it) takes those the
// first line of its company took from the profile, as that line does. A
// request that sends only numbers that identify the seller (its
// Commercial Registration, its FEIN) keeps them after the stored ones;
// one that sends registrations for a tax and no such number takes those
// stored for its company after its own. The request's registrations
// keep their fiscal representatives (sellerRegistrations), and so do the
// stored ones (storedPartyRegistrations).
func sellerParty(vat *jurisdiction.VATGeography, countries *taxarea.Resolver, ps *profile.Snapshot, s *wire.Seller, tree []lineIn) *journal.Party {
	regs := sellerRegistrations(countries, s.TaxRegistrations)
	l := leafWhere(tree, func(li *lineIn) bool { return li.src.seller == s })
	if l == nil && !sendsTaxRegistration(s.TaxRegistrations) && s.NexusIndicator == nil {
		l = leafWhere(tree, func(li *lineIn) bool { return li.leaf.seller.stored && li.leaf.seller.company == s.Company })
	}
	if l != nil && l.seller.stored {
		// The request's own numbers, when it sent some, only identify
		// the seller (TaxRegistrationType.Identity: its trade register
		// number, which an e-invoice states): kept after the stored
		// registrations.
		regs = append(storedPartyRegistrations(countries, ps, l.seller.company, l.date), regs...)
	} else if l != nil && !sendsIdentity(s.TaxRegistrations) {
		// The request sends the seller's registrations for a tax and no
		// number that identifies it: the numbers stored for its company
		// that do (profile.Registration.IdentityOnly: the CVR number of
		// a Danish company whose VAT number is an SE number of its own,
		// its legal registration identifier BT-30) are kept after them.
		regs = append(regs, storedPartyRegistrationsWhere(countries, ps, l.seller.company, l.date, (*profile.Registration).IdentityOnly)...)
	}
	return &journal.Party{Code: s.Company, Address: partyAddress(vat, tree, s.PhysicalOrigin, s.AdministrativeOrigin), Registrations: regs}
}

// leafWhere returns the first calculated line of tree whose view is
// what want wants, nil when none is.
func leafWhere(tree []lineIn, want func(*lineIn) bool) *line {
	for i := range tree {
		li := &tree[i]
		if li.leaf != nil && want(li) {
			return li.leaf
		}
		if l := leafWhere(li.children, want); l != nil {
			return l
		}
	}
	return nil
}

// storedPartyRegistrations returns the registrations that ps stores for
// company and that are in force on d, which the calculation used
// (builder.storedRegistrations), as the journal keeps a party's: a
// registration of a state or of another jurisdiction within a country
// (US-TX) under the country, one of the EU's Union scheme stored under
// the Union (profile.UnionJurisdiction) under no country, its number
// naming the member state. Each keeps the fiscal representative stored
// with it (profile.Registration.Representative), normalised as a
// request's is (representative).
func storedPartyRegistrations(countries *taxarea.Resolver, ps *profile.Snapshot, company string, d civil.Date) []journal.Registration {
	return storedPartyRegistrationsWhere(countries, ps, company, d, func(*profile.Registration) bool { return true })
}

// storedPartyRegistrationsWhere returns those of storedPartyRegistrations
// for which keep holds.
func storedPartyRegistrationsWhere(countries *taxarea.Resolver, ps *profile.Snapshot, company string, d civil.Date, keep func(*profile.Registration) bool) []journal.Registration {
	if ps == nil {
		return nil
	}
	var out []journal.Registration
	for _, r := range ps.Registrations(company) {
		n := strings.TrimSpace(r.Number)
		if n == "" || !r.InForce(d) || !keep(&r) {
			continue
		}
		country := strings.ToUpper(r.Jurisdiction)
		switch {
		case country == profile.UnionJurisdiction:
			country = ""
		case len(country) > 2:
			country = country[:2]
		}
		out = append(out, journal.Registration{Country: country, Number: n, Type: string(r.Type),
			Representative: storedRepresentative(countries, r.Representative)})
	}
	return out
}

// customerParty is what the journal keeps of a customer. A customer
// that the tenant's profile ps (nil: none) holds under its code is a
// business when the request or the stored customer says so, as the
// calculation took it (saleProfile), and is named by the stored name
// when the request sends none.
func customerParty(vat *jurisdiction.VATGeography, ps *profile.Snapshot, c *wire.Customer, tree []lineIn) *journal.Party {
	p := &journal.Party{Name: strings.TrimSpace(c.CustomerName), Address: partyAddress(vat, tree, c.Destination, c.AdministrativeDestination),
		Registrations: registrations(c.TaxRegistrations)}
	if c.CustomerCode != nil {
		p.Code, p.Business = c.CustomerCode.Value, c.CustomerCode.IsBusinessIndicator
		// Snapshot.Customer trims the code, and a nil snapshot holds none.
		if cu, ok := ps.Customer(c.CustomerCode.Value); ok {
			p.Business = p.Business || cu.IsBusiness
			if p.Name == "" {
				p.Name = strings.TrimSpace(cu.Name)
			}
		}
	}
	return p
}

// partyAddress returns the first of locs that is given, with the country
// the calculation resolved it to (the country as written when no line
// resolved it), or nil when none is given. A country written that lies in
// the VAT area of the one resolved on the line's date (Monaco in France's,
// the Isle of Man in the United Kingdom's: vat.VATArea), or that names
// the special territory resolved (AX, Åland, Finland's FI-01:
// taxarea.TerritoryCountry), stays as written: the address is in Monaco,
// whose e-invoice says MC, or in Åland, AX.
func partyAddress(vat *jurisdiction.VATGeography, tree []lineIn, locs ...*wire.Location) *journal.Address {
	for _, loc := range locs {
		if loc == nil {
			continue
		}
		a := &journal.Address{Street1: loc.StreetAddress1, Street2: loc.StreetAddress2, City: loc.City, MainDivision: loc.MainDivision,
			PostalCode: loc.PostalCode, Country: strings.ToUpper(strings.TrimSpace(loc.Country))}
		if pl, l := placeLineOf(tree, loc); pl != nil && pl.country != "" {
			written := a.Country
			if a2, ok := jurisdiction.CountryAlpha2(written); ok {
				written = a2
			}
			area, inArea := vat.VATArea(written, l.date)
			terr, _, isTerr := taxarea.TerritoryCountry(written)
			switch {
			case inArea && area == pl.country, isTerr && terr == pl.terrID:
				a.Country = written
			default:
				a.Country = pl.country
			}
		}
		return a
	}
	return nil
}

// placeLineOf returns the place that the first leaf of tree resolved wire
// location loc to (placeOf), with that leaf; nil when no leaf resolved it.
func placeLineOf(tree []lineIn, loc *wire.Location) (*place, *line) {
	for i := range tree {
		li := &tree[i]
		if l := li.leaf; l != nil {
			switch p := &li.parties; loc {
			case p.dest:
				return l.dest, l
			case p.adminDest:
				return l.adminDest, l
			case p.origin:
				return l.origin, l
			case p.adminOrigin:
				return l.adminOrigin, l
			}
		}
		if p, l := placeLineOf(li.children, loc); p != nil {
			return p, l
		}
	}
	return nil, nil
}

// sellerRegistrations returns the seller's registrations that have a
// number (registrations), each with the fiscal representative the
// request named for it: its name, number and address trimmed, the
// address's country upper case, an ISO 3166 alpha-3 code as its alpha-2
// code, and what is no ISO code (a country's name) as countries reads it
// (the code of the country whose tax law the address lookups apply),
// else as written. A representative that names nothing is not kept.
//
// A registration without a number of its own is kept too when it names
// a representative and a country (its isoCountryCode, else its
// jurisdictionId's): a seller not established in a country where it
// charges the VAT through a representative, whose invoices there state
// the representative's VAT number (BT-63) in place of a number of the
// seller's own (BR-S-02 and its kind in EN 16931 take either).
func sellerRegistrations(countries *taxarea.Resolver, regs []wire.TaxRegistration) []journal.Registration {
	var out []journal.Registration
	for i := range regs {
		rep := representative(countries, regs[i].FiscalRepresentative)
		r, ok := keptRegistration(&regs[i])
		if !ok {
			if r, ok = representedRegistration(&regs[i]); !ok || rep == nil {
				continue
			}
		}
		r.Representative = rep
		out = append(out, r)
	}
	return out
}

// representedRegistration returns the registration r without a number
// as the journal keeps it when its representative is (sellerRegistrations):
// its country is the request's isoCountryCode, else the country of its
// jurisdictionId; false when it names neither.
func representedRegistration(r *wire.TaxRegistration) (journal.Registration, bool) {
	c := strings.ToUpper(strings.TrimSpace(r.ISOCountryCode))
	if c == "" {
		c = idCountry(strings.ToUpper(strings.TrimSpace(r.JurisdictionID)))
	}
	if c == "" {
		return journal.Registration{}, false
	}
	return journal.Registration{Country: c, Type: string(r.TaxRegistrationType)}, true
}

// representative is what the journal keeps of a fiscal representative;
// nil for nil, or for one that names nothing.
func representative(countries *taxarea.Resolver, fr *wire.FiscalRepresentative) *journal.Representative {
	if fr == nil {
		return nil
	}
	out := &journal.Representative{Name: fr.BusinessName, Number: fr.TaxRegistrationNumber}
	if a := fr.Address; a != nil {
		out.Address = &journal.Address{Street1: a.StreetAddress1, Street2: a.StreetAddress2, City: a.City,
			MainDivision: a.MainDivision, PostalCode: a.PostalCode, Country: a.Country}
	}
	return normalRepresentative(countries, out)
}

// storedRepresentative is what the journal keeps of the fiscal
// representative stored with a registration, normalised as a request's
// (representative): a record stored into the store directly, or by a
// Levy that checked less, reads as a request naming it would; nil for
// nil, or for one that names nothing.
func storedRepresentative(countries *taxarea.Resolver, sr *profile.Representative) *journal.Representative {
	if sr == nil {
		return nil
	}
	out := &journal.Representative{Name: sr.Name, Number: sr.Number}
	if a := sr.Address; a != nil {
		out.Address = &journal.Address{Street1: a.Street1, Street2: a.Street2, City: a.City,
			MainDivision: a.MainDivision, PostalCode: a.PostalCode, Country: a.Country}
	}
	return normalRepresentative(countries, out)
}

// normalRepresentative normalises out in place and returns it: its
// members trimmed, its address's country as representative says; nil
// when it names nothing.
func normalRepresentative(countries *taxarea.Resolver, out *journal.Representative) *journal.Representative {
	out.Name, out.Number = strings.TrimSpace(out.Name), strings.TrimSpace(out.Number)
	if a := out.Address; a != nil {
		out.Address = nil
		addr := &journal.Address{Street1: strings.TrimSpace(a.Street1), Street2: strings.TrimSpace(a.Street2), City: strings.TrimSpace(a.City),
			MainDivision: strings.TrimSpace(a.MainDivision), PostalCode: strings.TrimSpace(a.PostalCode), Country: strings.ToUpper(strings.TrimSpace(a.Country))}
		if a2, ok := jurisdiction.CountryAlpha2(addr.Country); ok {
			addr.Country = a2
		} else if _, ok := jurisdiction.CountryAlpha3(addr.Country); !ok && addr.Country != "" && countries != nil {
			// Not an ISO code: a country's name, or another code
			// that the address lookups read (UK).
			if c, ok := countries.Country(addr.Country); ok {
				addr.Country = c
			}
		}
		if *addr != (journal.Address{}) {
			out.Address = addr
		}
	}
	if *out == (journal.Representative{}) {
		return nil
	}
	return out
}

// registrations returns the registrations that have a number.
func registrations(regs []wire.TaxRegistration) []journal.Registration {
	var out []journal.Registration
	for i := range regs {
		if r, ok := keptRegistration(&regs[i]); ok {
			out = append(out, r)
		}
	}
	return out
}

// keptRegistration is what the journal keeps of r, without its fiscal
// representative; false when r has no number.
func keptRegistration(r *wire.TaxRegistration) (journal.Registration, bool) {
	n := strings.TrimSpace(r.TaxRegistrationNumber)
	if n == "" {
		return journal.Registration{}, false
	}
	return journal.Registration{Country: strings.ToUpper(r.ISOCountryCode), Number: n, Type: string(r.TaxRegistrationType)}, true
}
