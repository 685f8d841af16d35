package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

// TestCommsPrepaidAndSalesTaxBase checks what data/COMMUNICATIONS.md
// says of prepaid wireless and of the sales-tax base: in Sioux Falls,
// South Dakota, whose sales tax reaches the line, two postpaid wireless
// lines for 90.00 bear South Dakota's 911 fee and the USF beside a sales
// tax on the 90.00 alone, none of the communications taxes added to its
// base; the same 90.00 sold as two prepaid cards bears none of the
// postpaid fees and no USF but South Dakota's prepaid surcharge, 2% of
// the sale (1.80), and its sales tax is on the 90.00 alone too.
func TestCommsPrepaidAndSalesTaxBase(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	sale := func(lineType string) wire.SaleResponseLineItem {
		t.Helper()
		req := telecomSaleIn("2026-02-15", "Sioux Falls", "SD", "57104", wire.LineTypeSet{Value: lineType, Count: amt("2")})
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.LineItems[0]
	}
	salesBase := func(name string, l wire.SaleResponseLineItem) {
		t.Helper()
		sales := byImposition(l.Taxes)["General Sales and Use Tax"]
		if len(sales) == 0 {
			t.Fatalf("%s: no sales tax on a South Dakota line: %+v", name, l.Taxes)
		}
		for _, s := range sales {
			if s.Taxable.String() != "90.00" {
				t.Errorf("%s: %s sales tax on %s, want the line's 90.00 without its communications taxes", name, s.Jurisdiction.JurisdictionID, s.Taxable)
			}
		}
	}
	post := sale("WIRELESS")
	got := byImposition(post.Taxes)
	if f := got[e911Imposition]; len(f) != 1 || f[0].CalculatedTax.String() != "4.00" {
		t.Errorf("postpaid 911 fee %+v, want 2.00 on each of 2 lines", f)
	}
	// 90.00 x 37.1% = 33.39, at 37.6% 12.55.
	if u := got[usfImposition]; len(u) != 1 || u[0].CalculatedTax.String() != "12.55" {
		t.Errorf("postpaid USF %+v, want 12.55", u)
	}
	if len(got[prepaidImposition]) != 0 {
		t.Errorf("a postpaid line bears the prepaid charge: %+v", got[prepaidImposition])
	}
	salesBase("postpaid", post)

	pre := sale("PREPAID_WIRELESS")
	charges := checkPrepaidOnly(t, pre)
	if len(charges) != 1 || charges[0].CalculatedTax.String() != "1.80" || charges[0].Taxable.String() != "90.00" ||
		charges[0].CalculationRuleID == nil || charges[0].CalculationRuleID.Value != "us-sd-prepaid-911-charge-2012-07-01" {
		t.Errorf("prepaid charge %+v, want 2%% of 90.00", charges)
	}
	for _, p := range pre.AssistedParameters {
		if p.RuleName == NotActedOnRule || p.RuleName == TaxNotComputedRule {
			t.Errorf("a prepaid line Levy has content for says %+v", p)
		}
	}
	salesBase("prepaid", pre)
}

// prepaidSale is a retail sale of prepaid wireless service for amount
// on date to a buyer at loc: a lineType PREPAID_WIRELESS line of qty
// retail transactions.
func prepaidSale(date, amount, qty string, loc *wire.Location) *wire.SaleRequest {
	req := telecomSale(date)
	req.Customer.Destination = loc
	req.LineItems[0].ExtendedPrice = amt(amount)
	req.LineItems[0].Quantity = &wire.Measure{Value: amt(qty)}
	req.LineItems[0].LineTypes = nil
	req.LineItems[0].LineType = &wire.LineType{Value: "PREPAID_WIRELESS"}
	return req
}

// checkPrepaidOnly fails when a prepaid line bears a postpaid fee, the
// USF or the federal excise tax, and returns its prepaid charges.
func checkPrepaidOnly(t *testing.T, l wire.SaleResponseLineItem) []wire.Tax {
	t.Helper()
	got := byImposition(l.Taxes)
	for _, imp := range []string{usfImposition, fetImposition, e911Imposition} {
		if len(got[imp]) != 0 {
			t.Errorf("a prepaid line bears %s: %+v", imp, got[imp])
		}
	}
	return got[prepaidImposition]
}

