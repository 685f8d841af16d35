package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// atlanta is a place in Atlanta, Georgia: Georgia 4%, Fulton County 3%
// and Atlanta 1.9% on general goods, 8.9% in all.
var atlanta = &wire.Location{City: "Atlanta", MainDivision: "GA", PostalCode: "30303", Country: "US"}

// accrual returns an accrual of general goods bought and used in
// Atlanta, one line per price.
func accrual(mt wire.PurchaseMessageType, charged string, prices ...string) *wire.PurchaseRequest {
	r := &wire.PurchaseRequest{PurchaseMessageType: mt, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-06-01"),
		Vendor:       &wire.Vendor{PhysicalOrigin: atlanta}, Buyer: &wire.Buyer{Destination: atlanta}}
	if charged != "" {
		r.ChargedTax = amt(charged)
	}
	for _, p := range prices {
		r.LineItems = append(r.LineItems, wire.PurchaseLineItem{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt(p)})
	}
	return r
}

// TestAccrualCreditsTheDocumentsChargedTax: the tax a vendor charged on
// the whole document (chargedTax of the request) is credited against the
// use tax an accrual calculates, as a line's own chargedTax is: the
// buyer accrues what the vendor did not charge. Figures by hand, in
// Atlanta at 4% + 3% + 1.9%: 1000.00 bears 40.00 + 30.00 + 19.00 = 89.00
// and 500.00 bears 20.00 + 15.00 + 9.50 = 44.50.
func TestAccrualCreditsTheDocumentsChargedTax(t *testing.T) {
	e := testEngine(t)
	withLineCharge := accrual(wire.PurchaseAccrual, "50.00", "1000.00")
	withLineCharge.LineItems[0].ChargedTax = amt("20.00")
	cases := []struct {
		name  string
		req   *wire.PurchaseRequest
		total string   // the document's accrued tax
		lines []string // each line's
		state string   // Georgia's tax on the first line
	}{
		// 89.00 - 20.00, taken off Georgia's 40.00 first.
		{"one line", accrual(wire.PurchaseAccrual, "20.00", "1000.00"), "69.00", []string{"69.00"}, "20.00"},
		{"accrual sync", accrual(wire.PurchaseAccrualSync, "20.00", "1000.00"), "69.00", []string{"69.00"}, "20.00"},
		// 26.70 over 89.00 and 44.50: 17.80 and 8.90.
		{"two lines in proportion to their tax", accrual(wire.PurchaseAccrual, "26.70", "1000.00", "500.00"), "106.80", []string{"71.20", "35.60"}, "22.20"},
		// 133.50 in all: one cent short of it leaves one cent to accrue.
		{"one cent short", accrual(wire.PurchaseAccrual, "133.49", "1000.00", "500.00"), "0.01", []string{"0.01", "0.00"}, "0.00"},
		{"all of it", accrual(wire.PurchaseAccrual, "133.50", "1000.00", "500.00"), "0.00", []string{"0.00", "0.00"}, "0.00"},
		{"more than all of it", accrual(wire.PurchaseAccrual, "200.00", "1000.00", "500.00"), "0.00", []string{"0.00", "0.00"}, "0.00"},
		{"nothing charged", accrual(wire.PurchaseAccrual, "0", "1000.00"), "89.00", []string{"89.00"}, "40.00"},
		{"no chargedTax", accrual(wire.PurchaseAccrual, "", "1000.00"), "89.00", []string{"89.00"}, "40.00"},
		// A line that names its own charged tax is credited with it,
		// and the document's is not credited again.
		{"a line's own charge", withLineCharge, "69.00", []string{"69.00"}, "20.00"},
	}
	for _, c := range cases {
		r, err := e.Purchase(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.TotalTax.String() != c.total {
			t.Errorf("%s: total tax %s, want %s", c.name, r.TotalTax, c.total)
		}
		for i, w := range c.lines {
			if got := r.LineItems[i].TotalTax.String(); got != w {
				t.Errorf("%s: line %d tax %s, want %s", c.name, i+1, got, w)
			}
		}
		if got := r.LineItems[0].Taxes[0]; got.Jurisdiction.JurisdictionID != "US-GA" || got.CalculatedTax.String() != c.state {
			t.Errorf("%s: first tax %s %s, want US-GA %s", c.name, got.Jurisdiction.JurisdictionID, got.CalculatedTax, c.state)
		}
	}
}
