package taxarea

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

func TestLookupTaxAreaID(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	// A tax area found by address is found again by its ID.
	found := lookupAddr(t, wire.PostalAddress{City: "Cupertino", MainDivision: "CA", PostalCode: "95014"}).LookupResults[0]
	resp, err := r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: found.TaxAreaID})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(resp.LookupResults[0]); !equal(got, ids(found)) {
		t.Errorf("by id: %v, by address: %v", got, ids(found))
	}
	_, err = r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: "123"})
	wantField(t, err, levy.ENotFound, "taxAreaId")
	_, err = r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: "12a"})
	wantField(t, err, levy.EInvalid, "taxAreaId")
	_, err = r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{})
	wantField(t, err, levy.EInvalid, "taxAreaId")
}

// TestTaxAreaIDsAreStable pins the IDs of a few places: an ID is a function
// of the set of jurisdictions alone, the same on every run and rebuild.
func TestTaxAreaIDsAreStable(t *testing.T) {
	pinned := map[string][]string{
		"2116881840936218": {"US", "US-NY", "US-36061"},
		"6681530847189415": {"US", "US-CA", "US-06037", "US-CA-CITY-LOS_ANGELES"},
	}
	for id, set := range pinned {
		if got := AreaID(set); got != id {
			t.Errorf("AreaID(%v) = %s, want %s", set, got, id)
		}
		reversed := slices.Clone(set)
		slices.Reverse(reversed)
		if AreaID(reversed) != id {
			t.Errorf("AreaID depends on the order of %v", set)
		}
	}
	// A second resolver built from the same data gives the same IDs.
	again, err := New(context.Background(), data.Default())
	if err != nil {
		t.Fatal(err)
	}
	r := resolver(t)
	if again.areas.text != r.areas.text || !slices.Equal(again.areas.ids, r.areas.ids) {
		t.Error("two builds of the same data gave different tax area IDs")
	}
}

func TestLookupExternal(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	cases := []struct {
		code, country string
		leaf          string
	}{
		{"06037", "US", "US-06037-MTA_PROP_C"}, // the county outside its cities, with its districts
		{"06", "USA", "US-CA"},
		{"2743000", "United States", "US-MN-D80009"}, // Minneapolis, with the districts of its county
		{"72127", "PR", "US-72127"},
		{"CA-ON", "CA", "CA-ON"},
		{"qc", "Canada", "CA-QC"},
		{"DE", "DEU", "DE"},
		{"ES-CN", "ES", "ES-CN"},
	}
	for _, c := range cases {
		resp, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: c.code, Country: c.country})
		if err != nil {
			t.Errorf("%s %s: %v", c.country, c.code, err)
			continue
		}
		if got := leafID(resp.LookupResults[0]); got != c.leaf {
			t.Errorf("%s %s: %s, want %s", c.country, c.code, got, c.leaf)
		}
	}
	_, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "98765", Country: "US"})
	wantField(t, err, levy.ENotFound, "externalJurisdictionCode")
	_, err = r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: strings.Repeat("1", 21), Country: "US"})
	wantField(t, err, levy.EInvalid, "externalJurisdictionCode")
	_, err = r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "06"})
	wantField(t, err, levy.EInvalid, "country")
}

// TestLookupExternalFIPSWithoutLeadingZero: every US code of digits that
// starts with a zero (the states from Alabama to Connecticut, their
// counties, places and county subdivisions) is found without that zero,
// as a spreadsheet column of numbers sends it, with the same results.
func TestLookupExternalFIPSWithoutLeadingZero(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	lengths := map[int]int{}
	for _, j := range r.juris.All() {
		code := j.ExternalCode
		if j.Country != "US" || len(code) < 2 || code[0] != '0' || strings.Trim(code, "0123456789") != "" {
			continue
		}
		want, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: code, Country: "US"})
		if err != nil {
			continue // a code without a tax area of its own (a place of no county's table)
		}
		got, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: code[1:], Country: "US"})
		if err != nil {
			t.Errorf("%s (%s) without its zero: %v", code, j.ID, err)
			continue
		}
		if len(got.LookupResults) != len(want.LookupResults) || got.LookupResults[0].TaxAreaID != want.LookupResults[0].TaxAreaID {
			t.Errorf("%s (%s) without its zero: %d results, first %s; with it %d, first %s", code, j.ID,
				len(got.LookupResults), got.LookupResults[0].TaxAreaID, len(want.LookupResults), want.LookupResults[0].TaxAreaID)
		}
		lengths[len(code)]++
	}
	for _, n := range []int{2, 5, 7} {
		if lengths[n] == 0 {
			t.Errorf("no US code of %d digits with a leading zero was tried", n)
		}
	}
	// Codes of other lengths, or with other characters, are not padded.
	for _, code := range []string{"603", "6037A", "98765"} {
		_, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: code, Country: "US"})
		wantField(t, err, levy.ENotFound, "externalJurisdictionCode")
	}
}

