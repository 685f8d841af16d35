package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestEUDistanceThresholdTaxIncluded: the EU's distance-sales threshold
// is on the value of the sales exclusive of VAT (Directive 2006/112/EC,
// article 59c(1)(c)), so a tax-included price counts net of the VAT of
// the seller's member state (Austria's 20%), not whole. A seller with
// EUR 9,500.00 of stored sales that sells EUR 600.00 VAT included from
// Vienna to Berlin sells EUR 500.00 of goods: exactly on the threshold,
// Austrian VAT 100.00 is charged; before, the EUR 600.00 counted whole
// took the year over it and German VAT was charged. EUR 600.02 included
// (500.02 net) is over it. A price that excludes the VAT counts as it is.
func TestEUDistanceThresholdTaxIncluded(t *testing.T) {
	e, err := New(context.Background(), WithDistanceSales(fixedDistance{"NEAR": {Current: decimal.NewFromInt(9500), Source: "test"}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		price    string
		included bool
		at, tax  string
		says     string
	}{
		{"EUR 600.00 VAT included, EUR 500.00 net", "600.00", true, "AT", "100.00", "EUR 500.00 in it, tax-included prices net of the VAT of the seller's member state"},
		{"EUR 600.02 VAT included, EUR 500.02 net", "600.02", true, "DE", "95.80", "EUR 500.02 in it, tax-included prices net of the VAT of the seller's member state"},
		{"EUR 500.00 without VAT", "500.00", false, "AT", "100.00", "EUR 500.00 in it, EUR 0.00 in 2025"},
		{"EUR 600.00 without VAT", "600.00", false, "DE", "114.00", "EUR 600.00 in it, EUR 0.00 in 2025"},
	} {
		r, err := e.Sale(context.Background(), distanceSale(c.price, c.included))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := r.LineItems[0]
		if got := l.Taxes[0].Jurisdiction.JurisdictionID; got != c.at || l.TotalTax.String() != c.tax {
			t.Errorf("%s: %s tax %s, want %s %s", c.name, got, l.TotalTax, c.at, c.tax)
		}
		if b, _ := json.Marshal(r); !strings.Contains(string(b), c.says) {
			t.Errorf("%s: the response does not say %q: %s", c.name, c.says, b)
		}
	}
}

// TestEUDistanceJournalTaxIncluded: what the journal stores of a
// tax-included EU distance sale, and so counts toward the seller's next
// sales, is the line's net, without the VAT: an invoice of EUR 600.00
// VAT included from Vienna to Berlin, within the threshold (Austrian VAT
// 100.00), is stored as an EU distance sale of EUR 500.00, and the EU
// figure of the day is EUR 500.00.
func TestEUDistanceJournalTaxIncluded(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	e, err := New(ctx, WithJournal(j), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithDistanceSales(fixedDistance{"NEAR": {Current: decimal.NewFromInt(9500), Source: "test"}}))
	if err != nil {
		t.Fatal(err)
	}
	req := distanceSale("600.00", true)
	req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "INV-DIST-1"
	r, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.LineItems[0].Taxes[0].Jurisdiction.JurisdictionID; got != "AT" {
		t.Fatalf("taxed in %s, want AT (within the threshold)", got)
	}
	tx, err := j.Get(ctx, "acme", "INV-DIST-1")
	if err != nil {
		t.Fatal(err)
	}
	if l := tx.Lines[0]; !l.EUDistanceSale || l.Amount.String() != "500.00" {
		t.Errorf("stored line: distance sale %v, amount %s; want true, 500.00 (net of the VAT)", l.EUDistanceSale, l.Amount)
	}
	figs, err := j.Figures(ctx, "acme", civil.MustParse("2026-06-01"), civil.MustParse("2026-06-01"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range figs {
		if f.Area == journal.AreaEU {
			found = true
			if f.Direct.Gross != 500*journal.UnitsPerCurrencyUnit {
				t.Errorf("EU figure: %d units, want EUR 500.00", f.Direct.Gross)
			}
		}
	}
	if !found {
		t.Errorf("no EU figure: %+v", figs)
	}
}

// distanceSale is a quotation of one line of goods from Vienna to a
// consumer in Berlin by the seller company NEAR.
func distanceSale(price string, included bool) *wire.SaleRequest {
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-01"),
		Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:   &wire.Seller{Company: "NEAR", PhysicalOrigin: &wire.Location{City: "Wien", PostalCode: "1010", Country: "AT"}},
		Customer: &wire.Customer{Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(price),
			TaxIncludedIndicator: included}}}
}
