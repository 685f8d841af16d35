package api

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestNewYorkCityByItsPlaceCode: a sale to New York City located by the
// city's FIPS place code (3651000) bears the Metropolitan Commuter
// Transportation District's tax as one located by a Manhattan ZIP code
// does, and the lookup by that code gives the five boroughs' areas, each
// with the district. The code gave one area, Queens with the city and
// without the district, and the sale bore 8.50 where 8.875% is due.
func TestNewYorkCityByItsPlaceCode(t *testing.T) {
	h := newHarness(t)
	var resp wire.LookupResponse
	dataOf(t, h.post("/api/v2/external-jurisdiction-lookup", `{"externalJurisdictionCode":"3651000","country":"US","asOfDate":"2026-06-01"}`), &resp)
	if len(resp.LookupResults) != 5 {
		t.Errorf("%d results, want the five boroughs'", len(resp.LookupResults))
	}
	for _, res := range resp.LookupResults {
		if !slices.ContainsFunc(res.Jurisdictions, func(j wire.Jurisdiction) bool { return j.JurisdictionID == "US-NY-D-MCTD" }) {
			t.Errorf("%s: %+v, want US-NY-D-MCTD among them", res.TaxAreaID, res.Jurisdictions)
		}
	}
	sale := func(dest string) wire.SaleResponse {
		t.Helper()
		body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
		 "seller":{"company":"ACME","physicalOrigin":{"city":"New York","mainDivision":"NY","postalCode":"10118","country":"US"}},
		 "customer":{"destination":` + dest + `},
		 "lineItems":[{"lineItemId":"1","quantity":{"value":1},"unitPrice":100}]}`
		var r wire.SaleResponse
		a := h.do("POST", "/api/v2/supplies", strings.NewReader(body))
		if a.status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", dest, a.status, a.body)
		}
		dataOf(t, a, &r)
		return r
	}
	byZIP := sale(`{"postalCode":"10118","country":"US"}`)
	byCode := sale(`{"externalJurisdictionCode":"3651000","country":"US"}`)
	if !byCode.TotalTax.Equal(byZIP.TotalTax) {
		t.Errorf("total tax by the city's code %v, by ZIP code 10118 %v", byCode.TotalTax, byZIP.TotalTax)
	}
	var districts int
	for _, tx := range byCode.LineItems[0].Taxes {
		if tx.Jurisdiction != nil && tx.Jurisdiction.JurisdictionID == "US-NY-D-MCTD" {
			districts++
		}
	}
	if districts != 1 {
		t.Errorf("by the city's code: %d taxes of US-NY-D-MCTD, want 1", districts)
	}
}
