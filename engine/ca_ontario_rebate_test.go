package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// onFoodLine is one line of an Ontario food sale of the rebate tests:
// class, extended price, and optionally a quantity, a discount amount
// and a tax-included price.
type onFoodLine struct {
	class, price string
	qty          string
	discount     string
	included     bool
}

// onFoodSale sends a quotation in Canadian dollars of lines from a
// Toronto seller to a Toronto customer on date, asking for the assisted
// parameters, and returns the response's lines.
func onFoodSale(t *testing.T, date string, lines ...onFoodLine) []wire.SaleResponseLineItem {
	t.Helper()
	e := testEngine(t)
	items := make([]wire.SaleLineItem, len(lines))
	for i, l := range lines {
		items[i] = Line(string(rune('a'+i)), l.class, l.price)
		if l.qty != "" {
			items[i].Quantity = &wire.Measure{Value: Price(l.qty)}
		}
		if l.discount != "" {
			items[i].Discount = &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: Price(l.discount)}
		}
		items[i].TaxIncludedIndicator = l.included
	}
	q := Quotation(date, torontoSeller(), CustomerAt(toronto()), items...)
	q.Currency = CurrencyCode("CAD")
	q.ReturnAssistedParametersIndicator = true
	r, err := e.Sale(context.Background(), q)
	if err != nil {
		t.Fatalf("%v on %s: %v", lines, date, err)
	}
	return r.LineItems
}

// wantOntario checks a line's record of CA-ON: EXEMPT with nothing
// charged when tax is "EXEMPT", else TAXABLE charging tax; rule, when
// set, is the calculationRuleId the record must name.
func wantOntario(t *testing.T, what string, li wire.SaleResponseLineItem, tax, rule string) {
	t.Helper()
	x := taxOf(t, li.Taxes, "CA-ON")
	if tax == "EXEMPT" {
		if x.TaxResult != wire.TaxResultExempt || !x.CalculatedTax.IsZero() {
			t.Errorf("%s: CA-ON is %s, tax %s; want EXEMPT, 0.00", what, x.TaxResult, x.CalculatedTax)
		}
	} else if x.TaxResult != wire.TaxResultTaxable || x.CalculatedTax.String() != tax {
		t.Errorf("%s: CA-ON is %s, tax %s; want TAXABLE, %s", what, x.TaxResult, x.CalculatedTax, tax)
	}
	if rule != "" && (x.CalculationRuleID == nil || x.CalculationRuleID.Value != rule) {
		t.Errorf("%s: CA-ON's rule is %v, want %s", what, x.CalculationRuleID, rule)
	}
}

// wantLimitSaid checks that the line's assisted parameters say what the
// limit on the document's total decided (rule DocumentLimitWithinRule or
// DocumentLimitAboveRule), with the total weighed.
func wantLimitSaid(t *testing.T, what string, li wire.SaleResponseLineItem, rule, total string) {
	t.Helper()
	for _, p := range li.AssistedParameters {
		if p.RuleName == DocumentLimitWithinRule || p.RuleName == DocumentLimitAboveRule {
			if p.RuleName != rule || !strings.Contains(p.Value, "CAD "+total) || !strings.Contains(p.Value, "CAD 4.00") {
				t.Errorf("%s: assisted parameter %s %q; want %s weighing CAD %s against CAD 4.00", what, p.RuleName, p.Value, rule, total)
			}
			return
		}
	}
	t.Errorf("%s: no assisted parameter says what the limit on the document's total decided (want %s); have %+v", what, rule, li.AssistedParameters)
}

