package engine

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// The tests of this file walk the US sales tax of real addresses, state
// capitals, large cities and special districts, over the real dataset:
// a line of 1000.00 of GENERAL sold from a store at the address to a
// consumer there bears the state's published combined rate, and, where
// the state publishes how it is made up, each jurisdiction's part. The
// line stays below the per-item limits of the local taxes (Tennessee's
// first $1,600, Florida's first $5,000), as a published combined rate
// assumes. Figures by hand: the rate times 1000.00, rounded to the cent.

// usWalkCase is an address, a date, the tax of 1000.00 at the combined
// rate, and the parts: every jurisdiction's tax when the publication
// splits the rate, or nil when it gives the combined rate alone (then
// only the state's part, state, is checked with the total).
type usWalkCase struct {
	name   string
	at     *wire.Location
	date   string
	total  string
	state  string            // the state's jurisdiction ID and its tax, "US-XX 62.50"
	parts  map[string]string // jurisdiction ID -> tax, nil when not published
	source string
}

// usAddr is a US address: a street address (a city hall, a capitol or
// another public building), city, state and ZIP code.
func usAddr(street, city, state, zip string) *wire.Location {
	return &wire.Location{StreetAddress1: street, City: city, MainDivision: state, PostalCode: zip, Country: "US"}
}

// usWalkSale sells one line of 1000.00 of GENERAL on date from a store at
// at to a consumer there, and returns the line's tax by jurisdiction and
// its total tax.
func usWalkSale(t *testing.T, date string, at *wire.Location) (map[string]string, string) {
	t.Helper()
	req := &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "USD"},
		Seller:    &wire.Seller{PhysicalOrigin: at},
		Customer:  &wire.Customer{Destination: at},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}}
	resp, err := testEngine(t).Sale(context.Background(), req)
	if err != nil {
		t.Fatalf("%s, %s on %s: %v", at.City, at.MainDivision, date, err)
	}
	l := resp.LineItems[0]
	sums := map[string]money.Amount{}
	for _, x := range l.Taxes {
		if x.Jurisdiction == nil {
			continue
		}
		id := string(x.Jurisdiction.JurisdictionID)
		s, ok := sums[id]
		if !ok {
			sums[id] = x.CalculatedTax
			continue
		}
		sums[id] = s.Add(x.CalculatedTax)
	}
	out := map[string]string{}
	for id, s := range sums {
		out[id] = s.String()
	}
	return out, l.TotalTax.String()
}

// checkUSWalk sells each case's line and compares its total, its state's
// part and, where published, every jurisdiction's part.
func checkUSWalk(t *testing.T, cases []usWalkCase) {
	t.Helper()
	for _, c := range cases {
		got, total := usWalkSale(t, c.date, c.at)
		if total != c.total {
			t.Errorf("%s on %s: 1000.00 bears %s in all, want %s (%s); parts %v", c.name, c.date, total, c.total, c.source, got)
		}
		id, want, ok := strings.Cut(c.state, " ")
		if !ok {
			t.Fatalf("%s: state %q is not \"ID tax\"", c.name, c.state)
		}
		if got[id] != want {
			t.Errorf("%s on %s: %s's tax is %q, want %s (%s)", c.name, c.date, id, got[id], want, c.source)
		}
		if c.parts == nil {
			continue
		}
		if c.parts[id] != want {
			t.Fatalf("%s: the parts give the state %q, the case %s", c.name, c.parts[id], want)
		}
		for _, j := range slices.Sorted(maps.Keys(c.parts)) {
			if got[j] != c.parts[j] {
				t.Errorf("%s on %s: %s's tax is %q, want %s (%s)", c.name, c.date, j, got[j], c.parts[j], c.source)
			}
		}
		for _, j := range slices.Sorted(maps.Keys(got)) {
			if _, ok := c.parts[j]; !ok && got[j] != "0.00" {
				t.Errorf("%s on %s: %s's tax %s is not among the published parts (%s)", c.name, c.date, j, got[j], c.source)
			}
		}
	}
}

