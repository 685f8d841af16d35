package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/wire"
)

// TestLowValueLimitFromContent: the low-value import limits are data. A
// content table of format low-value-limits (engine.WithContent) that
// gives the United Kingdom a limit of £300 from 2021-01-01 in place of
// the dataset's £135 makes a seller registered in GB charge UK VAT at
// sale on £200 of goods from New York (40.00, rule
// import-registered-seller, the reason naming the content's scheme),
// which over the dataset alone meet the VAT at the border (0.00,
// import-at-border); £400 is above either limit.
func TestLowValueLimitFromContent(t *testing.T) {
	today := WithToday(func() civil.Date { return civil.MustParse("2026-06-01") })
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	sale := func(e *Engine, price string) (string, string, string) {
		t.Helper()
		r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "GBP"},
			Seller:    &wire.Seller{PhysicalOrigin: newYork, TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}}},
			Customer:  &wire.Customer{Destination: london},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(price)}}})
		if err != nil {
			t.Fatal(err)
		}
		l := r.LineItems[0]
		rule, reason := "", ""
		for _, x := range l.Taxes {
			if x.CalculationRuleID != nil {
				rule = x.CalculationRuleID.Value
			}
		}
		for _, p := range l.AssistedParameters {
			if p.ParamName == "currency" {
				reason = p.Value
			}
		}
		return l.TotalTax.String(), rule, reason
	}
	plain, err := New(context.Background(), today)
	if err != nil {
		t.Fatal(err)
	}
	if total, rule, _ := sale(plain, "200.00"); total != "0.00" || rule != "import-at-border" {
		t.Fatalf("£200 over the dataset alone: %s by %s, want 0.00 at the border", total, rule)
	}
	path := filepath.Join(t.TempDir(), "limits.csv")
	csv := "country,effective,expiration,limit,currency,applies_to,within,business_reverse_charge,scheme,citation\n" +
		"GB,2021-01-01,,300,GBP,consignment,at-or-below,yes,a test's £300 rule,a test\n"
	if err := os.WriteFile(path, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), today, WithContent(content.Options{}, content.Source{Path: path}))
	if err != nil {
		t.Fatal(err)
	}
	total, rule, reason := sale(e, "200.00")
	if total != "40.00" || rule != "import-registered-seller" || !strings.Contains(reason, "within GBP 300 (a test's £300 rule)") {
		t.Errorf("£200 with the content's limit: %s by %s (%q), want 40.00 charged at sale within GBP 300", total, rule, reason)
	}
	if total, rule, _ := sale(e, "400.00"); total != "0.00" || rule != "import-at-border" {
		t.Errorf("£400 with the content's limit: %s by %s, want 0.00 at the border", total, rule)
	}
}
