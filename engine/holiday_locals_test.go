package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestHolidayLocalTaxes sells a shirt in places whose local sales taxes
// do and do not take part in their state's 2026 back-to-school holiday
// (internal/datagen/curated/us-holiday-locals.csv). Alabama's localities
// opt in (Ala. Code 40-23-213); Levy keeps the taxes of the localities
// that the latest lists found leave out: Jefferson and St. Clair counties
// waive their general 1% and keep a 1% (the "Special Revenue" tax and the
// tax for education), and the city of Moody (2024 list) waives nothing.
// Missouri's localities can no longer opt out (Mo. Rev. Stat. 144.049 as
// amended by SB 153, 2021), so all of Kansas City's follow the holiday.
// The amounts by hand, a shirt of 40.00 (the 2026 Alabama clothing cap is
// 156.00, Missouri's 100.00):
//
//   - Birmingham (state 4%, Jefferson County 2%, city 4%) on 2026-07-18,
//     a holiday day: state 0.00, city 0.00 (it takes part); the county
//     waives half its 2%, so 40.00 x 50% = 20.00 is exempt and 20.00 x 2%
//     = 0.40 is taxed (1% of 40.00); total 0.40.
//   - Birmingham on 2026-07-16, the day before: 1.60 + 0.80 + 1.60 = 4.00.
//   - Birmingham, a shirt of 200.00 on 2026-07-18: above the cap it is no
//     holiday item, and the county's whole 2% applies too: 8.00 + 4.00 +
//     8.00 = 20.00. Each record names the year-round rule, without the
//     holiday indicator.
//   - Moody (state 4%, St. Clair County 2%, city 4%) on 2026-07-18: state
//     0.00, county 0.40 as Jefferson's, city 40.00 x 4% = 1.60 (it does not
//     take part); total 2.00. On 2026-07-16: 1.60 + 0.80 + 1.60 = 4.00.
//   - Montgomery (state 4%, county 2.5%, city 3.5%) on 2026-07-18, a
//     place no list names: every tax follows the holiday, 0.00.
//   - Kansas City, Missouri (state 4.225%, Jackson County 1.375%, city
//     3.25%, zoological district 0.125%) on 2026-08-08: 0.00; on
//     2026-08-06, the day before: 1.69 + 0.55 + 1.30 + 0.05 = 3.59.
func TestHolidayLocalTaxes(t *testing.T) {
	e := testEngine(t)
	type want struct {
		tax, rule string // the jurisdiction's tax and a part of its rule's ID
		holiday   bool   // the record carries the holiday indicator
	}
	const bhamAt, moodyAt, mgmAt, kcAt = "710 N 20th St|Birmingham|AL|35203", "1130 Park Ave|Moody|AL|35004", "103 N Perry St|Montgomery|AL|36104",
		"414 E 12th St|Kansas City|MO|64106"
	cases := []struct {
		name, at, day, price, total string
		by                          map[string]want
	}{
		{"Birmingham on a holiday day", bhamAt, "2026-07-18", "40.00", "0.40", map[string]want{
			"US-AL":      {"0.00", "us-al-holiday-2026-07-17-clothing", true},
			"US-01073":   {"0.40", "us-al-holiday-2026-07-17-clothing-us-01073", true},
			"US-0107000": {"0.00", "us-al-holiday-2026-07-17-clothing", true},
		}},
		{"Birmingham the day before", bhamAt, "2026-07-16", "40.00", "4.00", map[string]want{
			"US-AL":      {"1.60", "us-al-clothing", false},
			"US-01073":   {"0.80", "us-al-clothing", false},
			"US-0107000": {"1.60", "us-al-clothing", false},
		}},
		{"Birmingham above the cap", bhamAt, "2026-07-18", "200.00", "20.00", map[string]want{
			"US-AL":      {"8.00", "us-al-clothing", false},
			"US-01073":   {"4.00", "us-al-clothing", false},
			"US-0107000": {"8.00", "us-al-clothing", false},
		}},
		{"Moody on a holiday day", moodyAt, "2026-07-18", "40.00", "2.00", map[string]want{
			"US-AL":      {"0.00", "us-al-holiday-2026-07-17-clothing", true},
			"US-01115":   {"0.40", "us-al-holiday-2026-07-17-clothing-us-01115", true},
			"US-0151096": {"1.60", "us-al-holiday-2026-07-17-clothing-us-0151096", false},
		}},
		{"Moody the day before", moodyAt, "2026-07-16", "40.00", "4.00", map[string]want{
			"US-AL":      {"1.60", "us-al-clothing", false},
			"US-01115":   {"0.80", "us-al-clothing", false},
			"US-0151096": {"1.60", "us-al-clothing", false},
		}},
		{"Montgomery on a holiday day", mgmAt, "2026-07-18", "40.00", "0.00", map[string]want{
			"US-AL":      {"0.00", "us-al-holiday-2026-07-17-clothing", true},
			"US-01101":   {"0.00", "us-al-holiday-2026-07-17-clothing", true},
			"US-0151000": {"0.00", "us-al-holiday-2026-07-17-clothing", true},
		}},
		{"Kansas City on a holiday day", kcAt, "2026-08-08", "40.00", "0.00", map[string]want{
			"US-MO":      {"0.00", "us-mo-holiday-2026-08-07-clothing", true},
			"US-29095":   {"0.00", "us-mo-holiday-2026-08-07-clothing", true},
			"US-2938000": {"0.00", "us-mo-holiday-2026-08-07-clothing", true},
			"US-MO-D-KANSAS_CITY_ZOOLOGICAL_DISTRICT": {"0.00", "us-mo-holiday-2026-08-07-clothing", true},
		}},
		{"Kansas City the day before", kcAt, "2026-08-06", "40.00", "3.59", map[string]want{
			"US-MO":      {"1.69", "us-mo-clothing", false},
			"US-29095":   {"0.55", "us-mo-clothing", false},
			"US-2938000": {"1.30", "us-mo-clothing", false},
			"US-MO-D-KANSAS_CITY_ZOOLOGICAL_DISTRICT": {"0.05", "us-mo-clothing", false},
		}},
	}
	for _, c := range cases {
		resp := sellOnDay(t, e, c.name, c.at, "CLOTHING", c.price, c.day, c.total)
		seen := 0
		for _, x := range resp.LineItems[0].Taxes {
			id := x.Jurisdiction.JurisdictionID
			w, ok := c.by[id]
			if !ok {
				t.Errorf("%s: a tax of %s, which the case does not expect", c.name, id)
				continue
			}
			seen++
			rule, holiday := "", false
			if x.CalculationRuleID != nil {
				rule, holiday = x.CalculationRuleID.Value, x.CalculationRuleID.SalesTaxHolidayIndicator
			}
			if got := x.CalculatedTax.Decimal().StringFixed(2); got != w.tax || rule != w.rule || holiday != w.holiday {
				t.Errorf("%s: %s tax %s by rule %s (holiday %v), want %s by %s (holiday %v)", c.name, id, got, rule, holiday, w.tax, w.rule, w.holiday)
			}
		}
		if seen != len(c.by) {
			t.Errorf("%s: %d of the %d expected jurisdictions taxed the line", c.name, seen, len(c.by))
		}
	}
}

