package engine

import (
	"context"
	"github.com/levytax/levy"
	"github.com/levytax/levy/journal"
	"maps"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestDistributeTaxWeighsTheLinesPrice distributes the tax an invoice
// charged on clothing that a per-item threshold taxes only above a
// price. DISTRIBUTE_TAX learns which taxes reach the line from the
// line's own amount, not from a unit amount of 1.00, which every such
// threshold exempts. By hand:
//
//   - Boston, a coat of 3,000.00 on 2026-08-07 (Massachusetts's first
//     $175 of a garment exempt all year, M.G.L. c. 64H section 6(k)) and
//     on 2026-08-08, the holiday, whose $2,500 cap leaves the coat to the
//     year-round rule: (3,000.00 - 175.00) x 6.25% = 176.5625, charged
//     176.56; all of it is the state's, on a base of 176.56 / 6.25% =
//     2,824.96.
//   - Manhattan, a shirt of 150.00 (New York exempts clothing under
//     $110, 4% state, 4.5% city, 0.375% MCTD): 13.31 charged, spread by
//     rate over 8.875%: 13.31 x 4 / 8.875 = 5.999, 6.00; x 4.5 / 8.875 =
//     6.749, 6.75; x 0.375 / 8.875 = 0.562, 0.56.
//   - the same coat bought, a purchase's DISTRIBUTE_TAX: 176.56 to the
//     state.
//
// Before, each was refused: "no taxable jurisdiction with a rate applies
// to this line".
func TestDistributeTaxWeighsTheLinesPrice(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		what, street, city, state, zip, day, price, input string
		want                                              map[string]string
	}{
		{"a coat the day before the holiday", "1 City Hall Sq", "Boston", "MA", "02201", "2026-08-07", "3000.00", "176.56",
			map[string]string{"US-MA": "176.56"}},
		{"a coat above the holiday's cap", "1 City Hall Sq", "Boston", "MA", "02201", "2026-08-08", "3000.00", "176.56",
			map[string]string{"US-MA": "176.56"}},
		{"a shirt of 150.00 in Manhattan", "1 Main St", "New York", "NY", "10001", "2026-06-01", "150.00", "13.31",
			map[string]string{"US-NY": "6.00", "US-3651000": "6.75", "US-NY-D-MCTD": "0.56"}},
	} {
		req := usSale(c.street, c.city, c.state, c.zip, "CLOTHING", c.price)
		req.SaleMessageType = wire.SaleDistributeTax
		req.DocumentDate = civil.MustParse(c.day)
		req.LineItems[0].InputTotalTax = amt(c.input)
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Errorf("%s: %v", c.what, err)
			continue
		}
		if got := resp.TotalTax.String(); got != c.input {
			t.Errorf("%s: total tax %s, want %s", c.what, got, c.input)
		}
		for id, tax := range c.want {
			if x := taxOf(t, resp.LineItems[0].Taxes, id); x.CalculatedTax.String() != tax {
				t.Errorf("%s: %s bears %s, want %s", c.what, id, x.CalculatedTax, tax)
			}
		}
		if c.state == "MA" {
			if x := taxOf(t, resp.LineItems[0].Taxes, "US-MA"); x.Taxable.String() != "2824.96" {
				t.Errorf("%s: the state's taxable %s, want 2824.96", c.what, x.Taxable)
			}
		}
	}
	boston := &wire.Location{StreetAddress1: "1 City Hall Sq", City: "Boston", MainDivision: "MA", PostalCode: "02201", Country: "US"}
	preq := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseDistributeTax, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-08-07"), Vendor: &wire.Vendor{PhysicalOrigin: boston}, Buyer: &wire.Buyer{Destination: boston},
		LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "CLOTHING"}, ExtendedPrice: amt("3000.00"), InputTotalTax: amt("176.56")}}}
	presp, err := e.Purchase(ctx, preq)
	if err != nil {
		t.Fatalf("the coat bought: %v", err)
	}
	if x := taxOf(t, presp.LineItems[0].Taxes, "US-MA"); x.CalculatedTax.String() != "176.56" {
		t.Errorf("the coat bought: US-MA bears %s, want 176.56", x.CalculatedTax)
	}
}

