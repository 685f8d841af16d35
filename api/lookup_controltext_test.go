package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestLookupsRefuseControlText posts lookups whose text holds NUL or
// another C0 control character: the address lookup (each member of the
// address), a batch's address and government code searches and its
// lookupId, and the government code lookup. Each is answered 400 naming
// the request's member, as a calculation's location is. Before, the
// address lookup cleansed "1 Main\x1b St" into its answer and a city
// with NUL was answered 404, quoting it.
func TestLookupsRefuseControlText(t *testing.T) {
	h := newHarness(t)
	address := `{"streetAddress1":"200 N Spring St","streetAddress2":"Suite 1","city":"Los Angeles","mainDivision":"CA","subDivision":"Los Angeles","postalCode":"90012","country":"US"}`
	texts := []string{"A\x00B", "A\x1bB", "A\nB", "A\x0cB"}
	cases := []struct {
		path, body, field string
	}{}
	for _, m := range []string{"streetAddress1", "streetAddress2", "city", "mainDivision", "subDivision", "postalCode", "country"} {
		var a map[string]string
		if err := json.Unmarshal([]byte(address), &a); err != nil {
			t.Fatal(err)
		}
		for _, text := range texts {
			a[m] = a[m] + text
			b, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases,
				struct{ path, body, field string }{"/api/v2/address-lookup", `{"postalAddress":` + string(b) + `}`, "postalAddress." + m},
				struct{ path, body, field string }{"/api/v2/find-taxareas", `[{"lookupId":"a","lookupRequest":{"postalAddress":{"postalCode":"90012"}}},{"lookupId":"b","lookupRequest":{"postalAddress":` + string(b) + `}}]`, "[1].lookupRequest.postalAddress." + m})
			a[m] = strings.TrimSuffix(a[m], text)
		}
	}
	for _, text := range texts {
		q, err := json.Marshal(text)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases,
			struct{ path, body, field string }{"/api/v2/external-jurisdiction-lookup", fmt.Sprintf(`{"externalJurisdictionCode":%s,"country":"US"}`, q), "externalJurisdictionCode"},
			struct{ path, body, field string }{"/api/v2/external-jurisdiction-lookup", fmt.Sprintf(`{"externalJurisdictionCode":"06037","country":%s}`, strings.Replace(string(q), "A", "US", 1)), "country"},
			struct{ path, body, field string }{"/api/v2/find-taxareas", fmt.Sprintf(`[{"lookupId":"a","lookupRequest":{"externalJurisdictionCode":%s,"country":"US"}}]`, q), "[0].lookupRequest.externalJurisdictionCode"},
			struct{ path, body, field string }{"/api/v2/find-taxareas", fmt.Sprintf(`[{"lookupId":%s,"lookupRequest":{"postalAddress":{"postalCode":"90012"}}}]`, q), "[0].lookupId"})
	}
	for _, c := range cases {
		a := h.post(c.path, c.body)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s %s: status %d: %.300s", c.path, c.body, a.status, a.body)
			continue
		}
		var found bool
		for _, e := range errorsOf(t, a) {
			found = found || e.Target == c.field
		}
		if !found {
			t.Errorf("%s %s: %s; want an error naming %s", c.path, c.body, a.body, c.field)
		}
	}
	// A tab is kept, and read as a space.
	dataOf(t, h.post("/api/v2/address-lookup", `{"postalAddress":{"city":"Los\tAngeles","mainDivision":"CA","postalCode":"90012"}}`), nil)
}
