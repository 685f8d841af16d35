package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestThresholdInItsCurrency weighs a line against a taxability rule's
// price threshold in the threshold's currency, the jurisdiction's
// (Manitoba's children's clothing of CAD 150 or less, New York's
// clothing under USD 110, Massachusetts' first USD 175 of an item),
// converting the document's amount at the destination's
// currencyConversion or a currencyConversionFactors entry. Before, the
// amount was weighed as it was, in the document's currency: a US$140
// kids' jacket sold in Winnipeg was "C$140", within C$150 and exempt
// from the RST, though it is C$190.40 at the document's own rate of
// 1.36. Figures by hand:
//
//   - US$140 at 1.36 is C$190.40, above 150: RST 7% of 140.00 = 9.80,
//     GST 5% = 7.00. US$100 is C$136.00, exempt.
//   - A return of US$140 is weighed by its size: RST -9.80.
//   - US$140 tax included at 1.36: above the limit the net is
//     140 / 1.12 = 125.00 (C$170.00, above): RST 8.75, GST 6.25.
//   - C$140 of clothing to Manhattan at 0.73 is US$102.20, under 110:
//     no state tax, nor the city's and the MCTD's, which elected the
//     exemption. Without a conversion it is weighed as US$140, as
//     before: the state's 4% is 5.60, and an assisted parameter says
//     the threshold could not be weighed.
//   - C$300 to Boston at 0.73 is US$219.00: the first US$175 is exempt,
//     C$175 / 0.73 = 239.73; 60.27 is taxed at 6.25% = 3.77 (before:
//     300 - 175 = 125 taxed, 7.81).
//   - A document in the threshold's currency is weighed as before and
//     bears no parameter.
func TestThresholdInItsCurrency(t *testing.T) {
	e := testEngine(t)
	mb := func() *wire.Location { return Address("Winnipeg", "R3C 4T3", "CA") }
	manhattan := func() *wire.Location { return USAddress("350 5th Ave", "New York", "NY", "10001") }
	boston := func() *wire.Location { return USAddress("1 Main St", "Boston", "MA", "02108") }
	toCAD := &wire.CurrencyConversion{Currency: CurrencyCode("CAD"), Rate: amt("1.36")}
	toUSD := &wire.CurrencyConversion{Currency: CurrencyCode("USD"), Rate: amt("0.73")}
	type sale struct {
		where      func() *wire.Location
		currency   string
		class      string
		price, qty string
		included   bool
		conversion *wire.CurrencyConversion
		factor     string // a USD to CAD currencyConversionFactors entry, if any
	}
	for _, c := range []struct {
		name string
		sale sale
		// id is the jurisdiction whose record is checked: its result,
		// tax, taxable and exempt amounts.
		id                           string
		result, tax, taxable, exempt string
		total                        string // the line's total tax
		param                        string // the threshold parameter's rule name, "" for none
		says                         string // what the parameter must say
	}{
		{"US$140 kids' jacket to Winnipeg at 1.36 (C$190.40)",
			sale{where: mb, currency: "USD", class: childrensClothing, price: "140.00", conversion: toCAD},
			"CA-MB", "TAXABLE", "9.80", "140.00", "0", "16.80", ThresholdConvertedRule, "is CAD 190.40 at the taxed place's conversion rate 1.36"},
		{"US$100 kids' jacket to Winnipeg at 1.36 (C$136.00)",
			sale{where: mb, currency: "USD", class: childrensClothing, price: "100.00", conversion: toCAD},
			"CA-MB", "EXEMPT", "0", "0", "100.00", "5.00", ThresholdConvertedRule, "all of it is exempt"},
		{"US$140 kids' jacket to Winnipeg at a conversion factor of 1.36",
			sale{where: mb, currency: "USD", class: childrensClothing, price: "140.00", factor: "1.36"},
			"CA-MB", "TAXABLE", "9.80", "140.00", "0", "16.80", ThresholdConvertedRule, "is CAD 190.40 at the conversion factor 1.36"},
		{"two US$140 kids' jackets to Winnipeg at 1.36",
			sale{where: mb, currency: "USD", class: childrensClothing, price: "280.00", qty: "2", conversion: toCAD},
			"CA-MB", "TAXABLE", "19.60", "280.00", "0", "33.60", ThresholdConvertedRule, "CAD 380.80"},
		{"US$140 kids' jacket to Winnipeg with nothing to convert it: as before, and said",
			sale{where: mb, currency: "USD", class: childrensClothing, price: "140.00"},
			"CA-MB", "EXEMPT", "0", "0", "140.00", "7.00", ThresholdUnconvertedRule, "nothing in the request converts them"},
		{"C$200 kids' jacket to Winnipeg: the threshold's own currency",
			sale{where: mb, currency: "CAD", class: childrensClothing, price: "200.00"},
			"CA-MB", "TAXABLE", "14.00", "200.00", "0", "24.00", "", ""},
		{"C$140 kids' jacket to Winnipeg with a conversion into USD sent: nothing to convert",
			sale{where: mb, currency: "CAD", class: childrensClothing, price: "140.00", conversion: toUSD},
			"CA-MB", "EXEMPT", "0", "0", "140.00", "7.00", "", ""},
		{"the return of a US$140 kids' jacket to Winnipeg at 1.36",
			sale{where: mb, currency: "USD", class: childrensClothing, price: "-140.00", conversion: toCAD},
			"CA-MB", "TAXABLE", "-9.80", "-140.00", "0", "-16.80", ThresholdConvertedRule, "CAD -190.40"},
		{"the return of a US$100 kids' jacket to Winnipeg at 1.36",
			sale{where: mb, currency: "USD", class: childrensClothing, price: "-100.00", conversion: toCAD},
			"CA-MB", "EXEMPT", "0", "0", "-100.00", "-5.00", ThresholdConvertedRule, "all of it is exempt"},
		{"US$140 tax included to Winnipeg at 1.36: net 125.00 is C$170.00",
			sale{where: mb, currency: "USD", class: childrensClothing, price: "140.00", included: true, conversion: toCAD},
			"CA-MB", "TAXABLE", "8.75", "125.00", "0", "15.00", ThresholdConvertedRule, "net of the tax it includes"},
		{"C$140 of clothing to Manhattan at 0.73 (US$102.20)",
			sale{where: manhattan, currency: "CAD", class: "CLOTHING", price: "140.00", conversion: toUSD},
			"US-NY", "EXEMPT", "0", "0", "140.00", "0.00", ThresholdConvertedRule, "is USD 102.20"},
		{"two C$140 pieces of clothing to Manhattan at 0.73",
			sale{where: manhattan, currency: "CAD", class: "CLOTHING", price: "280.00", qty: "2", conversion: toUSD},
			"US-NY", "EXEMPT", "0", "0", "280.00", "0.00", ThresholdConvertedRule, "is USD 204.40"},
		{"C$160 of clothing to Manhattan at 0.73 (US$116.80)",
			sale{where: manhattan, currency: "CAD", class: "CLOTHING", price: "160.00", conversion: toUSD},
			"US-NY", "TAXABLE", "6.40", "160.00", "0", "14.20", ThresholdConvertedRule, "none of it is exempt"},
		{"C$140 of clothing to Manhattan with nothing to convert it: as before, and said",
			sale{where: manhattan, currency: "CAD", class: "CLOTHING", price: "140.00"},
			"US-NY", "TAXABLE", "5.60", "140.00", "0", "12.43", ThresholdUnconvertedRule, "weighed as if it were USD"},
		{"US$109.99 of clothing to Manhattan: the threshold's own currency",
			sale{where: manhattan, currency: "USD", class: "CLOTHING", price: "109.99"},
			"US-NY", "EXEMPT", "0", "0", "109.99", "0.00", "", ""},
		{"C$300 of clothing to Boston at 0.73 (US$219.00): the first US$175 is exempt",
			sale{where: boston, currency: "CAD", class: "CLOTHING", price: "300.00", conversion: toUSD},
			"US-MA", "TAXABLE", "3.77", "60.27", "239.73", "3.77", ThresholdConvertedRule, "239.73 of it is exempt"},
		{"the return of C$300 of clothing to Boston at 0.73",
			sale{where: boston, currency: "CAD", class: "CLOTHING", price: "-300.00", conversion: toUSD},
			"US-MA", "TAXABLE", "-3.77", "-60.27", "-239.73", "-3.77", ThresholdConvertedRule, "-239.73 of it is exempt"},
	} {
		s := c.sale
		to := s.where()
		to.CurrencyConversion = s.conversion
		l := Line("1", s.class, s.price)
		if s.qty != "" {
			l.Quantity = &wire.Measure{Value: amt(s.qty)}
		}
		l.TaxIncludedIndicator = s.included
		req := Quotation("2026-06-01", SellerAt(s.where()), CustomerAt(to), l)
		req.Currency = CurrencyCode(s.currency)
		if s.factor != "" {
			req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt(s.factor),
				SourceCurrency: CurrencyCode("USD"), TargetCurrency: CurrencyCode("CAD")}}
		}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		li := r.LineItems[0]
		x := taxOf(t, li.Taxes, c.id)
		param, says := "", ""
		for _, p := range li.AssistedParameters {
			if strings.HasPrefix(p.RuleName, "threshold-") {
				if param != "" {
					t.Errorf("%s: two threshold parameters: %s and %s", c.name, param, p.RuleName)
				}
				param, says = p.RuleName, p.Value
				if p.ParamName != "currency" || p.OriginalValue != s.currency {
					t.Errorf("%s: parameter %s of %s, original value %s; want currency, %s", c.name, p.RuleName, p.ParamName, p.OriginalValue, s.currency)
				}
			}
		}
		if string(x.TaxResult) != c.result || !x.CalculatedTax.Equal(*amt(c.tax)) || !x.Taxable.Equal(*amt(c.taxable)) || !x.Exempt.Equal(*amt(c.exempt)) ||
			!li.TotalTax.Equal(*amt(c.total)) {
			t.Errorf("%s: %s %s, tax %s, taxable %s, exempt %s, line's tax %s; want %s, %s, %s, %s, %s",
				c.name, c.id, x.TaxResult, x.CalculatedTax, x.Taxable, x.Exempt, li.TotalTax, c.result, c.tax, c.taxable, c.exempt, c.total)
		}
		if says != "" {
			t.Logf("%s: %s: %s", c.name, param, says)
		}
		if param != c.param || !strings.Contains(says, c.says) {
			t.Errorf("%s: threshold parameter %q saying %q; want %q saying %q", c.name, param, says, c.param, c.says)
		}
	}
}

