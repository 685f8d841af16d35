package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// The tests of this file carry the walks of us_combined_walk_test.go to
// us_combined_walk4_test.go on, with their helpers and their line of
// 1000.00 of GENERAL, to the places those walks left open: Albany County,
// Wyoming, Summit County, Utah, with its new tax on the unincorporated
// area, Surprise, Arizona, across its rate change of 2024, and addresses
// whose mailing city is not the place that taxes them. Each case names
// the publication it was checked against.

// usPoint is a US location given by its coordinates alone (decimal
// degrees), the way a host that geocodes its addresses sends them: Levy
// places it by the boundaries of its dataset, not by a mailing city.
func usPoint(lat, lng string) *wire.Location {
	return &wire.Location{Latitude: lat, Longitude: lng, Country: "US"}
}

// TestUSCombinedWalkLaramieWyoming checks Laramie, in Albany County, whose
// general purpose and specific purpose taxes both run: 6% in all.
func TestUSCombinedWalkLaramieWyoming(t *testing.T) {
	laramie := usAddr("406 Ivinson Ave", "Laramie", "WY", "82070")
	checkUSWalk(t, []usWalkCase{
		{"Laramie", laramie, "2026-06-01", "60.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56001": "20.00"},
			"Wyoming Department of Revenue rate chart of April 2026, as OpenSalesTax's state audit of 2026-06-26 records it: Laramie city (Albany County) 6% (state 4%, county 2%)"},
		{"Laramie under the specific purpose tax of 2018", laramie, "2019-06-01", "60.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56001": "20.00"},
			"City of Laramie, 2018 Specific Purpose Excise Tax FAQs: the renewal of 2018-08-21 keeps the rate at 6% (state 4%, the county's general and specific purpose taxes 1% each)"},
		{"Unincorporated Albany County, by coordinates", usPoint("41.2000", "-105.8000"), "2026-06-01", "60.00", "US-WY 40.00",
			map[string]string{"US-WY": "40.00", "US-56001": "20.00"},
			"Wyoming Department of Revenue: a county's taxes apply in the whole county; Albany County 6% (rate chart of April 2026)"},
	})
}

// kimballJunction is the Kimball Junction branch of the Summit County
// Library (1885 W Ute Blvd), in the unincorporated Snyderville Basin:
// its mailing address says "Park City, UT 84098", but it lies about five
// kilometres north of Park City's limits.
var kimballJunction = usPoint("40.7245", "-111.5418")

// TestUSCombinedWalkSummitCountyUtah walks Park City and unincorporated
// Summit County through Summit County's 0.5% of 2025-07-01 and the 1.1%
// impacted communities tax that its unincorporated area bears from
// 2026-07-01.
func TestUSCombinedWalkSummitCountyUtah(t *testing.T) {
	parkCity := usAddr("445 Marsac Ave", "Park City", "UT", "84060")
	checkUSWalk(t, []usWalkCase{
		{"Park City", parkCity, "2026-06-01", "95.50", "US-UT 48.50", nil,
			"KPCW (New sales tax coming to unincorporated Summit County, 2025-11-13): Park City 9.55%; state 4.85%"},
		{"Park City after the unincorporated area's tax began", parkCity, "2026-08-01", "95.50", "US-UT 48.50", nil,
			"KPCW (2025-11-13): the 1.1% applies to the unincorporated area only, not to cities or towns; Park City 9.55%"},
		{"Park City before Summit County's 0.5%", parkCity, "2025-06-01", "90.50", "US-UT 48.50", nil,
			"Utah State Tax Commission, Tax Bulletin 08-25 (as Bloomberg Tax reports it): Summit County's 0.5% for health care facilities from 2025-07-01; KPCW (2024-05-15): Park City 9.05%"},
		{"Park City in 2024", parkCity, "2024-06-01", "90.50", "US-UT 48.50", nil,
			"KPCW (Park City records highest sales tax revenue in history, 2024-05-15): Park City 9.05%, the state's highest"},
		{"Unincorporated Summit County (Kimball Junction) with the impacted communities tax", kimballJunction, "2026-08-01", "87.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49043": "28.00", "US-49043-UNINC": "11.00"},
			"KPCW (2025-11-13): the County Council's 1.1% impacted communities tax on the unincorporated area, from the summer of 2026 (2026-07-01, the first day of a quarter, Utah Code 59-12-403), brings its rate to 8.75%; state 4.85%, the county 2.8%"},
		{"Unincorporated Summit County (Kimball Junction) before it", kimballJunction, "2026-06-01", "76.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49043": "28.00"},
			"KPCW (2025-11-13): 8.75% with the 1.1% that is not yet in force: 7.65% (state 4.85%, Summit County 2.8%)"},
		{"Unincorporated Summit County (Kimball Junction) before the county's 0.5%", kimballJunction, "2025-06-01", "71.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49043": "23.00"},
			"Utah State Tax Commission, Tax Bulletin 08-25: Summit County's 0.5% from 2025-07-01; 7.65% less it: 7.15%"},
	})
}

