package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// extraFees returns the calculated taxes of a line's imposition type
// impType, in order.
func extraFees(li wire.SaleResponseLineItem, impType string) []string {
	var out []string
	for _, x := range li.Taxes {
		if x.ImpositionType != nil && x.ImpositionType.Value == impType {
			out = append(out, x.CalculatedTax.String())
		}
	}
	return out
}

// extraCurrencyCase is a document's currency and conversion, and what
// its line's fee per line must come to.
type extraCurrencyCase struct {
	name       string
	currency   string
	price      string
	conversion string // the customer's currencyConversion into USD, if any
	factor     string // a currencyConversionFactors entry from currency to USD, if any
	fee        string // the fee the line bears
	param      string
	says       []string
}

// setExtraCurrency sets the document's currency and conversion of case c
// on req, whose customer's destination is the taxed place.
func setExtraCurrency(req *wire.SaleRequest, c extraCurrencyCase) {
	req.Currency = CurrencyCode(c.currency)
	req.LineItems[0].ExtendedPrice = amt(c.price)
	if c.conversion != "" {
		req.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: CurrencyCode("USD"), Rate: amt(c.conversion)}
	}
	switch {
	case c.factor != "":
		req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt(c.factor),
			SourceCurrency: CurrencyCode(c.currency), TargetCurrency: CurrencyCode("USD")}}
	case c.currency == "USD":
		req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt("0.92"),
			SourceCurrency: CurrencyCode("USD"), TargetCurrency: CurrencyCode("EUR")}}
	}
}

// checkExtraCurrency checks the fee and the currency parameter of the
// response's first line against case c.
func checkExtraCurrency(t *testing.T, c extraCurrencyCase, r *wire.SaleResponse, impType string) {
	t.Helper()
	li := r.LineItems[0]
	if got := extraFees(li, impType); len(got) != 1 || got[0] != c.fee {
		t.Errorf("%s: %s %v, want [%s]", c.name, impType, got, c.fee)
	}
	rule, says := structureParam(t, c.name, li, c.currency)
	if rule != c.param {
		t.Errorf("%s: currency parameter %q saying %q, want %q", c.name, rule, says, c.param)
	}
	for _, s := range c.says {
		if !strings.Contains(says, s) {
			t.Errorf("%s: the parameter says %q, not %q", c.name, says, s)
		}
	}
}

// TestExtraFeeInItsCurrency charges Montana's 911 fee of USD 1.00 per
// line (data/COMMUNICATIONS.md) on a wireless line of a document in
// another currency. Before, the fee was taken as an amount of the
// document's currency: 1 yen, EUR 1.00. Now it is converted as a price
// threshold's amount is, at the taxed place's currencyConversion or a
// currencyConversionFactors entry, and rounded to the document's minor
// units: USD 1.00 at 0.0067 is JPY 149.25, 149; at a factor of 1.08 it
// is EUR 0.9259, 0.93. With nothing to convert the yen the fee is 1 yen,
// as before, and the line says so; a USD document is charged USD 1.00
// and says nothing.
func TestExtraFeeInItsCurrency(t *testing.T) {
	e := testEngine(t)
	for _, c := range []extraCurrencyCase{
		{"JPY at the taxed place's 0.0067", "JPY", "15000", "0.0067", "", "149", ThresholdConvertedRule,
			[]string{"911 Fee of rule us-mt-911-fee-", "is USD 1.00 per line, charged as JPY 149 at the taxed place's conversion rate 0.0067"}},
		{"JPY at a conversion factor of 0.0067", "JPY", "15000", "", "0.0067", "149", ThresholdConvertedRule,
			[]string{"charged as JPY 149 at the conversion factor 0.0067"}},
		{"EUR at a conversion factor of 1.08", "EUR", "90.00", "", "1.08", "0.93", ThresholdConvertedRule,
			[]string{"charged as EUR 0.93 at the conversion factor 1.08"}},
		{"JPY with nothing to convert it: as before, and said", "JPY", "15000", "", "", "1", ThresholdUnconvertedRule,
			[]string{"nothing in the request converts them into USD", "no currencyConversionFactors from JPY to USD", "charged as if it were JPY 1"}},
		{"USD: the fee's own currency", "USD", "90.00", "", "", "1.00", "", nil},
		{"USD with a conversion into USD sent", "USD", "90.00", "1", "", "1.00", "", nil},
	} {
		req := telecomSaleIn("2026-02-15", "Helena", "MT", "59601", wire.LineTypeSet{Value: "WIRELESS"})
		setExtraCurrency(req, c)
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkExtraCurrency(t, c, r, e911Imposition)
	}
}

