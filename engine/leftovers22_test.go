package engine

import (
	"context"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestLineTypesEmptyValueRefused checks that a lineTypes entry naming
// no line type is refused, naming its value: before, "" (or blanks) was
// taken as a line type Levy does not know and flagged not-acted-on,
// while its count still took its share of the line's revenue from the
// line types that bear taxes.
func TestLineTypesEmptyValueRefused(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, v := range []string{"", "  "} {
		req := telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203",
			wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")}, wire.LineTypeSet{Value: v, Count: amt("1")})
		resp, err := e.Sale(ctx, req)
		answered := ""
		if err == nil {
			answered = "totalTax " + resp.TotalTax.String()
		}
		wantInvalidField(t, "lineTypes[1].value "+strconv.Quote(v), "lineItems[0].lineTypes[1].value", err, answered)
	}
	// A known value is still taken.
	if _, err := e.Sale(ctx, telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203", wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")})); err != nil {
		t.Fatal(err)
	}
}

// TestConversionIntoFormerEuroCurrency checks that a filing currency
// conversion into the former currency of a member state that has
// adopted the euro (Bulgaria's lev from 2026-01-01, Croatia's kuna from
// 2023-01-01) is refused from the day of adoption, naming the
// conversion's currency, and still taken the day before (Croatia's kuna
// is not in the dataset's currency table at all: a conversion into HRK
// is refused on any date as no ISO 4217 currency). Before, a
// Sofia sale of 2026-02-01 with a conversion into BGN at 1.95583 was
// answered with its VAT in lev, though Bulgaria files in euros. A
// location that the document resolved before at the same address, its
// conversion its own, is checked alike.
func TestConversionIntoFormerEuroCurrency(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		country, city, zip, currency, rate, before, from string
	}{
		{"BG", "Sofia", "1000", "BGN", "1.95583", "2025-12-31", "2026-01-01"},
	} {
		sale := func(date string, onSeller bool) (*wire.SaleResponse, error) {
			at := func() *wire.Location { return &wire.Location{City: c.city, PostalCode: c.zip, Country: c.country} }
			conv := &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: c.currency}, Rate: amt(c.rate)}
			req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
				DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
				Seller:    &wire.Seller{PhysicalOrigin: at()},
				Customer:  &wire.Customer{Destination: at()},
				LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
			if onSeller {
				req.Seller.PhysicalOrigin.CurrencyConversion = conv
			} else {
				req.Customer.Destination.CurrencyConversion = conv
			}
			return e.Sale(ctx, req)
		}
		resp, err := sale(c.before, false)
		if err != nil {
			t.Fatalf("%s on %s: %v", c.currency, c.before, err)
		}
		f := resp.LineItems[0].Taxes[0].FilingCurrencyAmounts
		if f == nil || f.CurrencyConversion == nil || f.CurrencyConversion.Currency.ISOCurrencyCodeAlpha != c.currency {
			t.Errorf("%s on %s: filing amounts %+v, want them in %s", c.currency, c.before, f, c.currency)
		}
		for _, onSeller := range []bool{false, true} {
			field := "customer.destination.currencyConversion.currency"
			if onSeller {
				field = "seller.physicalOrigin.currencyConversion.currency"
			}
			resp, err := sale(c.from, onSeller)
			answered := ""
			if err == nil {
				answered = "totalTax " + resp.TotalTax.String()
			} else if !strings.Contains(err.Error(), "euros since that date") || !strings.Contains(err.Error(), c.from) {
				t.Errorf("%s on %s: %v, want it to say %s files in euros since %s", c.currency, c.from, err, c.country, c.from)
			}
			wantInvalidField(t, c.currency+" on "+c.from, field, err, answered)
		}
	}
}

// TestConversionOfARepeatedLocationChecked checks that a location whose
// address the document resolved before has its own currencyConversion
// checked: before, a seller at the customer's address with a conversion
// into a currency that does not exist (XYZ) was answered, the place
// taken from the customer's.
func TestConversionOfARepeatedLocationChecked(t *testing.T) {
	e := testEngine(t)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	at := *req.Customer.Destination
	at.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "XYZ"}, Rate: amt("0.9")}
	req.Seller = &wire.Seller{PhysicalOrigin: &at}
	resp, err := e.Sale(context.Background(), req)
	answered := ""
	if err == nil {
		answered = "totalTax " + resp.TotalTax.String()
	}
	wantInvalidField(t, "XYZ on the seller", "seller.physicalOrigin.currencyConversion.currency.isoCurrencyCodeAlpha", err, answered)
}