// TestThresholdParametersInBatches: a threshold weighed at the request's
// own rate only explains the decision, and a batch leaves the document
// ok; one that could not be weighed flags it, as an unconverted
// low-value limit does.
func TestThresholdParametersInBatches(t *testing.T) {
	if !Explains(ThresholdConvertedRule) {
		t.Errorf("%s does not explain", ThresholdConvertedRule)
	}
	if Explains(ThresholdUnconvertedRule) {
		t.Errorf("%s explains", ThresholdUnconvertedRule)
	}
}

// TestThresholdAmountBelowACent: a line whose amount is less than half a
// cent of the threshold's currency (IDR 50 at a factor of 0.000063 is
// USD 0.00315, USD 0.00 in cents) is within New York's USD 110 and
// exempt, as every amount under it is; before, a converted amount of
// zero was read as a threshold that exempts none of it, and the state
// taxed the line (4% of IDR 50, IDR 2.00).
func TestThresholdAmountBelowACent(t *testing.T) {
	e := testEngine(t)
	to := USAddress("350 5th Ave", "New York", "NY", "10001")
	req := Quotation("2026-06-01", SellerAt(USAddress("350 5th Ave", "New York", "NY", "10001")), CustomerAt(to), Line("1", "CLOTHING", "50.00"))
	req.Currency = CurrencyCode("IDR")
	req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt("0.000063"),
		SourceCurrency: CurrencyCode("IDR"), TargetCurrency: CurrencyCode("USD")}}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	li := r.LineItems[0]
	x := taxOf(t, li.Taxes, "US-NY")
	if string(x.TaxResult) != "EXEMPT" || !x.Exempt.Equal(*amt("50.00")) || !li.TotalTax.IsZero() {
		t.Errorf("IDR 50 of clothing in Manhattan (USD 0.00): %s, exempt %s, line's tax %s; want EXEMPT, 50.00, 0", x.TaxResult, x.Exempt, li.TotalTax)
	}
}
