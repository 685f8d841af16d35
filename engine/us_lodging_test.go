package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// The tests of this file check ACCOMMODATION in the US states whose tax
// on short-term lodging is not their general sales tax, at the property,
// whoever the guest is: a rate of the sales tax of its own (the
// decisions of internal/datagen/curated/us-taxability/accommodation.csv),
// a tax of the state of its own in place of the sales tax, or one on top
// of it (rows of the state's jurisdiction in
// internal/datagen/curated/us-local-taxes.csv). A GENERAL line sold at
// the same place keeps the general rate. Local taxes on lodging (city and
// county occupancy taxes) are not modelled.

// Hotels of the tests: each at an address of the state with the local
// sales taxes of the place, if any.
var (
	hotelConcord    = &wire.Location{City: "Concord", MainDivision: "NH", PostalCode: "03301", Country: "US"}
	hotelBurlington = &wire.Location{City: "Burlington", MainDivision: "VT", PostalCode: "05401", Country: "US"}
	hotelPortlandME = &wire.Location{City: "Portland", MainDivision: "ME", PostalCode: "04101", Country: "US"}
	hotelHartford   = &wire.Location{City: "Hartford", MainDivision: "CT", PostalCode: "06103", Country: "US"}
	hotelDC         = &wire.Location{City: "Washington", MainDivision: "DC", PostalCode: "20001", Country: "US"}
	hotelBoston     = &wire.Location{City: "Boston", MainDivision: "MA", PostalCode: "02108", Country: "US"}
	hotelAustin     = &wire.Location{City: "Austin", MainDivision: "TX", PostalCode: "78701", Country: "US"}
	hotelDover      = &wire.Location{City: "Dover", MainDivision: "DE", PostalCode: "19901", Country: "US"}
	hotelPortlandOR = &wire.Location{City: "Portland", MainDivision: "OR", PostalCode: "97204", Country: "US"}
	hotelColumbia   = &wire.Location{City: "Columbia", MainDivision: "SC", PostalCode: "29201", Country: "US"}
	hotelMontgomery = &wire.Location{City: "Montgomery", MainDivision: "AL", PostalCode: "36104", Country: "US"}
	hotelSpringIL   = &wire.Location{City: "Springfield", MainDivision: "IL", PostalCode: "62701", Country: "US"}
	hotelChicago    = &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60602", Country: "US"}
	hotelBillings   = &wire.Location{City: "Billings", MainDivision: "MT", PostalCode: "59101", Country: "US"}
	hotelTrenton    = &wire.Location{City: "Trenton", MainDivision: "NJ", PostalCode: "08608", Country: "US"}
	hotelLouisville = &wire.Location{City: "Louisville", MainDivision: "KY", PostalCode: "40202", Country: "US"}
	hotelOmaha      = &wire.Location{City: "Omaha", MainDivision: "NE", PostalCode: "68102", Country: "US"}
	hotelLittleRock = &wire.Location{City: "Little Rock", MainDivision: "AR", PostalCode: "72201", Country: "US"}
	hotelSiouxFalls = &wire.Location{City: "Sioux Falls", MainDivision: "SD", PostalCode: "57104", Country: "US"}
	hotelCheyenne   = &wire.Location{City: "Cheyenne", MainDivision: "WY", PostalCode: "82001", Country: "US"}
	hotelBoise      = &wire.Location{City: "Boise", MainDivision: "ID", PostalCode: "83702", Country: "US"}
	hotelLasVegas   = &wire.Location{City: "Las Vegas", MainDivision: "NV", PostalCode: "89101", Country: "US"}
	hotelSacramento = &wire.Location{City: "Sacramento", MainDivision: "CA", PostalCode: "95814", Country: "US"}
	guestChicago    = &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60602", Country: "US"}
)

// lodgingCase is a line of 100.00 sold on date at hotel: the tax of the
// state's own jurisdiction and the line's total tax.
type lodgingCase struct {
	name, date string
	hotel      *wire.Location
	state      string // the state's jurisdiction ID
	stateTax   string
	total      string
}

// sellNight sells one line of 100.00 of class from the seller at origin
// to a consumer at dest, and returns the tax of the state's jurisdiction
// under the sales tax (empty when it has none) and the line's total tax.
func sellNight(t *testing.T, date, class string, origin, dest *wire.Location, state string) (string, string) {
	t.Helper()
	recs, total := stateRecords(t, date, class, origin, dest, state, nil)
	stateTax := ""
	for _, r := range recs {
		if v, ok := strings.CutPrefix(r, "Sales and Use Tax "); ok {
			stateTax = v
		}
	}
	return stateTax, total
}

