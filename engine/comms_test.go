package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// telecomSale is a month of service in Birmingham, Alabama: two wireless
// lines and a local-only landline for 90.00.
func telecomSale(date string) *wire.SaleRequest {
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse(date),
		Seller:       &wire.Seller{PhysicalOrigin: &wire.Location{City: "Birmingham", MainDivision: "AL", PostalCode: "35203", Country: "US"}},
		Customer:     &wire.Customer{Destination: &wire.Location{City: "Birmingham", MainDivision: "AL", PostalCode: "35203", Country: "US"}},
		LineItems: []wire.SaleLineItem{{LineItemID: "plan", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt("90.00"),
			LineDetails: wire.LineDetails{LineTypes: []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("2")}, {Value: "LOCAL", Count: amt("1")}}}}}}
}

// byImposition collects a line's communications taxes by imposition type.
func byImposition(taxes []wire.Tax) map[string][]wire.Tax {
	out := map[string][]wire.Tax{}
	for _, t := range taxes {
		if t.ImpositionType != nil {
			out[t.ImpositionType.Value] = append(out[t.ImpositionType.Value], t)
		}
	}
	return out
}

// TestCommsTaxes checks a telecom line with lineTypes: the USF at the
// factor of its quarter on the wireless safe harbor, the federal excise
// tax on the local-only line, and Alabama's 911 fee per line, each a tax
// of its own imposition type.
func TestCommsTaxes(t *testing.T) {
	e := testEngine(t)
	resp, err := e.Sale(context.Background(), telecomSale("2026-02-15"))
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	got := byImposition(l.Taxes)
	usf := got[usfImposition]
	// 60.00 of wireless revenue (two of three lines), 37.1% interstate:
	// 22.26 at 37.6% (Q1 2026) is 8.37.
	if len(usf) != 1 || usf[0].CalculatedTax.String() != "8.37" || usf[0].Taxable.String() != "22.26" ||
		usf[0].NominalRate.String() != "0.376" || usf[0].Jurisdiction.JurisdictionID != "US" || usf[0].CalculationRuleID.Value != "us-usf-2026-q1" {
		t.Errorf("USF %+v", usf)
	}
	if fet := got[fetImposition]; len(fet) != 1 || fet[0].CalculatedTax.String() != "0.90" || fet[0].Taxable.String() != "30.00" {
		t.Errorf("FET %+v, want 3%% of the 30.00 of local-only service", fet)
	}
	e911 := got[e911Imposition]
	if len(e911) != 2 || e911[0].CalculatedTax.String() != "4.46" || e911[1].CalculatedTax.String() != "2.23" ||
		e911[0].Jurisdiction.JurisdictionID != "US-AL" || e911[0].TaxStructure != wire.TaxStructureQuantity {
		t.Errorf("911 fees %+v, want 2.23 a line: 4.46 for two wireless lines, 2.23 for the landline", e911)
	}
	for _, p := range l.AssistedParameters {
		if p.RuleName == NotActedOnRule || p.RuleName == TaxNotComputedRule {
			t.Errorf("a line Levy has content for says %+v", p)
		}
	}
	// The quarter before: 38.1%.
	resp, err = e.Sale(context.Background(), telecomSale("2025-12-31"))
	if err != nil {
		t.Fatal(err)
	}
	if usf := byImposition(resp.LineItems[0].Taxes)[usfImposition]; len(usf) != 1 || usf[0].CalculatedTax.String() != "8.48" {
		t.Errorf("Q4 2025 USF %+v, want 22.26 at 38.1%%", usf)
	}
	// 2023: Alabama's 911 charge was 1.86.
	resp, err = e.Sale(context.Background(), telecomSale("2023-06-01"))
	if err != nil {
		t.Fatal(err)
	}
	if e911 := byImposition(resp.LineItems[0].Taxes)[e911Imposition]; len(e911) != 2 || e911[1].CalculatedTax.String() != "1.86" {
		t.Errorf("2023 911 fee %+v, want 1.86", e911)
	}
}

