package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// TestMixedSourcingAreaIsTheMergedPlaces: a California sale from San
// Francisco to Los Angeles takes the state's tax at the origin and the
// districts at the destination (us-mixed-sourcing). A host rule that
// exempts the transit districts of a place within Los Angeles County's
// Measure A district must reach them on every line, also when an earlier
// line of the document, taxed at the origin alone (a situs override), had
// the origin's area built first: the merged place's area is its own
// jurisdictions', not the origin's copied with it.
func TestMixedSourcingAreaIsTheMergedPlaces(t *testing.T) {
	host := []rules.Rule{{ID: "host-transit-within-measure-a", JurisdictionType: "TRANSIT_DISTRICT", Within: "US-06037-MEASURE_A",
		Tax: "Sales and Use Tax", ProductClass: "GENERAL", Outcome: rules.Exempt, Reason: "a test of the merged place's area"}}
	e, err := New(context.Background(), WithRules(host, nil), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	la := &wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	line := func(id string, origin bool) wire.SaleLineItem {
		l := wire.SaleLineItem{LineItemID: id, Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}
		if origin {
			l.SitusOverride = &wire.SitusOverride{TaxingLocation: wire.PhysicalOrigin}
		}
		return l
	}
	for _, first := range []bool{false, true} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-03-02"),
			Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: sfAddr}, Customer: &wire.Customer{Destination: la},
			LineItems: []wire.SaleLineItem{line("1", first), line("2", false)}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		transit := 0
		for _, x := range r.LineItems[1].Taxes {
			if x.Jurisdiction == nil || x.Jurisdiction.JurisdictionType != jurisdiction.TransitDistrict {
				continue
			}
			transit++
			if x.TaxResult != wire.TaxResultExempt || !x.CalculatedTax.IsZero() {
				t.Errorf("first line at the origin %v: %s is %s, tax %s; want EXEMPT by the host rule", first, x.Jurisdiction.JurisdictionID, x.TaxResult, x.CalculatedTax)
			}
		}
		if transit != 4 {
			t.Errorf("first line at the origin %v: %d transit districts on line 2, want Los Angeles County's 4", first, transit)
		}
	}
}

// TestMixedPlaceHashesItsOwnArea: the place mixedSitus merges from an
// origin whose rules' hash an earlier line computed (envHash) must hash
// its own members when first used, as it builds its own area: a copy of
// the origin's hash would key the merged place's decisions by the
// origin's area, so that the state's decision of a merged line, found
// under the origin's, is taken again on every document instead of
// cached.
func TestMixedPlaceHashesItsOwnArea(t *testing.T) {
	e := testEngine(t)
	c, _, err := e.newCalc(context.Background(), header{date: civil.MustParse("2026-03-02"), perspective: "SELLER", message: "QUOTATION"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.release()
	orig := &place{role: wire.PhysicalOrigin, country: "US", subdivision: "US-CA", area: "US-CA US-06075",
		chain: []wire.Jurisdiction{{JurisdictionID: "US-CA", JurisdictionType: jurisdiction.State}}, envHash: 42, envHashed: true}
	dest := &place{role: wire.Destination, country: "US", subdivision: "US-CA",
		chain: []wire.Jurisdiction{{JurisdictionID: "US-CA", JurisdictionType: jurisdiction.State}}}
	u := &usSourcing{anyOrig: true}
	u.origin[levelState] = true
	st := c.mixedSitus(orig, dest, u)
	if st.at.area != "" || st.at.envHashed || st.at.envHash != 0 {
		t.Errorf("the merged place keeps the origin's area %q or hash %d (hashed %v)", st.at.area, st.at.envHash, st.at.envHashed)
	}
}
