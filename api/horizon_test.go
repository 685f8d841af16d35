package api

import (
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestDateBeyondContentOverHTTP: a quotation dated years after the
// content's horizon is calculated, and each of its lines says so in
// assistedParameters, as the OpenAPI document describes them.
func TestDateBeyondContentOverHTTP(t *testing.T) {
	h := newHarness(t)
	body := strings.Replace(addressQuotation(`{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`),
		`"documentDate":"2026-06-01"`, `"documentDate":"2031-05-01"`, 1)
	var r wire.SaleResponse
	dataOf(t, h.post("/vertex-ws/v2/supplies", body), &r)
	want := wire.AssistedParameter{ParamName: "documentDate", Phase: wire.PhasePre, RuleName: "date-beyond-content",
		OriginalValue: "2031-05-01", Value: "2031-05-01"}
	for i, l := range r.LineItems {
		if len(l.AssistedParameters) != 1 || l.AssistedParameters[0] != want {
			t.Errorf("line %d: %+v", i+1, l.AssistedParameters)
		}
	}
	if len(r.LineItems) != 2 || r.TotalTax.Decimal().IsZero() {
		t.Errorf("%d lines, total tax %s", len(r.LineItems), r.TotalTax)
	}
}
