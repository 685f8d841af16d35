package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// taxesOf sells 10,000.00 of general goods at loc on d and returns the
// total tax and the jurisdictions taxed, in order.
func taxesOf(t *testing.T, e *Engine, loc *wire.Location, d civil.Date) (string, []string) {
	t.Helper()
	resp, err := e.Sale(context.Background(), saleHere(loc, d, "1"))
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
	sst := filepath.Join("..", "data", "content", "testdata", "sst")
	aug := civil.MustParse("2026-08-01")

	t.Run("levy", func(t *testing.T) {
		e, err := New(context.Background(), today, WithContent(content.Options{}, content.Source{Path: filepath.Join(dir, "levy-texas.csv")}))
		if err != nil {
			t.Fatal(err)
		}
		tax, ids := taxesOf(t, e, &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}, aug)
		if tax != "825.00" || strings.Join(ids, " ") != "US-TX US-4835000 US-TX-DHOUSTON_MTA" {
			t.Errorf("Houston: %s by %v", tax, ids)
		}
		// Austin is in Texas, which the file covers: its embedded city and
		// transit taxes are replaced by the file's, which has none.
		tax, ids = taxesOf(t, e, &wire.Location{City: "Austin", MainDivision: "TX", PostalCode: "78701", Country: "US"}, aug)
		if tax != "625.00" || strings.Join(ids, " ") != "US-TX" {
			t.Errorf("Austin: %s by %v", tax, ids)
		}
	})
	t.Run("zip5", func(t *testing.T) {
		e, err := New(context.Background(), today, WithContent(content.Options{}, content.Source{Path: filepath.Join(dir, "zip5-washington.csv")}))
		if err != nil {
			t.Fatal(err)
		}
		tax, ids := taxesOf(t, e, &wire.Location{City: "Bellevue", MainDivision: "WA", PostalCode: "98004", Country: "US"}, aug)
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
		tax, ids := taxesOf(t, e, &wire.Location{City: "Minneapolis", MainDivision: "MN", PostalCode: "55401", Country: "US"}, civil.MustParse("2018-06-01"))
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
func lookupAddress(city, state, zip string) wire.AddressLookupRequest {
	return wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: city, MainDivision: state, PostalCode: zip}}
}

// TestLocalCap checks Texas's 2% cap on local rates: with Harris County
// given a 0.5% rate of the host's, Houston's city (1%) and METRO (1%)
// would add up to 2.5%; METRO, last, is lowered to 0.5%.
func TestLocalCap(t *testing.T) {
	levy := filepath.Join("..", "data", "content", "testdata", "levy-texas.csv")
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-08-01") }),
		WithContent(content.Options{}, content.Source{Path: levy}),
		WithRates(RateEntry{Rate: jurisdiction.Rate{Jurisdiction: "US-48201", Tax: jurisdiction.SalesTax, Category: jurisdiction.General,
			Value: decimal.RequireFromString("0.005"), Source: "host"}}))
	if err != nil {
		t.Fatal(err)
	}
	loc := &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-08-01"),
		Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: loc}, Customer: &wire.Customer{Destination: loc},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.TotalTax.String() != "82.50" {
		t.Errorf("total tax %s, want 82.50 (6.25%% + 2%%)", resp.TotalTax)
	}
	for _, tx := range resp.LineItems[0].Taxes {
		if tx.Jurisdiction.JurisdictionID != "US-TX-DHOUSTON_MTA" {
			continue
		}
		if tx.NominalRate == nil || tx.NominalRate.String() != "0.005" || tx.MaxTaxRuleID == nil || tx.MaxTaxRuleID.Value != "us-tx-local-cap" {
			t.Errorf("METRO: rate %v, max tax rule %+v", tx.NominalRate, tx.MaxTaxRuleID)
		}
	}
	// The explanation gives METRO the reason of the rule that decided
	// it, then the cap's.
	_, ex, err := e.ExplainSale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	capped := 0
	for _, x := range ex[0].Taxes {
		if x.JurisdictionID != "US-TX-DHOUSTON_MTA" {
			if strings.Contains(x.Reason, "add up to at most") || x.MaxTaxRuleID != "" {
				t.Errorf("%s: %+v", x.JurisdictionID, x)
			}
			continue
		}
		capped++
		rule, rest, ok := strings.Cut(x.Reason, "; the local rates of TX add up to at most 2%: this jurisdiction's rate of 1% is lowered to what the others leave")
		if !ok || rest != "" || rule == "" || x.RuleID == "" || x.MaxTaxRuleID != "us-tx-local-cap" {
			t.Errorf("METRO explained: %+v", x)
		}
	}
	if capped != 1 {
		t.Errorf("%d taxes of METRO explained", capped)
	}
}

// TestMixedSourcing checks California's rule: state, county and city
// taxes follow the seller's location, district taxes the destination.
// Content gives two cities of Los Angeles County a district each.
func TestMixedSourcing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ca.csv")
	csv := "state,jurisdiction,type,name,rate,where,source\n" +
		"CA,US-06037,,,0.0025,county:06037,test\n" +
		"CA,US-0644000,CITY,Los Angeles,0.005,place:0644000,test\n" +
		"CA,US-CA-DLA_DISTRICT,DISTRICT,Los Angeles district,0.0075,place:0644000,test\n" +
		"CA,US-0640130,CITY,Lancaster,0.01,place:0640130,test\n" +
		"CA,US-CA-DLANCASTER_DISTRICT,DISTRICT,Lancaster district,0.015,place:0640130,test\n"
	if err := os.WriteFile(path, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-08-01") }),
		WithContent(content.Options{}, content.Source{Path: path}))
	if err != nil {
		t.Fatal(err)
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-08-01"),
		Seller:    &wire.Seller{Company: "ACME", PhysicalOrigin: &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}},
		Customer:  &wire.Customer{Destination: &wire.Location{City: "Lancaster", MainDivision: "CA", PostalCode: "93534", Country: "US"}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, tx := range resp.LineItems[0].Taxes {
		got[tx.Jurisdiction.JurisdictionID] = string(tx.Situs) + " " + tx.CalculatedTax.String()
	}
	want := map[string]string{
		"US-CA": "PHYSICAL_ORIGIN 72.50", "US-06037": "PHYSICAL_ORIGIN 2.50", "US-0644000": "PHYSICAL_ORIGIN 5.00",
		"US-CA-DLANCASTER_DISTRICT": "DESTINATION 15.00",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("taxes %v, want %v", got, want)
	}
}
