package journal_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestReportKeepsVendorsTaxApart: a tenant that sells and buys in
// Atlanta (Georgia 4%, Fulton County 3%, Atlanta 1.9%) stores, over a
// Badger journal through the engine, a sale of 1000.00 (89.00 it
// collected), an ERS settlement of 1000.00 with a vendor registered in
// Georgia (89.00 the vendor charged it and remits) and an accrual of
// 1000.00 on which the vendor charged 20.00 (69.00 of use tax it
// accrues). The tenant owes 89.00 + 69.00 = 158.00. The report had
// added the vendor's 40.00 of Georgia tax into the tenant's own Georgia
// row (80.00 collected from the SELLER) and owed 247.00; the filing view
// had the same.
func TestReportKeepsVendorsTaxApart(t *testing.T) {
	ctx := context.Background()
	store, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	acme := levy.WithTenant(ctx, "acme")
	atlanta := &wire.Location{City: "Atlanta", MainDivision: "GA", PostalCode: "30303", Country: "US"}
	day := civil.MustParse("2026-07-01")
	price := func(s string) *money.Amount { a := money.MustParse(s); return &a }
	if _, err := e.Sale(acme, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		DocumentDate: day, TransactionID: "SALE-1", Seller: &wire.Seller{PhysicalOrigin: atlanta}, Customer: &wire.Customer{Destination: atlanta},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: price("1000.00")}}}); err != nil {
		t.Fatal(err)
	}
	purchase := func(mt wire.PurchaseMessageType, id string, charged *money.Amount) {
		t.Helper()
		if _, err := e.Purchase(acme, &wire.PurchaseRequest{PurchaseMessageType: mt, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: day, TransactionID: id, Vendor: &wire.Vendor{PhysicalOrigin: atlanta}, Buyer: &wire.Buyer{Destination: atlanta},
			LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: price("1000.00"), ChargedTax: charged}}}); err != nil {
			t.Fatal(err)
		}
	}
	purchase(wire.PurchaseERS, "ERS-1", nil)
	purchase(wire.PurchaseAccrual, "ACC-1", price("20.00"))

	rep, err := journal.Summarize(ctx, store, "acme", day, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Currencies) != 1 || rep.Transactions != 3 {
		t.Fatalf("report: %d transactions, %d currencies; want 3 in USD", rep.Transactions, len(rep.Currencies))
	}
	usd := rep.Currencies[0]
	if usd.Total.Tax.String() != "158.00" {
		t.Errorf("total tax %s, want 158.00: the sale's 89.00 and the accrual's 69.00, not the vendor's 89.00", usd.Total.Tax)
	}
	for _, want := range []struct {
		from   string
		vendor bool
		tax    string
	}{
		{"SELLER", false, "40.00"}, // the tenant's sale
		{"SELLER", true, "40.00"},  // the vendor's tax on the ERS settlement
		{"BUYER", false, "20.00"},  // 40.00 of use tax less the 20.00 the vendor charged
	} {
		n := 0
		for _, r := range usd.Rows {
			if r.JurisdictionID == "US-GA" && r.CollectedFrom == want.from && r.PaidToVendor == want.vendor {
				n++
				if r.Tax.String() != want.tax || r.Transactions != 1 {
					t.Errorf("US-GA %s vendor=%v: tax %s in %d transactions, want %s in 1", want.from, want.vendor, r.Tax, r.Transactions, want.tax)
				}
			}
		}
		if n != 1 {
			t.Errorf("US-GA %s vendor=%v: %d rows, want 1", want.from, want.vendor, n)
		}
	}
	f := rep.FilingView()
	if got := f.Currencies[0].Total.String(); got != "158.00" {
		t.Errorf("filing view total %s, want 158.00", got)
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "SELLER (vendor)") || !strings.Contains(b.String(), "TOTAL TAX USD") || !strings.Contains(b.String(), "158.00") {
		t.Errorf("the text report does not set the vendor's tax apart:\n%s", b.String())
	}
}
