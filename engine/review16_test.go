package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestDistributeTaxWeighsTheLinesPrice distributes the tax an invoice
// charged on clothing that a per-item threshold taxes only above a
// price. DISTRIBUTE_TAX learns which taxes reach the line from the
// line's own amount, not from a unit amount of 1.00, which every such
// threshold exempts. By hand:
//
//   - Boston, a coat of 3,000.00 on 2026-08-07 (Massachusetts's first
//     $175 of a garment exempt all year, M.G.L. c. 64H section 6(k)) and
//     on 2026-08-08, the holiday, whose $2,500 cap leaves the coat to the
//     year-round rule: (3,000.00 - 175.00) x 6.25% = 176.5625, charged
//     176.56; all of it is the state's, on a base of 176.56 / 6.25% =
//     2,824.96.
//   - Manhattan, a shirt of 150.00 (New York exempts clothing under
//     $110, 4% state, 4.5% city, 0.375% MCTD): 13.31 charged, spread by
//     rate over 8.875%: 13.31 x 4 / 8.875 = 5.999, 6.00; x 4.5 / 8.875 =
//     6.749, 6.75; x 0.375 / 8.875 = 0.562, 0.56.
//   - the same coat bought, a purchase's DISTRIBUTE_TAX: 176.56 to the
//     state.
//
// Before, each was refused: "no taxable jurisdiction with a rate applies
// to this line".
func TestDistributeTaxWeighsTheLinesPrice(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		what, street, city, state, zip, day, price, input string
		want                                              map[string]string
	}{
		{"a coat the day before the holiday", "1 City Hall Sq", "Boston", "MA", "02201", "2026-08-07", "3000.00", "176.56",
			map[string]string{"US-MA": "176.56"}},
		{"a coat above the holiday's cap", "1 City Hall Sq", "Boston", "MA", "02201", "2026-08-08", "3000.00", "176.56",
			map[string]string{"US-MA": "176.56"}},
		{"a shirt of 150.00 in Manhattan", "1 Main St", "New York", "NY", "10001", "2026-06-01", "150.00", "13.31",
			map[string]string{"US-NY": "6.00", "US-3651000": "6.75", "US-NY-D-MCTD": "0.56"}},
	} {
		req := usSale(c.street, c.city, c.state, c.zip, "CLOTHING", c.price)
		req.SaleMessageType = wire.SaleDistributeTax
		req.DocumentDate = civil.MustParse(c.day)
		req.LineItems[0].InputTotalTax = amt(c.input)
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Errorf("%s: %v", c.what, err)
			continue
		}
		if got := resp.TotalTax.String(); got != c.input {
			t.Errorf("%s: total tax %s, want %s", c.what, got, c.input)
		}
		for id, tax := range c.want {
			if x := taxOf(t, resp.LineItems[0].Taxes, id); x.CalculatedTax.String() != tax {
				t.Errorf("%s: %s bears %s, want %s", c.what, id, x.CalculatedTax, tax)
			}
		}
		if c.state == "MA" {
			if x := taxOf(t, resp.LineItems[0].Taxes, "US-MA"); x.Taxable.String() != "2824.96" {
				t.Errorf("%s: the state's taxable %s, want 2824.96", c.what, x.Taxable)
			}
		}
	}
	boston := &wire.Location{StreetAddress1: "1 City Hall Sq", City: "Boston", MainDivision: "MA", PostalCode: "02201", Country: "US"}
	preq := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseDistributeTax, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-08-07"), Vendor: &wire.Vendor{PhysicalOrigin: boston}, Buyer: &wire.Buyer{Destination: boston},
		LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "CLOTHING"}, ExtendedPrice: amt("3000.00"), InputTotalTax: amt("176.56")}}}
	presp, err := e.Purchase(ctx, preq)
	if err != nil {
		t.Fatalf("the coat bought: %v", err)
	}
	if x := taxOf(t, presp.LineItems[0].Taxes, "US-MA"); x.CalculatedTax.String() != "176.56" {
		t.Errorf("the coat bought: US-MA bears %s, want 176.56", x.CalculatedTax)
	}
}
