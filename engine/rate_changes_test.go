package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// rateChanges are US local rate changes of 2025 and 2026, each with a
// place, the day it took effect, the combined rate the day before and on
// the day, and the publications of both. The content must charge the
// old rate on the day before and the new one on the day: a rate of
// today applied to a date before its change is the defect they guard.
var rateChanges = []struct {
	name                string
	street, city, state string
	zip                 string
	on                  string // the first day of the new rate
	before, after       string // combined rates, percent
	source              string
}{
	// Washington: the Department of Revenue's quarterly tables.
	{"Seattle", "600 4th Ave", "Seattle", "WA", "98104", "2026-01-01", "10.35", "10.55",
		"WA DOR table Q4 2025 (no changes that quarter; Seattle 10.35% since 2024-04-01); Q1 2026 table: 10.55% (King County 0.1%, Seattle 0.1%)"},
	{"Bellevue", "450 110th Ave NE", "Bellevue", "WA", "98004", "2026-01-01", "10.2", "10.3",
		"King County OEFA: most King County cities 10.2% from 2024-04-01; WA DOR Q1 2026 table: Bellevue 10.3% (King County's 0.1%)"},
	{"Carnation", "4621 Tolt Ave", "Carnation", "WA", "98014", "2026-01-01", "8.8", "8.9",
		"WA DOR Q1 2026 table: Carnation 8.9%, among its changed locations; 8.8% before is inferred, King County's 0.1% being its change"},
	{"White Center (unincorporated King County)", "1409 SW 107th St", "White Center", "WA", "98146", "2026-01-01", "10.2", "10.3",
		"WA DOR location 1700: local 3.8% in 2026, King County's 0.1% from 2026-01-01"},
	{"Edmonds", "121 5th Ave N", "Edmonds", "WA", "98020", "2026-04-01", "10.6", "10.7",
		"WA DOR Q1 2026 table: 10.6%; My Edmonds News 2026-01-14: 10.7% from April 1"},
	{"Lynnwood", "19100 44th Ave W", "Lynnwood", "WA", "98036", "2026-04-01", "10.6", "10.7",
		"Lynnwood Times 2025-12-04: 10.6%; The Everett Herald 2026-01: 10.7% in April"},
	{"Burien", "400 SW 152nd St", "Burien", "WA", "98166", "2026-07-01", "10.3", "10.4",
		"WA DOR Q1 2026 table: 10.3%; criminal justice tax adopted 2026-02-23, first quarter RCW 82.14.055 allows"},
	{"Burien, King County's change", "400 SW 152nd St", "Burien", "WA", "98166", "2026-01-01", "10.2", "10.3",
		"King County's 0.1% from 2026-01-01 (WA DOR Q4 2025 table: no changes; Q1 2026: Burien 10.3%)"},
	{"Tacoma", "747 Market St", "Tacoma", "WA", "98402", "2026-04-01", "10.3", "10.4",
		"City of Tacoma: Ordinance 29087 (2026-01-06), 0.1% criminal justice tax effective 2026-04-01, 10.3% to 10.4%"},
	{"Tacoma, Pierce County's change", "747 Market St", "Tacoma", "WA", "98402", "2026-07-01", "10.4", "10.5",
		"Pierce County's 0.1% Justice Fund tax adopted 2026-03-03, first quarter RCW 82.14.055 allows; TaxLocus 2026-08-18: 10.5%"},
	{"Bellingham", "210 Lottie St", "Bellingham", "WA", "98225", "2026-01-01", "9.0", "9.1",
		"My Bellingham Now (2025-10): 0.1% public safety tax from 2026-01-01; Clarity Tax Group: Q1 2026 9.10%, 0.1% above 2025"},
	{"Bellingham, the step of 2026", "210 Lottie St", "Bellingham", "WA", "98225", "2026-07-01", "9.1", "9.2",
		"TaxLocus 2026-08-18: 9.2%; Whatcom County's 0.1% voted on 2026-04-14, first quarter RCW 82.14.055 allows (inferred)"},
	{"Bingen", "208 W Steuben St", "Bingen", "WA", "98605", "2026-01-01", "7.5", "7.6",
		"Columbia Gorge News (2025-10): voters approved a 0.1% public safety tax in August 2025, 7.6% from January 2026"},
	{"Bingen, its second tax", "208 W Steuben St", "Bingen", "WA", "98605", "2026-04-01", "7.6", "7.7",
		"Ordinance 2025-14-781 (December 2025), a 0.1% HB 2015 tax, first quarter RCW 82.14.055 allows (inferred); TaxLocus 2026-08-18: 7.7%"},
	{"Yakima", "129 N 2nd St", "Yakima", "WA", "98901", "2026-01-01", "8.3", "8.6",
		"WA DOR Q4 2025 table: 8.3%; TaxLocus 2026-08-18: 8.6% (the quarter after the table, the earliest possible)"},
	// North Dakota.
	{"Fargo", "225 4th St N", "Fargo", "ND", "58102", "2025-04-01", "7.5", "7.75",
		"City of Fargo: 2% city tax; its 0.25% public safety tax commenced 2025-04-01 (AM 1100 The Flag, WDAY)"},
	// North Carolina.
	{"Charlotte (Mecklenburg County)", "600 E 4th St", "Charlotte", "NC", "28202", "2026-04-01", "7.25", "8.25",
		"WSOC-TV 2025-11-03: 7.25%; TaxCloud: the 1% transportation tax effective 2026-04-01, 8.25%"},
	// Colorado: the Department of Revenue's list of changes of 2026-01-01.
	{"Laporte (unincorporated Larimer County)", "3300 W County Rd 54G", "Laporte", "CO", "80535", "2026-01-01", "3.7", "3.95",
		"Colorado DOR, rate changes effective 2026-01-01: Larimer 1.05%; Larimer County 0.8% from 2019-01-01 (larimer.org), still 0.8% in 2024 (BizWest)"},
	{"Boulder (Boulder County)", "1777 Broadway", "Boulder", "CO", "80302", "2026-01-01", "9.045", "9.195",
		"Colorado DOR, rate changes effective 2026-01-01: Boulder County 1.335%; before it 1.185% (Colorado and Boulder Ballot Issues, 2025-10); city 3.86%, RTD 1%, SCFD 0.1%, state 2.9%"},
	{"Durango (La Plata County)", "949 E 2nd Ave", "Durango", "CO", "81301", "2026-01-01", "8.4", "9.4",
		"Colorado DOR, rate changes effective 2026-01-01: La Plata County 3%; 2% before (The Durango Herald, ballot issue 1A of 2025, a 1% increase); Durango 3.5%, state 2.9%"},
	{"Merino (Logan County)", "", "Merino", "CO", "80741", "2026-01-01", "3.9", "5.9",
		"Colorado DOR, rate changes effective 2026-01-01: Merino a new jurisdiction, 2%; Logan County 1%, state 2.9%"},
	{"Pagosa Springs (Archuleta County)", "551 Hot Springs Blvd", "Pagosa Springs", "CO", "81147", "2026-01-01", "6.9", "7.9",
		"Colorado DOR, rate changes effective 2026-01-01: Pagosa Springs a new jurisdiction, 1%; Pagosa Springs SUN 2025-11-06: the town's 1% from 2026-01-01; Archuleta County 4%, state 2.9%"},
	// Colorado: Denver's ballot issue 2Q of 2024.
	{"Denver", "1437 Bannock St", "Denver", "CO", "80202", "2025-01-01", "8.81", "9.15",
		"Denver Ballot Issue 2Q (2024-11-05, approved): 0.34% from 2025-01-01, city 4.81% to 5.15%; Denverite 2024-10-14: 8.81% before, 9.15% after"},
	// Kansas: Department of Revenue, EDU-96 (2026-01-30).
	{"Garden City (Finney County)", "301 N 8th St", "Garden City", "KS", "67846", "2026-04-01", "8.95", "9.45",
		"KDOR EDU-96 / KS-1700 (2026-01-30) as Thomson Reuters reports them: Garden City 8.95% to 9.45%"},
	{"Holton (Jackson County)", "430 Pennsylvania Ave", "Holton", "KS", "66436", "2026-04-01", "8.65", "8.9",
		"KDOR EDU-96 (2026-01-30) as Thomson Reuters reports it: Holton 8.65% to 8.9%"},
	// Ohio: COTA's permanent 0.5%.
	{"Columbus (Franklin County)", "90 W Broad St", "Columbus", "OH", "43215", "2025-04-01", "7.5", "8",
		"Ohio Department of Taxation, rate change effective 2025-04-01: Franklin County 7.50% to 8%"},
	// Tennessee: Davidson County's surcharge.
	{"Nashville (Davidson County)", "1 Public Sq", "Nashville", "TN", "37201", "2025-02-01", "9.25", "9.75",
		"Tennessee Department of Revenue, Important Notice 24-11: Davidson County 2.25% to 2.75% on 2025-02-01"},
	// Georgia and Minnesota: the SST rate files' own dates.
	{"Macon (Bibb County)", "700 Poplar St", "Macon", "GA", "31201", "2026-04-01", "7", "8",
		"SST rate file GAR2026Q2FEB19: Bibb County (021) 3% from 2025-10-01, 4% from 2026-04-01"},
	{"Summerville (Chattooga County)", "120 Washington St", "Summerville", "GA", "30747", "2026-04-01", "8", "9",
		"SST rate file GAR2026Q2FEB19: Chattooga County (055) 4% from 2026-01-01, 5% from 2026-04-01"},
	{"Summerville (Chattooga County), January", "120 Washington St", "Summerville", "GA", "30747", "2026-01-01", "7", "8",
		"SST rate file GAR2026Q2FEB19: Chattooga County (055) 3% to 2025-12-31, 4% from 2026-01-01"},
	{"Jackson (Jackson County)", "80 W Ashley St", "Jackson", "MN", "56143", "2025-04-01", "6.875", "7.875",
		"SST rate file MNR2026Q2FEB18: Jackson County (063) 1% from 2025-04-01, no earlier row; state 6.875%"},
	{"St. James (Watonwan County)", "124 Armstrong Blvd S", "St. James", "MN", "56081", "2025-01-01", "6.875", "7.375",
		"SST rate file MNR2026Q2FEB18: Watonwan County (165) 0.5% from 2025-01-01, no earlier row; state 6.875%"},
}

// TestRateChangesByDate calculates a sale at each place of rateChanges
// dated the day before its change and the day of it, and checks the
// combined rate of each day against the published one.
func TestRateChangesByDate(t *testing.T) {
	e := testEngine(t)
	rate := func(loc *wire.Location, d civil.Date) decimal.Decimal {
		t.Helper()
		resp, err := e.Sale(context.Background(), saleHere(loc, d, "100"))
		if err != nil {
			t.Fatalf("%s on %s: %v", loc.City, d, err)
		}
		return resp.TotalTax.Decimal().Div(decimal.NewFromInt(100))
	}
	for _, c := range rateChanges {
		loc := &wire.Location{StreetAddress1: c.street, City: c.city, MainDivision: c.state, PostalCode: c.zip, Country: "US"}
		on := civil.MustParse(c.on)
		for _, day := range []struct {
			d    civil.Date
			want string
		}{{on.AddDays(-1), c.before}, {on, c.after}} {
			want := decimal.RequireFromString(day.want)
			if got := rate(loc, day.d); !got.Equal(want) {
				t.Errorf("%s on %s: combined %s%%, published %s%% (%s)", c.name, day.d, got, want, c.source)
			}
		}
	}
}
