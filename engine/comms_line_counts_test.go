package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestLineTypeQuantityNotWholeRefused checks that a line with a lineType,
// whose quantity counts its lines (commsEntries), is refused naming
// lineItems[0].quantity.value when its quantity is not a whole number,
// as a lineTypes count of 1.5 is: a quantity of 2.5 of wireless
// service at 0.10 in Birmingham, Alabama, 0.25 of revenue, bore
// Alabama's 911 fee of 2.23 a line on 2.5 lines, 5.58. Three lines are
// charged 6.69 as before, and 2.5 minutes sent with the line in
// lineTypes (a count of 1) bear the fee once.
func TestLineTypeQuantityNotWholeRefused(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	sale := func(qty string, types []wire.LineTypeSet) *wire.SaleRequest {
		req := telecomSale("2026-02-15")
		l := &req.LineItems[0]
		l.LineTypes, l.LineType = types, nil
		if types == nil {
			l.LineType = &wire.LineType{Value: "WIRELESS"}
		}
		l.ExtendedPrice, l.UnitPrice, l.Quantity = nil, amt("0.10"), &wire.Measure{Value: amt(qty)}
		if types != nil {
			// Minutes count no lines; a lineType line's quantity in
			// minutes is refused by its unit (TestCommsLineTypeUsageUnitRefused).
			l.Quantity.UnitOfMeasure = "MIN"
		}
		return req
	}
	_, err := e.Sale(ctx, sale("2.5", nil))
	got := anyRefusal(t, "2.5 wireless lines", err)
	if got.Field != "lineItems[0].quantity.value" || !strings.Contains(got.Message, "2.5") || !strings.Contains(got.Message, "lineTypes") {
		t.Errorf("2.5 wireless lines: %s: %s, want lineItems[0].quantity.value named", got.Field, got.Message)
	}
	resp, err := e.Sale(ctx, sale("3", nil))
	if err != nil {
		t.Fatal(err)
	}
	if fee := byImposition(resp.LineItems[0].Taxes)[e911Imposition]; len(fee) != 1 || fee[0].CalculatedTax.String() != "6.69" {
		t.Errorf("three wireless lines: 911 fee %+v, want 6.69", fee)
	}
	resp, err = e.Sale(ctx, sale("2.5", []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("1")}}))
	if err != nil {
		t.Fatal(err)
	}
	if fee := byImposition(resp.LineItems[0].Taxes)[e911Imposition]; len(fee) != 1 || fee[0].CalculatedTax.String() != "2.23" {
		t.Errorf("2.5 minutes on one wireless line: 911 fee %+v, want 2.23", fee)
	}
}

// TestFranchiseFeePerLineQuantityNotWhole checks that a franchise fee
// per line is refused naming lineItems[0].quantity.value when the line's
// quantity, which counts its lines, is not a whole number: the example
// table's SEA-VIDEO-2 charges 0.85 a line, and 2.5 units of video
// service in Seattle were charged 2.13 (0.85 x 2.5). Three lines are
// charged 2.55, and a fee on revenue (CHI-CABLE-1) takes any quantity.
func TestFranchiseFeePerLineQuantityNotWhole(t *testing.T) {
	e := franchiseExampleEngine(t)
	ctx := context.Background()
	sale := func(city, state, zip, area, qty string) *wire.SaleRequest {
		at := &wire.Location{City: city, MainDivision: state, PostalCode: zip, Country: "US"}
		return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Seller: &wire.Seller{PhysicalOrigin: at}, Customer: &wire.Customer{Destination: at},
			LineItems: []wire.SaleLineItem{{LineItemID: "video", Product: &wire.Product{ProductClass: "SERVICES"}, UnitPrice: amt("10.00"),
				Quantity: &wire.Measure{Value: amt(qty)}, LineDetails: wire.LineDetails{FranchiseAreaID: area}}}}
	}
	fee := func(resp *wire.SaleResponse) []string {
		var out []string
		for _, x := range resp.LineItems[0].Taxes {
			if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
				out = append(out, x.CalculatedTax.String())
			}
		}
		return out
	}
	_, err := e.Sale(ctx, sale("Seattle", "WA", "98101", "SEA-VIDEO-2", "2.5"))
	got := anyRefusal(t, "2.5 lines", err)
	if got.Field != "lineItems[0].quantity.value" || !strings.Contains(got.Message, "SEA-VIDEO-2") {
		t.Errorf("2.5 lines of SEA-VIDEO-2: %s: %s, want lineItems[0].quantity.value named", got.Field, got.Message)
	}
	resp, err := e.Sale(ctx, sale("Seattle", "WA", "98101", "SEA-VIDEO-2", "3"))
	if err != nil {
		t.Fatal(err)
	}
	if f := fee(resp); len(f) != 1 || f[0] != "2.55" {
		t.Errorf("three lines of SEA-VIDEO-2: fees %v, want 2.55", f)
	}
	resp, err = e.Sale(ctx, sale("Chicago", "IL", "60601", "CHI-CABLE-1", "2.5"))
	if err != nil {
		t.Fatal(err)
	}
	if f := fee(resp); len(f) != 2 || f[0] != "1.25" || f[1] != "0.25" {
		t.Errorf("CHI-CABLE-1 on 25.00: fees %v, want 1.25 and 0.25", f)
	}
}

