package wire

import (
	"strconv"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
)

// linesSale returns a valid QUOTATION of n lines.
func linesSale(n int) *SaleRequest {
	two, price := money.MustParse("2"), money.MustParse("19.99")
	r := &SaleRequest{SaleMessageType: SaleQuotation, TransactionType: TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"),
		Seller:       &Seller{Company: "ACME", PhysicalOrigin: &Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
		Customer: &Customer{Destination: &Location{StreetAddress1: "200 N Spring St", City: "Los Angeles",
			MainDivision: "CA", PostalCode: "90012", Country: "US"}}}
	for i := range n {
		r.LineItems = append(r.LineItems, SaleLineItem{LineItemID: strconv.Itoa(i + 1),
			Product: &Product{ProductClass: "GENERAL"}, Quantity: &Measure{Value: &two}, UnitPrice: &price})
	}
	return r
}

// TestValidateAllocsPerLine: validating a valid request of 100 lines
// takes no more allocations than one of a line, give or take a few: the
// paths of its lines are made together. Each line's path took two
// allocations of its own before, 198 more for 100 lines.
func TestValidateAllocsPerLine(t *testing.T) {
	allocs := func(n int) float64 {
		r := linesSale(n)
		return testing.AllocsPerRun(50, func() {
			if err := r.Validate(); err != nil {
				t.Fatal(err)
			}
		})
	}
	one, hundred := allocs(1), allocs(100)
	if hundred-one > 10 {
		t.Errorf("validating 100 lines takes %.0f allocations, one line %.0f: %.0f more", hundred, one, hundred-one)
	}
}
