package engine

import "testing"

// TestReviewVATCalc2ZimbabweRate sends a sale in Harare on both sides of
// January 1, 2026, when the Finance Act No. 7 of 2025 raised Zimbabwe's
// standard VAT rate from 15% to 15.5% (ZIMRA public notice on the rate
// change and its TaRMS returns, as vatupdate.com and taxtami.com report
// it; secondary: The Sunday Mail via thezimbabwemail.com; Lucent
// Consultancy, January 2, 2026). Levy kept 15%.
func TestReviewVATCalc2ZimbabweRate(t *testing.T) {
	zw := func(date, rate string) worldClassCase {
		return worldClassCase{"Harare", "", "", "ZW", "USD", date, "GENERAL", one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		zw("2022-06-01", "0.145"),
		zw("2023-01-01", "0.15"),
		zw("2025-12-31", "0.15"),
		zw("2026-01-01", "0.155"),
		zw("2026-11-28", "0.155"),
	})
}

// TestReviewVATCalc2SurinameRate sends a sale in Paramaribo from January
// 1, 2023, when Suriname's Wet Belasting over de Toegevoegde Waarde 2022
// (S.B. 2022 No. 121, amended by S.B. 2022 No. 148) replaced the turnover
// tax. The bill had proposed a general rate of 15%; the law as passed set
// it at 10%, beside 0%, 5% for motor fuel and 25% on imports of luxury
// goods (secondary: waterkant.net, January 2, 2023; fiscleconsultancy.com,
// September 2023; De West, August 30, 2022, on the government's move from
// 15 to 10%; btw.sr publishes the law's text, not read here to its rate
// article). Levy's world rate table gave
// the bill's 15%.
func TestReviewVATCalc2SurinameRate(t *testing.T) {
	sr := func(date, rate string) worldClassCase {
		return worldClassCase{"Paramaribo", "", "", "SR", "SRD", date, "GENERAL", one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		sr("2023-01-01", "0.1"),
		sr("2024-06-01", "0.1"),
		sr("2026-11-28", "0.1"),
	})
}
