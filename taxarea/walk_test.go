package taxarea

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/wire"
)

// The walk of the lookups as a host uses them: odd points, address
// forms, round trips from one kind of lookup to another, and change
// ranges at and past the content's ends. Each test names its scenario;
// /work/notes/lookupwalk-notes.md lists them with the answer expected.

// walkPoint looks up one point as of testToday and returns its one result.
func walkPoint(t *testing.T, r *Resolver, lat, lng float64) wire.LookupResult {
	t.Helper()
	res, err := r.LookupCoordinates(context.Background(), wire.CoordinatesLookupRequest{
		Coordinates: &wire.Coordinates{Latitude: lat, Longitude: lng}})
	if err != nil {
		t.Fatalf("(%v, %v): %v", lat, lng, err)
	}
	if len(res.LookupResults) != 1 {
		t.Fatalf("(%v, %v): %d results, want 1", lat, lng, len(res.LookupResults))
	}
	return res.LookupResults[0]
}

// walkAddress looks up one address as of day and returns its first result.
func walkAddress(t *testing.T, r *Resolver, a wire.PostalAddress, day string) wire.LookupResult {
	t.Helper()
	res, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: a, AsOfDate: civil.MustParse(day)})
	if err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	if len(res.LookupResults) == 0 {
		t.Fatalf("%+v: no results", a)
	}
	return res.LookupResults[0]
}

// TestWalkOpenSeaPoints: (0, 0) in the Gulf of Guinea and the North Pole
// on the Arctic Ocean have no jurisdiction. The answer is a result with
// no tax area and a status that says so, not an error.
func TestWalkOpenSeaPoints(t *testing.T) {
	r := resolver(t)
	for _, c := range [][2]float64{{0, 0}, {90, 0}, {90, -135}} {
		res := walkPoint(t, r, c[0], c[1])
		if res.TaxAreaID != "" || len(res.Jurisdictions) != 0 {
			t.Errorf("%v: tax area %q with %v, want none", c, res.TaxAreaID, ids(res))
		}
		if len(res.Statuses) != 1 || res.Statuses[0].Value != "no jurisdiction at this point" {
			t.Errorf("%v: statuses %+v", c, res.Statuses)
		}
		if res.AsOfDate != testToday {
			t.Errorf("%v: asOfDate %s, want %s", c, res.AsOfDate, testToday)
		}
	}
}

// TestWalkSouthPole: points at and next to the South Pole are in
// Antarctica (AQ). The atlas's ring of Antarctica runs along latitude
// -89.999 rather than through the pole, so a point on the pole itself
// lies in the small cap the ring leaves out and is answered by the
// nearest boundary, with its lower confidence; a point on the ring's
// latitude or north of it is inside.
func TestWalkSouthPole(t *testing.T) {
	r := resolver(t)
	for _, c := range [][2]float64{{-90, 0}, {-90, 90}, {-89.999, 45}, {-85, -120}} {
		if got := ids(walkPoint(t, r, c[0], c[1])); !slices.Equal(got, []string{"AQ"}) {
			t.Errorf("%v: %v, want [AQ]", c, got)
		}
	}
	for c, want := range map[[2]float64]string{{-89.999, 45}: "100", {-85, -120}: "100", {-90, 0}: "70"} {
		res := walkPoint(t, r, c[0], c[1])
		if res.ConfidenceIndicator != want {
			t.Errorf("%v: confidence %s, want %s (%+v)", c, res.ConfidenceIndicator, want, res.Statuses)
		}
	}
}

// TestWalkAntimeridian: longitudes 180 and -180 are one meridian, so a
// point given either way gets the same answer (Fiji's waters, where the
// meridian crosses Taveuni; the ocean on the equator). A point just
// west of it in the Aleutians is in Alaska.
func TestWalkAntimeridian(t *testing.T) {
	r := resolver(t)
	for _, lat := range []float64{-16.8, -17, 0, 52} {
		east, west := walkPoint(t, r, lat, 180), walkPoint(t, r, lat, -180)
		if east.TaxAreaID != west.TaxAreaID || !slices.Equal(ids(east), ids(west)) {
			t.Errorf("latitude %v: longitude 180 gives %s %v, -180 gives %s %v", lat, east.TaxAreaID, ids(east), west.TaxAreaID, ids(west))
		}
	}
	if got := ids(walkPoint(t, r, -17, 180)); !slices.Equal(got, []string{"FJ"}) {
		t.Errorf("(-17, 180): %v, want [FJ]", got)
	}
	// Semisopochnoi Island, Aleutians West, west of the meridian.
	if got := leafID(walkPoint(t, r, 51.95, 179.6)); got != "US-02016" {
		t.Errorf("Semisopochnoi: %s, want US-02016", got)
	}
}

