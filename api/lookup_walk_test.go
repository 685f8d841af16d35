package api

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// The walk of the lookup routes as a host calls them, over loopback
// HTTP: batches with bad entries and at the size limit, change queries
// at the content's ends, and round trips from one route to another.

const walkLA = `{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012"}`

// walkLookup posts body to a lookup route and returns its one result.
func walkLookup(t *testing.T, h *harness, route, body string) wire.LookupResult {
	t.Helper()
	var resp wire.LookupResponse
	dataOf(t, h.post("/api/v2/"+route, body), &resp)
	if len(resp.LookupResults) != 1 {
		t.Fatalf("%s %s: %d results, want 1", route, body, len(resp.LookupResults))
	}
	return resp.LookupResults[0]
}

// jurisdictionIDs returns the jurisdiction IDs of a result.
func jurisdictionIDs(res wire.LookupResult) []string {
	out := make([]string, len(res.Jurisdictions))
	for i, j := range res.Jurisdictions {
		out[i] = j.JurisdictionID
	}
	return out
}

// targets returns the targets of an error answer, in order.
func targets(t *testing.T, a answer) []string {
	t.Helper()
	var out []string
	for _, e := range errorsOf(t, a) {
		out = append(out, e.Target)
	}
	return out
}

// TestWalkBatchBadEntriesNamed: a batch of five searches whose third
// has a latitude of 95 and whose fifth is empty is refused with 400 and
// one error for each of them, named by its index; the good searches and
// the one that finds nothing raise none.
func TestWalkBatchBadEntriesNamed(t *testing.T) {
	h := newHarness(t)
	a := h.post("/api/v2/find-taxareas", `[
		{"lookupId":"a","lookupRequest":{"coordinates":{"latitude":34.05,"longitude":-118.24}}},
		{"lookupId":"b","lookupRequest":{"taxAreaId":"1"}},
		{"lookupId":"c","lookupRequest":{"coordinates":{"latitude":95,"longitude":0}}},
		{"lookupId":"d","lookupRequest":{"externalJurisdictionCode":"06999","country":"US"}},
		{"lookupId":"e","lookupRequest":{}}]`)
	if a.status != http.StatusBadRequest {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	want := []string{"[2].lookupRequest.coordinates.latitude", "[4].lookupRequest"}
	if got := targets(t, a); !slices.Equal(got, want) {
		t.Errorf("targets %q, want %q", got, want)
	}
}

// TestWalkBatchAnswersInPlace: a batch of a point in Los Angeles, a tax
// area ID that does not exist, a FIPS code no jurisdiction has and the
// city's FIPS code answers each search in its place under its lookupId:
// the two that find nothing with no results, the others with the city's
// area.
func TestWalkBatchAnswersInPlace(t *testing.T) {
	h := newHarness(t)
	la := walkLookup(t, h, "address-lookup", `{"postalAddress":`+walkLA+`}`)
	var got []wire.SearchResult
	dataOf(t, h.post("/api/v2/find-taxareas", `[
		{"lookupId":"a","lookupRequest":{"coordinates":{"latitude":34.0537,"longitude":-118.2427}}},
		{"lookupId":"b","lookupRequest":{"taxAreaId":"1"}},
		{"lookupId":"d","lookupRequest":{"externalJurisdictionCode":"06999","country":"US"}},
		{"lookupId":"e","lookupRequest":{"externalJurisdictionCode":"0644000","country":"US"}}]`), &got)
	if len(got) != 4 {
		t.Fatalf("%d results, want 4", len(got))
	}
	for i, id := range []string{"a", "b", "d", "e"} {
		if got[i].LookupID != id {
			t.Errorf("[%d]: lookupId %q, want %q", i, got[i].LookupID, id)
		}
	}
	for _, i := range []int{1, 2} {
		if len(got[i].Results) != 0 {
			t.Errorf("[%d]: %d results, want none", i, len(got[i].Results))
		}
	}
	for _, i := range []int{0, 3} {
		if len(got[i].Results) != 1 || got[i].Results[0].TaxAreaID != la.TaxAreaID {
			t.Errorf("[%d]: %+v, want the one area %s", i, got[i].Results, la.TaxAreaID)
		}
	}
}

// TestWalkBatchSizeLimit: 1,000 searches are answered, 1,001 refused.
func TestWalkBatchSizeLimit(t *testing.T) {
	h := newHarness(t)
	one := `{"lookupRequest":{"externalJurisdictionCode":"06","country":"US"}}`
	batch := func(n int) string { return "[" + strings.Repeat(one+",", n-1) + one + "]" }
	var got []wire.SearchResult
	dataOf(t, h.post("/api/v2/find-taxareas", batch(wire.MaxSearches)), &got)
	if len(got) != wire.MaxSearches {
		t.Fatalf("%d results, want %d", len(got), wire.MaxSearches)
	}
	for i, r := range got {
		if len(r.Results) != 1 || !slices.Equal(jurisdictionIDs(r.Results[0]), []string{"US", "US-CA"}) {
			t.Fatalf("[%d]: %+v", i, r.Results)
		}
	}
	a := h.post("/api/v2/find-taxareas", batch(wire.MaxSearches+1))
	if a.status != http.StatusBadRequest {
		t.Fatalf("1,001 searches: status %d", a.status)
	}
	if e := errorsOf(t, a); len(e) != 1 || !strings.Contains(e[0].Message, "at most 1000") {
		t.Errorf("1,001 searches: %+v", e)
	}
}

// TestWalkChangedRanges: the change list over loopback HTTP. A reversed
// range is refused naming endDate, a missing or misformed beginDate
// naming beginDate; the day of Los Angeles County's change of 2025-04-01
// and a range around it list the IDs the address route gives before and
// on it, and the route for one area agrees; ranges before the content's
// first date or after today list nothing.
func TestWalkChangedRanges(t *testing.T) {
	h := newHarness(t)
	before := walkLookup(t, h, "address-lookup", `{"postalAddress":`+walkLA+`,"asOfDate":"2025-03-31"}`).TaxAreaID
	after := walkLookup(t, h, "address-lookup", `{"postalAddress":`+walkLA+`,"asOfDate":"2025-04-01"}`).TaxAreaID
	if before == after {
		t.Fatalf("the same ID %s on both sides of 2025-04-01", before)
	}
	for q, target := range map[string]string{
		"beginDate=2025-05-01&endDate=2025-04-01": "endDate",
		"endDate=2025-04-01":                      "beginDate",
		"beginDate=2025-4-1":                      "beginDate",
	} {
		a := h.do("GET", "/api/v2/changed-taxareas?"+q, nil)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: status %d", q, a.status)
			continue
		}
		if got := targets(t, a); !slices.Equal(got, []string{target}) {
			t.Errorf("%s: targets %q, want %s", q, got, target)
		}
	}
	for _, q := range []string{"beginDate=2025-04-01&endDate=2025-04-01", "beginDate=2025-03-01&endDate=2025-05-01"} {
		var ids []string
		dataOf(t, h.do("GET", "/api/v2/changed-taxareas?"+q, nil), &ids)
		for _, id := range []string{before, after} {
			if !slices.Contains(ids, id) {
				t.Errorf("%s: %s not listed among %d", q, id, len(ids))
			}
			var one ChangedAnswer
			dataOf(t, h.do("GET", "/api/v2/changed-taxareas/"+id+"?"+q, nil), &one)
			if !one.Changed {
				t.Errorf("%s: the route for %s says unchanged", q, id)
			}
		}
	}
	for _, q := range []string{"beginDate=1800-01-01&endDate=1899-12-31", "beginDate=2099-01-01"} {
		var ids []string
		dataOf(t, h.do("GET", "/api/v2/changed-taxareas?"+q, nil), &ids)
		if ids == nil || len(ids) != 0 {
			t.Errorf("%s: %d IDs (%v), want an empty list", q, len(ids), ids == nil)
		}
		var one ChangedAnswer
		dataOf(t, h.do("GET", "/api/v2/changed-taxareas/"+after+"?"+q, nil), &one)
		if one.Changed {
			t.Errorf("%s: the route for %s says changed", q, after)
		}
	}
	if a := h.do("GET", "/api/v2/changed-taxareas/1?beginDate=2025-04-01", nil); a.status != http.StatusNotFound {
		t.Errorf("unknown area: status %d", a.status)
	}
	if a := h.do("GET", "/api/v2/changed-taxareas/abc?beginDate=2025-04-01", nil); a.status != http.StatusBadRequest {
		t.Errorf("non-numeric area: status %d", a.status)
	}
}

