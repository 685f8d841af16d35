package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// euIncludedDocument is a quotation of n tax-included lines of EUR 12.10
// of goods sold from Amsterdam to a consumer in Paris: EU distance sales
// whose nets the distance-sales threshold weighs (ownDistanceSales). With
// companies above one, the lines' seller companies take turns (line i is
// of company C<i mod companies>), as on a marketplace's document.
func euIncludedDocument(n, companies int) *wire.SaleRequest {
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:   &wire.Seller{Company: "C0", PhysicalOrigin: &wire.Location{City: "Amsterdam", PostalCode: "1012 JS", Country: "NL"}},
		Customer: &wire.Customer{Destination: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}}}
	for i := range n {
		li := wire.SaleLineItem{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("12.10"), TaxIncludedIndicator: true}
		if companies > 1 {
			li.Seller = &wire.Seller{Company: companyName(i % companies), PhysicalOrigin: req.Seller.PhysicalOrigin}
		}
		req.LineItems = append(req.LineItems, li)
	}
	return req
}

// companyName is the company code C<i>.
func companyName(i int) string { return "C" + string(rune('0'+i)) }

// euImportDocument is a quotation of n tax-included lines of EUR 0.12 of
// goods sent from New York to a consumer in Paris by a seller registered
// for the Import One Stop Shop: one consignment whose intrinsic value the
// EUR 150 limit weighs (calc.consignment, calc.intrinsic).
func euImportDocument(n int) *wire.SaleRequest {
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: &wire.Seller{PhysicalOrigin: &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "IE", TaxRegistrationType: "Import One Stop Shop"}}},
		Customer: &wire.Customer{Destination: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}}}
	for range n {
		req.LineItems = append(req.LineItems, wire.SaleLineItem{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("0.12"), TaxIncludedIndicator: true})
	}
	return req
}

func benchmarkEUDocument(b *testing.B, req *wire.SaleRequest, figures fixedDistance) {
	e, err := New(context.Background(), WithDistanceSales(figures))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Sale(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEUDistanceIncluded1000: 1,000 tax-included EU distance sales
// of one seller company on one document.
func BenchmarkEUDistanceIncluded1000(b *testing.B) {
	benchmarkEUDocument(b, euIncludedDocument(1000, 1), fixedDistance{"C0": {Current: decimal.NewFromInt(100), Source: "bench"}})
}

// BenchmarkEUDistanceIncluded1000Companies: the same lines of four seller
// companies taking turns.
func BenchmarkEUDistanceIncluded1000Companies(b *testing.B) {
	f := fixedDistance{}
	for i := range 4 {
		f[companyName(i)] = DistanceFigures{Current: decimal.NewFromInt(100), Source: "bench"}
	}
	benchmarkEUDocument(b, euIncludedDocument(1000, 4), f)
}

// BenchmarkEUImportIncluded1000: 1,000 tax-included lines of one
// low-value consignment into the EU.
func BenchmarkEUImportIncluded1000(b *testing.B) {
	benchmarkEUDocument(b, euImportDocument(1000), fixedDistance{})
}
