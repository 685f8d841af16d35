package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// localQuote sends a domestic quotation of one line of class for 100.00
// at the address on date, in currency, and returns the line's taxes.
func localQuote(t *testing.T, at *wire.Location, currency, date, class string, edit func(*wire.SaleRequest)) []wire.Tax {
	t.Helper()
	q := Quotation(date, SellerAt(at), CustomerAt(at), Line("l", class, "100.00"))
	q.Currency = CurrencyCode(currency)
	if edit != nil {
		edit(q)
	}
	resp, err := testEngine(t).Sale(context.Background(), q)
	if err != nil {
		t.Fatalf("%s %s on %s: %v", at.Country, class, date, err)
	}
	return resp.LineItems[0].Taxes
}

// impositionOf returns the tax record of the imposition named name, and
// whether the line has one.
func impositionOf(taxes []wire.Tax, name string) (wire.Tax, bool) {
	for _, x := range taxes {
		if x.Imposition != nil && x.Imposition.Value == name {
			return x, true
		}
	}
	return wire.Tax{}, false
}

// wantNamed checks that the line bears exactly the impositions named, in
// any order, each with its imposition type and tax type on the wire.
func wantNamed(t *testing.T, what string, taxes []wire.Tax, want map[string][2]string) {
	t.Helper()
	if len(taxes) != len(want) {
		t.Errorf("%s: %d tax records, want %d", what, len(taxes), len(want))
	}
	for name, w := range want {
		x, ok := impositionOf(taxes, name)
		switch {
		case !ok:
			t.Errorf("%s: no record of the imposition %q", what, name)
		case x.ImpositionType == nil || x.ImpositionType.Value != w[0] || string(x.TaxType) != w[1]:
			t.Errorf("%s: %s has imposition type %+v and tax type %s, want %q and %s", what, name, x.ImpositionType, x.TaxType, w[0], w[1])
		}
	}
}

// TestConsumptionTaxOfJapan: Japan's tax is named the Consumption Tax on
// the wire (imposition and imposition type), of tax type VAT, at 10% and
// at the reduced 8% on food, and an exempt override selects it by that
// name or by the VAT's, as Levy called it before; the goods and services taxes of Australia, New Zealand,
// Singapore, India and Canada are named GST.
func TestConsumptionTaxOfJapan(t *testing.T) {
	tokyo := Address("Tokyo", "100-0001", "JP")
	ct := map[string][2]string{"Consumption Tax": {"Consumption Tax", "VAT"}}
	for _, c := range []struct{ date, class, rate string }{
		{"2026-06-01", "GENERAL", "0.1"},
		{"2026-06-01", "FOOD", "0.08"},
		{"2019-09-30", "GENERAL", "0.08"},
		{"1990-01-01", "GENERAL", "0.03"},
	} {
		taxes := localQuote(t, tokyo, "JPY", c.date, c.class, nil)
		what := "JP " + c.class + " on " + c.date
		wantNamed(t, what, taxes, ct)
		if x, ok := impositionOf(taxes, "Consumption Tax"); ok && x.EffectiveRate.String() != c.rate {
			t.Errorf("%s: rate %s, want %s", what, x.EffectiveRate, c.rate)
		}
	}
	// A host names the tax it exempts by its name on the wire.
	taxes := localQuote(t, tokyo, "JPY", "2026-06-01", "GENERAL", func(q *wire.SaleRequest) {
		q.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "Consumption Tax"}, ReasonCode: "EXPORT"}}
	})
	if x, ok := impositionOf(taxes, "Consumption Tax"); !ok || x.TaxResult != wire.TaxResultExempt || !x.CalculatedTax.IsZero() {
		t.Errorf("JP exempt override by name: %+v", taxes)
	}
	// An override written when Levy called it the VAT still selects it,
	// and one for another tax does not.
	for name, exempt := range map[string]bool{"VAT": true, "Value Added Tax": true, "GST": false} {
		taxes := localQuote(t, tokyo, "JPY", "2026-06-01", "GENERAL", func(q *wire.SaleRequest) {
			q.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: name}, ReasonCode: "EXPORT"}}
		})
		if x, ok := impositionOf(taxes, "Consumption Tax"); !ok || (x.TaxResult == wire.TaxResultExempt) != exempt {
			t.Errorf("JP exempt override of %q: %+v, want exempt %v", name, x.TaxResult, exempt)
		}
	}
	gst := map[string][2]string{"GST": {"Goods and Services Tax", "VAT"}}
	for _, at := range []struct {
		loc      *wire.Location
		currency string
	}{
		{Address("Sydney", "2000", "AU"), "AUD"},
		{Address("Auckland", "1010", "NZ"), "NZD"},
		{Address("Singapore", "018989", "SG"), "SGD"},
		{Address("Mumbai", "400001", "IN"), "INR"},
		{Address("Calgary", "T2P 0A1", "CA"), "CAD"},
	} {
		wantNamed(t, at.loc.Country+" GENERAL", localQuote(t, at.loc, at.currency, "2026-06-01", "GENERAL", nil), gst)
	}
}