// TestTaxIncludedPriceWithNoNetOfItsOwn sells at tax-included prices
// that no net before tax gives: the net with the taxes above a per-item
// limit is within it, and the net with the taxes within it is above it.
// The line bears the taxes within the limit, on the net they give, and
// every record's amounts are that net. By hand:
//
//   - Winnipeg, a kids' jacket of 160.00 tax included (Manitoba's RST
//     exempts children's clothing of $150 or less an item): with the
//     RST, 160.00 / 1.12 = 142.86, within $150; without it, 160.00 /
//     1.05 = 152.38, above it. The jacket is 152.38 with 7.62 of GST
//     (5% of 152.38 = 7.619), and the RST's record is exempt on 152.38.
//     Before, the GST was 7.14 (5% of 142.86) on a taxable 152.86 and the
//     RST exempt on 142.86. Its return, -160.00, is the same with every
//     amount negative.
//   - Boston, a coat of 2,600.00 tax included on Massachusetts's holiday
//     (2026-08-08, up to $2,500 exempt, a dearer garment taxed on its
//     excess over $175): taxed, (N - 175.00) x 6.25% + N = 2,600.00 gives
//     N = 2,457.35, within the cap; exempt, N = 2,600.00, above it. The
//     coat is 2,600.00, exempt; before, its record was exempt on 2,456.79.
//   - Birmingham, a shirt of 162.24 tax included on Alabama's holiday
//     (2026-07-18, $156 cap; state 4%, Jefferson County 2% of which it
//     waives half, city 4%): with every tax, 162.24 / 1.10 = 147.49,
//     within the cap; with the county's 1% alone, 162.24 / 1.01 = 160.63,
//     above it. The shirt is 160.63; the county exempts half of it,
//     80.32 (160.63 x 50% = 80.315, half up), and taxes 80.31 at 2%:
//     1.6062, 1.61; the state and the city are exempt on 160.63. Before,
//     the county's record stayed on 147.49 (73.74 taxable, 73.75
//     exempt, 1.47) and the exempt records too, on a net of 160.77.
func TestTaxIncludedPriceWithNoNetOfItsOwn(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	type rec struct{ taxable, exempt, tax string }
	check := func(what string, resp *wire.SaleResponse, net, total string, want map[string]rec) {
		t.Helper()
		l := resp.LineItems[0]
		if l.ExtendedPrice.String() != net || resp.TotalTax.String() != total {
			t.Errorf("%s: net %s, tax %s; want %s and %s", what, l.ExtendedPrice, resp.TotalTax, net, total)
		}
		for id, w := range want {
			x := taxOf(t, l.Taxes, id)
			if x.Taxable.String() != w.taxable || x.Exempt.String() != w.exempt || x.CalculatedTax.String() != w.tax {
				t.Errorf("%s: %s taxable %s exempt %s tax %s; want %s, %s, %s", what, id, x.Taxable, x.Exempt, x.CalculatedTax, w.taxable, w.exempt, w.tax)
			}
		}
	}
	for _, c := range []struct {
		gross, net, tax string
		want            map[string]rec
	}{
		{"160.00", "152.38", "7.62", map[string]rec{"CA": {"152.38", "0.00", "7.62"}, "CA-MB": {"0.00", "152.38", "0.00"}}},
		{"-160.00", "-152.38", "-7.62", map[string]rec{"CA": {"-152.38", "0.00", "-7.62"}, "CA-MB": {"0.00", "-152.38", "0.00"}}},
	} {
		l := Line("l", "CHILDRENS_CLOTHING", c.gross)
		l.TaxIncludedIndicator = true
		q := Quotation("2026-06-01", SellerAt(winnipeg()), CustomerAt(winnipeg()), l)
		q.Currency = CurrencyCode("CAD")
		resp, err := e.Sale(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		check("a kids' jacket of "+c.gross+" tax included in Winnipeg", resp, c.net, c.tax, c.want)
	}
	req := usSale("1 City Hall Sq", "Boston", "MA", "02201", "CLOTHING", "2600.00")
	req.DocumentDate = civil.MustParse("2026-08-08")
	req.LineItems[0].TaxIncludedIndicator = true
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	check("a coat of 2,600.00 tax included on the holiday", resp, "2600.00", "0.00", map[string]rec{"US-MA": {"0.00", "2600.00", "0.00"}})
	req = usSale("710 N 20th St", "Birmingham", "AL", "35203", "CLOTHING", "162.24")
	req.DocumentDate = civil.MustParse("2026-07-18")
	req.LineItems[0].TaxIncludedIndicator = true
	if resp, err = e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	check("a shirt of 162.24 tax included on Alabama's holiday", resp, "160.63", "1.61", map[string]rec{
		"US-AL": {"0.00", "160.63", "0.00"}, "US-01073": {"80.31", "80.32", "1.61"}, "US-0107000": {"0.00", "160.63", "0.00"}})
}

// TestMassachusettsHolidayCoversClassesOtherHolidaysName sells in Boston
// goods of the classes that other states' holidays name and that Levy
// does not build in (SCHOOL_SUPPLIES, COMPUTERS, ENERGY_STAR,
// BED_AND_BATH, FIREARMS): Massachusetts has no row of them, so they are
// taxed at 6.25% as general goods, and its holiday (2026-08-08 and 09,
// M.G.L. c. 64H section 6A) reaches every item of $2,500 or less but
// meals, motor vehicles, motorboats, telecommunications, gas, steam,
// electricity, tobacco, marijuana and alcoholic beverages (830 CMR
// 64H.1.8(4)). By hand: 300.00 bears 18.75 on 2026-08-07 and 2026-08-10,
// and 0.00 on the holiday; 2,500.00 is at the cap, 0.00; 3,000.00 is above
// it and bears 187.50 under the rule of a day of no holiday. Before, each
// bore its 6.25% on the holiday too.
func TestMassachusettsHolidayCoversClassesOtherHolidaysName(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		class, price, day, tax, rule string
	}{
		{"SCHOOL_SUPPLIES", "300.00", "2026-08-07", "18.75", "us-destination-sourcing"},
		{"SCHOOL_SUPPLIES", "300.00", "2026-08-08", "0.00", "us-ma-holiday-2026-08-08-school_supplies"},
		{"SCHOOL_SUPPLIES", "300.00", "2026-08-10", "18.75", "us-destination-sourcing"},
		{"COMPUTERS", "1200.00", "2026-08-08", "0.00", "us-ma-holiday-2026-08-08-computers"},
		{"ENERGY_STAR", "2500.00", "2026-08-09", "0.00", "us-ma-holiday-2026-08-08-energy_star"},
		{"BED_AND_BATH", "300.00", "2026-08-09", "0.00", "us-ma-holiday-2026-08-08-bed_and_bath"},
		{"FIREARMS", "300.00", "2026-08-08", "0.00", "us-ma-holiday-2026-08-08-firearms"},
		{"BED_AND_BATH", "3000.00", "2026-08-08", "187.50", "us-destination-sourcing"},
	} {
		req := usSale("1 City Hall Sq", "Boston", "MA", "02201", c.class, c.price)
		req.DocumentDate = civil.MustParse(c.day)
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s on %s: %v", c.class, c.day, err)
		}
		x := taxOf(t, resp.LineItems[0].Taxes, "US-MA")
		rule := ""
		if x.CalculationRuleID != nil {
			rule = x.CalculationRuleID.Value
		}
		if resp.TotalTax.String() != c.tax || rule != c.rule {
			t.Errorf("%s of %s on %s: tax %s under %s, want %s under %s", c.class, c.price, c.day, resp.TotalTax, rule, c.tax, c.rule)
		}
	}
}

