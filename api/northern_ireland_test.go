package api

import (
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCountryXIOverHTTP: on a server on loopback, the address lookup
// reads the country XI (the EU's code for Northern Ireland in VAT numbers
// and Intrastat) as the United Kingdom's tax area GB with the
// mainDivision Northern Ireland, and a sale of goods from Munich to a
// business there with an XI number is an intra-community supply,
// reverse charged, for a tenant whose addresses are checked leniently
// and for one checked strictly. Before, both were refused: "XI" is not
// a country name or ISO 3166 code.
func TestCountryXIOverHTTP(t *testing.T) {
	h := strictTenantHarness(t)

	var got wire.LookupResponse
	dataOf(t, h.do("POST", "/api/v2/address-lookup", strings.NewReader(`{"postalAddress":{"city":"Belfast","postalCode":"BT1 5GS","country":"XI"},"asOfDate":"2026-06-01"}`),
		"Authorization", "Bearer lenient-co"), &got)
	if res := got.LookupResults; len(res) != 1 || len(res[0].Jurisdictions) != 1 || res[0].Jurisdictions[0].JurisdictionID != "GB" ||
		len(res[0].PostalAddresses) != 1 || res[0].PostalAddresses[0].Country != "GBR" || res[0].PostalAddresses[0].MainDivision != "Northern Ireland" {
		t.Errorf("the lookup of Belfast, XI: %+v", res)
	}

	sale := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"EUR"},
 "seller":{"company":"ACME","physicalOrigin":{"city":"München","postalCode":"80331","country":"DE"},
  "taxRegistrations":[{"isoCountryCode":"DE","taxRegistrationNumber":"DE136695976"}]},
 "customer":{"destination":{"city":"Belfast","country":"XI"},
  "taxRegistrations":[{"isoCountryCode":"XI","taxRegistrationNumber":"000472631"}]},
 "lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"extendedPrice":100}]}`
	for _, tenant := range []string{"lenient-co", "strict-co"} {
		var r wire.SaleResponse
		dataOf(t, h.do("POST", "/vertex-ws/v2/supplies", strings.NewReader(sale), "Authorization", "Bearer "+tenant), &r)
		if len(r.LineItems) != 1 || len(r.LineItems[0].Taxes) != 1 {
			t.Fatalf("%s: %+v", tenant, r.LineItems)
		}
		tx := r.LineItems[0].Taxes[0]
		if tx.Jurisdiction.JurisdictionID != "GB" || tx.CalculationRuleID == nil || tx.CalculationRuleID.Value != "eu-reverse-charge" ||
			tx.ReasonCode != "REVERSE_CHARGE" || tx.CalculatedTax.String() != "0.00" {
			t.Errorf("%s: %s %v %s %s, want GB eu-reverse-charge REVERSE_CHARGE 0.00", tenant, tx.Jurisdiction.JurisdictionID, tx.CalculationRuleID, tx.ReasonCode, tx.CalculatedTax)
		}
	}
}

// TestCountryXIContradictedOverHTTP sends a sale to a consumer whose
// address names the country XI (Northern Ireland) with a London postcode:
// the strict address check refuses it naming the postcode, and the
// lenient one taxes it where the country puts it (Northern Ireland, the
// United Kingdom's VAT) and flags the postcode on the response's copy of
// the location. Before, both took it at confidence 100, unflagged.
func TestCountryXIContradictedOverHTTP(t *testing.T) {
	h := strictTenantHarness(t)
	sale := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"EUR"},
 "seller":{"physicalOrigin":{"city":"Dublin","postalCode":"D02 X285","country":"IE"}},
 "customer":{"destination":{"city":"London","postalCode":"SW1A 1AA","country":"XI"}},
 "lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"extendedPrice":100}]}`

	resp := h.do("POST", "/vertex-ws/v2/supplies", strings.NewReader(sale), "Authorization", "Bearer strict-co")
	if resp.status != 400 || !strings.Contains(string(resp.body), `"customer.destination.postalCode"`) {
		t.Errorf("strict: %d %s; want 400 naming customer.destination.postalCode", resp.status, resp.body)
	}
	var r wire.SaleResponse
	dataOf(t, h.do("POST", "/vertex-ws/v2/supplies", strings.NewReader(sale), "Authorization", "Bearer lenient-co"), &r)
	if len(r.LineItems) != 1 || len(r.LineItems[0].Taxes) != 1 || r.LineItems[0].Taxes[0].Jurisdiction.JurisdictionID != "GB" {
		t.Fatalf("lenient: %+v", r.LineItems)
	}
	dest := r.Customer.Destination
	if dest == nil || dest.TaxAreaLookup == nil || dest.TaxAreaLookup.ConfidenceIndicator != "70" {
		t.Errorf("lenient: the destination's lookup %+v, want confidence 70", dest)
	}
}