// TestOntarioPreparedFoodRebate: Ontario rebates its 8% part of the HST
// at the point of sale on qualifying prepared food and beverages when
// their total on the sale is $4.00 or less (O. Reg. 262/10 under the
// Retail Sales Tax Act, section 51; CRA GST/HST Info Sheet GI-064): a
// $2.50 coffee in Toronto bears the GST part (5%) alone. The limit is on
// the total of the qualifying items sold together, not on an item: two
// $2.50 items are $5.00 and both bear the whole HST, and three items of
// $1.50 on one line are $4.50. Other goods of the sale neither count
// nor change: a $10 book keeps its own rebate beside a $3.50 sandwich,
// whose rebate still applies, and a $10 general item bears the whole
// HST. Before, Levy charged the whole 13% on all of them.
func TestOntarioPreparedFoodRebate(t *testing.T) {
	const date, rule, x = "2026-06-01", "ca-on-prepared_food-hst-2025-02-16", "EXEMPT"
	food := func(price string) onFoodLine { return onFoodLine{class: "PREPARED_FOOD", price: price} }

	ls := onFoodSale(t, date, food("2.50"))
	wantCharged(t, "a $2.50 coffee", ls[0].Taxes, "CA", "0.13")
	wantOntario(t, "a $2.50 coffee", ls[0], x, rule)
	wantLimitSaid(t, "a $2.50 coffee", ls[0], DocumentLimitWithinRule, "2.50")

	ls = onFoodSale(t, date, food("2.50"), food("2.50"))
	for i := range ls {
		wantCharged(t, "two $2.50 items", ls[i].Taxes, "CA", "0.13")
		wantOntario(t, "two $2.50 items", ls[i], "0.20", rule)
		wantLimitSaid(t, "two $2.50 items", ls[i], DocumentLimitAboveRule, "5.00")
	}

	ls = onFoodSale(t, date, food("3.50"), onFoodLine{class: "BOOKS", price: "10.00"})
	wantOntario(t, "a $3.50 sandwich beside a $10 book", ls[0], x, rule)
	wantLimitSaid(t, "a $3.50 sandwich beside a $10 book", ls[0], DocumentLimitWithinRule, "3.50")
	wantOntario(t, "a $10 book beside a $3.50 sandwich", ls[1], x, "ca-on-books-hst-2010-07-01")
	wantCharged(t, "a $10 book beside a $3.50 sandwich", ls[1].Taxes, "CA", "0.50")

	ls = onFoodSale(t, date, food("3.50"), onFoodLine{class: "GENERAL", price: "10.00"})
	wantOntario(t, "a $3.50 sandwich beside a $10 mug", ls[0], x, rule)
	wantOntario(t, "a $10 mug beside a $3.50 sandwich", ls[1], "0.80", "")

	// Quantity times unit price: three $1.50 muffins on one line are
	// $4.50, above the limit, though each is below it; two $1.75 are
	// $3.50.
	ls = onFoodSale(t, date, onFoodLine{class: "PREPARED_FOOD", price: "4.50", qty: "3"})
	wantOntario(t, "three $1.50 muffins", ls[0], "0.36", rule)
	wantLimitSaid(t, "three $1.50 muffins", ls[0], DocumentLimitAboveRule, "4.50")
	ls = onFoodSale(t, date, onFoodLine{class: "PREPARED_FOOD", price: "3.50", qty: "2"})
	wantOntario(t, "two $1.75 muffins", ls[0], x, rule)
}

