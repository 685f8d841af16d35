package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
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
	req.Customer.Destination = &wire.Location{City: "Anchorage", MainDivision: "AK", PostalCode: "99501", Country: "US"}
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
	if !has("lineItems[0].lineTypes[0].value", TaxNotComputedRule, "911 fees of US-AK") {
		t.Errorf("a state without 911 content is not said: %+v", params)
	}
	if usf := byImposition(resp.LineItems[0].Taxes)[usfImposition]; len(usf) != 0 {
		t.Errorf("USF charged without a factor: %+v", usf)
	}
	if fet := byImposition(resp.LineItems[0].Taxes)[fetImposition]; len(fet) != 1 {
		t.Errorf("FET %+v, want it in Alaska too", fet)
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

// TestCommsLastKnownQuarter checks the edge of the USF content: the last
// day of the last quarter whose factor Levy has (the second quarter of
// 2026, 37.0%, DA 26-218) is charged at it, and the first day after it,
// the day Levy's content was last searched (2026-12-03) and a day a
// year on (2027-06-01) say that the USF was not computed, naming the
// line's quarter and the last quarter Levy has, and charge none: the
// second quarter's factor is not carried into a later quarter. A day
// before the first quarter (2024-03-31) names the first. When a later
// quarter's public notice is added to us-communications-usf.csv, this
// test moves with it.
func TestCommsLastKnownQuarter(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	resp, err := e.Sale(ctx, telecomSale("2026-06-30"))
	if err != nil {
		t.Fatal(err)
	}
	// 22.26 of interstate wireless revenue at 37.0% is 8.2362.
	usf := byImposition(resp.LineItems[0].Taxes)[usfImposition]
	if len(usf) != 1 || usf[0].CalculatedTax.String() != "8.24" || usf[0].Taxable.String() != "22.26" ||
		usf[0].NominalRate.String() != "0.37" || usf[0].CalculationRuleID == nil || usf[0].CalculationRuleID.Value != "us-usf-2026-q2" {
		t.Errorf("Q2 2026 USF %+v, want 22.26 at 37.0%% (8.24), rule us-usf-2026-q2", usf)
	}
	for _, p := range resp.LineItems[0].AssistedParameters {
		if p.RuleName == TaxNotComputedRule {
			t.Errorf("the last day of a known quarter says %+v", p)
		}
	}
	const last = "the dataset's factors end with 2026-q2 (37%, DA 26-218 (March 16 2026))"
	for _, c := range []struct{ date, quarter, edge string }{
		{"2026-07-01", "2026-q3", last},
		{"2026-12-03", "2026-q4", last},
		{"2027-06-01", "2027-q2", last},
		{"2024-03-31", "2024-q1", "the dataset's factors start with 2024-q2 (32.8%, "},
	} {
		date := c.date
		resp, err := e.Sale(ctx, telecomSale(date))
		if err != nil {
			t.Fatal(err)
		}
		if usf := byImposition(resp.LineItems[0].Taxes)[usfImposition]; len(usf) != 0 {
			t.Errorf("%s: USF charged without a factor: %+v", date, usf)
		}
		var notes []wire.AssistedParameter
		for _, p := range resp.LineItems[0].AssistedParameters {
			if p.RuleName == TaxNotComputedRule && strings.Contains(p.Value, usfImposition) {
				notes = append(notes, p)
			}
		}
		want := "no contribution factor of the FCC is known for " + c.quarter + ", the quarter of " + date + ": " + c.edge
		if len(notes) != 1 || notes[0].ParamName != "lineItems[0].lineTypes[0].value" || notes[0].OriginalValue != "WIRELESS" ||
			!strings.Contains(notes[0].Value, want) || !strings.HasSuffix(notes[0].Value, "Levy does not compute it") {
			t.Errorf("%s: the USF's note %+v, want one on the WIRELESS entry saying %q", date, notes, want)
		}
		// Alabama's 911 fee and the excise tax do not depend on the quarter.
		got := byImposition(resp.LineItems[0].Taxes)
		if len(got[e911Imposition]) != 2 || len(got[fetImposition]) != 1 {
			t.Errorf("%s: 911 fees %+v and FET %+v, want both charged", date, got[e911Imposition], got[fetImposition])
		}
	}
}

// TestUSFMissingBetweenQuarters checks the note of a quarter missing
// between two that a table has (us-communications-usf.csv must only be
// in order, not without gaps): it names both neighbours; a table without
// factors names only the line's quarter.
func TestUSFMissingBetweenQuarters(t *testing.T) {
	fs := []data.USFFactor{
		{Quarter: civil.MustParse("2025-01-01"), Factor: decimal.RequireFromString("0.363"), Notice: "notice A"},
		{Quarter: civil.MustParse("2025-07-01"), Factor: decimal.RequireFromString("0.36"), Notice: "notice C"},
	}
	d := civil.MustParse("2025-05-20")
	if f := usfFactor(fs, d); f != nil {
		t.Fatalf("a factor %+v for a quarter the table lacks", f)
	}
	want := "no contribution factor of the FCC is known for 2025-q2, the quarter of 2025-05-20: " +
		"the dataset has the factors of 2025-q1 (36.3%, notice A) and of 2025-q3 (36%, notice C) but none between them"
	if got := usfMissing(fs, d); got != want {
		t.Errorf("between two quarters:\n got %q\nwant %q", got, want)
	}
	if got, want := usfMissing(nil, civil.MustParse("2025-12-31")), "no contribution factor of the FCC is known for 2025-q4, the quarter of 2025-12-31"; got != want {
		t.Errorf("without factors: got %q, want %q", got, want)
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
// nothing known before it, and California's surcharge on every access
// line, 30 cents from 2020 through 2024 and 41 cents in 2025, with
// nothing known for 2026 (Rev. & Tax. Code 41020, 41030), Utah's two charges on each
// access line (73 + 25 cents) from January 1 2025, a VoIP line too, with
// nothing known before it, and the fees on wireless lines alone of states
// whose landline fees are local: Kentucky's 70 cents since August 15 1998,
// Oklahoma's $1.25 (VoIP too) since November 1 2023 and Ohio's 40 cents,
// then 25 cents from October 1 2025 (VoIP too), Texas's 50 cents
// (Health & Safety Code 771.0711) from the first date the sources
// attest, August 1 2016, Florida's 40 cents since January 1 2015,
// Arkansas's $1.30 since October 2019 and West Virginia's $4.01 from
// July 1 2025, each landline there saying its fee is not computed,
// Guam's $1.00 on landlines and wireless lines alike from December 2025,
// Montana's two fees on each access line (75 + 25 cents) from July 1
// 2018, New Mexico's 51 cents and Rhode Island's 50-cent E-911 surcharge
// on every line type, each from the first date the sources attest, the
// District of Columbia's 76 cents on wireless and landlines, its VoIP
// line saying its fee is not computed, and Hawaii's 66 cents on wireless
// lines alone, and Virginia's statewide 75-cent E-911 tax on landline
// and VoIP access lines since January 1 2007, its wireless line saying
// its fee is not computed, and Iowa's one-dollar surcharge on wireless
// numbers, its landline saying its fee is not computed, and Arizona's
// excise tax per account (A.R.S. 42-5252(A)): 20 cents from July 1 2007,
// 28 cents in fiscal year 2006-2007 and 37 cents in the five years
// before, charged once on an account of wireless lines and a landline,
// its VoIP line saying its fee is not computed.
// Also Wisconsin's police and fire protection fee of 75 cents on every
// voice connection since September 1 2009 (2009 Wis. Act 28), New
// York's $1.20 public safety communications surcharge on postpaid
// wireless devices from December 1 2017 (Tax Law 186-f), its landline
// and VoIP lines saying their fee is not computed, Maryland's 50-cent
// State 9-1-1 fee on every line type from October 1 2022 (Public Safety
// 1-310) and Washington's 25-cent state 911 excise tax on every line
// type since January 1 2011 (RCW 82.14B.030); the day before each, the
// lines say the fee is not computed. Colorado's statewide surcharge of
// 10 cents on every line type is charged in 2021 alone (C.R.S.
// 29-11-102.3, set for each calendar year), and Michigan's state 9-1-1
// charge of 19 cents on wireless and landlines from July 1 2008 through
// 2017 (MCL 484.1401a), its VoIP line saying its fee is not computed;
// before and after those dates every line says so.
func TestComms911StatewideFees(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	voip := []wire.LineTypeSet{{Value: "VOIP"}}
	for _, c := range []struct {
		what                string
		date, city, st, zip string
		lines               []wire.LineTypeSet // nil: two wireless lines and a landline
		want                []string           // the 911 fees, one per line type charged
		said, quiet         []int              // the line types that say, and that must not say, the fee is not computed
	}{
		{"Minnesota 2026", "2026-02-15", "Minneapolis", "MN", "55401", nil, []string{"1.90", "0.95"}, nil, []int{0, 1}},
		{"Minnesota 2015", "2015-06-01", "Minneapolis", "MN", "55401", nil, []string{"1.56", "0.78"}, nil, nil},
		{"Pennsylvania 2025", "2025-06-01", "Philadelphia", "PA", "19107", nil, []string{"3.90", "1.95"}, nil, nil},
		{"Pennsylvania after January 2026", "2026-03-01", "Philadelphia", "PA", "19107", nil, nil, []int{0}, nil},
		{"New Jersey, wireless and VoIP", "2026-02-15", "Newark", "NJ", "07102",
			[]wire.LineTypeSet{{Value: "WIRELESS"}, {Value: "VOIP"}}, []string{"0.90"}, []int{1}, nil},
		{"North Carolina June 2023", "2023-06-30", "Raleigh", "NC", "27601", nil, []string{"1.30", "0.65"}, nil, nil},
		{"North Carolina July 2023", "2023-07-01", "Raleigh", "NC", "27601", nil, []string{"1.10", "0.55"}, nil, nil},
		{"South Dakota 2026", "2026-02-15", "Sioux Falls", "SD", "57104", nil, []string{"4.00", "2.00"}, nil, nil},
		{"South Dakota June 2024", "2024-06-30", "Sioux Falls", "SD", "57104", nil, nil, []int{0}, nil},
		{"California 2020, VoIP", "2020-06-01", "Sacramento", "CA", "95814", voip, []string{"0.30"}, nil, nil},
		{"California 2021, VoIP", "2021-06-01", "Sacramento", "CA", "95814", voip, []string{"0.30"}, nil, []int{0}},
		{"California 2024", "2024-12-31", "Sacramento", "CA", "95814", nil, []string{"0.60", "0.30"}, nil, []int{0, 1}},
		// 2 x 0.41 and 0.41 in 2025; the 2026 rate is not in the dataset.
		{"California 2025", "2025-01-01", "Sacramento", "CA", "95814", nil, []string{"0.82", "0.41"}, nil, []int{0, 1}},
		{"California 2025, VoIP", "2025-12-31", "Sacramento", "CA", "95814", voip, []string{"0.41"}, nil, []int{0}},
		{"California 2026", "2026-01-01", "Sacramento", "CA", "95814", nil, nil, []int{0, 1}, nil},
		{"Utah 2026", "2026-02-15", "Salt Lake City", "UT", "84111", nil, []string{"1.96", "0.98"}, nil, []int{0}},
		{"Utah 2025, VoIP", "2025-01-01", "Salt Lake City", "UT", "84111", voip, []string{"0.98"}, nil, nil},
		{"Utah December 2024", "2024-12-31", "Salt Lake City", "UT", "84111", nil, nil, []int{0}, nil},
		{"Kentucky 2026", "2026-02-15", "Louisville", "KY", "40202", nil, []string{"1.40"}, []int{1}, []int{0}},
		{"Kentucky before August 15 1998", "1998-08-14", "Louisville", "KY", "40202", nil, nil, []int{0}, nil},
		{"Oklahoma 2026", "2026-02-15", "Oklahoma City", "OK", "73102", nil, []string{"2.50"}, []int{1}, nil},
		{"Oklahoma 2026, VoIP", "2026-02-15", "Oklahoma City", "OK", "73102", voip, []string{"1.25"}, nil, nil},
		{"Oklahoma October 2023", "2023-10-31", "Oklahoma City", "OK", "73102", nil, nil, []int{0}, nil},
		{"Ohio 2024", "2024-06-01", "Columbus", "OH", "43215", nil, []string{"0.80"}, []int{1}, nil},
		{"Ohio October 2025", "2025-10-01", "Columbus", "OH", "43215", nil, []string{"0.50"}, nil, nil},
		{"Ohio September 2025, VoIP", "2025-09-30", "Columbus", "OH", "43215", voip, []string{"0.40"}, nil, nil},
		{"Ohio December 2023", "2023-12-31", "Columbus", "OH", "43215", nil, nil, []int{0}, nil},
		{"Texas 2026", "2026-02-15", "Houston", "TX", "77002", nil, []string{"1.00"}, []int{1}, []int{0}},
		{"Texas 2026, VoIP", "2026-02-15", "Houston", "TX", "77002", voip, nil, []int{0}, nil},
		{"Texas July 2016", "2016-07-31", "Houston", "TX", "77002", nil, nil, []int{0, 1}, nil},
		{"Florida 2026", "2026-02-15", "Miami", "FL", "33130", nil, []string{"0.80"}, []int{1}, []int{0}},
		{"Florida 2014", "2014-12-31", "Miami", "FL", "33130", nil, nil, []int{0}, nil},
		{"Arkansas 2026", "2026-02-15", "Little Rock", "AR", "72201", nil, []string{"2.60"}, []int{1}, []int{0}},
		{"Arkansas September 2019", "2019-09-30", "Little Rock", "AR", "72201", nil, nil, []int{0}, nil},
		{"West Virginia 2026", "2026-02-15", "Charleston", "WV", "25301", nil, []string{"8.02"}, []int{1}, []int{0}},
		{"West Virginia June 2025", "2025-06-30", "Charleston", "WV", "25301", nil, nil, []int{0}, nil},
		{"Guam 2026", "2026-02-15", "Hagatna", "GU", "96910", nil, []string{"2.00", "1.00"}, nil, []int{0, 1}},
		{"Guam 2026, VoIP", "2026-02-15", "Hagatna", "GU", "96910", voip, nil, []int{0}, nil},
		{"Guam November 2025", "2025-11-30", "Hagatna", "GU", "96910", nil, nil, []int{0, 1}, nil},
		{"Montana 2026", "2026-02-15", "Helena", "MT", "59601", nil, []string{"2.00", "1.00"}, nil, []int{0, 1}},
		{"Montana 2026, VoIP", "2026-02-15", "Helena", "MT", "59601", voip, []string{"1.00"}, nil, nil},
		{"Montana June 2018", "2018-06-30", "Helena", "MT", "59601", nil, nil, []int{0, 1}, nil},
		{"New Mexico 2026", "2026-02-15", "Albuquerque", "NM", "87102", nil, []string{"1.02", "0.51"}, nil, []int{0, 1}},
		{"New Mexico 2026, VoIP", "2026-02-15", "Albuquerque", "NM", "87102", voip, []string{"0.51"}, nil, nil},
		{"New Mexico May 5 2021", "2021-05-05", "Albuquerque", "NM", "87102", nil, nil, []int{0, 1}, nil},
		{"District of Columbia 2026", "2026-02-15", "Washington", "DC", "20001", nil, []string{"1.52", "0.76"}, nil, []int{0, 1}},
		{"District of Columbia 2026, VoIP", "2026-02-15", "Washington", "DC", "20001", voip, nil, []int{0}, nil},
		{"District of Columbia March 29 2009", "2009-03-29", "Washington", "DC", "20001", nil, nil, []int{0, 1}, nil},
		{"Rhode Island 2026", "2026-02-15", "Providence", "RI", "02903", nil, []string{"1.00", "0.50"}, nil, []int{0, 1}},
		{"Rhode Island 2026, VoIP", "2026-02-15", "Providence", "RI", "02903", voip, []string{"0.50"}, nil, nil},
		{"Rhode Island January 28 2020", "2020-01-28", "Providence", "RI", "02903", nil, nil, []int{0, 1}, nil},
		{"Hawaii 2026", "2026-02-15", "Honolulu", "HI", "96813", nil, []string{"1.32"}, []int{1}, []int{0}},
		{"Hawaii 2026, VoIP", "2026-02-15", "Honolulu", "HI", "96813", voip, nil, []int{0}, nil},
		{"Hawaii January 25 2015", "2015-01-25", "Honolulu", "HI", "96813", nil, nil, []int{0}, nil},
		{"Virginia 2026", "2026-02-15", "Richmond", "VA", "23219", nil, []string{"0.75"}, []int{0}, []int{1}},
		{"Virginia 2026, VoIP", "2026-02-15", "Richmond", "VA", "23219", voip, []string{"0.75"}, nil, nil},
		{"Virginia December 2006", "2006-12-31", "Richmond", "VA", "23219", nil, nil, []int{0, 1}, nil},
		{"Iowa 2026", "2026-02-15", "Des Moines", "IA", "50309", nil, []string{"2.00"}, []int{1}, []int{0}},
		{"Iowa 2026, VoIP", "2026-02-15", "Des Moines", "IA", "50309", voip, nil, []int{0}, nil},
		{"Iowa March 28 2024", "2024-03-28", "Des Moines", "IA", "50309", nil, nil, []int{0, 1}, nil},
		{"Arizona 2026", "2026-02-15", "Phoenix", "AZ", "85004", nil, []string{"0.20", "0.00"}, nil, []int{0, 1}},
		{"Arizona 2026, a landline alone", "2026-02-15", "Phoenix", "AZ", "85004", []wire.LineTypeSet{{Value: "LOCAL", Count: amt("3")}},
			[]string{"0.20"}, nil, []int{0}},
		{"Arizona 2026, VoIP", "2026-02-15", "Phoenix", "AZ", "85004", voip, nil, []int{0}, nil},
		{"Arizona fiscal year 2006-2007", "2007-06-30", "Phoenix", "AZ", "85004", nil, []string{"0.28", "0.00"}, nil, []int{0, 1}},
		{"Arizona fiscal year 2005-2006", "2006-06-30", "Phoenix", "AZ", "85004", nil, []string{"0.37", "0.00"}, nil, []int{0, 1}},
		{"Arizona June 2001", "2001-06-30", "Phoenix", "AZ", "85004", nil, nil, []int{0, 1}, nil},
		// 2 x 0.75 on the wireless lines, 0.75 on the landline.
		{"Wisconsin 2026", "2026-02-15", "Madison", "WI", "53703", nil, []string{"1.50", "0.75"}, nil, []int{0, 1}},
		{"Wisconsin 2026, VoIP", "2026-02-15", "Madison", "WI", "53703", voip, []string{"0.75"}, nil, []int{0}},
		{"Wisconsin September 1 2009", "2009-09-01", "Madison", "WI", "53703", nil, []string{"1.50", "0.75"}, nil, []int{0, 1}},
		{"Wisconsin August 31 2009", "2009-08-31", "Madison", "WI", "53703", nil, nil, []int{0, 1}, nil},
		// 2 x 1.20 on the wireless lines; the landline's fees are local.
		{"New York 2026", "2026-02-15", "New York", "NY", "10007", nil, []string{"2.40"}, []int{1}, []int{0}},
		{"New York 2026, VoIP", "2026-02-15", "New York", "NY", "10007", voip, nil, []int{0}, nil},
		{"New York November 30 2017", "2017-11-30", "New York", "NY", "10007", nil, nil, []int{0, 1}, nil},
		// 2 x 0.50 and 0.50.
		{"Maryland 2026", "2026-02-15", "Baltimore", "MD", "21202", nil, []string{"1.00", "0.50"}, nil, []int{0, 1}},
		{"Maryland 2026, VoIP", "2026-02-15", "Baltimore", "MD", "21202", voip, []string{"0.50"}, nil, []int{0}},
		{"Maryland September 30 2022", "2022-09-30", "Baltimore", "MD", "21202", nil, nil, []int{0, 1}, nil},
		// 2 x 0.25 and 0.25.
		{"Washington 2026", "2026-02-15", "Seattle", "WA", "98104", nil, []string{"0.50", "0.25"}, nil, []int{0, 1}},
		{"Washington 2026, VoIP", "2026-02-15", "Seattle", "WA", "98104", voip, []string{"0.25"}, nil, []int{0}},
		{"Washington December 31 2010", "2010-12-31", "Seattle", "WA", "98104", nil, nil, []int{0, 1}, nil},
		// 2 x 0.10 and 0.10, in 2021 only.
		{"Colorado 2021", "2021-06-01", "Denver", "CO", "80202", nil, []string{"0.20", "0.10"}, nil, []int{0, 1}},
		{"Colorado 2021, VoIP", "2021-12-31", "Denver", "CO", "80202", voip, []string{"0.10"}, nil, []int{0}},
		{"Colorado December 31 2020", "2020-12-31", "Denver", "CO", "80202", nil, nil, []int{0, 1}, nil},
		{"Colorado 2022", "2022-01-01", "Denver", "CO", "80202", nil, nil, []int{0, 1}, nil},
		// 2 x 0.19 and 0.19 from July 2008 through 2017; VoIP not read.
		{"Michigan 2010", "2010-06-01", "Detroit", "MI", "48226", nil, []string{"0.38", "0.19"}, nil, []int{0, 1}},
		{"Michigan December 31 2017", "2017-12-31", "Detroit", "MI", "48226", nil, []string{"0.38", "0.19"}, nil, []int{0, 1}},
		{"Michigan 2010, VoIP", "2010-06-01", "Detroit", "MI", "48226", voip, nil, []int{0}, nil},
		{"Michigan June 30 2008", "2008-06-30", "Detroit", "MI", "48226", nil, nil, []int{0, 1}, nil},
		{"Michigan 2018", "2018-01-01", "Detroit", "MI", "48226", nil, nil, []int{0, 1}, nil},
	} {
		resp, err := e.Sale(ctx, telecomSaleIn(c.date, c.city, c.st, c.zip, c.lines...))
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		got := byImposition(resp.LineItems[0].Taxes)[e911Imposition]
		var amounts []string
		for _, f := range got {
			amounts = append(amounts, f.CalculatedTax.String())
			if f.Jurisdiction.JurisdictionID != "US-"+c.st || f.TaxStructure != wire.TaxStructureQuantity ||
				!strings.Contains(f.CalculationRuleID.Value, "us-"+strings.ToLower(c.st)+"-911-fee") {
				t.Errorf("%s: a 911 fee of another state, structure or rule: %+v", c.what, f)
			}
		}
		if !slices.Equal(amounts, c.want) {
			t.Errorf("%s: 911 fees %v, want %v", c.what, amounts, c.want)
		}
		notComputed := func(i int) bool {
			for _, p := range resp.LineItems[0].AssistedParameters {
				if p.ParamName == fmt.Sprintf("lineItems[0].lineTypes[%d].value", i) && p.RuleName == TaxNotComputedRule &&
					strings.Contains(p.Value, "911 fees of US-"+c.st) {
					return true
				}
			}
			return false
		}
		for _, i := range c.said {
			if !notComputed(i) {
				t.Errorf("%s: line type %d does not say its 911 fee is not computed: %+v", c.what, i, resp.LineItems[0].AssistedParameters)
			}
		}
		for _, i := range c.quiet {
			if notComputed(i) {
				t.Errorf("%s: line type %d, which Levy has a fee for, says it has none: %+v", c.what, i, resp.LineItems[0].AssistedParameters)
			}
		}
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

// TestCommsReturnCredits checks a credit for a month of service (a
// negative amount): it credits the USF, the excise tax and the 911 fees
// its sale bore, each the negative of the sale's, so that the sale and
// its credit add up to no tax.
func TestCommsReturnCredits(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	sale, err := e.Sale(ctx, telecomSale("2026-02-15"))
	if err != nil {
		t.Fatal(err)
	}
	req := telecomSale("2026-02-15")
	req.LineItems[0].ExtendedPrice = amt("-90.00")
	credit, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	want := byImposition(sale.LineItems[0].Taxes)
	got := byImposition(credit.LineItems[0].Taxes)
	for _, imp := range []string{usfImposition, fetImposition, e911Imposition} {
		if len(got[imp]) != len(want[imp]) || len(want[imp]) == 0 {
			t.Errorf("%s: the credit has %d taxes, the sale %d", imp, len(got[imp]), len(want[imp]))
			continue
		}
		for i := range want[imp] {
			w, g := want[imp][i], got[imp][i]
			if !g.CalculatedTax.Equal(w.CalculatedTax.Neg()) || !g.Taxable.Equal(w.Taxable.Neg()) || g.TaxResult != wire.TaxResultTaxable {
				t.Errorf("%s: the credit's tax %s on %s (%s), want %s on %s, the sale's negated", imp,
					g.CalculatedTax, g.Taxable, g.TaxResult, w.CalculatedTax.Neg(), w.Taxable.Neg())
			}
		}
	}
	if sum := sale.LineItems[0].TotalTax.Add(credit.LineItems[0].TotalTax); sum.Sign() != 0 {
		t.Errorf("the sale's tax %s and its credit's %s add up to %s, not zero", sale.LineItems[0].TotalTax, credit.LineItems[0].TotalTax, sum)
	}
	// A credit too small to spread over its line types (0.01 over three)
	// leaves two of them a share of 0.00: their 911 fees are credited
	// too, not charged.
	for _, price := range []string{"0.01", "-0.01"} {
		req := telecomSale("2026-02-15")
		req.LineItems[0].ExtendedPrice = amt(price)
		req.LineItems[0].LineTypes = []wire.LineTypeSet{{Value: "WIRELESS"}, {Value: "VOIP"}, {Value: "LOCAL"}}
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		want := "2.23"
		if price[0] == '-' {
			want = "-2.23"
		}
		fees := byImposition(resp.LineItems[0].Taxes)[e911Imposition]
		if len(fees) != 3 {
			t.Fatalf("%s: 911 fees %+v, want 3", price, fees)
		}
		for i, f := range fees {
			if f.CalculatedTax.String() != want {
				t.Errorf("%s: 911 fee of line type %d is %s on %s, want %s", price, i, f.CalculatedTax, f.Taxable, want)
			}
		}
	}
}

// TestComms911AccountAcrossLines checks that a fee per account is
// charged once a document, whatever the number of its lines: a monthly
// bill in Phoenix with a plan line and an add-on line, each with
// wireless lines, pays Arizona's 20 cents once (on the first line), and
// a South Dakota bill of 80 wireless lines on one line and 80 on another
// pays $2.00 on the 100 lines its account is charged for, 80 and 20.
// The document is the account, as the lines of one line are; its
// credits (negative lines) count apart from its charges, as on a credit
// memo of their own. A tax-included line, computed more than once,
// counts its lines once.
func TestComms911AccountAcrossLines(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	twoLines := func(req *wire.SaleRequest, counts ...string) *wire.SaleRequest {
		l := req.LineItems[0]
		req.LineItems = req.LineItems[:0]
		for i, n := range counts {
			l.LineItemID = fmt.Sprintf("line-%d", i+1)
			l.LineTypes = []wire.LineTypeSet{{Value: "WIRELESS", Count: amt(n)}}
			req.LineItems = append(req.LineItems, l)
		}
		return req
	}
	fees := func(req *wire.SaleRequest) []string {
		t.Helper()
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range resp.LineItems {
			sum := "none"
			for _, tx := range byImposition(l.Taxes)[e911Imposition] {
				sum = tx.CalculatedTax.String()
			}
			out = append(out, sum)
		}
		return out
	}
	az := twoLines(telecomSaleIn("2026-02-15", "Phoenix", "AZ", "85004"), "3", "2")
	if got := fees(az); !slices.Equal(got, []string{"0.20", "0.00"}) {
		t.Errorf("Arizona, two lines of one bill: 911 fees %v, want 0.20 once", got)
	}
	sd := twoLines(telecomSaleIn("2026-02-15", "Sioux Falls", "SD", "57104"), "80", "80")
	if got := fees(sd); !slices.Equal(got, []string{"160.00", "40.00"}) {
		t.Errorf("South Dakota, 80 and 80 lines: 911 fees %v, want 160.00 and 40.00 (100 lines in all)", got)
	}
	// A credit on the bill (a negative line) credits the fee its lines
	// would bear on a credit memo of their own, whichever line comes
	// first: the bill's charge and its credit of the same lines cancel.
	for _, order := range [][]string{{"-90.00", "90.00"}, {"90.00", "-90.00"}} {
		az = twoLines(telecomSaleIn("2026-02-15", "Phoenix", "AZ", "85004"), "3", "3")
		for i, p := range order {
			az.LineItems[i].ExtendedPrice = amt(p)
		}
		want := []string{"0.20", "0.20"}
		for i, p := range order {
			if strings.HasPrefix(p, "-") {
				want[i] = "-0.20"
			}
		}
		if got := fees(az); !slices.Equal(got, want) {
			t.Errorf("Arizona, lines of %v: 911 fees %v, want %v", order, got, want)
		}
	}
	sd = twoLines(telecomSaleIn("2026-02-15", "Sioux Falls", "SD", "57104"), "80", "80")
	for i := range sd.LineItems {
		sd.LineItems[i].TaxIncludedIndicator = true
	}
	if got := fees(sd); !slices.Equal(got, []string{"160.00", "40.00"}) {
		t.Errorf("South Dakota, 80 and 80 lines tax included: 911 fees %v, want 160.00 and 40.00 (100 lines in all)", got)
	}
}

// TestCommsLineTypeQuantity checks a line with one lineType and a
// quantity: three wireless lines at 30.00 each are three lines, so
// Alabama's 911 fee is charged on each of them (6.69), as a franchise
// area's fee per line is charged on the quantity; the USF is on the
// whole 90.00's interstate share.
func TestCommsLineTypeQuantity(t *testing.T) {
	e := testEngine(t)
	req := telecomSale("2026-02-15")
	l := &req.LineItems[0]
	l.LineTypes, l.LineType = nil, &wire.LineType{Value: "WIRELESS"}
	l.ExtendedPrice, l.UnitPrice, l.Quantity = nil, amt("30.00"), &wire.Measure{Value: amt("3")}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got := byImposition(resp.LineItems[0].Taxes)
	if e911 := got[e911Imposition]; len(e911) != 1 || e911[0].CalculatedTax.String() != "6.69" {
		t.Errorf("911 fee %+v, want 2.23 on each of the 3 lines, 6.69", e911)
	}
	// 90.00 x 37.1% = 33.39, at 37.6% 12.55.
	if usf := got[usfImposition]; len(usf) != 1 || usf[0].Taxable.String() != "33.39" || usf[0].CalculatedTax.String() != "12.55" {
		t.Errorf("USF %+v, want 12.55 on 33.39", usf)
	}
}

// TestCommsLineTypeCountRefused checks that a count of lines that is
// negative or not whole is refused naming the member: a count of -2
// wireless lines charged the 911 fee as a credit of -4.46 on a sale, and
// 1.5 lines charged it on a line and a half.
func TestCommsLineTypeCountRefused(t *testing.T) {
	e := testEngine(t)
	for _, n := range []string{"-2", "1.5"} {
		req := telecomSale("2026-02-15")
		req.LineItems[0].LineTypes[1].Count = amt(n)
		_, err := e.Sale(context.Background(), req)
		got := refusal(t, "count "+n, err)
		if got.Field != "lineItems[0].lineTypes[1].count" || !strings.Contains(got.Message, n) {
			t.Errorf("count %s: %s: %s, want the count named", n, got.Field, got.Message)
		}
	}
	// No lines of a type (a count of 0) is a count.
	req := telecomSale("2026-02-15")
	req.LineItems[0].LineTypes[1].Count = amt("0")
	if _, err := e.Sale(context.Background(), req); err != nil {
		t.Errorf("a count of 0: %v", err)
	}
}
