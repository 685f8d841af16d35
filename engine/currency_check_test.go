package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestCurrenciesChecked: the document currency, the company code
// currency, the conversion factors' currencies and a location's filing
// currency must be ISO 4217
// currencies the dataset knows, and a currency sent with both codes must
// name one currency; each refusal names the member. Before, a currency
// sent as USD and 978 was taken as USD, and an unknown company code
// currency or factor left the company code amounts out without a word.
func TestCurrenciesChecked(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	num := func(n int32) *int32 { return &n }
	factor := func(src, dst string) wire.CurrencyConversionFactor {
		f := money.MustParse("0.9")
		return wire.CurrencyConversionFactor{SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: src},
			TargetCurrency: &wire.Currency{ISOCurrencyCodeAlpha: dst}, ConversionFactor: &f}
	}
	for _, c := range []struct {
		name  string
		edit  func(r *wire.SaleRequest)
		field string
	}{
		{"codes that disagree", func(r *wire.SaleRequest) {
			r.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "USD", ISOCurrencyCodeNum: num(978)}
		}, "currency.isoCurrencyCodeNum"},
		{"unknown alphabetic code", func(r *wire.SaleRequest) { r.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "XYZ"} }, "currency.isoCurrencyCodeAlpha"},
		{"unknown numeric code", func(r *wire.SaleRequest) { r.Currency = &wire.Currency{ISOCurrencyCodeNum: num(1)} }, "currency.isoCurrencyCodeNum"},
		{"unknown company code currency", func(r *wire.SaleRequest) {
			r.CompanyCodeCurrency = &wire.Currency{ISOCurrencyCodeAlpha: "XYZ"}
		}, "companyCodeCurrency.isoCurrencyCodeAlpha"},
		{"unknown target of a factor", func(r *wire.SaleRequest) {
			r.CompanyCodeCurrency = &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}
			r.CurrencyConversionFactors = []wire.CurrencyConversionFactor{factor("USD", "EUR"), factor("USD", "XYZ")}
		}, "currencyConversionFactors[1].targetCurrency.isoCurrencyCodeAlpha"},
		{"unknown filing currency of a location", func(r *wire.SaleRequest) {
			rate := money.MustParse("0.9")
			r.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "XYZ"}, Rate: &rate}
		}, "customer.destination.currencyConversion.currency.isoCurrencyCodeAlpha"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
			c.edit(req)
			_, err := e.Sale(ctx, req)
			var le *levy.Error
			var list levy.Errors
			switch {
			case errors.As(err, &list) && len(list) > 0:
				le = list[0]
			case errors.As(err, &le):
			default:
				t.Fatalf("err = %v, want a refusal naming %s", err, c.field)
			}
			if le.Code != levy.EInvalid || le.Field != c.field {
				t.Errorf("err = %v, want %s", err, c.field)
			}
		})
	}
	// Codes that agree, and known company currency and factors, pass.
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "USD", ISOCurrencyCodeNum: num(840)}
	req.CompanyCodeCurrency = &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}
	req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{factor("USD", "EUR")}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if a := resp.LineItems[0].CompanyCodeCurrencyTaxAmount; a == nil || !strings.HasPrefix(a.String(), "8.") {
		t.Errorf("company code tax amount: %v", a)
	}
}

// TestCurrenciesNamed: every currency of a response that names a known
// currency carries its name and both codes (the company code currency,
// a conversion factor's, a location's filing currency and a
// registration's), while the request keeps what it sent.
func TestCurrenciesNamed(t *testing.T) {
	e := testEngine(t)
	rate := money.MustParse("0.9")
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.CompanyCodeCurrency = &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}
	req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "USD"},
		TargetCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, ConversionFactor: &rate}}
	req.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, Rate: &rate}
	req.Customer.TaxRegistrations = []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "CA",
		FilingCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}}}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	euro := func(what string, c *wire.Currency) {
		t.Helper()
		if c == nil || c.ISOCurrencyName != "Euro" || c.ISOCurrencyCodeNum == nil || *c.ISOCurrencyCodeNum != 978 {
			t.Errorf("%s: %+v", what, c)
		}
	}
	euro("companyCodeCurrency", resp.CompanyCodeCurrency)
	euro("currencyConversionFactors[0].targetCurrency", resp.CurrencyConversionFactors[0].TargetCurrency)
	euro("customer.destination.currencyConversion.currency", resp.Customer.Destination.CurrencyConversion.Currency)
	euro("customer.taxRegistrations[0].filingCurrency", resp.Customer.TaxRegistrations[0].FilingCurrency)
	if f := resp.LineItems[0].Taxes[0].FilingCurrencyAmounts; f == nil {
		t.Error("no filing currency amounts")
	} else {
		euro("taxes[0].filingCurrencyAmounts.currencyConversion.currency", f.CurrencyConversion.Currency)
	}
	if req.CompanyCodeCurrency.ISOCurrencyName != "" || req.Customer.Destination.CurrencyConversion.Currency.ISOCurrencyName != "" ||
		req.Customer.TaxRegistrations[0].FilingCurrency.ISOCurrencyName != "" {
		t.Error("the request was changed")
	}
}