// TestOntarioPreparedFoodRebatePrice: what the limit weighs is the price
// of the food sold together, before tax: after a discount ($5.00 less
// $1.00 is $4.00, at the limit, which is "$4.00 or less"), and a
// tax-included price net of the GST it includes when the rebate applies
// ($4.20 with 5% in it is $4.00; $4.50 is $4.29 with 5% in it, above the
// limit, and bears the whole HST: 4.50 / 1.13 = 3.98, 8% of which is
// 0.32). A return is weighed by its size.
func TestOntarioPreparedFoodRebatePrice(t *testing.T) {
	const date, rule, x = "2026-06-01", "ca-on-prepared_food-hst-2025-02-16", "EXEMPT"
	ls := onFoodSale(t, date, onFoodLine{class: "PREPARED_FOOD", price: "5.00", discount: "1.00"})
	wantOntario(t, "a $5.00 lunch less $1.00", ls[0], x, rule)
	wantLimitSaid(t, "a $5.00 lunch less $1.00", ls[0], DocumentLimitWithinRule, "4.00")
	ls = onFoodSale(t, date, onFoodLine{class: "PREPARED_FOOD", price: "5.00", discount: "0.99"})
	wantOntario(t, "a $5.00 lunch less $0.99", ls[0], "0.32", rule)

	// A return is weighed by its size: the return of a $2.50 coffee
	// credits the GST part alone, as its sale bore.
	ls = onFoodSale(t, date, onFoodLine{class: "PREPARED_FOOD", price: "-2.50"})
	wantOntario(t, "the return of a $2.50 coffee", ls[0], x, rule)
	wantCharged(t, "the return of a $2.50 coffee", ls[0].Taxes, "CA", "-0.13")

	ls = onFoodSale(t, date, onFoodLine{class: "PREPARED_FOOD", price: "4.20", included: true})
	wantOntario(t, "a $4.20 tax-included lunch", ls[0], x, rule)
	wantCharged(t, "a $4.20 tax-included lunch", ls[0].Taxes, "CA", "0.20")
	wantLimitSaid(t, "a $4.20 tax-included lunch", ls[0], DocumentLimitWithinRule, "4.00")
	ls = onFoodSale(t, date, onFoodLine{class: "PREPARED_FOOD", price: "4.50", included: true})
	wantOntario(t, "a $4.50 tax-included lunch", ls[0], "0.32", rule)
	wantLimitSaid(t, "a $4.50 tax-included lunch", ls[0], DocumentLimitAboveRule, "4.29")
}

// TestOntarioPreparedFoodRebateDates: the rebate starts with Ontario's
// HST on July 1, 2010. The day before, the Retail Sales Tax Act exempted
// prepared food sold for a total of $4.00 or less, with the same limit
// on the sale's total (RST Guide 300): a $2.50 coffee bore the GST
// alone and two of them bore the RST of 8% as well. During the GST/HST
// break (December 14, 2024 to February 15, 2025) the whole HST was
// zero-rated on such food, whatever its price.
func TestOntarioPreparedFoodRebateDates(t *testing.T) {
	const x = "EXEMPT"
	food := onFoodLine{class: "PREPARED_FOOD", price: "2.50"}

	ls := onFoodSale(t, "2010-07-01", food)
	wantOntario(t, "a $2.50 coffee on the HST's first day", ls[0], x, "ca-on-prepared_food-hst-2010-07-01")
	ls = onFoodSale(t, "2010-07-01", food, food)
	wantOntario(t, "two $2.50 coffees on the HST's first day", ls[0], "0.20", "ca-on-prepared_food-hst-2010-07-01")

	ls = onFoodSale(t, "2010-06-30", food)
	wantOntario(t, "a $2.50 coffee the day before the HST", ls[0], x, "ca-on-prepared_food")
	wantCharged(t, "a $2.50 coffee the day before the HST", ls[0].Taxes, "CA", "0.13")
	ls = onFoodSale(t, "2010-06-30", food, food)
	wantOntario(t, "two $2.50 coffees the day before the HST", ls[1], "0.20", "ca-on-prepared_food")
	wantLimitSaid(t, "two $2.50 coffees the day before the HST", ls[1], DocumentLimitAboveRule, "5.00")

	ls = onFoodSale(t, "2025-01-10", onFoodLine{class: "PREPARED_FOOD", price: "12.00"})
	wantOntario(t, "a $12 meal in the GST/HST break", ls[0], x, "ca-on-prepared_food-hst-2024-12-14")
}

// BenchmarkOntarioPreparedFoodDocument compares a Toronto document of 50
// prepared food lines, whose limit on the total weighs every line once
// more, with one of 50 general lines: run with -bench OntarioPrepared
// and compare the two in one run.
func BenchmarkOntarioPreparedFoodDocument(b *testing.B) {
	e := testEngine(b)
	for _, class := range []string{"GENERAL", "PREPARED_FOOD"} {
		items := make([]wire.SaleLineItem, 50)
		for i := range items {
			items[i] = Line(string(rune('A'+i)), class, "1.25")
		}
		q := Quotation("2026-06-01", torontoSeller(), CustomerAt(toronto()), items...)
		q.Currency = CurrencyCode("CAD")
		b.Run(class, func(b *testing.B) {
			for b.Loop() {
				if _, err := e.Sale(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
