package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestFranchiseFees loads the example franchise table as content and
// checks that a line whose franchiseAreaId matches bears its fees, and
// that one whose area the table lacks says so.
func TestFranchiseFees(t *testing.T) {
	ctx := context.Background()
	e := franchiseExampleEngine(t)
	req := cableAndVideoSale("80.00", "40.00")
	req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: "unknown", Product: &wire.Product{ProductClass: "SERVICES"},
		ExtendedPrice: amt("10.00"), LineDetails: wire.LineDetails{FranchiseAreaID: "NOWHERE-9"}})
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

// TestFranchiseFeesOnCredit checks that a credit of franchised service
// (negative amounts) credits the fees its sale bore: a revenue fee
// (Chicago's cable fee of 5%) and a fee per line (Seattle's video fee of
// 0.85 on each of 3 lines). Before, each was called exempt at 0.00.
func TestFranchiseFeesOnCredit(t *testing.T) {
	ctx := context.Background()
	e := franchiseExampleEngine(t)
	req := cableAndVideoSale("-80.00", "-40.00")
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	want := []map[string]string{{"Cable Franchise Fee": "-4.00", "PEG Access Fee": "-0.80"}, {"Video Service Fee": "-2.55"}}
	for i, w := range want {
		got := map[string]string{}
		for _, x := range resp.LineItems[i].Taxes {
			if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
				got[x.Imposition.Value] = x.CalculatedTax.String() + " " + string(x.TaxResult)
			}
		}
		for name, tax := range w {
			if got[name] != tax+" TAXABLE" {
				t.Errorf("line %d: %s is %q, want %s TAXABLE", i, name, got[name], tax)
			}
		}
	}
}

