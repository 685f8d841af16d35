package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/wire"
)

// TestFranchiseFees loads the example franchise table as content and
// checks that a line whose franchiseAreaId matches bears its fees, and
// that one whose area the table lacks says so.
func TestFranchiseFees(t *testing.T) {
	ctx := context.Background()
	e, err := New(ctx, WithContent(content.Options{AsOf: civil.MustParse("2026-06-01")},
		content.Source{Path: "../data/content/testdata/franchise-example.csv"}))
	if err != nil {
		t.Fatal(err)
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"),
		Seller:       &wire.Seller{PhysicalOrigin: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
		Customer:     &wire.Customer{Destination: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
		LineItems: []wire.SaleLineItem{
			{LineItemID: "cable", Product: &wire.Product{ProductClass: "DIGITAL_STREAMING"}, ExtendedPrice: amt("80.00"),
				LineDetails: wire.LineDetails{FranchiseAreaID: "CHI-CABLE-1"}},
			{LineItemID: "video", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("40.00"),
				Customer:    &wire.Customer{Destination: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
				LineDetails: wire.LineDetails{FranchiseAreaID: "SEA-VIDEO-2", LineTypes: []wire.LineTypeSet{{Value: "VOIP", Count: amt("3")}}}},
			{LineItemID: "unknown", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("10.00"),
				LineDetails: wire.LineDetails{FranchiseAreaID: "NOWHERE-9"}},
		}}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
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
	chi := fees(resp.LineItems[0])
	if f := chi["Cable Franchise Fee"]; f.CalculatedTax.String() != "4.00" || f.Jurisdiction.JurisdictionID != "US-1714000" ||
		f.CalculationRuleID.Value != "franchise-fee-CHI-CABLE-1" {
		t.Errorf("cable fee %+v", f)
	}
	if f := chi["PEG Access Fee"]; f.CalculatedTax.String() != "0.80" {
		t.Errorf("PEG fee %+v", f)
	}
	sea := fees(resp.LineItems[1])
	if f := sea["Video Service Fee"]; f.CalculatedTax.String() != "2.55" || f.TaxStructure != wire.TaxStructureQuantity {
		t.Errorf("per-line fee %+v, want 3 lines at 0.85", f)
	}
	if len(fees(resp.LineItems[2])) != 0 {
		t.Errorf("an unknown area bears fees: %+v", resp.LineItems[2].Taxes)
	}
	want := wire.AssistedParameter{ParamName: "lineItems[2].franchiseAreaId", Phase: wire.PhasePre, RuleName: NotActedOnRule,
		OriginalValue: "NOWHERE-9", Value: "NOWHERE-9"}
	found := false
	for _, p := range resp.LineItems[2].AssistedParameters {
		found = found || p == want
	}
	if !found {
		t.Errorf("the unknown area is not flagged: %+v", resp.LineItems[2].AssistedParameters)
	}
	for _, p := range resp.LineItems[0].AssistedParameters {
		if p.RuleName == NotActedOnRule && p.ParamName == "lineItems[0].franchiseAreaId" {
			t.Errorf("a matched area is flagged: %+v", p)
		}
	}
	// A fee out of force on the date is not charged, and the area is
	// flagged.
	req.DocumentDate = civil.MustParse("2027-02-01")
	resp, err = e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if len(fees(resp.LineItems[1])) != 0 {
		t.Errorf("an expired fee is charged: %+v", resp.LineItems[1].Taxes)
	}
	// A customer exempt from tax is exempt from the fee too, and the
	// line's totals count it.
	req.DocumentDate = civil.MustParse("2026-06-01")
	req.Customer.IsTaxExempt = true
	resp, err = e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if f := fees(resp.LineItems[0])["Cable Franchise Fee"]; f.TaxResult != wire.TaxResultExempt {
		t.Errorf("exempt customer: %+v", f)
	}
}
