package data

import (
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
)

// geographyFile writes a jurisdictions file of one jurisdiction, France,
// with no rates and no postcode exceptions, whose VAT geography geo
// writes up to its postcode ranges, no VAT regions, no low-value limits
// and no tax accruals.
func geographyFile(t *testing.T, geo func(w *binfmt.Writer)) []byte {
	t.Helper()
	w := binfmt.NewWriter(jurisKind, jurisVersion)
	w.Uvarint(0) // no words
	w.Uvarint(1) // one jurisdiction
	w.String("FR")
	w.Uvarint(uint64(jurisdiction.Country))
	w.String("France")
	w.Uvarint(0) // no parent
	w.String("FR")
	w.String("FR")
	w.Uvarint(0)
	w.Uvarint(0)
	w.Uvarint(0) // no rates
	w.Uvarint(0) // no exceptions
	geo(w)
	w.Uvarint(0) // no VAT regions (format 3)
	w.Uvarint(0) // no low-value limits (format 4)
	w.Uvarint(0) // no tax accruals (format 4)
	w.Uvarint(0) // no domestic reverse charges (format 5)
	file, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// TestJurisdictionsRefusesMalformedGeography: a jurisdictions file whose
// VAT geography puts a place in the area of a jurisdiction the file does
// not have, gives a territory box its corners the wrong way round or
// beyond the globe, or has a range of postcodes of no prefix (which
// would send every French address to New Caledonia) or of a country
// that is no ISO code, is refused as corrupt, naming the row; the same
// file with well-formed rows reads.
func TestJurisdictionsRefusesMalformedGeography(t *testing.T) {
	area := func(place, in string) func(w *binfmt.Writer) {
		return func(w *binfmt.Writer) {
			w.Uvarint(1)
			w.String(place)
			w.String(in)
			w.Bool(false)
			w.Uvarint(0)
			w.Uvarint(0)
			w.Uvarint(0) // no territories
			w.Uvarint(0) // no boxes
			w.Uvarint(0) // no postcodes
		}
	}
	box := func(latMin, latMax, lngMin, lngMax int64) func(w *binfmt.Writer) {
		return func(w *binfmt.Writer) {
			w.Uvarint(0)
			w.Uvarint(0)
			w.Uvarint(1)
			w.String("FR")
			w.String("FR")
			w.Uvarint(0)
			w.Varint(latMin)
			w.Varint(latMax)
			w.Varint(lngMin)
			w.Varint(lngMax)
			w.Uvarint(0)
		}
	}
	postcode := func(country, prefix, place string) func(w *binfmt.Writer) {
		return func(w *binfmt.Writer) {
			w.Uvarint(0)
			w.Uvarint(0)
			w.Uvarint(0)
			w.Uvarint(1)
			w.String(country)
			w.String(prefix)
			w.String(place)
			w.Uvarint(0)
			w.Uvarint(0)
		}
	}
	for _, c := range []struct {
		name string
		geo  func(w *binfmt.Writer)
		want string
	}{
		{"an area of a jurisdiction the file lacks", area("MC", "FR"), `VAT area fact 0: "MC" is not a jurisdiction`},
		{"a box upside down", box(43_000_000, 42_000_000, 1_000_000, 2_000_000), "territory box 0"},
		{"a box east of the globe", box(42_000_000, 43_000_000, 1_000_000, 181_000_000), "territory box 0"},
		{"a box north of the pole", box(42_000_000, 91_000_000, 1_000_000, 2_000_000), "territory box 0"},
		{"postcodes of no prefix", postcode("FR", "", "NC"), "postcode range 0"},
		{"postcodes of a prefix not of digits", postcode("FR", "98 8", "NC"), "postcode range 0"},
		{"postcodes of a country not an ISO code", postcode("France", "988", "NC"), "postcode range 0"},
		{"postcodes lying in their own country", postcode("FR", "988", "FR"), "postcode range 0"},
	} {
		_, err := decodeJurisdictions(geographyFile(t, c.geo))
		if err == nil || !strings.Contains(err.Error(), "corrupt") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a corrupt file naming %q", c.name, err, c.want)
		}
	}
	for name, geo := range map[string]func(w *binfmt.Writer){
		"a box":            box(42_000_000, 43_000_000, 1_000_000, 2_000_000),
		"a postcode range": postcode("FR", "988", "NC"),
	} {
		if _, err := decodeJurisdictions(geographyFile(t, geo)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
