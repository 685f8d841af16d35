package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

// childrensClothing is the class of these tests.
const childrensClothing = "CHILDRENS_CLOTHING"

// lineTaxes describes a line's tax records for comparing two classes: for
// each record its jurisdiction, tax, result, taxable and exempt amounts,
// tax and rule ID, the rule ID with the suffix that an inherited rule
// adds cut off (a rule of CLOTHING copied for CHILDRENS_CLOTHING is
// "us-ny-clothing-state-childrens_clothing").
func lineTaxes(resp *wire.SaleResponse) []string {
	var out []string
	for _, x := range resp.LineItems[0].Taxes {
		rule := ""
		if x.CalculationRuleID != nil {
			rule = strings.TrimSuffix(x.CalculationRuleID.Value, "-childrens_clothing")
		}
		imp := ""
		if x.Imposition != nil {
			imp = x.Imposition.Value
		}
		out = append(out, strings.Join([]string{x.Jurisdiction.JurisdictionID, imp, string(x.TaxResult),
			x.Taxable.String(), x.Exempt.String(), x.CalculatedTax.String(), rule}, " "))
	}
	slices.Sort(out)
	return out
}

// sameAsClothing sells one article of CLOTHING and one of
// CHILDRENS_CLOTHING at loc on d for each price, and reports the first
// difference between their tax records ("" for none).
func sameAsClothing(t *testing.T, e *Engine, loc *wire.Location, d civil.Date, prices ...string) string {
	t.Helper()
	for _, price := range prices {
		var got [2][]string
		for i, class := range []string{"CLOTHING", childrensClothing} {
			req := saleHere(loc, d, "1")
			req.LineItems[0].Product.ProductClass = class
			req.LineItems[0].ExtendedPrice = amt(price)
			resp, err := e.Sale(context.Background(), req)
			if err != nil {
				t.Fatalf("%s at %s on %s: %v", class, loc.City, d, err)
			}
			got[i] = lineTaxes(resp)
		}
		if !slices.Equal(got[0], got[1]) {
			return price + ": CLOTHING " + strings.Join(got[0], "; ") + " | CHILDRENS_CLOTHING " + strings.Join(got[1], "; ")
		}
	}
	return ""
}

// TestChildrensClothingFollowsClothingInUS: no US rule names
// CHILDRENS_CLOTHING, so every state's rules of CLOTHING apply to it
// unchanged (rules.ClassInfo.Parent): on a day of each row of CLOTHING in
// the US matrix (every state with a sales tax, DC and Puerto Rico), and on the first day
// of each sales tax holiday that covers clothing, a children's article
// bears the same taxes, on the same amounts and by the same rules (each
// with the inherited rule's suffix), as an article of CLOTHING of the same
// price, below, at and above the states' thresholds ($110 in New York,
// $175 in Massachusetts, $250 in Rhode Island, the holidays' caps).
func TestChildrensClothingFollowsClothingInUS(t *testing.T) {
	e := testEngine(t)
	tx, err := data.Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	places := map[string]*wire.Location{}
	for st, loc := range extraPlaces {
		places[st] = loc
	}
	for _, v := range readVerifiedRates(t) {
		if places[v.state] == nil {
			city, _, _ := strings.Cut(v.place, " (")
			places[v.state] = &wire.Location{City: city, MainDivision: v.state, PostalCode: v.zip + "-" + v.plus4, Country: "US"}
		}
	}
	prices := []string{"50.00", "99.99", "109.99", "110.00", "175.00", "200.00", "300.00", "1000.00"}
	rows := 0
	for _, r := range tx.States() {
		if r.Class != "CLOTHING" {
			continue
		}
		loc := places[r.State]
		if r.Local == data.LocalElected {
			loc = notElected[r.State]
		}
		if loc == nil {
			t.Errorf("%s: no address", r.State)
			continue
		}
		rows++
		if diff := sameAsClothing(t, e, loc, dayOf(r), prices...); diff != "" {
			t.Errorf("%s on %s at %s: %s", r.State, dayOf(r), loc.City, diff)
		}
	}
	if rows < 45 {
		t.Errorf("%d rows of CLOTHING in the US matrix, want one at least for each state with a sales tax", rows)
	}
	holidays := 0
	for _, h := range tx.Holidays() {
		if !slices.Contains(h.Categories, "clothing") || places[h.State] == nil {
			continue
		}
		holidays++
		if diff := sameAsClothing(t, e, places[h.State], h.Effective, prices...); diff != "" {
			t.Errorf("%s's holiday %q on %s: %s", h.State, h.Name, h.Effective, diff)
		}
	}
	if holidays == 0 {
		t.Error("no holiday covers clothing")
	}
}

