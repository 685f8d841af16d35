package taxarea

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestPuertoRicoMunicipioWithoutZIP: a Puerto Rican city without a ZIP
// code that names a municipio (the island's county-equivalents, and its
// only local governments: the dataset has no incorporated place there)
// ranks that municipio first at confidence 90, above every other, and
// says so. Before, "San Juan, PR" gave the four municipios that the
// Census's zona urbana of San Juan reaches into at confidence 25 each,
// ranked by FIPS code, with San Juan third; "Vieques, PR" gave Loíza,
// where a comunidad has that name (the municipio's zona urbana is
// Isabel Segunda), and "Las Marías, PR" Añasco at 100.
func TestPuertoRicoMunicipioWithoutZIP(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a  wire.PostalAddress
		id string
	}{
		{wire.PostalAddress{City: "San Juan", MainDivision: "PR"}, "US-72127"},
		{wire.PostalAddress{City: "SAN JUAN", Country: "PR"}, "US-72127"},
		{wire.PostalAddress{City: "San Juan", MainDivision: "Puerto Rico", Country: "US"}, "US-72127"},
		{wire.PostalAddress{City: "Bayamón", MainDivision: "PR"}, "US-72021"},
		{wire.PostalAddress{City: "Bayamon", MainDivision: "PR"}, "US-72021"},
		{wire.PostalAddress{City: "Carolina", MainDivision: "PR"}, "US-72031"},
		{wire.PostalAddress{City: "Guaynabo", MainDivision: "PR"}, "US-72061"},
		{wire.PostalAddress{City: "Mayagüez", MainDivision: "PR"}, "US-72097"},
		{wire.PostalAddress{City: "Mayaguez", MainDivision: "PR"}, "US-72097"},
		{wire.PostalAddress{City: "Vieques", MainDivision: "PR"}, "US-72147"},
		{wire.PostalAddress{City: "Las Marias", MainDivision: "PR"}, "US-72083"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Errorf("%+v: %v", c.a, err)
			continue
		}
		res := resp.LookupResults
		if got := ids(res[0]); !slices.Contains(got, c.id) || conf(res[0]) != 90 {
			t.Errorf("%+v: first result %v at %s, want %s at 90", c.a, got, res[0].ConfidenceIndicator, c.id)
		}
		if len(res) < 2 {
			t.Errorf("%+v: %d results, want the other municipios the places of that name reach into too", c.a, len(res))
		}
		for i, x := range res {
			if !hasNote(x, "names the municipio of") {
				t.Errorf("%+v: result %d (%v): statuses %+v, want one saying the city names a municipio", c.a, i, ids(x), x.Statuses)
			}
			if i > 0 && conf(x) >= conf(res[0]) {
				t.Errorf("%+v: result %d (%v) at %s, the municipio named at %s", c.a, i, ids(x), x.ConfidenceIndicator, res[0].ConfidenceIndicator)
			}
		}
	}

	// Every municipio named alone comes first.
	for _, j := range r.juris.Children("US-PR") {
		if countyFIPS(j.ID) == 0 {
			continue
		}
		a := wire.PostalAddress{City: j.Name, MainDivision: "PR"}
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: a})
		if err != nil {
			t.Errorf("%+v: %v", a, err)
			continue
		}
		if got := ids(resp.LookupResults[0]); !slices.Contains(got, j.ID) {
			t.Errorf("%+v: first result %v, want %s", a, got, j.ID)
		}
	}

	// Ponce's places all lie in the municipio: one result, as before.
	resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Ponce", MainDivision: "PR"}})
	if err != nil {
		t.Fatal(err)
	}
	if res := resp.LookupResults; len(res) != 1 || !slices.Contains(ids(res[0]), "US-72113") || conf(res[0]) != 100 {
		t.Errorf("Ponce, PR: %d results, first %v at %s, want US-72113 alone at 100", len(res), ids(res[0]), res[0].ConfidenceIndicator)
	}

	// A neighbourhood that the dataset does not name is refused naming
	// the city, not placed somewhere.
	_, err = r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Viejo San Juan", MainDivision: "PR"}})
	var le *levy.Error
	if !errors.As(err, &le) || le.Field != "postalAddress.city" {
		t.Errorf("Viejo San Juan, PR: %v, want an error naming postalAddress.city", err)
	}
}