// TestJournalOfTheLatestRules stores, in a Badger journal, an invoice
// that mixes a shirt of 40.01 in Birmingham on Alabama's holiday
// (2026-07-18, Jefferson County keeping 1% of its 2%) and a coat of
// 3,000.00 in Boston dated on Massachusetts's holiday (2026-08-08, above
// its cap), and one of a night of 200.00 in Montréal that an override
// takes out of the tax on lodging. It checks the remittance report's
// rows, then reverses both invoices and checks that every row comes to
// zero. By hand:
//
//   - Jefferson County: 40.01 x 50% = 20.005, 20.01 exempt, 20.00 taxable,
//     0.40; Alabama and Birmingham exempt on 40.01.
//   - Massachusetts: 175.00 exempt, 2,825.00 taxable, 176.5625, 176.56.
//   - the night: GST 5% of 200.00 = 10.00, QST 9.975% of 200.00 =
//     19.95, the tax on lodging exempt on 200.00.
//
// This records what Levy does; it held before this review.
func TestJournalOfTheLatestRules(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	us := usSale("710 N 20th St", "Birmingham", "AL", "35203", "CLOTHING", "40.01")
	us.SaleMessageType, us.TransactionID = wire.SaleInvoice, "US-1"
	us.DocumentDate = civil.MustParse("2026-07-18")
	coat := us.LineItems[0]
	coat.LineItemID, coat.ExtendedPrice, coat.TaxDate = "2", amt("3000.00"), civil.MustParse("2026-08-08")
	coat.Customer = &wire.Customer{Destination: &wire.Location{StreetAddress1: "1 City Hall Sq", City: "Boston", MainDivision: "MA", PostalCode: "02201", Country: "US"}}
	us.LineItems = append(us.LineItems, coat)
	if _, err := e.Sale(ctx, us); err != nil {
		t.Fatal(err)
	}
	qc := hotelInvoice("2026-07-18", "ACCOMMODATION", "CAD", hotelMontreal(), toronto(), false)
	qc.TransactionID = "QC-1"
	qc.LineItems[0].ExtendedPrice = amt("200.00")
	qc.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "Tax on Lodging"}, JurisdictionID: "CA-QC"}}
	if _, err := e.Sale(ctx, qc); err != nil {
		t.Fatal(err)
	}
	type fig struct{ taxable, exempt, tax string }
	rows := func() map[string]fig {
		t.Helper()
		rep, err := journal.Summarize(ctx, j, "acme", civil.Date{}, civil.Date{})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]fig{}
		for _, c := range rep.Currencies {
			for _, r := range c.Rows {
				k := c.Currency + " " + r.JurisdictionID + " " + r.Imposition
				f := out[k]
				add := func(a, b string) string {
					if a == "" {
						return b
					}
					return amt(a).Decimal().Add(amt(b).Decimal()).StringFixed(2)
				}
				out[k] = fig{add(f.taxable, r.Taxable.Decimal().StringFixed(2)), add(f.exempt, r.Exempt.Decimal().StringFixed(2)), add(f.tax, r.Tax.Decimal().StringFixed(2))}
			}
		}
		return out
	}
	want := map[string]fig{
		"USD US-AL Sales and Use Tax":      {"0.00", "40.01", "0.00"},
		"USD US-01073 Sales and Use Tax":   {"20.00", "20.01", "0.40"},
		"USD US-0107000 Sales and Use Tax": {"0.00", "40.01", "0.00"},
		"USD US-MA Sales and Use Tax":      {"2825.00", "175.00", "176.56"},
		"CAD CA GST":                       {"200.00", "0.00", "10.00"},
		"CAD CA-QC QST":                    {"200.00", "0.00", "19.95"},
		"CAD CA-QC Tax on Lodging":         {"0.00", "200.00", "0.00"},
	}
	got := rows()
	for k, w := range want {
		if got[k] != w {
			t.Errorf("stored: %s is %+v, want %+v", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("stored: rows %v, want %d", got, len(want))
	}
	for _, id := range []string{"US-1", "QC-1"} {
		if _, err := e.ReverseTransaction(ctx, id, wire.ReversalRequest{TransactionID: id + "-R", PostingDate: civil.MustParse("2026-08-31")}); err != nil {
			t.Fatalf("reverse %s: %v", id, err)
		}
	}
	for k, f := range rows() {
		if f != (fig{"0.00", "0.00", "0.00"}) {
			t.Errorf("reversed: %s is %+v, want zero", k, f)
		}
	}
}

// TestDistributeTaxSpreadsWhatEachTaxBears distributes the tax of lines
// that one of their taxes reaches only in part. Each tax takes the part
// of the input that it computes on the line, not a part by its rate
// alone. By hand:
//
//   - Moody, Alabama, a shirt of 40.00 on the holiday (2026-07-18): St.
//     Clair County waives half its 2% (20.00 x 2% = 0.40), Moody does not
//     take part (40.00 x 4% = 1.60), the state is exempt; 2.00 charged
//     goes 0.40 and 1.60, not 0.67 and 1.33 (2.00 x 2/6 and 4/6). Its
//     return, -2.00, goes -0.40 and -1.60.
//   - Montréal, a night of 200.00 with 100.00 of it exempted from the tax
//     on lodging: 3.50 of tax on lodging, GST 5% of 203.50 = 10.175, QST
//     9.975% of 203.50 = 20.299; 33.98 charged goes 3.50, 10.18 and 20.30,
//     not 6.35, 9.22 and 18.41 (by the rates 3.5%, 5.0875% and
//     10.1495625%).
func TestDistributeTaxSpreadsWhatEachTaxBears(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct{ price, input, county, city string }{
		{"40.00", "2.00", "0.40", "1.60"},
		{"-40.00", "-2.00", "-0.40", "-1.60"},
	} {
		req := usSale("1130 Park Ave", "Moody", "AL", "35004", "CLOTHING", c.price)
		req.SaleMessageType = wire.SaleDistributeTax
		req.DocumentDate = civil.MustParse("2026-07-18")
		req.LineItems[0].InputTotalTax = amt(c.input)
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		county, city := taxOf(t, resp.LineItems[0].Taxes, "US-01115"), taxOf(t, resp.LineItems[0].Taxes, "US-0151096")
		if county.CalculatedTax.String() != c.county || city.CalculatedTax.String() != c.city {
			t.Errorf("Moody, %s distributed: St. Clair %s, Moody %s; want %s and %s", c.input, county.CalculatedTax, city.CalculatedTax, c.county, c.city)
		}
	}
	req := hotelInvoice("2026-06-01", "ACCOMMODATION", "CAD", hotelMontreal(), toronto(), false)
	req.SaleMessageType = wire.SaleDistributeTax
	req.LineItems[0].ExtendedPrice = amt("200.00")
	req.LineItems[0].InputTotalTax = amt("33.98")
	req.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "Tax on Lodging"}, JurisdictionID: "CA-QC", Amount: amt("100.00")}}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, x := range resp.LineItems[0].Taxes {
		got[x.Imposition.Value] = x.CalculatedTax.String()
	}
	if want := map[string]string{"Tax on Lodging": "3.50", "GST": "10.18", "QST": "20.30"}; !maps.Equal(got, want) {
		t.Errorf("the night, 33.98 distributed: %v, want %v", got, want)
	}
}
