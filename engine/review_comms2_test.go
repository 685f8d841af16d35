package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestFranchiseFeeOfAnotherState checks that a franchise area whose fees
// name their grantor charges them only on a line placed in the grantor's
// state (or, abroad, country). The example table's CHI-CABLE-1 is granted
// by the City of Chicago (US-1714000): a Chicago line bears its 5% cable
// fee and 1% PEG fee (80.00 x 0.05 = 4.00, 80.00 x 0.01 = 0.80), but a
// line placed in Dallas, Texas or in Toronto lies outside any Chicago
// franchise. Before, the Dallas and Toronto lines were charged 4.00 and
// 0.80 reported at the City of Chicago, an Illinois city's fee on a
// Texas sale, and the line said nothing. Now they bear no franchise fee
// and flag their franchiseAreaId not-acted-on, as an unknown area does.
// SEA-VIDEO-2 names no grantor: it is charged at the line's own city.
func TestFranchiseFeeOfAnotherState(t *testing.T) {
	ctx := context.Background()
	e := franchiseExampleEngine(t)
	sale := func(to *wire.Location, area string) wire.SaleResponseLineItem {
		t.Helper()
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"),
			Seller:       &wire.Seller{PhysicalOrigin: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
			Customer:     &wire.Customer{Destination: to},
			LineItems: []wire.SaleLineItem{{LineItemID: "cable", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("80.00"),
				LineDetails: wire.LineDetails{FranchiseAreaID: area}}}}
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.LineItems[0]
	}
	fees := func(l wire.SaleResponseLineItem) map[string]wire.Tax {
		out := map[string]wire.Tax{}
		for _, x := range l.Taxes {
			if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
				out[x.Imposition.Value] = x
			}
		}
		return out
	}
	flagged := func(l wire.SaleResponseLineItem, area string) bool {
		for _, p := range l.AssistedParameters {
			if p.RuleName == NotActedOnRule && p.ParamName == "lineItems[0].franchiseAreaId" && p.OriginalValue == area {
				return true
			}
		}
		return false
	}
	chicago := &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}
	l := sale(chicago, "CHI-CABLE-1")
	if f := fees(l); len(f) != 2 || f["Cable Franchise Fee"].CalculatedTax.String() != "4.00" || f["PEG Access Fee"].CalculatedTax.String() != "0.80" ||
		f["Cable Franchise Fee"].Jurisdiction.JurisdictionID != "US-1714000" || flagged(l, "CHI-CABLE-1") {
		t.Errorf("a Chicago line of CHI-CABLE-1: fees %+v, params %+v; want 4.00 and 0.80 at US-1714000", f, l.AssistedParameters)
	}
	for name, to := range map[string]*wire.Location{
		"Dallas":  {City: "Dallas", MainDivision: "TX", PostalCode: "75201", Country: "US"},
		"Toronto": {City: "Toronto", MainDivision: "ON", PostalCode: "M5H 2N2", Country: "CA"},
	} {
		l := sale(to, "CHI-CABLE-1")
		if f := fees(l); len(f) != 0 || !flagged(l, "CHI-CABLE-1") {
			t.Errorf("a %s line of Chicago's CHI-CABLE-1: fees %+v, params %+v; want none and franchiseAreaId not-acted-on", name, f, l.AssistedParameters)
		}
	}
	// A fee that names no grantor is charged at the line's own city.
	l = sale(&wire.Location{City: "Dallas", MainDivision: "TX", PostalCode: "75201", Country: "US"}, "SEA-VIDEO-2")
	if f := fees(l); len(f) != 1 || f["Video Service Fee"].CalculatedTax.String() != "0.85" || flagged(l, "SEA-VIDEO-2") {
		t.Errorf("SEA-VIDEO-2 without a grantor: fees %+v, want 0.85 (one line)", f)
	}
}
