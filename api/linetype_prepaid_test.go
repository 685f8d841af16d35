package api

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestPrepaidLineTypeOverHTTP sends, over loopback, a bill in
// Birmingham, Alabama, of two postpaid wireless lines for 60.00 and
// three prepaid cards for 75.00 (lineType PREPAID_WIRELESS, quantity 3:
// three retail transactions). The postpaid line bears Alabama's monthly
// 911 fee on each line and the USF; the prepaid line bears Alabama's
// prepaid wireless 911 charge, $2.23 on each transaction (6.69), with
// its imposition type and rule, and neither the postpaid 911 fee, the
// USF nor the federal excise tax, and says nothing.
func TestPrepaidLineTypeOverHTTP(t *testing.T) {
	h := newHarness(t)
	body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-02-15",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Birmingham","mainDivision":"AL","postalCode":"35203","country":"US"}},
 "customer":{"destination":{"city":"Birmingham","mainDivision":"AL","postalCode":"35203","country":"US"}},
 "lineItems":[{"lineItemId":"1","extendedPrice":60,"lineTypes":[{"value":"WIRELESS","count":2}]},
  {"lineItemId":"2","quantity":{"value":3},"extendedPrice":75,"lineType":{"value":"PREPAID_WIRELESS"}}]}`
	var r wire.SaleResponse
	dataOf(t, h.post("/vertex-ws/v2/supplies", body), &r)
	if len(r.LineItems) != 2 {
		t.Fatalf("%d lines", len(r.LineItems))
	}
	post, pre := r.LineItems[0], r.LineItems[1]
	if fee := impositionTaxes(post, "911 Fee"); len(fee) != 1 || fee[0].CalculatedTax.String() != "4.46" {
		t.Errorf("postpaid 911 fee %+v, want 2.23 on each of 2 lines", fee)
	}
	if usf := impositionTaxes(post, "Universal Service Fund"); len(usf) != 1 {
		t.Errorf("postpaid USF %+v", usf)
	}
	if len(impositionTaxes(post, "Prepaid Wireless 911 Charge")) != 0 {
		t.Errorf("the postpaid line bears the prepaid charge")
	}
	charge := impositionTaxes(pre, "Prepaid Wireless 911 Charge")
	if len(charge) != 1 || charge[0].CalculatedTax.String() != "6.69" || charge[0].Jurisdiction.JurisdictionID != "US-AL" ||
		charge[0].CalculationRuleID == nil || charge[0].CalculationRuleID.Value != "us-al-prepaid-911-charge-2024-01-01" {
		t.Errorf("prepaid charge %+v, want 2.23 on each of 3 transactions, rule us-al-prepaid-911-charge-2024-01-01", charge)
	}
	for _, imp := range []string{"911 Fee", "Universal Service Fund", "Federal Excise Tax"} {
		if x := impositionTaxes(pre, imp); len(x) != 0 {
			t.Errorf("the prepaid line bears %s: %+v", imp, x)
		}
	}
	for _, p := range pre.AssistedParameters {
		if p.RuleName == "tax-not-computed" || p.RuleName == "not-acted-on" {
			t.Errorf("prepaid line: %+v", p)
		}
	}
}