// TestFranchiseFeeInItsCurrency charges the example table's Seattle
// video service fee of 0.85 per line, a fee of a US franchise area and
// so in US dollars, on three lines of a document in yen. Before, it was
// 0.85 yen a line, 3 yen. At 0.0067 it is JPY 126.87, 127, a line: 381;
// in euros at 1.08, EUR 0.79 a line: 2.37.
func TestFranchiseFeeInItsCurrency(t *testing.T) {
	e, err := New(context.Background(), WithContent(content.Options{AsOf: civil.MustParse("2026-06-01")},
		content.Source{Path: "../data/content/testdata/franchise-example.csv"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []extraCurrencyCase{
		{"JPY at the taxed place's 0.0067", "JPY", "6000", "0.0067", "", "381", ThresholdConvertedRule,
			[]string{"Franchise Fee Video Service Fee of rule franchise-fee-SEA-VIDEO-2 is USD 0.85 per line, charged as JPY 127"}},
		{"EUR at a conversion factor of 1.08", "EUR", "40.00", "", "1.08", "2.37", ThresholdConvertedRule,
			[]string{"charged as EUR 0.79 at the conversion factor 1.08"}},
		{"JPY with nothing to convert it: as before, and said", "JPY", "6000", "", "", "3", ThresholdUnconvertedRule,
			[]string{"nothing in the request converts them into USD", "charged as if it were JPY 0.85"}},
		{"USD", "USD", "40.00", "", "", "2.55", "", nil},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"),
			Seller:       &wire.Seller{PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
			Customer:     &wire.Customer{Destination: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
			LineItems: []wire.SaleLineItem{{LineItemID: "video", Product: &wire.Product{ProductClass: "SERVICES"},
				LineDetails: wire.LineDetails{FranchiseAreaID: "SEA-VIDEO-2", LineTypes: []wire.LineTypeSet{{Value: "CABLE", Count: amt("3")}}}}}}
		setExtraCurrency(req, c)
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkExtraCurrency(t, c, r, franchiseImpositionType)
	}
}

// TestProfileFranchiseFeeInItsCurrency: a tenant's franchise fee per
// line in a US area (a profile states no currency) is in US dollars, as
// the server's: acme's USD 1.25 a line on two VoIP lines in Chicago is
// JPY 186.57, 187, a line at 0.0067: 374. Before, 2.50 yen, 3.
func TestProfileFranchiseFeeInItsCurrency(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	perLine := decimal.RequireFromString("1.25")
	if _, err := profile.NewService(store, profile.Config{}).Apply(ctx, "acme", "test", profile.ChangeSet{Franchises: []profile.Franchise{
		{AreaID: "ACME-TEL-1", Name: "Telecom Franchise Fee", PerLine: true, Amount: &perLine, Source: "acme's telecom franchise"}}}); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	for _, c := range []extraCurrencyCase{
		{"JPY at the taxed place's 0.0067", "JPY", "7500", "0.0067", "", "374", ThresholdConvertedRule,
			[]string{"Franchise Fee Telecom Franchise Fee of rule franchise-fee-ACME-TEL-1 is USD 1.25 per line, charged as JPY 187"}},
		{"JPY with nothing to convert it", "JPY", "7500", "", "", "3", ThresholdUnconvertedRule, []string{"charged as if it were JPY 1.25"}},
		{"USD", "USD", "50.00", "", "", "2.50", "", nil},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"),
			Seller:       &wire.Seller{PhysicalOrigin: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
			Customer:     &wire.Customer{Destination: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
			LineItems: []wire.SaleLineItem{{LineItemID: "tel", Product: &wire.Product{ProductClass: "SERVICES"},
				LineDetails: wire.LineDetails{FranchiseAreaID: "ACME-TEL-1", LineTypes: []wire.LineTypeSet{{Value: "CABLE", Count: amt("2")}}}}}}
		setExtraCurrency(req, c)
		r, err := e.Sale(levy.WithTenant(ctx, "acme"), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkExtraCurrency(t, c, r, franchiseImpositionType)
	}
}

// TestProfileFranchiseFeeOfItsCurrency: a tenant's franchise fee per
// line that names its currency is in that currency, wherever its area:
// acme's EUR 1.25 a line on two lines in Chicago is, on a document in US
// dollars, USD 1.36 a line at a conversion factor of 0.92 from USD to
// EUR (1.3587), 2.72; on one in yen at 0.0062 from JPY to EUR, JPY 202
// a line, 404; on one in euros, EUR 2.50 as it is. Before, the fee was
// taken in US dollars, the rule of a fee in the US that names no
// currency: USD 2.50, and EUR 2.50 said unconverted.
func TestProfileFranchiseFeeOfItsCurrency(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	perLine := decimal.RequireFromString("1.25")
	if _, err := profile.NewService(store, profile.Config{}).Apply(ctx, "acme", "test", profile.ChangeSet{Franchises: []profile.Franchise{
		{AreaID: "ACME-TEL-1", Name: "Telecom Franchise Fee", PerLine: true, Amount: &perLine, Currency: "EUR", Source: "acme's telecom franchise"}}}); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	for _, c := range []struct {
		extraCurrencyCase
		toEUR    string // a currencyConversionFactors entry from the document's currency to EUR
		placeEUR string // the taxed place's currencyConversion into EUR
	}{
		{extraCurrencyCase{"USD at a conversion factor of 0.92", "USD", "50.00", "", "", "2.72", ThresholdConvertedRule,
			[]string{"Franchise Fee Telecom Franchise Fee of rule franchise-fee-ACME-TEL-1 is EUR 1.25 per line, charged as USD 1.36 at the conversion factor 0.92"}},
			"0.92", ""},
		{extraCurrencyCase{"USD at the taxed place's 0.92", "USD", "50.00", "", "", "2.72", ThresholdConvertedRule,
			[]string{"charged as USD 1.36 at the taxed place's conversion rate 0.92"}}, "", "0.92"},
		{extraCurrencyCase{"JPY at a conversion factor of 0.0062", "JPY", "7500", "", "", "404", ThresholdConvertedRule,
			[]string{"is EUR 1.25 per line, charged as JPY 202 at the conversion factor 0.0062"}}, "0.0062", ""},
		{extraCurrencyCase{"USD with nothing to convert it", "USD", "50.00", "", "", "2.50", ThresholdUnconvertedRule,
			[]string{"nothing in the request converts them into EUR", "charged as if it were USD 1.25"}}, "", ""},
		{extraCurrencyCase{"EUR: the fee's own currency", "EUR", "50.00", "", "", "2.50", "", nil}, "", ""},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: CurrencyCode(c.currency),
			Seller:   &wire.Seller{PhysicalOrigin: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
			Customer: &wire.Customer{Destination: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
			LineItems: []wire.SaleLineItem{{LineItemID: "tel", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt(c.price),
				LineDetails: wire.LineDetails{FranchiseAreaID: "ACME-TEL-1", LineTypes: []wire.LineTypeSet{{Value: "CABLE", Count: amt("2")}}}}}}
		if c.toEUR != "" {
			req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt(c.toEUR),
				SourceCurrency: CurrencyCode(c.currency), TargetCurrency: CurrencyCode("EUR")}}
		}
		if c.placeEUR != "" {
			req.Customer.Destination.CurrencyConversion = &wire.CurrencyConversion{Currency: CurrencyCode("EUR"), Rate: amt(c.placeEUR)}
		}
		r, err := e.Sale(levy.WithTenant(ctx, "acme"), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkExtraCurrency(t, c.extraCurrencyCase, r, franchiseImpositionType)
	}
}
