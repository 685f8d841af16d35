package data_test

import (
	"testing"

	"github.com/levytax/levy/data"
)

// TestPlaceKeyEmptyAgreesWithPlaceKey: the test that a place name is
// separators alone gives, for every name tried, what an empty
// data.PlaceKey says, without building the key.
func TestPlaceKeyEmptyAgreesWithPlaceKey(t *testing.T) {
	for _, name := range []string{"-", ".", " - . ", ",", "\t.\n", "(-)", "- (Denver)", "Denver", "St. Louis", "Ｄenver", "Dеnver", "0", "-x-", "(", "é", "Los Angeles (city)"} {
		if got, want := data.PlaceKeyEmpty(name), data.PlaceKey(name) == ""; got != want {
			t.Errorf("%q: PlaceKeyEmpty %v, PlaceKey empty %v", name, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { data.PlaceKeyEmpty("Los Angeles") }); n != 0 {
		t.Errorf("PlaceKeyEmpty allocates %v times", n)
	}
}
