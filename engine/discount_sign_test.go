package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// invalidField returns the field of the one EInvalid error of a refused
// calculation, whether it came alone or in a list.
func invalidField(t *testing.T, name string, err error) string {
	t.Helper()
	var es levy.Errors
	var e *levy.Error
	switch {
	case errors.As(err, &es) && len(es) == 1:
		e = es[0]
	case errors.As(err, &e):
	default:
		t.Fatalf("%s: want one error, got %v", name, err)
	}
	if e.Code != levy.EInvalid {
		t.Errorf("%s: code %s, want %s", name, e.Code, levy.EInvalid)
	}
	return e.Field
}

// TestDiscountDoesNotTurnALine sends discounts in Houston (8.25%): an
// amount off larger than the line, or than the document's lines, is
// refused naming the discount's value (it made a sale of 100.00 a
// refund of 50.00 with a tax of -4.13); an amount off a return lowers
// the refund (-100.00 less 20.00 off is -80.00, tax -6.60, where it was
// -120.00 and -9.90), as a percentage off already did.
func TestDiscountDoesNotTurnALine(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	e := testEngine(t)
	sale := func(price string, lineDisc, docDisc string) (*wire.SaleResponse, error) {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-15"),
			Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: houston}, Customer: &wire.Customer{Destination: houston},
			LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(price)}}}
		if lineDisc != "" {
			req.LineItems[0].Discount = &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: amt(lineDisc)}
		}
		if docDisc != "" {
			req.Discount = &wire.Discount{DiscountType: wire.DiscountAmount, DiscountValue: amt(docDisc)}
		}
		return e.Sale(context.Background(), req)
	}
	refused := []struct{ name, price, line, doc, field string }{
		{"line discount above the sale", "100.00", "150.00", "", "lineItems[0].discount.discountValue"},
		{"line discount above the return", "-100.00", "150.00", "", "lineItems[0].discount.discountValue"},
		{"document discount above the lines", "100.00", "", "150.00", "discount.discountValue"},
	}
	for _, c := range refused {
		r, err := sale(c.price, c.line, c.doc)
		if err == nil {
			t.Errorf("%s: calculated, total tax %s", c.name, r.TotalTax)
			continue
		}
		if got := invalidField(t, c.name, err); got != c.field {
			t.Errorf("%s: field %q, want %q", c.name, got, c.field)
		}
	}
	taxed := []struct{ name, price, line, doc, ext, tax string }{
		{"line discount on a sale", "100.00", "20.00", "", "80.00", "6.60"},
		{"line discount on a return", "-100.00", "20.00", "", "-80.00", "-6.60"},
		{"document discount on a return", "-100.00", "", "20.00", "-80.00", "-6.60"},
		{"whole line discounted", "100.00", "100.00", "", "0.00", "0.00"},
	}
	for _, c := range taxed {
		r, err := sale(c.price, c.line, c.doc)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := r.LineItems[0].ExtendedPrice.String(); got != c.ext {
			t.Errorf("%s: extended price %s, want %s", c.name, got, c.ext)
		}
		if got := r.TotalTax.String(); got != c.tax {
			t.Errorf("%s: total tax %s, want %s", c.name, got, c.tax)
		}
	}
}
