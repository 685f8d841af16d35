package taxarea_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// cityOf returns the name of the city jurisdiction (a Census place,
// US-SS-NNNNNNN... of ten characters) of a result, or "".
func cityOf(lr wire.LookupResult) string {
	for _, j := range lr.Jurisdictions {
		if id := j.JurisdictionID; len(id) == 10 && strings.HasPrefix(id, "US-") {
			return j.Value
		}
	}
	return ""
}

func lookupCity(t *testing.T, r *taxarea.Resolver, city, state, zip string) []wire.LookupResult {
	t.Helper()
	resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{
		PostalAddress: wire.PostalAddress{City: city, MainDivision: state, PostalCode: zip, Country: "US"}})
	if err != nil {
		t.Fatalf("%s, %s %s: %v", city, state, zip, err)
	}
	if len(resp.LookupResults) == 0 {
		t.Fatalf("%s, %s %s: no result", city, state, zip)
	}
	return resp.LookupResults
}

// TestPostalSpellingsOfCities: a city written as the Postal Service
// writes it, without the apostrophe or with a space the Census name
// lacks, is the city: the address was placed outside it, at confidence
// 80, and "OFallon", "Coeur D Alene" and "Mc Kinney" were called names
// of no place (BAD_REGION_FIELDS).
func TestPostalSpellingsOfCities(t *testing.T) {
	r, err := taxarea.New(context.Background(), data.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ city, state, zip, want string }{
		{"O Fallon", "MO", "63366", "O'Fallon"},
		{"OFallon", "MO", "63366", "O'Fallon"},
		{"O'Fallon", "MO", "63366", "O'Fallon"},
		{"Lees Summit", "MO", "64063", "Lee's Summit"},
		{"Mc Kinney", "TX", "75069", "McKinney"},
	} {
		res := lookupCity(t, r, c.city, c.state, c.zip)
		if got := cityOf(res[0]); got != c.want {
			t.Errorf("%s, %s %s: city %q, want %q", c.city, c.state, c.zip, got, c.want)
		}
		if res[0].ConfidenceIndicator != "100" {
			t.Errorf("%s, %s %s: confidence %s, want 100", c.city, c.state, c.zip, res[0].ConfidenceIndicator)
		}
		for _, s := range res[0].Statuses {
			if s.LookupResult != wire.Normal {
				t.Errorf("%s, %s %s: status %s %s", c.city, c.state, c.zip, s.LookupResult, s.Value)
			}
		}
	}
	// Coeur d'Alene has no city tax of its own: the spelling is no
	// longer refused as a name of no place.
	for _, s := range lookupCity(t, r, "Coeur D Alene", "ID", "83814")[0].Statuses {
		if s.LookupResult != wire.Normal {
			t.Errorf("Coeur D Alene, ID 83814: status %s %s", s.LookupResult, s.Value)
		}
	}
}

// TestPostalNameOfNoCity: a city that is the ZIP code's postal name,
// that names no place of the state, beside a ZIP code that mainly
// serves a city with a tax area of its own, is answered as a lookup
// without a city: that city first (confidence 60), then the county
// outside its places (30). Angels Camp, California (95222) is the
// Census's city of Angels, and was taxed as Calaveras County outside its
// cities. A ZIP code that mainly serves an unincorporated community
// keeps its answer.
func TestPostalNameOfNoCity(t *testing.T) {
	r, err := taxarea.New(context.Background(), data.Default())
	if err != nil {
		t.Fatal(err)
	}
	res := checkPlaceThenRest(t, r, "Angels Camp", "CA", "95222", "Angels")
	if got := res[0].PostalAddresses[0].City; got != "Angels Camp" {
		t.Errorf("Angels Camp: postal city %q", got)
	}
	// Laveen, Arizona (85339) mainly serves Phoenix, and crosses into
	// Pinal County: Phoenix, then Pinal County at its share, then the rest
	// of Maricopa County, most likely first.
	res = lookupCity(t, r, "Laveen", "AZ", "85339")
	if got := cityOf(res[0]); got != "Phoenix" {
		t.Errorf("Laveen: first city %q, want Phoenix", got)
	}
	for i := 1; i < len(res); i++ {
		a, _ := strconv.Atoi(res[i-1].ConfidenceIndicator)
		b, _ := strconv.Atoi(res[i].ConfidenceIndicator)
		if b > a {
			t.Errorf("Laveen: result %d at %d, above the %d of the one before", i, b, a)
		}
	}
	for _, c := range []struct{ city, state, zip string }{
		{"Sun City", "AZ", "85351"},
		{"Spring", "TX", "77379"},
	} {
		res := lookupCity(t, r, c.city, c.state, c.zip)
		if len(res) != 1 || res[0].ConfidenceIndicator != "100" || cityOf(res[0]) != "" {
			t.Errorf("%s, %s %s: %d results, first at %s in city %q; want one at 100 outside every city",
				c.city, c.state, c.zip, len(res), res[0].ConfidenceIndicator, cityOf(res[0]))
		}
	}
}

// checkPlaceThenRest looks up city beside zip in state and checks that the
// answer is that of a postal name of no city: place, which the ZIP code
// mainly serves, at confidence 60 with the status that says so, then the
// county outside its places at 30. It returns the results.
func checkPlaceThenRest(t *testing.T, r *taxarea.Resolver, city, state, zip, place string) []wire.LookupResult {
	t.Helper()
	res := lookupCity(t, r, city, state, zip)
	if len(res) != 2 {
		t.Fatalf("%s: %d results, want 2", city, len(res))
	}
	if got := cityOf(res[0]); got != place {
		t.Errorf("%s: first city %q, want %s", city, got, place)
	}
	if got := cityOf(res[1]); got != "" {
		t.Errorf("%s: second result in city %q, want none", city, got)
	}
	if res[0].ConfidenceIndicator != "60" || res[1].ConfidenceIndicator != "30" {
		t.Errorf("%s: confidences %s, %s, want 60, 30", city, res[0].ConfidenceIndicator, res[1].ConfidenceIndicator)
	}
	want := "the city " + city + " is a postal name of no city: ZIP code " + zip + " mainly serves " + place
	if st := res[0].Statuses; len(st) != 1 || st[0].LookupResult != wire.Normal || !strings.HasPrefix(st[0].Value, want) {
		t.Errorf("%s: statuses %+v, want one NORMAL beginning %q", city, st, want)
	}
	if st := res[1].Statuses; len(st) != 1 || st[0].LookupResult != wire.Normal || st[0].Value != "outside the places of the county" {
		t.Errorf("%s: second statuses %+v", city, st)
	}
	return res
}