// TestChildrensClothingUSExamples works the clothing rules through by
// hand for a children's article: New York exempts clothing under $110
// from its 4% (Albany County's 4% stays: 50.00 bears 2.00; 150.00 bears
// 8%, 12.00), Massachusetts the first $175 of an item (200.00: 6.25% of
// 25.00 is 1.56), Pennsylvania all clothing, and Texas's back-to-school
// holiday of August 7 to 9, 2026 exempts clothing under $100 from the
// state's 6.25% and the local taxes (Houston's 8.25% on a 50.00 article
// the week before: 4.13).
func TestChildrensClothingUSExamples(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		name, city, state, zip, day, price, tax string
	}{
		{"NY under 110", "Albany", "NY", "12207", "2026-06-01", "50.00", "2.00"},
		{"NY at 150", "Albany", "NY", "12207", "2026-06-01", "150.00", "12.00"},
		{"MA 200", "Boston", "MA", "02108", "2026-06-01", "200.00", "1.56"},
		{"MA 175", "Boston", "MA", "02108", "2026-06-01", "175.00", "0.00"},
		{"PA", "Philadelphia", "PA", "19107", "2026-06-01", "200.00", "0.00"},
		{"TX holiday", "Houston", "TX", "77002", "2026-08-08", "50.00", "0.00"},
		{"TX before the holiday", "Houston", "TX", "77002", "2026-08-01", "50.00", "4.13"},
	} {
		req := usSale("1 Main St", c.city, c.state, c.zip, childrensClothing, c.price)
		req.DocumentDate = civil.MustParse(c.day)
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if resp.TotalTax.String() != c.tax {
			for _, x := range resp.LineItems[0].Taxes {
				t.Logf("%s: %s %s tax %s rule %v", c.name, x.Jurisdiction.JurisdictionID, x.TaxResult, x.CalculatedTax, x.CalculationRuleID)
			}
			t.Errorf("%s: tax %s, want %s", c.name, resp.TotalTax, c.tax)
		}
	}
}

// TestChildrensClothingHSTPointOfSaleRebates: Ontario (since its HST of
// July 1, 2010; exempt from its retail sales tax before), Nova Scotia
// (since July 1, 2010) and Prince Edward Island (since its HST of April 1,
// 2013) rebate the HST's provincial part on children's clothing and
// footwear at the point of sale (CRA GI-063; O. Reg. 262/10 s. 3; RTG
// 197), British Columbia did during its HST; New Brunswick and
// Newfoundland and Labrador do not. From December 14, 2024 to February 15,
// 2025 the whole GST/HST on them was zero-rated (Tax Break for All
// Canadians Act): the GST record charges nothing and the provincial part
// is exempt everywhere. A 100.00 kids' jacket to Toronto bears the GST's
// 5.00 and no Ontario tax.
func TestChildrensClothingHSTPointOfSaleRebates(t *testing.T) {
	const x, k = "EXEMPT", childrensClothing
	checkHSTCases(t, []hstCase{
		{toronto, "CA-ON", "2026-06-01", k, x, "5.00", "ca-on-childrens_clothing-hst-2010-07-01", "GI-063, O. Reg. 262/10 s. 3"},
		{toronto, "CA-ON", "2010-07-01", k, x, "5.00", "ca-on-childrens_clothing-hst-2010-07-01", "the HST's first day"},
		{toronto, "CA-ON", "2010-06-30", k, x, "5.00", "ca-on-childrens_clothing", "exempt from the retail sales tax"},
		{toronto, "CA-ON", "2024-12-20", k, x, "0.00", "", "the GST/HST break"},
		{toronto, "CA-ON", "2026-06-01", "CLOTHING", "8.00", "5.00", "", "adult clothing bears the whole HST"},
		{halifax, "CA-NS", "2026-06-01", k, x, "5.00", "ca-ns-childrens_clothing-hst-2010-07-01", "since July 1, 2010"},
		{halifax, "CA-NS", "2010-06-30", k, "8.00", "5.00", "", "before July 1, 2010"},
		{charlottetown, "CA-PE", "2013-04-01", k, x, "5.00", "ca-pe-childrens_clothing-hst-2013-04-01", "RTG 197"},
		{charlottetown, "CA-PE", "2026-06-01", k, x, "5.00", "", "RTG 197"},
		{vancouver, "CA-BC", "2012-06-01", k, x, "5.00", "ca-bc-childrens_clothing-hst-2010-07-01", "during the HST, HST Notice No. 2"},
		{moncton, "CA-NB", "2026-06-01", k, "10.00", "5.00", "", "no rebate in New Brunswick"},
		{moncton, "CA-NB", "2024-12-14", k, x, "0.00", "ca-nb-childrens_clothing-hst-2024-12-14", "the GST/HST break's first day"},
		{moncton, "CA-NB", "2025-02-15", k, x, "0.00", "", "the GST/HST break's last day"},
		{moncton, "CA-NB", "2025-02-16", k, "10.00", "5.00", "", "after the GST/HST break"},
		{moncton, "CA-NB", "2024-12-20", "CLOTHING", "10.00", "5.00", "", "adult clothing was not in the break"},
		{stJohns, "CA-NL", "2026-06-01", k, "10.00", "5.00", "", "no rebate in Newfoundland and Labrador"},
		{stJohns, "CA-NL", "2025-01-10", k, x, "0.00", "", "the GST/HST break"},
	})
}

