package taxarea

import (
	"testing"

	"github.com/levytax/levy/data"
)

// TestSeparatorsOnlyAgreesWithPlaceKey: the test that a city is
// punctuation alone gives, for every name tried, what an empty
// data.PlaceKey says, without building the key.
func TestSeparatorsOnlyAgreesWithPlaceKey(t *testing.T) {
	for _, name := range []string{"-", ".", " - . ", ",", "\t.\n", "(-)", "- (Denver)", "Denver", "St. Louis", "Ｄenver", "Dеnver", "0", "-x-", "(", "é", "Los Angeles (city)"} {
		if got, want := separatorsOnly(name), data.PlaceKey(name) == ""; got != want {
			t.Errorf("%q: separatorsOnly %v, PlaceKey empty %v", name, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { separatorsOnly("Los Angeles") }); n != 0 {
		t.Errorf("separatorsOnly allocates %v times", n)
	}
}
