package engine

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// The Canadian walk: sales and purchases through the engine over the real
// dataset, each with the answer the Canada Revenue Agency or the province
// publishes, named by each test. Every case sells or buys one line, and
// checks every Canadian record of it that charges tax: the jurisdiction,
// the tax to the cent, the rate and, where it decides, the result or the
// rule.

// More places of the walk, beside those of ca_pst_test.go and
// ca_history_test.go.
var (
	whitehorse  = func() *wire.Location { return Address("Whitehorse", "Y1A 1B1", "CA") }
	yellowknife = func() *wire.Location { return Address("Yellowknife", "X1A 2L9", "CA") }
	iqaluit     = func() *wire.Location { return Address("Iqaluit", "X0A 0H0", "CA") }
	calgary     = func() *wire.Location { return Address("Calgary", "T2P 1J9", "CA") }
	newYorkCity = func() *wire.Location { return Address("New York", "10001", "US") }
)

// walkTax is one expected Canadian record of a line: its jurisdiction,
// the tax charged and the nominal rate ("" when the record has none to
// check).
type walkTax struct{ juris, tax, rate string }

// caWalkLine sells one line of class at price from seller to dest on date
// in Canadian dollars and returns its taxes.
func caWalkLine(t *testing.T, e *Engine, seller *wire.Seller, dest *wire.Location, date, class, price string) []wire.Tax {
	t.Helper()
	q := Quotation(date, seller, CustomerAt(dest), Line("l", class, price))
	q.Currency = CurrencyCode("CAD")
	r, err := e.Sale(context.Background(), q)
	if err != nil {
		t.Fatalf("%s of %s to %s on %s: %v", class, price, dest.City, date, err)
	}
	return r.LineItems[0].Taxes
}

// canadianCharged returns the line's Canadian records that charge tax
// (those of CA and of its provinces), in jurisdiction order.
func canadianCharged(taxes []wire.Tax) []walkTax {
	var got []walkTax
	for _, x := range taxes {
		if x.Jurisdiction == nil || !strings.HasPrefix(x.Jurisdiction.JurisdictionID, "CA") || x.CalculatedTax.IsZero() {
			continue
		}
		rate := ""
		if x.NominalRate != nil {
			rate = x.NominalRate.String()
		}
		got = append(got, walkTax{x.Jurisdiction.JurisdictionID, x.CalculatedTax.String(), rate})
	}
	sort.Slice(got, func(i, j int) bool { return got[i].juris < got[j].juris })
	return got
}

// wantCanadian checks that the Canadian records charging tax are exactly
// want (in jurisdiction order); a want's empty rate is not checked.
func wantCanadian(t *testing.T, what string, taxes []wire.Tax, want ...walkTax) {
	t.Helper()
	got := canadianCharged(taxes)
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		w := want[i]
		if got[i].juris != w.juris || got[i].tax != w.tax || (w.rate != "" && !sameRate(got[i].rate, w.rate)) {
			ok = false
		}
	}
	if !ok {
		t.Errorf("%s: Canadian taxes %v, want %v", what, got, want)
	}
}

// sameRate compares two decimal rates written differently ("0.050" and
// "0.05").
func sameRate(a, b string) bool {
	trim := func(s string) string {
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		return s
	}
	return trim(a) == trim(b)
}