func TestFindBatch(t *testing.T) {
	r := resolver(t)
	body := `[
	  {"lookupId": "a", "lookupRequest": {"postalAddress": {"postalCode": "10118"}}},
	  {"lookupId": "b", "lookupRequest": {"coordinates": {"latitude": 48.85837, "longitude": 2.294481}}},
	  {"lookupId": "c", "lookupRequest": {"externalJurisdictionCode": "06037", "country": "US", "asOfDate": "2026-01-01"}},
	  {"lookupId": "d", "lookupRequest": {"taxAreaId": "2116881840936218"}},
	  {"lookupId": "e", "lookupRequest": {"postalAddress": {"postalCode": "00000"}}}
	]`
	var searches []wire.Search
	if err := json.Unmarshal([]byte(body), &searches); err != nil {
		t.Fatal(err)
	}
	out, err := r.Find(context.Background(), searches)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": "US-NY-D-MCTD", "b": "FR", "c": "US-06037-MTA_PROP_C", "d": "US-36061"}
	for _, res := range out {
		if w, ok := want[res.LookupID]; ok {
			if len(res.Results) == 0 || leafID(res.Results[0]) != w {
				t.Errorf("%s: %+v, want %s", res.LookupID, res.Results, w)
			}
		} else if len(res.Results) != 0 {
			t.Errorf("%s: an unknown ZIP gave %+v", res.LookupID, res.Results)
		}
	}
	if out[2].Results[0].AsOfDate != civil.MustParse("2026-01-01") {
		t.Errorf("asOfDate not kept: %v", out[2].Results[0].AsOfDate)
	}
	// A round trip through JSON keeps the kind of each search.
	b, err := json.Marshal(searches)
	if err != nil {
		t.Fatal(err)
	}
	var again []wire.Search
	if err := json.Unmarshal(b, &again); err != nil || again[1].Coordinates == nil || again[2].External == nil {
		t.Errorf("round trip: %v %+v", err, again)
	}

	// One bad search fails the batch and is named by its index.
	bad := []wire.Search{{LookupID: "ok", TaxAreaID: &wire.TaxAreaIDLookupRequest{TaxAreaID: "2116881840936218"}},
		{LookupID: "bad", Coordinates: &wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 100}}}}
	_, err = r.Find(context.Background(), bad)
	wantField(t, err, levy.EInvalid, "[1].lookupRequest.coordinates.latitude")

	for _, raw := range []string{`{"lookupId":"x"}`, `{"lookupRequest":{"taxAreaId":"1","coordinates":{}}}`, `{"lookupRequest":[]}`, `{"lookupRequest":{"bogus":1}}`} {
		var s wire.Search
		if err := json.Unmarshal([]byte(raw), &s); levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("%s: err = %v, want invalid", raw, err)
		}
	}
	// A lookupId of only whitespace is refused naming its search; an
	// empty one is a search without a name.
	blank := []wire.Search{{TaxAreaID: &wire.TaxAreaIDLookupRequest{TaxAreaID: "2116881840936218"}},
		{LookupID: " \u3000", TaxAreaID: &wire.TaxAreaIDLookupRequest{TaxAreaID: "2116881840936218"}}}
	_, err = r.Find(context.Background(), blank)
	wantField(t, err, levy.EInvalid, "[1].lookupId")
	if _, err := r.Find(context.Background(), blank[:1]); err != nil {
		t.Errorf("a search without a lookupId: %v", err)
	}
	if _, err := r.Find(context.Background(), make([]wire.Search, wire.MaxSearches+1)); levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("oversized batch: %v", err)
	}
}

