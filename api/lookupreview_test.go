package api

import (
	"net/http"
	"slices"
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
