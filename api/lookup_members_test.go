package api

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestBatchNamesEveryBadSearch: a batch whose searches are well formed
// JSON but several of them bad (a latitude out of range, a tax area ID
// that is not one, a government code without its country, a lookupId too
// long) is refused with one error per fault, each naming its search by
// index, in the order of the searches; the good searches among them
// (an unknown tax area, which finds nothing) give no error. A caller
// fixing the batch sees all it must fix in one answer, not the first
// fault alone, as a batch of malformed JSON already answers.
func TestBatchNamesEveryBadSearch(t *testing.T) {
	h := newHarness(t)
	body := `[
	  {"lookupId":"a","lookupRequest":{"coordinates":{"latitude":91,"longitude":0}}},
	  {"lookupId":"b","lookupRequest":{"taxAreaId":"1"}},
	  {"lookupId":"c","lookupRequest":{"taxAreaId":"abc"}},
	  {"lookupId":"d","lookupRequest":{"externalJurisdictionCode":"06037"}},
	  {"lookupId":"eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee","lookupRequest":{"taxAreaId":"1"}},
	  {"lookupId":"f","lookupRequest":{"postalAddress":{"postalCode":"10118"}}}
	]`
	a := h.post("/api/v2/find-taxareas", body)
	if a.status != http.StatusBadRequest {
		t.Fatalf("status %d, want 400: %s", a.status, a.body)
	}
	var got []string
	for _, e := range errorsOf(t, a) {
		if e.Code != "invalid" {
			t.Errorf("%s: code %s, want invalid", e.Target, e.Code)
		}
		got = append(got, e.Target)
	}
	want := []string{"[0].lookupRequest.coordinates.latitude", "[2].lookupRequest.taxAreaId",
		"[3].lookupRequest.country", "[4].lookupId"}
	if !slices.Equal(got, want) {
		t.Errorf("targets %q, want %q", got, want)
	}
}

// TestStateCodesOverHTTP: a state is found by each of its government
// codes, and all of them give the area its dataset code gives: a US
// state by its ISO 3166-2 code ("US-CA", or "CA" with the country US) as
// by its FIPS number, a Brazilian state by its IBGE number ("35") as by
// its ISO 3166-2 code. A code of another country's subdivision, or of a
// state outside the territory asked, finds nothing.
func TestStateCodesOverHTTP(t *testing.T) {
	h := newHarness(t)
	lookup := func(code, country string) answer {
		t.Helper()
		return h.post("/api/v2/external-jurisdiction-lookup",
			`{"externalJurisdictionCode":"`+code+`","country":"`+country+`","asOfDate":"2026-06-01"}`)
	}
	areaOf := func(code, country, leaf string) string {
		t.Helper()
		var resp wire.LookupResponse
		dataOf(t, lookup(code, country), &resp)
		if len(resp.LookupResults) != 1 {
			t.Fatalf("%s in %s: %d results", code, country, len(resp.LookupResults))
		}
		res := resp.LookupResults[0]
		if js := res.Jurisdictions; len(js) == 0 || js[len(js)-1].JurisdictionID != leaf {
			t.Errorf("%s in %s: jurisdictions %+v, want %s last", code, country, js, leaf)
		}
		return res.TaxAreaID
	}
	for _, c := range []struct {
		country, leaf string
		codes         []string
	}{
		{"US", "US-CA", []string{"06", "6", "US-CA", "CA", "us-ca"}},
		{"PR", "US-PR", []string{"72", "US-PR", "PR"}},
		{"BR", "BR-SP", []string{"BR-SP", "SP", "35"}},
		{"BR", "BR-RJ", []string{"BR-RJ", "33"}},
	} {
		want := areaOf(c.codes[0], c.country, c.leaf)
		for _, code := range c.codes[1:] {
			if got := areaOf(code, c.country, c.leaf); got != want {
				t.Errorf("%s in %s: tax area %s, want %s as %s gives", code, c.country, got, want, c.codes[0])
			}
		}
	}
	for _, c := range [][2]string{{"US-ZZ", "US"}, {"ON", "US"}, {"US-ON", "US"}, {"CA", "PR"}, {"99", "BR"}, {"3", "BR"}, {"SP", "US"}} {
		if a := lookup(c[0], c[1]); a.status != http.StatusNotFound {
			t.Errorf("%s in %s: status %d, want 404: %s", c[0], c[1], a.status, a.body)
		}
	}
}

