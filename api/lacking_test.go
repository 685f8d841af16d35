package api

import (
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestTaxNotComputedOverHTTP: a quotation of SaaS sold into Denver, over
// loopback, names on its line the tax that Denver's own code levies and
// Levy does not compute; its goods line, taxed at Denver's rates, says
// nothing.
func TestTaxNotComputedOverHTTP(t *testing.T) {
	h := newHarness(t)
	body := strings.Replace(addressQuotation(`{"streetAddress1":"1437 Bannock St","city":"Denver","mainDivision":"CO","postalCode":"80202","country":"US"}`),
		`{"lineItemId":"1",`, `{"lineItemId":"1","product":{"productClass":"SAAS"},`, 1)
	var r wire.SaleResponse
	dataOf(t, h.post("/vertex-ws/v2/supplies", body), &r)
	want := wire.AssistedParameter{ParamName: "productClass", Phase: wire.PhasePost, RuleName: "tax-not-computed", OriginalValue: "SAAS",
		Value: "US-0820000 Denver taxes SAAS under its own sales and use tax code (Denver Tax Guide Topic No. 18); Levy does not compute it"}
	if len(r.LineItems) != 2 {
		t.Fatalf("%d lines", len(r.LineItems))
	}
	if ap := r.LineItems[0].AssistedParameters; len(ap) != 1 || ap[0] != want || r.LineItems[0].TotalTax.Decimal().Sign() != 0 {
		t.Errorf("SaaS line: %+v, tax %s", ap, r.LineItems[0].TotalTax)
	}
	if ap := r.LineItems[1].AssistedParameters; len(ap) != 0 || r.LineItems[1].TotalTax.Decimal().Sign() <= 0 {
		t.Errorf("goods line: %+v, tax %s", ap, r.LineItems[1].TotalTax)
	}
}

// TestLackingUSFFactorOverHTTP: a month of two wireless lines in
// Birmingham, Alabama, over loopback. Dated in the last quarter whose
// USF factor the dataset has (the second quarter of 2026), the line bears
// the USF; dated a year after it (2027-06-01), it bears none, is not
// charged the last quarter's factor, and its WIRELESS entry carries
// tax-not-computed naming its quarter and the last one the dataset has,
// while Alabama's 911 fee, which does not depend on the quarter, is
// charged on both dates. When a later quarter's notice is added to
// us-communications-usf.csv, this test moves with it.
func TestLackingUSFFactorOverHTTP(t *testing.T) {
	h := newHarness(t)
	sale := func(date string) wire.SaleResponseLineItem {
		t.Helper()
		body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"` + date + `",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Birmingham","mainDivision":"AL","postalCode":"35203","country":"US"}},
 "customer":{"destination":{"city":"Birmingham","mainDivision":"AL","postalCode":"35203","country":"US"}},
 "lineItems":[{"lineItemId":"1","extendedPrice":60,"lineTypes":[{"value":"WIRELESS","count":2}]}]}`
		var r wire.SaleResponse
		dataOf(t, h.post("/vertex-ws/v2/supplies", body), &r)
		if len(r.LineItems) != 1 {
			t.Fatalf("%s: %d lines", date, len(r.LineItems))
		}
		return r.LineItems[0]
	}

	// 60.00 of wireless revenue, 37.1% of it interstate: 22.26 at 37% is 8.24.
	l := sale("2026-06-30")
	if usf := impositionTaxes(l, "Universal Service Fund"); len(usf) != 1 || usf[0].CalculatedTax.String() != "8.24" {
		t.Errorf("2026-06-30: USF %+v, want 8.24", usf)
	}
	for _, p := range l.AssistedParameters {
		if p.RuleName == "tax-not-computed" {
			t.Errorf("2026-06-30: %+v", p)
		}
	}

	l = sale("2027-06-01")
	if usf := impositionTaxes(l, "Universal Service Fund"); len(usf) != 0 {
		t.Errorf("2027-06-01: USF charged without a factor: %+v", usf)
	}
	if fee := impositionTaxes(l, "911 Fee"); len(fee) != 1 {
		t.Errorf("2027-06-01: 911 fees %+v, want Alabama's", fee)
	}
	want := wire.AssistedParameter{ParamName: "lineItems[0].lineTypes[0].value", Phase: wire.PhasePost, RuleName: "tax-not-computed", OriginalValue: "WIRELESS",
		Value: "US Universal Service Fund on WIRELESS lines: no contribution factor of the FCC is known for 2027-q2, the quarter of 2027-06-01: " +
			"the dataset's factors end with 2026-q2 (37%, DA 26-218 (March 16 2026)), and the factor of one quarter is not charged in a later one " +
			"(data/COMMUNICATIONS.md); Levy does not compute it"}
	// Beside it, the line says only that Alabama's treatment of
	// TELECOMMUNICATIONS, the class its line type gives it, is not
	// confirmed (taxability-unconfirmed).
	var ap []wire.AssistedParameter
	for _, p := range l.AssistedParameters {
		if p.RuleName != "taxability-unconfirmed" {
			ap = append(ap, p)
		}
	}
	if len(ap) != 1 || ap[0] != want {
		t.Errorf("2027-06-01: parameters %+v\nwant %+v", l.AssistedParameters, want)
	}
}

// impositionTaxes returns the taxes of line l of imposition type imp.
func impositionTaxes(l wire.SaleResponseLineItem, imp string) []wire.Tax {
	var out []wire.Tax
	for _, x := range l.Taxes {
		if x.ImpositionType != nil && x.ImpositionType.Value == imp {
			out = append(out, x)
		}
	}
	return out
}
