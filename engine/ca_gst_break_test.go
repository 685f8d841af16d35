package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCanadaGSTHSTBreak: the Tax Break for All Canadians Act (S.C. 2024,
// c. 32) zero-rated for the GST and the whole HST, from December 14, 2024
// to February 15, 2025, prepared food and restaurant meals, snacks and
// candy, non-alcoholic beverages, children's diapers, printed books and
// print newspapers, as it did children's clothing. A line of 100.00 bears
// no GST and, in an HST province, no provincial part; the day before and
// the day after, the GST and the HST's provincial part are charged as
// usual (or rebated where the province rebates them anyway). The QST and
// the PSTs were not part of the break.
func TestCanadaGSTHSTBreak(t *testing.T) {
	const x = "EXEMPT"
	var cases []hstCase
	// The HST provinces in the break: nothing charged at all.
	for _, p := range []struct {
		dest     func() *wire.Location
		province string
	}{{toronto, "CA-ON"}, {halifax, "CA-NS"}, {moncton, "CA-NB"}, {stJohns, "CA-NL"}, {charlottetown, "CA-PE"}} {
		for _, class := range []string{"PREPARED_FOOD", "CANDY", "SOFT_DRINKS", "BOTTLED_WATER", "DIAPERS", "BOOKS", "TEXTBOOKS", "NEWSPAPERS"} {
			for _, date := range []string{"2024-12-14", "2025-01-15", "2025-02-15"} {
				cases = append(cases, hstCase{p.dest, p.province, date, class, x, "0.00", "", "the GST/HST break"})
			}
		}
	}
	cases = append(cases,
		// The days around the break: the tax as usual.
		hstCase{toronto, "CA-ON", "2024-12-13", "PREPARED_FOOD", "8.00", "5.00", "", "the day before the break"},
		hstCase{toronto, "CA-ON", "2025-02-16", "PREPARED_FOOD", "8.00", "5.00", "", "the day after the break"},
		hstCase{toronto, "CA-ON", "2025-02-16", "SOFT_DRINKS", "8.00", "5.00", "", "the day after the break"},
		hstCase{toronto, "CA-ON", "2025-02-16", "BOOKS", x, "5.00", "", "Ontario's own rebate on books"},
		hstCase{halifax, "CA-NS", "2024-12-13", "CANDY", "10.00", "5.00", "", "the day before the break"},
		hstCase{halifax, "CA-NS", "2025-02-16", "NEWSPAPERS", "10.00", "5.00", "", "the day after the break"},
		hstCase{halifax, "CA-NS", "2025-02-16", "DIAPERS", x, "5.00", "", "Nova Scotia's own rebate on diapers"},
		hstCase{moncton, "CA-NB", "2025-02-16", "DIAPERS", "10.00", "5.00", "", "the day after the break"},
		hstCase{moncton, "CA-NB", "2024-12-13", "NEWSPAPERS", "10.00", "5.00", "", "the day before the break"},
		hstCase{stJohns, "CA-NL", "2025-02-16", "BOTTLED_WATER", "10.00", "5.00", "", "the day after the break"},
		hstCase{charlottetown, "CA-PE", "2025-02-16", "PREPARED_FOOD", "10.00", "5.00", "", "the day after the break"},
		hstCase{charlottetown, "CA-PE", "2025-02-16", "BOOKS", x, "5.00", "", "Prince Edward Island's own rebate on books"},
		// The GST alone in the provinces with a tax of their own.
		hstCase{montreal, "CA-QC", "2025-01-15", "PREPARED_FOOD", "9.98", "0.00", "", "the QST was not part of the break"},
		hstCase{montreal, "CA-QC", "2025-01-15", "CANDY", "9.98", "0.00", "", "the QST was not part of the break"},
		hstCase{montreal, "CA-QC", "2025-02-16", "PREPARED_FOOD", "9.98", "5.00", "", "the day after the break"},
		hstCase{winnipeg, "CA-MB", "2025-01-15", "CANDY", "7.00", "0.00", "", "the RST was not part of the break"},
		hstCase{regina, "CA-SK", "2025-01-15", "CANDY", "6.00", "0.00", "", "the PST was not part of the break (snack foods bear it from April 1, 2017)"},
		hstCase{vancouver, "CA-BC", "2025-01-15", "SOFT_DRINKS", "7.00", "0.00", "", "British Columbia's PST on soda beverages stays"},
		// Classes outside the break.
		hstCase{toronto, "CA-ON", "2025-01-15", "GENERAL", "8.00", "5.00", "", "not a qualifying good"},
		hstCase{toronto, "CA-ON", "2025-01-15", "MAGAZINES", "8.00", "5.00", "", "magazines bought singly do not qualify"},
		hstCase{toronto, "CA-ON", "2025-01-15", "EBOOKS", "8.00", "5.00", "", "e-books do not qualify"},
	)
	checkHSTCases(t, cases)
}

// TestBritishColumbiaPSTFood: British Columbia's PST exempts food products
// for human consumption (Bulletin PST 206), restaurant meals, prepared
// food, candy and snacks, water and non-alcoholic drinks included (Bulletin
// PST 119), but from April 1, 2021 no longer soda beverages, which bear
// the PST at 7%. During its HST (July 1, 2010 to March 31, 2013) the
// province had no PST and restaurant meals bore its 7% part of the HST.
func TestBritishColumbiaPSTFood(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{vancouver, "CA-BC", "2026-06-01", "PREPARED_FOOD", x, "5.00", "", "restaurant meals, Bulletin PST 119"},
		{vancouver, "CA-BC", "2014-06-01", "PREPARED_FOOD", x, "5.00", "", "restaurant meals, Bulletin PST 119"},
		{vancouver, "CA-BC", "2026-06-01", "CANDY", x, "5.00", "", "candy and confections, Bulletin PST 206"},
		{vancouver, "CA-BC", "2026-06-01", "BOTTLED_WATER", x, "5.00", "", "water, Bulletin PST 206"},
		{vancouver, "CA-BC", "2021-03-31", "SOFT_DRINKS", x, "5.00", "", "soft drinks before April 1, 2021"},
		{vancouver, "CA-BC", "2021-04-01", "SOFT_DRINKS", "7.00", "5.00", "", "soda beverages from April 1, 2021"},
		{vancouver, "CA-BC", "2026-06-01", "SOFT_DRINKS", "7.00", "5.00", "", "soda beverages from April 1, 2021"},
		{vancouver, "CA-BC", "2012-06-01", "PREPARED_FOOD", "7.00", "5.00", "", "restaurant meals bore the whole HST"},
		{vancouver, "CA-BC", "2026-06-01", "GENERAL", "7.00", "5.00", "", "the PST"},
	})
}

