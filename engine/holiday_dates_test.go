package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestHolidayDatesOf2026 sells on the days around the 2026 holidays whose
// compiled dates, caps or existence were wrong
// (internal/datagen/curated/us-holiday-corrections.csv). The amounts by
// hand:
//
//   - Tennessee's holiday is the last Friday of July to the Sunday after
//     (Tenn. Code Ann. 67-6-393): July 31 to August 2, 2026, not July 24
//     to 26. A shirt of 40.00 in Nashville (state 7%, Davidson County
//     2.25%, Davidson transit 0.5%): 2.80 + 0.90 + 0.20 = 3.90 on July 24
//     (the compiled first day) and on July 30 (the day before); 0.00 from
//     July 31 to August 2; 3.90 again on August 3.
//   - West Virginia's holiday is the first Sunday of August with the
//     Friday and Saturday before it and the Monday after it (W. Va. Code
//     11-15-9s): July 31 to August 3, 2026, not August 7 to 10. A shirt
//     of 40.00 in Charleston (state 6%, city 1%): 2.40 + 0.40 = 2.80 on
//     July 30; 0.00 on July 31 and on Monday August 3; 2.80 on August 4
//     and on August 7 (the compiled first day).
//   - Florida's disaster preparedness, Freedom Month and Tool Time
//     holidays were not enacted for 2026. Goods of 50.00 in Miami (state
//     6%, Miami-Dade surtax 1%): 3.00 + 0.50 = 3.50 on the compiled first
//     days (June 1, July 1, September 5) as on the days before them.
//   - Ohio's holiday (August 7 to 9, 2026) caps school supplies at $20,
//     clothing at $75 (Ohio Rev. Code 5739.02(B)(55)); the compiled row
//     gave supplies the clothing cap. In Columbus (state 5.75%, Franklin
//     County 1.25%, COTA 1%): supplies of 15.00 on August 6, the day
//     before: 0.86 + 0.19 + 0.15 = 1.20; on August 7: 0.00; supplies of
//     20.00: 0.00; of 20.01: 1.15 + 0.25 + 0.20 = 1.60 (it was 0.00);
//     clothing of 75.00: 0.00; of 75.01: 4.31 + 0.94 + 0.75 = 6.00.
func TestHolidayDatesOf2026(t *testing.T) {
	e := testEngine(t)
	const nashville, charleston, miami, columbus = "1 Public Sq|Nashville|TN|37201", "501 Virginia St E|Charleston|WV|25301",
		"111 NW 1st St|Miami|FL|33128", "90 W Broad St|Columbus|OH|43215"
	cases := []struct {
		name, at, class, price, day, total, rule string // rule: the state's rule ID
	}{
		// A holiday rule decides on each holiday day, also above the cap
		// (where it taxes); no holiday rule decides on any other day.
		{"TN the compiled first day", nashville, "CLOTHING", "40.00", "2026-07-24", "3.90", "us-tn-clothing"},
		{"TN the day before", nashville, "CLOTHING", "40.00", "2026-07-30", "3.90", "us-tn-clothing"},
		{"TN the first day", nashville, "CLOTHING", "40.00", "2026-07-31", "0.00", "us-tn-holiday-2026-07-31-clothing"},
		{"TN the last day", nashville, "CLOTHING", "40.00", "2026-08-02", "0.00", "us-tn-holiday-2026-07-31-clothing"},
		{"TN the day after", nashville, "CLOTHING", "40.00", "2026-08-03", "3.90", "us-tn-clothing"},
		{"WV the day before", charleston, "CLOTHING", "40.00", "2026-07-30", "2.80", "us-wv-clothing"},
		{"WV the first day", charleston, "CLOTHING", "40.00", "2026-07-31", "0.00", "us-wv-holiday-2026-07-31-clothing"},
		{"WV the Monday", charleston, "CLOTHING", "40.00", "2026-08-03", "0.00", "us-wv-holiday-2026-07-31-clothing"},
		{"WV the day after", charleston, "CLOTHING", "40.00", "2026-08-04", "2.80", "us-wv-clothing"},
		{"WV the compiled first day", charleston, "CLOTHING", "40.00", "2026-08-07", "2.80", "us-wv-clothing"},
		{"FL disaster preparedness, the day before", miami, "EMERGENCY_SUPPLIES", "50.00", "2026-05-31", "3.50", ""},
		{"FL disaster preparedness, the compiled first day", miami, "EMERGENCY_SUPPLIES", "50.00", "2026-06-01", "3.50", ""},
		{"FL Freedom Month, the day before", miami, "RECREATION", "50.00", "2026-06-30", "3.50", ""},
		{"FL Freedom Month, the compiled first day", miami, "RECREATION", "50.00", "2026-07-01", "3.50", ""},
		{"FL Tool Time, the compiled first day", miami, "TOOLS", "50.00", "2026-09-05", "3.50", ""},
		{"OH supplies the day before", columbus, "SCHOOL_SUPPLIES", "15.00", "2026-08-06", "1.20", ""},
		{"OH supplies the first day", columbus, "SCHOOL_SUPPLIES", "15.00", "2026-08-07", "0.00", "us-oh-holiday-2026-08-07-school_supplies"},
		{"OH supplies at the cap", columbus, "SCHOOL_SUPPLIES", "20.00", "2026-08-07", "0.00", "us-oh-holiday-2026-08-07-school_supplies"},
		{"OH supplies above the cap", columbus, "SCHOOL_SUPPLIES", "20.01", "2026-08-07", "1.60", "us-oh-holiday-2026-08-07-school_supplies"},
		{"OH clothing at the cap", columbus, "CLOTHING", "75.00", "2026-08-07", "0.00", "us-oh-holiday-2026-08-07-clothing"},
		{"OH clothing above the cap", columbus, "CLOTHING", "75.01", "2026-08-07", "6.00", "us-oh-holiday-2026-08-07-clothing"},
	}
	for _, c := range cases {
		at := strings.Split(c.at, "|")
		req := usSale(at[0], at[1], at[2], at[3], c.class, c.price)
		req.DocumentDate = civil.MustParse(c.day)
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := resp.TotalTax.String(); got != c.total {
			t.Errorf("%s: total tax %s, want %s", c.name, got, c.total)
		}
		for _, x := range resp.LineItems[0].Taxes {
			rule := ""
			if x.CalculationRuleID != nil {
				rule = x.CalculationRuleID.Value
			}
			if holiday := strings.Contains(rule, "-holiday-"); holiday != (c.total == "0.00" || strings.Contains(c.name, "above the cap")) {
				t.Errorf("%s: %s taxed by rule %q", c.name, x.Jurisdiction.JurisdictionID, rule)
			}
			if c.rule != "" && x.Jurisdiction.JurisdictionID == "US-"+at[2] && rule != c.rule {
				t.Errorf("%s: the state's rule %q, want %q", c.name, rule, c.rule)
			}
		}
	}
}

