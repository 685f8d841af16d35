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

// telecomSaleIn is telecomSale sold to a customer elsewhere in the US.
func telecomSaleIn(date, city, state, zip string, types ...wire.LineTypeSet) *wire.SaleRequest {
	req := telecomSale(date)
	req.Customer.Destination = &wire.Location{City: city, MainDivision: state, PostalCode: zip, Country: "US"}
	if len(types) > 0 {
		req.LineItems[0].LineTypes = types
	}
	return req
}

// TestComms911StatewideFees checks the statewide 911 fees per line taken
// from the states' own acts: Minnesota's 95 cents since 2016 and 78 cents
// before (Minn. Stat. 403.11), Pennsylvania's $1.95 until January 31 2026
// and nothing known after it, New Jersey's 90 cents, whose act names
// mobile and exchange lines but not VoIP, North Carolina's charge cut from
// 65 to 55 cents on July 1 2023, South Dakota's $2.00 since July 2024 and
// nothing known before it, and California's 30 cents of 2020 on a VoIP
// line with nothing known for later years, Utah's two charges on each
// access line (73 + 25 cents) from January 1 2025, a VoIP line too, with
// nothing known before it, and the fees on wireless lines alone of states
// whose landline fees are local: Kentucky's 70 cents since August 15 1998,
// Oklahoma's $1.25 (VoIP too) since November 1 2023 and Ohio's 40 cents,
// then 25 cents from October 1 2025 (VoIP too), each landline there
// saying its fee is not computed.
func TestComms911StatewideFees(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	fees := func(req *wire.SaleRequest) ([]wire.Tax, []wire.AssistedParameter) {
		t.Helper()
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return byImposition(resp.LineItems[0].Taxes)[e911Imposition], resp.LineItems[0].AssistedParameters
	}
	notComputed := func(params []wire.AssistedParameter, path, state string) bool {
		for _, p := range params {
			if p.ParamName == path && p.RuleName == TaxNotComputedRule && strings.Contains(p.Value, "911 fees of "+state) {
				return true
			}
		}
		return false
	}

	// Two wireless lines and a landline in Minneapolis.
	got, params := fees(telecomSaleIn("2026-02-15", "Minneapolis", "MN", "55401"))
	if len(got) != 2 || got[0].CalculatedTax.String() != "1.90" || got[1].CalculatedTax.String() != "0.95" ||
		got[0].Jurisdiction.JurisdictionID != "US-MN" || got[0].TaxStructure != wire.TaxStructureQuantity ||
		!strings.Contains(got[0].CalculationRuleID.Value, "us-mn-911-fee") {
		t.Errorf("Minnesota 2026 911 fees %+v, want 0.95 a line: 1.90 for two wireless lines, 0.95 for the landline", got)
	}
	if notComputed(params, "lineItems[0].lineTypes[0].value", "US-MN") || notComputed(params, "lineItems[0].lineTypes[1].value", "US-MN") {
		t.Errorf("a Minnesota line Levy has a fee for says it has none: %+v", params)
	}
	if got, _ := fees(telecomSaleIn("2015-06-01", "Minneapolis", "MN", "55401")); len(got) != 2 || got[1].CalculatedTax.String() != "0.78" {
		t.Errorf("Minnesota 2015 911 fee %+v, want 0.78", got)
	}

	// Pennsylvania: $1.95 in 2025; after January 31 2026 Levy knows no fee and says so.
	if got, _ := fees(telecomSaleIn("2025-06-01", "Philadelphia", "PA", "19107")); len(got) != 2 || got[0].CalculatedTax.String() != "3.90" {
		t.Errorf("Pennsylvania 2025 911 fees %+v, want 3.90 for two wireless lines at 1.95", got)
	}
	got, params = fees(telecomSaleIn("2026-03-01", "Philadelphia", "PA", "19107"))
	if len(got) != 0 || !notComputed(params, "lineItems[0].lineTypes[0].value", "US-PA") {
		t.Errorf("Pennsylvania after January 2026: fees %+v, params %+v, want none and said", got, params)
	}

	// New Jersey: 90 cents on a wireless line; a VoIP line is not in the act read, and says so.
	got, params = fees(telecomSaleIn("2026-02-15", "Newark", "NJ", "07102",
		wire.LineTypeSet{Value: "WIRELESS"}, wire.LineTypeSet{Value: "VOIP"}))
	if len(got) != 1 || got[0].CalculatedTax.String() != "0.90" || got[0].Jurisdiction.JurisdictionID != "US-NJ" {
		t.Errorf("New Jersey 911 fees %+v, want 0.90 on the wireless line only", got)
	}
	if !notComputed(params, "lineItems[0].lineTypes[1].value", "US-NJ") {
		t.Errorf("a New Jersey VoIP line does not say its 911 fee is not computed: %+v", params)
	}

	// North Carolina: 65 cents until June 30 2023, 55 cents from July 1 2023.
	if got, _ := fees(telecomSaleIn("2023-06-30", "Raleigh", "NC", "27601")); len(got) != 2 || got[0].CalculatedTax.String() != "1.30" || got[1].CalculatedTax.String() != "0.65" {
		t.Errorf("North Carolina June 2023 911 fees %+v, want 1.30 for two wireless lines and 0.65 for the landline", got)
	}
	got, _ = fees(telecomSaleIn("2023-07-01", "Raleigh", "NC", "27601"))
	if len(got) != 2 || got[0].CalculatedTax.String() != "1.10" || got[1].CalculatedTax.String() != "0.55" ||
		got[0].Jurisdiction.JurisdictionID != "US-NC" {
		t.Errorf("North Carolina July 2023 911 fees %+v, want 1.10 for two wireless lines and 0.55 for the landline", got)
	}

	// South Dakota: $2.00 a line since July 2024; before it Levy knows no fee and says so.
	got, _ = fees(telecomSaleIn("2026-02-15", "Sioux Falls", "SD", "57104"))
	if len(got) != 2 || got[0].CalculatedTax.String() != "4.00" || got[1].CalculatedTax.String() != "2.00" ||
		got[0].Jurisdiction.JurisdictionID != "US-SD" {
		t.Errorf("South Dakota 911 fees %+v, want 4.00 for two wireless lines and 2.00 for the landline", got)
	}
	got, params = fees(telecomSaleIn("2024-06-30", "Sioux Falls", "SD", "57104"))
	if len(got) != 0 || !notComputed(params, "lineItems[0].lineTypes[0].value", "US-SD") {
		t.Errorf("South Dakota June 2024: fees %+v, params %+v, want none and said", got, params)
	}

	// California: 30 cents on each access line, a VoIP line too, in 2020; 2021 is not known.
	voip := wire.LineTypeSet{Value: "VOIP"}
	if got, _ := fees(telecomSaleIn("2020-06-01", "Sacramento", "CA", "95814", voip)); len(got) != 1 || got[0].CalculatedTax.String() != "0.30" {
		t.Errorf("California 2020 911 fee %+v, want 0.30 on the VoIP line", got)
	}
	got, params = fees(telecomSaleIn("2021-06-01", "Sacramento", "CA", "95814", voip))
	if len(got) != 0 || !notComputed(params, "lineItems[0].lineTypes[0].value", "US-CA") {
		t.Errorf("California 2021: fees %+v, params %+v, want none and said", got, params)
	}

	// Utah: 98 cents a line (69-2-402 and 69-2-403) from January 1 2025, a VoIP line too;
	// before it Levy knows only one of the two charges' dates, so it charges none and says so.
	got, params = fees(telecomSaleIn("2026-02-15", "Salt Lake City", "UT", "84111"))
	if len(got) != 2 || got[0].CalculatedTax.String() != "1.96" || got[1].CalculatedTax.String() != "0.98" ||
		got[0].Jurisdiction.JurisdictionID != "US-UT" || !strings.Contains(got[0].CalculationRuleID.Value, "us-ut-911-fee") {
		t.Errorf("Utah 911 fees %+v, want 1.96 for two wireless lines and 0.98 for the landline", got)
	}
	if notComputed(params, "lineItems[0].lineTypes[0].value", "US-UT") {
		t.Errorf("a Utah line Levy has a fee for says it has none: %+v", params)
	}
	if got, _ := fees(telecomSaleIn("2025-01-01", "Salt Lake City", "UT", "84111", voip)); len(got) != 1 || got[0].CalculatedTax.String() != "0.98" {
		t.Errorf("Utah 911 fee on a VoIP line %+v, want 0.98", got)
	}
	got, params = fees(telecomSaleIn("2024-12-31", "Salt Lake City", "UT", "84111"))
	if len(got) != 0 || !notComputed(params, "lineItems[0].lineTypes[0].value", "US-UT") {
		t.Errorf("Utah December 2024: fees %+v, params %+v, want none and said", got, params)
	}

	// Kentucky: 70 cents on each wireless line since August 15 1998; its
	// landline fees are local, so the landline says Levy has none.
	got, params = fees(telecomSaleIn("2026-02-15", "Louisville", "KY", "40202"))
	if len(got) != 1 || got[0].CalculatedTax.String() != "1.40" || got[0].Jurisdiction.JurisdictionID != "US-KY" ||
		!strings.Contains(got[0].CalculationRuleID.Value, "us-ky-911-fee") {
		t.Errorf("Kentucky 911 fees %+v, want 1.40 for two wireless lines only", got)
	}
	if notComputed(params, "lineItems[0].lineTypes[0].value", "US-KY") || !notComputed(params, "lineItems[0].lineTypes[1].value", "US-KY") {
		t.Errorf("Kentucky: the wireless lines must be computed and the landline said not computed: %+v", params)
	}
	got, params = fees(telecomSaleIn("1998-08-14", "Louisville", "KY", "40202"))
	if len(got) != 0 || !notComputed(params, "lineItems[0].lineTypes[0].value", "US-KY") {
		t.Errorf("Kentucky before August 15 1998: fees %+v, params %+v, want none and said", got, params)
	}

	// Oklahoma: $1.25 on wireless and VoIP lines from November 1 2023; the
	// landline is not known and says so.
	got, params = fees(telecomSaleIn("2026-02-15", "Oklahoma City", "OK", "73102"))
	if len(got) != 1 || got[0].CalculatedTax.String() != "2.50" || got[0].Jurisdiction.JurisdictionID != "US-OK" {
		t.Errorf("Oklahoma 911 fees %+v, want 2.50 for two wireless lines only", got)
	}
	if !notComputed(params, "lineItems[0].lineTypes[1].value", "US-OK") {
		t.Errorf("an Oklahoma landline does not say its 911 fee is not computed: %+v", params)
	}
	if got, _ := fees(telecomSaleIn("2026-02-15", "Oklahoma City", "OK", "73102", voip)); len(got) != 1 || got[0].CalculatedTax.String() != "1.25" {
		t.Errorf("Oklahoma 911 fee on a VoIP line %+v, want 1.25", got)
	}
	got, params = fees(telecomSaleIn("2023-10-31", "Oklahoma City", "OK", "73102"))
	if len(got) != 0 || !notComputed(params, "lineItems[0].lineTypes[0].value", "US-OK") {
		t.Errorf("Oklahoma October 2023: fees %+v, params %+v, want none and said", got, params)
	}

	// Ohio: the next generation 9-1-1 access fee, 40 cents from January 2
	// 2024 and 25 cents from October 1 2025, on wireless and VoIP lines; the
	// county wireline charges are not known, and before 2024 nothing is.
	got, params = fees(telecomSaleIn("2024-06-01", "Columbus", "OH", "43215"))
	if len(got) != 1 || got[0].CalculatedTax.String() != "0.80" || got[0].Jurisdiction.JurisdictionID != "US-OH" {
		t.Errorf("Ohio 2024 911 fees %+v, want 0.80 for two wireless lines only", got)
	}
	if !notComputed(params, "lineItems[0].lineTypes[1].value", "US-OH") {
		t.Errorf("an Ohio landline does not say its 911 fee is not computed: %+v", params)
	}
	if got, _ := fees(telecomSaleIn("2025-10-01", "Columbus", "OH", "43215")); len(got) != 1 || got[0].CalculatedTax.String() != "0.50" {
		t.Errorf("Ohio October 2025 911 fees %+v, want 0.50 for two wireless lines at 0.25", got)
	}
	if got, _ := fees(telecomSaleIn("2025-09-30", "Columbus", "OH", "43215", voip)); len(got) != 1 || got[0].CalculatedTax.String() != "0.40" {
		t.Errorf("Ohio September 2025 911 fee on a VoIP line %+v, want 0.40", got)
	}
	got, params = fees(telecomSaleIn("2023-12-31", "Columbus", "OH", "43215"))
	if len(got) != 0 || !notComputed(params, "lineItems[0].lineTypes[0].value", "US-OH") {
		t.Errorf("Ohio December 2023: fees %+v, params %+v, want none and said", got, params)
	}
}

