package engine

import "testing"

// The tests of this file carry the walks of us_combined_walk_test.go,
// us_combined_walk2_test.go and us_combined_walk3_test.go on, with their
// helpers and their line of 1000.00 of GENERAL, to the places where a
// rate engine most often goes wrong: special taxing districts, an
// unincorporated address beside the city of the same ZIP code, and a
// county whose specific purpose tax starts and stops. Each case names
// the state's publication it was checked against.

// TestUSCombinedWalkCheyenne walks Laramie County, Wyoming, through the
// periods of its specific purpose ("sixth penny") taxes.
func TestUSCombinedWalkCheyenne(t *testing.T) {
	cheyenne := usAddr("2101 O'Neil Ave", "Cheyenne", "WY", "82001")
	checkUSWalk(t, []usWalkCase{
		{"Cheyenne with the specific purpose tax of 2021", cheyenne, "2024-06-01", "60.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56021": "20.00"},
			"Wyoming Department of Revenue's announcement (Wyoming Tribune Eagle, 2022-03-30): Laramie County 6% from 2022-04-01 (state 4%, county 2%)"},
		{"Cheyenne in the first quarter of 2026", cheyenne, "2026-02-15", "60.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56021": "20.00"},
			"Laramie County at 6% until the first rate tables at 5% (Wyoming's SST rate file for the second quarter of 2026)"},
		{"Cheyenne after the specific purpose tax", cheyenne, "2026-04-15", "50.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56021": "10.00"},
			"Wyoming's SST rate file WYR2026Q2APR1 and the Excise Tax Division's rate chart of April 2026 (as OpenSalesTax records them): Laramie County 5%"},
		{"Cheyenne in the pause of 2021-2022", cheyenne, "2022-01-15", "50.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56021": "10.00"},
			"Wyoming Tribune Eagle (2021-10): no specific purpose tax from 2021-10-01 to 2022-04-01, 5% in all"},
		{"Cheyenne with the specific purpose tax of 2017", cheyenne, "2019-06-01", "60.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56021": "20.00"},
			"KGAB (2017): the specific purpose tax of the 2017 election collected from 2017-10-01; Wyoming Tribune Eagle (2021-10): until 2021-10-01"},
		{"Cheyenne between the taxes of 2012 and 2017", cheyenne, "2017-06-01", "50.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56021": "10.00"},
			"KGAB (2017): the 2012 specific purpose tax ended on 2017-04-01, 5% in all until 2017-10-01"},
	})
}

// cdtfa is the citation of California's district tax rates: the
// California Department of Tax and Fee Administration's table of city and
// county rates effective 2026-01-01 (rates/us-ca-cdtfa-2026-01-01.csv of
// the source data), which gives each city with its own district tax and
// each county's unincorporated area its own line.
const cdtfa = "CDTFA, California City & County Sales & Use Tax Rates, effective 2026-01-01: "

