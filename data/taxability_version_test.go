package data

import (
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
)

// TestTaxabilityRefusesVersion8: a taxability file of format 8, whose
// thresholds and holiday caps had no currency, is refused with an error
// that names the formats, rather than read with each row's currency
// taken from the bytes of the field after it.
func TestTaxabilityRefusesVersion8(t *testing.T) {
	w := binfmt.NewWriter(taxKind, 8)
	for range 6 {
		w.Uvarint(0) // no state rows, holidays, shipping rules, product classes, local taxes or remote rules
	}
	file, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeTaxability(file); err == nil || !strings.Contains(err.Error(), "format v8 is not supported (this build reads v9)") {
		t.Errorf("a taxability file of format 8: %v, want it refused naming v8 and v9", err)
	}
}