// prepaidNotComputed counts the line's tax-not-computed parameters on
// its PREPAID_WIRELESS line type that name the prepaid charge of state,
// and fails on any other communications parameter.
func prepaidNotComputed(t *testing.T, l wire.SaleResponseLineItem, state string) int {
	t.Helper()
	n := 0
	for _, p := range l.AssistedParameters {
		switch {
		case p.RuleName == TaxNotComputedRule && p.ParamName == "lineItems[0].lineType.value" &&
			strings.HasPrefix(p.Value, state+" "+prepaidImposition+" on PREPAID_WIRELESS sales"):
			n++
		case p.RuleName == NotActedOnRule || p.RuleName == TaxNotComputedRule:
			t.Errorf("a prepaid line says %+v", p)
		}
	}
	return n
}

// TestCommsPrepaidPercentage: a prepaid card of 40.00 sold in Houston
// bears Texas's prepaid wireless 9-1-1 fee, 2% of the sale (0.80), from
// June 1 2010 and not the day before, when the line says the charge is
// not computed; in Baton Rouge a card of 25.00 bears Louisiana's 2%
// (0.50) on September 30 2016 and its 4% (1.00) from October 1 2016; in
// Salt Lake City a card of 40.00 bears Utah's 3.13% (1.252, 1.25) from
// January 1 2025 and none the day before, whose 3.7% Levy lacks a start
// for. A percentage is of the whole sale, whatever its count of
// transactions.
func TestCommsPrepaidPercentage(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	houston := &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	batonRouge := &wire.Location{City: "Baton Rouge", MainDivision: "LA", PostalCode: "70802", Country: "US"}
	saltLake := &wire.Location{City: "Salt Lake City", MainDivision: "UT", PostalCode: "84111", Country: "US"}
	for _, c := range []struct {
		name, date, amount, qty string
		loc                     *wire.Location
		state, want, rule       string
	}{
		{"Texas", "2026-02-15", "40.00", "1", houston, "US-TX", "0.80", "us-tx-prepaid-911-charge-2010-06-01"},
		{"Texas two cards", "2026-02-15", "40.00", "2", houston, "US-TX", "0.80", "us-tx-prepaid-911-charge-2010-06-01"},
		{"Texas first day", "2010-06-01", "40.00", "1", houston, "US-TX", "0.80", "us-tx-prepaid-911-charge-2010-06-01"},
		{"Texas day before", "2010-05-31", "40.00", "1", houston, "US-TX", "", ""},
		{"Louisiana 2%", "2016-09-30", "25.00", "1", batonRouge, "US-LA", "0.50", "us-la-prepaid-911-charge-2010-01-01"},
		{"Louisiana 4%", "2016-10-01", "25.00", "1", batonRouge, "US-LA", "1.00", "us-la-prepaid-911-charge-2016-10-01"},
		{"Utah 3.13%", "2025-01-01", "40.00", "1", saltLake, "US-UT", "1.25", "us-ut-prepaid-911-charge-2025-01-01"},
		{"Utah before 2025", "2024-12-31", "40.00", "1", saltLake, "US-UT", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp, err := e.Sale(ctx, prepaidSale(c.date, c.amount, c.qty, c.loc))
			if err != nil {
				t.Fatal(err)
			}
			l := resp.LineItems[0]
			charges := checkPrepaidOnly(t, l)
			missing := prepaidNotComputed(t, l, c.state)
			if c.want == "" {
				if len(charges) != 0 || missing != 1 {
					t.Errorf("before the charge: %+v, %d notes, want none and one tax-not-computed", charges, missing)
				}
				return
			}
			if len(charges) != 1 || missing != 0 {
				t.Fatalf("charges %+v, %d notes, want one charge", charges, missing)
			}
			x := charges[0]
			if x.CalculatedTax.String() != c.want || x.Taxable.String() != c.amount || x.Jurisdiction.JurisdictionID != c.state ||
				x.CalculationRuleID == nil || x.CalculationRuleID.Value != c.rule {
				t.Errorf("charge %s on %s in %s, rule %+v; want %s on %s, rule %s", x.CalculatedTax, x.Taxable, x.Jurisdiction.JurisdictionID,
					x.CalculationRuleID, c.want, c.amount, c.rule)
			}
		})
	}
}

