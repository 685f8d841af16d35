package engine

import "testing"

// TestReviewVATCalcUKHospitalityCatering sends restaurant meals
// (PREPARED_FOOD) sold in London on both sides of each step of the
// United Kingdom's temporary reduced rate for hospitality: standard-rated
// (20%) until July 14, 2020; 5% from July 15, 2020 to September 30, 2021;
// 12.5% from October 1, 2021 to March 31, 2022; 20% again from April 1,
// 2022. The reduced rate reached food and non-alcoholic drinks for
// consumption on the premises and hot take-away food, the same supplies
// whose accommodation half Levy already had (Value Added Tax Act 1994,
// Schedule 7A, Group 14 inserted by the Value Added Tax (Reduced Rate)
// (Hospitality and Tourism) (Coronavirus) Order 2020, SI 2020/728, as
// extended and stepped to 12.5% by the Finance Act 2021; HMRC guidance
// "VAT: reduced rate for hospitality, holiday accommodation and
// attractions" and VAT Notice 709/1; secondary: Ross Martin Tax
// Consultancy and Bevan VAT, September 2021). Hotel accommodation is
// checked on the same days so the two halves of the measure cannot drift
// apart.
func TestReviewVATCalcUKHospitalityCatering(t *testing.T) {
	gb := func(date, class, rate string) worldClassCase {
		return worldClassCase{"London", "", "SW1A 1AA", "GB", "GBP", date, class, one(rate)}
	}
	var cases []worldClassCase
	for _, class := range []string{"PREPARED_FOOD", "ACCOMMODATION"} {
		for _, c := range []struct{ date, rate string }{
			{"2020-07-14", "0.2"},
			{"2020-07-15", "0.05"},
			{"2021-01-13", "0.05"},
			{"2021-09-30", "0.05"},
			{"2021-10-01", "0.125"},
			{"2022-03-31", "0.125"},
			{"2022-04-01", "0.2"},
			{"2026-11-28", "0.2"},
		} {
			cases = append(cases, gb(c.date, class, c.rate))
		}
	}
	// Food to take home stays zero-rated throughout.
	cases = append(cases, gb("2021-03-01", "FOOD", "0"))
	checkWorldClassRates(t, cases)
}

// TestReviewVATCalcLithuaniaCatering sends restaurant meals
// (PREPARED_FOOD) sold in Vilnius around Lithuania's temporary 9% rate
// for catering: Law No. XIV-429 of June 22, 2021, amending article 19 of
// the VAT Law (No. IX-751), put catering services and take-away food of
// restaurants, cafés and similar establishments, alcoholic drinks
// excluded, in the 9% rate from July 1, 2021 to December 31, 2022, and
// Law No. XIV-551 kept them there until December 31, 2023; they bear the
// standard 21% on either side (Eurofound EU PolicyWatch, measure
// LT-2021-26/1956; State Tax Inspectorate notice as reported by
// vatupdate.com, December 2023; secondary: KPMG, July 2021; Orbitax,
// June 2021).
func TestReviewVATCalcLithuaniaCatering(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		{"Vilnius", "01100", "LT", "2021-06-30", "PREPARED_FOOD", "0.21"},
		{"Vilnius", "01100", "LT", "2021-07-01", "PREPARED_FOOD", "0.09"},
		{"Vilnius", "01100", "LT", "2022-12-31", "PREPARED_FOOD", "0.09"},
		{"Vilnius", "01100", "LT", "2023-01-01", "PREPARED_FOOD", "0.09"},
		{"Vilnius", "01100", "LT", "2023-12-31", "PREPARED_FOOD", "0.09"},
		{"Vilnius", "01100", "LT", "2024-01-01", "PREPARED_FOOD", "0.21"},
		{"Vilnius", "01100", "LT", "2026-11-28", "PREPARED_FOOD", "0.21"},
		// Food sold in shops stays at the standard rate throughout.
		{"Vilnius", "01100", "LT", "2022-06-01", "FOOD", "0.21"},
	})
}