// TestQuebecQSTDiapers: the QST zero-rates children's diapers and training
// pants (Act respecting the Québec sales tax, s. 198.5) while the GST
// applies; during the GST/HST break neither tax is charged.
func TestQuebecQSTDiapers(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{montreal, "CA-QC", "2026-06-01", "DIAPERS", x, "5.00", "", "zero-rated under the QST, s. 198.5"},
		{montreal, "CA-QC", "2025-01-15", "DIAPERS", x, "0.00", "", "zero-rated under the QST, and the GST/HST break"},
		{montreal, "CA-QC", "2026-06-01", "GENERAL", "9.98", "5.00", "", "the QST"},
	})
}

// TestManitobaRSTDiapers: from July 1, 2013 Manitoba's RST exempts baby
// supplies, diapers among them (Bulletin No. 113); before, they bore it.
func TestManitobaRSTDiapers(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{winnipeg, "CA-MB", "2026-06-01", "DIAPERS", x, "5.00", "", "baby supplies, Bulletin No. 113"},
		{winnipeg, "CA-MB", "2013-07-01", "DIAPERS", x, "5.00", "", "the exemption's first day"},
		{winnipeg, "CA-MB", "2013-06-30", "DIAPERS", "7.00", "5.00", "", "before the exemption"},
	})
}
