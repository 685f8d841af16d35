package api

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
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

// conf returns the confidence of a result as a number.
func conf(t *testing.T, res wire.LookupResult) int {
	t.Helper()
	n, err := strconv.Atoi(res.ConfidenceIndicator)
	if err != nil {
		t.Fatalf("confidence %q: %v", res.ConfidenceIndicator, err)
	}
	return n
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

// TestCountyContradictingZIP: a subDivision that names a county of the
// state other than the ZIP code's (or, with no ZIP code, the city's) is
// flagged, BAD_REGION_FIELDS naming subDivision, at confidence 70 at
// most, and the strict address check refuses it naming the member; it
// was set aside without a word, at confidence 100, and a calculation
// taxed Los Angeles's rate for an address that said Orange County. A
// county the ZIP code has, however written, and a name that is no
// county of the state (a neighbourhood) are not flagged.
func TestCountyContradictingZIP(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ address, leaf, value string }{
		{`{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","subDivision":"Orange","country":"US"}`, "US-06037-MTA_PROP_C",
			"ZIP code 90012 lies in the county of Los Angeles, not in Orange, which subDivision names: the lookup used the ZIP code"},
		{`{"city":"Los Angeles","mainDivision":"CA","subDivision":"ORANGE COUNTY","country":"US"}`, "US-06037-MTA_PROP_C",
			"Los Angeles, CA lies in the county of Los Angeles, not in Orange, which subDivision names: the lookup used the city"},
		{`{"city":"Malibu","postalCode":"90265","subDivision":"Kern County"}`, "US-CA-D-CITY_OF_MALIBU",
			"ZIP code 90265 lies in the counties of Los Angeles and Ventura, not in Kern, which subDivision names: the lookup used the ZIP code"},
	} {
		res := addressOverHTTP(t, h, c.address)
		for i, r := range res {
			st, bad := lookupStatus(r, wire.BadRegionFields)
			if !bad || st.Value != c.value || conf(t, r) > 70 {
				t.Errorf("%s: result %d: confidence %s, statuses %+v, want BAD_REGION_FIELDS %q at 70 at most", c.address, i, r.ConfidenceIndicator, r.Statuses, c.value)
			}
		}
		if leafOf(res[0]) != c.leaf {
			t.Errorf("%s: first result %s, want %s", c.address, leafOf(res[0]), c.leaf)
		}
	}
	for _, address := range []string{
		`{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","subDivision":"Los Angeles County","country":"US"}`,
		`{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","subDivision":"Hollywood","country":"US"}`,
		`{"city":"Baltimore","mainDivision":"MD","postalCode":"21201","subDivision":"Baltimore City","country":"US"}`,
	} {
		res := addressOverHTTP(t, h, address)[0]
		if res.ConfidenceIndicator != "100" || len(res.Statuses) != 1 || res.Statuses[0].LookupResult != wire.Normal {
			t.Errorf("%s: confidence %s, statuses %+v, want 100 and NORMAL", address, res.ConfidenceIndicator, res.Statuses)
		}
	}

	s := strictTenantHarness(t)
	dest := `{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","subDivision":"Orange","country":"US"}`
	a := s.do("POST", "/vertex-ws/v2/supplies", strings.NewReader(addressQuotation(dest)), "Authorization", "Bearer strict-co")
	if items := errorsOf(t, a); a.status != http.StatusBadRequest || len(items) != 1 || items[0].Target != "customer.destination.subDivision" {
		t.Errorf("strict check: %d %s, want 400 naming customer.destination.subDivision", a.status, a.body)
	}
}

// TestCoordinatesInLakesAndBays: a point within a country's boundary
// but outside those of its states or provinces, which the sources clip
// at the shore (the middle of Lake Michigan, wholly in the United
// States; Lake Huron's Canadian half), is resolved to the country alone
// at confidence 40, with a status saying that only the country could be
// told; it was the country's area at confidence 100 with a NORMAL status
// and no word, an area with no state or provincial tax (Ontario's HST
// lost). A point of Brazil's Guanabara Bay, a few kilometres from Rio de
// Janeiro's shore, still takes the nearest state.
func TestCoordinatesInLakesAndBays(t *testing.T) {
	h := newHarness(t)
	at := func(lat, lng string) wire.LookupResult {
		t.Helper()
		var resp wire.LookupResponse
		dataOf(t, h.post("/api/v2/coordinates-lookup", `{"coordinates":{"latitude":`+lat+`,"longitude":`+lng+`},"asOfDate":"2026-06-01"}`), &resp)
		if len(resp.LookupResults) != 1 {
			t.Fatalf("%s, %s: %d results", lat, lng, len(resp.LookupResults))
		}
		return resp.LookupResults[0]
	}
	for _, c := range []struct{ name, lat, lng, country string }{
		{"Lake Michigan", "43.5", "-87.0", "US"},
		{"Lake Superior, US waters", "47.5", "-87.5", "US"},
		{"Lake Huron, Canadian waters", "45.0", "-82.2", "CA"},
	} {
		res := at(c.lat, c.lng)
		if leafOf(res) != c.country || res.ConfidenceIndicator != "40" || len(res.Statuses) != 1 ||
			!strings.HasPrefix(res.Statuses[0].Value, "only the country could be told") {
			t.Errorf("%s: %s at confidence %s, statuses %+v, want %s alone at 40 saying only the country could be told",
				c.name, leafOf(res), res.ConfidenceIndicator, res.Statuses, c.country)
		}
	}
	if res := at("-22.85", "-43.15"); leafOf(res) != "BR-RJ" || res.ConfidenceIndicator != "70" {
		t.Errorf("Guanabara Bay: %s at confidence %s %+v, want BR-RJ at 70", leafOf(res), res.ConfidenceIndicator, res.Statuses)
	}
	// On land, nothing changes.
	if res := at("43.0389", "-87.9065"); res.ConfidenceIndicator != "100" || len(res.Jurisdictions) < 3 || res.Jurisdictions[1].JurisdictionID != "US-WI" {
		t.Errorf("Milwaukee: %+v", res)
	}
}

