package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// hstCase is one sale of the point-of-sale rebate tests: 100.00 of class
// to dest on date, whose record of province is want (a tax charged, or
// EXEMPT), with the GST's record charging gst; rule, when set, is the
// calculationRuleId the province's record must name.
type hstCase struct {
	dest           func() *wire.Location
	province, date string
	class, want    string
	gst, rule      string
	why            string
}

// checkHSTCases sells each case from a Toronto seller that lists no
// registrations (so registered everywhere) and checks the GST's record
// and the province's.
func checkHSTCases(t *testing.T, cases []hstCase) {
	t.Helper()
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range cases {
		what := c.class + " to " + c.dest().City + " on " + c.date + " (" + c.why + ")"
		taxes := caSale(t, e, ctx, torontoSeller(), c.dest(), c.date, c.class)
		wantCharged(t, what, taxes, "CA", c.gst)
		x := taxOf(t, taxes, c.province)
		if c.want == "EXEMPT" {
			if x.TaxResult != wire.TaxResultExempt || !x.CalculatedTax.IsZero() {
				t.Errorf("%s: %s is %s, tax %s; want EXEMPT, 0.00", what, c.province, x.TaxResult, x.CalculatedTax)
			}
		} else if x.TaxResult != wire.TaxResultTaxable || x.CalculatedTax.String() != c.want {
			t.Errorf("%s: %s is %s, tax %s; want TAXABLE, %s", what, c.province, x.TaxResult, x.CalculatedTax, c.want)
		}
		if c.rule != "" && (x.CalculationRuleID == nil || x.CalculationRuleID.Value != c.rule) {
			t.Errorf("%s: %s's rule is %v, want %s", what, c.province, x.CalculationRuleID, c.rule)
		}
	}
}

// TestOntarioHSTPointOfSaleRebates: Ontario rebates its 8% part of the
// HST at the point of sale on printed books, print newspapers, diapers and
// (until the whole HST was zero-rated on July 1, 2015) feminine hygiene
// products since July 1, 2010 (O. Reg. 262/10 under the Retail Sales Tax
// Act; CRA GI-060, GI-062, GI-063, GI-065): the line bears the GST part
// (5.00) and the province's record is EXEMPT. Before July 1, 2010 the same
// goods were exempt from Ontario's retail sales tax. E-books, magazines
// and other goods bear the whole HST.
func TestOntarioHSTPointOfSaleRebates(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{toronto, "CA-ON", "2026-06-01", "BOOKS", x, "5.00", "ca-on-books-hst-2010-07-01", "printed books, GI-065"},
		{toronto, "CA-ON", "2010-07-01", "BOOKS", x, "5.00", "ca-on-books-hst-2010-07-01", "the HST's first day"},
		{toronto, "CA-ON", "2010-06-30", "BOOKS", x, "5.00", "ca-on-books", "exempt from the retail sales tax"},
		{toronto, "CA-ON", "2000-06-01", "BOOKS", x, "7.00", "ca-on-books", "exempt from the retail sales tax"},
		{toronto, "CA-ON", "2026-06-01", "TEXTBOOKS", x, "5.00", "ca-on-books-hst-2010-07-01-textbooks", "a printed textbook is a printed book"},
		{toronto, "CA-ON", "2026-06-01", "NEWSPAPERS", x, "5.00", "ca-on-newspapers-hst-2010-07-01", "print newspapers, GI-060"},
		{toronto, "CA-ON", "2010-06-30", "NEWSPAPERS", x, "5.00", "ca-on-newspapers", "exempt from the retail sales tax"},
		{toronto, "CA-ON", "2026-06-01", "DIAPERS", x, "5.00", "ca-on-diapers-hst-2010-07-01", "children's diapers, GI-063"},
		{toronto, "CA-ON", "2012-06-01", "MENSTRUAL_PRODUCTS", x, "5.00", "ca-on-menstrual_products-hst-2010-07-01", "feminine hygiene products, GI-062"},
		{toronto, "CA-ON", "2026-06-01", "GENERAL", "8.00", "5.00", "", "no rebate"},
		{toronto, "CA-ON", "2026-06-01", "EBOOKS", "8.00", "5.00", "", "e-books are not printed books"},
		{toronto, "CA-ON", "2026-06-01", "MAGAZINES", "8.00", "5.00", "", "magazines bought singly do not qualify"},
		{toronto, "CA-ON", "2010-06-30", "GENERAL", "8.00", "5.00", "", "the retail sales tax"},
	})
	// From July 1, 2015 feminine hygiene products are zero-rated for the
	// whole HST (the country's rule): nothing is charged, and the GST
	// record charges nothing either.
	e := testEngine(t)
	taxes := caSale(t, e, context.Background(), torontoSeller(), toronto(), "2026-06-01", "MENSTRUAL_PRODUCTS")
	for _, id := range []string{"CA", "CA-ON"} {
		if x := taxOf(t, taxes, id); !x.CalculatedTax.IsZero() {
			t.Errorf("MENSTRUAL_PRODUCTS to Toronto in 2026: %s charges %s", id, x.CalculatedTax)
		}
	}
}

