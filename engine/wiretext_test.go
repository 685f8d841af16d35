package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// textMember is a string member of a sale request, set by set and named
// by path as the request names it.
type textMember struct {
	path string
	set  func(r *wire.SaleRequest, s string)
}

// saleTextMembers are free-text members across the seller, the customer,
// a line and its flexible fields.
var saleTextMembers = []textMember{
	{"seller.division", func(r *wire.SaleRequest, s string) { r.Seller.Division = s }},
	{"seller.physicalOrigin.city", func(r *wire.SaleRequest, s string) { r.Seller.PhysicalOrigin.City = s }},
	{"customer.customerName", func(r *wire.SaleRequest, s string) { r.Customer.CustomerName = s }},
	{"customer.destination.streetAddress1", func(r *wire.SaleRequest, s string) { r.Customer.Destination.StreetAddress1 = s }},
	{"customer.destination.streetAddress2", func(r *wire.SaleRequest, s string) { r.Customer.Destination.StreetAddress2 = s }},
	{"lineItems[0].lineItemDescription", func(r *wire.SaleRequest, s string) { r.LineItems[0].LineItemDescription = s }},
	{"lineItems[0].customer.customerName", func(r *wire.SaleRequest, s string) {
		r.LineItems[0].Customer = &wire.Customer{CustomerName: s}
	}},
	{"lineItems[0].flexibleFields.flexibleCodeFields[0].value", func(r *wire.SaleRequest, s string) {
		id := int32(1)
		r.LineItems[0].FlexibleFields = &wire.FlexibleFields{FlexibleCodeFields: []wire.FlexibleCodeField{{FieldID: &id, Value: s}}}
	}},
}

// TestSaleRefusesControlTextInProcess calls the engine with a quotation
// and an invoice whose free text holds NUL, another C0 control character
// or bytes that are not UTF-8: each is refused as invalid naming the
// request's member (customer.customerName, not the journal's
// customer.name), and a quotation, which the journal never sees, is not
// calculated. Before, a quotation was answered and an invoice was
// refused by the journal naming its own member.
func TestSaleRefusesControlTextInProcess(t *testing.T) {
	e, _ := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	bad := []struct{ name, text string }{
		{"NUL", "Ann\x00Lee"},
		{"escape", "Ann\x1b[31mLee"},
		{"not UTF-8", "Ann\xffLee"},
	}
	n := 0
	for _, kind := range []wire.SaleMessageType{wire.SaleQuotation, wire.SaleInvoice} {
		for _, m := range saleTextMembers {
			for _, b := range bad {
				n++
				req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
				req.SaleMessageType = kind
				req.TransactionID = fmt.Sprintf("wiretext-%d", n)
				m.set(req, b.text)
				resp, err := e.Sale(ctx, req)
				if err == nil {
					t.Errorf("%s %s with %s: answered %+v", kind, m.path, b.name, resp.LineItems)
					continue
				}
				if levy.ErrorCode(err) != levy.EInvalid || fieldOf(err) != m.path {
					t.Errorf("%s %s with %s: %v (field %q, code %s); want EInvalid naming %s", kind, m.path, b.name, err, fieldOf(err), levy.ErrorCode(err), m.path)
				}
				if kind == wire.SaleInvoice {
					if ok, err := e.TransactionExists(ctx, req.TransactionID); ok || err != nil {
						t.Errorf("%s %s with %s: stored (%v)", kind, m.path, b.name, err)
					}
				}
			}
		}
	}
}

// TestSaleKeepsLegitimateTextInProcess: a tab is kept in any free text,
// and line breaks in a line's description, which may run over several
// lines; non-ASCII text is valid.
func TestSaleKeepsLegitimateTextInProcess(t *testing.T) {
	e, _ := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.Customer.CustomerName = "Zoë\tÅström"
	req.LineItems[0].LineItemDescription = "Widget\r\nblue, 2 m\n\tboxed"
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	// A line break is refused where the text is one line.
	req.Customer.CustomerName = "Zoë\nÅström"
	if err := second(e.Sale(ctx, req)); fieldOf(err) != "customer.customerName" {
		t.Fatalf("a name with a line break: %v", err)
	}
}

// TestPurchaseAndOwnerRefuseControlTextInProcess checks the other two
// kinds of request: a vendor's city and an owner line's description
// with NUL are refused naming the member.
func TestPurchaseAndOwnerRefuseControlTextInProcess(t *testing.T) {
	e, _ := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	_, err := e.Purchase(ctx, &wire.PurchaseRequest{
		PurchaseMessageType: wire.PurchaseInvoiceVerification, TransactionType: wire.TransactionTypePurchase, DocumentDate: usSale("", "", "", "", "", "1").DocumentDate,
		Vendor:    &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Seattle\x00", Country: "US"}},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "1", ExtendedPrice: amt("1")}},
	})
	var list levy.Errors
	if !errors.As(err, &list) || !hasField(list, "vendor.physicalOrigin.city") {
		t.Errorf("purchase: %v; want an error naming vendor.physicalOrigin.city", err)
	}
	_, err = e.Owner(ctx, &wire.OwnerRequest{
		OwnerMessageType: wire.OwnerInventoryRemoval, DocumentDate: usSale("", "", "", "", "", "1").DocumentDate,
		LineItems: []wire.OwnerLineItem{{LineItemID: "1", LineItemDescription: "bolts\x00", ExtendedPrice: amt("1")}},
	})
	list = nil
	if !errors.As(err, &list) || !hasField(list, "lineItems[0].lineItemDescription") {
		t.Errorf("owner: %v; want an error naming lineItems[0].lineItemDescription", err)
	}
}

// hasField reports whether one error of list names field for the NUL it
// holds.
func hasField(list levy.Errors, field string) bool {
	for _, e := range list {
		if e.Field == field && strings.Contains(e.Message, "U+0000") {
			return true
		}
	}
	return false
}