// TestCityWithoutZIPRanksWhereThePlaceLies: a city without a ZIP code
// that names a community in several counties, none of whose ZIP codes
// has its name, ranks first the county that holds most of it. Each of
// its counties weighs the same, and the ties were broken by FIPS code
// alone: Levittown, PR, a comunidad of Toa Baja that reaches into
// Cataño, came first in Cataño, and Brook Highland, AL, in Shelby
// County, came first in Jefferson County.
func TestCityWithoutZIPRanksWhereThePlaceLies(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a      wire.PostalAddress
		first  string
		others string
	}{
		{wire.PostalAddress{City: "Levittown", MainDivision: "PR"}, "US-72137", "US-72033"},
		{wire.PostalAddress{City: "Sabana Seca", MainDivision: "PR"}, "US-72137", "US-72021"},
		{wire.PostalAddress{City: "Brook Highland", MainDivision: "AL"}, "US-01117", "US-01073"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Errorf("%+v: %v", c.a, err)
			continue
		}
		res := resp.LookupResults
		if len(res) != 2 || !slices.Contains(ids(res[0]), c.first) || !slices.Contains(ids(res[1]), c.others) {
			var got [][]string
			for _, x := range res {
				got = append(got, ids(x))
			}
			t.Errorf("%+v: results %v, want %s first, then %s", c.a, got, c.first, c.others)
		}
	}
}

// TestPuertoRicoMunicipioBesideZIP: beside a ZIP code that spans
// municipios, the ZIP code's shares still rank them; the city that
// names one of them does not put it first. 00969 lies mostly in
// Guaynabo and partly in San Juan.
func TestPuertoRicoMunicipioBesideZIP(t *testing.T) {
	r := resolver(t)
	resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "San Juan", MainDivision: "PR", PostalCode: "00969"}})
	if err != nil {
		t.Fatal(err)
	}
	res := resp.LookupResults
	if len(res) < 2 || !slices.Contains(ids(res[0]), "US-72061") || !slices.Contains(ids(res[1]), "US-72127") {
		var got [][]string
		for _, x := range res {
			got = append(got, ids(x))
		}
		t.Errorf("San Juan, PR 00969: results %v, want Guaynabo (US-72061), then San Juan (US-72127)", got)
	}
	for i, x := range res {
		if hasNote(x, "names the municipio of") {
			t.Errorf("result %d (%v): statuses %+v, want none saying the city names a municipio", i, ids(x), x.Statuses)
		}
	}
}

// TestTerritoryCountyEquivalentWithoutZIP: in the other territories,
// where the dataset has no incorporated place either, a city that names
// a county-equivalent (an island, Guam, a district of American Samoa)
// is placed there. It was refused as no place of the territory.
func TestTerritoryCountyEquivalentWithoutZIP(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a  wire.PostalAddress
		id string
	}{
		{wire.PostalAddress{City: "St. Thomas", MainDivision: "VI"}, "US-78030"},
		{wire.PostalAddress{City: "Saint Croix", MainDivision: "VI"}, "US-78010"},
		{wire.PostalAddress{City: "Saipan", MainDivision: "MP"}, "US-69110"},
		{wire.PostalAddress{City: "Guam", MainDivision: "GU"}, "US-66010"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Errorf("%+v: %v", c.a, err)
			continue
		}
		if res := resp.LookupResults; len(res) != 1 || !slices.Contains(ids(res[0]), c.id) {
			t.Errorf("%+v: %d results, first %v, want %s alone", c.a, len(res), ids(res[0]), c.id)
		}
	}
}
