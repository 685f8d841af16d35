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
