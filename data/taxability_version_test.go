package data

import (
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
)

// TestTaxabilityRefusesVersion9: a taxability file of format 9, whose
// holidays had no localities that stay out of them, is refused with an
// error that names the formats, rather than read with each holiday's
// local note taken from the bytes of the next holiday.
func TestTaxabilityRefusesVersion9(t *testing.T) {
	w := binfmt.NewWriter(taxKind, 9)
	for range 6 {
		w.Uvarint(0) // no state rows, holidays, shipping rules, product classes, local taxes or remote rules
	}
	file, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeTaxability(file); err == nil || !strings.Contains(err.Error(), "format v9 is not supported (this build reads v10)") {
		t.Errorf("a taxability file of format 9: %v, want it refused naming v9 and v10", err)
	}
}
