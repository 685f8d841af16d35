package engine

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// testVATGeography is the VAT geography of the embedded dataset, loaded
// once for the tests that read a location without an engine.
var testVATGeography = sync.OnceValue(func() *jurisdiction.VATGeography {
	j, err := data.Default().Jurisdictions()
	if err != nil {
		panic("the embedded dataset's jurisdictions: " + err.Error())
	}
	return j.VATGeography()
})

// northernIrelandLocation reports whether the engine reads a location
// that the lookup put in the United Kingdom as Northern Ireland's, by the
// embedded dataset's VAT region XI (northernIrishPlace). The engine's
// own calls pass the geography of the dataset it loaded.
func northernIrelandLocation(loc *wire.Location) bool {
	return northernIrishPlace(testVATGeography(), "GB", loc)
}

// TestNorthernIrelandAsData: Northern Ireland is found by the dataset's
// VAT region XI (vat-regions.csv), not by tables in Go: a geography
// without the region finds no location there, one whose region has
// other facts finds what they say, and a place that the lookup put in
// another country than the region's is never in it.
func TestNorthernIrelandAsData(t *testing.T) {
	belfast := &wire.Location{PostalCode: "BT1 5GS"}
	if !northernIrishPlace(testVATGeography(), "GB", belfast) {
		t.Fatal("the embedded dataset does not place BT1 5GS in Northern Ireland")
	}
	if northernIrishPlace(testVATGeography(), "IE", belfast) {
		t.Error("a place of Ireland is taken for Northern Ireland's")
	}
	bare, err := jurisdiction.NewVATGeography(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, loc := range []*wire.Location{belfast, {Country: "XI"}, {MainDivision: "County Antrim"}, {Latitude: "54.5973", Longitude: "-5.9301"}} {
		if northernIrishPlace(bare, "GB", loc) || northernIrishPlace(nil, "GB", loc) {
			t.Errorf("%+v: in Northern Ireland without the region in the dataset", loc)
		}
	}
	other, err := bare.WithRegions([]jurisdiction.VATRegion{{Code: "XI", Country: "GB", Name: "Northern Ireland",
		PostcodeAreas: []string{"ZE"}, Divisions: []string{"Shetland"},
		Boxes: []jurisdiction.VATBox{{LatMin: 59.5, LatMax: 61, LngMin: -2.5, LngMax: -0.5}}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		loc  wire.Location
		want bool
	}{
		{wire.Location{PostalCode: "ZE1 0AA"}, true},
		{wire.Location{PostalCode: "BT1 5GS"}, false},
		{wire.Location{MainDivision: "Shetland"}, true},
		{wire.Location{MainDivision: "Antrim"}, false},
		{wire.Location{Latitude: "60.15", Longitude: "-1.15"}, true},
		{wire.Location{Latitude: "54.5973", Longitude: "-5.9301"}, false},
	} {
		if got := northernIrishPlace(other, "GB", &c.loc); got != c.want {
			t.Errorf("with other facts, %+v: %v, want %v", c.loc, got, c.want)
		}
	}
}

// TestNorthernIrelandCountryXI: a location whose country is XI, the
// code the EU gives Northern Ireland in VAT numbers and Intrastat, is
// the United Kingdom's place (GB) in Northern Ireland: goods from
// Germany to a business there with an XI number are an intra-community
// supply reverse charged, to a consumer a distance sale, exactly as to
// Belfast written with its BT postcode and GB; "Northern Ireland" as the
// country reads the same. Before, the address lookup refused XI ("is
// not a country name or ISO 3166 code"). A point over Belfast, with or
// without a country, is Northern Ireland's too.
func TestNorthernIrelandCountryXI(t *testing.T) {
	e := windsorEngine(t)
	const today = "2026-06-01"
	xi := []wire.TaxRegistration{xiNumber}
	cases := []struct {
		name     string
		to       *wire.Location
		customer []wire.TaxRegistration
		want     euOutcome
	}{
		{"XI alone, a business with an XI number", &wire.Location{Country: "XI"}, xi,
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"Belfast, XI, a business with an XI number", &wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "XI"}, xi,
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"Belfast, xi in lower case, a business", &wire.Location{City: "Belfast", Country: " xi "}, xi,
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"Northern Ireland as the country, a business", &wire.Location{City: "Newry", Country: "Northern Ireland"}, xi,
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"XI, a consumer within the threshold", &wire.Location{City: "Belfast", Country: "XI"}, nil,
			euOutcome{"eu-distance-threshold", "DE", "19.00", "SELLER", false}},
		{"a point over Belfast with country XI", &wire.Location{Latitude: "54.5973", Longitude: "-5.9301", Country: "XI"}, xi,
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"a point over Belfast without a country", &wire.Location{Latitude: "54.5973", Longitude: "-5.9301"}, xi,
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"a point over Derry without a country", &wire.Location{Latitude: "54.9966", Longitude: "-7.3086"}, xi,
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		// Guards: London stays Great Britain's, an export.
		{"London, GB, a business with an XI number", vaLondon, xi,
			euOutcome{"export-zero-rated", "DE", "0.00", "SELLER", false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Sale(context.Background(), vaSale(today, "SMALL", "GENERAL", vaMunich, c.to, false, wfDESeller, c.customer))
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// Northern Ireland as Levy read it in Go before the dataset held it
// (engine/windsor.go until dataset format 3): the reference of
// TestNorthernIrelandAsBefore.
var beforeDivisions = map[string]bool{
	"northern ireland": true, "n. ireland": true, "n ireland": true, "ni": true, "nir": true, "gb-nir": true,
	"antrim": true, "armagh": true, "down": true, "fermanagh": true, "londonderry": true, "derry": true, "tyrone": true,
}

func beforePostcode(pc string) bool {
	pc = strings.ToUpper(strings.TrimSpace(pc))
	return len(pc) >= 3 && pc[:2] == "BT" && pc[2] >= '0' && pc[2] <= '9'
}

func beforeDivision(s string) bool {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	for _, p := range [...]string{"county ", "co. ", "co "} {
		s = strings.TrimPrefix(s, p)
	}
	return beforeDivisions[s]
}

func beforePoint(lat, lng float64) bool {
	if lat < 53.9 || lat > 55.35 || lng < -8.25 || lng > -5.3 {
		return false
	}
	return !(lat >= 55.25 && lng >= -6.05)
}

// TestNorthernIrelandAsBefore: the dataset's region XI reads postcodes,
// mainDivisions and points exactly as the Go tables did before: every
// point of a grid of a hundredth of a degree over Northern Ireland and
// around it, the boxes' edges included, and a list of postcodes and
// names.
func TestNorthernIrelandAsBefore(t *testing.T) {
	geo := testVATGeography()
	pos := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	lats := []float64{53.9, 55.25, 55.35, 53.899999, 55.350001, 55.249999}
	lngs := []float64{-8.25, -6.05, -5.3, -8.250001, -5.299999, -6.050001}
	for i := range 181 {
		lats = append(lats, 53.75+float64(i)/100)
	}
	for i := range 331 {
		lngs = append(lngs, -8.4+float64(i)/100)
	}
	n := 0
	for _, lat := range lats {
		for _, lng := range lngs {
			loc := wire.Location{Latitude: pos(lat), Longitude: pos(lng)}
			want := beforePoint(lat, lng)
			if got := northernIrishPlace(geo, "GB", &loc); got != want {
				t.Errorf("%s, %s: %v, before %v", loc.Latitude, loc.Longitude, got, want)
			}
			if want {
				n++
			}
		}
	}
	if n < 10000 {
		t.Errorf("only %d points of the grid in Northern Ireland", n)
	}
	for _, pc := range []string{"BT1 5GS", "bt48 6hq", " BT94 1AA", "BT", "BTX", "BT X", "B1 1AA", "SW1A 1AA", "ZE1 0AA", "D02 X285", "1BT", "BT0"} {
		if got, want := northernIrishPlace(geo, "GB", &wire.Location{PostalCode: pc}), beforePostcode(pc); got != want {
			t.Errorf("postcode %q: %v, before %v", pc, got, want)
		}
	}
	names := []string{"Scotland", "Wales", "England", "Ulster", "county", "Co.", "Belfast", "Donegal", "co.antrim", "County  Down", "CO DOWN", "co. fermanagh", "County County Down"}
	for name := range beforeDivisions {
		names = append(names, name, strings.ToUpper(name), "County "+name, "Co. "+name, "co "+name)
	}
	for _, name := range names {
		if got, want := northernIrishPlace(geo, "GB", &wire.Location{MainDivision: name}), beforeDivision(name); got != want {
			t.Errorf("mainDivision %q: %v, before %v", name, got, want)
		}
	}
}

// TestNorthernIrelandEvidenceXI: location evidence that names XI, a
// customer's self-declared country or the country of the payment
// method, is Northern Ireland's: goods from Germany to a business with an
// XI number there are reverse charged, as to Belfast. Before, the votes
// left XI out, and the forced country XI was refused by the lookup.
func TestNorthernIrelandEvidenceXI(t *testing.T) {
	e := windsorEngine(t)
	for _, c := range []struct {
		name string
		ev   *wire.LocationEvidence
	}{
		{"self-declared XI", &wire.LocationEvidence{SelfDeclaration: &wire.EvidenceAddress{Address: wire.LocationEvidenceAddress{Country: "XI"}}}},
		{"payment method XI", &wire.LocationEvidence{PaymentMethod: &wire.EvidenceCountry{Country: "XI"}}},
		{"forced XI", &wire.LocationEvidence{Forced: &wire.EvidenceAddress{Address: wire.LocationEvidenceAddress{Country: "XI"}}}},
	} {
		req := vaSale("2026-06-01", "SMALL", "GENERAL", vaMunich, nil, false, wfDESeller, []wire.TaxRegistration{xiNumber})
		req.Customer.LocationEvidence = c.ev
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := r.LineItems[0]
		want := euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}
		if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, want)
		}
	}
}
