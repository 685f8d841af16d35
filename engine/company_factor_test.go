package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestCompanyFactorOtherWay: a USD document with companyCodeCurrency EUR
// and a factor from EUR to USD (1.1) left the company code amounts out
// without a word. A factor is the multiplier from its sourceCurrency to
// its targetCurrency (the wire format's CurrencyConversionFactor), and
// Levy uses it in that direction only, as for thresholds: the amounts
// stay out, and each line says so (CompanyUnconvertedRule), naming the
// factor sent and the one to send; as it does when no factor is sent. A
// factor from USD to EUR converts, and nothing is said.
func TestCompanyFactorOtherWay(t *testing.T) {
	e := testEngine(t)
	factor := func(src, dst, k string) wire.CurrencyConversionFactor {
		f := money.MustParse(k)
		return wire.CurrencyConversionFactor{SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: src},
			TargetCurrency: &wire.Currency{ISOCurrencyCodeAlpha: dst}, ConversionFactor: &f}
	}
	sale := func(factors ...wire.CurrencyConversionFactor) *wire.SaleResponse {
		t.Helper()
		req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
		req.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "USD"}
		req.CompanyCodeCurrency = &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}
		req.CurrencyConversionFactors = factors
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	note := func(l wire.SaleResponseLineItem) *wire.AssistedParameter {
		for i, p := range l.AssistedParameters {
			if p.RuleName == CompanyUnconvertedRule {
				return &l.AssistedParameters[i]
			}
		}
		return nil
	}

	for _, c := range []struct {
		name    string
		factors []wire.CurrencyConversionFactor
		says    []string
	}{
		{"the other way", []wire.CurrencyConversionFactor{factor("GBP", "USD", "1.25"), factor("EUR", "USD", "1.1")},
			[]string{"no currencyConversionFactors entry converts USD into EUR", "currencyConversionFactors[1] converts EUR into USD (factor 1.1)",
				"send the factor from USD (sourceCurrency) to EUR (targetCurrency)"}},
		{"none", nil, []string{"the company code currency is EUR and the document's currency USD", "are left out"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := sale(c.factors...).LineItems[0]
			if l.CompanyCodeCurrencyTaxAmount != nil || l.CompanyCodeCurrencyTaxableAmount != nil {
				t.Errorf("company code amounts %v and %v, want none", l.CompanyCodeCurrencyTaxAmount, l.CompanyCodeCurrencyTaxableAmount)
			}
			p := note(l)
			if p == nil {
				t.Fatalf("no assisted parameter %s: %+v", CompanyUnconvertedRule, l.AssistedParameters)
			}
			if p.ParamName != "companyCodeCurrency" || p.Phase != wire.PhasePost || p.OriginalValue != "EUR" {
				t.Errorf("assisted parameter %+v", p)
			}
			for _, s := range c.says {
				if !strings.Contains(p.Value, s) {
					t.Errorf("the note %q does not say %q", p.Value, s)
				}
			}
			if c.factors == nil && strings.Contains(p.Value, "the other way") {
				t.Errorf("the note names a factor that was not sent: %q", p.Value)
			}
		})
	}

	// The factor in its own direction converts, and nothing is said.
	l := sale(factor("EUR", "USD", "1.1"), factor("USD", "EUR", "0.9")).LineItems[0]
	if l.CompanyCodeCurrencyTaxAmount == nil || l.CompanyCodeCurrencyTaxableAmount == nil || l.CompanyCodeCurrencyTaxableAmount.String() != "90.00" {
		t.Errorf("company code amounts %v and %v, want the taxable 90.00", l.CompanyCodeCurrencyTaxAmount, l.CompanyCodeCurrencyTaxableAmount)
	}
	if p := note(l); p != nil {
		t.Errorf("an assisted parameter %+v on a line whose amounts were converted", p)
	}
	// The document's own currency needs no factor.
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.CompanyCodeCurrency = &wire.Currency{ISOCurrencyCodeAlpha: "USD"}
	resp, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if p := note(resp.LineItems[0]); p != nil {
		t.Errorf("an assisted parameter %+v on a document in the company code currency", p)
	}
}
