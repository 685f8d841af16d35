package engine

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/taxarea"
)

// taxesOf sells 10,000.00 of general goods at loc on d and returns the
// total tax and the jurisdictions taxed, in order.
func taxesOf(t *testing.T, e *Engine, loc *Location, d civil.Date) (string, []string) {
	t.Helper()
	req := &SaleRequest{SaleMessageType: SaleQuotation, TransactionType: TransactionTypeSale, DocumentDate: d,
		Seller:   &Seller{Company: "ACME", PhysicalOrigin: loc},
		Customer: &Customer{Destination: loc},
		LineItems: []SaleLineItem{{LineItemID: "1", Product: &Product{ProductClass: "GENERAL"}, Quantity: &Measure{Value: amt("1")},
			ExtendedPrice: amt("10000.00")}}}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tx := range resp.LineItems[0].Taxes {
		if tx.CalculatedTax.Decimal().IsPositive() {
			ids = append(ids, tx.Jurisdiction.JurisdictionID)
		}
	}
	return resp.TotalTax.String(), ids
}

// TestWithContent calculates with each of the three content formats
// loaded over the embedded dataset.
func TestWithContent(t *testing.T) {
	today := WithToday(func() civil.Date { return civil.MustParse("2026-08-01") })
	dir := filepath.Join("..", "data", "content", "testdata")
	sst := filepath.Join("..", "..", "shared", "data", "rates", "us-sst")
	aug := civil.MustParse("2026-08-01")

	t.Run("levy", func(t *testing.T) {
		e, err := New(context.Background(), today, WithContent(content.Options{}, content.Source{Path: filepath.Join(dir, "levy-texas.csv")}))
		if err != nil {
			t.Fatal(err)
		}
		tax, ids := taxesOf(t, e, &Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}, aug)
		if tax != "825.00" || strings.Join(ids, " ") != "US-TX US-4835000 US-TX-DHOUSTON_MTA" {
			t.Errorf("Houston: %s by %v", tax, ids)
		}
		// Austin is in Texas, which the file covers: its embedded city and
		// transit taxes are replaced by the file's, which has none.
		tax, ids = taxesOf(t, e, &Location{City: "Austin", MainDivision: "TX", PostalCode: "78701", Country: "US"}, aug)
		if tax != "625.00" || strings.Join(ids, " ") != "US-TX" {
			t.Errorf("Austin: %s by %v", tax, ids)
		}
	})
	t.Run("zip5", func(t *testing.T) {
		e, err := New(context.Background(), today, WithContent(content.Options{}, content.Source{Path: filepath.Join(dir, "zip5-washington.csv")}))
		if err != nil {
			t.Fatal(err)
		}
		tax, ids := taxesOf(t, e, &Location{City: "Bellevue", MainDivision: "WA", PostalCode: "98004", Country: "US"}, aug)
		if tax != "1030.00" || strings.Join(ids, " ") != "US-WA US-WA-Z-BELLEVUE-CITY" {
			t.Errorf("Bellevue: %s by %v", tax, ids)
		}
		res, err := e.Resolver().LookupAddress(context.Background(), lookupAddress("Seattle", "WA", "98101"))
		if err != nil {
			t.Fatal(err)
		}
		if r := res.LookupResults[0]; r.ConfidenceIndicator != "50" || !strings.Contains(r.Statuses[len(r.Statuses)-1].Value, "has no rate for ZIP code 98101") {
			t.Errorf("a ZIP the table lacks: %+v", r)
		}
	})
	t.Run("sst", func(t *testing.T) {
		e, err := New(context.Background(), today, WithContent(content.Options{AsOf: civil.MustParse("2018-06-01")},
			content.Source{Path: filepath.Join(sst, "MNR2026Q2FEB18.csv")}, content.Source{Path: filepath.Join(sst, "MNB2026Q2FEB18-sample.csv")}))
		if err != nil {
			t.Fatal(err)
		}
		// 6.875% state, 0.15% Hennepin, 0.5% Minneapolis, 0.5% district
		// 80004 in 2018.
		tax, ids := taxesOf(t, e, &Location{City: "Minneapolis", MainDivision: "MN", PostalCode: "55401", Country: "US"}, civil.MustParse("2018-06-01"))
		if tax != "802.50" || strings.Join(ids, " ") != "US-MN US-27053 US-2743000 US-MN-D80004" {
			t.Errorf("Minneapolis in 2018: %s by %v", tax, ids)
		}
	})
	t.Run("a bad file fails New", func(t *testing.T) {
		_, err := New(context.Background(), today, WithContent(content.Options{}, content.Source{Path: filepath.Join(dir, "README.md"), Format: content.FormatZIP5}))
		var ce content.Errors
		if err == nil || !errors.As(err, &ce) {
			t.Errorf("README.md as a ZIP table: %v", err)
		}
	})
}

// lookupAddress is an address lookup request of a city, state and ZIP.
func lookupAddress(city, state, zip string) taxarea.AddressLookupRequest {
	return taxarea.AddressLookupRequest{PostalAddress: taxarea.PostalAddress{City: city, MainDivision: state, PostalCode: zip}}
}
