package data

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
)

// TestDecodeCodesIntroduced: the codes file gives each currency its
// introduction date (version 3), so that a currency introduced after a
// document's date (the Caribbean guilder before 2025-03-31) is not in use
// on it. A file of version 2, which has none, is read with every
// currency in use from the start, and a date that is none is refused.
func TestDecodeCodesIntroduced(t *testing.T) {
	file := func(version int, introduced string) []byte {
		return writeCodes(t, codesKind, version, func(w *binfmt.Writer) {
			w.Uvarint(1)
			w.String("XCG")
			w.Int(532)
			w.String("Caribbean Guilder")
			w.Int(2)
			w.String("") // withdrawn
			w.String("") // successor
			if version >= 3 {
				w.String(introduced)
			}
			w.Uvarint(0)
		})
	}
	for _, c := range []struct {
		version    int
		introduced string
		in2024     bool
	}{{codesVersion, "2025-03-31", false}, {codesVersion, "", true}, {codesVersionV2, "", true}} {
		codes, err := decodeCodes(file(c.version, c.introduced))
		if err != nil {
			t.Fatalf("version %d, introduced %q: %v", c.version, c.introduced, err)
		}
		xcg, ok := codes.Currencies().ByAlpha("XCG")
		if !ok {
			t.Fatalf("version %d: no XCG", c.version)
		}
		if xcg.InUseOn(civil.MustParse("2024-06-01")) != c.in2024 || !xcg.InUseOn(civil.MustParse("2025-03-31")) {
			t.Errorf("version %d, introduced %q: XCG %+v in use on 2024-06-01 %v, want %v", c.version, c.introduced, xcg,
				xcg.InUseOn(civil.MustParse("2024-06-01")), c.in2024)
		}
	}
	if _, err := decodeCodes(file(codesVersion, "2025-02-30")); err == nil {
		t.Error("an introduction date of 2025-02-30 was read")
	}
}
