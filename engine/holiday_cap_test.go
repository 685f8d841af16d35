package engine

import (
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestHolidayCapsAsTheStatutesWriteThem sells during the 2026 holidays:
// Texas exempts clothing of less than $100 (Tax Code 151.326), so a
// shirt of 99.99 is exempt and one of 100.00 bears Houston's 8.25%
// (it was exempt); Florida's holiday is all of August with a cap for each
// category (HB 7031 of 2025), so a laptop of 800.00 in Miami on
// 2026-08-05 is exempt (it was taxed: the compiled row gave computers
// the clothing cap of 100.00) and a shirt of 90.00 on 2026-08-20 is
// exempt (the compiled holiday had ended on 2026-08-14).
func TestHolidayCapsAsTheStatutesWriteThem(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	miami := &wire.Location{StreetAddress1: "111 NW 1st St", City: "Miami", MainDivision: "FL", PostalCode: "33128", Country: "US"}
	cases := []struct {
		name  string
		at    *wire.Location
		class string
		price string
		date  string
		tax   string
	}{
		{"TX shirt of 99.99", houston, "CLOTHING", "99.99", "2026-08-08", "0.00"},
		{"TX shirt of 100.00", houston, "CLOTHING", "100.00", "2026-08-08", "8.25"},
		{"TX shirt of 100.00 after the holiday", houston, "CLOTHING", "100.00", "2026-08-10", "8.25"},
		{"FL laptop of 800.00", miami, "ELECTRONICS", "800.00", "2026-08-05", "0.00"},
		{"FL laptop of 1600.00", miami, "ELECTRONICS", "1600.00", "2026-08-05", "112.00"},
		{"FL shirt of 90.00 on 20 August", miami, "CLOTHING", "90.00", "2026-08-20", "0.00"},
		{"FL shirt of 90.00 on 1 September", miami, "CLOTHING", "90.00", "2026-09-01", "6.30"},
	}
	for _, c := range cases {
		r := sellOne(t, c.at, c.at, c.class, c.price, civil.MustParse(c.date), func(req *wire.SaleRequest) {
			req.LineItems[0].Quantity = &wire.Measure{Value: amt("1")}
		})
		if got := r.TotalTax.String(); got != c.tax {
			t.Errorf("%s: tax %s, want %s", c.name, got, c.tax)
		}
	}
}
