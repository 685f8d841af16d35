package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// portland is a place in Portland, Oregon, which has no sales or use tax:
// a purchase used there bears none.
var portland = &wire.Location{City: "Portland", MainDivision: "OR", PostalCode: "97201", Country: "US"}

// TestCreditsOnLinesWithoutTax: a credit (a sale's previousTaxPaid, an
// accrual's chargedTax) on a line that bears no tax has the sign of the
// line's amount, as one on a taxed line has the sign of its tax: a
// negative credit on a purchase or sale, or a positive one on a return,
// is refused naming its member. Before, each credited nothing and the
// request was answered as if the member had not been sent. A vendor's
// refund on a credit memo of an untaxed purchase, and tax charged on
// one (an overcharge), still accrue nothing.
func TestCreditsOnLinesWithoutTax(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	inOregon := func(charged string, prices ...string) *wire.PurchaseRequest {
		r := accrual(wire.PurchaseAccrual, charged, prices...)
		r.Vendor.PhysicalOrigin, r.Buyer.Destination = portland, portland
		return r
	}
	for _, c := range []struct {
		name, field string
		run         func() error
	}{
		{"negative line charge on an untaxed purchase", "lineItems[0].chargedTax", func() error {
			p := inOregon("", "1000.00")
			p.LineItems[0].ChargedTax = amt("-20.00")
			_, err := e.Purchase(ctx, p)
			return err
		}},
		{"negative document charge on an untaxed purchase", "chargedTax", func() error {
			_, err := e.Purchase(ctx, inOregon("-20.00", "1000.00", "500.00"))
			return err
		}},
		{"positive document charge on an untaxed credit memo", "chargedTax", func() error {
			_, err := e.Purchase(ctx, inOregon("20.00", "-1000.00"))
			return err
		}},
		{"negative previous tax paid on an untaxed sale", "lineItems[0].previousTaxPaid", func() error {
			s := usSale("", "Portland", "OR", "97201", "GENERAL", "1000.00")
			s.LineItems[0].PreviousTaxPaid = amt("-20.00")
			_, err := e.Sale(ctx, s)
			return err
		}},
		{"positive previous tax paid on an untaxed return", "lineItems[0].previousTaxPaid", func() error {
			s := usSale("", "Portland", "OR", "97201", "GENERAL", "-1000.00")
			s.LineItems[0].PreviousTaxPaid = amt("20.00")
			_, err := e.Sale(ctx, s)
			return err
		}},
	} {
		err := c.run()
		if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), c.field+":") {
			t.Errorf("%s: error %v, want invalid naming %s", c.name, err, c.field)
		}
	}
	for _, c := range []struct {
		name string
		req  *wire.PurchaseRequest
	}{
		{"a refund on an untaxed credit memo", inOregon("-20.00", "-1000.00")},
		{"a charge on an untaxed purchase", inOregon("20.00", "1000.00")},
	} {
		r, err := e.Purchase(ctx, c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.TotalTax.String() != "0.00" {
			t.Errorf("%s: total tax %s, want 0.00", c.name, r.TotalTax)
		}
	}
}

// TestVendorTaxInCurrencyUnits: the vendor's tax and tax paid elsewhere
// are taken to the currency's minor units, half up, before they are
// credited or compared, so that no tax and no variance carries decimals
// the currency lacks (a client's binary floating point sends 26.704999
// for 26.705). Before, an accrual shared 26.704999 over two lines to six
// decimals and a verification's variance kept them. Figures by hand in
// Atlanta at 8.9%: 1000.00 bears 89.00 and 500.00 bears 44.50.
func TestVendorTaxInCurrencyUnits(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()

	// 26.704999 is 26.70: 17.80 and 8.90 over 89.00 and 44.50.
	r, err := e.Purchase(ctx, accrual(wire.PurchaseAccrual, "26.704999", "1000.00", "500.00"))
	if err != nil {
		t.Fatal(err)
	}
	if r.TotalTax.String() != "106.80" || r.LineItems[0].TotalTax.String() != "71.20" || r.LineItems[1].TotalTax.String() != "35.60" {
		t.Errorf("document charge 26.704999: total %s, lines %s and %s, want 106.80, 71.20 and 35.60",
			r.TotalTax, r.LineItems[0].TotalTax, r.LineItems[1].TotalTax)
	}

	// 20.005 is 20.01, half up: 89.00 - 20.01 = 68.99.
	p := accrual(wire.PurchaseAccrual, "", "1000.00")
	p.LineItems[0].ChargedTax = amt("20.005")
	if r, err = e.Purchase(ctx, p); err != nil {
		t.Fatal(err)
	}
	if r.TotalTax.String() != "68.99" {
		t.Errorf("line charge 20.005: total tax %s, want 68.99", r.TotalTax)
	}

	// 90.123456 is 90.12: a variance of 90.12 - 89.00 = 1.12, on the
	// line and on the document.
	v := accrual(wire.PurchaseInvoiceVerification, "90.123456", "1000.00")
	v.LineItems[0].ChargedTax = amt("90.123456")
	if r, err = e.Purchase(ctx, v); err != nil {
		t.Fatal(err)
	}
	if r.Variance == nil || r.Variance.String() != "1.12" || r.LineItems[0].Variance == nil || r.LineItems[0].Variance.String() != "1.12" {
		t.Errorf("verification of 90.123456: variance %v, line variance %v, want 1.12 both", r.Variance, r.LineItems[0].Variance)
	}

	// Tax paid elsewhere on a sale: 20.004 is 20.00, 89.00 - 20.00 = 69.00.
	s := usSale("", "Atlanta", "GA", "30303", "GENERAL", "1000.00")
	s.LineItems[0].PreviousTaxPaid = amt("20.004")
	sr, err := e.Sale(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	if sr.TotalTax.String() != "69.00" {
		t.Errorf("previous tax paid 20.004: total tax %s, want 69.00", sr.TotalTax)
	}
}