// TestWalkStateLine: State Line Road between the two Kansas Cities.
// A point a hundredth of a degree either side of the line is in its own
// state's county, and a vertex that both counties' boundaries share gets
// one of the two, the same on every lookup.
func TestWalkStateLine(t *testing.T) {
	r := resolver(t)
	county := func(res wire.LookupResult) string {
		for _, j := range res.Jurisdictions {
			if id := j.JurisdictionID; len(id) == len("US-00000") && id[:3] == "US-" {
				return j.JurisdictionID
			}
		}
		return ""
	}
	if got := county(walkPoint(t, r, 39.0997, -94.62)); got != "US-20209" {
		t.Errorf("west of State Line Road: county %s, want US-20209 (Wyandotte, KS)", got)
	}
	if got := county(walkPoint(t, r, 39.0997, -94.59)); got != "US-29095" {
		t.Errorf("east of State Line Road: county %s, want US-29095 (Jackson, MO)", got)
	}
	for _, v := range sharedVertices(t, r, data.LayerUSCounty, "US-20209", "US-29095") {
		first := walkPoint(t, r, v[0], v[1])
		if c := county(first); c != "US-20209" && c != "US-29095" {
			t.Errorf("shared vertex %v: county %q, want Wyandotte or Jackson", v, c)
		}
		if again := walkPoint(t, r, v[0], v[1]); again.TaxAreaID != first.TaxAreaID {
			t.Errorf("shared vertex %v: %s then %s", v, first.TaxAreaID, again.TaxAreaID)
		}
	}
}

// TestWalkCityLine: each vertex that the boundaries of Los Angeles and
// Beverly Hills share gets exactly one of the two cities, the same on
// every lookup, and both cities own some of them.
func TestWalkCityLine(t *testing.T) {
	r := resolver(t)
	owners := map[string]int{}
	for _, v := range sharedVertices(t, r, data.LayerUSPlace, "US-0644000", "US-0606308") {
		first := walkPoint(t, r, v[0], v[1])
		got := ids(first)
		la, bh := slices.Contains(got, "US-0644000"), slices.Contains(got, "US-0606308")
		if la == bh {
			t.Errorf("shared vertex %v: %v, want exactly one of the two cities", v, got)
		}
		if la {
			owners["US-0644000"]++
		} else {
			owners["US-0606308"]++
		}
		if again := walkPoint(t, r, v[0], v[1]); again.TaxAreaID != first.TaxAreaID {
			t.Errorf("shared vertex %v: %s then %s", v, first.TaxAreaID, again.TaxAreaID)
		}
	}
	if owners["US-0644000"] == 0 || owners["US-0606308"] == 0 {
		t.Errorf("owners of the shared vertices: %v", owners)
	}
}

// sharedVertices returns, sorted, the vertices that the boundaries of
// jurisdictions a and b of one layer share.
func sharedVertices(t *testing.T, r *Resolver, layer data.Layer, a, b string) [][2]float64 {
	t.Helper()
	vertices := map[string]map[[2]float64]bool{}
	for _, s := range r.Shapes() {
		if s.Layer != layer || (s.Jurisdiction != a && s.Jurisdiction != b) {
			continue
		}
		m := map[[2]float64]bool{}
		for _, l := range s.Loops {
			for _, v := range l {
				m[v] = true
			}
		}
		vertices[s.Jurisdiction] = m
	}
	var shared [][2]float64
	for v := range vertices[a] {
		if vertices[b][v] {
			shared = append(shared, v)
		}
	}
	if len(shared) == 0 {
		t.Fatalf("the boundaries of %s and %s share no vertex", a, b)
	}
	slices.SortFunc(shared, cmpPair)
	return shared
}

func cmpPair(a, b [2]float64) int {
	switch {
	case a[0] != b[0]:
		if a[0] < b[0] {
			return -1
		}
		return 1
	case a[1] < b[1]:
		return -1
	case a[1] > b[1]:
		return 1
	}
	return 0
}