// TestCanadaWalkRatesByProvince: a taxable good of 100.00 sold on
// 2026-06-01 by a Toronto seller registered everywhere (no registrations
// listed) to a customer in each province and territory. The CRA's GST/HST
// rates page (canada.ca, "GST/HST provincial rates table") gives 5% GST,
// 13% HST in Ontario, 15% in New Brunswick, Newfoundland and Labrador and
// Prince Edward Island and 14% in Nova Scotia (from April 1, 2025), 5% in
// Alberta, Yukon, the Northwest Territories and Nunavut. The provinces with
// a sales tax of their own charge it beside the GST: British Columbia 7%
// (Provincial Sales Tax Act), Saskatchewan 6% (The Provincial Sales Tax
// Act), Manitoba 7% (The Retail Sales Tax Act), Quebec 9.975% (Revenu
// Québec, QST rate; 9.975 rounds half up to 9.98). The goods ship from
// Ontario, but the place of supply of a good is where it is delivered
// (Excise Tax Act, Schedule IX, Part II; CRA GST/HST Technical Information
// Bulletin B-103): a Vancouver customer pays B.C.'s PST, not Ontario's HST.
func TestCanadaWalkRatesByProvince(t *testing.T) {
	e := testEngine(t)
	seller := torontoSeller()
	gst := walkTax{"CA", "5.00", "0.05"}
	for _, c := range []struct {
		dest *wire.Location
		want []walkTax
	}{
		{toronto(), []walkTax{gst, {"CA-ON", "8.00", "0.08"}}},
		{moncton(), []walkTax{gst, {"CA-NB", "10.00", "0.1"}}},
		{stJohns(), []walkTax{gst, {"CA-NL", "10.00", "0.1"}}},
		{charlottetown(), []walkTax{gst, {"CA-PE", "10.00", "0.1"}}},
		{halifax(), []walkTax{gst, {"CA-NS", "9.00", "0.09"}}},
		{vancouver(), []walkTax{gst, {"CA-BC", "7.00", "0.07"}}},
		{regina(), []walkTax{gst, {"CA-SK", "6.00", "0.06"}}},
		{winnipeg(), []walkTax{gst, {"CA-MB", "7.00", "0.07"}}},
		{montreal(), []walkTax{gst, {"CA-QC", "9.98", "0.09975"}}},
		{calgary(), []walkTax{gst}},
		{whitehorse(), []walkTax{gst}},
		{yellowknife(), []walkTax{gst}},
		{iqaluit(), []walkTax{gst}},
	} {
		taxes := caWalkLine(t, e, seller, c.dest, "2026-06-01", "GENERAL", "100.00")
		wantCanadian(t, "GENERAL from Toronto to "+c.dest.City, taxes, c.want...)
	}
}

// TestCanadaWalkNovaScotiaRateCut: Nova Scotia's part of the HST fell
// from 10% to 9% on April 1, 2025 (HST from 15% to 14%: Regulations
// Amending Various GST/HST Regulations, No. 14 (Nova Scotia), SOR/2025-77,
// s. 33.6; CRA GST/HST Notice 342, March 2025). A sale whose tax becomes
// payable on March 31, 2025 bears 15%, one of April 1, 14%.
func TestCanadaWalkNovaScotiaRateCut(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		date string
		ns   walkTax
	}{
		{"2025-03-31", walkTax{"CA-NS", "10.00", "0.1"}},
		{"2025-04-01", walkTax{"CA-NS", "9.00", "0.09"}},
	} {
		taxes := caWalkLine(t, e, torontoSeller(), halifax(), c.date, "GENERAL", "100.00")
		wantCanadian(t, "GENERAL to Halifax on "+c.date, taxes, walkTax{"CA", "5.00", "0.05"}, c.ns)
	}
}

// TestCanadaWalkBasicGroceries: basic groceries are zero-rated for the
// GST and the whole HST (Excise Tax Act, Schedule VI, Part III, s. 1; CRA
// GST/HST Memorandum 4.3, Basic Groceries) and for Quebec's QST (Revenu
// Québec, zero-rated supplies: basic groceries); British Columbia (PST
// Bulletin 206), Saskatchewan (Information Bulletin PST-2) and Manitoba
// (RST Bulletin 029, Food and Beverages) exempt them. A 100.00 sale of
// FOOD charges no Canadian tax anywhere, and the GST's record says it is
// taxable at a rate of zero, not that Canada does not tax the sale.
func TestCanadaWalkBasicGroceries(t *testing.T) {
	e := testEngine(t)
	for _, dest := range []*wire.Location{toronto(), halifax(), moncton(), vancouver(), regina(), winnipeg(), montreal(), whitehorse()} {
		taxes := caWalkLine(t, e, torontoSeller(), dest, "2026-06-01", "FOOD", "100.00")
		wantCanadian(t, "FOOD to "+dest.City, taxes)
		if x := taxOf(t, taxes, "CA"); x.TaxResult != wire.TaxResultTaxable || !x.CalculatedTax.IsZero() {
			t.Errorf("FOOD to %s: the GST's record is %s charging %s, want TAXABLE (zero-rated) charging 0.00", dest.City, x.TaxResult, x.CalculatedTax)
		}
	}
}

