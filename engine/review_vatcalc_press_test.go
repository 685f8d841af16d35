package engine

import "testing"

// TestReviewVATCalcSlovakiaDailyNewspapers sends newspapers and magazines
// sold in Bratislava around Slovakia's two changes for the press. The
// amendment of Act No. 222/2004 Coll. on VAT in force January 1, 2020
// added to Annex 7 (the 10% rate) customs code 4902 10 00: newspapers and
// periodicals appearing at least four times a week, other than those more
// than half advertising or more than a tenth erotic (Verlag Dashöfer,
// dph.sk, September 26, 2019, quoting the amending text; secondary:
// trend.sk and blog.uol.sk, November 2019). Levy's NEWSPAPERS are mainly
// dailies, so they bear 10% from 2020 to 2024; periodicals appearing less
// often (MAGAZINES) stayed at 20%. From January 1, 2025 both are at 5%.
func TestReviewVATCalcSlovakiaDailyNewspapers(t *testing.T) {
	checkVATClassRates(t, []vatClassCase{
		{"Bratislava", "811 01", "SK", "2019-12-31", "NEWSPAPERS", "0.2"},
		{"Bratislava", "811 01", "SK", "2020-01-01", "NEWSPAPERS", "0.1"},
		{"Bratislava", "811 01", "SK", "2022-06-01", "NEWSPAPERS", "0.1"},
		{"Bratislava", "811 01", "SK", "2024-12-31", "NEWSPAPERS", "0.1"},
		{"Bratislava", "811 01", "SK", "2025-01-01", "NEWSPAPERS", "0.05"},
		{"Bratislava", "811 01", "SK", "2026-11-28", "NEWSPAPERS", "0.05"},
		{"Bratislava", "811 01", "SK", "2022-06-01", "MAGAZINES", "0.2"},
		{"Bratislava", "811 01", "SK", "2025-01-01", "MAGAZINES", "0.05"},
	})
}

// TestReviewVATCalcCyprusPublications sends books, textbooks, e-books,
// newspapers and magazines sold in Nicosia on both sides of July 21,
// 2023, the day the amendment of the Value Added Tax Law (N. 95(I)/2000)
// that harmonised it with Council Directive (EU) 2022/542 was published
// in the Official Gazette and took effect: books, newspapers and
// magazines, physical or electronic, other than publications wholly or
// mainly advertising or mainly video or music, moved from 5% to a new
// rate of 3% (Meridian Global Services, August 1, 2023; Orbitax, August
// 3, 2023; Andersen in Cyprus). E-books had no reduced rate before it
// and bore the standard 19% (Compendium of Cultural Policies, Cyprus
// 4.1.4).
func TestReviewVATCalcCyprusPublications(t *testing.T) {
	var cases []vatClassCase
	for _, c := range []struct{ class, before string }{
		{"BOOKS", "0.05"},
		{"TEXTBOOKS", "0.05"},
		{"NEWSPAPERS", "0.05"},
		{"MAGAZINES", "0.05"},
		{"EBOOKS", "0.19"},
	} {
		cases = append(cases,
			vatClassCase{"Nicosia", "1010", "CY", "2023-07-20", c.class, c.before},
			vatClassCase{"Nicosia", "1010", "CY", "2023-07-21", c.class, "0.03"},
			vatClassCase{"Nicosia", "1010", "CY", "2026-11-28", c.class, "0.03"},
		)
	}
	checkVATClassRates(t, cases)
}
