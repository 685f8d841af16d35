package engine

import "testing"

// TestQuebecQSTZeroRatesDiapersFrom2004: Québec's QST has zero-rated
// children's diapers and training pants (Act respecting the Québec sales
// tax, s. 198.5) since the day after the budget of March 30, 2004, not
// only from the consolidated version of December 23, 2024 that Levy read
// first. A 100.00 pack to Montreal bears the GST alone from March 31,
// 2004 (7.00 then, 5.00 from 2008), and nothing at all during the GST/HST
// break, whose first days fell before December 23, 2024. On the budget's
// day the QST was still charged: 7.5% of the price with the GST, 8.03.
// Levy used to charge the QST on diapers until December 22, 2024.
func TestQuebecQSTZeroRatesDiapersFrom2004(t *testing.T) {
	const x, rule = "EXEMPT", "ca-qc-diapers-2004-03-31"
	checkHSTCases(t, []hstCase{
		{montreal, "CA-QC", "2004-03-30", "DIAPERS", "8.03", "7.00", "", "the budget's day: the QST as before"},
		{montreal, "CA-QC", "2004-03-31", "DIAPERS", x, "7.00", rule, "the day after the budget of March 30, 2004"},
		{montreal, "CA-QC", "2015-06-01", "DIAPERS", x, "5.00", rule, "s. 198.5"},
		{montreal, "CA-QC", "2024-12-20", "DIAPERS", x, "0.00", rule, "the GST break, before the version of December 23, 2024"},
		{montreal, "CA-QC", "2026-06-01", "DIAPERS", x, "5.00", rule, "s. 198.5"},
		{montreal, "CA-QC", "2015-06-01", "GENERAL", "9.98", "5.00", "", "the QST"},
	})
}

// TestSaskatchewanPSTExemptsNewspapersAndMagazines: Saskatchewan's PST
// exempts books, magazines and newspapers (Information Bulletin PST-2
// among its exempt categories; PST-9 on reading materials, which from
// 2010 exempts their electronic equivalents too), so a 100.00 newspaper
// or magazine to Regina bears the GST alone (5.00), and nothing during
// the GST/HST break, when the GST was zero-rated on print newspapers.
// Levy used to charge the PST (6.00) on both.
func TestSaskatchewanPSTExemptsNewspapersAndMagazines(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{regina, "CA-SK", "2026-06-01", "NEWSPAPERS", x, "5.00", "ca-sk-newspapers", "Bulletins PST-2 and PST-9"},
		{regina, "CA-SK", "2010-06-01", "NEWSPAPERS", x, "5.00", "ca-sk-newspapers", "Bulletin PST-9"},
		{regina, "CA-SK", "2025-01-15", "NEWSPAPERS", x, "0.00", "ca-sk-newspapers", "the GST break; the PST's own exemption"},
		{regina, "CA-SK", "2026-06-01", "MAGAZINES", x, "5.00", "ca-sk-magazines", "Bulletins PST-2 and PST-9"},
		{regina, "CA-SK", "2025-01-15", "MAGAZINES", x, "5.00", "ca-sk-magazines", "magazines were not part of the break"},
	})
}
