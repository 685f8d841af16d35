package engine

import (
	"context"
	"reflect"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// californiaTax returns California's tax of l: its amount and its
// calculationRuleId ("" without one).
func californiaTax(l wire.SaleResponseLineItem) (tax, rule string) {
	for _, x := range l.Taxes {
		if x.Jurisdiction.JurisdictionID == "US-CA" {
			tax = x.CalculatedTax.String()
			if x.CalculationRuleID != nil {
				rule = x.CalculationRuleID.Value
			}
		}
	}
	return tax, rule
}

// TestUnusedRateOverrideKeepsTheRule checks that a tax whose rate
// override changed nothing (a QUANTITY structure's charge per unit, a
// TIERED or BRACKET structure charged at its tiers' own rates) keeps the
// calculationRuleId it bears without the override, as its not-acted-on
// parameter says the override did nothing. Before, it bore
// "rate-override". A tax that the override's rate reaches (a tier
// without a rate of its own) bears "rate-override" still.
func TestUnusedRateOverrideKeepsTheRule(t *testing.T) {
	ctx := context.Background()
	d := func(s string) *decimal.Decimal { v := decimal.RequireFromString(s); return &v }
	for _, c := range []struct {
		name  string
		s     rules.Structure
		acted bool
	}{
		{"tiered, all own rates", rules.Structure{Kind: rules.Tiered, Tiers: []rules.Tier{{UpTo: d("50"), Rate: d("0.02")}, {Rate: d("0.04")}}}, false},
		{"bracket, all own rates", rules.Structure{Kind: rules.Bracket, Tiers: []rules.Tier{{UpTo: d("50"), Rate: d("0.02")}, {Rate: d("0.04")}}}, false},
		{"quantity", rules.Structure{Kind: rules.Quantity, PerUnit: d("0.75")}, false},
		{"tiered, into the jurisdiction's rate", rules.Structure{Kind: rules.Tiered, Tiers: []rules.Tier{{UpTo: d("50"), Rate: d("0.02")}, {}}}, true},
	} {
		s := c.s
		s.ID, s.Jurisdiction, s.Currency = "ca-tiers", "US-CA", "USD"
		e, err := New(ctx, WithRules(nil, []rules.Structure{s}))
		if err != nil {
			t.Fatal(err)
		}
		sale := func(ro []wire.RateOverride, doc bool) wire.SaleResponseLineItem {
			t.Helper()
			req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
			if doc {
				req.RateOverrides = ro
			} else {
				req.LineItems[0].RateOverrides = ro
			}
			resp, err := e.Sale(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			return resp.LineItems[0]
		}
		plainTax, plainRule := californiaTax(sale(nil, false))
		if plainRule == "" || plainRule == "rate-override" {
			t.Fatalf("%s: California's rule without an override %q", c.name, plainRule)
		}
		for _, doc := range []bool{false, true} {
			l := sale([]wire.RateOverride{{JurisdictionType: jurisdiction.State, Rate: amt("0.01")}}, doc)
			tax, rule := californiaTax(l)
			want := plainRule
			if c.acted {
				want = "rate-override"
			} else if tax != plainTax {
				t.Errorf("%s (the document's %v): California %s with the override, %s without", c.name, doc, tax, plainTax)
			}
			if rule != want {
				t.Errorf("%s (the document's %v): California's calculationRuleId %q, want %q (parameters %+v)",
					c.name, doc, rule, want, l.AssistedParameters)
			}
		}
	}
}

// TestUnknownPurchaseClassSaysSo checks that a purchase or owner line
// whose purchaseClass no rule knows (DIGITAL_SERVICES) is taxed as
// GENERAL, charged as a GENERAL line is, and says so under its own
// member: paramName purchase.purchaseClass, ruleName
// unknown-product-class, the class sent as originalValue. Before, the
// parameter named productClass, a member that a purchase line does not
// have. A known class says nothing.
func TestUnknownPurchaseClassSaysSo(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	want := []wire.AssistedParameter{{ParamName: "purchase.purchaseClass", Phase: wire.PhasePre, RuleName: "unknown-product-class",
		OriginalValue: "DIGITAL_SERVICES", Value: "GENERAL"}}
	purchase := func(class string) wire.PurchaseResponseLineItem {
		t.Helper()
		req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseOrder, TransactionType: wire.TransactionTypePurchase, DocumentDate: civil.MustParse("2026-03-02"),
			Vendor: &wire.Vendor{PhysicalOrigin: sfAddr}, Buyer: &wire.Buyer{Company: "ACME", Destination: chicagoAddr},
			LineItems: []wire.PurchaseLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: class}, ExtendedPrice: amt("1000.00")}}}
		r, err := e.Purchase(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return r.LineItems[0]
	}
	general, unknown := purchase("GENERAL"), purchase("DIGITAL_SERVICES")
	if len(general.AssistedParameters) != 0 {
		t.Errorf("GENERAL: parameters %+v, want none", general.AssistedParameters)
	}
	if !reflect.DeepEqual(unknown.AssistedParameters, want) {
		t.Errorf("DIGITAL_SERVICES: parameters %+v, want %+v", unknown.AssistedParameters, want)
	}
	if unknown.TotalTax.String() != general.TotalTax.String() || unknown.TotalTax.Sign() == 0 {
		t.Errorf("DIGITAL_SERVICES charged %s, GENERAL %s: want the same, not zero", unknown.TotalTax, general.TotalTax)
	}

	own := &wire.OwnerRequest{OwnerMessageType: wire.OwnerAssetMovement, DocumentDate: civil.MustParse("2026-03-02"),
		Owner:     &wire.Owner{Company: "ACME", PhysicalOrigin: sfAddr, Destination: chicagoAddr},
		LineItems: []wire.OwnerLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "DIGITAL_SERVICES"}, ExtendedPrice: amt("1000.00")}}}
	r, err := e.Owner(ctx, own)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.LineItems[0].AssistedParameters; !reflect.DeepEqual(got, want) {
		t.Errorf("owner line of DIGITAL_SERVICES: parameters %+v, want %+v", got, want)
	}

	// A sale line's class is still its productClass.
	sale, err := e.Sale(ctx, usSale("200 N Spring St", "Los Angeles", "CA", "90012", "DIGITAL_SERVICES", "100.00"))
	if err != nil {
		t.Fatal(err)
	}
	if got := sale.LineItems[0].AssistedParameters; len(got) != 1 || got[0].ParamName != "productClass" || got[0].RuleName != "unknown-product-class" {
		t.Errorf("sale line of DIGITAL_SERVICES: parameters %+v, want productClass unknown-product-class", got)
	}
}
