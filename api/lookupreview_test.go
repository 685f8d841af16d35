package api

import (
	"net/http"
	"slices"
	"testing"
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