// TestWalkZipPlusFour: a ZIP+4 code, with or without its hyphen, gives
// the area of its five-digit ZIP code.
func TestWalkZipPlusFour(t *testing.T) {
	r := resolver(t)
	base := wire.PostalAddress{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}
	want := walkAddress(t, r, base, "2026-06-01")
	if leafID(want) == "" || !slices.Contains(ids(want), "US-0644000") {
		t.Fatalf("90012: %v, want the city of Los Angeles among them", ids(want))
	}
	for _, zip := range []string{"90012-3239", "900123239"} {
		a := base
		a.PostalCode = zip
		if got := walkAddress(t, r, a, "2026-06-01"); got.TaxAreaID != want.TaxAreaID {
			t.Errorf("%s: %s %v, want %s", zip, got.TaxAreaID, ids(got), want.TaxAreaID)
		}
	}
}

// TestWalkZipAcrossCounties: ZIP 32096 lies mostly in Columbia County,
// the town of White Springs in Hamilton County. The town's name, or a
// county named in the address, decides; "Hamilton County" is read as
// Hamilton.
func TestWalkZipAcrossCounties(t *testing.T) {
	r := resolver(t)
	for _, a := range []wire.PostalAddress{
		{City: "White Springs", MainDivision: "FL", PostalCode: "32096"},
		{City: "White Springs", MainDivision: "FL", PostalCode: "32096", SubDivision: "Hamilton"},
		{City: "White Springs", MainDivision: "FL", PostalCode: "32096", SubDivision: "Hamilton County"},
	} {
		if got := leafID(walkAddress(t, r, a, "2026-06-01")); got != "US-12047" {
			t.Errorf("%+v: %s, want US-12047 (Hamilton)", a, got)
		}
	}
}

// TestWalkZipAloneAcrossCounties: ZIP 32096 alone, with no city, gives
// each of its counties, the one holding most of it (Columbia) first and
// with the highest confidence; naming a county picks it at full
// confidence, and naming Columbia with the town's name keeps Columbia.
func TestWalkZipAloneAcrossCounties(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{MainDivision: "FL", PostalCode: "32096"},
		AsOfDate: civil.MustParse("2026-06-01")})
	if err != nil {
		t.Fatal(err)
	}
	var leaves, confs []string
	for _, x := range res.LookupResults {
		leaves, confs = append(leaves, leafID(x)), append(confs, x.ConfidenceIndicator)
	}
	if !slices.Equal(leaves, []string{"US-12023", "US-12047", "US-12121"}) || !slices.Equal(confs, []string{"55", "43", "1"}) {
		t.Errorf("32096 alone: %v at %v, want Columbia, Hamilton, Suwannee at 55, 43, 1", leaves, confs)
	}
	for county, want := range map[string]string{"Columbia": "US-12023", "Hamilton": "US-12047"} {
		for _, city := range []string{"", "White Springs"} {
			got := walkAddress(t, r, wire.PostalAddress{City: city, MainDivision: "FL", PostalCode: "32096", SubDivision: county}, "2026-06-01")
			if leafID(got) != want || got.ConfidenceIndicator != "100" {
				t.Errorf("32096 %q in %s: %s at %s, want %s at 100", city, county, leafID(got), got.ConfidenceIndicator, want)
			}
		}
	}
}

// TestWalkTaxAreaIDRoundTrip: the ID an address lookup gives, looked up
// by ID on the same day, gives the same jurisdictions, on either side of
// Los Angeles County's change of 2025-04-01.
func TestWalkTaxAreaIDRoundTrip(t *testing.T) {
	r := resolver(t)
	la := wire.PostalAddress{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}
	for _, day := range []string{"2025-03-31", "2025-04-01", "2026-06-01"} {
		byAddress := walkAddress(t, r, la, day)
		res, err := r.LookupTaxAreaID(context.Background(), wire.TaxAreaIDLookupRequest{TaxAreaID: byAddress.TaxAreaID, AsOfDate: civil.MustParse(day)})
		if err != nil {
			t.Fatalf("%s: %v", day, err)
		}
		byID := res.LookupResults[0]
		if byID.TaxAreaID != byAddress.TaxAreaID || !slices.Equal(ids(byID), ids(byAddress)) {
			t.Errorf("%s: address gives %s %v, its ID gives %s %v", day, byAddress.TaxAreaID, ids(byAddress), byID.TaxAreaID, ids(byID))
		}
	}
}

