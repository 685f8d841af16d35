package api

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/taxarea"
)

// addressQuotation is a two-line quotation from Seattle to dest, a JSON
// location.
func addressQuotation(dest string) string {
	return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{"destination":` + dest + `},
 "lineItems":[{"lineItemId":"1","quantity":{"value":2},"unitPrice":19.99},{"lineItemId":"2","quantity":{"value":1},"unitPrice":50}]}`
}

// TestAddressCheckOverHTTP sends the two addresses of issue 18 and a
// clean one to a server on loopback whose engine checks the addresses of
// tenant strict-co strictly and everyone else's leniently. The lenient
// answers carry the tax area, the confidence and the statuses of the
// lookup on the destination (and the answers match the OpenAPI
// document, which describes them); the strict ones are 400 naming the
// member at fault.
func TestAddressCheckOverHTTP(t *testing.T) {
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
	h := &harness{t: t, srv: srv, logs: logs}
	post := func(tenant, dest string) answer {
		return h.do("POST", "/vertex-ws/v2/supplies", strings.NewReader(addressQuotation(dest)), "Authorization", "Bearer "+tenant)
	}
	cases := []struct {
		name, dest, target, confidence string
		status                         engine.TaxAreaLookupStatus
	}{
		{"misspelt state", `{"city":"Los Angeles","mainDivision":"Californa","postalCode":"90012","country":"US"}`,
			"customer.destination.mainDivision", "100", engine.TaxAreaLookupStatus{LookupResult: taxarea.IgnoredRegionFields, Value: "unknown state Californa"}},
		{"ZIP of New York", `{"city":"Los Angeles","mainDivision":"CA","postalCode":"10118","country":"US"}`,
			"customer.destination.postalCode", "70", engine.TaxAreaLookupStatus{LookupResult: taxarea.BadRegionFields, Value: "ZIP code 10118 is in NY, not CA"}},
	}
	for _, c := range cases {
		var r engine.SaleResponse
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
		var r engine.SaleResponse
		dataOf(t, post(tenant, clean), &r)
		d := r.Customer.Destination
		if d.TaxAreaID == "" || d.TaxAreaLookup == nil || d.TaxAreaLookup.ConfidenceIndicator != "100" || d.TaxAreaLookup.Statuses != nil {
			t.Errorf("clean address, %s: %+v %+v", tenant, d, d.TaxAreaLookup)
		}
		// The tax area the response gives is one a request may send.
		var again engine.SaleResponse
		dataOf(t, post(tenant, `{"taxAreaId":"`+d.TaxAreaID+`"}`), &again)
		if again.TotalTax.String() != r.TotalTax.String() {
			t.Errorf("by the tax area %s, %s: total tax %s, by the address %s", d.TaxAreaID, tenant, again.TotalTax, r.TotalTax)
		}
	}
}