// TestCanadaWalkExport: a good shipped from Toronto to a customer in New
// York is delivered outside Canada: the supply of a good is made in Canada
// only when it is delivered or made available there (Excise Tax Act,
// s. 142(1)), and a good exported by its supplier is zero-rated besides
// (Schedule VI, Part V, s. 12). The seller, registered for the GST/HST
// alone, charges no Canadian tax on it.
func TestCanadaWalkExport(t *testing.T) {
	e := testEngine(t)
	seller := torontoSeller(wire.TaxRegistration{ISOCountryCode: "CA", TaxRegistrationNumber: "123456789RT0001"})
	for _, class := range []string{"GENERAL", "SAAS"} {
		taxes := caWalkLine(t, e, seller, newYorkCity(), "2026-06-01", class, "100.00")
		wantCanadian(t, class+" from Toronto to New York", taxes)
	}
}

// TestCanadaWalkChildrensClothing: children's clothing of 100.00 on
// 2026-06-01, after the GST/HST break of December 14, 2024 to February 15,
// 2025. The GST of 5% is due everywhere (the zero-rating of the break
// ended). Ontario, Nova Scotia and Prince Edward Island rebate their part
// of the HST at the point of sale (CRA GST/HST Info Sheet GI-063, Point-of-
// Sale Rebate on Children's Goods); New Brunswick does not. British
// Columbia exempts children's clothing from its PST (Bulletin PST 201,
// Children's Clothing and Footwear) and
// Manitoba from its RST up to $150 an item (RST Bulletin 001, Clothing,
// Footwear and Accessories: above $150 the RST is due on the whole price);
// Saskatchewan taxes it from April 1, 2017 (Information Bulletin PST-2, as
// revised after the 2017-18 budget) and Quebec's QST has no such
// exemption.
func TestCanadaWalkChildrensClothing(t *testing.T) {
	e := testEngine(t)
	gst := walkTax{"CA", "5.00", "0.05"}
	for _, c := range []struct {
		dest  *wire.Location
		price string
		want  []walkTax
	}{
		{toronto(), "100.00", []walkTax{gst}},
		{halifax(), "100.00", []walkTax{gst}},
		{charlottetown(), "100.00", []walkTax{gst}},
		{moncton(), "100.00", []walkTax{gst, {"CA-NB", "10.00", "0.1"}}},
		{vancouver(), "100.00", []walkTax{gst}},
		{winnipeg(), "100.00", []walkTax{gst}},
		{winnipeg(), "150.00", []walkTax{{"CA", "7.50", "0.05"}}},
		{winnipeg(), "200.00", []walkTax{{"CA", "10.00", "0.05"}, {"CA-MB", "14.00", "0.07"}}},
		{regina(), "100.00", []walkTax{gst, {"CA-SK", "6.00", "0.06"}}},
		{montreal(), "100.00", []walkTax{gst, {"CA-QC", "9.98", "0.09975"}}},
	} {
		taxes := caWalkLine(t, e, torontoSeller(), c.dest, "2026-06-01", "CHILDRENS_CLOTHING", c.price)
		wantCanadian(t, "CHILDRENS_CLOTHING of "+c.price+" to "+c.dest.City, taxes, c.want...)
	}
}

