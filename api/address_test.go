package api

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// addressQuotation is a two-line quotation from Seattle to dest, a JSON
// location.
func addressQuotation(dest string) string {
	return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{"destination":` + dest + `},
 "lineItems":[{"lineItemId":"1","quantity":{"value":2},"unitPrice":19.99},{"lineItemId":"2","quantity":{"value":1},"unitPrice":50}]}`
}

// cityZIPConflicts are addresses whose city does not contain their ZIP
// code, as JSON locations, with the member the strict check names and
// the status the lookup gives: the ZIP code decides for Evanston and
// Pasadena, far from downtown Chicago's and Los Angeles's ZIP codes;
// the city decides for Seattle, across a lake from Bellevue's.
var cityZIPConflicts = []struct{ name, dest, member, value, other string }{
	{"Evanston, IL 60606", `{"city":"Evanston","mainDivision":"IL","postalCode":"60606","country":"US"}`, "city",
		"ZIP code 60606 (Chicago) lies 15.0 km outside Evanston, too far for any of it to lie there: the lookup used the ZIP code, which places an address more surely than a city name", "Evanston"},
	{"Pasadena, CA 90012", `{"city":"Pasadena","mainDivision":"CA","postalCode":"90012","country":"US"}`, "city",
		"ZIP code 90012 (Los Angeles) lies 8.9 km outside Pasadena, too far for any of it to lie there: the lookup used the ZIP code, which places an address more surely than a city name", "Pasadena"},
	{"Seattle, WA 98004", `{"city":"Seattle","mainDivision":"WA","postalCode":"98004","country":"US"}`, "postalCode",
		"ZIP code 98004 (Bellevue) lies 4.3 km outside Seattle, near enough that part of it may lie there: the lookup used the city, which names the taxing place more narrowly than a ZIP code", "Bellevue"},
}

// TestCityZIPConflictLookupOverHTTP looks the three addresses up at
// /api/v2/address-lookup on loopback: two results, the one the lookup
// used at confidence 50 and the other at 40, both with the status that
// says which was used and why (the answers match the OpenAPI document).
func TestCityZIPConflictLookupOverHTTP(t *testing.T) {
	h := newHarness(t)
	for _, c := range cityZIPConflicts {
		var got wire.LookupResponse
		dataOf(t, h.post("/api/v2/address-lookup", `{"postalAddress":`+c.dest+`,"asOfDate":"2026-06-01"}`), &got)
		res := got.LookupResults
		if len(res) != 2 || res[0].ConfidenceIndicator != "50" || res[1].ConfidenceIndicator != "40" {
			t.Errorf("%s: %+v", c.name, res)
			continue
		}
		for _, r := range res {
			if len(r.Statuses) != 1 || r.Statuses[0].LookupResult != wire.BadRegionFields || r.Statuses[0].Value != c.value {
				t.Errorf("%s: statuses %+v", c.name, r.Statuses)
			}
		}
		if pa := res[1].PostalAddresses; len(pa) != 1 || pa[0].City != c.other {
			t.Errorf("%s: the last result is %+v, want %s", c.name, pa, c.other)
		}
	}
}

// strictTenantHarness serves, on loopback, an engine dated 2026-06-01
// that checks the addresses of tenant strict-co strictly and everyone
// else's leniently.
func strictTenantHarness(t *testing.T) *harness {
	t.Helper()
	e, err := engine.New(context.Background(), engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		engine.WithSettings(engine.Settings{TenantAddressCheck: map[string]engine.AddressCheck{"strict-co": engine.AddressStrict}}))
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	s, err := New(e, WithAuthenticator(tokenAuth{}), WithLogger(slog.New(slog.NewJSONHandler(logs, nil))))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	h := &harness{t: t, api: s, srv: srv, logs: logs}
	return h
}

// TestAddressCheckOverHTTP sends the two addresses of issue 18, the three
// whose city does not contain their ZIP code, and a clean one to a server on loopback whose engine checks the addresses of
// tenant strict-co strictly and everyone else's leniently. The lenient
// answers carry the tax area, the confidence and the statuses of the
// lookup on the destination (and the answers match the OpenAPI
// document, which describes them); the strict ones are 400 naming the
// member at fault.
func TestAddressCheckOverHTTP(t *testing.T) {
	h := strictTenantHarness(t)
	post := func(tenant, dest string) answer {
		return h.do("POST", "/vertex-ws/v2/supplies", strings.NewReader(addressQuotation(dest)), "Authorization", "Bearer "+tenant)
	}
	cases := []struct {
		name, dest, target, confidence string
		status                         wire.TaxAreaLookupStatus
	}{
		{"misspelt state", `{"city":"Los Angeles","mainDivision":"Californa","postalCode":"90012","country":"US"}`,
			"customer.destination.mainDivision", "90", wire.TaxAreaLookupStatus{LookupResult: wire.IgnoredRegionFields, Value: "unknown state Californa"}},
		{"ZIP of New York", `{"city":"Los Angeles","mainDivision":"CA","postalCode":"10118","country":"US"}`,
			"customer.destination.postalCode", "70", wire.TaxAreaLookupStatus{LookupResult: wire.BadRegionFields, Value: "ZIP code 10118 is in NY, not CA"}},
	}
	for _, c := range cityZIPConflicts {
		cases = append(cases, struct {
			name, dest, target, confidence string
			status                         wire.TaxAreaLookupStatus
		}{c.name, c.dest, "customer.destination." + c.member, "50", wire.TaxAreaLookupStatus{LookupResult: wire.BadRegionFields, Value: c.value}})
	}
	for _, c := range cases {
		var r wire.SaleResponse
		dataOf(t, post("lenient-co", c.dest), &r)
		d := r.Customer.Destination
		if d.TaxAreaID == "" || d.TaxAreaLookup == nil || d.TaxAreaLookup.ConfidenceIndicator != c.confidence ||
			len(d.TaxAreaLookup.Statuses) != 1 || d.TaxAreaLookup.Statuses[0] != c.status {
			t.Errorf("%s, lenient: %+v %+v", c.name, d, d.TaxAreaLookup)
		}
		a := post("strict-co", c.dest)
		items := errorsOf(t, a)
		if a.status != 400 || len(items) != 1 || items[0].Target != c.target || items[0].Code != "invalid" ||
			!strings.Contains(items[0].Message, string(c.status.LookupResult)) {
			t.Errorf("%s, strict: %d %s", c.name, a.status, a.body)
		}
	}
	clean := `{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`
	for _, tenant := range []string{"lenient-co", "strict-co"} {
		var r wire.SaleResponse
		dataOf(t, post(tenant, clean), &r)
		d := r.Customer.Destination
		if d.TaxAreaID == "" || d.TaxAreaLookup == nil || d.TaxAreaLookup.ConfidenceIndicator != "100" || d.TaxAreaLookup.Statuses != nil {
			t.Errorf("clean address, %s: %+v %+v", tenant, d, d.TaxAreaLookup)
		}
		// The tax area the response gives is one a request may send.
		var again wire.SaleResponse
		dataOf(t, post(tenant, `{"taxAreaId":"`+d.TaxAreaID+`"}`), &again)
		if again.TotalTax.String() != r.TotalTax.String() {
			t.Errorf("by the tax area %s, %s: total tax %s, by the address %s", d.TaxAreaID, tenant, again.TotalTax, r.TotalTax)
		}
	}
}