// TestWalkRoundTripsOverHTTP: the ID the address route gives, sent to
// the tax area ID route, gives the same jurisdictions; the city's FIPS
// code gives the same area; Ontario's code gives the area of a Toronto
// address.
func TestWalkRoundTripsOverHTTP(t *testing.T) {
	h := newHarness(t)
	la := walkLookup(t, h, "address-lookup", `{"postalAddress":`+walkLA+`,"asOfDate":"2026-06-01"}`)
	byID := walkLookup(t, h, "taxareaid-lookup", `{"taxAreaId":"`+la.TaxAreaID+`","asOfDate":"2026-06-01"}`)
	if byID.TaxAreaID != la.TaxAreaID || !slices.Equal(jurisdictionIDs(byID), jurisdictionIDs(la)) {
		t.Errorf("by ID: %s %v, by address %s %v", byID.TaxAreaID, jurisdictionIDs(byID), la.TaxAreaID, jurisdictionIDs(la))
	}
	byCode := walkLookup(t, h, "external-jurisdiction-lookup", `{"externalJurisdictionCode":"0644000","country":"US","asOfDate":"2026-06-01"}`)
	if byCode.TaxAreaID != la.TaxAreaID {
		t.Errorf("by FIPS code: %s, by address %s", byCode.TaxAreaID, la.TaxAreaID)
	}
	toronto := walkLookup(t, h, "address-lookup", `{"postalAddress":{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 2T6","country":"CA"}}`)
	on := walkLookup(t, h, "external-jurisdiction-lookup", `{"externalJurisdictionCode":"CA-ON","country":"CA"}`)
	if !slices.Equal(jurisdictionIDs(toronto), []string{"CA", "CA-ON"}) || on.TaxAreaID != toronto.TaxAreaID {
		t.Errorf("Toronto %s %v, CA-ON %s", toronto.TaxAreaID, jurisdictionIDs(toronto), on.TaxAreaID)
	}
	if a := h.post("/api/v2/taxareaid-lookup", `{"taxAreaId":"1"}`); a.status != http.StatusNotFound {
		t.Errorf("unknown ID: status %d", a.status)
	}
}

