package data

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
)

func TestFoldPlace(t *testing.T) {
	for in, want := range map[string]string{
		"St. Paul":         "SAINT PAUL",
		"  saint   paul ":  "SAINT PAUL",
		"Ste. Genevieve":   "SAINT GENEVIEVE",
		"Ft Lauderdale":    "FORT LAUDERDALE",
		"Mt. Vernon":       "MOUNT VERNON",
		"Winston-Salem":    "WINSTON SALEM",
		"La Cañada":        "LA CANADA",
		"Española":         "ESPANOLA",
		"Æbeltoft":         "ÆBELTOFT",
		"East St. Louis":   "EAST SAINT LOUIS",
		"Lake Saint Louis": "LAKE SAINT LOUIS",
		"Sainte Genevieve": "SAINT GENEVIEVE",
		"Sault Ste. Marie": "SAULT SAINT MARIE",
		"Pleasant Mt":      "PLEASANT MOUNT",
		"Stevens Point":    "STEVENS POINT",
		"":                 "",
		" . ":              "",
		"Washington, D.C.": "WASHINGTON D C",
	} {
		if got := FoldPlace(in); got != want {
			t.Errorf("FoldPlace(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPostal(t *testing.T) {
	p, err := Default().Postal()
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() < 41000 {
		t.Errorf("%d ZIPs", p.Len())
	}
	z, ok := p.ZIP("10118")
	if !ok || z.Place != "New York" || z.State != "NY" || len(z.Counties) != 1 || z.Counties[0].Jurisdiction != "US-36061" || !z.HasPoint {
		t.Errorf("10118 = %+v", z)
	}
	// A ZIP that spans counties lists them by land share.
	z, _ = p.ZIP("90265")
	if len(z.Counties) != 2 || z.Counties[0].FIPS != "06037" || z.Counties[0].Share < z.Counties[1].Share {
		t.Errorf("90265 counties = %+v", z.Counties)
	}
	// Puerto Rico is known from the Census relationships alone.
	if z, ok := p.ZIP("00901"); !ok || z.State != "PR" || z.Counties[0].FIPS != "72127" {
		t.Errorf("00901 = %+v", z)
	}
	if _, ok := p.ZIP("00000"); ok {
		t.Error("ZIP 00000 exists")
	}
	zs := p.ByPlace("MN", "saint paul")
	if len(zs) == 0 || zs[0].Place != "Saint Paul" {
		t.Errorf("ByPlace(MN, saint paul) = %d ZIPs", len(zs))
	}
	// The radius of a ZIP follows its land area: a few downtown blocks
	// of Chicago, a city and its suburbs (Bellevue, WA), a rural ZIP of
	// Montana; a ZIP the Census does not map has none.
	for _, c := range []struct {
		zip      string
		min, max int
	}{{"60606", 400, 800}, {"98004", 3000, 4000}, {"59301", 20000, 100000}, {"10118", 0, 0}} {
		if z, ok := p.ZIP(c.zip); !ok || z.Radius < c.min || z.Radius > c.max || z.Radius%100 != 0 {
			t.Errorf("ZIP %s has radius %d m, want %d to %d", c.zip, z.Radius, c.min, c.max)
		}
	}
}

func TestBoundaries(t *testing.T) {
	b, err := Default().Boundaries()
	if err != nil {
		t.Fatal(err)
	}
	count := map[Layer]int{}
	for _, bd := range b.All {
		count[bd.Layer]++
	}
	// Falls Church, Virginia, is too small for the source's quantisation.
	// The subdivisions are Canada's 13 and Brazil's 27.
	if count[LayerUSCounty] != 3230 || count[LayerUSState] != 56 || count[LayerSubdivision] != 13+27 || count[LayerCountry] < 230 || count[LayerUSPlace] < 5000 {
		t.Errorf("boundaries per layer: %v", count)
	}
	if len(b.Grids) != 5 {
		t.Fatalf("%d cell tables", len(b.Grids))
	}
	for _, g := range b.Grids {
		for i := 1; i < len(g.Cells); i++ {
			if g.Cells[i-1].ID >= g.Cells[i].ID {
				t.Fatalf("cell table of %v is not sorted", g.Layer)
			}
		}
	}
}

// TestPostalReadsBack checks the packed ZIP table against a plain
// decoding of the same file: every ZIP, every place and some codes that
// do not exist.
func TestPostalReadsBack(t *testing.T) {
	file, err := Default().file("postal.lvd")
	if err != nil {
		t.Fatal(err)
	}
	p, err := decodePostal(file)
	if err != nil {
		t.Fatal(err)
	}
	zips, byPlace := plainPostal(t, file)
	if p.Len() != len(zips) {
		t.Fatalf("%d ZIPs, want %d", p.Len(), len(zips))
	}
	if !reflect.DeepEqual(p.All(), zips) {
		t.Error("All differs from the plain decoding")
	}
	for _, want := range zips {
		got, ok := p.ZIP(want.Code)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("ZIP(%s) = %+v, %v; want %+v", want.Code, got, ok, want)
		}
		ref, _ := p.Find(want.Code)
		if ref.Code() != want.Code || ref.Place() != want.Place || ref.State() != want.State || ref.NumCounties() != len(want.Counties) {
			t.Fatalf("Find(%s) reads %s %q %s %d", want.Code, ref.Code(), ref.Place(), ref.State(), ref.NumCounties())
		}
		if lat, lng, ok := ref.Point(); lat != want.Lat || lng != want.Lng || ok != want.HasPoint || ref.Radius() != want.Radius {
			t.Fatalf("Find(%s) reads point %d %d %v and radius %d, want %d %d %v and %d", want.Code, lat, lng, ok, ref.Radius(), want.Lat, want.Lng, want.HasPoint, want.Radius)
		}
	}
	for _, code := range []string{"", "0", "00000", "99999", "1011", "101180", "9021O", "\xff"} {
		if _, ok := p.ZIP(code); ok {
			t.Errorf("ZIP(%q) exists", code)
		}
	}
	for key, want := range byPlace {
		got := p.ByPlace(key[0], key[1])
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("ByPlace(%s, %s): %d ZIPs, want %d", key[0], key[1], len(got), len(want))
		}
		if !reflect.DeepEqual(p.ByPlace(key[0], strings.ToLower(key[1])), want) {
			t.Fatalf("ByPlace(%s, %s) depends on case", key[0], key[1])
		}
		var shares []ZIPCounty
		for _, z := range want {
		next:
			for _, c := range z.Counties {
				for k := range shares {
					if shares[k].Jurisdiction == c.Jurisdiction {
						shares[k].Share += c.Share
						continue next
					}
				}
				shares = append(shares, c)
			}
		}
		cs := p.PlaceCounties(key[0], key[1])
		var got2 []ZIPCounty
		for k := range cs.Len() {
			got2 = append(got2, cs.At(k))
		}
		if !reflect.DeepEqual(got2, shares) {
			t.Fatalf("PlaceCounties(%s, %s) = %v, want %v", key[0], key[1], got2, shares)
		}
	}
	for _, q := range [][2]string{{"", ""}, {"MN", ""}, {"MN", "NOWHERE AT ALL"}, {"XX", "SAINT PAUL"}, {"mn", "SAINT PAUL"}} {
		if got := p.ByPlace(q[0], q[1]); got != nil || p.PlaceCounties(q[0], q[1]).Len() != 0 {
			t.Errorf("ByPlace(%q, %q) = %d ZIPs", q[0], q[1], len(got))
		}
	}
}

// plainPostal decodes the ZIP file the obvious way, with a string for
// every field and a map of places.
func plainPostal(t *testing.T, file []byte) ([]ZIP, map[[2]string][]ZIP) {
	r, err := binfmt.Open(file, "postal", postalVersion)
	if err != nil {
		t.Fatal(err)
	}
	places := make([]string, r.Count(1))
	for i := range places {
		places[i] = r.String()
	}
	n := r.Count(4)
	var zips []ZIP
	byPlace := map[[2]string][]ZIP{}
	code := 0
	var lat, lng int32
	for i := 0; i < n; i++ {
		code += int(r.Uvarint())
		z := ZIP{Code: fmt.Sprintf("%05d", code), Place: places[r.Uvarint()], State: r.String()}
		if z.HasPoint = r.Bool(); z.HasPoint {
			lat += int32(r.Varint())
			lng += int32(r.Varint())
			z.Lat, z.Lng = lat, lng
		}
		z.Counties = make([]ZIPCounty, r.Count(2))
		for k := range z.Counties {
			fips := fmt.Sprintf("%05d", r.Uvarint())
			z.Counties[k] = ZIPCounty{FIPS: fips, Jurisdiction: "US-" + fips, Share: int(r.Uvarint())}
		}
		z.Radius = 100 * int(r.Uvarint())
		if z.Place != "" {
			key := [2]string{z.State, FoldPlace(z.Place)}
			byPlace[key] = append(byPlace[key], z)
		}
		zips = append(zips, z)
	}
	if err := r.Done(); err != nil {
		t.Fatal(err)
	}
	return zips, byPlace
}
