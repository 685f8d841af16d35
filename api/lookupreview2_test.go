package api

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// addressOverHTTP posts a postal address (JSON) to /address-lookup and
// returns the lookup's results.
func addressOverHTTP(t *testing.T, h *harness, address string) []wire.LookupResult {
	t.Helper()
	var resp wire.LookupResponse
	dataOf(t, h.post("/api/v2/address-lookup", `{"postalAddress":`+address+`,"asOfDate":"2026-06-01"}`), &resp)
	if len(resp.LookupResults) == 0 {
		t.Fatalf("%s: no results", address)
	}
	return resp.LookupResults
}

// leafOf returns the ID of the last jurisdiction of a result, "" for none.
func leafOf(res wire.LookupResult) string {
	if len(res.Jurisdictions) == 0 {
		return ""
	}
	return res.Jurisdictions[len(res.Jurisdictions)-1].JurisdictionID
}

// lookupStatus returns the first status of res whose outcome is st, and
// whether there is one.
func lookupStatus(res wire.LookupResult, st wire.LookupStatus) (wire.Status, bool) {
	for _, s := range res.Statuses {
		if s.LookupResult == st {
			return s, true
		}
	}
	return wire.Status{}, false
}

// TestNunavutPostalCodes: the postal codes of Nunavut (forward sortation
// areas X0A, X0B and X0C: Iqaluit, Rankin Inlet, Cambridge Bay) place an
// address in Nunavut, as the coordinates of Iqaluit do, and those of the
// Northwest Territories (X0E, X0G, X1A Yellowknife) in the Northwest
// Territories. Read by its first letter alone, every X code was the
// Northwest Territories', and a Yellowknife code beside Nunavut was
// taken without a word.
func TestNunavutPostalCodes(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ address, want string }{
		{`{"city":"Iqaluit","postalCode":"X0A 0H0","country":"CA"}`, "CA-NU"},
		{`{"city":"Rankin Inlet","postalCode":"X0C 0G0","country":"CA"}`, "CA-NU"},
		{`{"city":"Cambridge Bay","postalCode":"x0b0c0","country":"CAN"}`, "CA-NU"},
		{`{"city":"Iqaluit","postalCode":"X0A 0H0","mainDivision":"NU","country":"CA"}`, "CA-NU"},
		{`{"city":"Yellowknife","postalCode":"X1A 2L9","country":"CA"}`, "CA-NT"},
		{`{"city":"Hay River","postalCode":"X0E 0R0","country":"CA"}`, "CA-NT"},
		{`{"city":"Inuvik","postalCode":"X0E 0T0","mainDivision":"Northwest Territories","country":"CA"}`, "CA-NT"},
	} {
		res := addressOverHTTP(t, h, c.address)[0]
		if leafOf(res) != c.want || res.ConfidenceIndicator != "100" {
			t.Errorf("%s: %s with confidence %s %+v, want %s with 100", c.address, leafOf(res), res.ConfidenceIndicator, res.Statuses, c.want)
		}
	}
	var coords wire.LookupResponse
	dataOf(t, h.post("/api/v2/coordinates-lookup", `{"coordinates":{"latitude":63.7467,"longitude":-68.517},"asOfDate":"2026-06-01"}`), &coords)
	if len(coords.LookupResults) != 1 || leafOf(coords.LookupResults[0]) != "CA-NU" {
		t.Fatalf("Iqaluit's coordinates: %+v, want CA-NU", coords.LookupResults)
	}
	// A territory that the postal code contradicts is flagged, either way.
	for _, c := range []struct{ address, want string }{
		{`{"city":"Yellowknife","postalCode":"X1A 2L9","mainDivision":"NU","country":"CA"}`, "CA-NT"},
		{`{"city":"Iqaluit","postalCode":"X0A 0H0","mainDivision":"NT","country":"CA"}`, "CA-NU"},
	} {
		res := addressOverHTTP(t, h, c.address)[0]
		if _, bad := lookupStatus(res, wire.BadRegionFields); leafOf(res) != c.want || !bad || res.ConfidenceIndicator != "70" {
			t.Errorf("%s: %s with confidence %s %+v, want %s flagged BAD_REGION_FIELDS with 70", c.address, leafOf(res), res.ConfidenceIndicator, res.Statuses, c.want)
		}
	}
}