// anyRefusal returns the refusal err holds, alone or as the only one of
// a list, or fails.
func anyRefusal(t *testing.T, name string, err error) *levy.Error {
	t.Helper()
	var list levy.Errors
	var one *levy.Error
	switch {
	case errors.As(err, &list) && len(list) == 1:
		one = list[0]
	case errors.As(err, &list):
		t.Fatalf("%s: want one error, got %v", name, err)
	case !errors.As(err, &one):
		t.Fatalf("%s: want a refusal, got %v", name, err)
	}
	if one.Code != levy.EInvalid {
		t.Errorf("%s: code %s", name, one.Code)
	}
	return one
}

// TestParentLineWireFieldsRefused checks that a line that is not
// calculated (multicomponent, or with child lines and no price of its
// own) is refused, naming the member, when it sends line types, a
// franchise area or Intrastat members, which would reach no line. A
// multicomponent telecom bundle in Birmingham with two wireless lines
// and a landline and Seattle's SEA-VIDEO-2 on the parent, its 60.00 on a
// child line, bore no USF, excise tax, 911 fee nor franchise fee, and a
// kit sent from Berlin to Paris with its CN8 code, unit, mass and origin
// on the parent stored its child lines without them, and the response
// said nothing of either. Sent on the child line, they act.
func TestParentLineWireFieldsRefused(t *testing.T) {
	ctx := context.Background()
	e := franchiseExampleEngine(t)
	bundle := func(onParent bool) *wire.SaleRequest {
		req := telecomSale("2026-06-15")
		p := &req.LineItems[0]
		child := wire.SaleLineItem{LineItemID: "c1", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("60.00")}
		if onParent {
			p.FranchiseAreaID = "SEA-VIDEO-2"
		} else {
			child.LineDetails, p.LineDetails = p.LineDetails, wire.LineDetails{}
			child.FranchiseAreaID = "SEA-VIDEO-2"
		}
		p.ExtendedPrice, p.IsMulticomponent, p.LineItems = nil, true, []wire.SaleLineItem{child}
		return req
	}
	_, err := e.Sale(ctx, bundle(true))
	var errs levy.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("line types and a franchise area on a multicomponent parent: %v, want them refused", err)
	}
	fields := map[string]bool{}
	for _, x := range errs {
		fields[x.Field] = strings.Contains(x.Message, "child lines")
	}
	for _, f := range []string{"lineItems[0].lineTypes", "lineItems[0].franchiseAreaId"} {
		if !fields[f] {
			t.Errorf("%s not refused (or without saying where it goes): %v", f, err)
		}
	}
	resp, err := e.Sale(ctx, bundle(false))
	if err != nil {
		t.Fatal(err)
	}
	got := byImposition(resp.LineItems[0].LineItems[0].Taxes)
	if len(got[usfImposition]) != 1 || len(got[e911Imposition]) != 2 || len(got[franchiseImpositionType]) != 1 {
		t.Errorf("the child line's taxes %v, want the USF, two 911 fees and the franchise fee", got)
	}

	kit := goods("kit", "0", "84713000", 11, 3, 4, "PST", "1", "CHN")
	kit.ExtendedPrice, kit.LineItems = nil, []wire.SaleLineItem{
		{LineItemID: "c1", Product: &wire.Product{ProductClass: "ELECTRONICS"}, ExtendedPrice: amt("700.00")}}
	req := euDispatch("KIT-1", "2026-03-02", "FR", kit)
	_, err = testEngine(t).Sale(levy.WithTenant(ctx, "acme-de"), req)
	got1 := anyRefusal(t, "a kit's CN8 code on its parent", err)
	if got1.Field != "lineItems[0].intrastatCommodityCode" || !strings.Contains(got1.Message, "child lines") {
		t.Errorf("a kit's Intrastat members on its parent: %s: %s, want lineItems[0].intrastatCommodityCode named", got1.Field, got1.Message)
	}
}