// TestCommsPrepaidPerTransaction: three prepaid cards for 75.00 sold in
// Birmingham are three retail transactions, each bearing Alabama's
// prepaid wireless 911 charge of its date: $2.23 from 2024 (6.69), $1.86
// in 2023 (5.58), $0.70 on the first day of the charge, September 1 2012
// (2.10), and nothing the day before, which says so. The postpaid
// Alabama 911 fee on WIRELESS lines is not charged on them.
func TestCommsPrepaidPerTransaction(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	birmingham := &wire.Location{City: "Birmingham", MainDivision: "AL", PostalCode: "35203", Country: "US"}
	for _, c := range []struct{ date, want, rule string }{
		{"2026-02-15", "6.69", "us-al-prepaid-911-charge-2024-01-01"},
		{"2023-12-31", "5.58", "us-al-prepaid-911-charge-2019-01-01"},
		{"2012-09-01", "2.10", "us-al-prepaid-911-charge-2012-09-01"},
		{"2012-08-31", "", ""},
	} {
		resp, err := e.Sale(ctx, prepaidSale(c.date, "75.00", "3", birmingham))
		if err != nil {
			t.Fatal(err)
		}
		l := resp.LineItems[0]
		charges := checkPrepaidOnly(t, l)
		missing := prepaidNotComputed(t, l, "US-AL")
		if c.want == "" {
			if len(charges) != 0 || missing != 1 {
				t.Errorf("%s: %+v, %d notes, want no charge and one tax-not-computed", c.date, charges, missing)
			}
			continue
		}
		if len(charges) != 1 || missing != 0 {
			t.Fatalf("%s: charges %+v, %d notes", c.date, charges, missing)
		}
		x := charges[0]
		if x.CalculatedTax.String() != c.want || x.TaxStructure != wire.TaxStructureQuantity || x.Jurisdiction.JurisdictionID != "US-AL" ||
			x.CalculationRuleID == nil || x.CalculationRuleID.Value != c.rule {
			t.Errorf("%s: charge %s (%s) in %s, rule %+v; want %s, rule %s", c.date, x.CalculatedTax, x.TaxStructure,
				x.Jurisdiction.JurisdictionID, x.CalculationRuleID, c.want, c.rule)
		}
	}
	// A refund of one card is a credit of one transaction's charge.
	resp, err := e.Sale(ctx, prepaidSale("2026-02-15", "-25.00", "1", birmingham))
	if err != nil {
		t.Fatal(err)
	}
	if charges := checkPrepaidOnly(t, resp.LineItems[0]); len(charges) != 1 || charges[0].CalculatedTax.String() != "-2.23" {
		t.Errorf("refund of a card: %+v, want -2.23", charges)
	}
}