// TestHolidayLocalTaxReasons: the record of a locality that does not take
// part says so and names the list it comes from; the holiday's own
// records say how the state's local taxes take part.
func TestHolidayLocalTaxReasons(t *testing.T) {
	e := testEngine(t)
	req := usSale("1130 Park Ave", "Moody", "AL", "35004", "CLOTHING", "40.00")
	req.DocumentDate = civil.MustParse("2026-07-18")
	_, ex, err := e.ExplainSale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	why := map[string]string{}
	for _, l := range ex {
		for _, x := range l.Taxes {
			why[x.JurisdictionID] = x.Reason
		}
	}
	for id, parts := range map[string][]string{
		"US-0151096": {"Moody (US-0151096) does not take part in the holiday", "2024-07-19", "Alabama Department of Revenue"},
		"US-01115":   {"St. Clair County (US-01115) takes part in the holiday for part of its sales tax only: 1% of the price", "education"},
		"US-AL":      {"Local taxes: Ala. Code section 40-23-213", "2026 list was not found"},
	} {
		for _, p := range parts {
			if !strings.Contains(why[id], p) {
				t.Errorf("the reason of %s does not say %q: %s", id, p, why[id])
			}
		}
	}
}

// TestHolidayLocalShareInCents sells a shirt of 40.01 in Thomasville,
// Alabama on a holiday day: the city keeps 1% of its 5% and so waives a
// share of 0.8, which exempts 40.01 x 0.8 = 32.008, taken to 32.01 (the
// dollar's cents, half up), and taxes 8.00 at 5%: 0.40. The city's
// taxable and exempt amounts are in cents, as every other amount of the
// response.
func TestHolidayLocalShareInCents(t *testing.T) {
	e := testEngine(t)
	req := usSale("12 W Front St N", "Thomasville", "AL", "36784", "CLOTHING", "40.01")
	req.DocumentDate = civil.MustParse("2026-07-18")
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, x := range resp.LineItems[0].Taxes {
		if x.Jurisdiction.JurisdictionID != "US-0175960" {
			continue
		}
		found = true
		if x.Taxable.String() != "8.00" || x.Exempt.String() != "32.01" || x.CalculatedTax.String() != "0.40" {
			t.Errorf("Thomasville: taxable %s, exempt %s, tax %s, want 8.00, 32.01 and 0.40", x.Taxable, x.Exempt, x.CalculatedTax)
		}
	}
	if !found {
		t.Error("Thomasville did not tax the line")
	}
	if resp.TotalTax.String() != "0.40" {
		t.Errorf("total tax %s, want 0.40", resp.TotalTax)
	}
}
