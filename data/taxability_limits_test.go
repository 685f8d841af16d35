package data

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/shopspring/decimal"
)

// classRuleFile returns a taxability file that holds one product class
// rule and nothing else, with the threshold, its kind and its currency
// as given (a nil threshold is written absent), and no threshold rate.
func classRuleFile(t *testing.T, country, tax, treatment string, rate, threshold *decimal.Decimal, kind, currency string) []byte {
	t.Helper()
	return classRuleFileAt(t, country, tax, treatment, rate, threshold, kind, currency, nil)
}

// classRuleFileAt is classRuleFile with the rule's threshold rate
// (nil: absent).
func classRuleFileAt(t *testing.T, country, tax, treatment string, rate, threshold *decimal.Decimal, kind, currency string, thresholdRate *decimal.Decimal) []byte {
	t.Helper()
	return classRuleFileWith(t, country, tax, treatment, rate, threshold, kind, currency, thresholdRate, nil)
}

// classRuleFileWith is classRuleFileAt with the classes of the rule's
// threshold that must be on the document beside it (ThresholdWith).
func classRuleFileWith(t *testing.T, country, tax, treatment string, rate, threshold *decimal.Decimal, kind, currency string, thresholdRate *decimal.Decimal, with []string) []byte {
	t.Helper()
	w := binfmt.NewWriter(taxKind, taxVersion)
	opt := func(d *decimal.Decimal) {
		if d == nil {
			w.Uvarint(0)
			return
		}
		w.Uvarint(1)
		w.Varint(d.Coefficient().Int64())
		w.Int(int(d.Exponent()))
	}
	w.Uvarint(0) // state rows
	w.Uvarint(0) // holidays
	w.Uvarint(0) // shipping
	w.Uvarint(1)
	w.String(country)
	w.String("CHILDRENS_CLOTHING")
	w.String(tax)
	w.String(treatment)
	w.String("")
	opt(rate)
	opt(threshold)
	w.String(kind)
	w.String(currency)
	opt(thresholdRate)
	w.Uvarint(uint64(len(with)))
	for _, class := range with {
		w.String(class)
	}
	w.Uvarint(0) // effective
	w.Uvarint(0) // expiration
	w.String("c")
	w.Uvarint(0) // local taxes
	w.Uvarint(0) // lacking taxes
	f, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTaxabilityRateByPrice reads India's garments from the default
// file: 12% with 5% on a piece of INR 1,000 or less until 2025-09-21,
// then the standard rate with 5% on a piece of INR 2,500 or less. A
// file's up_to_rate rule reads on any country's standard, reduced or
// rate rule; one without its threshold rate, with a rate of 1 or below
// 0, without its limit or its currency, on an exempt rule, and a
// threshold rate with another kind are refused as corrupt.
func TestTaxabilityRateByPrice(t *testing.T) {
	tx, err := Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range tx.ProductClasses() {
		if r.Country == "IN" && r.ProductClass == "CLOTHING" {
			got = append(got, fmt.Sprintf("%s %v %v %s %s %v %s", r.Treatment, r.Rate, r.Threshold, r.ThresholdKind, r.ThresholdCurrency, r.ThresholdRate, r.Effective))
		}
	}
	want := []string{"rate 0.12 1000 up_to_rate INR 0.05 2017-07-01", "standard <nil> 2500 up_to_rate INR 0.05 2025-09-22"}
	if !slices.Equal(got, want) {
		t.Errorf("India's clothing: %q, want %q", got, want)
	}

	d1000, d5, d12 := decimal.NewFromInt(1000), decimal.RequireFromString("0.05"), decimal.RequireFromString("0.12")
	d1, dNeg := decimal.NewFromInt(1), decimal.RequireFromString("-0.05")
	for _, c := range []struct {
		treatment string
		rate      *decimal.Decimal
	}{{"standard", nil}, {"rate", &d12}} {
		if _, err := decodeTaxability(classRuleFileAt(t, "IN", "", c.treatment, c.rate, &d1000, "up_to_rate", "INR", &d5)); err != nil {
			t.Errorf("a %s rule with 5%% up to 1000: %v", c.treatment, err)
		}
	}
	for _, c := range []struct {
		what, treatment string
		rate, threshold *decimal.Decimal
		kind, currency  string
		thresholdRate   *decimal.Decimal
	}{
		{"no threshold rate", "rate", &d12, &d1000, "up_to_rate", "INR", nil},
		{"a threshold rate of 1", "rate", &d12, &d1000, "up_to_rate", "INR", &d1},
		{"a negative threshold rate", "rate", &d12, &d1000, "up_to_rate", "INR", &dNeg},
		{"no limit", "rate", &d12, nil, "up_to_rate", "INR", &d5},
		{"no currency", "rate", &d12, &d1000, "up_to_rate", "", &d5},
		{"an exempt rule", "exempt", nil, &d1000, "up_to_rate", "INR", &d5},
		{"a threshold rate with another kind", "rate", &d12, &d1000, "up_to_exempt", "INR", &d5},
		{"a standard rule without a limit", "standard", nil, nil, "", "", nil},
	} {
		_, err := decodeTaxability(classRuleFileAt(t, "IN", "", c.treatment, c.rate, c.threshold, c.kind, c.currency, c.thresholdRate))
		if !errors.Is(err, binfmt.ErrCorrupt) || !strings.Contains(err.Error(), "IN CHILDRENS_CLOTHING") {
			t.Errorf("%s: %v, want a corrupt file naming IN CHILDRENS_CLOTHING", c.what, err)
		}
	}
}

// TestTaxabilityProvinceLimits reads the default file's province rules
// with a price limit and a rate of their own: Manitoba's children's
// clothing, exempt from the RST up to 150 per item, and British
// Columbia's PST of 8% on accommodation. Changing what ProductClasses
// returns leaves the table alone. A file whose limit has no kind, an
// unknown kind, a limit on a country's rule or on a rule that is not an
// exemption, a limit without its currency or with one that is not an
// ISO 4217 code, and a currency without a limit are refused as corrupt.
func TestTaxabilityProvinceLimits(t *testing.T) {
	tx, err := Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	var mb, bc *ProductClassRule
	rules := tx.ProductClasses()
	for i := range rules {
		r := &rules[i]
		switch {
		case r.Country == "CA-MB" && r.ProductClass == "CHILDRENS_CLOTHING":
			mb = r
		case r.Country == "CA-BC" && r.ProductClass == "ACCOMMODATION":
			bc = r
		}
	}
	if mb == nil || mb.Tax != "PST" || mb.Treatment != "exempt" || mb.Threshold == nil || mb.Threshold.String() != "150" || mb.ThresholdKind != "up_to_exempt" ||
		mb.ThresholdCurrency != "CAD" {
		t.Errorf("Manitoba's children's clothing: %+v, want PST exempt up to CAD 150 (up_to_exempt)", mb)
	}
	if bc == nil || bc.Tax != "PST" || bc.Treatment != "rate" || bc.Rate == nil || bc.Rate.String() != "0.08" || bc.Threshold != nil || bc.ThresholdCurrency != "" ||
		bc.Effective.String() != "2013-04-01" {
		t.Errorf("British Columbia's accommodation: %+v, want PST at 0.08 from 2013-04-01", bc)
	}
	if mb != nil && bc != nil {
		*mb.Threshold = decimal.NewFromInt(1)
		*bc.Rate = decimal.NewFromInt(1)
		for _, r := range tx.ProductClasses() {
			if r.Country == "CA-MB" && r.ProductClass == "CHILDRENS_CLOTHING" && r.Threshold.String() != "150" ||
				r.Country == "CA-BC" && r.ProductClass == "ACCOMMODATION" && r.Rate.String() != "0.08" {
				t.Errorf("a changed copy reached the table: %+v", r)
			}
		}
	}

	d150 := decimal.NewFromInt(150)
	d0 := decimal.Zero
	if _, err := decodeTaxability(classRuleFile(t, "CA-MB", "PST", "exempt", nil, &d150, "up_to_exempt", "CAD")); err != nil {
		t.Errorf("a province's exempt rule up to 150: %v", err)
	}
	for _, c := range []struct {
		what, country, tax, treatment string
		threshold                     *decimal.Decimal
		kind, currency                string
	}{
		{"a limit without its kind", "CA-MB", "PST", "exempt", &d150, "", "CAD"},
		{"a kind without its limit", "CA-MB", "PST", "exempt", nil, "below_exempt", "CAD"},
		{"an unknown kind", "CA-MB", "PST", "exempt", &d150, "under", "CAD"},
		{"a limit of 0", "CA-MB", "PST", "exempt", &d0, "below_exempt", "CAD"},
		{"a limit on a country's rule", "DE", "", "exempt", &d150, "below_exempt", "EUR"},
		{"a limit on a nontaxable rule", "CA-MB", "PST", "nontaxable", &d150, "below_exempt", "CAD"},
		{"a limit without its currency", "CA-MB", "PST", "exempt", &d150, "up_to_exempt", ""},
		{"a limit in a currency that is not a code", "CA-MB", "PST", "exempt", &d150, "up_to_exempt", "C$"},
		{"a limit in a currency in small letters", "CA-MB", "PST", "exempt", &d150, "up_to_exempt", "cad"},
		{"a currency without a limit", "CA-MB", "PST", "exempt", nil, "", "CAD"},
	} {
		_, err := decodeTaxability(classRuleFile(t, c.country, c.tax, c.treatment, nil, c.threshold, c.kind, c.currency))
		if !errors.Is(err, binfmt.ErrCorrupt) || !strings.Contains(err.Error(), c.country) {
			t.Errorf("%s: %v, want a corrupt file naming %s", c.what, err, c.country)
		}
	}
}

// TestTaxabilityThresholdCurrencies: every amount of the default
// file that limits a tax per item states its currency, the
// jurisdiction's: USD on the US states' thresholds (New York's clothing
// under 110, Massachusetts' 175, Rhode Island's 250) and the sales tax
// holidays' caps, CAD on Manitoba's children's clothing of 150 or less;
// and no row without an amount states one.
func TestTaxabilityThresholdCurrencies(t *testing.T) {
	tx, err := Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range tx.States() {
		if (r.Threshold == nil) != (r.ThresholdCurrency == "") || r.Threshold != nil && r.ThresholdCurrency != "USD" {
			t.Errorf("%s %s: threshold %v in %q, want USD with a threshold and none without", r.State, r.Class, r.Threshold, r.ThresholdCurrency)
		}
		if r.Threshold != nil && r.Class == "CLOTHING" {
			seen[r.State+" "+r.Threshold.String()+" "+r.ThresholdCurrency] = true
		}
	}
	for _, want := range []string{"NY 110 USD", "MA 175 USD", "RI 250 USD"} {
		if !seen[want] {
			t.Errorf("no clothing threshold %s among %v", want, seen)
		}
	}
	caps := 0
	for _, h := range tx.Holidays() {
		if (h.MaxPerItem == nil) != (h.Currency == "") || h.MaxPerItem != nil && h.Currency != "USD" {
			t.Errorf("holiday %s %q: cap %v in %q, want USD with a cap and none without", h.State, h.Name, h.MaxPerItem, h.Currency)
		}
		if h.MaxPerItem != nil {
			caps++
		}
	}
	if caps == 0 {
		t.Error("no holiday with a cap per item")
	}
	for _, r := range tx.ProductClasses() {
		if (r.Threshold == nil) != (r.ThresholdCurrency == "") {
			t.Errorf("%s %s: threshold %v in %q", r.Country, r.ProductClass, r.Threshold, r.ThresholdCurrency)
		}
		if r.Threshold != nil && strings.HasPrefix(r.Country, "CA-") && r.ThresholdCurrency != "CAD" {
			t.Errorf("%s %s: threshold in %s, want CAD", r.Country, r.ProductClass, r.ThresholdCurrency)
		}
	}
}
