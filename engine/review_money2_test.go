package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// zagrebSale is a 100.00 sale of general goods in Zagreb on date, in
// the currency cur.
func zagrebSale(date string, cur *wire.Currency) *wire.SaleRequest {
	at := func() *wire.Location { return &wire.Location{City: "Zagreb", PostalCode: "10000", Country: "HR"} }
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse(date), Currency: cur,
		Seller:    &wire.Seller{PhysicalOrigin: at()},
		Customer:  &wire.Customer{Destination: at()},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
}

// answeredAs says how a request that should have been refused was
// answered, for wantInvalidField.
func answeredAs(resp *wire.SaleResponse, err error) string {
	if err != nil || resp == nil {
		return ""
	}
	return "totalTax " + resp.TotalTax.String()
}

// TestCroatianKuna checks that the kuna, Croatia's currency until the
// euro replaced it on 2023-01-01 at 7.53450 kuna per euro (Council
// Regulation (EU) 2022/1208), is taken up to 2022-12-31: as a document's
// currency (by code or by its number 191), as the filing currency of a
// Croatian place and as a company code currency. From 2023-01-01 each is
// refused, naming the member. Before, the dataset's table did not hold
// HRK, and every one was refused on any date as "not an ISO 4217
// currency".
func TestCroatianKuna(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	hrk := func() *wire.Currency { return &wire.Currency{ISOCurrencyCodeAlpha: "HRK"} }
	n191 := int32(191)

	resp, err := e.Sale(ctx, zagrebSale("2022-12-31", hrk()))
	if err != nil {
		t.Fatalf("a kuna document of 2022-12-31: %v", err)
	}
	if got := resp.TotalTax.String(); got != "25.00" {
		t.Errorf("kuna document: totalTax %s, want 25.00 (25%% VAT)", got)
	}
	if c := resp.Currency; c == nil || c.ISOCurrencyCodeAlpha != "HRK" || c.ISOCurrencyCodeNum == nil || *c.ISOCurrencyCodeNum != 191 {
		t.Errorf("kuna document: currency %+v, want HRK 191", c)
	}
	if _, err := e.Sale(ctx, zagrebSale("2022-06-30", &wire.Currency{ISOCurrencyCodeNum: &n191})); err != nil {
		t.Errorf("a document in currency 191 of 2022-06-30: %v", err)
	}

	// A euro document of 2022 filed in kuna at the fixed rate.
	req := zagrebSale("2022-12-31", &wire.Currency{ISOCurrencyCodeAlpha: "EUR"})
	req.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: hrk(), Rate: amt("7.53450")}
	resp, err = e.Sale(ctx, req)
	if err != nil {
		t.Fatalf("a euro document of 2022-12-31 filed in kuna: %v", err)
	}
	f := resp.LineItems[0].Taxes[0].FilingCurrencyAmounts
	if f == nil || f.FilingCalculatedTax == nil || f.FilingCalculatedTax.String() != "188.36" {
		t.Errorf("filing amounts %+v, want 188.36 kuna (25.00 x 7.53450)", f)
	}

	// Company code amounts in kuna.
	req = zagrebSale("2022-12-31", &wire.Currency{ISOCurrencyCodeAlpha: "EUR"})
	req.CompanyCodeCurrency = hrk()
	req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, TargetCurrency: hrk(), ConversionFactor: amt("7.53450")}}
	resp, err = e.Sale(ctx, req)
	if err != nil {
		t.Fatalf("company code currency HRK on 2022-12-31: %v", err)
	}
	if a := resp.LineItems[0].CompanyCodeCurrencyTaxAmount; a == nil || a.String() != "188.36" {
		t.Errorf("company code tax %v, want 188.36", a)
	}

	// From 2023-01-01, each is refused.
	resp, err = e.Sale(ctx, zagrebSale("2023-01-01", hrk()))
	wantInvalidField(t, "kuna document of 2023-01-01", "currency.isoCurrencyCodeAlpha", err, answeredAs(resp, err))
	if err != nil && (!strings.Contains(err.Error(), "2023-01-01") || !strings.Contains(err.Error(), "EUR")) {
		t.Errorf("kuna document of 2023-01-01: %v, want it to name the day and EUR", err)
	}
	resp, err = e.Sale(ctx, zagrebSale("2023-02-01", &wire.Currency{ISOCurrencyCodeNum: &n191}))
	wantInvalidField(t, "currency 191 of 2023-02-01", "currency.isoCurrencyCodeNum", err, answeredAs(resp, err))

	req = zagrebSale("2023-01-01", &wire.Currency{ISOCurrencyCodeAlpha: "EUR"})
	req.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: hrk(), Rate: amt("7.53450")}
	resp, err = e.Sale(ctx, req)
	wantInvalidField(t, "filing in kuna on 2023-01-01", "customer.destination.currencyConversion.currency", err, answeredAs(resp, err))

	req = zagrebSale("2023-01-01", &wire.Currency{ISOCurrencyCodeAlpha: "EUR"})
	req.CompanyCodeCurrency = hrk()
	resp, err = e.Sale(ctx, req)
	wantInvalidField(t, "company code in kuna on 2023-01-01", "companyCodeCurrency.isoCurrencyCodeAlpha", err, answeredAs(resp, err))

	req = zagrebSale("2023-01-01", &wire.Currency{ISOCurrencyCodeAlpha: "EUR"})
	req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, TargetCurrency: hrk(), ConversionFactor: amt("7.53450")}}
	resp, err = e.Sale(ctx, req)
	wantInvalidField(t, "factor into kuna on 2023-01-01", "currencyConversionFactors[0].targetCurrency.isoCurrencyCodeAlpha", err, answeredAs(resp, err))
}