// TestCanadaWalkRestaurantMeals: a restaurant meal (PREPARED_FOOD) bears
// the GST and the HST (it is not a basic grocery: Excise Tax Act, Schedule
// VI, Part III, s. 1). Ontario rebates its 8% only when the
// qualifying food and beverages of the sale total $4.00 or less (CRA
// GST/HST Info Sheet GI-064): a meal of 3.50 bears the GST alone, 0.175,
// 0.18. British Columbia's PST leaves food for human consumption out,
// restaurant meals included (Bulletin PST 119, Restaurants and Liquor
// Sellers). Saskatchewan taxes
// restaurant meals from April 1, 2017 (Information Notice IN 2017-03,
// Restaurant Meals, Food and Beverages), Manitoba taxes prepared food sold
// for immediate consumption (RST Bulletin 029, Food and Beverages, Section
// 3), and Quebec's QST reaches restaurant meals as the GST does (the
// QST's base follows the GST's: no Quebec row spares PREPARED_FOOD).
func TestCanadaWalkRestaurantMeals(t *testing.T) {
	e := testEngine(t)
	gst := walkTax{"CA", "5.00", "0.05"}
	for _, c := range []struct {
		dest        *wire.Location
		date, price string
		want        []walkTax
	}{
		{toronto(), "2026-06-01", "100.00", []walkTax{gst, {"CA-ON", "8.00", "0.08"}}},
		{toronto(), "2026-06-01", "3.50", []walkTax{{"CA", "0.18", "0.05"}}},
		{halifax(), "2026-06-01", "100.00", []walkTax{gst, {"CA-NS", "9.00", "0.09"}}},
		{vancouver(), "2026-06-01", "100.00", []walkTax{gst}},
		{regina(), "2026-06-01", "100.00", []walkTax{gst, {"CA-SK", "6.00", "0.06"}}},
		{regina(), "2017-03-31", "100.00", []walkTax{gst}},
		{winnipeg(), "2026-06-01", "100.00", []walkTax{gst, {"CA-MB", "7.00", "0.07"}}},
		{montreal(), "2026-06-01", "100.00", []walkTax{gst, {"CA-QC", "9.98", "0.09975"}}},
	} {
		taxes := caWalkLine(t, e, torontoSeller(), c.dest, c.date, "PREPARED_FOOD", c.price)
		wantCanadian(t, "PREPARED_FOOD of "+c.price+" to "+c.dest.City+" on "+c.date, taxes, c.want...)
	}
}

// TestCanadaWalkSaskatchewanSnackFoods: candy and other snack foods bear
// the GST (they are left out of the basic groceries: Excise Tax Act,
// Schedule VI, Part III, s. 1). Saskatchewan's PST exempted snack foods
// until March 31, 2017 (Information Bulletin PST-2, November 2011 and June
// 2015) and taxes them from April 1, 2017 (Information Notice IN 2017-03);
// the rate was 6% from March 23, 2017. Levy used to charge the PST on
// Saskatchewan's snack foods, restaurant meals, soft drinks and bottled
// water before April 2017 too.
func TestCanadaWalkSaskatchewanSnackFoods(t *testing.T) {
	e := testEngine(t)
	gst := walkTax{"CA", "5.00", "0.05"}
	for _, c := range []struct {
		date string
		want []walkTax
	}{
		{"2016-06-01", []walkTax{gst}},
		{"2017-03-31", []walkTax{gst}},
		{"2017-04-01", []walkTax{gst, {"CA-SK", "6.00", "0.06"}}},
		{"2026-06-01", []walkTax{gst, {"CA-SK", "6.00", "0.06"}}},
	} {
		taxes := caWalkLine(t, e, torontoSeller(), regina(), c.date, "CANDY", "100.00")
		wantCanadian(t, "CANDY to Regina on "+c.date, taxes, c.want...)
	}
	// Carbonated beverages and single servings of water bore no PST
	// either before April 2017 (PST-2 lists carbonated, dispensed, hot
	// and cold beverages among the exempt items) and bear it from then
	// (IN 2017-03).
	for _, class := range []string{"SOFT_DRINKS", "BOTTLED_WATER"} {
		taxes := caWalkLine(t, e, torontoSeller(), regina(), "2016-06-01", class, "100.00")
		wantCanadian(t, class+" to Regina on 2016-06-01", taxes, gst)
		taxes = caWalkLine(t, e, torontoSeller(), regina(), "2017-04-01", class, "100.00")
		wantCanadian(t, class+" to Regina on 2017-04-01", taxes, gst, walkTax{"CA-SK", "6.00", "0.06"})
	}
	// A restaurant meal of 2016 bore the GST and no PST; in 2016 the
	// PST, where due, was 5%.
	taxes := caWalkLine(t, e, torontoSeller(), regina(), "2016-06-01", "PREPARED_FOOD", "100.00")
	wantCanadian(t, "PREPARED_FOOD to Regina on 2016-06-01", taxes, gst)
	taxes = caWalkLine(t, e, torontoSeller(), regina(), "2016-06-01", "GENERAL", "100.00")
	wantCanadian(t, "GENERAL to Regina on 2016-06-01", taxes, gst, walkTax{"CA-SK", "5.00", "0.05"})
}