// TestBatchRefusesUnknownSearchMembers: a member of a search beside
// lookupId and lookupRequest (a lookup's asOfDate put one level too
// high) is refused naming the search and the member, as the same member
// misplaced inside lookupRequest is; it was ignored, and the search
// answered as of today without a word. Every search's faults are still
// named together.
func TestBatchRefusesUnknownSearchMembers(t *testing.T) {
	h := newHarness(t)
	a := h.post("/api/v2/find-taxareas", `[
	  {"lookupId":"a","lookupRequest":{"taxAreaId":"2650841047330893","asOfDate":"2020-01-01"}},
	  {"lookupId":"b","asOfDate":"2020-01-01","lookupRequest":{"taxAreaId":"2650841047330893"}},
	  {"lookupId":"c","lookupRequest":{"coordinates":{"latitude":34.05,"longitude":-118.25}},"returnTimeElapsedDetailsIndicator":true},
	  {"lookupId":"d","lookupRequest":{"taxAreaId":2650841047330893}}
	]`)
	if a.status != http.StatusBadRequest {
		t.Fatalf("status %d, want 400: %s", a.status, a.body)
	}
	var got []string
	for _, e := range errorsOf(t, a) {
		got = append(got, e.Target)
		if e.Target == "[1].asOfDate" && !strings.Contains(e.Message, "lookupRequest") {
			t.Errorf("%s: %q does not say where the member goes", e.Target, e.Message)
		}
	}
	want := []string{"[1].asOfDate", "[2].returnTimeElapsedDetailsIndicator", "[3].lookupRequest.taxAreaId"}
	if !slices.Equal(got, want) {
		t.Errorf("targets %q, want %q", got, want)
	}
}

// TestTerritoryNamedWithoutPostcode: an address without a postcode that
// names a special tax territory of its country by its mainDivision
// (Canarias, Åland, Guadeloupe, Madeira, the code CN) or its city
// (Ceuta, Livigno) is placed in the territory, with a status that says
// why; it was the mainland at confidence 100, Spain's VAT for an address
// in the Canary Islands, which are outside it. Beside a postcode of the
// mainland, the postcode wins and the name is flagged BAD_REGION_FIELDS
// naming the member, where it was set aside without a word. A postcode
// of the territory, or a name that is no territory, changes nothing.
func TestTerritoryNamedWithoutPostcode(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ address, leaf string }{
		{`{"mainDivision":"Canarias","city":"Las Palmas de Gran Canaria","country":"ES"}`, "ES-CN"},
		{`{"mainDivision":"canary islands","country":"ESP"}`, "ES-CN"},
		{`{"mainDivision":"CN","country":"ES"}`, "ES-CN"},
		{`{"mainDivision":"Aland","country":"FI"}`, "FI-01"},
		{`{"mainDivision":"Guadeloupe","city":"Pointe-à-Pitre","country":"FR"}`, "FR-971"},
		{`{"mainDivision":"Madeira","city":"Funchal","country":"PT"}`, "PT-30"},
		{`{"city":"Ceuta","country":"ES"}`, "ES-CE"},
		{`{"city":"Livigno","country":"IT"}`, "IT-X-LIVIGNO"},
	} {
		res := addressOverHTTP(t, h, c.address)[0]
		if leafOf(res) != c.leaf || res.ConfidenceIndicator != "100" || len(res.Statuses) != 1 || !strings.Contains(res.Statuses[0].Value, "names "+c.leaf) {
			t.Errorf("%s: %s at %s %+v, want %s at 100 saying the address names it", c.address, leafOf(res), res.ConfidenceIndicator, res.Statuses, c.leaf)
		}
	}
	res := addressOverHTTP(t, h, `{"mainDivision":"Islas Canarias","postalCode":"28001","country":"ES"}`)[0]
	if st, bad := lookupStatus(res, wire.BadRegionFields); leafOf(res) != "ES" || !bad || !strings.Contains(st.Value, "which mainDivision names") || res.ConfidenceIndicator != "70" {
		t.Errorf("Islas Canarias beside Madrid's postcode: %s at %s %+v, want ES flagged BAD_REGION_FIELDS naming mainDivision at 70", leafOf(res), res.ConfidenceIndicator, res.Statuses)
	}
	for _, c := range []struct{ address, leaf string }{
		{`{"mainDivision":"Islas Canarias","postalCode":"35001","country":"ES"}`, "ES-CN"},
		{`{"city":"Madrid","mainDivision":"Madrid","country":"ES"}`, "ES"},
		{`{"city":"Berlin","postalCode":"10117","country":"DE"}`, "DE"},
	} {
		res := addressOverHTTP(t, h, c.address)[0]
		if leafOf(res) != c.leaf || res.ConfidenceIndicator != "100" || len(res.Statuses) != 1 || res.Statuses[0].LookupResult != wire.Normal || res.Statuses[0].Value != "" {
			t.Errorf("%s: %s at %s %+v, want %s at 100, plain", c.address, leafOf(res), res.ConfidenceIndicator, res.Statuses, c.leaf)
		}
	}
	s := strictTenantHarness(t)
	dest := `{"mainDivision":"Islas Canarias","postalCode":"28001","country":"ES"}`
	a := s.do("POST", "/vertex-ws/v2/supplies", strings.NewReader(addressQuotation(dest)), "Authorization", "Bearer strict-co")
	if items := errorsOf(t, a); a.status != http.StatusBadRequest || len(items) != 1 || items[0].Target != "customer.destination.mainDivision" {
		t.Errorf("strict check: %d %s, want 400 naming customer.destination.mainDivision", a.status, a.body)
	}
}

