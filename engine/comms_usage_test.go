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

// TestCommsLineTypeUsageUnitRefused checks that a lineType line whose
// quantity is usage (500 minutes, 20 gigabytes) is refused naming its
// unitOfMeasure: its quantity counts the line's lines, and 500 minutes
// of one wireless line were charged Alabama's 911 fee 500 times
// (1,115.00). A unit of pieces, none, or months still counts lines, and
// the usage sent with its lines in lineTypes is charged on those lines.
func TestCommsLineTypeUsageUnitRefused(t *testing.T) {
	e := testEngine(t)
	usage := func(qty, unit string) *wire.SaleRequest {
		req := telecomSale("2026-02-15")
		l := &req.LineItems[0]
		l.LineTypes, l.LineType = nil, &wire.LineType{Value: "WIRELESS"}
		l.ExtendedPrice, l.UnitPrice, l.Quantity = nil, amt("0.10"), &wire.Measure{Value: amt(qty), UnitOfMeasure: unit}
		return req
	}
	for _, unit := range []string{"MIN", "E34", "gb", "SEC", "HUR"} {
		_, err := e.Sale(context.Background(), usage("500", unit))
		got := refusal(t, unit, err)
		if got.Field != "lineItems[0].quantity.unitOfMeasure" || !strings.Contains(got.Message, unit) || !strings.Contains(got.Message, "lineTypes") {
			t.Errorf("%s: %s: %s, want the unit named and lineTypes asked for", unit, got.Field, got.Message)
		}
	}
	// Three wireless lines at 0.10 each, counted as pieces, as no unit,
	// or as months of one line: 2.23 on each of 3, 6.69.
	for _, unit := range []string{"EA", "", "C62", "MON"} {
		resp, err := e.Sale(context.Background(), usage("3", unit))
		if err != nil {
			t.Errorf("%q: %v", unit, err)
			continue
		}
		if e911 := byImposition(resp.LineItems[0].Taxes)[e911Imposition]; len(e911) != 1 || e911[0].CalculatedTax.String() != "6.69" {
			t.Errorf("%q: 911 fee %+v, want 6.69 on 3 lines", unit, e911)
		}
	}
	// The usage with its one line in lineTypes: 500 minutes at 0.10 is
	// 50.00; one 911 fee of 2.23; the USF on 50.00 x 37.1% = 18.55 at
	// 37.6%, 6.97.
	req := usage("500", "MIN")
	req.LineItems[0].LineType, req.LineItems[0].LineTypes = nil, []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("1")}}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got := byImposition(resp.LineItems[0].Taxes)
	if e911 := got[e911Imposition]; len(e911) != 1 || e911[0].CalculatedTax.String() != "2.23" {
		t.Errorf("911 fee %+v, want 2.23 on the one line", e911)
	}
	if usf := got[usfImposition]; len(usf) != 1 || usf[0].Taxable.String() != "18.55" || usf[0].CalculatedTax.String() != "6.97" {
		t.Errorf("USF %+v, want 6.97 on 18.55", usf)
	}
}

// TestFranchisePerLineUsageUnitRefused checks that a line in a franchise
// area with a fee per line, whose quantity counts its lines (no
// lineTypes), is refused naming its unitOfMeasure when the quantity is
// usage: 500 minutes of video service in Seattle's area were charged its
// fee of 0.85 500 times (425.00). Three lines counted as pieces bear it
// on each, 2.55.
func TestFranchisePerLineUsageUnitRefused(t *testing.T) {
	e := franchiseExampleEngine(t)
	req := cableAndVideoSale("80.00", "40.00")
	l := &req.LineItems[1]
	l.LineTypes, l.ExtendedPrice, l.UnitPrice = nil, nil, amt("0.08")
	l.Quantity = &wire.Measure{Value: amt("500"), UnitOfMeasure: "MIN"}
	_, err := e.Sale(context.Background(), req)
	var got *levy.Error
	if !errors.As(err, &got) || got.Code != levy.EInvalid {
		t.Fatalf("minutes: %v, want a refusal", err)
	}
	if got.Field != "lineItems[1].quantity.unitOfMeasure" || !strings.Contains(got.Message, "SEA-VIDEO-2") || !strings.Contains(got.Message, "lineTypes") {
		t.Errorf("%s: %s, want the unit named with the area", got.Field, got.Message)
	}
	l.UnitPrice, l.Quantity = amt("13.00"), &wire.Measure{Value: amt("3"), UnitOfMeasure: "EA"}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	fee := ""
	for _, x := range resp.LineItems[1].Taxes {
		if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
			fee = x.CalculatedTax.String()
		}
	}
	if fee != "2.55" {
		t.Errorf("per-line fee %q, want 0.85 on each of 3 lines, 2.55", fee)
	}
}