// TestWalkCoordinatesOverHTTP: (0, 0) is answered with a result without
// a tax area; longitudes 180 and -180 give one answer; a longitude of
// 181 is refused naming coordinates.longitude.
func TestWalkCoordinatesOverHTTP(t *testing.T) {
	h := newHarness(t)
	sea := walkLookup(t, h, "coordinates-lookup", `{"coordinates":{"latitude":0,"longitude":0}}`)
	if sea.TaxAreaID != "" || len(sea.Jurisdictions) != 0 || len(sea.Statuses) != 1 {
		t.Errorf("(0, 0): %+v", sea)
	}
	east := walkLookup(t, h, "coordinates-lookup", `{"coordinates":{"latitude":-17,"longitude":180}}`)
	west := walkLookup(t, h, "coordinates-lookup", `{"coordinates":{"latitude":-17,"longitude":-180}}`)
	if east.TaxAreaID == "" || east.TaxAreaID != west.TaxAreaID {
		t.Errorf("180 gives %q, -180 gives %q", east.TaxAreaID, west.TaxAreaID)
	}
	a := h.post("/api/v2/coordinates-lookup", `{"coordinates":{"latitude":0,"longitude":181}}`)
	if a.status != http.StatusBadRequest {
		t.Fatalf("longitude 181: status %d", a.status)
	}
	if got := targets(t, a); !slices.Equal(got, []string{"coordinates.longitude"}) {
		t.Errorf("longitude 181: targets %q", got)
	}
}

// TestWalkBatchDatesPerSearch: each search of a batch is answered as of
// its own asOfDate. The four kinds of search for Los Angeles dated the
// day before Measure A (2025-03-31) give one ID, the address dated the
// day it began another, and a search without a date is answered as of
// today (2026-06-01 in the tests) with the later ID.
func TestWalkBatchDatesPerSearch(t *testing.T) {
	h := newHarness(t)
	before := walkLookup(t, h, "address-lookup", `{"postalAddress":`+walkLA+`,"asOfDate":"2025-03-31"}`).TaxAreaID
	after := walkLookup(t, h, "address-lookup", `{"postalAddress":`+walkLA+`,"asOfDate":"2025-04-01"}`).TaxAreaID
	var got []wire.SearchResult
	dataOf(t, h.post("/api/v2/find-taxareas", `[
		{"lookupId":"address","lookupRequest":{"postalAddress":`+walkLA+`,"asOfDate":"2025-03-31"}},
		{"lookupId":"address later","lookupRequest":{"postalAddress":`+walkLA+`,"asOfDate":"2025-04-01"}},
		{"lookupId":"point","lookupRequest":{"coordinates":{"latitude":34.0537,"longitude":-118.2427},"asOfDate":"2025-03-31"}},
		{"lookupId":"id","lookupRequest":{"taxAreaId":"`+after+`","asOfDate":"2025-03-31"}},
		{"lookupId":"code","lookupRequest":{"externalJurisdictionCode":"0644000","country":"US","asOfDate":"2025-03-31"}},
		{"lookupId":"undated","lookupRequest":{"postalAddress":`+walkLA+`}}]`), &got)
	want := []struct{ id, day string }{{before, "2025-03-31"}, {after, "2025-04-01"}, {before, "2025-03-31"},
		{before, "2025-03-31"}, {before, "2025-03-31"}, {after, "2026-06-01"}}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	for i, w := range want {
		if len(got[i].Results) != 1 || got[i].Results[0].TaxAreaID != w.id || got[i].Results[0].AsOfDate.String() != w.day {
			t.Errorf("%s: %+v, want %s as of %s", got[i].LookupID, got[i].Results, w.id, w.day)
		}
	}
}
