package api

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestRateOverrideOfTiersOfTheirOwnRates sends, over loopback, sales
// in Mumbai of a shirt with a rate override of the GST. A shirt of Rs
// 900 falls in the tier of India's garments by price that carries its
// own rate (5%): the override changed nothing and was not said to; now
// its rate carries not-acted-on, the GST unchanged. A shirt of Rs 3,000
// bears the rate the tier leaves to the jurisdiction, which the
// override gives, and says nothing.
func TestRateOverrideOfTiersOfTheirOwnRates(t *testing.T) {
	h := newHarness(t)
	body := func(price, override string) string {
		return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "currency":{"isoCurrencyCodeAlpha":"INR"},
 "seller":{"company":"ACME","physicalOrigin":{"city":"Mumbai","postalCode":"400001","country":"IN"}},
 "customer":{"destination":{"city":"Mumbai","postalCode":"400001","country":"IN"}},
 "lineItems":[{"lineItemId":"1","product":{"productClass":"CLOTHING"},"quantity":{"value":1},"extendedPrice":` + price + override + `}]}`
	}
	type line struct {
		Taxes []struct {
			Imposition struct {
				Value string `json:"value"`
			} `json:"imposition"`
			CalculatedTax json.Number `json:"calculatedTax"`
		} `json:"taxes"`
		AssistedParameters []struct {
			ParamName     string `json:"paramName"`
			RuleName      string `json:"ruleName"`
			OriginalValue string `json:"originalValue"`
		} `json:"assistedParameters"`
	}
	quote := func(price, override string) (string, line) {
		t.Helper()
		a := h.post("/api/v2/supplies", body(price, override))
		var got struct {
			LineItems []line `json:"lineItems"`
		}
		dataOf(t, a, &got)
		l := got.LineItems[0]
		for _, x := range l.Taxes {
			if x.Imposition.Value == "GST" {
				return x.CalculatedTax.String(), l
			}
		}
		t.Fatalf("Rs %s: no GST in %.800s", price, a.body)
		return "", l
	}
	flagged := func(l line, param string) string {
		for _, p := range l.AssistedParameters {
			if p.RuleName == "not-acted-on" && p.ParamName == param {
				return p.OriginalValue
			}
		}
		return ""
	}
	const override = `,"rateOverrides":[{"impositionType":{"value":"GST"},"rate":0.1}]`
	for _, c := range []struct {
		price, tax, flag string
	}{
		{"900", "45.00", "0.1"},
		{"3000", "300.00", ""},
	} {
		plain, _ := quote(c.price, "")
		tax, l := quote(c.price, override)
		if got := flagged(l, "lineItems[0].rateOverrides[0].rate"); tax != c.tax || got != c.flag {
			t.Errorf("Rs %s with a GST rate of 10%%: GST %s (%s without), not-acted-on %s; want GST %s and not-acted-on %s",
				c.price, tax, plain, strconv.Quote(got), c.tax, strconv.Quote(c.flag))
		}
	}
	// The document's rate override, inherited.
	tax, _ := quote("900", "")
	b := strings.Replace(body("900", ""), `"lineItems"`, `"rateOverrides":[{"impositionType":{"value":"GST"},"rate":0.1}],"lineItems"`, 1)
	a := h.post("/api/v2/supplies", b)
	var got struct {
		LineItems []line `json:"lineItems"`
	}
	dataOf(t, a, &got)
	if len(got.LineItems) != 1 || flagged(got.LineItems[0], "rateOverrides[0].rate") != "0.1" {
		t.Errorf("the document's rate override of a Rs 900 shirt (GST %s without): %.800s, want not-acted-on rateOverrides[0].rate", tax, a.body)
	}
}