// telecomPurchase is the telecomSale's month of service in Birmingham,
// Alabama, bought: two wireless lines and a local-only landline for
// 90.00, of message type mt.
func telecomPurchase(mt wire.PurchaseMessageType) *wire.PurchaseRequest {
	bham := &wire.Location{City: "Birmingham", MainDivision: "AL", PostalCode: "35203", Country: "US"}
	return &wire.PurchaseRequest{PurchaseMessageType: mt, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-02-15"),
		Vendor:       &wire.Vendor{PhysicalOrigin: bham}, Buyer: &wire.Buyer{Destination: bham},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "plan", Purchase: &wire.Purchase{PurchaseClass: "SERVICES"}, ExtendedPrice: amt("90.00"),
			LineDetails: wire.LineDetails{LineTypes: []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("2")}, {Value: "LOCAL", Count: amt("1")}}}}}}
}

// TestCommsBuyerAccrualLeavesOutUSF checks that a buyer's accrual of
// communications service accrues what the buyer owes and not the USF,
// the carrier's own contribution (47 U.S.C. 254(d)): the federal excise
// tax (26 U.S.C. 4251(a)(2): paid by the person paying for the service),
// 3% of the 30.00 local-only line, 0.90, and Alabama's 911 fee, 2.23 on
// each of the three lines, collected from the buyer. Before, the
// accrual accrued the USF of 8.37 too. The vendor's invoice checked
// (INVOICE_VERIFICATION) keeps the USF the carrier passes on.
func TestCommsBuyerAccrualLeavesOutUSF(t *testing.T) {
	e := testEngine(t)
	for _, mt := range []wire.PurchaseMessageType{wire.PurchaseAccrual, wire.PurchaseAccrualSync} {
		req := telecomPurchase(mt)
		if mt == wire.PurchaseAccrualSync {
			req.DocumentNumber = "comms-accrual-sync"
		}
		resp, err := e.Purchase(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", mt, err)
		}
		got := byImposition(resp.LineItems[0].Taxes)
		if usf := got[usfImposition]; len(usf) != 0 {
			t.Errorf("%s: the buyer accrues the USF: %+v", mt, usf)
		}
		if fet := got[fetImposition]; len(fet) != 1 || fet[0].CalculatedTax.String() != "0.90" || fet[0].TaxCollectedFromParty != wire.TaxCollectedFromBuyer {
			t.Errorf("%s: FET %+v, want 0.90 accrued by the buyer", mt, fet)
		}
		e911 := got[e911Imposition]
		if len(e911) != 2 || e911[0].CalculatedTax.String() != "4.46" || e911[1].CalculatedTax.String() != "2.23" {
			t.Errorf("%s: 911 fees %+v, want 4.46 and 2.23", mt, e911)
		}
		for _, p := range resp.LineItems[0].AssistedParameters {
			if p.RuleName == TaxNotComputedRule {
				t.Errorf("%s: %+v", mt, p)
			}
		}
	}
	resp, err := e.Purchase(context.Background(), telecomPurchase(wire.PurchaseInvoiceVerification))
	if err != nil {
		t.Fatal(err)
	}
	if usf := byImposition(resp.LineItems[0].Taxes)[usfImposition]; len(usf) != 1 || usf[0].CalculatedTax.String() != "8.37" {
		t.Errorf("invoice verification: USF %+v, want the 8.37 the carrier passes on", usf)
	}
}