// TestAtlanticHSTPointOfSaleRebates: Nova Scotia (books since 1997;
// diapers and feminine hygiene products since July 1, 2010), New
// Brunswick (books), Newfoundland and Labrador (books, but not during
// 2017) and Prince Edward Island (books, since its HST of April 1, 2013)
// rebate the HST's provincial part at the point of sale.
func TestAtlanticHSTPointOfSaleRebates(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{halifax, "CA-NS", "2026-06-01", "BOOKS", x, "5.00", "ca-ns-books-hst-1997-04-01", "books since 1997"},
		{halifax, "CA-NS", "2000-06-01", "BOOKS", x, "7.00", "", "books since 1997, with the GST of 7%"},
		{halifax, "CA-NS", "2026-06-01", "DIAPERS", x, "5.00", "", "diapers since July 1, 2010"},
		{halifax, "CA-NS", "2010-06-30", "DIAPERS", "8.00", "5.00", "", "before July 1, 2010"},
		{halifax, "CA-NS", "2012-06-01", "MENSTRUAL_PRODUCTS", x, "5.00", "", "feminine hygiene products since July 1, 2010"},
		{halifax, "CA-NS", "2026-06-01", "GENERAL", "9.00", "5.00", "", "no rebate"},
		{halifax, "CA-NS", "2026-06-01", "NEWSPAPERS", "9.00", "5.00", "", "newspapers are not books"},
		{moncton, "CA-NB", "2026-06-01", "BOOKS", x, "5.00", "", "books"},
		{moncton, "CA-NB", "2026-06-01", "DIAPERS", "10.00", "5.00", "", "no rebate on diapers in New Brunswick"},
		{stJohns, "CA-NL", "2016-12-31", "BOOKS", x, "5.00", "", "books until the rebate ceased"},
		{stJohns, "CA-NL", "2017-06-01", "BOOKS", "10.00", "5.00", "", "the general rebate ceased during 2017"},
		{stJohns, "CA-NL", "2018-01-01", "BOOKS", x, "5.00", "ca-nl-books-hst-2018-01-01", "reinstated January 1, 2018"},
		{charlottetown, "CA-PE", "2013-04-01", "BOOKS", x, "5.00", "ca-pe-books-hst-2013-04-01", "books, RTG 197"},
		{charlottetown, "CA-PE", "2026-06-01", "BOOKS", x, "5.00", "", "books, RTG 197"},
		{charlottetown, "CA-PE", "2026-06-01", "GENERAL", "10.00", "5.00", "", "no rebate"},
	})
}

// TestBritishColumbiaHSTPointOfSaleRebates: during British Columbia's HST
// (July 1, 2010 to March 31, 2013) the province rebated its 7% part on
// books, children's diapers and feminine hygiene products (B.C. HST Notice
// No. 2); its PST's own rules hold before and after.
func TestBritishColumbiaHSTPointOfSaleRebates(t *testing.T) {
	const x = "EXEMPT"
	checkHSTCases(t, []hstCase{
		{vancouver, "CA-BC", "2012-06-01", "BOOKS", x, "5.00", "ca-bc-books-hst-2010-07-01", "books during the HST"},
		{vancouver, "CA-BC", "2012-06-01", "TEXTBOOKS", x, "5.00", "ca-bc-textbooks-hst-2010-07-01", "textbooks during the HST"},
		{vancouver, "CA-BC", "2012-06-01", "DIAPERS", x, "5.00", "", "diapers during the HST"},
		{vancouver, "CA-BC", "2012-06-01", "MENSTRUAL_PRODUCTS", x, "5.00", "", "feminine hygiene products during the HST"},
		{vancouver, "CA-BC", "2012-06-01", "GENERAL", "7.00", "5.00", "", "no rebate"},
		{vancouver, "CA-BC", "2026-06-01", "BOOKS", x, "5.00", "ca-bc-books", "the PST's exemption, Bulletin PST 205"},
		{vancouver, "CA-BC", "2026-06-01", "GENERAL", "7.00", "5.00", "", "the PST"},
	})
}
