package engine

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestTennesseeSingleArticleIsGoodsOnly sells 5,000.00 in Memphis (state
// 7%, Shelby County 2.25%, Memphis 0.5%) of goods and of classes that are
// not single articles of tangible personal property. A dining table bears
// the state's 7% on the whole price, the state's single-article 2.75% on
// 1,600.01 to 3,200 and the local taxes on the first 1,600 only (438.00);
// a repair, custom software and a downloaded film bear the state's 7% and
// the local rates on the whole price and no single-article tax (487.50),
// as the Department of Revenue's SUT-6 says.
func TestTennesseeSingleArticleIsGoodsOnly(t *testing.T) {
	memphis := &wire.Location{StreetAddress1: "125 N Main St", City: "Memphis", MainDivision: "TN", PostalCode: "38103", Country: "US"}
	d := civil.MustParse("2026-06-15")
	cases := []struct {
		class, total string
		want         map[string]string // tax by jurisdiction
	}{
		{"GENERAL", "438.00", map[string]string{"Tennessee": "394.00", "Shelby": "36.00", "Memphis": "8.00"}},
		{"REPAIR_SERVICES", "487.50", map[string]string{"Tennessee": "350.00", "Shelby": "112.50", "Memphis": "25.00"}},
		{"CUSTOM_SOFTWARE", "487.50", map[string]string{"Tennessee": "350.00", "Shelby": "112.50", "Memphis": "25.00"}},
		{"DIGITAL_VIDEO", "487.50", map[string]string{"Tennessee": "350.00", "Shelby": "112.50", "Memphis": "25.00"}},
	}
	for _, tc := range cases {
		r := sellOne(t, memphis, memphis, tc.class, "5000.00", d, func(req *wire.SaleRequest) {
			req.LineItems[0].Quantity = &wire.Measure{Value: amt("1")}
		})
		if got := r.TotalTax.String(); got != tc.total {
			t.Errorf("%s: total tax %s, want %s", tc.class, got, tc.total)
		}
		for _, x := range r.LineItems[0].Taxes {
			name := x.Jurisdiction.Value
			want, ok := tc.want[name]
			if !ok {
				t.Errorf("%s: unexpected tax of %s", tc.class, name)
				continue
			}
			if got := x.CalculatedTax.String(); got != want {
				t.Errorf("%s: %s tax %s (taxable %s, non-taxable %s), want %s", tc.class, name, got, x.Taxable, x.NonTaxable, want)
			}
		}
	}
}
