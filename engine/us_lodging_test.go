package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/wire"
)

// The tests of this file check ACCOMMODATION in the US states whose tax
// on short-term lodging is not their general sales tax: the state's rate
// on lodging replaces the general one (the decisions of
// internal/datagen/curated/us-taxability/accommodation.csv), at the
// property, whoever the guest is; a GENERAL line sold at the same place
// keeps the general rate. Local taxes on lodging (city and county
// occupancy taxes) are not modelled.

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
// (empty when it has none) and the line's total tax.
func sellNight(t *testing.T, date, class string, origin, dest *wire.Location, state string) (string, string) {
	t.Helper()
	req := hotelInvoice(date, class, "USD", origin, dest, false)
	req.LineItems[0].ExtendedPrice = amt("100.00")
	resp, err := testEngine(t).Sale(context.Background(), req)
	if err != nil {
		t.Fatalf("%s at %s on %s: %v", class, origin.City, date, err)
	}
	l := resp.LineItems[0]
	stateTax := ""
	for _, x := range l.Taxes {
		if x.Jurisdiction != nil && x.Jurisdiction.JurisdictionID == state {
			stateTax = x.CalculatedTax.String()
		}
	}
	return stateTax, l.TotalTax.String()
}

// TestUSLodgingRatesReplaceTheSalesTax sells a 100.00 night at a hotel to
// a guest from Chicago: the state's tax on lodging, in place of its
// general sales tax, at the property and not at the guest's home.
// Figures by hand: New Hampshire's meals and rooms tax, 9.00 until
// September 30, 2021 and 8.50 from October 1, 2021; Vermont's rooms tax,
// 9.00, and no local option sales tax (Burlington's 1% reaches goods,
// not rooms); Maine's 8.00 in 2015 and 9.00 from 2016; Connecticut's
// room occupancy rate, 15.00; the District's total rate on transient
// accommodations, 14.95 in 2020 and 15.95 from April 1, 2023;
// Massachusetts's room occupancy excise, 5.70, not the 6.25 sales tax;
// the Texas hotel occupancy tax, 6.00, with no local sales tax (Austin's
// 2.00 on goods); Delaware's lodging tax, 8.00; Oregon's transient
// lodging tax, 1.50.
func TestUSLodgingRatesReplaceTheSalesTax(t *testing.T) {
	cases := []lodgingCase{
		{"Concord, the day before the cut", "2021-09-30", hotelConcord, "US-NH", "9.00", "9.00"},
		{"Concord, the day of the cut", "2021-10-01", hotelConcord, "US-NH", "8.50", "8.50"},
		{"Concord", "2026-06-01", hotelConcord, "US-NH", "8.50", "8.50"},
		{"Burlington", "2026-06-01", hotelBurlington, "US-VT", "9.00", "9.00"},
		{"Portland, Maine, 2015", "2015-06-01", hotelPortlandME, "US-ME", "8.00", "8.00"},
		{"Portland, Maine", "2026-06-01", hotelPortlandME, "US-ME", "9.00", "9.00"},
		{"Hartford", "2026-06-01", hotelHartford, "US-CT", "15.00", "15.00"},
		{"Washington, 2020", "2020-06-01", hotelDC, "US-DC", "14.95", "14.95"},
		{"Washington", "2026-06-01", hotelDC, "US-DC", "15.95", "15.95"},
		{"Boston", "2026-06-01", hotelBoston, "US-MA", "5.70", "5.70"},
		{"Austin", "2026-06-01", hotelAustin, "US-TX", "6.00", "6.00"},
		{"Dover", "2026-06-01", hotelDover, "US-DE", "8.00", "8.00"},
		{"Portland, Oregon", "2026-06-01", hotelPortlandOR, "US-OR", "1.50", "1.50"},
	}
	for _, c := range cases {
		st, total := sellNight(t, c.date, "ACCOMMODATION", c.hotel, guestChicago, c.state)
		if st != c.stateTax || total != c.total {
			t.Errorf("%s on %s: a night of 100.00 bears %s of %s and %s in all, want %s and %s", c.name, c.date, st, c.state, total, c.stateTax, c.total)
		}
	}
}

