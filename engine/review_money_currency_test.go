package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// refusalField returns the field of the first refusal in err, or fails.
func refusalField(t *testing.T, err error) string {
	t.Helper()
	var le *levy.Error
	var list levy.Errors
	switch {
	case errors.As(err, &list) && len(list) > 0:
		le = list[0]
	case errors.As(err, &le):
	default:
		t.Fatalf("err = %v, want a refusal", err)
	}
	if le.Code != levy.EInvalid {
		t.Fatalf("err = %v, want %s", err, levy.EInvalid)
	}
	return le.Field
}

// TestCurrencyWithoutMinorUnitsRefused: ISO 4217 gives gold (XAU), the
// special drawing right (XDR), the testing code (XTS) and "no currency"
// (XXX) no minor unit. A document, company code or filing currency
// among them is refused, naming the member sent, where before a sale of
// 100.1234 gold in Los Angeles bore 7 of state tax for its 7.2589 (the
// engine rounded its amounts to whole ounces), a company code currency
// of XDR stated whole units and a filing currency of XAU hundredths.
func TestCurrencyWithoutMinorUnitsRefused(t *testing.T) {
	e := testEngine(t)
	num := func(n int32) *int32 { return &n }
	one := amt("1")
	for _, c := range []struct {
		name  string
		edit  func(r *wire.SaleRequest)
		field string
	}{
		{"gold by its code", func(r *wire.SaleRequest) { r.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "XAU"} }, "currency.isoCurrencyCodeAlpha"},
		{"gold by its number", func(r *wire.SaleRequest) { r.Currency = &wire.Currency{ISOCurrencyCodeNum: num(959)} }, "currency.isoCurrencyCodeNum"},
		{"no currency", func(r *wire.SaleRequest) { r.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "XXX"} }, "currency.isoCurrencyCodeAlpha"},
		{"testing code", func(r *wire.SaleRequest) { r.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "XTS"} }, "currency.isoCurrencyCodeAlpha"},
		{"special drawing right for the company", func(r *wire.SaleRequest) {
			r.CompanyCodeCurrency = &wire.Currency{ISOCurrencyCodeAlpha: "XDR"}
			r.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "USD"},
				TargetCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "XDR"}, ConversionFactor: one}}
		}, "companyCodeCurrency.isoCurrencyCodeAlpha"},
		{"gold as the filing currency", func(r *wire.SaleRequest) {
			r.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "XAU"}, Rate: amt("0.0003")}
		}, "customer.destination.currencyConversion.currency.isoCurrencyCodeAlpha"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.1234")
			c.edit(req)
			resp, err := e.Sale(context.Background(), req)
			if err == nil {
				t.Fatalf("answered with total tax %s, want a refusal naming %s", resp.TotalTax, c.field)
			}
			if got := refusalField(t, err); got != c.field {
				t.Errorf("refused %s (%v), want %s", got, err, c.field)
			}
		})
	}
}

// TestConversionsAgree: a conversion factor from a currency to itself
// must be 1, two factors between one pair of currencies must agree, and
// a location's filing conversion into the document's own currency must
// be at the rate 1; each refusal names the member. Before, a USD
// document with a USD company code currency and a USD-to-USD factor of
// 0.9 stated its 9.75 of tax as 8.78 of the same dollars, and of two
// factors from USD to EUR the first was taken without a word.
func TestConversionsAgree(t *testing.T) {
	e := testEngine(t)
	cur := func(a string) *wire.Currency { return &wire.Currency{ISOCurrencyCodeAlpha: a} }
	factor := func(src, dst, k string) wire.CurrencyConversionFactor {
		return wire.CurrencyConversionFactor{SourceCurrency: cur(src), TargetCurrency: cur(dst), ConversionFactor: amt(k)}
	}
	num := func(n int32) *int32 { return &n }
	for _, c := range []struct {
		name  string
		edit  func(r *wire.SaleRequest)
		field string // "" when the request is answered
	}{
		{"a factor from USD to itself", func(r *wire.SaleRequest) {
			r.CompanyCodeCurrency = cur("USD")
			r.CurrencyConversionFactors = []wire.CurrencyConversionFactor{factor("USD", "USD", "0.9")}
		}, "currencyConversionFactors[0].conversionFactor"},
		{"a factor from USD to itself by its number", func(r *wire.SaleRequest) {
			f := factor("USD", "", "1.10")
			f.TargetCurrency = &wire.Currency{ISOCurrencyCodeNum: num(840)}
			r.CurrencyConversionFactors = []wire.CurrencyConversionFactor{factor("USD", "EUR", "0.9"), f}
		}, "currencyConversionFactors[1].conversionFactor"},
		{"a factor of 1.00 from USD to itself", func(r *wire.SaleRequest) {
			r.CurrencyConversionFactors = []wire.CurrencyConversionFactor{factor("USD", "USD", "1.00")}
		}, ""},
		{"two factors from USD to EUR", func(r *wire.SaleRequest) {
			r.CompanyCodeCurrency = cur("EUR")
			r.CurrencyConversionFactors = []wire.CurrencyConversionFactor{factor("USD", "EUR", "0.9"), factor("USD", "GBP", "0.8"), factor("USD", "EUR", "0.8")}
		}, "currencyConversionFactors[2].conversionFactor"},
		{"the same factor twice", func(r *wire.SaleRequest) {
			r.CompanyCodeCurrency = cur("EUR")
			r.CurrencyConversionFactors = []wire.CurrencyConversionFactor{factor("USD", "EUR", "0.9"), factor("USD", "EUR", "0.90")}
		}, ""},
		{"a filing conversion into the document's currency", func(r *wire.SaleRequest) {
			r.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: cur("USD"), Rate: amt("0.9")}
		}, "customer.destination.currencyConversion.rate"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
			c.edit(req)
			resp, err := e.Sale(context.Background(), req)
			if c.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				l := resp.LineItems[0]
				t.Fatalf("answered (tax %s, company code tax %v), want a refusal naming %s", l.TotalTax, l.CompanyCodeCurrencyTaxAmount, c.field)
			}
			if got := refusalField(t, err); got != c.field {
				t.Errorf("refused %s (%v), want %s", got, err, c.field)
			}
		})
	}
}

// TestCompanyCurrencyIsTheDocuments: a company code currency that is the
// document's own needs no factor: the company code amounts are the
// line's tax and taxable amount. Before, they were left out unless the
// request sent a factor from the currency to itself.
func TestCompanyCurrencyIsTheDocuments(t *testing.T) {
	e := testEngine(t)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.CompanyCodeCurrency = &wire.Currency{ISOCurrencyCodeAlpha: "USD"}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	tax, taxable := l.CompanyCodeCurrencyTaxAmount, l.CompanyCodeCurrencyTaxableAmount
	if tax == nil || taxable == nil || tax.String() != l.TotalTax.String() || taxable.String() != "100.00" {
		t.Errorf("company code amounts %v and %v, want the line's tax %s and taxable 100.00", tax, taxable, l.TotalTax)
	}
}
