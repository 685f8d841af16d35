package engine

import "testing"

// The tests of this file carry the walk of us_combined_walk_test.go on,
// with its helpers and its line of 1000.00 of GENERAL: to the states with
// a sales tax that it did not reach, and to second-tier cities and
// unincorporated county areas of the states it did.

// TestUSCombinedWalkRemainingStates checks a city in each state with a
// sales tax that the first walk left out, and Anchorage, which levies
// none.
func TestUSCombinedWalkRemainingStates(t *testing.T) {
	checkUSWalk(t, []usWalkCase{
		{"Little Rock", usAddr("500 W Markham St", "Little Rock", "AR", "72201"), "2026-06-01", "86.25", "US-AR 65.00",
			map[string]string{"US-AR": "65.00", "US-05119": "10.00", "US-0541000": "11.25"},
			"Arkansas DFA local rates as TaxLocus records them (refresh 2026-08-18): Little Rock 8.625% (state 6.5%, Pulaski County 1%, Little Rock 1.125%)"},
		{"Hartford", usAddr("550 Main St", "Hartford", "CT", "06103"), "2026-06-01", "63.50", "US-CT 63.50",
			map[string]string{"US-CT": "63.50"},
			"Connecticut Department of Revenue Services: 6.35%, no local sales tax"},
		{"Boise", usAddr("150 N Capitol Blvd", "Boise", "ID", "83702"), "2026-06-01", "60.00", "US-ID 60.00",
			map[string]string{"US-ID": "60.00"},
			"Idaho State Tax Commission: 6%; Boise levies no local option tax"},
		{"Indianapolis", usAddr("200 E Washington St", "Indianapolis", "IN", "46204"), "2026-06-01", "70.00", "US-IN 70.00",
			map[string]string{"US-IN": "70.00"},
			"Indiana Department of Revenue: 7%, no local sales tax"},
		{"Louisville", usAddr("527 W Jefferson St", "Louisville", "KY", "40202"), "2026-06-01", "60.00", "US-KY 60.00",
			map[string]string{"US-KY": "60.00"},
			"Kentucky Department of Revenue: 6%, no local sales tax"},
		{"Portland, Maine", usAddr("389 Congress St", "Portland", "ME", "04101"), "2026-06-01", "55.00", "US-ME 55.00",
			map[string]string{"US-ME": "55.00"},
			"Maine Revenue Services: 5.5% on general sales, no local sales tax"},
		{"Baltimore", usAddr("100 N Holliday St", "Baltimore", "MD", "21202"), "2026-06-01", "60.00", "US-MD 60.00",
			map[string]string{"US-MD": "60.00"},
			"Comptroller of Maryland: 6% on goods (the 3% of data and IT services from 2025-07-01 is not GENERAL), no local sales tax"},
		{"Detroit", usAddr("2 Woodward Ave", "Detroit", "MI", "48226"), "2026-06-01", "60.00", "US-MI 60.00",
			map[string]string{"US-MI": "60.00"},
			"Michigan Department of Treasury: 6%, no local sales tax"},
		{"Newark", usAddr("920 Broad St", "Newark", "NJ", "07102"), "2026-06-01", "66.25", "US-NJ 66.25",
			map[string]string{"US-NJ": "66.25"},
			"New Jersey Division of Taxation: 6.625% (an Urban Enterprise Zone's half rate is for certified sellers only)"},
		{"Providence", usAddr("25 Dorrance St", "Providence", "RI", "02903"), "2026-06-01", "70.00", "US-RI 70.00",
			map[string]string{"US-RI": "70.00"},
			"Rhode Island Division of Taxation: 7%, no local sales tax"},
		{"Burlington, Vermont", usAddr("149 Church St", "Burlington", "VT", "05401"), "2026-06-01", "70.00", "US-VT 60.00",
			map[string]string{"US-VT": "60.00", "US-5010675": "10.00"},
			"Vermont Department of Taxes, local option tax: Burlington 1%; state 6%"},
		{"Montpelier", usAddr("39 Main St", "Montpelier", "VT", "05602"), "2026-06-01", "70.00", "US-VT 60.00",
			map[string]string{"US-VT": "60.00", "US-5046000": "10.00"},
			"Vermont Department of Taxes, local option tax: Montpelier 1%; state 6%"},
		{"Charleston, West Virginia", usAddr("501 Virginia St E", "Charleston", "WV", "25301"), "2026-06-01", "70.00", "US-WV 60.00",
			map[string]string{"US-WV": "60.00", "US-5414600": "10.00"},
			"West Virginia State Tax Department, municipal sales and use tax: Charleston 1%; state 6%"},
		// Laramie County's sixth-penny tax (6% in all from 2022-04-01) has
		// ended by August 2026; its last day is not confirmed, so only a
		// date after it is walked.
		{"Cheyenne", usAddr("2101 O'Neil Ave", "Cheyenne", "WY", "82001"), "2026-08-15", "50.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56021": "10.00"},
			"Wyoming Department of Revenue rate chart as of 2026-08-01 (OpenSalesTax validation grid; TaxLocus 2026-08-18): Laramie County 5% (state 4%, county 1%)"},
		{"Anchorage", usAddr("632 W 6th Ave", "Anchorage", "AK", "99501"), "2026-06-01", "0.00", "US-AK 0.00",
			map[string]string{"US-AK": "0.00"},
			"Alaska Remote Seller Sales Tax Commission: the Municipality of Anchorage levies no sales tax; no state sales tax"},
	})
}