// stateRecords sells one line of 100.00 of class from the seller at
// origin to a consumer at dest, with the exemption overrides given, and
// returns the tax records of the state's jurisdiction as "imposition
// tax" and the line's total tax.
func stateRecords(t *testing.T, date, class string, origin, dest *wire.Location, state string, exempt []wire.Override) ([]string, string) {
	t.Helper()
	req := hotelInvoice(date, class, "USD", origin, dest, false)
	req.LineItems[0].ExtendedPrice = amt("100.00")
	req.LineItems[0].ExemptOverrides = exempt
	resp, err := testEngine(t).Sale(context.Background(), req)
	if err != nil {
		t.Fatalf("%s at %s on %s: %v", class, origin.City, date, err)
	}
	l := resp.LineItems[0]
	var got []string
	for _, x := range l.Taxes {
		if x.Jurisdiction != nil && x.Jurisdiction.JurisdictionID == state && x.Imposition != nil {
			got = append(got, x.Imposition.Value+" "+x.CalculatedTax.String())
		}
	}
	return got, l.TotalTax.String()
}

// TestUSLodgingRatesReplaceTheSalesTax sells a 100.00 night at a hotel to
// a guest from Chicago where the state's sales tax reaches lodging at a
// rate of its own, in place of the general one: at the property and not
// at the guest's home. Figures by hand: Maine's 8.00 in 2015 and 9.00
// from 2016; Connecticut's room occupancy rate, 15.00; the District's
// total rate on transient accommodations, 14.95 in 2020 and 15.95 from
// April 1, 2023; South Carolina's 7.00 (not the general 6.00) and
// Richland County's 2.00.
func TestUSLodgingRatesReplaceTheSalesTax(t *testing.T) {
	cases := []lodgingCase{
		{"Portland, Maine, 2015", "2015-06-01", hotelPortlandME, "US-ME", "8.00", "8.00"},
		{"Portland, Maine", "2026-06-01", hotelPortlandME, "US-ME", "9.00", "9.00"},
		{"Hartford", "2026-06-01", hotelHartford, "US-CT", "15.00", "15.00"},
		{"Washington, 2020", "2020-06-01", hotelDC, "US-DC", "14.95", "14.95"},
		{"Washington", "2026-06-01", hotelDC, "US-DC", "15.95", "15.95"},
		{"Columbia, South Carolina", "2026-06-01", hotelColumbia, "US-SC", "7.00", "9.00"},
	}
	for _, c := range cases {
		st, total := sellNight(t, c.date, "ACCOMMODATION", c.hotel, guestChicago, c.state)
		if st != c.stateTax || total != c.total {
			t.Errorf("%s on %s: a night of 100.00 bears %s of %s and %s in all, want %s and %s", c.name, c.date, st, c.state, total, c.stateTax, c.total)
		}
	}
}

// addOnCase is a line of 100.00 sold on date at hotel: the records of
// the state's jurisdiction as "imposition tax" and the line's total.
type addOnCase struct {
	name, date, class string
	hotel             *wire.Location
	state             string
	want              []string
	total             string
}

// checkAddOns sells each case's line, ACCOMMODATION to a guest from
// Chicago and other classes to a customer at the hotel, and compares the
// records of the state's jurisdiction and the total.
func checkAddOns(t *testing.T, cases []addOnCase) {
	t.Helper()
	for _, c := range cases {
		dest := guestChicago
		if c.class != "ACCOMMODATION" {
			dest = c.hotel
		}
		got, total := stateRecords(t, c.date, c.class, c.hotel, dest, c.state, nil)
		if !slices.Equal(got, c.want) || total != c.total {
			t.Errorf("%s on %s: %s of 100.00 bears %q of %s and %s in all, want %q and %s", c.name, c.date, c.class, got, c.state, total, c.want, c.total)
		}
	}
}