// TestCommsWithoutContent checks what a line says where Levy has no
// content: a line type it does not know, a quarter whose factor is not
// published, a state whose 911 fees it lacks, a line outside the US.
func TestCommsWithoutContent(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	req := telecomSale("2026-08-01") // Q3 2026: no factor yet
	req.LineItems[0].LineTypes = append(req.LineItems[0].LineTypes, wire.LineTypeSet{Value: "SATELLITE"})
	req.Customer.Destination = &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	params := resp.LineItems[0].AssistedParameters
	has := func(path, rule, contains string) bool {
		for _, p := range params {
			if p.ParamName == path && p.RuleName == rule && strings.Contains(p.Value, contains) {
				return true
			}
		}
		return false
	}
	if !has("lineItems[0].lineTypes[2].value", NotActedOnRule, "SATELLITE") {
		t.Errorf("an unknown line type is not flagged: %+v", params)
	}
	if !has("lineItems[0].lineTypes[0].value", TaxNotComputedRule, "no contribution factor") {
		t.Errorf("a quarter without a factor is not said: %+v", params)
	}
	if !has("lineItems[0].lineTypes[0].value", TaxNotComputedRule, "911 fees of US-TX") {
		t.Errorf("a state without 911 content is not said: %+v", params)
	}
	if usf := byImposition(resp.LineItems[0].Taxes)[usfImposition]; len(usf) != 0 {
		t.Errorf("USF charged without a factor: %+v", usf)
	}
	if fet := byImposition(resp.LineItems[0].Taxes)[fetImposition]; len(fet) != 1 {
		t.Errorf("FET %+v, want it in Texas too", fet)
	}

	req = telecomSale("2026-02-15")
	req.Customer.Destination = &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	resp, err = e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range resp.LineItems[0].AssistedParameters {
		if p.RuleName == NotActedOnRule && strings.HasSuffix(p.ParamName, ".value") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("a line outside the US: %d line types flagged, want 2: %+v", n, resp.LineItems[0].AssistedParameters)
	}
}

// TestCommsTaxIncluded checks a price that includes a 911 fee and the
// USF: the fee is an amount per line, not a rate, so the net is the
// price less the fee, divided by one plus the USF's rate; the USF is
// charged on that net's interstate share, and net and taxes add up to
// the price.
func TestCommsTaxIncluded(t *testing.T) {
	e := testEngine(t)
	req := telecomSale("2026-02-15")
	req.LineItems[0].ExtendedPrice = amt("100.00")
	req.LineItems[0].TaxIncludedIndicator = true
	req.LineItems[0].LineTypes = []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("1")}}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	got := byImposition(l.Taxes)
	// (100.00 - 2.23) / (1 + 0.371 x 0.376) = 97.77 / 1.139496 = 85.80;
	// its interstate share 85.80 x 0.371 = 31.83, at 37.6% 11.97.
	usf, e911 := got[usfImposition], got[e911Imposition]
	if len(e911) != 1 || e911[0].CalculatedTax.String() != "2.23" {
		t.Fatalf("911 fee %+v, want 2.23", e911)
	}
	if len(usf) != 1 || usf[0].Taxable.String() != "31.83" || usf[0].CalculatedTax.String() != "11.97" {
		t.Errorf("USF %+v, want 11.97 on 31.83", usf)
	}
	if l.ExtendedPrice == nil || l.ExtendedPrice.String() != "85.80" || l.TotalTax.String() != "14.20" {
		t.Errorf("net %v and tax %v, want 85.80 and 14.20", l.ExtendedPrice, l.TotalTax)
	}
	if sum := l.ExtendedPrice.Add(l.TotalTax); sum.String() != "100.00" {
		t.Errorf("net and tax add up to %s, not the price", sum)
	}
}