// TestFranchiseProfile: a tenant's franchise records, kept in each kind
// of profile store, charge the fees of their areas on the tenant's
// lines, in place of the server's fees of those areas (in force or
// not); an area the tenant has no fee of takes the server's; another
// tenant sees none of them; an area neither has is flagged.
func TestFranchiseProfile(t *testing.T) {
	for name, open := range profileStores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			store := open(t)
			svc := profile.NewService(store, profile.Config{})
			rate, perLine := decimal.RequireFromString("0.07"), decimal.RequireFromString("1.25")
			if _, err := svc.Apply(ctx, "acme", "test", profile.ChangeSet{Franchises: []profile.Franchise{
				{AreaID: "CHI-CABLE-1", Name: "Cable Franchise Fee", Jurisdiction: "US-1714000", Rate: &rate,
					EffectiveDate: civil.MustParse("2026-01-01"), ExpirationDate: civil.MustParse("2026-12-31"), Source: "acme's agreement of 2025"},
				{AreaID: "ACME-TEL-1", Name: "Telecom Franchise Fee", Amount: &perLine, Source: "acme's telecom franchise"},
				{AreaID: "ACME-TEL-1", Name: "State Franchise Fee", Jurisdiction: "IL", Rate: &rate},
			}}); err != nil {
				t.Fatal(err)
			}
			e, _ := profileEngine(t, store, franchiseExample())
			chicago := &wire.Customer{Destination: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}}
			sale := func(tenant, date string) *wire.SaleResponse {
				t.Helper()
				req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
					DocumentDate: civil.MustParse(date),
					Seller:       &wire.Seller{PhysicalOrigin: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
					Customer:     chicago,
					LineItems: []wire.SaleLineItem{
						{LineItemID: "cable", Product: &wire.Product{ProductClass: "DIGITAL_STREAMING"}, ExtendedPrice: amt("80.00"),
							LineDetails: wire.LineDetails{FranchiseAreaID: "CHI-CABLE-1"}},
						{LineItemID: "tel", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("50.00"),
							LineDetails: wire.LineDetails{FranchiseAreaID: "ACME-TEL-1", LineTypes: []wire.LineTypeSet{{Value: "VOIP", Count: amt("2")}}}},
						{LineItemID: "video", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("40.00"),
							Customer:    &wire.Customer{Destination: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
							LineDetails: wire.LineDetails{FranchiseAreaID: "SEA-VIDEO-2", LineTypes: []wire.LineTypeSet{{Value: "VOIP", Count: amt("3")}}}},
						{LineItemID: "unknown", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("10.00"),
							LineDetails: wire.LineDetails{FranchiseAreaID: "NOWHERE-9"}},
					}}
				resp, err := e.Sale(levy.WithTenant(ctx, tenant), req)
				if err != nil {
					t.Fatal(err)
				}
				return resp
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
			flagged := func(r *wire.SaleResponse, i int) bool {
				for _, p := range r.LineItems[i].AssistedParameters {
					if p.RuleName == NotActedOnRule && p.ParamName == fmt.Sprintf("lineItems[%d].franchiseAreaId", i) {
						return true
					}
				}
				return false
			}

			acme := sale("acme", "2026-06-01")
			// The tenant's 7% replaces the server's 5% and 1% of the area.
			chi := fees(acme.LineItems[0])
			if f, ok := chi["Cable Franchise Fee"]; !ok || f.CalculatedTax.String() != "5.60" || f.Jurisdiction.JurisdictionID != "US-1714000" ||
				f.CalculationRuleID.Value != "franchise-fee-CHI-CABLE-1" || f.ImpositionType.Value != "Franchise Fee" || len(chi) != 1 {
				t.Errorf("acme's cable fee: %+v", chi)
			}
			if flagged(acme, 0) {
				t.Error("acme's area is flagged")
			}
			// A per-line fee at the most local general government of the
			// place, and a rate at the state that grants it.
			tel := fees(acme.LineItems[1])
			// The most local jurisdiction of 60601's chain is its transit
			// district, which grants no franchise: the fee is the city's.
			last := "US-1714000"
			if f, ok := tel["Telecom Franchise Fee"]; !ok || f.CalculatedTax.String() != "2.50" || f.TaxStructure != wire.TaxStructureQuantity ||
				f.CalculationRuleID.Value != "franchise-fee-ACME-TEL-1" || f.Jurisdiction.JurisdictionID != last {
				t.Errorf("acme's per-line fee: %+v, want 2 lines at 1.25 in %s", f, last)
			}
			if f, ok := tel["State Franchise Fee"]; !ok || f.CalculatedTax.String() != "3.50" || f.Jurisdiction.JurisdictionID != "US-IL" {
				t.Errorf("acme's state fee: %+v", f)
			}
			// An area the tenant has no fee of takes the server's.
			if f, ok := fees(acme.LineItems[2])["Video Service Fee"]; !ok || f.CalculatedTax.String() != "2.55" {
				t.Errorf("the server's fee for acme: %+v", acme.LineItems[2].Taxes)
			}
			if len(fees(acme.LineItems[3])) != 0 || !flagged(acme, 3) {
				t.Errorf("an unknown area: %+v %+v", acme.LineItems[3].Taxes, acme.LineItems[3].AssistedParameters)
			}

			// Another tenant sees the server's fees only.
			other := sale("other", "2026-06-01")
			chi = fees(other.LineItems[0])
			if chi["Cable Franchise Fee"].CalculatedTax.String() != "4.00" || chi["PEG Access Fee"].CalculatedTax.String() != "0.80" {
				t.Errorf("the other tenant's cable fees: %+v", chi)
			}
			if len(fees(other.LineItems[1])) != 0 || !flagged(other, 1) {
				t.Errorf("the other tenant bears acme's fee: %+v", other.LineItems[1].Taxes)
			}

			// Once acme's fee has expired its area has no fee: the
			// server's do not come back.
			late := sale("acme", "2027-02-01")
			if len(fees(late.LineItems[0])) != 0 || !flagged(late, 0) {
				t.Errorf("acme's expired fee: %+v %+v", late.LineItems[0].Taxes, late.LineItems[0].AssistedParameters)
			}
			if f := fees(late.LineItems[1]); len(f) != 2 {
				t.Errorf("acme's fees without an end: %+v", f)
			}
		})
	}
}