// myRecord is what a Malaysian line's record of one tax says: its result
// and rate.
type myRecord struct{ result, rate string }

// TestMalaysiaSalesAndServiceTax: Malaysia levies two single-stage taxes,
// not a VAT: the sales tax on goods (10%; food, books and prescribed medicine exempt)
// and the service tax on the services its schedule prescribes (6%, 8%
// from March 1, 2024, food and beverage service staying at 6%; repairs
// from March 1, 2024 and beauty services from July 1, 2025). Each line
// bears a record of each, named as the acts name them, of tax type SALES;
// the one that does not reach the line is nontaxable. Before September 1,
// 2018 the GST applied (6%, 0% from June 1, 2018), and before April 1,
// 2015 nothing Levy models.
func TestMalaysiaSalesAndServiceTax(t *testing.T) {
	kl := Address("Kuala Lumpur", "50000", "MY")
	const sales, service = "Sales Tax", "Service Tax"
	taxable := func(rate string) myRecord { return myRecord{"TAXABLE", rate} }
	outside := myRecord{"NONTAXABLE", "0"}
	exempt := myRecord{"EXEMPT", "0"}
	for _, c := range []struct {
		date, class    string
		sales, service myRecord
	}{
		{"2026-06-01", "GENERAL", taxable("0.1"), outside},
		{"2026-06-01", "ELECTRONICS", taxable("0.1"), outside},
		{"2026-06-01", "FOOD", exempt, outside},
		{"2026-06-01", "BOOKS", exempt, outside},
		{"2026-06-01", "TEXTBOOKS", exempt, outside},
		{"2026-06-01", "PRESCRIPTION_DRUGS", exempt, outside},
		{"2026-06-01", "OTC_DRUGS", taxable("0.1"), outside},
		{"2026-06-01", "PROFESSIONAL_SERVICES", outside, taxable("0.08")},
		{"2024-02-29", "PROFESSIONAL_SERVICES", outside, taxable("0.06")},
		{"2024-03-01", "PROFESSIONAL_SERVICES", outside, taxable("0.08")},
		{"2026-06-01", "SAAS", outside, taxable("0.08")},
		{"2026-06-01", "CUSTOM_SOFTWARE", outside, taxable("0.08")},
		{"2026-06-01", "PREPARED_FOOD", outside, taxable("0.06")},
		{"2026-06-01", "SERVICES", outside, outside},
		{"2024-02-29", "REPAIR_SERVICES", outside, outside},
		{"2024-03-01", "REPAIR_SERVICES", outside, taxable("0.08")},
		{"2025-06-30", "PERSONAL_CARE_SERVICES", outside, outside},
		{"2025-07-01", "PERSONAL_CARE_SERVICES", outside, taxable("0.08")},
		{"2018-09-01", "GENERAL", taxable("0.1"), outside},
		{"2018-09-01", "PROFESSIONAL_SERVICES", outside, taxable("0.06")},
	} {
		taxes := localQuote(t, kl, "MYR", c.date, c.class, nil)
		what := "MY " + c.class + " on " + c.date
		wantNamed(t, what, taxes, map[string][2]string{sales: {"Sales Tax", "SALES"}, service: {"Service Tax", "SALES"}})
		for name, want := range map[string]myRecord{sales: c.sales, service: c.service} {
			x, ok := impositionOf(taxes, name)
			if !ok {
				continue
			}
			if string(x.TaxResult) != want.result || x.EffectiveRate.String() != want.rate {
				t.Errorf("%s: %s is %s at %s, want %s at %s", what, name, x.TaxResult, x.EffectiveRate, want.result, want.rate)
			}
		}
	}
	for _, c := range []struct{ date, rate string }{{"2017-06-01", "0.06"}, {"2018-08-31", "0"}} {
		taxes := localQuote(t, kl, "MYR", c.date, "GENERAL", nil)
		what := "MY GENERAL on " + c.date
		wantNamed(t, what, taxes, map[string][2]string{"GST": {"Goods and Services Tax", "VAT"}})
		if x, ok := impositionOf(taxes, "GST"); ok && x.EffectiveRate.String() != c.rate {
			t.Errorf("%s: GST at %s, want %s", what, x.EffectiveRate, c.rate)
		}
	}
	if taxes := localQuote(t, kl, "MYR", "2015-03-31", "GENERAL", nil); len(taxes) != 0 {
		t.Errorf("MY GENERAL on 2015-03-31: %d tax records, want none", len(taxes))
	}
}

