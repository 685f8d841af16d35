package nexus_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// TestFiguresBeyondInt64AreHeldNotWrapped: a transaction's figure
// counts at most 10^12 dollars an amount, and a thousand such sales
// into one state on one day add up to more than an int64 of
// ten-thousandths holds. Such a day's figure, and a period's sum of
// days that each hold less, are held at the largest amount instead of
// wrapping: the memory and Badger journals reported Texas as none with
// sales of USD -844,674,407,370,955.16, and PostgreSQL refused the posts
// from the one that took the day's row past its bigint ("bigint out of
// range"), so that the sales could not be stored. Every journal stores
// them, and the report says exceeded with the same sales.
func TestFiguresBeyondInt64AreHeldNotWrapped(t *testing.T) {
	// 1,000 sales of USD 10^12 on one day and 500 on the next, in units
	// of 100; one of the second day's reversed.
	const units, each, firstDay = 15, 100, 10
	ctx := context.Background()
	held := money.New(journal.UnitsOf(math.MaxInt64).Round(2))
	day := func(u int) civil.Date {
		if u < firstDay {
			return civil.MustParse("2026-02-02")
		}
		return civil.MustParse("2026-02-03")
	}
	for name, open := range journalStores(true) {
		t.Run(name, func(t *testing.T) {
			j := open(t)
			for u := range units {
				txs := make([]*journal.Transaction, each)
				for i := range txs {
					a := money.MustParse("1000000000000.00")
					txs[i] = &journal.Transaction{TransactionID: fmt.Sprintf("S%d-%d", u, i), Perspective: "SELLER", MessageType: "INVOICE",
						DocumentDate: day(u), Currency: "USD", SubTotal: a, Total: a,
						Lines: []journal.Line{{LineItemID: "1", Destination: "US-TX", Amount: a,
							Taxes: []journal.Tax{{JurisdictionID: "US-TX", Taxable: a}}}}}
				}
				if _, err := j.PostAll(ctx, "acme", txs); err != nil {
					t.Fatalf("unit %d: %v", u, err)
				}
			}
			// The reversal of a sale of the second day, on that day, takes
			// it back exactly: the figures within the bound are exact.
			if _, err := j.Reverse(ctx, "acme", fmt.Sprintf("S%d-0", firstDay), journal.Reversal{TransactionID: "R", PostingDate: day(firstDay)}); err != nil {
				t.Fatal(err)
			}
			rep, err := nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
			if err != nil {
				t.Fatal(err)
			}
			r := row(t, rep, "", "TX")
			if r.Status != nexus.StatusExceeded || !r.Sales.Equal(held) || r.Transactions != units*each-1 {
				t.Errorf("Texas after 1,500 sales of USD 10^12 and a reversal: %s, %s in %d transactions; want exceeded, %s in %d",
					r.Status, r.Sales, r.Transactions, held, units*each-1)
			}
			figs, err := j.Figures(ctx, "acme", civil.Date{}, civil.Date{})
			if err != nil {
				t.Fatal(err)
			}
			second := int64((units-firstDay)*each-1) * 1_000_000_000_000 * journal.UnitsPerCurrencyUnit
			if len(figs) != 2 || figs[0].Direct.Gross != math.MaxInt64 || figs[0].Direct.Taxable != math.MaxInt64 ||
				figs[1].Direct.Gross != second || figs[1].Direct.Count != (units-firstDay)*each-1 {
				t.Errorf("the days' figures = %+v; want gross and taxable held at %d on the first, %d on the second", figs, int64(math.MaxInt64), second)
			}
		})
	}
}
