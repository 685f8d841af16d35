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
// (XXX) no minor unit. A document or company code currency among them
// is refused, naming the member sent, where before a sale of 100.1234
// gold in Los Angeles bore 7 of state tax for its 7.2589 (the engine
// rounded its amounts to whole ounces) and a company code currency of
// XAU stated whole ounces.
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
