package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// More Canadian places of the history tests: a customer in each HST
// province that the PST tests do not visit.
var (
	charlottetown = func() *wire.Location { return Address("Charlottetown", "C1A 7N8", "CA") }
	moncton       = func() *wire.Location { return Address("Moncton", "E1C 4M3", "CA") }
	stJohns       = func() *wire.Location { return Address("St. John's", "A1C 5M2", "CA") }
)

// caStep is one sale of the history tests: on date, the record of the
// province is the tax imp charging tax on 100.00 (imp "" when the
// province charges nothing), and the GST charges gst.
type caStep struct {
	date, imp, tax, gst string
}

// checkCAHistory sells 100.00 of GENERAL from a Toronto seller that lists
// no registrations (so registered everywhere) to dest on each step's date
// and checks the GST's record and the province's.
func checkCAHistory(t *testing.T, dest func() *wire.Location, province string, steps []caStep) {
	t.Helper()
	e := testEngine(t)
	ctx := context.Background()
	for _, s := range steps {
		taxes := caSale(t, e, ctx, torontoSeller(), dest(), s.date, "GENERAL")
		what := "GENERAL to " + dest().City + " on " + s.date
		if s.gst == "" {
			wantNoTaxOf(t, what, taxes, "CA")
		} else {
			wantCharged(t, what, taxes, "CA", s.gst)
		}
		if s.imp == "" {
			wantNoTaxOf(t, what, taxes, province)
			continue
		}
		wantCharged(t, what, taxes, province, s.tax)
		if x := taxOf(t, taxes, province); x.Imposition == nil || x.Imposition.Value != s.imp {
			t.Errorf("%s: %s's tax is %v, want the %s", what, province, x.Imposition, s.imp)
		}
	}
}

// wantNoTaxOf checks that no record of id charges tax: the jurisdiction
// had no such tax on the date.
func wantNoTaxOf(t *testing.T, what string, taxes []wire.Tax, id string) {
	t.Helper()
	for _, x := range taxes {
		if x.Jurisdiction != nil && x.Jurisdiction.JurisdictionID == id && !x.CalculatedTax.IsZero() {
			t.Errorf("%s: %s charges %s (%s), want no tax", what, id, x.CalculatedTax, x.TaxResult)
		}
	}
}

// caGST returns the GST on 100.00 on date (a civil date, YYYY-MM-DD): 7%
// from January 1, 1991, 6% from July 1, 2006, 5% from January 1, 2008;
// "" before the GST.
func caGST(date string) string {
	switch {
	case date < "1991-01-01":
		return ""
	case date < "2006-07-01":
		return "7.00"
	case date < "2008-01-01":
		return "6.00"
	}
	return "5.00"
}

// TestCanadaGSTRateHistory: the GST came into force on January 1, 1991
// at 7%, fell to 6% on July 1, 2006 and to 5% on January 1, 2008. The
// world rates file gives 5% on every date.
func TestCanadaGSTRateHistory(t *testing.T) {
	checkCAHistory(t, winnipeg, "CA-MB", []caStep{
		{"1990-12-31", "PST", "7.00", ""},
		{"1991-01-01", "PST", "7.00", "7.00"},
		{"2006-06-30", "PST", "7.00", "7.00"},
		{"2006-07-01", "PST", "7.00", "6.00"},
		{"2007-12-31", "PST", "7.00", "6.00"},
		{"2008-01-01", "PST", "7.00", "5.00"},
	})
}

// TestOntarioRetailSalesTaxBeforeHST: Ontario's retail sales tax of 8%,
// on the price without the GST, until the HST (8% provincial part)
// replaced it on July 1, 2010. The dataset gives the HST on every date.
func TestOntarioRetailSalesTaxBeforeHST(t *testing.T) {
	checkCAHistory(t, toronto, "CA-ON", []caStep{
		{"1988-05-01", "", "", ""},
		{"1988-05-02", "PST", "8.00", ""},
		{"1991-01-01", "PST", "8.00", "7.00"},
		{"2010-06-30", "PST", "8.00", "5.00"},
		{"2010-07-01", "HST", "8.00", "5.00"},
	})
	// The retail sales tax left most services out; the HST reaches them.
	e := testEngine(t)
	ctx := context.Background()
	for _, class := range []string{"SERVICES", "PROFESSIONAL_SERVICES", "PERSONAL_CARE_SERVICES"} {
		before := taxOf(t, caSale(t, e, ctx, torontoSeller(), toronto(), "2010-06-30", class), "CA-ON")
		if before.TaxResult != wire.TaxResultNonTaxable || !before.CalculatedTax.IsZero() {
			t.Errorf("%s in Toronto on 2010-06-30: CA-ON %s %s, want NONTAXABLE 0.00 (no retail sales tax on it)", class, before.TaxResult, before.CalculatedTax)
		}
		wantCharged(t, class+" in Toronto on 2010-07-01", caSale(t, e, ctx, torontoSeller(), toronto(), "2010-07-01", class), "CA-ON", "8.00")
	}
}