// TestUSLodgingStateTaxesInPlaceOfTheSalesTax sells a 100.00 night where
// the state taxes lodging by a tax of its own and not by its sales tax:
// the response names that tax, with the sales tax at 0.00 beside it and
// no local sales tax. Figures by hand: New Hampshire's Meals and Rooms
// Tax, 9.00 until September 30, 2021 and 8.50 from October 1, 2021;
// Vermont's Meals and Rooms Tax, 9.00 (Burlington's 1% local option
// reaches goods, not rooms); Massachusetts's Room Occupancy Excise, 5.70,
// not the 6.25 sales tax; the Texas Hotel Occupancy Tax, 6.00 (Austin's
// 2.00 on goods); Delaware's Public Accommodations Tax, 8.00; Oregon's
// State Transient Lodging Tax, 1.80 in 2018 and 1.50; Alabama's Lodgings
// Tax, 4.00 (Montgomery's 6.00 of local sales taxes on goods); Illinois's
// Hotel Operators' Occupation Tax, 6% of 94% of the rent, 5.64, in
// Springfield and Chicago alike; Montana's Lodging Facility Sales Tax and
// Lodging Facility Use Tax, 4.00 each.
func TestUSLodgingStateTaxesInPlaceOfTheSalesTax(t *testing.T) {
	const a = "ACCOMMODATION"
	sut := "Sales and Use Tax 0.00"
	cases := []addOnCase{
		{"Concord, the day before the cut", "2021-09-30", a, hotelConcord, "US-NH", []string{sut, "Meals and Rooms Tax 9.00"}, "9.00"},
		{"Concord, the day of the cut", "2021-10-01", a, hotelConcord, "US-NH", []string{sut, "Meals and Rooms Tax 8.50"}, "8.50"},
		{"Concord", "2026-06-01", a, hotelConcord, "US-NH", []string{sut, "Meals and Rooms Tax 8.50"}, "8.50"},
		{"Burlington", "2026-06-01", a, hotelBurlington, "US-VT", []string{sut, "Meals and Rooms Tax 9.00"}, "9.00"},
		{"Boston", "2026-06-01", a, hotelBoston, "US-MA", []string{sut, "Room Occupancy Excise 5.70"}, "5.70"},
		{"Austin", "2026-06-01", a, hotelAustin, "US-TX", []string{sut, "Hotel Occupancy Tax 6.00"}, "6.00"},
		{"Dover", "2026-06-01", a, hotelDover, "US-DE", []string{sut, "Public Accommodations Tax 8.00"}, "8.00"},
		{"Portland, Oregon, 2018", "2018-06-01", a, hotelPortlandOR, "US-OR", []string{sut, "State Transient Lodging Tax 1.80"}, "1.80"},
		{"Portland, Oregon", "2026-06-01", a, hotelPortlandOR, "US-OR", []string{sut, "State Transient Lodging Tax 1.50"}, "1.50"},
		{"Montgomery", "2026-06-01", a, hotelMontgomery, "US-AL", []string{sut, "Lodgings Tax 4.00"}, "4.00"},
		{"Springfield, Illinois", "2026-06-01", a, hotelSpringIL, "US-IL", []string{sut, "Hotel Operators' Occupation Tax 5.64"}, "5.64"},
		{"Chicago", "2026-06-01", a, hotelChicago, "US-IL", []string{sut, "Hotel Operators' Occupation Tax 5.64"}, "5.64"},
		{"Billings", "2026-06-01", a, hotelBillings, "US-MT", []string{sut, "Lodging Facility Sales Tax 4.00", "Lodging Facility Use Tax 4.00"}, "8.00"},
	}
	checkAddOns(t, cases)
}

// TestUSLodgingNoStateTax sells a 100.00 night in California and Nevada,
// which tax lodging by local taxes only (not modelled): the sales tax,
// state and local, does not reach the room (Sacramento's 8.75 and Las
// Vegas's 8.38 on goods).
func TestUSLodgingNoStateTax(t *testing.T) {
	const a, g = "ACCOMMODATION", "GENERAL"
	cases := []addOnCase{
		{"Sacramento", "2026-06-01", a, hotelSacramento, "US-CA", []string{"Sales and Use Tax 0.00"}, "0.00"},
		{"Las Vegas", "2026-06-01", a, hotelLasVegas, "US-NV", []string{"Sales and Use Tax 0.00"}, "0.00"},
		{"Sacramento, goods", "2026-06-01", g, hotelSacramento, "US-CA", []string{"Sales and Use Tax 7.25"}, "8.75"},
		{"Las Vegas, goods", "2026-06-01", g, hotelLasVegas, "US-NV", []string{"Sales and Use Tax 6.85"}, "8.38"},
	}
	checkAddOns(t, cases)
}

