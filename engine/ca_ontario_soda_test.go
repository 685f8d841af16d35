package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// wantNoFoodSaid checks that a soft drink's line says, in an assisted
// parameter of rule DocumentLimitWithoutRule, that it was not rebated
// for want of qualifying food on the document.
func wantNoFoodSaid(t *testing.T, what string, li wire.SaleResponseLineItem) {
	t.Helper()
	for _, p := range li.AssistedParameters {
		if p.RuleName == DocumentLimitWithoutRule {
			if !strings.Contains(p.Value, "no qualifying food on the document") || !strings.Contains(p.Value, "PREPARED_FOOD") {
				t.Errorf("%s: assisted parameter %s %q; want it to say there is no qualifying food (PREPARED_FOOD) on the document", what, p.RuleName, p.Value)
			}
			return
		}
	}
	t.Errorf("%s: no assisted parameter of rule %s; have %+v", what, DocumentLimitWithoutRule, li.AssistedParameters)
}

// checkDrinkBesideFood checks a $1.50 drink of class (one of paragraph
// (j)'s beverages, rule drinkRule) on 2026-06-01 in Toronto: alone it
// bears the whole 13% and says it had no qualifying food beside it;
// beside a $2.00 sandwich ($3.50) both are rebated to the 5% GST; beside
// a $3.00 sandwich ($4.50) both bear 13%. Each line says the total.
func checkDrinkBesideFood(t *testing.T, class, name, drinkRule string) {
	t.Helper()
	const date, x = "2026-06-01", "EXEMPT"
	const foodRule = "ca-on-prepared_food-hst-2025-02-16"
	drink := onFoodLine{class: class, price: "1.50"}
	food := func(price string) onFoodLine { return onFoodLine{class: "PREPARED_FOOD", price: price} }
	alone := "a $1.50 " + name + " alone"
	ls := onFoodSale(t, date, drink)
	wantCharged(t, alone, ls[0].Taxes, "CA", "0.08")
	wantOntario(t, alone, ls[0], "0.12", drinkRule)
	wantNoFoodSaid(t, alone, ls[0])

	for _, c := range []struct{ food, ontario, foodTax, limit, total string }{
		{"2.00", x, x, DocumentLimitWithinRule, "3.50"},
		{"3.00", "0.12", "0.24", DocumentLimitAboveRule, "4.50"},
	} {
		sandwich := "a $" + c.food + " sandwich beside a $1.50 " + name
		beside := "a $1.50 " + name + " beside a $" + c.food + " sandwich"
		ls = onFoodSale(t, date, food(c.food), drink)
		wantOntario(t, sandwich, ls[0], c.foodTax, foodRule)
		wantLimitSaid(t, sandwich, ls[0], c.limit, c.total)
		wantOntario(t, beside, ls[1], c.ontario, drinkRule)
		if c.ontario == x {
			wantCharged(t, beside, ls[1].Taxes, "CA", "0.08")
		}
		wantLimitSaid(t, beside, ls[1], c.limit, c.total)
	}
}

