package jurisdiction

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// TestLowValueLimitsMemberState: a table refuses a limit of a member
// state of the EU's VAT area over days it belongs to the area, which
// Limit would never give (it gives the Union's there), and takes the
// United Kingdom's from the day after it left.
func TestLowValueLimitsMemberState(t *testing.T) {
	row := func(country, from string) LowValue {
		return LowValue{Country: country, Scheme: "s", Source: "c", Currency: "EUR", Amount: decimal.NewFromInt(22),
			Period: civil.Period{Effective: civil.MustParse(from)}}
	}
	eu := row(LowValueEU, "2021-07-01")
	eu.EU = true
	for _, bad := range []LowValue{row("DE", "2021-07-01"), row("GB", "2020-12-31"), row("HR", "2010-01-01")} {
		if _, err := NewLowValueLimits([]LowValue{eu, bad}); err == nil || !strings.Contains(err.Error(), "EU's VAT area") {
			t.Errorf("a limit of %s from %s: error %v, want one naming the EU's VAT area", bad.Country, bad.Period.Effective, err)
		}
	}
	tab, err := NewLowValueLimits([]LowValue{eu, row("GB", "2021-01-01")})
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := tab.Limit("GB", civil.MustParse("2021-01-01")); !ok || v.Country != "GB" {
		t.Errorf("the United Kingdom's limit after it left: %+v %v", v, ok)
	}
}