// TestUSLodgingLeavesGeneralGoodsAlone sells a GENERAL line of 100.00 at
// the same places, to a customer there: the general sales tax as before
// the lodging rows (New Hampshire, Delaware and Oregon have none;
// Burlington 6% and its 1% local option; Maine 5.5%; Connecticut 6.35%;
// the District 6%; Massachusetts 6.25%; Austin 6.25% and 2% local).
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

// addOnCase is a line of 100.00 sold on date at hotel: the records of
// the state's jurisdiction as "imposition tax" and the line's total.
type addOnCase struct {
	name, date, class string
	hotel             *wire.Location
	state             string
	want              []string
	total             string
}

// TestUSLodgingTaxesOnTopOfTheSalesTax sells a 100.00 night where a
// statewide tax on lodging is charged on top of the sales tax, as a
// record of its own of the state's jurisdiction: Hawaii's transient
// accommodations tax (10.25 in 2025, 11.00 from January 1, 2026 under
// Act 96 of 2025) beside the general excise tax (4.00 and Honolulu's
// 0.50), and Rhode Island's 5% hotel tax (5.00) beside its 7% sales tax
// (7.00). A GENERAL line sold at the same places bears no such record.
// Figures by hand.
func TestUSLodgingTaxesOnTopOfTheSalesTax(t *testing.T) {
	honolulu := &wire.Location{City: "Honolulu", MainDivision: "HI", PostalCode: "96813", Country: "US"}
	providence := &wire.Location{City: "Providence", MainDivision: "RI", PostalCode: "02903", Country: "US"}
	const a, g = "ACCOMMODATION", "GENERAL"
	cases := []addOnCase{
		{"Honolulu, 2025", "2025-06-01", a, honolulu, "US-HI", []string{"Sales and Use Tax 4.00", "Transient Accommodations Tax 10.25"}, "14.75"},
		{"Honolulu, the last day at 10.25%", "2025-12-31", a, honolulu, "US-HI", []string{"Sales and Use Tax 4.00", "Transient Accommodations Tax 10.25"}, "14.75"},
		{"Honolulu, the first day at 11%", "2026-01-01", a, honolulu, "US-HI", []string{"Sales and Use Tax 4.00", "Transient Accommodations Tax 11.00"}, "15.50"},
		{"Providence", "2026-06-01", a, providence, "US-RI", []string{"Sales and Use Tax 7.00", "Hotel Tax 5.00"}, "12.00"},
		{"Honolulu, goods", "2026-06-01", g, honolulu, "US-HI", []string{"Sales and Use Tax 4.00"}, "4.50"},
		{"Providence, goods", "2026-06-01", g, providence, "US-RI", []string{"Sales and Use Tax 7.00"}, "7.00"},
	}
	for _, c := range cases {
		dest := guestChicago
		if c.class == g {
			dest = c.hotel
		}
		req := hotelInvoice(c.date, c.class, "USD", c.hotel, dest, false)
		req.LineItems[0].ExtendedPrice = amt("100.00")
		resp, err := testEngine(t).Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := resp.LineItems[0]
		var got []string
		for _, x := range l.Taxes {
			if x.Jurisdiction != nil && x.Jurisdiction.JurisdictionID == c.state && x.Imposition != nil {
				got = append(got, x.Imposition.Value+" "+x.CalculatedTax.String())
			}
		}
		if !slices.Equal(got, c.want) || l.TotalTax.String() != c.total {
			t.Errorf("%s on %s: %s of 100.00 bears %q of %s and %s in all, want %q and %s", c.name, c.date, c.class, got, c.state, l.TotalTax, c.want, c.total)
		}
	}
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
