package api

import (
	"net/http"
	"slices"
	"testing"
)

// TestBatchNamesEveryFaultAtOnce: a batch whose searches hold faults of
// both kinds, those its decoding finds (a date that is no day, an empty
// lookupId, a missing longitude) and those its lookup finds (a latitude
// of 91, a tax area ID of letters, a government code without its
// country, an address of nothing), is refused with one error for each
// faulty search, in the order of the searches. The second kind was told
// only once the first had been corrected and the batch sent again.
func TestBatchNamesEveryFaultAtOnce(t *testing.T) {
	h := newHarness(t)
	a := h.post("/api/v2/find-taxareas", `[
	  {"lookupId":"a","lookupRequest":{"externalJurisdictionCode":"06037"}},
	  {"lookupId":"b","lookupRequest":{"coordinates":{"latitude":91,"longitude":0}}},
	  {"lookupId":"ok","lookupRequest":{"postalAddress":{"postalCode":"98101"}}},
	  {"lookupId":"c","lookupRequest":{"taxAreaId":"x"}},
	  {"lookupId":"d","lookupRequest":{"postalAddress":{"postalCode":"98101"},"asOfDate":"2026-02-30"}},
	  {"lookupId":"","lookupRequest":{"taxAreaId":"1"}},
	  {"lookupId":"e","lookupRequest":{"coordinates":{"latitude":1}}},
	  {"lookupId":"f","lookupRequest":{"postalAddress":{}}},
	  {"lookupId":"unknown","lookupRequest":{"taxAreaId":"1"}}
	]`)
	if a.status != http.StatusBadRequest {
		t.Fatalf("status %d, want 400: %.500s", a.status, a.body)
	}
	var got []string
	for _, e := range errorsOf(t, a) {
		got = append(got, e.Target)
	}
	want := []string{
		"[0].lookupRequest.country",
		"[1].lookupRequest.coordinates.latitude",
		"[3].lookupRequest.taxAreaId",
		"[4].lookupRequest.asOfDate",
		"[5].lookupId",
		"[6].lookupRequest.coordinates.longitude",
		"[7].lookupRequest.postalAddress",
	}
	if !slices.Equal(got, want) {
		t.Errorf("targets %q,\nwant %q", got, want)
	}
}
