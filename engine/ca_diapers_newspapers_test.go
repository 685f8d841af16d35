package engine

import "testing"

// TestSaskatchewanPSTExemptsBabyDiapers: Saskatchewan's PST exempts baby
// diapers, cloth and disposable, and plastic or rubber baby pants
// (Information Bulletin PST-2, revisions of November 2011 and June 2015),
// so a 100.00 pack of diapers to Regina bears the GST alone (5.00) and the
// province's record is EXEMPT, during the GST/HST break too, when the GST
// was zero-rated. Levy used to charge the PST (6.00) on them.
func TestSaskatchewanPSTExemptsBabyDiapers(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{regina, "CA-SK", "2026-06-01", "DIAPERS", x, "5.00", "ca-sk-diapers", "Bulletin PST-2"},
		{regina, "CA-SK", "2016-06-01", "DIAPERS", x, "5.00", "ca-sk-diapers", "Bulletin PST-2, June 2015"},
		{regina, "CA-SK", "2025-01-15", "DIAPERS", x, "0.00", "ca-sk-diapers", "the GST break; the PST's own exemption"},
		{regina, "CA-SK", "2026-06-01", "GENERAL", "6.00", "5.00", "", "the PST"},
	})
}

// TestBritishColumbiaPSTOnDiapersAndNewspapers: British Columbia's PST,
// restored on April 1, 2013, exempts most newspapers and children's cloth
// diapers but taxes children's disposable diapers at 7% (the Ministry of
// Finance's list of March 2013). Levy's DIAPERS class is the disposable
// kind: a 100.00 pack bears the GST (5.00) and the PST (7.00). A 100.00 of
// NEWSPAPERS bears the GST alone from April 1, 2013; during the HST (July
// 1, 2010 to March 31, 2013) the province had no rebate on newspapers and
// they bore its 7% part. Levy used to charge the PST on newspapers.
func TestBritishColumbiaPSTOnDiapersAndNewspapers(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{vancouver, "CA-BC", "2026-06-01", "NEWSPAPERS", x, "5.00", "ca-bc-newspapers-2013-04-01", "most newspapers, no PST"},
		{vancouver, "CA-BC", "2013-04-01", "NEWSPAPERS", x, "5.00", "ca-bc-newspapers-2013-04-01", "the PST's return"},
		{vancouver, "CA-BC", "2025-01-15", "NEWSPAPERS", x, "0.00", "ca-bc-newspapers-2013-04-01", "the GST break; the PST's own exemption"},
		{vancouver, "CA-BC", "2013-03-31", "NEWSPAPERS", "7.00", "5.00", "", "the HST's last day: no rebate on newspapers"},
		{vancouver, "CA-BC", "2026-06-01", "DIAPERS", "7.00", "5.00", "", "children's disposable diapers bear the PST"},
		{vancouver, "CA-BC", "2025-01-15", "DIAPERS", "7.00", "0.00", "", "the PST was not part of the GST break"},
	})
}
