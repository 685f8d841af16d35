package engine

import "github.com/levytax/levy/wire"

// filingLocation returns the retail location code that the journal keeps
// with a stored line (journal.Line.LocationCode) whose request line, and
// enclosing lines, send no locationCode of their own, for jurisdictions
// whose returns are filed per retail location: the document's
// locationCode, else the locationCode of the tenant's own location on
// the line l (nil when the line was not calculated, then the document's
// party's): a sale's seller's physical, then administrative, origin; a
// purchase's buyer's destination, then administrative destination; the
// owner's physical origin, then destination. "" when the request sends
// none.
func (c *calc) filingLocation(l *line) string {
	var doc string
	var src *wireSrc
	if l != nil && l.in != nil {
		src = &l.in.src
	}
	var first, second *wire.Location
	switch r := c.req; {
	case r.sale != nil:
		doc = r.sale.LocationCode
		s := r.sale.Seller
		if src != nil {
			s = src.seller
		}
		if s != nil {
			first, second = s.PhysicalOrigin, s.AdministrativeOrigin
		}
	case r.purchase != nil:
		doc = r.purchase.LocationCode
		b := r.purchase.Buyer
		if src != nil {
			b = src.buyer
		}
		if b != nil {
			first, second = b.Destination, b.AdministrativeDestination
		}
	case r.owner != nil:
		doc = r.owner.LocationCode
		o := r.owner.Owner
		if src != nil {
			o = src.ownerParty
		}
		if o != nil {
			first, second = o.PhysicalOrigin, o.Destination
		}
	}
	switch {
	case doc != "":
		return doc
	case first != nil && first.LocationCode != "":
		return first.LocationCode
	case second != nil:
		return second.LocationCode
	}
	return ""
}