// TestZIPAcrossAStateLine: a ZIP code whose land crosses a state line
// (42223, Fort Campbell, in Christian County, Kentucky, and Montgomery
// County, Tennessee; 97635, New Pine Creek, in Oregon and California)
// is placed in the state the address names when the ZIP code has land
// there, at confidence 100 and without a fault; it was flagged
// BAD_REGION_FIELDS ("ZIP code 42223 is in KY, not TN"), which the
// strict check refuses, and "KY" beside it was placed in Tennessee first.
// Each result's address names its county's state, not the ZIP code's.
// A state that the ZIP code does not reach is still flagged.
func TestZIPAcrossAStateLine(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ address, county, state string }{
		{`{"postalCode":"42223","mainDivision":"TN","country":"US"}`, "US-47125", "TN"},
		{`{"city":"Fort Campbell","postalCode":"42223","mainDivision":"KY","country":"US"}`, "US-21047", "KY"},
		{`{"postalCode":"97635","mainDivision":"OR","country":"US"}`, "US-41037", "OR"},
		{`{"postalCode":"97635","mainDivision":"California","country":"US"}`, "US-06049", "CA"},
	} {
		res := addressOverHTTP(t, h, c.address)
		if len(res) != 1 || len(res[0].Jurisdictions) < 3 || res[0].Jurisdictions[2].JurisdictionID != c.county {
			t.Errorf("%s: %+v, want one result in %s", c.address, res, c.county)
			continue
		}
		if _, bad := lookupStatus(res[0], wire.BadRegionFields); bad || conf(t, res[0]) < 60 {
			t.Errorf("%s: confidence %s, statuses %+v, want no fault", c.address, res[0].ConfidenceIndicator, res[0].Statuses)
		}
		if pa := res[0].PostalAddresses; len(pa) != 1 || pa[0].MainDivision != c.state {
			t.Errorf("%s: address %+v, want mainDivision %s", c.address, pa, c.state)
		}
	}
	// No state: both, each with its own state.
	res := addressOverHTTP(t, h, `{"postalCode":"42223","country":"US"}`)
	if len(res) != 2 || res[0].PostalAddresses[0].MainDivision != "TN" || res[1].PostalAddresses[0].MainDivision != "KY" {
		t.Errorf("42223 alone: %+v, want Tennessee's county then Kentucky's, each with its state", res)
	}
	res = addressOverHTTP(t, h, `{"postalCode":"42223","mainDivision":"OH","country":"US"}`)
	if st, bad := lookupStatus(res[0], wire.BadRegionFields); !bad || st.Value != "ZIP code 42223 is in KY, not OH" {
		t.Errorf("42223 in Ohio: %+v, want flagged", res[0].Statuses)
	}
	s := strictTenantHarness(t)
	dest := `{"postalCode":"42223","mainDivision":"TN","country":"US"}`
	var r wire.SaleResponse
	dataOf(t, s.do("POST", "/vertex-ws/v2/supplies", strings.NewReader(addressQuotation(dest)), "Authorization", "Bearer strict-co"), &r)
	if d := r.Customer.Destination; d.TaxAreaLookup == nil || d.TaxAreaLookup.ConfidenceIndicator != "100" {
		t.Errorf("strict check of Fort Campbell, TN: %+v", d.TaxAreaLookup)
	}
}
