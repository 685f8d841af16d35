package engine

import "testing"

// TestReviewVATCalc2IndiaBottledWater sends bottled water sold in Mumbai
// on both sides of September 22, 2025. Natural or artificial mineral
// waters and aerated waters without added sugar or flavour (heading 2201)
// bore 18% under Notification No. 1/2017-Central Tax (Rate) (9% CGST and
// 9% SGST; secondary: findgst.in, tax2win.in), and the rate
// rationalisation recommended by the 56th GST Council on September 3,
// 2025 moved packaged drinking and mineral water to 5% from September 22,
// 2025 (secondary: sethspro.com on the Council's list, where drinking
// water in 20-litre bottles goes from 12% to 5%; gstrate2025.com on
// bottled and mineral water at 5%). Levy had no row: bottled water kept
// India's standard 18%. Water with added sugar or flavour is a soft drink
// (40% from the same day).
func TestReviewVATCalc2IndiaBottledWater(t *testing.T) {
	in := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Mumbai", "", "400001", "IN", "INR", date, class, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		in("2019-06-01", "BOTTLED_WATER", "0.18"),
		in("2025-09-21", "BOTTLED_WATER", "0.18"),
		in("2025-09-22", "BOTTLED_WATER", "0.05"),
		in("2026-11-28", "BOTTLED_WATER", "0.05"),
		in("2025-09-22", "SOFT_DRINKS", "0.4"),
	})
}