// TestCanadaWalkDigitalFromTheUnitedStates: a New York seller of software
// as a service to consumers in Canada, registered under the simplified
// GST/HST regime from July 1, 2021 (Excise Tax Act, Part IX, Subdivision
// E of Division II, in force July 1, 2021), charges the GST/HST of the
// province of the customer's address: 13% in Toronto. British Columbia's
// PST reaches software used in B.C., remotely accessed software included,
// at 7% (Provincial Sales Tax Act, definition of software as amended in
// 2024; Bulletin PST 105 Software), and Quebec's QST is charged by a
// supplier outside Quebec under its specified registration system (Act
// respecting the Québec sales tax, from January 1, 2019). A seller that
// lists no registrations is registered everywhere.
func TestCanadaWalkDigitalFromTheUnitedStates(t *testing.T) {
	e := testEngine(t)
	seller := SellerAt(newYorkCity())
	gst := walkTax{"CA", "5.00", "0.05"}
	for _, c := range []struct {
		dest *wire.Location
		want []walkTax
	}{
		{toronto(), []walkTax{gst, {"CA-ON", "8.00", "0.08"}}},
		{vancouver(), []walkTax{gst, {"CA-BC", "7.00", "0.07"}}},
		{montreal(), []walkTax{gst, {"CA-QC", "9.98", "0.09975"}}},
		{whitehorse(), []walkTax{gst}},
	} {
		taxes := caWalkLine(t, e, seller, c.dest, "2026-06-01", "SAAS", "100.00")
		wantCanadian(t, "SAAS from New York to "+c.dest.City, taxes, c.want...)
	}
}

// TestCanadaWalkBooks: a printed book of 100.00 bears the GST of 5%.
// Ontario, Nova Scotia, New Brunswick and Prince Edward Island rebate
// their part of the HST at the point of sale (CRA GST/HST Info Sheet
// GI-065, Point-of-Sale Rebate on Books); British Columbia (Bulletin PST
// 205, Books, Magazines, Newspapers and Other Publications), Saskatchewan
// (Information Bulletin PST-2: books are an exempt category) and Manitoba
// (RST Bulletin 015: books) exempt them from their sales taxes, and Quebec
// zero-rates printed books for its QST (Act respecting the Québec sales
// tax, s. 198.1).
func TestCanadaWalkBooks(t *testing.T) {
	e := testEngine(t)
	for _, dest := range []*wire.Location{toronto(), halifax(), moncton(), charlottetown(), vancouver(), regina(), winnipeg(), montreal()} {
		taxes := caWalkLine(t, e, torontoSeller(), dest, "2026-06-01", "BOOKS", "100.00")
		wantCanadian(t, "BOOKS to "+dest.City, taxes, walkTax{"CA", "5.00", "0.05"})
	}
}