// TestFranchiseFeeAtItsAuthority checks where a fee that names no grantor
// is charged: at the most local general government of the line's place,
// not at the special districts after it in the chain. Seattle's video fee
// of the example table is the city's (US-5363000); before, it was charged
// at Sound Transit, the last district of 98101's chain, and reported as
// that transit authority's.
func TestFranchiseFeeAtItsAuthority(t *testing.T) {
	ctx := context.Background()
	e := franchiseExampleEngine(t)
	seattle := &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Seller: &wire.Seller{PhysicalOrigin: seattle}, Customer: &wire.Customer{Destination: seattle},
		LineItems: []wire.SaleLineItem{{LineItemID: "video", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("40.00"),
			Quantity: &wire.Measure{Value: amt("3")}, LineDetails: wire.LineDetails{FranchiseAreaID: "SEA-VIDEO-2"}}}}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	var fee *wire.Tax
	districts := 0
	for i, x := range resp.LineItems[0].Taxes {
		if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
			fee = &resp.LineItems[0].Taxes[i]
		}
		if x.Jurisdiction.JurisdictionType == jurisdiction.TransitDistrict {
			districts++
		}
	}
	if districts == 0 {
		t.Fatalf("98101's chain has no transit district, the test proves nothing: %+v", resp.LineItems[0].Taxes)
	}
	if fee == nil || fee.Jurisdiction.JurisdictionID != "US-5363000" || fee.Jurisdiction.JurisdictionType != jurisdiction.City ||
		fee.CalculatedTax.String() != "2.55" {
		t.Errorf("Seattle's video fee %+v, want 2.55 at the city of Seattle (US-5363000)", fee)
	}
}

// TestFranchiseAreaOnBrazilianLine checks that a Brazilian line, whose
// taxes are Brazil's own and bear no franchise fee nor US communications
// tax, flags its franchiseAreaId and line types not-acted-on, even when
// the franchise table has the area. Before, it said nothing of them.
func TestFranchiseAreaOnBrazilianLine(t *testing.T) {
	ctx := context.Background()
	e := franchiseExampleEngine(t)
	req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-09-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "BRL"},
		Vendor: &wire.Vendor{PhysicalOrigin: brTo("Rio de Janeiro", "RJ")}, Buyer: &wire.Buyer{Destination: brTo("São Paulo", "SP")},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "SERVICES"},
			CommodityCode: &wire.CommodityCode{CommodityCodeType: "LC116", Value: "17.01"}, ExtendedPrice: amt("1000.00"),
			LineDetails: wire.LineDetails{NatureOfFiscalOperation: wire.OperationPrestacaoServico, FranchiseAreaID: "CHI-CABLE-1",
				LineTypes: []wire.LineTypeSet{{Value: "VOIP", Count: amt("3")}}}}}}
	resp, err := e.Purchase(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"lineItems[0].franchiseAreaId": "CHI-CABLE-1", "lineItems[0].lineTypes[0].value": "VOIP"}
	for _, p := range resp.LineItems[0].AssistedParameters {
		if p.RuleName == NotActedOnRule && want[p.ParamName] == p.Value {
			delete(want, p.ParamName)
		}
	}
	if len(want) != 0 {
		t.Errorf("not flagged not-acted-on: %v, among %+v", want, resp.LineItems[0].AssistedParameters)
	}
	for _, x := range resp.LineItems[0].Taxes {
		if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
			t.Errorf("a Brazilian line bears a franchise fee: %+v", x)
		}
	}
}

// franchiseExample is the example franchise table as content, as of
// 2026-06-01.
func franchiseExample() Option {
	return WithContent(content.Options{AsOf: civil.MustParse("2026-06-01")},
		content.Source{Path: "../data/content/testdata/franchise-example.csv"})
}

// franchiseExampleEngine is an engine with the example franchise table.
func franchiseExampleEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := New(context.Background(), franchiseExample())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// cableAndVideoSale is a quotation from Chicago of cable service in
// Chicago's franchise area (CHI-CABLE-1) and video service to Seattle in
// its area (SEA-VIDEO-2, 3 VoIP lines), at the two prices given.
func cableAndVideoSale(cable, video string) *wire.SaleRequest {
	chicago := &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"),
		Seller:       &wire.Seller{PhysicalOrigin: chicago},
		Customer:     &wire.Customer{Destination: chicago},
		LineItems: []wire.SaleLineItem{
			{LineItemID: "cable", Product: &wire.Product{ProductClass: "DIGITAL_STREAMING"}, ExtendedPrice: amt(cable),
				LineDetails: wire.LineDetails{FranchiseAreaID: "CHI-CABLE-1"}},
			{LineItemID: "video", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt(video),
				Customer:    &wire.Customer{Destination: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
				LineDetails: wire.LineDetails{FranchiseAreaID: "SEA-VIDEO-2", LineTypes: []wire.LineTypeSet{{Value: "VOIP", Count: amt("3")}}}},
		}}
}