// TestChildrensClothingProvincialSalesTaxes: British Columbia's PST
// (Bulletin PST 201) exempts children's clothing and footwear, which bear
// the GST (a 100.00 kids' shoe to Vancouver: 5.00 GST, PST EXEMPT), as
// Saskatchewan's did until March 31, 2017 (Bulletin PST-1; from April 1,
// 2017 they bear its PST at 6%); Quebec's QST taxes them (9.975%);
// Manitoba's RST exempts them up to $150 an item (Bulletin No. 001), so
// the 100.00 shoe to Winnipeg is exempt too (dearer items: see
// TestManitobaChildrensClothingUpTo150). During the GST/HST break the GST
// was zero-rated and the provincial taxes were not part of it.
func TestChildrensClothingProvincialSalesTaxes(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	seller := torontoSeller()
	for _, c := range []struct {
		dest           *wire.Location
		province, date string
		gst, want      string // the GST charged; the province's tax charged, or EXEMPT
		why            string
	}{
		{vancouver(), "CA-BC", "2026-06-01", "5.00", "EXEMPT", "Bulletin PST 201"},
		{vancouver(), "CA-BC", "2013-04-01", "5.00", "EXEMPT", "the PST's return"},
		{vancouver(), "CA-BC", "2024-12-20", "0.00", "EXEMPT", "the GST break"},
		{regina(), "CA-SK", "2016-06-01", "5.00", "EXEMPT", "Bulletin PST-1"},
		{regina(), "CA-SK", "2026-06-01", "5.00", "6.00", "the exemption ended on April 1, 2017"},
		{montreal(), "CA-QC", "2026-06-01", "5.00", "9.98", "the QST has no such exemption"},
		{montreal(), "CA-QC", "2024-12-20", "0.00", "9.98", "the QST was not part of the break"},
		{winnipeg(), "CA-MB", "2026-06-01", "5.00", "EXEMPT", "Bulletin No. 001, $150 or less an item"},
		{winnipeg(), "CA-MB", "2024-12-20", "0.00", "EXEMPT", "the RST's own exemption, not the break"},
	} {
		what := "CHILDRENS_CLOTHING to " + c.dest.City + " on " + c.date + " (" + c.why + ")"
		taxes := caSale(t, e, ctx, seller, c.dest, c.date, childrensClothing)
		wantCharged(t, what, taxes, "CA", c.gst)
		x := taxOf(t, taxes, c.province)
		if c.want == "EXEMPT" {
			if x.TaxResult != wire.TaxResultExempt || !x.CalculatedTax.IsZero() {
				t.Errorf("%s: %s is %s, tax %s; want EXEMPT", what, c.province, x.TaxResult, x.CalculatedTax)
			}
			continue
		}
		wantCharged(t, what, taxes, c.province, c.want)
	}
}

// TestChildrensClothingVAT: the United Kingdom zero-rates young
// children's clothing and footwear (VAT Act 1994 Sch. 8 Group 16; VAT
// Notice 714), the Isle of Man with it, and Ireland children's clothing
// and footwear (VATCA 2010 Sch. 2 para. 10): a kids' coat bought in
// London or Dublin bears 0%, where adult clothing bears 20% and 23%.
// Luxembourg taxes clothing and footwear for children under 14 at its
// super-reduced 3% (loi TVA art. 40, annexe B), which its cut of 2023 left
// alone. Elsewhere the class follows CLOTHING: Germany's 19%.
func TestChildrensClothingVAT(t *testing.T) {
	gb := historySale("London", "SW1A 1AA", "GB", "GBP")
	im := historySale("Douglas", "IM1 1AA", "IM", "GBP")
	ie := historySale("Dublin", "D02 X285", "IE", "EUR")
	de := historySale("Berlin", "10115", "DE", "EUR")
	lu := historySale("Luxembourg", "1009", "LU", "EUR")
	const k = childrensClothing
	checkWorldClassRates(t, []worldClassCase{
		gb("2026-06-01", k, "0"), gb("1990-06-01", k, "0"), gb("2026-06-01", "CLOTHING", "0.2"),
		im("2026-06-01", k, "0"), im("2026-06-01", "CLOTHING", "0.2"),
		ie("2026-06-01", k, "0"), ie("2026-06-01", "CLOTHING", "0.23"),
		lu("2026-06-01", k, "0.03"), lu("2023-06-01", k, "0.03"), lu("2026-06-01", "CLOTHING", "0.17"),
		de("2026-06-01", k, "0.19"),
	})
}