// TestCanadaWalkServicesPlaceOfSupply: a Toronto firm's professional
// service of 100.00 to a business customer elsewhere in Canada. The place
// of supply of a service is the province of the recipient's address the
// supplier obtains (Excise Tax Act, Schedule IX, Part V, s. 2 and the
// following, and the New Harmonized Value-added Tax System Regulations,
// No. 2, as amended for the place of supply rules of 2010): to
// Vancouver the GST alone, British Columbia's PST leaving professional
// services out (Provincial Sales Tax Act: only the services it names are
// taxable, Bulletin PST 106 naming legal services alone among the
// professional ones); to Halifax Nova Scotia's HST, 14%; within Ontario,
// 13%.
// Manitoba's RST taxes no professional service (RST Bulletin 030), while
// Saskatchewan's PST has taxed legal, accounting, architectural,
// engineering and computer consulting services since July 1, 2000 (The
// Provincial Sales Tax Act, formerly The Education and Health Tax Act),
// 6%.
func TestCanadaWalkServicesPlaceOfSupply(t *testing.T) {
	e := testEngine(t)
	gst := walkTax{"CA", "5.00", "0.05"}
	for _, c := range []struct {
		dest *wire.Location
		want []walkTax
	}{
		{toronto(), []walkTax{gst, {"CA-ON", "8.00", "0.08"}}},
		{halifax(), []walkTax{gst, {"CA-NS", "9.00", "0.09"}}},
		{vancouver(), []walkTax{gst}},
		{winnipeg(), []walkTax{gst}},
		{regina(), []walkTax{gst, {"CA-SK", "6.00", "0.06"}}},
		{calgary(), []walkTax{gst}},
	} {
		taxes := caWalkLine(t, e, torontoSeller(), c.dest, "2026-06-01", "PROFESSIONAL_SERVICES", "100.00")
		wantCanadian(t, "PROFESSIONAL_SERVICES from Toronto to "+c.dest.City, taxes, c.want...)
	}
}

// TestCanadaWalkRegistrantImportsFromTheUnitedStates: a Toronto business
// registered for the GST/HST accrues two purchases of 100.00 from a New
// York vendor not registered in Canada. Software as a service is an
// imported taxable supply (Excise Tax Act, s. 217; s. 218.1 adds
// Ontario's part of the HST): Levy books the GST and the HST as a reverse
// charge, output tax the registrant deducts again (rule
// b2b-services-abroad), 5.00 and 8.00. A good shipped in is imported: the
// GST and the HST on it are paid at the border (s. 212 and s. 212.1,
// collected by the Canada Border Services Agency) and Levy accrues them as
// tax the buyer pays (INPUT, rule use-at-destination), 5.00 and 8.00.
func TestCanadaWalkRegistrantImportsFromTheUnitedStates(t *testing.T) {
	e := testEngine(t)
	const gstReg = `,"taxRegistrations":[{"isoCountryCode":"CA","taxRegistrationNumber":"123456789RT0001"}]`
	for _, c := range []struct {
		class, rule string
		io          wire.InputOutputType
		reverse     bool
	}{
		{"SAAS", "b2b-services-abroad", wire.InputOutputTypeInputOutput, true},
		{"GENERAL", "use-at-destination", wire.InputOutputTypeInput, false},
	} {
		req := caPurchase(t, "ACCRUAL", usNewYork, "", caToronto+gstReg, "", "")
		req.LineItems[0].Purchase.PurchaseClass = c.class
		r, err := e.Purchase(context.Background(), req)
		if err != nil {
			t.Fatalf("%s from New York: %v", c.class, err)
		}
		taxes := r.LineItems[0].Taxes
		wantCanadian(t, c.class+" bought from New York by a Toronto registrant", taxes,
			walkTax{"CA", "5.00", "0.05"}, walkTax{"CA-ON", "8.00", "0.08"})
		for _, id := range []string{"CA", "CA-ON"} {
			x := taxOf(t, taxes, id)
			rule := ""
			if x.CalculationRuleID != nil {
				rule = x.CalculationRuleID.Value
			}
			if rule != c.rule || x.InputOutputType != c.io || (x.ReasonCode == "REVERSE_CHARGE") != c.reverse {
				t.Errorf("%s from New York, %s: rule %q, %s, reason %q; want rule %q, %s, reverse charge %v",
					c.class, id, rule, x.InputOutputType, x.ReasonCode, c.rule, c.io, c.reverse)
			}
		}
	}
}

