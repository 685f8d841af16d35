package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// structureParam returns the rule name and sentence of the line's
// currency parameter of a threshold or structure weighed in another
// currency, "" for none, failing on two.
func structureParam(t *testing.T, name string, li wire.SaleResponseLineItem, currency string) (rule, says string) {
	t.Helper()
	for _, p := range li.AssistedParameters {
		if p.RuleName != ThresholdConvertedRule && p.RuleName != ThresholdUnconvertedRule {
			continue
		}
		if rule != "" {
			t.Errorf("%s: two currency parameters: %s and %s", name, rule, p.RuleName)
		}
		rule, says = p.RuleName, p.Value
		if p.ParamName != "currency" || p.OriginalValue != currency {
			t.Errorf("%s: parameter %s of %s, original value %s; want currency, %s", name, p.RuleName, p.ParamName, p.OriginalValue, currency)
		}
	}
	return rule, says
}

// TestStructureInItsCurrency weighs a line of a document in another
// currency than USD against Tennessee's single-article structures, whose
// bounds are in dollars (the state's 2.75% on $1,600.01 to $3,200, the
// local taxes on the first $1,600 of an item), converting the line's
// amount as a price threshold's is: at the taxed place's
// currencyConversion or a currencyConversionFactors entry. Before, the
// bounds were weighed as amounts of the document's currency: a dining
// table of JPY 300,000 in Memphis (USD 2,010.00 at 0.0067) bore the
// local taxes on its first 1,600 yen and the single-article tax on 1,600
// yen. Memphis: state 7%, Shelby County 2.25%, the city 0.5%. Figures by
// hand:
//
//   - JPY at 0.0067: USD 1,600 is JPY 238,805.97, 238,806 in yen; USD
//     3,200 is JPY 477,612. JPY 300,000: state 7% of 300,000 = 21,000
//     plus 2.75% of 300,000 - 238,806 = 61,194, 1,682.835: 22,682.835,
//     22,683. Shelby 2.25% of 238,806 = 5,373.135, 5,373 (non-taxable
//     61,194); Memphis 0.5% of 238,806 = 1,194.03, 1,194.
//   - Before, or with nothing to convert the yen (said):
//     state 21,000 + 2.75% of 1,600 = 21,044; Shelby 36; Memphis 8.
//   - EUR 1,500 at a factor of 1.08 is USD 1,620.00, over 1,600:
//     USD 1,600 is EUR 1,481.48. State 105.00 plus 2.75% of 18.52 =
//     0.5093: 105.51; Shelby 2.25% of 1,481.48 = 33.33 (non-taxable
//     18.52); Memphis 7.41. Before: 105.00, 33.75, 7.50.
//   - A return of the yen table credits what its sale bore.
//   - A USD document is weighed as before and says nothing, with a
//     conversion into another currency sent or not.
func TestStructureInItsCurrency(t *testing.T) {
	memphis := func() *wire.Location {
		return &wire.Location{StreetAddress1: "125 N Main St", City: "Memphis", MainDivision: "TN", PostalCode: "38103", Country: "US"}
	}
	toUSD := func(rate string) *wire.CurrencyConversion {
		return &wire.CurrencyConversion{Currency: CurrencyCode("USD"), Rate: amt(rate)}
	}
	type want struct{ tax, taxable, nonTaxable string }
	for _, c := range []struct {
		name       string
		currency   string
		price      string
		conversion *wire.CurrencyConversion
		factor     string // a currencyConversionFactors entry from currency to USD, if any
		taxes      map[string]want
		total      string
		param      string
		says       []string
	}{
		{"JPY 300,000 table at the taxed place's 0.0067 (USD 2,010.00)", "JPY", "300000", toUSD("0.0067"), "",
			map[string]want{"Tennessee": {"22683", "300000", "0"}, "Shelby": {"5373", "238806", "61194"}, "Memphis": {"1194", "238806", "61194"}},
			"29250", ThresholdConvertedRule, []string{"is USD 2010.00 at the taxed place's conversion rate 0.0067",
				"us-tn-single-article", "tiers[0].upTo 1600 is JPY 238806", "tiers[1].upTo 3200 is JPY 477612",
				"us-tn-county-single-article", "maxBasisPerItem 1600 is JPY 238806"}},
		{"the return of the JPY 300,000 table", "JPY", "-300000", toUSD("0.0067"), "",
			map[string]want{"Tennessee": {"-22683", "-300000", "0"}, "Shelby": {"-5373", "-238806", "-61194"}, "Memphis": {"-1194", "-238806", "-61194"}},
			"-29250", ThresholdConvertedRule, []string{"(a return, weighed by its size) JPY -300000 is USD -2010.00"}},
		{"JPY 200,000 table (USD 1,340.00): within every bound", "JPY", "200000", toUSD("0.0067"), "",
			map[string]want{"Tennessee": {"14000", "200000", "0"}, "Shelby": {"4500", "200000", "0"}, "Memphis": {"1000", "200000", "0"}},
			"19500", ThresholdConvertedRule, []string{"is USD 1340.00"}},
		{"JPY 300,000 table with nothing to convert it: as before, and said", "JPY", "300000", nil, "",
			map[string]want{"Tennessee": {"21044", "300000", "0"}, "Shelby": {"36", "1600", "298400"}, "Memphis": {"8", "1600", "298400"}},
			"21088", ThresholdUnconvertedRule, []string{"nothing in the request converts them into USD", "no currencyConversionFactors from JPY to USD",
				"rate structure us-tn-single-article are in USD (tiers[0].upTo 1600, tiers[1].upTo 3200)"}},
		{"EUR 1,500 table at a conversion factor of 1.08 (USD 1,620.00)", "EUR", "1500.00", nil, "1.08",
			map[string]want{"Tennessee": {"105.51", "1500.00", "0"}, "Shelby": {"33.33", "1481.48", "18.52"}, "Memphis": {"7.41", "1481.48", "18.52"}},
			"146.25", ThresholdConvertedRule, []string{"is USD 1620.00 at the conversion factor 1.08", "maxBasisPerItem 1600 is EUR 1481.48"}},
		{"USD 5,000 table: the structures' own currency", "USD", "5000.00", nil, "",
			map[string]want{"Tennessee": {"394.00", "5000.00", "0"}, "Shelby": {"36.00", "1600.00", "3400.00"}, "Memphis": {"8.00", "1600.00", "3400.00"}},
			"438.00", "", nil},
		{"USD 5,000 table with a conversion into USD sent: nothing to convert", "USD", "5000.00", toUSD("1"), "",
			map[string]want{"Tennessee": {"394.00", "5000.00", "0"}, "Shelby": {"36.00", "1600.00", "3400.00"}, "Memphis": {"8.00", "1600.00", "3400.00"}},
			"438.00", "", nil},
		{"USD 5,000 table with a factor into EUR sent: nothing to convert", "USD", "5000.00", nil, "",
			map[string]want{"Tennessee": {"394.00", "5000.00", "0"}, "Shelby": {"36.00", "1600.00", "3400.00"}, "Memphis": {"8.00", "1600.00", "3400.00"}},
			"438.00", "", nil},
	} {
		seller, customer := memphis(), memphis()
		seller.CurrencyConversion, customer.CurrencyConversion = c.conversion, c.conversion
		l := Line("1", "GENERAL", c.price)
		l.Quantity = &wire.Measure{Value: amt("1")}
		req := Quotation("2026-06-15", SellerAt(seller), CustomerAt(customer), l)
		req.Currency = CurrencyCode(c.currency)
		switch {
		case c.factor != "":
			req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt(c.factor),
				SourceCurrency: CurrencyCode(c.currency), TargetCurrency: CurrencyCode("USD")}}
		case c.currency == "USD":
			req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt("0.92"),
				SourceCurrency: CurrencyCode("USD"), TargetCurrency: CurrencyCode("EUR")}}
		}
		r, err := testEngine(t).Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		li := r.LineItems[0]
		if len(li.Taxes) != len(c.taxes) {
			t.Errorf("%s: %d taxes, want %d", c.name, len(li.Taxes), len(c.taxes))
		}
		for _, x := range li.Taxes {
			w, ok := c.taxes[x.Jurisdiction.Value]
			if !ok {
				t.Errorf("%s: unexpected tax of %s", c.name, x.Jurisdiction.Value)
				continue
			}
			if !x.CalculatedTax.Equal(*amt(w.tax)) || !x.Taxable.Equal(*amt(w.taxable)) || !x.NonTaxable.Equal(*amt(w.nonTaxable)) {
				t.Errorf("%s: %s tax %s, taxable %s, non-taxable %s; want %s, %s, %s",
					c.name, x.Jurisdiction.Value, x.CalculatedTax, x.Taxable, x.NonTaxable, w.tax, w.taxable, w.nonTaxable)
			}
		}
		if !li.TotalTax.Equal(*amt(c.total)) {
			t.Errorf("%s: line's tax %s, want %s", c.name, li.TotalTax, c.total)
		}
		param, says := structureParam(t, c.name, li, c.currency)
		if says != "" {
			t.Logf("%s: %s: %s", c.name, param, says)
		}
		if param != c.param {
			t.Errorf("%s: currency parameter %q, want %q", c.name, param, c.param)
		}
		for _, s := range c.says {
			if !strings.Contains(says, s) {
				t.Errorf("%s: the parameter says %q, not %q", c.name, says, s)
			}
		}
	}
}