// TestComms911LinesPerAccount checks South Dakota's limit of 100 lines
// an account: 150 wireless lines are charged as 100, and of 60 wireless
// and 60 landlines the landlines are charged as the 40 the wireless
// lines leave; and Ohio's limit of 100 VoIP channels, which leaves its
// wireless numbers uncounted.
func TestComms911LinesPerAccount(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	sd := func(types ...wire.LineTypeSet) []wire.Tax {
		t.Helper()
		resp, err := e.Sale(ctx, telecomSaleIn("2026-02-15", "Sioux Falls", "SD", "57104", types...))
		if err != nil {
			t.Fatal(err)
		}
		return byImposition(resp.LineItems[0].Taxes)[e911Imposition]
	}
	if got := sd(wire.LineTypeSet{Value: "WIRELESS", Count: amt("150")}); len(got) != 1 || got[0].CalculatedTax.String() != "200.00" {
		t.Errorf("150 wireless lines: %+v, want 100 lines at 2.00", got)
	}
	got := sd(wire.LineTypeSet{Value: "WIRELESS", Count: amt("60")}, wire.LineTypeSet{Value: "LOCAL", Count: amt("60")})
	if len(got) != 2 || got[0].CalculatedTax.String() != "120.00" || got[1].CalculatedTax.String() != "80.00" {
		t.Errorf("60 wireless and 60 landlines: %+v, want 120.00 and 80.00", got)
	}
	// Ohio's fee on VoIP channels stops at 100 channels; on wireless
	// numbers it has no limit.
	resp, err := e.Sale(ctx, telecomSaleIn("2024-06-01", "Columbus", "OH", "43215",
		wire.LineTypeSet{Value: "VOIP", Count: amt("150")}, wire.LineTypeSet{Value: "WIRELESS", Count: amt("150")}))
	if err != nil {
		t.Fatal(err)
	}
	if got := byImposition(resp.LineItems[0].Taxes)[e911Imposition]; len(got) != 2 || got[0].CalculatedTax.String() != "40.00" ||
		got[1].CalculatedTax.String() != "60.00" {
		t.Errorf("150 Ohio VoIP channels and 150 wireless numbers: %+v, want 100 channels at 0.40 and 150 numbers at 0.40", got)
	}
	// Alabama's fee has no limit.
	resp, err = e.Sale(ctx, telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203", wire.LineTypeSet{Value: "WIRELESS", Count: amt("150")}))
	if err != nil {
		t.Fatal(err)
	}
	if got := byImposition(resp.LineItems[0].Taxes)[e911Imposition]; len(got) != 1 || got[0].CalculatedTax.String() != "334.50" {
		t.Errorf("150 Alabama lines: %+v, want 150 at 2.23", got)
	}
}