// TestUSLodgingLeavesGeneralGoodsAlone sells a GENERAL line of 100.00 at
// the same places, to a customer there: the general sales tax as before
// the lodging rows (New Hampshire, Delaware and Oregon have none;
// Burlington 6% and its 1% local option; Maine 5.5%; Connecticut 6.35%;
// the District 6%; Massachusetts 6.25%; Austin 6.25% and 2% local;
// Columbia 6% and 2% local; Montgomery 4% and 6% local; Springfield,
// Illinois, 6.25% and 3.5% local until July 2026; Montana none).
func TestUSLodgingLeavesGeneralGoodsAlone(t *testing.T) {
	cases := []lodgingCase{
		{"Concord", "2021-10-01", hotelConcord, "US-NH", "0.00", "0.00"},
		{"Concord", "2026-06-01", hotelConcord, "US-NH", "0.00", "0.00"},
		{"Burlington", "2026-06-01", hotelBurlington, "US-VT", "6.00", "7.00"},
		{"Portland, Maine", "2026-06-01", hotelPortlandME, "US-ME", "5.50", "5.50"},
		{"Hartford", "2026-06-01", hotelHartford, "US-CT", "6.35", "6.35"},
		{"Washington", "2026-06-01", hotelDC, "US-DC", "6.00", "6.00"},
		{"Boston", "2026-06-01", hotelBoston, "US-MA", "6.25", "6.25"},
		{"Austin", "2026-06-01", hotelAustin, "US-TX", "6.25", "8.25"},
		{"Dover", "2026-06-01", hotelDover, "US-DE", "0.00", "0.00"},
		{"Portland, Oregon", "2026-06-01", hotelPortlandOR, "US-OR", "0.00", "0.00"},
		{"Columbia, South Carolina", "2026-06-01", hotelColumbia, "US-SC", "6.00", "8.00"},
		{"Montgomery", "2026-06-01", hotelMontgomery, "US-AL", "4.00", "10.00"},
		{"Springfield, Illinois", "2026-06-01", hotelSpringIL, "US-IL", "6.25", "9.75"},
		{"Billings", "2026-06-01", hotelBillings, "US-MT", "0.00", "0.00"},
	}
	for _, c := range cases {
		st, total := sellNight(t, c.date, "GENERAL", c.hotel, c.hotel, c.state)
		if st != c.stateTax || total != c.total {
			t.Errorf("%s on %s: GENERAL goods of 100.00 bear %s of %s and %s in all, want %s and %s", c.name, c.date, st, c.state, total, c.stateTax, c.total)
		}
	}
}

// TestUSLodgingStatesWithoutTheirOwnRate sells a night where the state
// taxes lodging at its general sales tax rate and nothing else, as
// before: New York City (4% state, 4.5% city and the 0.375% of the
// MCTD; the city's hotel room occupancy tax is a local tax on lodging,
// not modelled).
func TestUSLodgingStatesWithoutTheirOwnRate(t *testing.T) {
	nyc := &wire.Location{StreetAddress1: "350 5th Ave", City: "New York", MainDivision: "NY", PostalCode: "10118", Country: "US"}
	st, total := sellNight(t, "2026-06-01", "ACCOMMODATION", nyc, guestChicago, "US-NY")
	if st != "4.00" || total != "8.88" {
		t.Errorf("New York: a night of 100.00 bears %s of US-NY and %s in all, want 4.00 and 8.88", st, total)
	}
}