// TestCanadaWalkSellersProvinceDoesNotTax: a good of 100.00 shipped
// between provinces bears the tax of the province where it is delivered
// alone (Excise Tax Act, Schedule IX, Part II; each province's sales tax
// reaches goods for use or consumption in it): Montreal to Toronto, the
// GST and Ontario's part of the HST, no QST; Vancouver to Calgary, the GST
// alone, no B.C. PST; Winnipeg to Regina, Saskatchewan's PST, no RST;
// Halifax to Montreal, the QST, no HST of Nova Scotia. The sellers list
// no registrations.
func TestCanadaWalkSellersProvinceDoesNotTax(t *testing.T) {
	e := testEngine(t)
	gst := walkTax{"CA", "5.00", "0.05"}
	for _, c := range []struct {
		origin, dest *wire.Location
		want         []walkTax
	}{
		{montreal(), toronto(), []walkTax{gst, {"CA-ON", "8.00", "0.08"}}},
		{vancouver(), calgary(), []walkTax{gst}},
		{winnipeg(), regina(), []walkTax{gst, {"CA-SK", "6.00", "0.06"}}},
		{halifax(), montreal(), []walkTax{gst, {"CA-QC", "9.98", "0.09975"}}},
	} {
		taxes := caWalkLine(t, e, SellerAt(c.origin), c.dest, "2026-06-01", "GENERAL", "100.00")
		wantCanadian(t, "GENERAL from "+c.origin.City+" to "+c.dest.City, taxes, c.want...)
	}
}

// TestCanadaWalkOntarioMealsOverFourDollars: Ontario's point-of-sale
// rebate on prepared food and beverages applies when their total on the
// sale is $4.00 or less (CRA GST/HST Info Sheet GI-064): a meal of 3.00
// and a drink of 2.00 sold together, 5.00, bear the whole HST, each line
// its own: GST 0.15 and 0.10, Ontario's 8% 0.24 and 0.16.
func TestCanadaWalkOntarioMealsOverFourDollars(t *testing.T) {
	e := testEngine(t)
	q := Quotation("2026-06-01", torontoSeller(), CustomerAt(toronto()), Line("meal", "PREPARED_FOOD", "3.00"), Line("drink", "PREPARED_FOOD", "2.00"))
	q.Currency = CurrencyCode("CAD")
	r, err := e.Sale(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	wantCanadian(t, "meal of 3.00 with a drink of 2.00 in Toronto", r.LineItems[0].Taxes,
		walkTax{"CA", "0.15", "0.05"}, walkTax{"CA-ON", "0.24", "0.08"})
	wantCanadian(t, "drink of 2.00 with a meal of 3.00 in Toronto", r.LineItems[1].Taxes,
		walkTax{"CA", "0.10", "0.05"}, walkTax{"CA-ON", "0.16", "0.08"})
}

// TestCanadaWalkDiapers: children's diapers of 100.00 bear the GST of 5%
// everywhere outside the break of 2024-2025. Ontario (O. Reg. 262/10,
// Point of Sale Rebates, s. 3(3)) and Nova Scotia rebate their part of the
// HST on them at the point of sale (CRA GST/HST Info Sheet GI-063); New
// Brunswick does not. Quebec zero-rates diapers designed for children for
// its QST (Act respecting the Québec sales tax, s. 198.5), Manitoba exempts
// baby supplies from its RST from July 1, 2013 and Saskatchewan exempts
// baby diapers from its PST (Information Bulletin PST-2). British
// Columbia's PST spares cloth diapers only: the province's list of what
// the PST reached on its return of April 1, 2013 gives children's
// disposable diapers 5% GST and 7% PST (as the Vancouver Sun and the Powell
// River Peak reprinted it, March 2013), and Levy's class, which can not
// tell cloth from disposable, bears the PST.
func TestCanadaWalkDiapers(t *testing.T) {
	e := testEngine(t)
	gst := walkTax{"CA", "5.00", "0.05"}
	for _, c := range []struct {
		dest *wire.Location
		want []walkTax
	}{
		{toronto(), []walkTax{gst}},
		{halifax(), []walkTax{gst}},
		{moncton(), []walkTax{gst, {"CA-NB", "10.00", "0.1"}}},
		{montreal(), []walkTax{gst}},
		{winnipeg(), []walkTax{gst}},
		{regina(), []walkTax{gst}},
		{vancouver(), []walkTax{gst, {"CA-BC", "7.00", "0.07"}}},
	} {
		taxes := caWalkLine(t, e, torontoSeller(), c.dest, "2026-06-01", "DIAPERS", "100.00")
		wantCanadian(t, "DIAPERS to "+c.dest.City, taxes, c.want...)
	}
}