// TestUSCombinedWalkCaliforniaDistricts checks California's district
// taxes: a city with a district tax of its own against the county's
// unincorporated area with the countywide ones, in Los Angeles, Alameda,
// Contra Costa, Santa Clara and Nevada counties.
func TestUSCombinedWalkCaliforniaDistricts(t *testing.T) {
	checkUSWalk(t, []usWalkCase{
		{"Unincorporated Los Angeles County (Marina del Rey)", usAddr("4101 Admiralty Way", "Marina del Rey", "CA", "90292"), "2026-06-01", "97.50", "US-CA 72.50", nil,
			cdtfa + "Los Angeles County (unincorporated) 9.75%"},
		{"Santa Monica (its own district taxes)", usAddr("1685 Main St", "Santa Monica", "CA", "90401"), "2026-06-01", "107.50", "US-CA 72.50", nil,
			cdtfa + "Santa Monica 10.75%"},
		{"Unincorporated Los Angeles County (Quartz Hill)", usAddr("5040 W Avenue M-2", "Quartz Hill", "CA", "93536"), "2026-06-01", "97.50", "US-CA 72.50", nil,
			cdtfa + "Los Angeles County (unincorporated) 9.75%"},
		{"Lancaster (its own 1.5%)", usAddr("44933 Fern Ave", "Lancaster", "CA", "93534"), "2026-06-01", "112.50", "US-CA 72.50", nil,
			cdtfa + "Lancaster 11.25%"},
		// Los Angeles County's Measure A (0.5%) replaced Measure H (0.25%)
		// on 2025-04-01.
		{"Unincorporated Los Angeles County before Measure A", usAddr("4101 Admiralty Way", "Marina del Rey", "CA", "90292"), "2025-03-01", "95.00", "US-CA 72.50", nil,
			"CDTFA, Explanation of Tax Rate Changes Operative April 1, 2025: Measure A's 0.5% replaced Measure H's 0.25% on that day; the CDTFA table's 9.75% less 0.25% before it: 9.5%"},
		{"Unincorporated Alameda County (Castro Valley, BART)", usAddr("20600 Redwood Rd", "Castro Valley", "CA", "94546"), "2026-06-01", "102.50", "US-CA 72.50", nil,
			cdtfa + "Alameda County (unincorporated) 10.25%"},
		{"Oakland (its own district tax)", usAddr("1 Frank H Ogawa Plz", "Oakland", "CA", "94612"), "2026-06-01", "107.50", "US-CA 72.50", nil,
			cdtfa + "Oakland 10.75%"},
		{"Emeryville", usAddr("1333 Park Ave", "Emeryville", "CA", "94608"), "2026-06-01", "105.00", "US-CA 72.50", nil,
			cdtfa + "Emeryville 10.5%"},
		{"Berkeley (the county's rate)", usAddr("2180 Milvia St", "Berkeley", "CA", "94704"), "2026-06-01", "102.50", "US-CA 72.50", nil,
			cdtfa + "Berkeley 10.25%"},
		{"Unincorporated Contra Costa County (Alamo, BART)", usAddr("3000 Danville Blvd", "Alamo", "CA", "94507"), "2026-06-01", "87.50", "US-CA 72.50", nil,
			cdtfa + "Contra Costa County (unincorporated) 8.75%"},
		{"Walnut Creek (its own district tax)", usAddr("1666 N Main St", "Walnut Creek", "CA", "94596"), "2026-06-01", "92.50", "US-CA 72.50", nil,
			cdtfa + "Walnut Creek 9.25%"},
		{"Unincorporated Santa Clara County (Stanford) with Measure A", usAddr("450 Serra Mall", "Stanford", "CA", "94305"), "2026-06-01", "97.50", "US-CA 72.50", nil,
			"County of Santa Clara Measure A (2025): 0.625% from 2026-04-01 on the CDTFA table's 9.125% for Santa Clara County: 9.75%"},
		{"Palo Alto with Measure A", usAddr("250 Hamilton Ave", "Palo Alto", "CA", "94301"), "2026-06-01", "97.50", "US-CA 72.50", nil,
			"County of Santa Clara Measure A (2025): 0.625% from 2026-04-01 on the CDTFA table's 9.125% for Palo Alto: 9.75%"},
		{"Palo Alto before Measure A", usAddr("250 Hamilton Ave", "Palo Alto", "CA", "94301"), "2026-03-01", "91.25", "US-CA 72.50", nil,
			cdtfa + "Palo Alto 9.125%"},
		{"Truckee (its own district tax)", usAddr("10183 Truckee Airport Rd", "Truckee", "CA", "96161"), "2026-06-01", "90.00", "US-CA 72.50", nil,
			cdtfa + "Truckee 9%"},
		{"Unincorporated Nevada County (Penn Valley)", usAddr("17422 Penn Valley Dr", "Penn Valley", "CA", "95946"), "2026-06-01", "75.00", "US-CA 72.50", nil,
			cdtfa + "Nevada County (unincorporated) 7.5%"},
	})
}