// TestAtlanticHSTHistory: New Brunswick, Newfoundland and Labrador and
// Nova Scotia joined the HST on April 1, 1997 with a provincial part of
// 8% (15% with the GST's 7%); Nova Scotia raised it to 10% on July 1,
// 2010 and cut it to 9% on April 1, 2025; New Brunswick and Newfoundland
// and Labrador raised it to 10% on July 1, 2016. The dataset gives 10%
// before 2025 in Nova Scotia and 10% on every date in the other two.
func TestAtlanticHSTHistory(t *testing.T) {
	t.Run("NS", func(t *testing.T) {
		checkCAHistory(t, halifax, "CA-NS", []caStep{
			{"1997-03-31", "", "", "7.00"},
			{"1997-04-01", "HST", "8.00", "7.00"},
			{"2006-07-01", "HST", "8.00", "6.00"},
			{"2010-06-30", "HST", "8.00", "5.00"},
			{"2010-07-01", "HST", "10.00", "5.00"},
			{"2025-03-31", "HST", "10.00", "5.00"},
			{"2025-04-01", "HST", "9.00", "5.00"},
		})
	})
	for _, p := range []struct {
		id   string
		dest func() *wire.Location
	}{{"CA-NB", moncton}, {"CA-NL", stJohns}} {
		t.Run(p.id, func(t *testing.T) {
			checkCAHistory(t, p.dest, p.id, []caStep{
				{"1997-03-31", "", "", "7.00"},
				{"1997-04-01", "HST", "8.00", "7.00"},
				{"2016-06-30", "HST", "8.00", "5.00"},
				{"2016-07-01", "HST", "10.00", "5.00"},
			})
		})
	}
}

// TestPrinceEdwardIslandHistory: Prince Edward Island's revenue tax (PST)
// was 10% of the price including the GST until the HST of April 1, 2013
// (provincial part 9%, 10% from October 1, 2016). Levy charges the PST on
// the price alone, at the effective rate: 10.70 on 100.00 with the GST
// of 7%, 10.60 with 6%, 10.50 with 5% (the province's own example: 100.00,
// GST 5.00, PST 10.50). Before 1991 there was no GST in its base.
func TestPrinceEdwardIslandHistory(t *testing.T) {
	checkCAHistory(t, charlottetown, "CA-PE", []caStep{
		{"1990-12-31", "PST", "10.00", ""},
		{"1991-01-01", "PST", "10.70", "7.00"},
		{"2006-07-01", "PST", "10.60", "6.00"},
		{"2008-01-01", "PST", "10.50", "5.00"},
		{"2013-03-31", "PST", "10.50", "5.00"},
		{"2013-04-01", "HST", "9.00", "5.00"},
		{"2016-09-30", "HST", "9.00", "5.00"},
		{"2016-10-01", "HST", "10.00", "5.00"},
	})
}

// TestSaskatchewanPSTAt5Percent: Saskatchewan's PST was 6% until March
// 31, 2004, 7% from April 1, 2004, 5% from October 28, 2006 to March 22,
// 2017, 6% since. The dataset gives 6% on every date.
func TestSaskatchewanPSTAt5Percent(t *testing.T) {
	checkCAHistory(t, regina, "CA-SK", []caStep{
		{"2004-03-31", "PST", "6.00", "7.00"},
		{"2004-04-01", "PST", "7.00", "7.00"},
		{"2006-10-27", "PST", "7.00", "6.00"},
		{"2006-10-28", "PST", "5.00", "6.00"},
		{"2017-03-22", "PST", "5.00", "5.00"},
		{"2017-03-23", "PST", "6.00", "5.00"},
	})
}

// TestQuebecQSTHistory: until 2012 the QST was charged on the price
// including the GST (7.5% from 1998, 8.5% in 2011, 9.5% in 2012); since
// January 1, 2013 it is 9.975% of the price alone, which Quebec set so
// that no total changed. Levy charges the effective rate on the price:
// 7.5% of 107.00 is 8.03, of 106.00 7.95, of 105.00 7.88; 8.5% of 105.00
// is 8.93; 9.5% of 105.00 is 9.98, as 9.975% of 100.00 (Revenu Québec's
// own example). The dataset gives 9.975% on every date.
func TestQuebecQSTHistory(t *testing.T) {
	checkCAHistory(t, montreal, "CA-QC", []caStep{
		{"1998-01-01", "QST", "8.03", "7.00"},
		{"2006-06-30", "QST", "8.03", "7.00"},
		{"2006-07-01", "QST", "7.95", "6.00"},
		{"2008-01-01", "QST", "7.88", "5.00"},
		{"2010-12-31", "QST", "7.88", "5.00"},
		{"2011-01-01", "QST", "8.93", "5.00"},
		{"2011-12-31", "QST", "8.93", "5.00"},
		{"2012-01-01", "QST", "9.98", "5.00"},
		{"2013-01-01", "QST", "9.98", "5.00"},
	})
}