// TestUSLodgingTaxesOnTopOfTheSalesTax sells a 100.00 night where a
// statewide tax on lodging is charged on top of the sales tax, as a
// record of its own of the state's jurisdiction: Hawaii's transient
// accommodations tax (10.25 in 2025, 11.00 from January 1, 2026 under
// Act 96 of 2025) beside the general excise tax (4.00 and Honolulu's
// 0.50), Rhode Island's 5% hotel tax (5.00) beside its 7% sales tax
// (7.00), New Jersey's State Occupancy Fee (5.00 beside 6.63), Kentucky's
// Transient Room Tax (1.00 from June 1, 2005), Nebraska's Lodging Tax
// (1.00), Arkansas's Tourism Tax (2.00), South Dakota's Tourism Tax
// (1.50), Wyoming's State Lodging Tax (5.00 from January 1, 2021) and
// Idaho's Travel and Convention Tax (2.00), each beside the sales tax and
// the local sales taxes of the place. A GENERAL line sold at the same
// places bears no such record. Figures by hand.
func TestUSLodgingTaxesOnTopOfTheSalesTax(t *testing.T) {
	honolulu := &wire.Location{City: "Honolulu", MainDivision: "HI", PostalCode: "96813", Country: "US"}
	providence := &wire.Location{City: "Providence", MainDivision: "RI", PostalCode: "02903", Country: "US"}
	const a, g = "ACCOMMODATION", "GENERAL"
	cases := []addOnCase{
		{"Honolulu, 2025", "2025-06-01", a, honolulu, "US-HI", []string{"Sales and Use Tax 4.00", "Transient Accommodations Tax 10.25"}, "14.75"},
		{"Honolulu, the last day at 10.25%", "2025-12-31", a, honolulu, "US-HI", []string{"Sales and Use Tax 4.00", "Transient Accommodations Tax 10.25"}, "14.75"},
		{"Honolulu, the first day at 11%", "2026-01-01", a, honolulu, "US-HI", []string{"Sales and Use Tax 4.00", "Transient Accommodations Tax 11.00"}, "15.50"},
		{"Providence", "2026-06-01", a, providence, "US-RI", []string{"Sales and Use Tax 7.00", "Hotel Tax 5.00"}, "12.00"},
		{"Trenton", "2026-06-01", a, hotelTrenton, "US-NJ", []string{"Sales and Use Tax 6.63", "State Occupancy Fee 5.00"}, "11.63"},
		{"Louisville, before the tax", "2005-05-31", a, hotelLouisville, "US-KY", []string{"Sales and Use Tax 6.00"}, "6.00"},
		{"Louisville, its first day", "2005-06-01", a, hotelLouisville, "US-KY", []string{"Sales and Use Tax 6.00", "Transient Room Tax 1.00"}, "7.00"},
		{"Omaha", "2026-06-01", a, hotelOmaha, "US-NE", []string{"Sales and Use Tax 5.50", "Lodging Tax 1.00"}, "8.00"},
		{"Little Rock", "2026-06-01", a, hotelLittleRock, "US-AR", []string{"Sales and Use Tax 6.50", "Tourism Tax 2.00"}, "10.63"},
		{"Sioux Falls", "2026-06-01", a, hotelSiouxFalls, "US-SD", []string{"Sales and Use Tax 4.20", "Tourism Tax 1.50"}, "7.70"},
		// Laramie County's 2% (with its specific purpose tax of 2017)
		// around the lodging tax's first day; 1% in 2026.
		{"Cheyenne, before the tax", "2020-12-31", a, hotelCheyenne, "US-WY", []string{"Sales and Use Tax 4.00"}, "6.00"},
		{"Cheyenne, its first day", "2021-01-01", a, hotelCheyenne, "US-WY", []string{"Sales and Use Tax 4.00", "State Lodging Tax 5.00"}, "11.00"},
		{"Boise", "2026-06-01", a, hotelBoise, "US-ID", []string{"Sales and Use Tax 6.00", "Travel and Convention Tax 2.00"}, "8.00"},
		{"Honolulu, goods", "2026-06-01", g, honolulu, "US-HI", []string{"Sales and Use Tax 4.00"}, "4.50"},
		{"Providence, goods", "2026-06-01", g, providence, "US-RI", []string{"Sales and Use Tax 7.00"}, "7.00"},
		{"Trenton, goods", "2026-06-01", g, hotelTrenton, "US-NJ", []string{"Sales and Use Tax 6.63"}, "6.63"},
		{"Louisville, goods", "2026-06-01", g, hotelLouisville, "US-KY", []string{"Sales and Use Tax 6.00"}, "6.00"},
		{"Omaha, goods", "2026-06-01", g, hotelOmaha, "US-NE", []string{"Sales and Use Tax 5.50"}, "7.00"},
		{"Little Rock, goods", "2026-06-01", g, hotelLittleRock, "US-AR", []string{"Sales and Use Tax 6.50"}, "8.63"},
		{"Sioux Falls, goods", "2026-06-01", g, hotelSiouxFalls, "US-SD", []string{"Sales and Use Tax 4.20"}, "6.20"},
		{"Cheyenne, goods", "2026-06-01", g, hotelCheyenne, "US-WY", []string{"Sales and Use Tax 4.00"}, "5.00"},
		{"Boise, goods", "2026-06-01", g, hotelBoise, "US-ID", []string{"Sales and Use Tax 6.00"}, "6.00"},
	}
	checkAddOns(t, cases)
}

