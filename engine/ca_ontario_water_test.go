package engine

import "testing"

// TestOntarioBottledWaterRebateWithFood: a single serving of bottled
// water is one of the beverages of paragraph (j)(ii) of the definition
// of qualifying food and beverages in the federal Deduction for
// Provincial Rebate (GST/HST) Regulations, which O. Reg. 262/10 takes,
// so Ontario rebates its 8% part of the HST on it only when it is sold
// at the same time as qualifying food, and then it counts towards the
// same $4.00 limit on the total. A $1.50 water alone bears the whole
// 13% and says why; a $2.00 sandwich and a $1.50 water ($3.50) both
// bear the 5% GST alone; a $3.00 sandwich and a $1.50 water ($4.50)
// both bear 13%. Before, Levy charged 13% on the water in every case.
func TestOntarioBottledWaterRebateWithFood(t *testing.T) {
	const date, waterRule = "2026-06-01", "ca-on-bottled_water-hst-2025-02-16"
	checkDrinkBesideFood(t, "BOTTLED_WATER", "water", waterRule)
	water := onFoodLine{class: "BOTTLED_WATER", price: "1.50"}
	food := func(price string) onFoodLine { return onFoodLine{class: "PREPARED_FOOD", price: price} }

	// A soda is no companion: both are paragraph (j) beverages, and
	// neither counts without qualifying food (together they would be
	// $3.00, within the limit).
	ls := onFoodSale(t, date, water, onFoodLine{class: "SOFT_DRINKS", price: "1.50"})
	wantOntario(t, "a $1.50 water beside a $1.50 soda", ls[0], "0.12", waterRule)
	wantNoFoodSaid(t, "a $1.50 water beside a $1.50 soda", ls[0])
	wantOntario(t, "a $1.50 soda beside a $1.50 water", ls[1], "0.12", "ca-on-soft_drinks-hst-2025-02-16")

	// With food, the water and the soda count towards the one limit:
	// $1.50 + $1.50 + $1.50 = $4.50 is above it, for all three lines.
	soda := onFoodLine{class: "SOFT_DRINKS", price: "1.50"}
	ls = onFoodSale(t, date, food("1.50"), water, soda)
	for i := range ls {
		wantLimitSaid(t, "a $1.50 sandwich, water and soda", ls[i], DocumentLimitAboveRule, "4.50")
	}
	wantOntario(t, "a $1.50 water beside a $1.50 sandwich and soda", ls[1], "0.12", waterRule)
}

// TestOntarioBottledWaterRebateDates: the companion condition holds
// from the HST's first day; during the GST/HST break (December 14, 2024
// to February 15, 2025) the water bore no tax at all, with food or
// without.
func TestOntarioBottledWaterRebateDates(t *testing.T) {
	water := onFoodLine{class: "BOTTLED_WATER", price: "1.50"}
	food := onFoodLine{class: "PREPARED_FOOD", price: "2.00"}

	ls := onFoodSale(t, "2010-07-01", food, water)
	wantOntario(t, "a water with a sandwich on the HST's first day", ls[1], "EXEMPT", "ca-on-bottled_water-hst-2010-07-01")
	ls = onFoodSale(t, "2024-12-13", water)
	wantOntario(t, "a water alone the day before the break", ls[0], "0.12", "ca-on-bottled_water-hst-2010-07-01")
	wantNoFoodSaid(t, "a water alone the day before the break", ls[0])

	for _, lines := range [][]onFoodLine{{food, water}, {water}} {
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
