package api

import (
	"context"
	"fmt"
	"strconv"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// WithLevyMembers sets whether the answers of the calculation routes
// (/supplies, /procurement, /owner) carry the members of Levy's own that
// the commercial wire format's OpenAPI description lacks and the service
// specification does not define (taxAreaLookup, procurementAction), for
// the tenants whose policy does not say (profile.Policy.LevyMembers):
// profile.LevyMembersInclude, the default, or profile.LevyMembersOmit.
// New refuses any other value.
func WithLevyMembers(mode string) Option { return func(s *Server) { s.levyMembers = mode } }

// AddressLookupRule is the ruleName of the assisted parameters that
// carry, in an answer without Levy's own members, what the tax area
// lookup found at fault in an address: one for each status of each
// location's taxAreaLookup, on each line the location applies to.
const AddressLookupRule = "tax-area-lookup"

// omitLevyMembers reports whether the answer to a calculation of the
// tenant of ctx leaves out Levy's own members: its policy's LevyMembers
// when it sets one, else the server's.
func (s *Server) omitLevyMembers(ctx context.Context) (bool, error) {
	mode := s.levyMembers
	if c := s.engine.Profiles(); c != nil {
		ps, err := c.Snapshot(ctx, levy.Tenant(ctx))
		if err != nil {
			return false, fmt.Errorf("api: the policy of tenant %s: %w", levy.Tenant(ctx), err)
		}
		if p := ps.Policy(); p != nil && p.LevyMembers != "" {
			mode = p.LevyMembers
		}
	}
	return mode == profile.LevyMembersOmit, nil
}

// withOptions is an answer that wire encodes with its AppendJSONWith.
type withOptions interface {
	AppendJSONWith(b []byte, o wire.AppendOptions) ([]byte, error)
}

// withoutLevyMembers is a calculation's answer written without Levy's
// own members.
type withoutLevyMembers struct{ resp withOptions }

// AppendJSON appends the answer without Levy's own members.
func (x withoutLevyMembers) AppendJSON(b []byte) ([]byte, error) {
	return x.resp.AppendJSONWith(b, wire.AppendOptions{OmitLevyMembers: true})
}

// withoutLevyMembersOf returns resp, a calculation's answer, to be
// written without Levy's own members, the faults that its locations'
// taxAreaLookup reported carried instead in the assistedParameters of
// the lines (addressNotes). resp itself is left as it is: it may be the
// journal's copy, lent for the answer. A response of no wire type is
// returned as it is.
func withoutLevyMembersOf(resp any) any {
	switch r := resp.(type) {
	case *wire.SaleResponse:
		return withoutLevyMembers{saleNoted(r)}
	case *wire.PurchaseResponse:
		return withoutLevyMembers{purchaseNoted(r)}
	case *wire.OwnerResponse:
		return withoutLevyMembers{ownerNoted(r)}
	}
	return resp
}

// A located is a location of a party, by its path in a request
// ("customer.destination").
type located struct {
	path string
	loc  *wire.Location
}

// addressNotes appends to out an assisted parameter for each status of
// each location of locs that says something (the lookup's statuses as
// the location's taxAreaLookup holds them), its paramName the path of
// the location after prefix.
func addressNotes(out []wire.AssistedParameter, prefix string, locs []located) []wire.AssistedParameter {
	for _, l := range locs {
		if l.loc == nil || l.loc.TaxAreaLookup == nil {
			continue
		}
		lk := l.loc.TaxAreaLookup
		for _, st := range lk.Statuses {
			v := string(st.LookupResult)
			if lk.ConfidenceIndicator != "" {
				v += " (confidence " + lk.ConfidenceIndicator + ")"
			}
			if st.Value != "" {
				v += ": " + st.Value
			}
			out = append(out, wire.AssistedParameter{ParamName: prefix + l.path, Phase: wire.PhasePre, RuleName: AddressLookupRule, Value: v})
		}
	}
	return out
}

// faulted reports whether a location of locs has a status to tell.
func faulted(locs []located) bool {
	for _, l := range locs {
		if l.loc != nil && l.loc.TaxAreaLookup != nil && len(l.loc.TaxAreaLookup.Statuses) > 0 {
			return true
		}
	}
	return false
}

// overlay returns the locations of a line: its own where it has one, the
// enclosing one's (doc) elsewhere. own and doc list the same paths in
// the same order.
func overlay(doc, own []located) []located {
	out := make([]located, len(doc))
	for i := range doc {
		out[i] = doc[i]
		if own[i].loc != nil {
			out[i] = own[i]
		}
	}
	return out
}

// noted returns lines with the address notes of each added to a copy of
// its assistedParameters: the faults of the locations that apply to it
// (its own, else the document's, locs) and of those its sublines give of
// their own (named by "lineItems[i]." and their path), and true; or
// lines itself and false when no location of the document or of a line
// has a fault. It never changes lines.
func noted[L any](lines []L, locs []located, ownOf func(*L) []located, subOf func(*L) []L, assisted func(*L) *[]wire.AssistedParameter) ([]L, bool) {
	some := faulted(locs)
	for i := 0; !some && i < len(lines); i++ {
		some = subFaulted(&lines[i], ownOf, subOf)
	}
	if !some || len(lines) == 0 {
		return lines, false
	}
	out := make([]L, len(lines))
	for i := range lines {
		out[i] = lines[i]
		l := &out[i]
		eff := overlay(locs, ownOf(l))
		var notes []wire.AssistedParameter
		notes = addressNotes(notes, "", eff)
		notes = subNotes(notes, "", l, eff, ownOf, subOf)
		if len(notes) > 0 {
			a := assisted(l)
			*a = append(append(make([]wire.AssistedParameter, 0, len(*a)+len(notes)), *a...), notes...)
		}
	}
	return out, true
}

// subFaulted reports whether l or a line under it has a location of its
// own with a fault.
func subFaulted[L any](l *L, ownOf func(*L) []located, subOf func(*L) []L) bool {
	if faulted(ownOf(l)) {
		return true
	}
	subs := subOf(l)
	for i := range subs {
		if subFaulted(&subs[i], ownOf, subOf) {
			return true
		}
	}
	return false
}

// subNotes appends the notes of the locations that the sublines of l
// (whose locations are eff) give of their own, each named by its path
// under prefix.
func subNotes[L any](out []wire.AssistedParameter, prefix string, l *L, eff []located, ownOf func(*L) []located, subOf func(*L) []L) []wire.AssistedParameter {
	subs := subOf(l)
	for i := range subs {
		p := prefix + "lineItems[" + strconv.Itoa(i) + "]."
		own := ownOf(&subs[i])
		var mine []located
		for _, o := range own {
			if o.loc != nil {
				mine = append(mine, o)
			}
		}
		out = addressNotes(out, p, mine)
		out = subNotes(out, p, &subs[i], overlay(eff, own), ownOf, subOf)
	}
	return out
}

// The locations of each perspective's parties, in a fixed order.

func saleLocations(s *wire.Seller, c *wire.Customer) []located {
	out := []located{{path: "seller.physicalOrigin"}, {path: "seller.administrativeOrigin"},
		{path: "customer.destination"}, {path: "customer.administrativeDestination"}}
	if s != nil {
		out[0].loc, out[1].loc = s.PhysicalOrigin, s.AdministrativeOrigin
	}
	if c != nil {
		out[2].loc, out[3].loc = c.Destination, c.AdministrativeDestination
	}
	return out
}

func purchaseLocations(v *wire.Vendor, b *wire.Buyer) []located {
	out := []located{{path: "vendor.physicalOrigin"}, {path: "vendor.administrativeOrigin"},
		{path: "buyer.destination"}, {path: "buyer.administrativeDestination"}}
	if v != nil {
		out[0].loc, out[1].loc = v.PhysicalOrigin, v.AdministrativeOrigin
	}
	if b != nil {
		out[2].loc, out[3].loc = b.Destination, b.AdministrativeDestination
	}
	return out
}

func ownerLocations(o *wire.Owner) []located {
	out := []located{{path: "owner.physicalOrigin"}, {path: "owner.destination"}}
	if o != nil {
		out[0].loc, out[1].loc = o.PhysicalOrigin, o.Destination
	}
	return out
}

// saleNoted returns r, or a shallow copy of it whose lines carry the
// address notes (noted).
func saleNoted(r *wire.SaleResponse) *wire.SaleResponse {
	lines, changed := noted(r.LineItems, saleLocations(r.Seller, r.Customer),
		func(l *wire.SaleResponseLineItem) []located { return saleLocations(l.Seller, l.Customer) },
		func(l *wire.SaleResponseLineItem) []wire.SaleResponseLineItem { return l.LineItems },
		func(l *wire.SaleResponseLineItem) *[]wire.AssistedParameter { return &l.AssistedParameters })
	if !changed {
		return r
	}
	cp := *r
	cp.LineItems = lines
	return &cp
}

// purchaseNoted is saleNoted for a purchase.
func purchaseNoted(r *wire.PurchaseResponse) *wire.PurchaseResponse {
	lines, changed := noted(r.LineItems, purchaseLocations(r.Vendor, r.Buyer),
		func(l *wire.PurchaseResponseLineItem) []located { return purchaseLocations(l.Vendor, l.Buyer) },
		func(l *wire.PurchaseResponseLineItem) []wire.PurchaseResponseLineItem { return l.LineItems },
		func(l *wire.PurchaseResponseLineItem) *[]wire.AssistedParameter { return &l.AssistedParameters })
	if !changed {
		return r
	}
	cp := *r
	cp.LineItems = lines
	return &cp
}

// ownerNoted is saleNoted for an owner's movement.
func ownerNoted(r *wire.OwnerResponse) *wire.OwnerResponse {
	lines, changed := noted(r.LineItems, ownerLocations(r.Owner),
		func(l *wire.OwnerResponseLineItem) []located { return ownerLocations(l.Owner) },
		func(l *wire.OwnerResponseLineItem) []wire.OwnerResponseLineItem { return l.LineItems },
		func(l *wire.OwnerResponseLineItem) *[]wire.AssistedParameter { return &l.AssistedParameters })
	if !changed {
		return r
	}
	cp := *r
	cp.LineItems = lines
	return &cp
}