// TestWithdrawnCurrencies checks each currency withdrawn since the
// content's first dates: a document in it is taken on the last day it was
// in use and refused from the day it was withdrawn, naming the member
// and its successor; a filing conversion into it likewise, naming the
// conversion's currency. The Caribbean guilder (XCG), which replaced the
// Netherlands Antillean guilder on 2025-03-31, is known, and its number
// 532, which it took over, names it.
func TestWithdrawnCurrencies(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct{ code, last, first, successor string }{
		{"LVL", "2013-12-31", "2014-01-01", "EUR"},
		{"LTL", "2014-12-31", "2015-01-01", "EUR"},
		{"BYR", "2016-12-31", "2017-01-01", "BYN"},
		{"MRO", "2017-12-31", "2018-01-01", "MRU"},
		{"STD", "2017-12-31", "2018-01-01", "STN"},
		{"VEF", "2018-08-19", "2018-08-20", "VES"},
		{"SLL", "2023-12-31", "2024-01-01", "SLE"},
		{"ZWL", "2024-08-31", "2024-09-01", "ZWG"},
		{"ANG", "2025-06-30", "2025-07-01", "XCG"},
	} {
		t.Run(c.code, func(t *testing.T) {
			sale := func(date string) *wire.SaleRequest {
				req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
				req.DocumentDate = civil.MustParse(date)
				req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: c.code}
				return req
			}
			if _, err := e.Sale(ctx, sale(c.last)); err != nil {
				t.Errorf("a document in %s of %s: %v", c.code, c.last, err)
			}
			resp, err := e.Sale(ctx, sale(c.first))
			wantInvalidField(t, c.code+" on "+c.first, "currency.isoCurrencyCodeAlpha", err, answeredAs(resp, err))
			if err != nil && !strings.Contains(err.Error(), c.successor) {
				t.Errorf("%s on %s: %v, want it to name %s", c.code, c.first, err, c.successor)
			}

			conv := func(date string) *wire.SaleRequest {
				req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
				req.DocumentDate = civil.MustParse(date)
				req.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: c.code}, Rate: amt("2")}
				return req
			}
			if _, err := e.Sale(ctx, conv(c.last)); err != nil {
				t.Errorf("a conversion into %s on %s: %v", c.code, c.last, err)
			}
			// A former currency of the euro area is refused as such
			// (checkConversion), naming the conversion's currency.
			field := "customer.destination.currencyConversion.currency.isoCurrencyCodeAlpha"
			if c.successor == "EUR" {
				field = "customer.destination.currencyConversion.currency"
			}
			resp, err = e.Sale(ctx, conv(c.first))
			wantInvalidField(t, "conversion into "+c.code+" on "+c.first, field, err, answeredAs(resp, err))
		})
	}

	n532 := int32(532)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.DocumentDate = civil.MustParse("2026-01-15")
	req.Currency = &wire.Currency{ISOCurrencyCodeNum: &n532}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatalf("a document in currency 532 of 2026-01-15: %v", err)
	}
	if resp.Currency == nil || resp.Currency.ISOCurrencyCodeAlpha != "XCG" {
		t.Errorf("currency 532 answered as %+v, want XCG", resp.Currency)
	}
	// ANG with its own number, 532, is ANG.
	req.DocumentDate = civil.MustParse("2025-01-15")
	req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "ANG", ISOCurrencyCodeNum: &n532}
	if resp, err = e.Sale(ctx, req); err != nil {
		t.Fatalf("ANG 532 on 2025-01-15: %v", err)
	}
	if c := resp.Currency; c == nil || c.ISOCurrencyCodeAlpha != "ANG" || c.ISOCurrencyCodeNum == nil || *c.ISOCurrencyCodeNum != 532 {
		t.Errorf("ANG 532 answered as %+v", c)
	}
	// XCG with ANG's number is XCG; another number is still refused.
	req.DocumentDate = civil.MustParse("2026-01-15")
	req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "XCG", ISOCurrencyCodeNum: &n532}
	if _, err = e.Sale(ctx, req); err != nil {
		t.Errorf("XCG 532: %v", err)
	}
	n840 := int32(840)
	req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "XCG", ISOCurrencyCodeNum: &n840}
	resp, err = e.Sale(ctx, req)
	wantInvalidField(t, "XCG 840", "currency.isoCurrencyCodeNum", err, answeredAs(resp, err))
}
