package engine

import "testing"

// TestReviewVATCalc2TurkeyHospitality sends a restaurant meal and a hotel
// night in Istanbul across the dates of Turkey's rate changes. Both are
// services of List II of the rate decree No. 2007/13033 (food and drink
// served by restaurants and cafés, overnight stays in hotels and similar
// places), so they bore the reduced rate of 8% while the general rate was
// 18%; Presidential Decree No. 2812 (Official Gazette of July 31, 2020)
// cut both to 1% from that day, an extension it was given by Decision
// No. 3318 (to May 31, 2021; secondary: Orbitax) and the decree of June 2,
// 2021 (to July 31, 2021; secondary: Mondaq) kept; and Presidential Decree
// No. 7346 (Official Gazette No. 32241 of July 7, 2023) raised the 8% of
// List II to 10% from July 10, 2023, when the general rate went from 18%
// to 20% (secondary: savasmalimusavirlik.com.tr; raillynews.com and
// vatupdate.com on the Revenue Administration's communiqué of April 27,
// 2024, which confirms 10% for food and drink served in restaurants).
// Levy had no row for either class: they took the general rate, 18% and
// then 20%.
func TestReviewVATCalc2TurkeyHospitality(t *testing.T) {
	tr := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Istanbul", "", "34000", "TR", "TRY", date, class, one(rate)}
	}
	var cases []worldClassCase
	for _, class := range []string{"PREPARED_FOOD", "ACCOMMODATION"} {
		cases = append(cases,
			tr("2019-06-01", class, "0.08"),
			tr("2020-07-30", class, "0.08"),
			tr("2020-07-31", class, "0.01"),
			tr("2021-03-01", class, "0.01"),
			tr("2021-07-31", class, "0.01"),
			tr("2022-06-01", class, "0.08"),
			tr("2023-07-09", class, "0.08"),
			tr("2023-07-10", class, "0.1"),
			tr("2026-11-28", class, "0.1"),
		)
	}
	// Goods sold in a shop keep the general rate on either side of July
	// 10, 2023.
	cases = append(cases, tr("2023-07-09", "GENERAL", "0.18"), tr("2023-07-10", "GENERAL", "0.2"))
	checkWorldClassRates(t, cases)
}
