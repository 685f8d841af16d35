package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// commsWalkBody is a sale in one US place, as a carrier's billing
// system sends it over HTTP, with the line items given.
func commsWalkBody(date, city, state, zip, lines string) string {
	at := `{"city":"` + city + `","mainDivision":"` + state + `","postalCode":"` + zip + `","country":"US"}`
	return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"` + date + `",
 "seller":{"company":"ACME","physicalOrigin":` + at + `},"customer":{"destination":` + at + `},
 "lineItems":[` + lines + `]}`
}

// taxAmounts lists the amounts of line l's taxes of imposition imp.
func taxAmounts(l wire.SaleResponseLineItem, imp string) string {
	var out []string
	for _, x := range impositionTaxes(l, imp) {
		out = append(out, x.CalculatedTax.String())
	}
	return strings.Join(out, " ")
}

// TestCommsWalkInvoiceOverHTTP sends, over loopback, one Portland,
// Oregon invoice with a VoIP line of 30.00, a bill of two wireless lines
// and a landline for 90.00 (lineTypes with counts) and a service line
// with no line type. The VoIP line bears the USF on its 64.9% safe
// harbor at 37.6% (19.47, 7.32) and Oregon's $1.25 tax; the bill bears
// the USF on the wireless 60.00's 37.1% (22.26, 8.37), the 3% excise tax
// on the landline's 30.00 (0.90) and $1.25 on each of its three lines
// (2.50 and 1.25); the service line bears none of them and says nothing.
func TestCommsWalkInvoiceOverHTTP(t *testing.T) {
	h := newHarness(t)
	body := commsWalkBody("2026-02-15", "Portland", "OR", "97201",
		`{"lineItemId":"voip","extendedPrice":30,"lineType":{"value":"VOIP"}},
  {"lineItemId":"bill","extendedPrice":90,"lineTypes":[{"value":"WIRELESS","count":2},{"value":"LOCAL","count":1}]},
  {"lineItemId":"install","extendedPrice":45}`)
	var r wire.SaleResponse
	dataOf(t, h.post("/vertex-ws/v2/supplies", body), &r)
	if len(r.LineItems) != 3 {
		t.Fatalf("%d lines", len(r.LineItems))
	}
	for i, c := range []struct{ usf, fet, fee string }{
		{"7.32", "", "1.25"},
		{"8.37", "0.90", "2.50 1.25"},
		{"", "", ""},
	} {
		l := r.LineItems[i]
		if got := taxAmounts(l, "Universal Service Fund"); got != c.usf {
			t.Errorf("line %d: USF %q, want %q", i, got, c.usf)
		}
		if got := taxAmounts(l, "Federal Excise Tax"); got != c.fet {
			t.Errorf("line %d: excise tax %q, want %q", i, got, c.fet)
		}
		if got := taxAmounts(l, "911 Fee"); got != c.fee {
			t.Errorf("line %d: 911 fee %q, want %q", i, got, c.fee)
		}
		for _, p := range l.AssistedParameters {
			if p.RuleName == "tax-not-computed" || p.RuleName == "not-acted-on" {
				t.Errorf("line %d says %+v", i, p)
			}
		}
	}
}

// TestCommsWalkPrepaidPercentOverHTTP sends, over loopback, a retail
// sale of prepaid wireless service for 40.00 in Salt Lake City on March
// 1 2026: Utah's prepaid wireless 911 charge is 3.13% of the sale (Utah
// Code 69-2-405), 1.25, and the sale bears no postpaid fee nor USF.
func TestCommsWalkPrepaidPercentOverHTTP(t *testing.T) {
	h := newHarness(t)
	body := commsWalkBody("2026-03-01", "Salt Lake City", "UT", "84101",
		`{"lineItemId":"card","extendedPrice":40,"lineType":{"value":"PREPAID_WIRELESS"}}`)
	var r wire.SaleResponse
	dataOf(t, h.post("/vertex-ws/v2/supplies", body), &r)
	l := r.LineItems[0]
	charge := impositionTaxes(l, "Prepaid Wireless 911 Charge")
	if len(charge) != 1 || charge[0].CalculatedTax.String() != "1.25" || charge[0].Taxable.String() != "40.00" ||
		charge[0].NominalRate == nil || charge[0].NominalRate.String() != "0.0313" {
		t.Errorf("prepaid charge %+v, want 1.25: 3.13%% of 40.00", charge)
	}
	for _, imp := range []string{"911 Fee", "Universal Service Fund", "Federal Excise Tax"} {
		if got := taxAmounts(l, imp); got != "" {
			t.Errorf("the prepaid sale bears %s %s", imp, got)
		}
	}
}

// TestCommsWalkNotesOverHTTP sends, over loopback, lines Levy charges
// nothing on and checks that each says why, naming its member: a
// wireless line dated in the third quarter of 2026, past the USF table,
// still bears Alabama's 911 fee of 2.23; a line of an unknown line type
// is flagged not-acted-on; a negative lineTypes count (a credit sent as
// minus one line) is refused naming the count.
func TestCommsWalkNotesOverHTTP(t *testing.T) {
	h := newHarness(t)
	body := commsWalkBody("2026-09-01", "Birmingham", "AL", "35203",
		`{"lineItemId":"1","extendedPrice":100,"lineType":{"value":"WIRELESS"}},
  {"lineItemId":"2","extendedPrice":20,"lineType":{"value":"SATELLITE"}}`)
	var r wire.SaleResponse
	dataOf(t, h.post("/vertex-ws/v2/supplies", body), &r)
	first, second := r.LineItems[0], r.LineItems[1]
	if got := taxAmounts(first, "911 Fee"); got != "2.23" {
		t.Errorf("911 fee %q, want 2.23", got)
	}
	if got := taxAmounts(first, "Universal Service Fund"); got != "" {
		t.Errorf("USF %q charged past the table", got)
	}
	said := func(l wire.SaleResponseLineItem, param, rule, text string) bool {
		for _, p := range l.AssistedParameters {
			if p.ParamName == param && p.RuleName == rule && strings.Contains(p.Value, text) {
				return true
			}
		}
		return false
	}
	if !said(first, "lineItems[0].lineType.value", "tax-not-computed", "no contribution factor of the FCC is known for 2026-q3") {
		t.Errorf("the 2026-q3 line does not say why it bears no USF: %+v", first.AssistedParameters)
	}
	if !said(second, "lineItems[1].lineType.value", "not-acted-on", "SATELLITE") || len(second.Taxes) == 0 {
		t.Errorf("the SATELLITE line: %+v", second.AssistedParameters)
	}
	for _, imp := range []string{"911 Fee", "Universal Service Fund", "Federal Excise Tax"} {
		if got := taxAmounts(second, imp); got != "" {
			t.Errorf("the SATELLITE line bears %s %s", imp, got)
		}
	}

	a := h.post("/vertex-ws/v2/supplies", commsWalkBody("2026-02-15", "Birmingham", "AL", "35203",
		`{"lineItemId":"1","extendedPrice":100,"lineTypes":[{"value":"WIRELESS","count":-1}]}`))
	if a.status != http.StatusBadRequest {
		t.Fatalf("a count of -1: %d %.600s, want 400", a.status, a.body)
	}
	if errs := errorsOf(t, a); len(errs) != 1 || errs[0].Target != "lineItems[0].lineTypes[0].count" {
		t.Errorf("a count of -1: %+v, want one error naming lineItems[0].lineTypes[0].count", errs)
	}
}
