package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

func TestConstructors(t *testing.T) {
	r := Quotation("2026-06-01", SellerAt(Address("Wien", "1010", "AT")), CustomerAt(USAddress("1 Main St", "Boston", "MA", "02108")),
		Line("a", "GENERAL", "19.90"))
	if r.SaleMessageType != wire.SaleQuotation || r.TransactionType != wire.TransactionTypeSale || r.DocumentDate.String() != "2026-06-01" {
		t.Errorf("quotation %+v", r)
	}
	if o := r.Seller.PhysicalOrigin; o.City != "Wien" || o.PostalCode != "1010" || o.Country != "AT" {
		t.Errorf("seller %+v", o)
	}
	if d := r.Customer.Destination; d.StreetAddress1 != "1 Main St" || d.MainDivision != "MA" || d.Country != "US" {
		t.Errorf("customer %+v", d)
	}
	if l := r.LineItems[0]; l.LineItemID != "a" || l.Product.ProductClass != "GENERAL" || l.ExtendedPrice.String() != "19.90" {
		t.Errorf("line %+v", l)
	}
	if err := r.Validate(); err != nil {
		t.Errorf("a quotation of the constructors does not validate: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Price of a word does not panic")
		}
	}()
	Price("ten")
}