// TestCommsPrepaidPerTransactionStates: three prepaid cards for 75.00
// are three retail transactions, each bearing its state's charge of the
// sale's date, and a date outside the state's rows bears none and says
// so: Maryland's 60 cents from July 1 2013 (1.80), Virginia's 50 cents
// from January 1 2011 through June 30 2019 (1.50), Minnesota's 78 cents
// in 2014 and 2015 (2.34), and Connecticut's fee at PURA's amount of the
// fee's year: 67 cents from January 1 to June 30 2013 (2.01), 58 cents
// from July 2017 to June 2018 (1.74) and 73 cents from July 2024 to June
// 2025 (2.19); Washington's state 911 tax of 25 cents from January 1 2014
// (0.75), its county tax left out.
func TestCommsPrepaidPerTransactionStates(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	places := map[string]*wire.Location{
		"MD": {City: "Baltimore", MainDivision: "MD", PostalCode: "21202", Country: "US"},
		"VA": {City: "Richmond", MainDivision: "VA", PostalCode: "23219", Country: "US"},
		"MN": {City: "Minneapolis", MainDivision: "MN", PostalCode: "55401", Country: "US"},
		"CT": {City: "Hartford", MainDivision: "CT", PostalCode: "06103", Country: "US"},
		"WA": {City: "Seattle", MainDivision: "WA", PostalCode: "98104", Country: "US"},
	}
	for _, c := range []struct{ st, date, want, rule string }{
		{"MD", "2026-02-15", "1.80", "us-md-prepaid-911-charge-2013-07-01"},
		{"MD", "2013-07-01", "1.80", "us-md-prepaid-911-charge-2013-07-01"},
		{"MD", "2013-06-30", "", ""},
		{"VA", "2011-01-01", "1.50", "us-va-prepaid-911-charge-2011-01-01"},
		{"VA", "2019-06-30", "1.50", "us-va-prepaid-911-charge-2011-01-01"},
		{"VA", "2010-12-31", "", ""},
		{"VA", "2019-07-01", "", ""},
		{"MN", "2014-01-01", "2.34", "us-mn-prepaid-911-charge-2014-01-01"},
		{"MN", "2015-12-31", "2.34", "us-mn-prepaid-911-charge-2014-01-01"},
		{"MN", "2013-12-31", "", ""},
		{"MN", "2016-01-01", "", ""},
		{"CT", "2013-01-01", "2.01", "us-ct-prepaid-911-charge-2013-01-01"},
		{"CT", "2013-07-01", "", ""},
		{"CT", "2017-07-01", "1.74", "us-ct-prepaid-911-charge-2017-07-01"},
		{"CT", "2018-07-01", "", ""},
		{"CT", "2025-06-30", "2.19", "us-ct-prepaid-911-charge-2024-07-01"},
		{"CT", "2026-02-15", "", ""},
		{"WA", "2026-02-15", "0.75", "us-wa-prepaid-911-charge-2014-01-01"},
		{"WA", "2014-01-01", "0.75", "us-wa-prepaid-911-charge-2014-01-01"},
		{"WA", "2013-12-31", "", ""},
	} {
		l := func() wire.SaleResponseLineItem {
			resp, err := e.Sale(ctx, prepaidSale(c.date, "75.00", "3", places[c.st]))
			if err != nil {
				t.Fatal(err)
			}
			return resp.LineItems[0]
		}()
		charges := checkPrepaidOnly(t, l)
		missing := prepaidNotComputed(t, l, "US-"+c.st)
		if c.want == "" {
			if len(charges) != 0 || missing != 1 {
				t.Errorf("%s %s: %+v, %d notes, want no charge and one tax-not-computed", c.st, c.date, charges, missing)
			}
			continue
		}
		if len(charges) != 1 || missing != 0 {
			t.Errorf("%s %s: charges %+v, %d notes", c.st, c.date, charges, missing)
			continue
		}
		x := charges[0]
		if x.CalculatedTax.String() != c.want || x.TaxStructure != wire.TaxStructureQuantity || x.Jurisdiction.JurisdictionID != "US-"+c.st ||
			x.CalculationRuleID == nil || x.CalculationRuleID.Value != c.rule {
			t.Errorf("%s %s: charge %s (%s) in %s, rule %+v; want %s, rule %s", c.st, c.date, x.CalculatedTax, x.TaxStructure,
				x.Jurisdiction.JurisdictionID, x.CalculationRuleID, c.want, c.rule)
		}
	}
}

