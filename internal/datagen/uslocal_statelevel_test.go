package datagen

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/shopspring/decimal"
)

// TestCheckStateLevelTaxes: a tax of us-local-taxes.csv that a state's
// own jurisdiction levies (Hawaii's transient accommodations tax) may not
// reach a class whose matrix cell gives the state a rate of its own over
// an overlapping period, since the state's rule would charge that rate
// for the tax; a cell without a rate, a cell of another period, and a
// city's tax are accepted.
func TestCheckStateLevelTaxes(t *testing.T) {
	tat := data.LocalTax{State: "HI", Jurisdiction: "US-HI", Tax: "Transient Accommodations Tax", Class: "ACCOMMODATION",
		Period: civil.Period{Effective: civil.MustParse("2026-01-01")}}
	city := tat
	city.Jurisdiction = "US-1571550"
	rate := decimal.RequireFromString("0.09")
	withRate := usCell{state: "HI", class: "ACCOMMODATION", spec: taxSpec{taxable: true, rate: &rate}, sources: "decision x.csv:2"}
	before := withRate
	before.period = civil.Period{Expiration: civil.MustParse("2025-12-31")}
	plain := usCell{state: "HI", class: "ACCOMMODATION", spec: taxSpec{taxable: true}}
	other := withRate
	other.class = "FOOD"
	for _, c := range []struct {
		name  string
		recs  []data.LocalTax
		cells []usCell
		err   string
	}{
		{"a rate of the state's own on the class", []data.LocalTax{tat}, []usCell{withRate}, "gives a rate of its own"},
		{"the rate ends before the tax", []data.LocalTax{tat}, []usCell{before}, ""},
		{"no rate", []data.LocalTax{tat}, []usCell{plain}, ""},
		{"a rate on another class", []data.LocalTax{tat}, []usCell{other}, ""},
		{"a city's tax", []data.LocalTax{city}, []usCell{withRate}, ""},
	} {
		err := checkStateLevelTaxes(c.recs, c.cells)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		}
	}
}