// TestUSCombinedWalkSurprise checks Surprise, Arizona, on either side of
// its Ordinance 2024-09, which raised the city's retail rate from 2.2% to
// 2.8% on 2024-10-01.
func TestUSCombinedWalkSurprise(t *testing.T) {
	surprise := usAddr("16000 N Civic Center Plz", "Surprise", "AZ", "85374")
	checkUSWalk(t, []usWalkCase{
		{"Surprise", surprise, "2026-06-01", "91.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00", "US-0471510": "28.00"},
			"ADOR city profile of Surprise (code SP): retail sales (017) 2.80%; Maricopa County 0.7%; state 5.6%: 9.1%"},
		{"Surprise on the first day of its 2.8%", surprise, "2024-10-01", "91.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00", "US-0471510": "28.00"},
			"ADOR's notice of Ordinance 2024-09 (Consortia, Arizona Tax Changes, October 2024): Surprise 2.2% to 2.8% from 2024-10-01"},
		{"Surprise on the last day of its 2.2%", surprise, "2024-09-30", "85.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00", "US-0471510": "22.00"},
			"ADOR city profile of Surprise, amendment 6: Ordinance 2024-09 raised the rate from 2.2%; Maricopa County 0.7%; state 5.6%: 8.5%"},
		{"Surprise in 2015", surprise, "2015-06-01", "85.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04013": "7.00", "US-0471510": "22.00"},
			"ADOR, Transaction Privilege Tax Changes and News (February 2004): Surprise Ordinance 03-34, 2.2% from 2004-04-01; state 5.6% since 2013-06-01"},
	})
}

// TestUSCombinedWalkMailingCity checks places whose mailing city is not
// the place that taxes them, given as a host that geocodes its addresses
// sends them, by their coordinates: each is taxed where it lies. (Given
// by street address, city and ZIP code, the lookup takes the named city,
// which a ZIP code's own postal name always passes: the address of
// Kimball Junction, "Park City, UT 84098", gets Park City's 9.55%.)
func TestUSCombinedWalkMailingCity(t *testing.T) {
	checkUSWalk(t, []usWalkCase{
		{"Kimball Junction, mailed to Park City (unincorporated Summit County)", kimballJunction, "2026-06-01", "76.50", "US-UT 48.50",
			map[string]string{"US-UT": "48.50", "US-49043": "28.00"},
			"KPCW (2025-11-13): the unincorporated area's 7.65% before its 1.1% of 2026-07-01, not Park City's 9.55%"},
		{"Security-Widefield, mailed to Colorado Springs 80911 (unincorporated El Paso County)", usPoint("38.7470", "-104.7210"), "2026-06-01", "51.30", "US-CO 29.00",
			map[string]string{"US-CO": "29.00", "US-08041": "12.30", "US-CO-D-PPRTA": "10.00"},
			"Colorado Department of Revenue, DR 1002 as TaxLocus copies it (2026-08-18): unincorporated El Paso County 2.23% local (county 1.23%, Pikes Peak RTA 1%); state 2.9%; not Colorado Springs's 8.2%"},
		{"Casas Adobes, mailed to Tucson (unincorporated Pima County)", usPoint("32.3375", "-110.9786"), "2026-06-01", "61.00", "US-AZ 56.00",
			map[string]string{"US-AZ": "56.00", "US-04019": "5.00"},
			"ADOR TPT rate table 2026-05-01 (as the OpenSalesTax validation grid records it): unincorporated Pima County 6.1% (state 5.6%, county 0.5%), not Tucson's 8.7%"},
		{"The Las Vegas Strip, mailed to Las Vegas (unincorporated Paradise)", usAddr("3570 S Las Vegas Blvd", "Las Vegas", "NV", "89109"), "2026-06-01", "83.75", "US-NV 68.50",
			map[string]string{"US-NV": "68.50", "US-32003": "15.25"},
			"Nevada Department of Taxation, sales and use tax rates: Clark County 8.375% in the whole county, incorporated or not, so the mailing city makes no difference"},
		{"The Las Vegas Strip by coordinates", usPoint("36.1126", "-115.1767"), "2026-06-01", "83.75", "US-NV 68.50",
			map[string]string{"US-NV": "68.50", "US-32003": "15.25"},
			"Nevada Department of Taxation, sales and use tax rates: Clark County 8.375%"},
	})
}