// TestStructureDocumentCapInItsCurrency caps a host's New York state tax
// at USD 5.00 a document (a structure's maxTaxPerDocument, in USD) and
// sells in Manhattan in yen at 0.0067. Before, the cap was 5 yen: a
// JPY 30,000 sale (USD 201.00) bore 5 yen of state tax where 4% is
// 1,200 yen (USD 8.04), more than USD 5.00; the cap is now USD 5.00 in
// yen, 746.27, 746 toward zero (USD 4.998). A sale of JPY 10,000 (state
// tax 400 yen, USD 2.68) is within the cap and bears it all; before, it
// bore 5 yen. Two lines of JPY 30,000 share the 746 yen.
func TestStructureDocumentCapInItsCurrency(t *testing.T) {
	cap5 := decimal.RequireFromString("5.00")
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithRules(nil, []rules.Structure{{ID: "host-ny-document-cap", Jurisdiction: "US-NY", Tax: "Sales and Use Tax", Kind: rules.SingleRate,
			MaxTaxPerDocument: &cap5, Currency: "USD", Reason: "a host's cap on the state tax of one document, for the test"}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		prices []string
		want   []string // the lines' New York tax
	}{
		{"JPY 30,000 (state tax USD 8.04): capped at USD 5.00", []string{"30000"}, []string{"746"}},
		{"JPY 10,000 (state tax USD 2.68): within the cap", []string{"10000"}, []string{"400"}},
		{"two lines of JPY 30,000 share the cap", []string{"30000", "30000"}, []string{"373", "373"}},
	} {
		var lines []wire.SaleLineItem
		for i, p := range c.prices {
			lines = append(lines, Line(string(rune('1'+i)), "GENERAL", p))
		}
		to := USAddress("350 5th Ave", "New York", "NY", "10001")
		to.CurrencyConversion = &wire.CurrencyConversion{Currency: CurrencyCode("USD"), Rate: amt("0.0067")}
		req := Quotation("2026-06-01", SellerAt(USAddress("350 5th Ave", "New York", "NY", "10001")), CustomerAt(to), lines...)
		req.Currency = CurrencyCode("JPY")
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i, li := range r.LineItems {
			x := taxOf(t, li.Taxes, "US-NY")
			if !x.CalculatedTax.Equal(*amt(c.want[i])) {
				t.Errorf("%s: line %d New York tax %s, want %s", c.name, i+1, x.CalculatedTax, c.want[i])
			}
			rule, says := structureParam(t, c.name, li, "JPY")
			if rule != ThresholdConvertedRule || !strings.Contains(says, "maxTaxPerDocument 5 is JPY 746") {
				t.Errorf("%s: line %d: parameter %q saying %q; want %s saying the cap in yen", c.name, i+1, rule, says, ThresholdConvertedRule)
			}
		}
	}
}

// TestStructureCurrencyRefused: a host's structure whose currency is not
// an ISO 4217 code, or not one of the dataset, is refused naming the
// member and the structure, in a rule file as in Go; one in a currency
// of the dataset is taken. Before, a rule file's structure could name no
// currency (the member was unknown).
func TestStructureCurrencyRefused(t *testing.T) {
	dir := t.TempDir()
	file := func(name, currency string) string {
		path := filepath.Join(dir, name)
		body := "{\"version\": 1, \"structures\": [\n {\"id\": \"host-tn-cap\", \"jurisdiction\": \"US-TN\", \"tax\": \"Sales and Use Tax\", \"kind\": \"SINGLE_RATE\",\n" +
			"  \"maxTaxPerItem\": 100, \"currency\": \"" + currency + "\", \"reason\": \"a host's cap, for the test\"}]}\n"
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, c := range []struct {
		name, currency string
		says           []string // "" to be taken
	}{
		{"lower case", "usd", []string{"line 2", "host-tn-cap", "currency", `"usd"`, "not an ISO 4217 alphabetic code"}},
		{"not three letters", "US", []string{"line 2", "host-tn-cap", "currency", `"US"`}},
		{"not a currency of the dataset", "ZZZ", []string{"line 2", "host-tn-cap", "currency", `"ZZZ"`, "not an ISO 4217 currency of the dataset"}},
		{"a currency of the dataset", "EUR", nil},
	} {
		_, err := New(context.Background(), WithRuleFiles(file(c.name+".json", c.currency)))
		switch {
		case c.says == nil && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.says != nil && err == nil:
			t.Errorf("%s: taken", c.name)
		case err != nil:
			for _, s := range c.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("%s: %q does not say %q", c.name, err, s)
				}
			}
		}
		// In Go, the same.
		cap100 := decimal.NewFromInt(100)
		_, err = New(context.Background(), WithRules(nil, []rules.Structure{{ID: "host-tn-cap", Jurisdiction: "US-TN", Tax: "Sales and Use Tax",
			Kind: rules.SingleRate, MaxTaxPerItem: &cap100, Currency: c.currency, Reason: "a host's cap, for the test"}}))
		switch {
		case c.says == nil && err != nil:
			t.Errorf("%s, in Go: %v", c.name, err)
		case c.says != nil && err == nil:
			t.Errorf("%s, in Go: taken", c.name)
		case err != nil && (!strings.Contains(err.Error(), "host-tn-cap") || !strings.Contains(err.Error(), "currency")):
			t.Errorf("%s, in Go: %q names neither the structure nor the currency", c.name, err)
		}
	}
}