// TestUSCombinedWalkTexasDistricts checks Texas's transit authorities and
// special purpose districts with the split the Comptroller publishes.
func TestUSCombinedWalkTexasDistricts(t *testing.T) {
	sa := usAddr("100 Military Plz", "San Antonio", "TX", "78205")
	checkUSWalk(t, []usWalkCase{
		{"San Antonio (VIA, ATD)", sa, "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4865000": "11.25", "US-TX-D-VIA": "5.00", "US-TX-D-SA_ATD": "3.75"},
			"Texas Comptroller local rates as TaxLocus records them (2026-08-18): San Antonio 1.125%, VIA 0.5%, Advanced Transportation District 0.375%; state 6.25%"},
		// ATD Proposition A of 2020 moved 1/8% of the city's tax to the
		// Advanced Transportation District on 2026-01-01.
		{"San Antonio before the ATD's 1/8%", sa, "2025-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4865000": "12.50", "US-TX-D-VIA": "5.00", "US-TX-D-SA_ATD": "2.50"},
			"VIA Metropolitan Transit (2020-11-03) and San Antonio Report (2020): the city's 1.25% and the ATD's 0.25% until 2025-12-31; VIA 0.5%; state 6.25%"},
		{"Garland (DART)", usAddr("200 N 5th St", "Garland", "TX", "75040"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4829000": "10.00", "US-TX-D-DART": "10.00"},
			"Texas Comptroller local rates as TaxLocus records them (2026-08-18): Garland 1%, Dallas Area Rapid Transit 1%; state 6.25%"},
		{"Richardson (DART)", usAddr("411 W Arapaho Rd", "Richardson", "TX", "75080"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4861796": "10.00", "US-TX-D-DART": "10.00"},
			"Texas Comptroller local rates as TaxLocus records them (2026-08-18): Richardson 1%, Dallas Area Rapid Transit 1%; state 6.25%"},
		{"Pflugerville (Travis County ESD No. 2)", usAddr("100 E Main St", "Pflugerville", "TX", "78660"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4857176": "15.00", "US-48453-ESD2": "5.00"},
			"Texas Comptroller local rates as TaxLocus records them (2026-08-18): Pflugerville 1.5%, Travis County Emergency Services District No. 2 0.5%; state 6.25%"},
		{"Frisco (no transit authority)", usAddr("6101 Frisco Square Blvd", "Frisco", "TX", "75034"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4827684": "20.00"},
			"Texas Comptroller local rates as TaxLocus records them (2026-08-18): Frisco 2% (no county or transit tax); state 6.25%"},
		{"Harlingen", usAddr("118 E Tyler Ave", "Harlingen", "TX", "78550"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4832372": "20.00"},
			"Texas Comptroller local rates as TaxLocus records them (2026-08-18): Harlingen 2%; state 6.25%"},
	})
}

// TestUSCombinedWalkColoradoDistricts checks Colorado's Regional
// Transportation District and Scientific and Cultural Facilities District
// with the county rate changes of 2026-01-01, the Pikes Peak Rural
// Transportation Authority in a town and in the unincorporated county,
// and cities outside them.
func TestUSCombinedWalkColoradoDistricts(t *testing.T) {
	boulder := usAddr("1777 Broadway", "Boulder", "CO", "80302")
	checkUSWalk(t, []usWalkCase{
		{"Boulder (RTD, SCFD)", boulder, "2026-06-01", "91.95", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08013": "13.35", "US-0807850": "38.60", "US-CO-D-RTD": "10.00", "US-CO-D-SCFD": "1.00"},
			"Colorado Department of Revenue, Sales & Use Tax Rate Changes Effective January 01, 2026: Boulder County 1.335%; DR 1002 as TaxLocus copies it (2026-08-18): Boulder 6.295% local (city 3.86%, RTD 1%, SCFD 0.1%); state 2.9%"},
		{"Boulder before Boulder County's increase", boulder, "2025-06-01", "90.45", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08013": "11.85", "US-0807850": "38.60", "US-CO-D-RTD": "10.00", "US-CO-D-SCFD": "1.00"},
			"Boulder County 1.185% before 2026-01-01 (Colorado and Boulder ballot issues, 2025-10); city 3.86%, RTD 1%, SCFD 0.1%; state 2.9%"},
		{"Golden (RTD, SCFD)", usAddr("911 10th St", "Golden", "CO", "80401"), "2026-06-01", "75.00", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08059": "5.00", "US-0830835": "30.00", "US-CO-D-RTD": "10.00", "US-CO-D-SCFD": "1.00"},
			"Colorado Department of Revenue, DR 1002 as TaxLocus copies it (2026-08-18): Golden 4.6% local (Jefferson County 0.5%, city 3%, RTD 1%, SCFD 0.1%); state 2.9%"},
		{"Fort Collins before Larimer County's increase", usAddr("300 LaPorte Ave", "Fort Collins", "CO", "80521"), "2025-06-01", "80.50", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08069": "8.00", "US-0827425": "43.50"},
			"Colorado Department of Revenue, Sales & Use Tax Rate Changes Effective July 1, 2025: Larimer County 0.8% (1.05% from 2026-01-01); Fort Collins 4.35%; state 2.9%"},
		{"Unincorporated El Paso County (Security-Widefield, PPRTA)", usAddr("4650 Venetucci Blvd", "Security-Widefield", "CO", "80911"), "2026-06-01", "51.30", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08041": "12.30", "US-CO-D-PPRTA": "10.00"},
			"Colorado Department of Revenue, DR 1002 as TaxLocus copies it (2026-08-18): unincorporated El Paso County 2.23% local (county 1.23%, Pikes Peak RTA 1%); state 2.9%"},
		{"Manitou Springs (PPRTA)", usAddr("606 Manitou Ave", "Manitou Springs", "CO", "80829"), "2026-06-01", "90.30", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08041": "12.30", "US-0848445": "39.00", "US-CO-D-PPRTA": "10.00"},
			"Colorado Department of Revenue, DR 1002 as TaxLocus copies it (2026-08-18): Manitou Springs 6.13% local (El Paso County 1.23%, city 3.9%, Pikes Peak RTA 1%); state 2.9%"},
		{"Fountain (its main part, outside PPRTA)", usAddr("116 S Main St", "Fountain", "CO", "80817"), "2026-06-01", "75.30", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08041": "12.30", "US-0827865": "34.00"},
			"Colorado Department of Revenue, DR 1002 as TaxLocus copies it (2026-08-18): Fountain 4.63% local (El Paso County 1.23%, city 3.4%; its part in PPRTA, 5.63%, has no boundary in the data); state 2.9%"},
		{"Fort Morgan after its increase of 2026", usAddr("110 Main St", "Fort Morgan", "CO", "80701"), "2026-06-01", "79.00", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-0827810": "50.00"},
			"Colorado Department of Revenue, Sales & Use Tax Rate Changes Effective January 01, 2026: Fort Morgan 5%; Morgan County levies none; state 2.9%"},
		{"Fort Morgan in 2025", usAddr("110 Main St", "Fort Morgan", "CO", "80701"), "2025-06-01", "69.00", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-0827810": "40.00"},
			"Fort Morgan Times (2017-11-08): 6.9% from 2018-01-01, the city's 4% (ballot issue 2C of 2017) and the state's 2.9%"},
		{"Greeley (outside RTD and SCFD, Weld County levies none)", usAddr("1000 10th St", "Greeley", "CO", "80631"), "2026-06-01", "70.10", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-0832155": "41.10"},
			"Colorado Department of Revenue, DR 1002 as TaxLocus copies it (2026-08-18): Greeley 4.11%; Weld County no sales tax; state 2.9%"},
	})
}

// TestUSCombinedWalkUnincorporated checks an unincorporated address
// (the county's rate alone) against a city in the same county, in
// Arizona, Kansas and Missouri, and Washington's transit authorities in
// cities of the Puget Sound and Thurston County.
func TestUSCombinedWalkUnincorporated(t *testing.T) {
	checkUSWalk(t, []usWalkCase{
		{"Unincorporated Maricopa County (Sun City West)", usAddr("19803 R H Johnson Blvd", "Sun City West", "AZ", "85375"), "2026-06-01", "63.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00"},
			"Arizona Department of Revenue TPT rates as TaxLocus records them (2026-08-18): unincorporated Maricopa County 6.3% (state 5.6%, county 0.7%)"},
		{"Mesa", usAddr("20 E Main St", "Mesa", "AZ", "85201"), "2026-06-01", "83.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00", "US-0446000": "20.00"},
			"Arizona Department of Revenue TPT rates as TaxLocus records them (2026-08-18): retail in Mesa 8.3% (state 5.6%, Maricopa County 0.7%, Mesa 2%)"},
		{"Marana", usAddr("11555 W Civic Center Dr", "Marana", "AZ", "85653"), "2026-06-01", "86.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04019": "5.00", "US-0444270": "25.00"},
			"Arizona Department of Revenue TPT rates as TaxLocus records them (2026-08-18): retail in Marana 8.6% (state 5.6%, Pima County 0.5%, Marana 2.5%)"},
		{"Unincorporated Johnson County, Kansas (Stilwell)", usAddr("6300 W 199th St", "Stilwell", "KS", "66085"), "2026-06-01", "79.75", "US-KS 65.00",
			map[string]string{"US-KS": "65.00", "US-20091": "14.75"},
			"Kansas Department of Revenue rates as TaxLocus records them (2026-08-18): Johnson County 1.475%; state 6.5%"},
		{"Wichita (Sedgwick County, no city tax)", usAddr("455 N Main St", "Wichita", "KS", "67202"), "2026-06-01", "75.00", "US-KS 65.00",
			map[string]string{"US-KS": "65.00", "US-20173": "10.00"},
			"Kansas Department of Revenue rates as TaxLocus records them (2026-08-18): Sedgwick County 1%; Wichita levies no city sales tax; state 6.5%"},
		{"Unincorporated St. Louis County (Mehlville)", usAddr("4301 Lemay Ferry Rd", "Mehlville", "MO", "63129"), "2026-06-01", "77.38", "US-MO 42.25",
			map[string]string{"US-MO": "42.25", "US-29189": "35.13"},
			"Missouri Department of Revenue rates as TaxLocus records them (2026-08-18): unincorporated St. Louis County 7.738% (state 4.225%, county 3.513%)"},
		{"Clayton (St. Louis County)", usAddr("10 N Bemiston Ave", "Clayton", "MO", "63105"), "2026-06-01", "94.88", "US-MO 42.25",
			map[string]string{"US-MO": "42.25", "US-29189": "35.13", "US-2914572": "17.50"},
			"Missouri Department of Revenue rates as TaxLocus records them (2026-08-18): Clayton 9.488% (state 4.225%, St. Louis County 3.513%, Clayton 1.75%)"},
		{"Everett (Sound Transit; Everett Transit in the city's rate)", usAddr("2930 Wetmore Ave", "Everett", "WA", "98201"), "2026-06-01", "99.00", "US-WA 65.00", nil,
			"Washington Department of Revenue local rates as TaxLocus records them (2026-08-18): Everett local 3.4%; state 6.5%: 9.9%"},
		{"Lynnwood (Sound Transit, Community Transit)", usAddr("19100 44th Ave W", "Lynnwood", "WA", "98036"), "2026-06-01", "107.00", "US-WA 65.00", nil,
			"Washington Department of Revenue local rates as TaxLocus records them (2026-08-18): Lynnwood local 4.2%; state 6.5%: 10.7%"},
		{"Olympia (Intercity Transit)", usAddr("601 4th Ave E", "Olympia", "WA", "98501"), "2026-06-01", "100.00", "US-WA 65.00", nil,
			"Washington Department of Revenue local rates as TaxLocus records them (2026-08-18): Olympia local 3.5%; state 6.5%: 10%"},
	})
}

