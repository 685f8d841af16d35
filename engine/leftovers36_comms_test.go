package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
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