// TestStructureWithoutCurrency: a host's structure that names no
// currency has its amounts taken in the document's currency, as a host's
// threshold without one: a cap of 5.00 on a yen document is 5 yen, and
// the line says nothing of a conversion.
func TestStructureWithoutCurrency(t *testing.T) {
	cap5 := decimal.RequireFromString("5.00")
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithRules(nil, []rules.Structure{{ID: "host-ny-document-cap", Jurisdiction: "US-NY", Tax: "Sales and Use Tax", Kind: rules.SingleRate,
			MaxTaxPerDocument: &cap5, Reason: "a host's cap on the state tax of one document, for the test"}}))
	if err != nil {
		t.Fatal(err)
	}
	to := USAddress("350 5th Ave", "New York", "NY", "10001")
	to.CurrencyConversion = &wire.CurrencyConversion{Currency: CurrencyCode("USD"), Rate: amt("0.0067")}
	req := Quotation("2026-06-01", SellerAt(USAddress("350 5th Ave", "New York", "NY", "10001")), CustomerAt(to), Line("1", "GENERAL", "30000"))
	req.Currency = CurrencyCode("JPY")
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	li := r.LineItems[0]
	if x := taxOf(t, li.Taxes, "US-NY"); !x.CalculatedTax.Equal(*amt("5")) {
		t.Errorf("New York tax %s, want 5", x.CalculatedTax)
	}
	if rule, says := structureParam(t, "no currency", li, "JPY"); rule != "" {
		t.Errorf("parameter %s saying %q; want none", rule, says)
	}
}
