package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestReviewRounding2DocumentDiscountMixed spreads a document's amount
// discount over a document of sales and returns in Houston (8.25%). An
// amount off an invoice lowers its net by the whole amount (EN 16931's
// BR-CO-13: the total without VAT is the lines' net amounts less the
// document's allowances), so it is spread over the sales and the
// returns keep their refunds. By hand: a sale of 100.00 and a return of
// -100.00 with 10.00 off are 90.00 (tax 7.425, 7.43) and -100.00 (tax
// -8.25): subtotal -10.00, tax -0.82. Levy lowered both toward zero,
// 95.00 and -95.00, subtotal 0.00 and tax 0.00, as if there were no
// discount. Sales of 60.00 and 40.00 and a return of -50.00 with 10.00
// off are 54.00, 36.00 and -50.00 (subtotal 40.00, tax 4.46 + 2.97 -
// 4.13 = 3.30); it was 56.00, 37.33 and -46.67. An amount off beyond the
// sales (150.00 off a sale of 100.00 beside a return) is refused naming
// the discount's value. A return alone still has its refund lowered.
func TestReviewRounding2DocumentDiscountMixed(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	e := testEngine(t)
	calc := func(off string, prices ...string) (*wire.SaleResponse, error) {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-15"),
			Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: houston}, Customer: &wire.Customer{Destination: houston},
			Discount: &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: amt(off)}}
		for i, p := range prices {
			req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: string(rune('1' + i)), Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(p)})
		}
		return e.Sale(context.Background(), req)
	}
	cases := []struct {
		name, off string
		prices    []string
		exts      []string
		sub, tax  string
	}{
		{"a sale and its return", "10.00", []string{"100.00", "-100.00"}, []string{"90.00", "-100.00"}, "-10.00", "-0.82"},
		{"two sales and a return", "10.00", []string{"60.00", "40.00", "-50.00"}, []string{"54.00", "36.00", "-50.00"}, "40.00", "3.30"},
		{"a return alone", "20.00", []string{"-100.00"}, []string{"-80.00"}, "-80.00", "-6.60"},
		{"two returns", "30.00", []string{"-100.00", "-50.00"}, []string{"-80.00", "-40.00"}, "-120.00", "-9.90"},
	}
	for _, c := range cases {
		r, err := calc(c.off, c.prices...)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for i, want := range c.exts {
			if got := r.LineItems[i].ExtendedPrice.String(); got != want {
				t.Errorf("%s: line %d extended price %s, want %s", c.name, i+1, got, want)
			}
		}
		if r.SubTotal.String() != c.sub || r.TotalTax.String() != c.tax {
			t.Errorf("%s: subtotal %s tax %s, want %s and %s", c.name, r.SubTotal, r.TotalTax, c.sub, c.tax)
		}
	}
	r, err := calc("150.00", "100.00", "-100.00")
	if err == nil {
		t.Fatalf("150.00 off a sale of 100.00 beside a return: calculated, subtotal %s", r.SubTotal)
	}
	if got := invalidField(t, "150.00 off", err); got != "discount.discountValue" {
		t.Errorf("150.00 off: field %q, want discount.discountValue", got)
	}
}
