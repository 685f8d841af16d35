package engine

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestColoradoDistrictsTaxTheStatesBase sells in Denver: the Regional
// Transportation District (1%) and the Scientific and Cultural Facilities
// District (0.1%) tax what the state taxes (C.R.S. 32-9-119(2)(a),
// 32-13-107(1)(a); one base with the state's from 2014-01-01, HB
// 13-1272), so 100.00 of groceries, which the state exempts, bears
// Denver's 5.15% alone (5.15; it bore 6.25 with the districts), while
// candy, which the state taxes, bears all four (9.15), as goods do.
func TestColoradoDistrictsTaxTheStatesBase(t *testing.T) {
	d := civil.MustParse("2026-10-15")
	for _, c := range []struct{ class, tax string }{{"FOOD", "5.15"}, {"CANDY", "9.15"}, {"SOFT_DRINKS", "9.15"}, {"GENERAL", "9.15"}} {
		r := sellOne(t, denverAddr, denverAddr, c.class, "100.00", d, func(req *wire.SaleRequest) {
			req.LineItems[0].Quantity = &wire.Measure{Value: amt("1")}
		})
		if got := r.TotalTax.String(); got != c.tax {
			t.Errorf("%s of 100.00 in Denver: tax %s, want %s", c.class, got, c.tax)
		}
		if c.class == "FOOD" {
			for _, id := range []string{"US-CO-D-RTD", "US-CO-D-SCFD"} {
				for _, x := range r.LineItems[0].Taxes {
					if x.Jurisdiction.JurisdictionID == id && x.CalculatedTax.Sign() != 0 {
						t.Errorf("groceries in Denver: %s charged %s", id, x.CalculatedTax)
					}
				}
			}
		}
	}
}
