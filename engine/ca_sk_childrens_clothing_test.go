package engine

import "testing"

// TestSaskatchewanPSTOnChildrensClothingFrom2017: Saskatchewan's 2017
// budget ended the PST's exemption of children's clothing and footwear on
// April 1, 2017 (Information Notice IN 2017-06; Ryan, April 2017; CBC
// News, March 2017). A 100.00 kids' shoe to Regina was exempt on March 31,
// 2017 and bears the PST at 6% (6.00) from April 1, 2017, during the
// GST/HST break too, when the GST was zero-rated. Levy used to keep it
// exempt.
func TestSaskatchewanPSTOnChildrensClothingFrom2017(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{regina, "CA-SK", "2016-06-01", childrensClothing, x, "5.00", "ca-sk-childrens_clothing", "Bulletin PST-1"},
		{regina, "CA-SK", "2017-03-31", childrensClothing, x, "5.00", "ca-sk-childrens_clothing", "the exemption's last day"},
		{regina, "CA-SK", "2017-04-01", childrensClothing, "6.00", "5.00", "", "the 2017 budget"},
		{regina, "CA-SK", "2026-06-01", childrensClothing, "6.00", "5.00", "", "the PST"},
		{regina, "CA-SK", "2025-01-15", childrensClothing, "6.00", "0.00", "", "the PST was not part of the GST break"},
	})
}
