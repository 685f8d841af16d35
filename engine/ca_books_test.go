package engine

import "testing"

// TestProvincialBooksCanada sends sales of printed books in Manitoba,
// whose retail sales tax exempts them, and in Quebec, whose QST
// zero-rates them, today and in earlier years of each tax: the GST is
// charged, the province's tax is not; textbooks follow books, and
// magazines, which are not books, bear both taxes.
func TestProvincialBooksCanada(t *testing.T) {
	ca := func(city, prov, postal, date, class string, rates ...string) worldClassCase {
		return worldClassCase{city, prov, postal, "CA", "CAD", date, class, rates}
	}
	checkWorldClassRates(t, []worldClassCase{
		ca("Winnipeg", "MB", "R3C 4T3", "2026-06-01", "BOOKS", "0.05", "0"),
		ca("Winnipeg", "MB", "R3C 4T3", "2015-06-01", "BOOKS", "0.05", "0"),
		ca("Winnipeg", "MB", "R3C 4T3", "2026-06-01", "TEXTBOOKS", "0.05", "0"),
		ca("Winnipeg", "MB", "R3C 4T3", "2026-06-01", "GENERAL", "0.05", "0.07"),
		ca("Montreal", "QC", "H2Y 1C6", "2026-06-01", "BOOKS", "0.05", "0"),
		ca("Montreal", "QC", "H2Y 1C6", "2005-06-01", "BOOKS", "0.07", "0"),
		ca("Montreal", "QC", "H2Y 1C6", "2026-06-01", "TEXTBOOKS", "0.05", "0"),
		ca("Montreal", "QC", "H2Y 1C6", "2026-06-01", "MAGAZINES", "0.05", "0.09975"),
		ca("Montreal", "QC", "H2Y 1C6", "2026-06-01", "NEWSPAPERS", "0.05", "0.09975"),
	})
}