// TestLookupRefusesUnknownMembers: a member that no lookup has (a date
// under another name, a coordinate misspelt) is refused by each lookup
// route, naming it, as the same search is refused in a batch; it was
// ignored, and the lookup answered as of today or with the member's
// information lost without a word.
func TestLookupRefusesUnknownMembers(t *testing.T) {
	h := newHarness(t)
	cases := []struct{ path, body, target string }{
		{"/api/v2/taxareaid-lookup", `{"taxAreaId":"2650841047330893","date":"2024-01-01"}`, "date"},
		{"/api/v2/coordinates-lookup", `{"coordinates":{"latitude":34.0522,"longitude":-118.2437,"altitude":90},"asOfDate":"2026-01-01"}`, "coordinates.altitude"},
		{"/api/v2/address-lookup", `{"postalAddress":{"postalCode":"90012","streetAddress":"200 N Spring St"}}`, "postalAddress.streetAddress"},
		{"/api/v2/external-jurisdiction-lookup", `{"externalJurisdictionCode":"06037","country":"US","effectiveDate":"2020-01-01"}`, "effectiveDate"},
	}
	for _, c := range cases {
		a := h.post(c.path, c.body)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s %s: status %d, want 400", c.path, c.body, a.status)
			continue
		}
		errs := errorsOf(t, a)
		if errs[0].Target != c.target || !strings.Contains(errs[0].Message, "is not a member") {
			t.Errorf("%s %s: %+v, want an error at %s", c.path, c.body, errs, c.target)
		}
		// The batch answers the same search the same way.
		b := h.post("/api/v2/find-taxareas", `[{"lookupId":"1","lookupRequest":`+c.body+`}]`)
		if b.status != http.StatusBadRequest || errorsOf(t, b)[0].Target != "[0].lookupRequest."+c.target {
			t.Errorf("batch of %s: status %d: %s", c.body, b.status, b.body)
		}
	}
	// Every member of each lookup is still taken.
	for path, body := range map[string]string{
		"/api/v2/taxareaid-lookup":             `{"taxAreaId":"2650841047330893","asOfDate":"2026-01-01"}`,
		"/api/v2/coordinates-lookup":           `{"coordinates":{"latitude":34.0522,"longitude":-118.2437},"asOfDate":"2026-01-01"}`,
		"/api/v2/address-lookup":               `{"postalAddress":{"streetAddress1":"200 N Spring St","streetAddress2":"","city":"Los Angeles","mainDivision":"CA","subDivision":"Los Angeles","postalCode":"90012","country":"US"},"asOfDate":"2026-01-01","returnTimeElapsedDetailsIndicator":false}`,
		"/api/v2/external-jurisdiction-lookup": `{"externalJurisdictionCode":"06037","country":"US","asOfDate":"2026-01-01"}`,
	} {
		if a := h.post(path, body); a.status != http.StatusOK {
			t.Errorf("%s %s: status %d: %s", path, body, a.status, a.body)
		}
	}
}

// TestLookupUnknownMemberNotEchoedWhole: an unknown member whose name is
// 100,000 characters long is refused without its name echoed whole, by
// the lookup route and by the batch alike.
func TestLookupUnknownMemberNotEchoedWhole(t *testing.T) {
	h := newHarness(t)
	name := strings.Repeat("é", 50000)
	search := `{"taxAreaId":"2650841047330893","` + name + `":1}`
	for path, body := range map[string]string{
		"/api/v2/taxareaid-lookup": search,
		"/api/v2/find-taxareas":    `[{"lookupId":"a","lookupRequest":` + search + `}]`,
	} {
		a := h.post(path, body)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: status %d", path, a.status)
			continue
		}
		if len(a.body) > 2000 {
			t.Errorf("%s: an answer of %d bytes", path, len(a.body))
		}
		if target := errorsOf(t, a)[0].Target; !strings.Contains(target, "éé") || !strings.HasSuffix(target, "…") {
			t.Errorf("%s: target %.100q", path, target)
		}
	}
}