// TestWalkFIPSRoundTrips: a state's, a county's and a place's FIPS code
// each give their jurisdiction as the leaf, that jurisdiction's
// externalJurisdictionCode is the code given, and the place's area is the
// one an address in it gets. A state code without its leading zero is
// the same code.
func TestWalkFIPSRoundTrips(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	ext := func(code string) wire.LookupResult {
		t.Helper()
		res, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: code, Country: "US", AsOfDate: civil.MustParse("2026-06-01")})
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		return res.LookupResults[0]
	}
	for code, want := range map[string]string{"06": "US-CA", "36": "US-NY", "06037": "US-06037", "0644000": "US-0644000"} {
		res := ext(code)
		var found bool
		for _, j := range res.Jurisdictions {
			if j.JurisdictionID == want {
				found = true
				if j.ExternalJurisdictionCode != code {
					t.Errorf("%s: %s carries code %s", code, want, j.ExternalJurisdictionCode)
				}
			}
		}
		if !found {
			t.Errorf("%s: %v, want %s among them", code, ids(res), want)
		}
	}
	if a, b := ext("6"), ext("06"); a.TaxAreaID != b.TaxAreaID {
		t.Errorf("6 gives %s, 06 gives %s", a.TaxAreaID, b.TaxAreaID)
	}
	la := walkAddress(t, r, wire.PostalAddress{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}, "2026-06-01")
	if got := ext("0644000"); got.TaxAreaID != la.TaxAreaID {
		t.Errorf("place 0644000 gives %s, the address in it %s", got.TaxAreaID, la.TaxAreaID)
	}
	for _, code := range []string{"99", "06999"} {
		_, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: code, Country: "US"})
		if levy.ErrorCode(err) != levy.ENotFound {
			t.Errorf("%s: %v, want not found", code, err)
		}
	}
}

// TestWalkChangeRanges: a range that ends before it starts is refused
// (endDate); one day of a change lists the areas it touched; a range
// that spans it lists them too; ranges wholly before the content's first
// date or after today list nothing; and every listed ID is one that
// TaxAreaChanged reports changed.
func TestWalkChangeRanges(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	d := civil.MustParse
	_, err := r.ChangedTaxAreas(ctx, d("2025-05-01"), d("2025-04-01"))
	var e *levy.Error
	if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != "endDate" {
		t.Errorf("reversed range: %v, want invalid endDate", err)
	}
	la := wire.PostalAddress{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}
	before, after := walkAddress(t, r, la, "2025-03-31").TaxAreaID, walkAddress(t, r, la, "2025-04-01").TaxAreaID
	for _, rg := range [][2]string{{"2025-04-01", "2025-04-01"}, {"2025-03-01", "2025-05-01"}} {
		got, err := r.ChangedTaxAreas(ctx, d(rg[0]), d(rg[1]))
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{before, after} {
			if _, ok := slices.BinarySearch(got, id); !ok {
				t.Errorf("%v: %s missing", rg, id)
			}
		}
		for _, id := range got[:min(len(got), 25)] {
			if ch, err := r.TaxAreaChanged(ctx, id, d(rg[0]), d(rg[1])); err != nil || !ch {
				t.Errorf("%v: %s listed, TaxAreaChanged %v, %v", rg, id, ch, err)
			}
		}
	}
	for _, rg := range [][2]string{{"1800-01-01", "1899-12-31"}, {"1900-01-01", "1900-01-01"}, {"2099-01-01", ""}} {
		var to civil.Date
		if rg[1] != "" {
			to = d(rg[1])
		}
		got, err := r.ChangedTaxAreas(ctx, d(rg[0]), to)
		if err != nil || len(got) != 0 {
			t.Errorf("%v: %d IDs, %v; want none", rg, len(got), err)
		}
		if ch, err := r.TaxAreaChanged(ctx, before, d(rg[0]), to); err != nil || ch {
			t.Errorf("%v: TaxAreaChanged(%s) = %v, %v; want false", rg, before, ch, err)
		}
	}
}

