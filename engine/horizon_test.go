package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestContentDates: the content's date is the latest effective date of
// its rates (the default dataset's newest change is Vietnam's return to
// its 10% rate on 2027-01-01, when the temporary 8% of Decree 174/2025
// ends), and its horizon twelve months later; a host's rate that takes
// effect later moves both.
func TestContentDates(t *testing.T) {
	e := testEngine(t)
	newest, horizon := e.ContentDates()
	if newest != civil.MustParse("2027-01-01") || horizon != civil.MustParse("2028-01-01") {
		t.Errorf("content of %s, horizon %s", newest, horizon)
	}
	later := civil.MustParse("2027-07-01")
	host, err := New(context.Background(), WithRates(RateEntry{Rate: jurisdiction.Rate{Jurisdiction: "US-DC", Tax: "SALES",
		Value: decimal.RequireFromString("0.07"), Period: civil.Period{Effective: later}}}))
	if err != nil {
		t.Fatal(err)
	}
	if n, h := host.ContentDates(); n != later || h != civil.MustParse("2028-07-01") {
		t.Errorf("with a host's rate of %s: content of %s, horizon %s", later, n, h)
	}
}

// TestDateBeyondContent: a line dated after the content's horizon is
// calculated as before, with the rates Levy knows, and says so in its
// assistedParameters (its documentDate, or its own taxDate, kept as it
// was); a line dated on the horizon or before says nothing. The notice
// goes beside an unknown product class's.
func TestDateBeyondContent(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	_, horizon := e.ContentDates()
	loc := &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	onHorizon, err := e.Sale(ctx, saleHere(loc, horizon, "1"))
	if err != nil {
		t.Fatal(err)
	}
	if ap := onHorizon.LineItems[0].AssistedParameters; len(ap) != 0 {
		t.Errorf("a line dated on the horizon: %+v", ap)
	}
	after := horizon.AddDays(1)
	far := civil.MustParse("2031-05-01")
	req := saleHere(loc, after, "1")
	req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: "2", Product: &wire.Product{ProductClass: "SAS"}, ExtendedPrice: amt("10000.00"), TaxDate: far},
		wire.SaleLineItem{LineItemID: "3", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("10000.00"), TaxDate: horizon})
	r, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]wire.AssistedParameter{
		{{ParamName: "documentDate", Phase: wire.PhasePre, RuleName: "date-beyond-content", OriginalValue: after.String(), Value: after.String()}},
		{{ParamName: "productClass", Phase: wire.PhasePre, RuleName: "unknown-product-class", OriginalValue: "SAS", Value: "GENERAL"},
			{ParamName: "taxDate", Phase: wire.PhasePre, RuleName: "date-beyond-content", OriginalValue: "2031-05-01", Value: "2031-05-01"}},
		nil,
	}
	for i, w := range want {
		got := r.LineItems[i].AssistedParameters
		if len(got) != len(w) {
			t.Errorf("line %d: %+v, want %+v", i+1, got, w)
			continue
		}
		for k := range w {
			if got[k] != w[k] {
				t.Errorf("line %d: %+v, want %+v", i+1, got[k], w[k])
			}
		}
	}
	if !r.LineItems[0].TotalTax.Decimal().Equal(onHorizon.LineItems[0].TotalTax.Decimal()) {
		t.Errorf("a line after the horizon taxed %s, on it %s", r.LineItems[0].TotalTax, onHorizon.LineItems[0].TotalTax)
	}
	// The other perspectives carry the notice as well.
	p, err := e.Purchase(ctx, &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseOrder, TransactionType: wire.TransactionTypePurchase, DocumentDate: far,
		Vendor: &wire.Vendor{PhysicalOrigin: loc}, Buyer: &wire.Buyer{Company: "ACME", Destination: loc},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "1", ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	if ap := p.LineItems[0].AssistedParameters; len(ap) != 1 || ap[0].RuleName != "date-beyond-content" || ap[0].ParamName != "documentDate" {
		t.Errorf("purchase: %+v", ap)
	}
}
