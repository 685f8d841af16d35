package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// TestMassachusettsPublications sells in Boston the publications that
// M.G.L. c. 64H section 6(m) exempts all year: magazines, newspapers and
// books required for instruction in an educational institution
// (TEXTBOOKS), which Levy taxed at 6.25% before; other books stay
// taxed. The amounts by hand, state 6.25%, no local tax on goods: a
// magazine of 8.00 bore 0.50 and now 0.00; a textbook of 120.00 bore
// 7.50 and now 0.00; a newspaper of 2.00: 0.00; a book of 20.00: 1.25.
// The day before the 2026 holiday (August 7) and its first day (August
// 8) give the same answers, from the year-round rule.
func TestMassachusettsPublications(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		class, price, day, tax, rule string
	}{
		{"MAGAZINES", "8.00", "2026-06-01", "0.00", "us-ma-magazines"},
		{"MAGAZINES", "8.00", "2026-08-07", "0.00", "us-ma-magazines"},
		{"MAGAZINES", "8.00", "2026-08-08", "0.00", "us-ma-magazines"},
		{"TEXTBOOKS", "120.00", "2026-08-07", "0.00", "us-ma-textbooks"},
		{"TEXTBOOKS", "120.00", "2026-08-08", "0.00", "us-ma-textbooks"},
		{"NEWSPAPERS", "2.00", "2026-08-07", "0.00", "us-ma-newspapers"},
		{"BOOKS", "20.00", "2026-08-07", "1.25", "us-ma-books"},
		{"BOOKS", "20.00", "2026-08-08", "0.00", "us-ma-holiday-2026-08-08-books"},
	} {
		req := usSale("1 City Hall Sq", "Boston", "MA", "02201", c.class, c.price)
		req.DocumentDate = civil.MustParse(c.day)
		resp, ex, err := e.ExplainSale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s %s: %v", c.class, c.day, err)
		}
		if got := resp.TotalTax.String(); got != c.tax {
			t.Errorf("%s of %s on %s: tax %s, want %s", c.class, c.price, c.day, got, c.tax)
		}
		seen := 0
		for _, x := range resp.LineItems[0].Taxes {
			if x.Jurisdiction.JurisdictionID != "US-MA" {
				continue
			}
			seen++
			if x.CalculationRuleID == nil || x.CalculationRuleID.Value != c.rule {
				t.Errorf("%s on %s: the state's rule %v, want %s", c.class, c.day, x.CalculationRuleID, c.rule)
			}
		}
		for _, l := range ex {
			for _, x := range l.Taxes {
				if x.JurisdictionID != "US-MA" {
					continue
				}
				seen++
				if c.class != "BOOKS" && !strings.Contains(x.Reason, "M.G.L. c. 64H, § 6(m)") {
					t.Errorf("%s on %s: the state's reason does not cite section 6(m): %s", c.class, c.day, x.Reason)
				}
			}
		}
		if seen != 2 {
			t.Errorf("%s on %s: %d records of US-MA in the response and the explanation, want 2", c.class, c.day, seen)
		}
	}
}

// TestMassachusettsHolidayBusinessCustomer records what Levy does on
// Massachusetts's holiday for a customer marked as a business
// (customerCode.isBusinessIndicator): M.G.L. c. 64H section 6A reaches
// non-business sales only, but Levy knows whether the customer is a
// business, not whether the goods are for business use, so the sale is
// exempt as a consumer's is: goods of 100.00 in Boston on August 8, 2026:
// 0.00 (6.25 on August 7). A seller that knows its business customers buy
// for business use taxes their purchases on the holiday by a rule of its
// own (when: businessCustomer), which wins over the default rules: 6.25
// for the business customer on August 8, 0.00 for a consumer still.
func TestMassachusettsHolidayBusinessCustomer(t *testing.T) {
	sale := func(e *Engine, day string, business bool) string {
		t.Helper()
		req := usSale("1 City Hall Sq", "Boston", "MA", "02201", "GENERAL", "100.00")
		req.DocumentDate = civil.MustParse(day)
		if business {
			req.Customer.CustomerCode = &wire.CustomerCode{Value: "B-1", IsBusinessIndicator: true}
		}
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", day, err)
		}
		return resp.TotalTax.String()
	}
	e := testEngine(t)
	for _, c := range []struct {
		day      string
		business bool
		want     string
	}{
		{"2026-08-07", true, "6.25"},
		{"2026-08-08", true, "0.00"},
		{"2026-08-08", false, "0.00"},
	} {
		if got := sale(e, c.day, c.business); got != c.want {
			t.Errorf("default rules, business %v, on %s: tax %s, want %s", c.business, c.day, got, c.want)
		}
	}
	host := []rules.Rule{{ID: "host-ma-holiday-business-use", Jurisdiction: "US-MA*", ProductClass: "GENERAL", When: "businessCustomer",
		Effective: civil.MustParse("2026-08-08"), Expiration: civil.MustParse("2026-08-09"), Outcome: rules.Taxable,
		Reason: "the seller's business customers buy for business use, which M.G.L. c. 64H section 6A leaves taxed"}}
	own, err := New(context.Background(), WithRules(host, nil), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		business bool
		want     string
	}{{true, "6.25"}, {false, "0.00"}} {
		if got := sale(own, "2026-08-08", c.business); got != c.want {
			t.Errorf("the seller's rule, business %v, on 2026-08-08: tax %s, want %s", c.business, got, c.want)
		}
	}
}

// TestMassachusettsCoatAboveTheHolidayCap explains a coat of 3,000.00
// sold in Boston on August 8, 2026, the first day of Massachusetts's
// holiday, whose cap is $2,500 an item: the coat is no holiday item and
// keeps the year-round exemption of its first $175, (3,000.00 - 175.00) x
// 6.25% = 176.5625, 176.56. Its record and its explanation name the
// year-round clothing rule and its reason, not the holiday's (M.G.L. c.
// 64H section 6A), and carry no holiday indicator.
func TestMassachusettsCoatAboveTheHolidayCap(t *testing.T) {
	e := testEngine(t)
	req := usSale("1 City Hall Sq", "Boston", "MA", "02201", "CLOTHING", "3000.00")
	req.DocumentDate = civil.MustParse("2026-08-08")
	resp, ex, err := e.ExplainSale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.TotalTax.String(); got != "176.56" {
		t.Errorf("tax %s, want 176.56", got)
	}
	for _, x := range resp.LineItems[0].Taxes {
		if r := x.CalculationRuleID; r == nil || r.Value != "us-ma-clothing" || r.SalesTaxHolidayIndicator {
			t.Errorf("%s: rule %+v, want us-ma-clothing without the holiday indicator", x.Jurisdiction.JurisdictionID, r)
		}
	}
	seen := false
	for _, l := range ex {
		for _, x := range l.Taxes {
			if x.JurisdictionID != "US-MA" {
				continue
			}
			seen = true
			if strings.Contains(x.Reason, "6A") || !strings.Contains(x.Reason, "175") {
				t.Errorf("the explanation gives the reason %q, want the year-round clothing rule's", x.Reason)
			}
		}
	}
	if !seen {
		t.Error("no explanation of US-MA's tax")
	}
}