// TestWalkChangeListAgreesWithOneArea: over the day of Los Angeles
// County's change, over 2026-01-01 (a day of over a thousand changes)
// and over six years, each area's own ID is in the list exactly when
// TaxAreaChanged says it changed, and every ID listed is one that it
// says changed.
func TestWalkChangeListAgreesWithOneArea(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, rg := range [][2]string{{"2025-04-01", "2025-04-01"}, {"2026-01-01", "2026-01-01"}, {"2020-01-01", "2026-11-21"}} {
		from, to := civil.MustParse(rg[0]), civil.MustParse(rg[1])
		list, err := r.ChangedTaxAreas(ctx, from, to)
		if err != nil || len(list) == 0 {
			t.Fatalf("%v: %d IDs, %v", rg, len(list), err)
		}
		for _, k := range r.areas.ids {
			id := r.areas.id(&r.areas.areas[k])
			ch, err := r.TaxAreaChanged(ctx, id, from, to)
			if _, in := slices.BinarySearch(list, id); err != nil || ch != in {
				t.Errorf("%v: %s listed %v, TaxAreaChanged %v, %v", rg, id, in, ch, err)
			}
		}
		for _, id := range list {
			if ch, err := r.TaxAreaChanged(ctx, id, from, to); err != nil || !ch {
				t.Errorf("%v: %s listed, TaxAreaChanged %v, %v", rg, id, ch, err)
			}
		}
	}
}

// TestWalkDatesOutsideContent: a date before the content's first date
// (1900-01-01) gets the jurisdictions in force on that first date, and a
// date decades after today those of the content's last known state.
func TestWalkDatesOutsideContent(t *testing.T) {
	r := resolver(t)
	la := wire.PostalAddress{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012"}
	first := walkAddress(t, r, la, "1900-01-01")
	for _, day := range []string{"1899-12-31", "0001-01-01"} {
		if got := walkAddress(t, r, la, day); got.TaxAreaID != first.TaxAreaID {
			t.Errorf("%s: %s, want %s as on 1900-01-01", day, got.TaxAreaID, first.TaxAreaID)
		}
	}
	if slices.Contains(ids(first), "US-06037-MEASURE_A") {
		t.Errorf("1900-01-01 holds Measure A (from 2025-04-01): %v", ids(first))
	}
	late := walkAddress(t, r, la, "2099-01-01")
	if !slices.Contains(ids(late), "US-06037-MEASURE_A") || !slices.Contains(ids(late), "US-0644000") {
		t.Errorf("2099-01-01: %v, want the city and Measure A", ids(late))
	}
	if late.AsOfDate != civil.MustParse("2099-01-01") {
		t.Errorf("2099-01-01: asOfDate %s", late.AsOfDate)
	}
}

// TestWalkOutsideUS: a Canadian address gets Canada and its province,
// the same area as the province's code; addresses in Paris and Berlin get
// their country alone.
func TestWalkOutsideUS(t *testing.T) {
	r := resolver(t)
	on := walkAddress(t, r, wire.PostalAddress{City: "Toronto", MainDivision: "ON", PostalCode: "M5V 2T6", Country: "CA"}, "2026-06-01")
	if !slices.Equal(ids(on), []string{"CA", "CA-ON"}) {
		t.Errorf("Toronto: %v, want [CA CA-ON]", ids(on))
	}
	res, err := r.LookupExternal(context.Background(), wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "CA-ON", Country: "CA", AsOfDate: civil.MustParse("2026-06-01")})
	if err != nil {
		t.Fatal(err)
	}
	if res.LookupResults[0].TaxAreaID != on.TaxAreaID {
		t.Errorf("CA-ON gives %s, Toronto %s", res.LookupResults[0].TaxAreaID, on.TaxAreaID)
	}
	for _, c := range []struct {
		a    wire.PostalAddress
		want string
	}{
		{wire.PostalAddress{City: "Paris", PostalCode: "75001", Country: "FR"}, "FR"},
		{wire.PostalAddress{City: "Berlin", PostalCode: "10115", Country: "DE"}, "DE"},
	} {
		if got := ids(walkAddress(t, r, c.a, "2026-06-01")); !slices.Equal(got, []string{c.want}) {
			t.Errorf("%s: %v, want [%s]", c.a.City, got, c.want)
		}
	}
}