// TestUSLodgingStateTaxExemptOverride: an exemptOverrides entry that names
// Hawaii's Transient Accommodations Tax and US-HI exempts that tax alone;
// the general excise tax keeps its rules (4.00 and Honolulu's 0.50 on a
// night of 100.00).
func TestUSLodgingStateTaxExemptOverride(t *testing.T) {
	honolulu := &wire.Location{City: "Honolulu", MainDivision: "HI", PostalCode: "96813", Country: "US"}
	req := hotelInvoice("2026-06-01", "ACCOMMODATION", "USD", honolulu, guestChicago, false)
	req.LineItems[0].ExtendedPrice = amt("100.00")
	req.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "Transient Accommodations Tax"}, JurisdictionID: "US-HI", ReasonCode: "LONG_STAY"}}
	resp, err := testEngine(t).Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	var got []string
	for _, x := range l.Taxes {
		if x.Jurisdiction != nil && x.Jurisdiction.JurisdictionID == "US-HI" && x.Imposition != nil {
			got = append(got, x.Imposition.Value+" "+x.CalculatedTax.String()+" exempt "+x.Exempt.String())
		}
	}
	want := []string{"Sales and Use Tax 4.00 exempt 0.00", "Transient Accommodations Tax 0.00 exempt 100.00"}
	if !slices.Equal(got, want) || l.TotalTax.String() != "4.50" {
		t.Errorf("an exempt override of the TAT: %q and %s in all, want %q and 4.50", got, l.TotalTax, want)
	}
}

// TestUSLodgingOwnTaxExemptOverride: where a state taxes lodging by a tax
// of its own in place of the sales tax, an exemptOverrides entry names
// that tax to exempt it. One that names the Texas Hotel Occupancy Tax and
// US-TX exempts the 6.00 of a 100.00 night in Austin; one that names the
// state's Sales and Use Tax, which does not reach rooms, leaves the hotel
// occupancy tax due (before the tax had its own imposition, that entry
// exempted it).
func TestUSLodgingOwnTaxExemptOverride(t *testing.T) {
	override := func(tax string) []wire.Override {
		return []wire.Override{{ImpositionType: &wire.ImpositionType{Value: tax}, JurisdictionID: "US-TX", ReasonCode: "GOVERNMENT"}}
	}
	cases := []struct {
		tax   string
		want  []string
		total string
	}{
		{"Hotel Occupancy Tax", []string{"Sales and Use Tax 0.00", "Hotel Occupancy Tax 0.00"}, "0.00"},
		{"Sales and Use Tax", []string{"Sales and Use Tax 0.00", "Hotel Occupancy Tax 6.00"}, "6.00"},
	}
	for _, c := range cases {
		got, total := stateRecords(t, "2026-06-01", "ACCOMMODATION", hotelAustin, guestChicago, "US-TX", override(c.tax))
		if !slices.Equal(got, c.want) || total != c.total {
			t.Errorf("an exempt override of %s: %q and %s in all, want %q and %s", c.tax, got, total, c.want, c.total)
		}
	}
}

// TestUSLodgingWithoutAStateTax sells a 100.00 night in a state whose
// sales tax does not reach the rent of a room: California's and Nevada's
// sales taxes are on the sale of tangible personal property at retail,
// and their taxes on lodging are the local transient occupancy (lodging)
// taxes, which Levy does not model. The night bears no sales tax, state
// or local; a GENERAL line sold at the same hotel still bears the sales
// taxes of the place. Before, ACCOMMODATION had no cell there and was
// taxed as GENERAL: a Los Angeles night bore 9.75 of sales taxes, a Las
// Vegas night 8.38.
func TestUSLodgingWithoutAStateTax(t *testing.T) {
	losAngeles := &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
	lasVegas := &wire.Location{City: "Las Vegas", MainDivision: "NV", PostalCode: "89101", Country: "US"}
	for _, c := range []struct {
		name         string
		hotel        *wire.Location
		state        string
		generalTotal string
		generalState string
	}{
		{"Los Angeles", losAngeles, "US-CA", "9.75", "7.25"},
		{"Las Vegas", lasVegas, "US-NV", "8.38", "6.85"},
	} {
		if st, total := sellNight(t, "2026-06-01", "ACCOMMODATION", c.hotel, guestChicago, c.state); total != "0.00" || st != "" && st != "0.00" {
			t.Errorf("%s: a night of 100.00 bears %s of %s and %s in all, want none", c.name, st, c.state, total)
		}
		if st, total := sellNight(t, "2026-06-01", "GENERAL", c.hotel, c.hotel, c.state); st != c.generalState || total != c.generalTotal {
			t.Errorf("%s: GENERAL goods of 100.00 bear %s of %s and %s in all, want %s and %s", c.name, st, c.state, total, c.generalState, c.generalTotal)
		}
	}
}