// TestOntarioSoftDrinkRebateWithFood: Ontario rebates its 8% part of the
// HST on a carbonated soft drink only when it is sold at the same time
// as qualifying prepared food, and then the drink counts towards the
// same $4.00 limit on the total (paragraph (j) of the definition of
// qualifying food and beverages in the federal Deduction for Provincial
// Rebate (GST/HST) Regulations, which O. Reg. 262/10 takes; CRA
// GST/HST Info Sheet GI-064). A $1.50 soda alone bears the whole 13%
// and says why; a $2.00 sandwich and a $1.50 soda ($3.50) both bear the
// 5% GST alone; a $3.00 sandwich and a $1.50 soda ($4.50) both bear the
// whole 13%. Before, Levy charged 13% on the soda in every case, and
// weighed the sandwich alone ($3.00, rebated beside a $1.50 soda).
func TestOntarioSoftDrinkRebateWithFood(t *testing.T) {
	const date, x = "2026-06-01", "EXEMPT"
	const foodRule, sodaRule = "ca-on-prepared_food-hst-2025-02-16", "ca-on-soft_drinks-hst-2025-02-16"
	checkDrinkBesideFood(t, "SOFT_DRINKS", "soda", sodaRule)
	soda := onFoodLine{class: "SOFT_DRINKS", price: "1.50"}
	food := func(price string) onFoodLine { return onFoodLine{class: "PREPARED_FOOD", price: price} }

	// The order of the lines does not matter: the soda first.
	ls := onFoodSale(t, date, soda, food("2.00"))
	wantOntario(t, "a $1.50 soda before a $2.00 sandwich", ls[0], x, sodaRule)
	wantOntario(t, "a $2.00 sandwich after a $1.50 soda", ls[1], x, foodRule)

	// Two sodas without food: neither counts, and each bears 13%
	// (together they would be $3.00, within the limit).
	ls = onFoodSale(t, date, soda, soda)
	for i := range ls {
		wantOntario(t, "two $1.50 sodas", ls[i], "0.12", sodaRule)
		wantNoFoodSaid(t, "two $1.50 sodas", ls[i])
	}

	// A soda beside goods that are not qualifying food (a book) still
	// has no companion.
	ls = onFoodSale(t, date, soda, onFoodLine{class: "BOOKS", price: "2.00"})
	wantOntario(t, "a $1.50 soda beside a $2 book", ls[0], "0.12", sodaRule)
	wantNoFoodSaid(t, "a $1.50 soda beside a $2 book", ls[0])
}

// TestOntarioSoftDrinkExplained: the explanation of a soda's Ontario
// tax says why it was not rebated.
func TestOntarioSoftDrinkExplained(t *testing.T) {
	e := testEngine(t)
	q := Quotation("2026-06-01", torontoSeller(), CustomerAt(toronto()), Line("a", "SOFT_DRINKS", "1.50"))
	q.Currency = CurrencyCode("CAD")
	_, ex, err := e.ExplainSale(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ex {
		for _, x := range l.Taxes {
			if x.JurisdictionID == "CA-ON" {
				if !strings.Contains(x.Reason, "no qualifying food on the document") {
					t.Errorf("the soda's CA-ON reason %q does not say that there is no qualifying food on the document", x.Reason)
				}
				return
			}
		}
	}
	t.Errorf("no CA-ON tax explained: %+v", ex)
}

// TestOntarioSoftDrinkRebateDates: the companion condition holds from
// the HST's first day, and before it under the Retail Sales Tax's
// exemption of prepared food of $4.00 or less, which reached soft drinks
// sold with such food (RST Guide 300). During the GST/HST break
// (December 14, 2024 to February 15, 2025) neither the sandwich nor the
// soda bore any tax at all, with food or without.
func TestOntarioSoftDrinkRebateDates(t *testing.T) {
	const x = "EXEMPT"
	soda := onFoodLine{class: "SOFT_DRINKS", price: "1.50"}
	food := onFoodLine{class: "PREPARED_FOOD", price: "2.00"}

	ls := onFoodSale(t, "2010-07-01", food, soda)
	wantOntario(t, "a soda with a sandwich on the HST's first day", ls[1], x, "ca-on-soft_drinks-hst-2010-07-01")
	ls = onFoodSale(t, "2010-07-01", soda)
	wantOntario(t, "a soda alone on the HST's first day", ls[0], "0.12", "ca-on-soft_drinks-hst-2010-07-01")

	ls = onFoodSale(t, "2010-06-30", food, soda)
	wantOntario(t, "a soda with a sandwich the day before the HST", ls[1], x, "ca-on-soft_drinks")
	ls = onFoodSale(t, "2010-06-30", soda)
	wantOntario(t, "a soda alone the day before the HST", ls[0], "0.12", "ca-on-soft_drinks")
	wantNoFoodSaid(t, "a soda alone the day before the HST", ls[0])

	for _, lines := range [][]onFoodLine{{food, soda}, {soda}} {
		ls = onFoodSale(t, "2025-01-10", lines...)
		for i, li := range ls {
			for _, id := range []string{"CA", "CA-ON"} {
				if tx := taxOf(t, li.Taxes, id); !tx.CalculatedTax.IsZero() {
					t.Errorf("%v in the GST/HST break: line %d charges %s of %s; want no tax at all", lines, i, tx.CalculatedTax, id)
				}
			}
		}
	}
}