// TestCommsPrepaidLackingState: a prepaid card of 40.00 sold in Kansas
// City, Missouri, whose statewide prepaid charge places may opt out of
// and Levy leaves out, bears no communications tax and says so once,
// naming Missouri's prepaid charge, word for word.
func TestCommsPrepaidLackingState(t *testing.T) {
	e := testEngine(t)
	kc := &wire.Location{City: "Kansas City", MainDivision: "MO", PostalCode: "64106", Country: "US"}
	resp, err := e.Sale(context.Background(), prepaidSale("2026-02-15", "40.00", "1", kc))
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	if charges := checkPrepaidOnly(t, l); len(charges) != 0 {
		t.Errorf("a Missouri prepaid sale bears %+v", charges)
	}
	want := wire.AssistedParameter{ParamName: "lineItems[0].lineType.value", Phase: wire.PhasePost, RuleName: TaxNotComputedRule,
		OriginalValue: "PREPAID_WIRELESS", Value: "US-MO Prepaid Wireless 911 Charge on PREPAID_WIRELESS sales: Levy has no content for a " +
			"statewide prepaid wireless 911 charge of US-MO on 2026-02-15 (data/COMMUNICATIONS.md); Levy does not compute it"}
	var got []wire.AssistedParameter
	for _, p := range l.AssistedParameters {
		if p.RuleName == TaxNotComputedRule || p.RuleName == NotActedOnRule {
			got = append(got, p)
		}
	}
	if len(got) != 1 || got[0] != want {
		t.Errorf("parameters %+v\nwant %+v", got, want)
	}
}

// TestCommsPrepaidBuyerAccrual: a buyer's accrual of three prepaid
// cards bought for 75.00 in Birmingham accrues Alabama's prepaid charge,
// which the state imposes on the consumer, $2.23 a transaction (6.69),
// as collected from the buyer, and no USF.
func TestCommsPrepaidBuyerAccrual(t *testing.T) {
	e := testEngine(t)
	req := telecomPurchase(wire.PurchaseAccrual)
	req.LineItems[0].ExtendedPrice = amt("75.00")
	req.LineItems[0].Quantity = &wire.Measure{Value: amt("3")}
	req.LineItems[0].LineTypes = nil
	req.LineItems[0].LineType = &wire.LineType{Value: "PREPAID_WIRELESS"}
	resp, err := e.Purchase(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got := byImposition(resp.LineItems[0].Taxes)
	if len(got[usfImposition]) != 0 || len(got[e911Imposition]) != 0 {
		t.Errorf("the accrual bears the USF or a postpaid fee: %+v", resp.LineItems[0].Taxes)
	}
	if c := got[prepaidImposition]; len(c) != 1 || c[0].CalculatedTax.String() != "6.69" || c[0].TaxCollectedFromParty != wire.TaxCollectedFromBuyer {
		t.Errorf("accrued prepaid charge %+v, want 6.69 from the buyer", c)
	}
}

// TestExplainSourcePrepaid: a prepaid charge, per transaction (Alabama)
// or a percentage of the sale (Texas), names the embedded dataset, its
// version and the us-communications section of data/SOURCES.md, as the
// other communications taxes do.
func TestExplainSourcePrepaid(t *testing.T) {
	e := testEngine(t)
	want := wire.RateSource{Content: wire.RateSourceEmbedded, Version: data.Version, Source: commsSourceKey}
	for _, c := range []struct {
		name string
		loc  *wire.Location
		rule string
	}{
		{"alabama", &wire.Location{City: "Birmingham", MainDivision: "AL", PostalCode: "35203", Country: "US"}, "us-al-prepaid-911-charge-2024-01-01"},
		{"texas", &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}, "us-tx-prepaid-911-charge-2010-06-01"},
	} {
		_, ex := saleExplained(t, e, "prepaid-"+c.name, prepaidSale("2026-02-15", "40.00", "1", c.loc))
		seen := 0
		for _, x := range ex[0].Taxes {
			if x.RuleID == c.rule {
				seen++
				sameSource(t, x.RuleID, x.Source, want)
			}
		}
		if seen != 1 {
			t.Errorf("%s: %s explained %d times in %+v", c.name, c.rule, seen, ex[0].Taxes)
		}
	}
}
