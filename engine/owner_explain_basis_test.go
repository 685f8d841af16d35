package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestExplainOwnerBasis: the explanation of an owner's line that sends no
// price says which of the asset's values it was taxed on, and why that
// one: an asset movement takes the first of netBookValue, cost,
// totalCost and fairMarketValue that the line sends, an inventory
// removal the first of cost, totalCost, fairMarketValue and
// netBookValue. The explanation gave only the rule's reason, so an
// auditor could not tell why a line that sent a cost of 3000.00 was
// taxed on 1000.00. A line with a price is taxed on it and says nothing
// of the other values. Figures in Atlanta (4% + 3% + 1.9%).
func TestExplainOwnerBasis(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		mt   wire.OwnerMessageType
		line wire.OwnerLineItem
		tax  string // Georgia's
		want string // "" for no note
	}{
		{"asset movement", wire.OwnerAssetMovement, wire.OwnerLineItem{NetBookValue: amt("1000.00"), Cost: amt("3000.00")}, "40.00",
			"taxed on the line's netBookValue, 1000.00: without a price, an asset movement is taxed on the first of netBookValue, cost, totalCost and fairMarketValue that the line sends"},
		{"inventory removal", wire.OwnerInventoryRemoval, wire.OwnerLineItem{NetBookValue: amt("1000.00"), Cost: amt("3000.00")}, "120.00",
			"taxed on the line's cost, 3000.00: without a price, an inventory removal is taxed on the first of cost, totalCost, fairMarketValue and netBookValue that the line sends"},
		{"asset movement at fair market value", wire.OwnerAssetMovement, wire.OwnerLineItem{FairMarketValue: amt("500.00")}, "20.00",
			"taxed on the line's fairMarketValue, 500.00: without a price, an asset movement is taxed on the first of netBookValue, cost, totalCost and fairMarketValue that the line sends"},
		{"a price", wire.OwnerAssetMovement, wire.OwnerLineItem{ExtendedPrice: amt("200.00"), NetBookValue: amt("1000.00")}, "8.00", ""},
	} {
		req := &wire.OwnerRequest{OwnerMessageType: c.mt, DocumentDate: civil.MustParse("2026-06-01"),
			Owner: &wire.Owner{PhysicalOrigin: atlanta, Destination: atlanta}, LineItems: []wire.OwnerLineItem{c.line}}
		resp, ex, err := e.ExplainOwner(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(ex) == 0 || len(ex[0].Taxes) == 0 || len(resp.LineItems[0].Taxes) == 0 {
			t.Fatalf("%s: explanation %+v has no tax", c.name, ex)
		}
		if got := resp.LineItems[0].Taxes[0].CalculatedTax.String(); got != c.tax {
			t.Errorf("%s: Georgia's tax %s, want %s", c.name, got, c.tax)
		}
		for _, x := range ex[0].Taxes {
			switch {
			case c.want != "" && !strings.Contains(x.Reason, c.want):
				t.Errorf("%s, %s: reason %q, want it to say %q", c.name, x.JurisdictionID, x.Reason, c.want)
			case c.want == "" && strings.Contains(x.Reason, "without a price"):
				t.Errorf("%s, %s: reason %q names a value the line was not taxed on", c.name, x.JurisdictionID, x.Reason)
			}
		}
	}
}