// TestHolidayLocalNotesOf2026: a holiday's records say how its state's
// local taxes take part, from the state's note in
// internal/datagen/curated/us-holiday-locals.csv.
func TestHolidayLocalNotesOf2026(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		at, class, day string
		parts          []string
	}{
		{"1 Public Sq|Nashville|TN|37201", "CLOTHING", "2026-07-31", []string{"Local taxes: Tenn. Code Ann. section 67-6-393", "local option sales tax"}},
		{"501 Virginia St E|Charleston|WV|25301", "CLOTHING", "2026-07-31", []string{"Local taxes: W. Va. Code section 11-15-9s", "municipal sales and use tax"}},
		{"90 W Broad St|Columbus|OH|43215", "CLOTHING", "2026-08-07", []string{"Local taxes: Ohio Rev. Code section 5739.02(B)(55)", "county and transit authority permissive taxes"}},
		{"200 S President St|Jackson|MS|39201", "CLOTHING", "2026-07-11", []string{"Local taxes: Miss. Code Ann. section 27-65-111(bb)", "Special Infrastructure Tax", "under-taxed"}},
	} {
		at := strings.Split(c.at, "|")
		req := usSale(at[0], at[1], at[2], at[3], c.class, "40.00")
		req.DocumentDate = civil.MustParse(c.day)
		_, ex, err := e.ExplainSale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", at[1], err)
		}
		why := ""
		for _, l := range ex {
			for _, x := range l.Taxes {
				if x.JurisdictionID == "US-"+at[2] {
					why = x.Reason
				}
			}
		}
		for _, p := range c.parts {
			if !strings.Contains(why, p) {
				t.Errorf("%s: the state's reason does not say %q: %s", at[1], p, why)
			}
		}
	}
}