func TestChangedTaxAreas(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	dc := AreaID([]string{"US", "US-DC"})
	dcCounty := AreaID([]string{"US", "US-DC", "US-11001"})
	ny := AreaID([]string{"US", "US-NY", "US-36061"})
	// DC's rate went from 6% to 7% on 2026-10-01.
	changed, err := r.ChangedTaxAreas(ctx, civil.MustParse("2026-09-01"), civil.MustParse("2026-10-31"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{dc, dcCounty} {
		if _, ok := slices.BinarySearch(changed, id); !ok {
			t.Errorf("tax area %s of DC not in the changes of autumn 2026", id)
		}
	}
	if _, ok := slices.BinarySearch(changed, ny); ok {
		t.Error("New York County changed in autumn 2026?")
	}
	for _, c := range []struct {
		id       string
		from, to string
		want     bool
	}{
		{dc, "2026-10-01", "2026-10-01", true},
		{dc, "2025-01-01", "2025-12-31", false},
		{AreaID([]string{"CA", "CA-NS"}), "2025-04-01", "2025-04-01", true},
		{AreaID([]string{"CA", "CA-NS"}), "2025-04-02", "2025-12-31", false},
	} {
		got, err := r.TaxAreaChanged(ctx, c.id, civil.MustParse(c.from), civil.MustParse(c.to))
		if err != nil || got != c.want {
			t.Errorf("TaxAreaChanged(%s, %s, %s) = %v, %v; want %v", c.id, c.from, c.to, got, err, c.want)
		}
	}
	_, err = r.ChangedTaxAreas(ctx, civil.MustParse("2026-02-01"), civil.MustParse("2026-01-01"))
	wantField(t, err, levy.EInvalid, "endDate")
	_, err = r.ChangedTaxAreas(ctx, civil.Date{}, civil.Date{})
	wantField(t, err, levy.EInvalid, "beginDate")
	_, err = r.TaxAreaChanged(ctx, "42", civil.MustParse("2026-01-01"), civil.Date{})
	wantField(t, err, levy.ENotFound, "taxareaid")
}

func TestAsOfDateLeavesOutJurisdictionsNotYetInForce(t *testing.T) {
	r := resolver(t)
	// Every jurisdiction of the result exists on the as-of date.
	resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{
		PostalAddress: wire.PostalAddress{PostalCode: "90012"}, AsOfDate: civil.MustParse("2025-06-30")})
	if err != nil {
		t.Fatal(err)
	}
	res := resp.LookupResults[0]
	for _, j := range res.Jurisdictions {
		if j.EffectiveDate.After(res.AsOfDate) {
			t.Errorf("%s effective %s after the as-of date %s", j.JurisdictionID, j.EffectiveDate, res.AsOfDate)
		}
	}
	if res.TaxAreaID != AreaID(ids(res)) {
		t.Errorf("taxAreaId %s does not match the jurisdictions listed %v", res.TaxAreaID, ids(res))
	}
}

func TestResolverIsSafeForConcurrentUse(t *testing.T) {
	r := resolver(t)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if p := r.Locate(40.748817, -73.985428); p.County != "US-36061" {
					t.Errorf("concurrent Locate gave %+v", p)
					return
				}
				if _, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{PostalCode: "95014"}}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestExternalCodeOfATerritory: a government code looked up with a US
// territory as its country finds the territory's own jurisdictions (its
// FIPS code, its municipios), not those of the states: country PR and
// code 06 was California, 0644000 Los Angeles.
func TestExternalCodeOfATerritory(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		code, country, leaf string
	}{
		{"72", "PR", "US-PR"},
		{"72127", "Puerto Rico", "US-72127"},
		{"66", "GU", "US-GU"},
		{"06", "US", "US-CA"},
		{"0644000", "US", "US-06037-MTA_PROP_C"},
	} {
		res, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: c.code, Country: c.country})
		if err != nil || len(res.LookupResults) == 0 || leafID(res.LookupResults[0]) != c.leaf {
			t.Errorf("%s in %s: %+v, %v; want %s", c.code, c.country, res, err, c.leaf)
		}
	}
	for _, c := range []struct{ code, country string }{
		{"06", "PR"}, {"06037", "Puerto Rico"}, {"0644000", "PR"}, {"72", "GU"}, {"US", "PR"},
	} {
		_, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: c.code, Country: c.country})
		wantField(t, err, levy.ENotFound, "externalJurisdictionCode")
	}
}