// TestUSCombinedWalkSpecialDistricts checks addresses whose combined rate
// holds a transit or cultural district, with its split where the state
// publishes it.
func TestUSCombinedWalkSpecialDistricts(t *testing.T) {
	checkUSWalk(t, []usWalkCase{
		{"Chicago (RTA, now the Northern Illinois Transit Authority)", usAddr("121 N LaSalle St", "Chicago", "IL", "60602"), "2026-06-01", "102.50", "US-IL 62.50",
			map[string]string{"US-IL": "62.50", "US-17031": "17.50", "US-1714000": "12.50", "US-IL-D-NITA_COOK": "10.00"},
			"Illinois Department of Revenue, Tax Rate Finder: 10.25% (state 6.25%, Cook County 1.75%, Chicago 1.25%, RTA 1%)"},
		{"Denver (RTD, SCFD)", usAddr("1437 Bannock St", "Denver", "CO", "80202"), "2026-06-01", "91.50", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-0820000": "51.50", "US-CO-D-RTD": "10.00", "US-CO-D-SCFD": "1.00"},
			"Colorado Department of Revenue, DR 1002: 9.15% (state 2.9%, Denver 5.15%, RTD 1%, SCFD 0.1%)"},
		// Denver Ballot Issue 2Q added 0.34% from 2025-01-01.
		{"Denver before ballot issue 2Q", usAddr("1437 Bannock St", "Denver", "CO", "80202"), "2024-06-01", "88.10", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-0820000": "48.10", "US-CO-D-RTD": "10.00", "US-CO-D-SCFD": "1.00"},
			"Colorado Department of Revenue, DR 1002 of 2024: 8.81% (Denver 4.81%)"},
		{"Colorado Springs (PPRTA)", usAddr("107 N Nevada Ave", "Colorado Springs", "CO", "80903"), "2026-06-01", "82.00", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08041": "12.30", "US-0816000": "30.70", "US-CO-D-PPRTA": "10.00"},
			"Colorado Department of Revenue, DR 1002: 8.2% (state 2.9%, El Paso County 1.23%, Colorado Springs 3.07%, PPRTA 1%)"},
		{"Seattle (Sound Transit)", usAddr("600 4th Ave", "Seattle", "WA", "98104"), "2026-06-01", "105.50", "US-WA 65.00", nil,
			"Washington Department of Revenue, local sales and use tax rate table, quarter 1 2026: Seattle 10.55% (state 6.5%, local 4.05% with the RTA)"},
		{"Seattle in 2025", usAddr("600 4th Ave", "Seattle", "WA", "98104"), "2025-06-01", "103.50", "US-WA 65.00", nil,
			"Washington Department of Revenue, local sales and use tax rate table, quarter 4 2025: Seattle 10.35%"},
		{"Los Angeles (Measure A, Metro)", usAddr("200 N Spring St", "Los Angeles", "CA", "90012"), "2026-06-01", "97.50", "US-CA 72.50", nil,
			"CDTFA, California City & County Sales & Use Tax Rates, effective 2026-01-01: Los Angeles 9.75%"},
		{"San Francisco", usAddr("1 Dr Carlton B Goodlett Pl", "San Francisco", "CA", "94102"), "2026-06-01", "86.25", "US-CA 72.50", nil,
			"CDTFA, California City & County Sales & Use Tax Rates, effective 2026-01-01: San Francisco 8.625%"},
		{"New York City (MCTD)", usAddr("350 5th Ave", "New York", "NY", "10118"), "2026-06-01", "88.75", "US-NY 40.00",
			map[string]string{"US-NY": "40.00", "US-3651000": "45.00", "US-NY-D-MCTD": "3.75"},
			"New York Department of Taxation and Finance, Publication 718: New York City 8.875% (state 4%, city 4.5%, MCTD 0.375%)"},
		{"Houston (METRO)", usAddr("901 Bagby St", "Houston", "TX", "77002"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4835000": "10.00", "US-TX-D-HOUSTON_METRO": "10.00"},
			"Texas Comptroller, sales tax rate locator: Houston 8.25% (state 6.25%, Houston 1%, Houston MTA 1%)"},
		{"Austin (Capital Metro)", usAddr("301 W 2nd St", "Austin", "TX", "78701"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4805000": "10.00", "US-TX-D-CAPMETRO": "10.00"},
			"Texas Comptroller, sales tax rate locator: Austin 8.25% (state 6.25%, Austin 1%, Austin MTA 1%)"},
		{"Nashville (transit surcharge)", usAddr("1 Public Sq", "Nashville", "TN", "37201"), "2026-06-01", "97.50", "US-TN 70.00",
			map[string]string{"US-TN": "70.00", "US-47037": "22.50", "US-TN-D-DAVIDSON_TRANSIT": "5.00"},
			"Tennessee Department of Revenue, Important Notice 24-11: Davidson County 2.25% and its 0.5% transit surcharge from 2025-02-01; state 7%"},
		{"Nashville before the transit surcharge", usAddr("1 Public Sq", "Nashville", "TN", "37201"), "2025-01-15", "92.50", "US-TN 70.00",
			map[string]string{"US-TN": "70.00", "US-47037": "22.50"},
			"Tennessee Department of Revenue, Important Notice 24-11: Davidson County 2.25% before 2025-02-01"},
		{"Kansas City, Missouri (zoological district)", usAddr("414 E 12th St", "Kansas City", "MO", "64106"), "2026-06-01", "89.75", "US-MO 42.25",
			map[string]string{"US-MO": "42.25", "US-29095": "13.75", "US-2938000": "32.50", "US-MO-D-KANSAS_CITY_ZOOLOGICAL_DISTRICT": "1.25"},
			"Missouri Department of Revenue, sales tax rate tables: Kansas City in Jackson County 8.975% (state 4.225%, Jackson 1.375%, Kansas City 3.25%, zoo 0.125%)"},
		{"Minneapolis (metro transportation and housing)", usAddr("350 S 5th St", "Minneapolis", "MN", "55415"), "2026-06-01", "90.25", "US-MN 68.75",
			map[string]string{"US-MN": "68.75", "US-27053": "1.50", "US-2743000": "5.00", "US-MN-D80004": "5.00", "US-MN-D80008": "7.50", "US-MN-D80009": "2.50"},
			"Minnesota Department of Revenue, sales tax rate calculator: Minneapolis 9.025% (state 6.875%, Hennepin 0.15%, Hennepin transit 0.5%, Minneapolis 0.5%, metro transportation 0.75%, metro housing 0.25%)"},
		{"Columbus, Ohio (COTA)", usAddr("90 W Broad St", "Columbus", "OH", "43215"), "2026-06-01", "80.00", "US-OH 57.50",
			map[string]string{"US-OH": "57.50", "US-39049": "12.50", "US-OH-D-COTA": "10.00"},
			"Ohio Department of Taxation, rate change effective 2025-04-01: Franklin County 8% (state 5.75%, county 1.25%, COTA 1%)"},
		{"Charlotte (Mecklenburg transportation tax)", usAddr("600 E 4th St", "Charlotte", "NC", "28202"), "2026-06-01", "82.50", "US-NC 47.50",
			map[string]string{"US-NC": "47.50", "US-37119": "20.00", "US-NC-D99119": "5.00", "US-NC-D98119": "10.00"},
			"North Carolina Department of Revenue, sales and use tax rates: Mecklenburg 8.25% from 2026-04-01 (state 4.75%, county 2%, transit 0.5%, transportation 1%)"},
		{"Charlotte before the transportation tax", usAddr("600 E 4th St", "Charlotte", "NC", "28202"), "2026-03-01", "72.50", "US-NC 47.50",
			map[string]string{"US-NC": "47.50", "US-37119": "20.00", "US-NC-D99119": "5.00"},
			"North Carolina Department of Revenue, sales and use tax rates: Mecklenburg 7.25% before 2026-04-01"},
		{"New Orleans (RTA)", usAddr("1300 Perdido St", "New Orleans", "LA", "70112"), "2026-06-01", "100.00", "US-LA 50.00", nil,
			"Louisiana Department of Revenue: state 5% from 2025-01-01; Orleans Parish local 5% (of which the New Orleans RTA's 1%)"},
	})
}

// TestUSCombinedWalkCapitalsAndCities checks state capitals and large
// cities.
func TestUSCombinedWalkCapitalsAndCities(t *testing.T) {
	checkUSWalk(t, []usWalkCase{
		{"Springfield, Illinois", usAddr("401 S 2nd St", "Springfield", "IL", "62701"), "2026-06-01", "97.50", "US-IL 62.50",
			map[string]string{"US-IL": "62.50", "US-17167": "10.00", "US-1772000": "25.00"},
			"Illinois Department of Revenue rate file: Sangamon County unincorporated 7.25% until 2026-06-30 (county 1%); Springfield 2.5% from 2018-07-01 (State Journal-Register, 2018-02-21): 9.75%"},
		{"Sacramento", usAddr("1315 10th St", "Sacramento", "CA", "95814"), "2026-06-01", "87.50", "US-CA 72.50", nil,
			"CDTFA, California City & County Sales & Use Tax Rates, effective 2026-01-01: Sacramento 8.75%"},
		{"Albany, New York", usAddr("24 Eagle St", "Albany", "NY", "12207"), "2026-06-01", "80.00", "US-NY 40.00",
			map[string]string{"US-NY": "40.00", "US-36001": "40.00"},
			"New York Department of Taxation and Finance, Publication 718: Albany County 8% (state 4%, county 4%)"},
		{"Phoenix", usAddr("200 W Washington St", "Phoenix", "AZ", "85003"), "2026-06-01", "91.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00", "US-0455000": "28.00"},
			"Arizona Department of Revenue, TPT rate table: retail in Phoenix 9.1% (state 5.6%, Maricopa County 0.7%, Phoenix 2.8% from 2025-04-01)"},
		{"Tucson", usAddr("255 W Alameda St", "Tucson", "AZ", "85701"), "2026-06-01", "87.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04019": "5.00", "US-0477000": "26.00"},
			"Arizona Department of Revenue, TPT rate table: retail in Tucson 8.7% (state 5.6%, Pima County 0.5%, Tucson 2.6%)"},
		{"Baton Rouge", usAddr("900 N 3rd St", "Baton Rouge", "LA", "70802"), "2026-06-01", "105.00", "US-LA 50.00", nil,
			"Louisiana Department of Revenue: state 5%; City of Baton Rouge in the East Baton Rouge Parish school district, local 5.5% (location 1701)"},
		{"Lafayette, Louisiana", usAddr("705 W University Ave", "Lafayette", "LA", "70506"), "2026-06-01", "90.00", "US-LA 50.00",
			map[string]string{"US-LA": "50.00", "US-2240735": "40.00"},
			"Louisiana Department of Revenue: state 5%; Louisiana Association of Tax Administrators, Lafayette Parish rate table: Lafayette outside its EDDs, local 4% (school board 2%, city 2%)"},
		{"Birmingham", usAddr("710 20th St N", "Birmingham", "AL", "35203"), "2026-06-01", "100.00", "US-AL 40.00", nil,
			"Alabama Department of Revenue, local sales tax rates: Birmingham 10% (state 4%)"},
		{"Montgomery, Alabama", usAddr("600 Dexter Ave", "Montgomery", "AL", "36104"), "2026-06-01", "100.00", "US-AL 40.00", nil,
			"Alabama Department of Revenue, local sales tax rates: Montgomery 10% (state 4%)"},
		{"Atlanta", usAddr("55 Trinity Ave SW", "Atlanta", "GA", "30303"), "2026-06-01", "89.00", "US-GA 40.00",
			map[string]string{"US-GA": "40.00", "US-13121": "30.00", "US-1304000": "19.00"},
			"Georgia Department of Revenue, sales tax rate chart: Atlanta in Fulton County 8.9% (state 4%, Fulton 3%, Atlanta 1.9%)"},
		{"Miami", usAddr("3500 Pan American Dr", "Miami", "FL", "33133"), "2026-06-01", "70.00", "US-FL 60.00",
			map[string]string{"US-FL": "60.00", "US-12086": "10.00"},
			"Florida Department of Revenue, DR-15DSS for 2026: Miami-Dade surtax 1%; state 6%"},
		{"Tallahassee", usAddr("300 S Adams St", "Tallahassee", "FL", "32301"), "2026-06-01", "75.00", "US-FL 60.00",
			map[string]string{"US-FL": "60.00", "US-12073": "15.00"},
			"Florida Department of Revenue, DR-15DSS for 2026: Leon surtax 1.5%; state 6%"},
		{"Memphis", usAddr("125 N Main St", "Memphis", "TN", "38103"), "2026-06-01", "97.50", "US-TN 70.00",
			map[string]string{"US-TN": "70.00", "US-47157": "22.50", "US-4748000": "5.00"},
			"Tennessee Department of Revenue, local sales tax rates: Memphis 9.75% (state 7%, Shelby County 2.25%, Memphis 0.5%)"},
		{"St. Louis", usAddr("1200 Market St", "St. Louis", "MO", "63103"), "2026-06-01", "96.79", "US-MO 42.25",
			map[string]string{"US-MO": "42.25", "US-2965000": "54.54"},
			"Missouri Department of Revenue, sales tax rate tables: St. Louis city 9.679% (state 4.225%, local 5.454%)"},
		{"Jefferson City", usAddr("201 W Capitol Ave", "Jefferson City", "MO", "65101"), "2026-06-01", "78.50", "US-MO 42.25",
			map[string]string{"US-MO": "42.25", "US-29051": "13.75", "US-2937000": "22.50"},
			"Missouri Department of Revenue, sales tax rate tables: Jefferson City 7.85% (state 4.225%, Cole County 1.375%, city 2.25%)"},
		{"Saint Paul", usAddr("15 W Kellogg Blvd", "Saint Paul", "MN", "55102"), "2026-06-01", "98.75", "US-MN 68.75",
			map[string]string{"US-MN": "68.75", "US-27123": "5.00", "US-2758000": "15.00", "US-MN-D80008": "7.50", "US-MN-D80009": "2.50"},
			"Minnesota Department of Revenue, sales tax rate calculator: St. Paul 9.875% (state 6.875%, Ramsey 0.5%, St. Paul 1.5%, metro 0.75% and 0.25%)"},
		{"Las Vegas", usAddr("495 S Main St", "Las Vegas", "NV", "89101"), "2026-06-01", "83.75", "US-NV 68.50",
			map[string]string{"US-NV": "68.50", "US-32003": "15.25"},
			"Nevada Department of Taxation, sales and use tax rates: Clark County 8.375% (state 6.85%, county 1.525%)"},
		{"Carson City", usAddr("101 N Carson St", "Carson City", "NV", "89701"), "2026-06-01", "76.00", "US-NV 68.50",
			map[string]string{"US-NV": "68.50", "US-32510": "7.50"},
			"Nevada Department of Taxation, sales and use tax rates: Carson City 7.6%"},
		{"Salt Lake City", usAddr("451 S State St", "Salt Lake City", "UT", "84111"), "2026-06-01", "84.50", "US-UT 48.50", nil,
			"Utah State Tax Commission, sales and use tax rates: Salt Lake City 8.45% (state 4.85%)"},
		{"Oklahoma City", usAddr("200 N Walker Ave", "Oklahoma City", "OK", "73102"), "2026-06-01", "86.25", "US-OK 45.00",
			map[string]string{"US-OK": "45.00", "US-4055000": "41.25"},
			"Oklahoma Tax Commission, sales tax rate locator: Oklahoma City 8.625% (state 4.5%, city 4.125%)"},
		{"Omaha", usAddr("1819 Farnam St", "Omaha", "NE", "68102"), "2026-06-01", "70.00", "US-NE 55.00",
			map[string]string{"US-NE": "55.00", "US-3137000": "15.00"},
			"Nebraska Department of Revenue, local sales and use tax rates: Omaha 1.5%; state 5.5%"},
		{"Topeka", usAddr("215 SE 7th St", "Topeka", "KS", "66603"), "2026-06-01", "93.50", "US-KS 65.00",
			map[string]string{"US-KS": "65.00", "US-20177": "13.50", "US-2071000": "15.00"},
			"Kansas Department of Revenue, Pub. KS-1700: Topeka 9.35% (state 6.5%, Shawnee County 1.35%, Topeka 1.5%)"},
		{"Milwaukee", usAddr("200 E Wells St", "Milwaukee", "WI", "53202"), "2026-06-01", "79.00", "US-WI 50.00",
			map[string]string{"US-WI": "50.00", "US-55079": "9.00", "US-5553000": "20.00"},
			"Wisconsin Department of Revenue: Milwaukee 7.9% (state 5%, Milwaukee County 0.9%, city 2%, 2023 Wis. Act 12)"},
		{"Raleigh", usAddr("222 W Hargett St", "Raleigh", "NC", "27601"), "2026-06-01", "72.50", "US-NC 47.50",
			map[string]string{"US-NC": "47.50", "US-37183": "20.00", "US-NC-D99183": "5.00"},
			"North Carolina Department of Revenue, sales and use tax rates: Wake 7.25% (state 4.75%, county 2%, transit 0.5%)"},
		{"Columbia, South Carolina", usAddr("1737 Main St", "Columbia", "SC", "29201"), "2026-06-01", "80.00", "US-SC 60.00",
			map[string]string{"US-SC": "60.00", "US-45079": "20.00"},
			"South Carolina Department of Revenue, ST-500: Richland County 8% (state 6%, local option and transportation 2%)"},
		{"Albuquerque", usAddr("1 Civic Plaza NW", "Albuquerque", "NM", "87102"), "2026-06-01", "76.25", "US-NM 48.75",
			map[string]string{"US-NM": "48.75", "US-NM-D02_100": "27.50"},
			"New Mexico Taxation and Revenue Department, gross receipts tax rate schedule: Albuquerque (02-100) 7.625% (state 4.875%)"},
		{"Honolulu", usAddr("530 S King St", "Honolulu", "HI", "96813"), "2026-06-01", "45.00", "US-HI 40.00",
			map[string]string{"US-HI": "40.00", "US-15003": "5.00"},
			"Hawaii Department of Taxation, Tax Facts 31-1: general excise tax 4% and the Honolulu County surcharge 0.5%"},
		{"Philadelphia", usAddr("1400 John F Kennedy Blvd", "Philadelphia", "PA", "19107"), "2026-06-01", "80.00", "US-PA 60.00",
			map[string]string{"US-PA": "60.00", "US-42101": "20.00"},
			"Pennsylvania Department of Revenue: state 6% and Philadelphia's local 2%"},
		{"Harrisburg", usAddr("10 N 2nd St", "Harrisburg", "PA", "17101"), "2026-06-01", "60.00", "US-PA 60.00",
			map[string]string{"US-PA": "60.00"},
			"Pennsylvania Department of Revenue: state 6%; local tax only in Allegheny County and Philadelphia"},
		{"Des Moines", usAddr("400 Robert D Ray Dr", "Des Moines", "IA", "50309"), "2026-06-01", "70.00", "US-IA 60.00",
			map[string]string{"US-IA": "60.00", "US-19153": "10.00"},
			"Iowa Department of Revenue: state 6% and Polk County's local option 1%"},
		{"Fargo", usAddr("225 4th St N", "Fargo", "ND", "58102"), "2026-06-01", "77.50", "US-ND 50.00",
			map[string]string{"US-ND": "50.00", "US-38017": "5.00", "US-3825700": "22.50"},
			"North Dakota Office of State Tax Commissioner: Fargo 7.75% (state 5%, Cass County 0.5%, Fargo 2.25% from 2025-04-01)"},
		{"Fargo before its public safety tax", usAddr("225 4th St N", "Fargo", "ND", "58102"), "2025-03-01", "75.00", "US-ND 50.00",
			map[string]string{"US-ND": "50.00", "US-38017": "5.00", "US-3825700": "20.00"},
			"City of Fargo, city sales tax: 2% before the 0.25% public safety tax of 2025-04-01"},
		{"Sioux Falls", usAddr("231 N Dakota Ave", "Sioux Falls", "SD", "57104"), "2026-06-01", "62.00", "US-SD 42.00",
			map[string]string{"US-SD": "42.00", "US-4659020": "20.00"},
			"South Dakota Department of Revenue, municipal tax rates: Sioux Falls 2%; state 4.2%"},
		{"Juneau", usAddr("155 S Seward St", "Juneau", "AK", "99801"), "2026-06-01", "50.00", "US-AK 0.00",
			map[string]string{"US-AK": "0.00", "US-02110": "50.00"},
			"Alaska Remote Seller Sales Tax Commission: City and Borough of Juneau 5%; no state sales tax"},
		{"Richmond, Virginia", usAddr("900 E Broad St", "Richmond", "VA", "23219"), "2026-06-01", "60.00", "US-VA 53.00", nil,
			"Virginia Tax: 6% in the Central Virginia region (state 4.3%, local 1%, regional 0.7%)"},
		{"Washington, DC", usAddr("801 Mount Vernon Pl NW", "Washington", "DC", "20001"), "2026-06-01", "60.00", "US-DC 60.00",
			map[string]string{"US-DC": "60.00"},
			"District of Columbia Fiscal Year 2026 Budget Support Act (KPMG, This Week in State Tax, 2025-12-15): the 6.5% of 2025-10-01 repealed, 6% until 2026-09-30"},
		{"Washington, DC, from October 2026", usAddr("801 Mount Vernon Pl NW", "Washington", "DC", "20001"), "2026-10-15", "70.00", "US-DC 70.00",
			map[string]string{"US-DC": "70.00"},
			"District of Columbia Fiscal Year 2026 Budget Support Act: 7% from 2026-10-01"},
		{"Washington, DC, in 2015", usAddr("801 Mount Vernon Pl NW", "Washington", "DC", "20001"), "2015-06-01", "57.50", "US-DC 57.50",
			map[string]string{"US-DC": "57.50"},
			"District of Columbia Office of Tax and Revenue, notice of 2018-09-05: the general rate rises from 5.75% to 6% on 2018-10-01"},
		{"Washington, DC, in 2012", usAddr("801 Mount Vernon Pl NW", "Washington", "DC", "20001"), "2012-06-01", "60.00", "US-DC 60.00",
			map[string]string{"US-DC": "60.00"},
			"Fiscal Year 2010 Budget Support Second Emergency Act of 2009: 6% from 2009-10-01, 5.75% again from 2013-10-01"},
		{"Boston", usAddr("24 Beacon St", "Boston", "MA", "02133"), "2026-06-01", "62.50", "US-MA 62.50",
			map[string]string{"US-MA": "62.50"},
			"Massachusetts Department of Revenue: 6.25%, no local sales tax"},
	})
}

