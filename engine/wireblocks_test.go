package engine

import (
	"testing"

	"github.com/levytax/levy/wire"
)

// TestWireBlocksHoldTheirSize checks that wireBlocks gives empty, zero
// blocks of room for exactly the taxes asked, one allocation or two,
// and that every tax of a block, filled to its end, stays apart from the
// others and from its parts.
func TestWireBlocksHoldTheirSize(t *testing.T) {
	for size := 1; size <= 12; size++ {
		taxes, parts := wireBlocks(size)
		if len(taxes) != 0 || len(parts) != 0 || cap(taxes) != size || cap(parts) != size {
			t.Fatalf("wireBlocks(%d): len %d and %d, cap %d and %d", size, len(taxes), len(parts), cap(taxes), cap(parts))
		}
		taxes, parts = taxes[:size], parts[:size]
		for i := range taxes {
			if taxes[i].Jurisdiction != nil || parts[i].j.JurisdictionID != "" {
				t.Fatalf("wireBlocks(%d): item %d is not zero", size, i)
			}
			parts[i].j.JurisdictionID = string(rune('A' + i))
			taxes[i].Jurisdiction = &parts[i].j
			taxes[i].TaxResult = wire.TaxResultTaxable
		}
		for i := range taxes {
			if taxes[i].Jurisdiction.JurisdictionID != string(rune('A'+i)) || taxes[i].TaxResult != wire.TaxResultTaxable {
				t.Fatalf("wireBlocks(%d): item %d was overwritten", size, i)
			}
		}
	}
}
