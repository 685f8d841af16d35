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