// TestUSCombinedWalkMoreCities checks more large cities, among them
// places without any local tax (Greenville County, South Carolina;
// Gulfport, Mississippi) and Puerto Rico's municipal IVU.
func TestUSCombinedWalkMoreCities(t *testing.T) {
	checkUSWalk(t, []usWalkCase{
		{"Fort Worth (crime control district, Trinity Metro)", usAddr("200 Texas St", "Fort Worth", "TX", "76102"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4827000": "10.00", "US-TX-D-FORT_WORTH_CCPD": "5.00", "US-TX-D-TRINITY_METRO": "5.00"},
			"Texas Comptroller, sales tax rate locator: Fort Worth 8.25% (state 6.25%, city 1%, crime control and prevention district 0.5%, Fort Worth Transportation Authority 0.5%)"},
		{"Cincinnati (SORTA)", usAddr("801 Plum St", "Cincinnati", "OH", "45202"), "2026-06-01", "78.00", "US-OH 57.50",
			map[string]string{"US-OH": "57.50", "US-39061": "12.50", "US-OH-D-SORTA": "8.00"},
			"Ohio Department of Taxation, sales and use tax rates: Hamilton County 7.8% (state 5.75%, county 1.25%, SORTA 0.8%)"},
		{"Greenville, South Carolina", usAddr("206 S Main St", "Greenville", "SC", "29601"), "2026-06-01", "60.00", "US-SC 60.00",
			map[string]string{"US-SC": "60.00"},
			"South Carolina Department of Revenue, ST-500: Greenville County has no local sales tax; state 6%"},
		{"Gulfport", usAddr("2309 15th St", "Gulfport", "MS", "39501"), "2026-06-01", "70.00", "US-MS 70.00",
			map[string]string{"US-MS": "70.00"},
			"Mississippi Department of Revenue: general retail in Gulfport at the state's 7% (Harrison County's tourism tax reaches hotels and prepared food only)"},
		{"Tupelo", usAddr("71 E Troy St", "Tupelo", "MS", "38804"), "2026-06-01", "72.50", "US-MS 70.00",
			map[string]string{"US-MS": "70.00", "US-2874840": "2.50"},
			"Mississippi Department of Revenue: state 7% and Tupelo's 0.25%"},
		{"San Juan, Puerto Rico", usAddr("Ave Ponce de León", "San Juan", "PR", "00901"), "2026-06-01", "115.00", "US-PR 105.00",
			map[string]string{"US-PR": "105.00", "US-72127": "10.00"},
			"Puerto Rico Departamento de Hacienda: IVU 10.5% of the state and 1% of the municipality"},
		{"Orlando", usAddr("400 S Orange Ave", "Orlando", "FL", "32801"), "2026-06-01", "65.00", "US-FL 60.00",
			map[string]string{"US-FL": "60.00", "US-12095": "5.00"},
			"Florida Department of Revenue, DR-15DSS for 2026: Orange County surtax 0.5%; state 6%"},
		{"Tampa", usAddr("315 E Kennedy Blvd", "Tampa", "FL", "33602"), "2026-06-01", "75.00", "US-FL 60.00",
			map[string]string{"US-FL": "60.00", "US-12057": "15.00"},
			"Florida Department of Revenue, DR-15DSS for 2026: Hillsborough County surtax 1.5%; state 6%"},
		{"Jacksonville", usAddr("117 W Duval St", "Jacksonville", "FL", "32202"), "2026-06-01", "75.00", "US-FL 60.00",
			map[string]string{"US-FL": "60.00", "US-12031": "15.00"},
			"Florida Department of Revenue, DR-15DSS for 2026: Duval County surtax 1.5%; state 6%"},
		{"Peoria, Illinois", usAddr("419 Fulton St", "Peoria", "IL", "61602"), "2026-06-01", "90.00", "US-IL 62.50",
			map[string]string{"US-IL": "62.50", "US-17143": "10.00", "US-1759000": "17.50"},
			"Illinois Department of Revenue, Tax Rate Finder: Peoria 9% (state 6.25%, Peoria County 1%, Peoria 1.75%)"},
		{"Naperville (RTA collar county)", usAddr("400 S Eagle St", "Naperville", "IL", "60540"), "2026-06-01", "77.50", "US-IL 62.50",
			map[string]string{"US-IL": "62.50", "US-1751622": "7.50", "US-IL-D-NITA_COLLAR": "7.50"},
			"Illinois Department of Revenue, Tax Rate Finder: Naperville 7.75% (state 6.25%, Naperville 0.75%, RTA 0.75%)"},
		{"Knoxville", usAddr("400 Main St", "Knoxville", "TN", "37902"), "2026-06-01", "92.50", "US-TN 70.00", nil,
			"Tennessee Department of Revenue, local sales tax rates: Knox County 2.25%; state 7%"},
		{"Chattanooga", usAddr("101 E 11th St", "Chattanooga", "TN", "37402"), "2026-06-01", "92.50", "US-TN 70.00", nil,
			"Tennessee Department of Revenue, local sales tax rates: Hamilton County 2.25%; state 7%"},
		{"Fresno", usAddr("2600 Fresno St", "Fresno", "CA", "93721"), "2026-06-01", "83.50", "US-CA 72.50", nil,
			"CDTFA, California City & County Sales & Use Tax Rates, effective 2026-01-01: Fresno 8.35%"},
		{"San Diego", usAddr("202 C St", "San Diego", "CA", "92101"), "2026-06-01", "77.50", "US-CA 72.50", nil,
			"CDTFA, California City & County Sales & Use Tax Rates, effective 2026-01-01: San Diego 7.75%"},
		{"Savannah", usAddr("2 E Bay St", "Savannah", "GA", "31401"), "2026-06-01", "70.00", "US-GA 40.00",
			map[string]string{"US-GA": "40.00", "US-13051": "30.00"},
			"Georgia Department of Revenue, sales tax rate chart: Chatham County 7% (state 4%, county 3%)"},
	})
}