// TestUSCombinedWalkSecondTier checks second-tier cities and
// unincorporated county areas of states the first walk reached.
func TestUSCombinedWalkSecondTier(t *testing.T) {
	checkUSWalk(t, []usWalkCase{
		{"Unincorporated Cook County (La Grange Highlands)", usAddr("1 S La Grange Rd", "La Grange Highlands", "IL", "60525"), "2026-06-01", "90.00", "US-IL 62.50",
			map[string]string{"US-IL": "62.50", "US-17031": "17.50", "US-IL-D-NITA_COOK": "10.00"},
			"Illinois Department of Revenue rate file, Cook County record: 9% from 2016-01-01 to 2026-07-31 (state 6.25%, Cook 1.75%, RTA 1%)"},
		{"Springfield, Illinois, from July 2026", usAddr("401 S 2nd St", "Springfield", "IL", "62701"), "2026-08-15", "102.50", "US-IL 62.50",
			map[string]string{"US-IL": "62.50", "US-17167": "15.00", "US-1772000": "25.00"},
			"Illinois Department of Revenue rate file: Sangamon County unincorporated 7.75% from 2026-07-01 (county 1.5%); Springfield 2.5%: 10.25%"},
		{"Springfield, Illinois, in 2018 (before the school facility tax)", usAddr("401 S 2nd St", "Springfield", "IL", "62701"), "2018-08-01", "87.50", "US-IL 62.50",
			map[string]string{"US-IL": "62.50", "US-1772000": "25.00"},
			"The State Journal-Register (2018-02-21): Springfield 8.75% from 2018-07-01; Sangamon County's 1% school facility tax only from 2019-07-01"},
		{"Unincorporated Maricopa County (Sun City)", usAddr("10401 W Thunderbird Blvd", "Sun City", "AZ", "85351"), "2026-06-01", "63.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00"},
			"Arizona Department of Revenue, TPT rate table: retail in Maricopa County outside cities 6.3% (state 5.6%, county 0.7%)"},
		{"Mesa", usAddr("20 E Main St", "Mesa", "AZ", "85201"), "2026-06-01", "83.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00", "US-0446000": "20.00"},
			"Arizona Department of Revenue, TPT rate table: retail in Mesa 8.3% (state 5.6%, Maricopa County 0.7%, Mesa 2%)"},
		{"Aurora, Colorado (Arapahoe County)", usAddr("15151 E Alameda Pkwy", "Aurora", "CO", "80012"), "2026-06-01", "80.00", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08005": "2.50", "US-0804000": "37.50", "US-CO-D-RTD": "10.00", "US-CO-D-SCFD": "1.00"},
			"Colorado Department of Revenue, DR 1002: Aurora in Arapahoe County 8% (state 2.9%, Arapahoe 0.25%, Aurora 3.75%, RTD 1%, SCFD 0.1%)"},
		{"Boulder (home-rule city)", usAddr("1777 Broadway", "Boulder", "CO", "80302"), "2026-06-01", "91.95", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08013": "13.35", "US-0807850": "38.60", "US-CO-D-RTD": "10.00", "US-CO-D-SCFD": "1.00"},
			"Colorado Department of Revenue, Sales & Use Tax Rate Changes Effective January 01, 2026: Boulder County 1.335%; DR 1002: Boulder 3.86%, RTD 1%, SCFD 0.1%, state 2.9%: 9.195%"},
		{"Tulsa", usAddr("175 E 2nd St", "Tulsa", "OK", "74103"), "2026-06-01", "85.17", "US-OK 45.00",
			map[string]string{"US-OK": "45.00", "US-40143": "3.67", "US-4075000": "36.50"},
			"Oklahoma Tax Commission, sales tax rate locator: Tulsa 8.517% (state 4.5%, Tulsa County 0.367%, Tulsa 3.65%)"},
		{"Huntsville", usAddr("308 Fountain Cir SW", "Huntsville", "AL", "35801"), "2026-06-01", "90.00", "US-AL 40.00",
			map[string]string{"US-AL": "40.00", "US-01089": "5.00", "US-0137000": "45.00"},
			"Alabama Department of Revenue, local sales tax rates: Huntsville 9% (state 4%, Madison County 0.5%, Huntsville 4.5%)"},
		{"Rapid City", usAddr("300 6th St", "Rapid City", "SD", "57701"), "2026-06-01", "62.00", "US-SD 42.00",
			map[string]string{"US-SD": "42.00", "US-4652980": "20.00"},
			"South Dakota Department of Revenue, municipal tax rates: Rapid City 2%; state 4.2%"},
		{"Wichita", usAddr("455 N Main St", "Wichita", "KS", "67202"), "2026-06-01", "75.00", "US-KS 65.00",
			map[string]string{"US-KS": "65.00", "US-20173": "10.00"},
			"Kansas Department of Revenue, Pub. KS-1700: Wichita 7.5% (state 6.5%, Sedgwick County 1%; no city tax)"},
		{"Lincoln", usAddr("555 S 10th St", "Lincoln", "NE", "68508"), "2026-06-01", "72.50", "US-NE 55.00",
			map[string]string{"US-NE": "55.00", "US-3128000": "17.50"},
			"Nebraska Department of Revenue, local sales and use tax rates: Lincoln 1.75%; state 5.5%"},
		{"Madison", usAddr("210 Martin Luther King Jr Blvd", "Madison", "WI", "53703"), "2026-06-01", "55.00", "US-WI 50.00",
			map[string]string{"US-WI": "50.00", "US-55025": "5.00"},
			"Wisconsin Department of Revenue: Dane County 0.5% county tax; state 5%"},
		{"Cedar Rapids", usAddr("101 1st St SE", "Cedar Rapids", "IA", "52401"), "2026-06-01", "70.00", "US-IA 60.00",
			map[string]string{"US-IA": "60.00", "US-19113": "10.00"},
			"Iowa Department of Revenue: state 6% and Linn County's local option 1%"},
		{"Reno", usAddr("1 E 1st St", "Reno", "NV", "89501"), "2026-06-01", "82.65", "US-NV 68.50",
			map[string]string{"US-NV": "68.50", "US-32031": "14.15"},
			"Nevada Department of Taxation, sales and use tax rates: Washoe County 8.265% (state 6.85%, county 1.415%)"},
		{"Buffalo", usAddr("65 Niagara Sq", "Buffalo", "NY", "14202"), "2026-06-01", "87.50", "US-NY 40.00",
			map[string]string{"US-NY": "40.00", "US-36029": "47.50"},
			"New York Department of Taxation and Finance, Publication 718: Erie County 8.75% (state 4%, county 4.75%)"},
		{"Dallas (DART)", usAddr("1500 Marilla St", "Dallas", "TX", "75201"), "2026-06-01", "82.50", "US-TX 62.50",
			map[string]string{"US-TX": "62.50", "US-4819000": "10.00", "US-TX-D-DART": "10.00"},
			"Texas Comptroller, sales tax rate locator: Dallas 8.25% (state 6.25%, Dallas 1%, Dallas MTA 1%)"},
		{"Pittsburgh", usAddr("414 Grant St", "Pittsburgh", "PA", "15219"), "2026-06-01", "70.00", "US-PA 60.00",
			map[string]string{"US-PA": "60.00", "US-42003": "10.00"},
			"Pennsylvania Department of Revenue: state 6% and Allegheny County's local 1%"},
		{"Cleveland (GCRTA)", usAddr("601 Lakeside Ave", "Cleveland", "OH", "44114"), "2026-06-01", "80.00", "US-OH 57.50",
			map[string]string{"US-OH": "57.50", "US-39035": "12.50", "US-OH-D-GCRTA": "10.00"},
			"Ohio Department of Taxation, sales and use tax rates: Cuyahoga County 8% (state 5.75%, county 1.25%, GCRTA 1%)"},
	})
}