// TestUSCombinedWalkUtahCountyOptions checks the county option taxes that
// Utah's Tax Commission added on 2025-07-01 (Tax Bulletin 08-25), on
// either side of the change.
func TestUSCombinedWalkUtahCountyOptions(t *testing.T) {
	slc := usAddr("451 S State St", "Salt Lake City", "UT", "84111")
	wvc := usAddr("3600 S Constitution Blvd", "West Valley City", "UT", "84119")
	checkUSWalk(t, []usWalkCase{
		{"Salt Lake City before Salt Lake County's 0.2%", slc, "2025-06-01", "82.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49035": "24.00", "US-4967000": "10.00"},
			"Utah State Tax Commission, Tax Bulletin 08-25 (2025-05-01): Salt Lake County's 0.2% for highways and public transit from 2025-07-01; 8.45% less it"},
		{"West Valley City (the county's rate alone)", wvc, "2026-06-01", "74.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49035": "26.00"},
			"Utah State Tax Commission rates as TaxLocus records them (2026-08-18): Salt Lake County 2.6%, West Valley City nothing of its own; state 4.85%"},
		{"West Valley City before Salt Lake County's 0.2%", wvc, "2025-06-01", "72.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49035": "24.00"},
			"Utah State Tax Commission, Tax Bulletin 08-25 (2025-05-01): Salt Lake County's 0.2% from 2025-07-01; 7.45% less it"},
		{"Randolph (Rich County)", usAddr("20 S Main St", "Randolph", "UT", "84064"), "2026-06-01", "66.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49033": "18.00"},
			"Utah State Tax Commission rates as TaxLocus records them (2026-08-18): Rich County 1.8%; state 4.85%"},
		{"Randolph before Rich County's 0.3%", usAddr("20 S Main St", "Randolph", "UT", "84064"), "2025-06-01", "63.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49033": "15.00"},
			"Utah State Tax Commission, Tax Bulletin 08-25 (2025-05-01): Rich County's 0.3% for transportation from 2025-07-01; 6.65% less it"},
	})
}
