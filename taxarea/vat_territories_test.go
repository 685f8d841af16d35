package taxarea

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestVATTerritoryPostcodes: every postcode exception of the dataset
// (data.VATException) matches real postcodes of its territory, as people
// write them, and no postcode of its country's mainland. Portugal writes
// its postcodes NNNN-NNN: Funchal's 9000-060 is Madeira's (before, the
// hyphen kept every Madeiran and Azorean address on the mainland).
// Åland's 22100 to 22999 are Finland's scheme's, written AX-22100 in
// Åland too.
// Büsingen's postcode gives Switzerland's area, whose VAT applies there
// (jurisdiction.VATGeography.VATArea). Each territory of the dataset is
// sampled, and each is in exactly one of the dataset's VAT geography's
// tables: VATTerritory or VATArea.
func TestVATTerritoryPostcodes(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	today := civil.MustParse("2026-06-01")
	samples := []struct {
		country, want string
		postcodes     []string
	}{
		{"AT", "AT-X-JUNGHOLZ", []string{"6691"}},
		{"AT", "AT-X-MITTELBERG", []string{"6991", "6992", "6993"}},
		{"DE", "CH", []string{"78266"}},
		{"DE", "DE-X-HELIGOLAND", []string{"27498"}},
		{"ES", "ES-CN", []string{"35001", "35500", "38001", "38700", "38900"}},
		{"ES", "ES-CE", []string{"51001", "51003"}},
		{"ES", "ES-ML", []string{"52001", "52006"}},
		{"FI", "FI-01", []string{"22100", "22150", "22999", "AX-22100"}},
		{"FR", "FR-971", []string{"97100", "97110"}},
		{"FR", "FR-972", []string{"97200", "97220"}},
		{"FR", "FR-973", []string{"97300", "97310"}},
		{"FR", "FR-974", []string{"97400", "97410"}},
		{"FR", "FR-976", []string{"97600"}},
		{"GR", "GR-69", []string{"63086", "630 86"}},
		{"IT", "IT-X-CAMPIONE_D_ITALIA", []string{"22061"}},
		{"IT", "IT-X-LIVIGNO", []string{"23041"}},
		{"PT", "PT-30", []string{"9000-060", "9050-020", "9200-099", "9400-162", "9000060", "9000 060"}},
		{"PT", "PT-20", []string{"9500-150", "9700-011", "9900-014", "9970-306"}},
		// Mainlands: the country itself.
		{"AT", "AT", []string{"1010", "6020"}},
		{"DE", "DE", []string{"80331", "78262"}},
		{"ES", "ES", []string{"28001", "08001"}},
		{"FI", "FI", []string{"00100", "20100", "21999", "23100"}},
		{"FR", "FR", []string{"75001", "97000"}},
		{"GR", "GR", []string{"10431"}},
		{"IT", "IT", []string{"20121", "22060"}},
		{"PT", "PT", []string{"1100-148", "4000-322", "8000-001"}},
	}
	seen := map[string]bool{}
	for _, s := range samples {
		for _, pc := range s.postcodes {
			res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{PostalCode: pc, Country: s.country}, AsOfDate: today})
			if err != nil {
				t.Fatalf("%s %s: %v", s.country, pc, err)
			}
			got := ids(res.LookupResults[0])
			if got[len(got)-1] != s.want {
				t.Errorf("%s %s: %v, want %s", s.country, pc, got, s.want)
			}
		}
		seen[s.want] = true
	}
	for _, ex := range r.juris.Exceptions() {
		if !seen[ex.Jurisdiction] && !(ex.Jurisdiction == "DE-X-BÜSINGEN_AM_HOCHRHEIN" && seen["CH"]) {
			t.Errorf("the exception %s %s (%s) has no sample postcode here", ex.Country, ex.Name, ex.Jurisdiction)
		}
		// Each territory says how it stands to its country's VAT.
		_, terr := r.juris.VATGeography().VATTerritory(ex.Jurisdiction, today)
		_, other := r.juris.VATGeography().VATArea(ex.Jurisdiction, today)
		if terr == other {
			t.Errorf("the exception %s %s (%s): in the territories table %v, in another's VAT area %v; want exactly one",
				ex.Country, ex.Name, ex.Jurisdiction, terr, other)
		}
	}
}