// TestVATClassesVietnam sends sales on either side of each period of
// Vietnam's temporary 8% rate (February to December 2022, and July 1,
// 2023 to December 31, 2026) and of the classes the decrees left at 10%:
// information technology (electronics, hosted software, data processing
// and hosting) until June 30, 2025, when Decree 174/2025 dropped its
// appendix.
func TestVATClassesVietnam(t *testing.T) {
	vn := func(date, class, rate string) worldClassCase {
		return worldClassCase{"Hanoi", "", "100000", "VN", "VND", date, class, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		vn("2022-01-31", "GENERAL", "0.1"),
		vn("2022-02-01", "GENERAL", "0.08"),
		vn("2022-12-31", "GENERAL", "0.08"),
		vn("2023-01-01", "GENERAL", "0.1"),
		vn("2023-06-30", "GENERAL", "0.1"),
		vn("2023-07-01", "GENERAL", "0.08"),
		vn("2024-06-30", "GENERAL", "0.08"),
		vn("2025-01-01", "GENERAL", "0.08"),
		vn("2025-07-01", "GENERAL", "0.08"),
		vn("2026-06-01", "GENERAL", "0.08"),
		vn("2026-12-31", "GENERAL", "0.08"),
		vn("2027-01-01", "GENERAL", "0.1"),
		vn("2022-06-01", "ELECTRONICS", "0.1"),
		vn("2024-06-01", "ELECTRONICS", "0.1"),
		vn("2025-06-30", "ELECTRONICS", "0.1"),
		vn("2025-07-01", "ELECTRONICS", "0.08"),
		vn("2024-06-01", "SAAS", "0.1"),
		vn("2024-06-01", "DATA_PROCESSING", "0.1"),
		vn("2024-06-01", "WEB_HOSTING", "0.1"),
		vn("2024-06-01", "AI_SERVICES", "0.1"),
		vn("2026-06-01", "SAAS", "0.08"),
		vn("2023-01-01", "SAAS", "0.1"),
	})
}

// TestVATRatesBangladeshAndIran: two of the forty largest economies that
// the world rate file leaves out levy a VAT, which the corrections add:
// Bangladesh's 15% since 1991, Iran's 9% from March 21, 2015 and 10%
// from March 20, 2024 (none before 2015, whose rates are not modelled).
func TestVATRatesBangladeshAndIran(t *testing.T) {
	bd := func(date, rate string) worldClassCase {
		return worldClassCase{"Dhaka", "", "1000", "BD", "BDT", date, "GENERAL", one(rate)}
	}
	ir := func(date, rate string) worldClassCase {
		return worldClassCase{"Tehran", "", "", "IR", "IRR", date, "GENERAL", one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		bd("2026-06-01", "0.15"), bd("2019-07-01", "0.15"), bd("2000-01-01", "0.15"),
		ir("2026-06-01", "0.1"), ir("2024-03-20", "0.1"), ir("2024-03-19", "0.09"), ir("2015-03-21", "0.09"),
		{"Tehran", "", "", "IR", "IRR", "2015-03-20", "GENERAL", nil},
		{"Dhaka", "", "1000", "BD", "BDT", "1991-06-30", "GENERAL", nil},
	})
}
