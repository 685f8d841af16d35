package datagen

import (
	"strings"
	"testing"
	"testing/fstest"

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

// TestReadLocalTaxesFirstDay: a row of a state's own tax may leave its
// first day empty (the tax is older than the sources found: the row
// applies to every earlier day); a city's tax may not.
func TestReadLocalTaxesFirstDay(t *testing.T) {
	const header = "state,jurisdiction,key,tax,category,classes,rate,effective,expiration,citation,decision\n"
	for _, c := range []struct {
		name, row, err string
	}{
		{"a state's tax without a first day", "TX,US-TX,hotel-occupancy-tax,Hotel Occupancy Tax,hotel,ACCOMMODATION,0.06,,,Tex. Tax Code § 156.052,d\n", ""},
		{"a state's tax with one", "KY,US-KY,transient-room-tax,Transient Room Tax,transient_room,ACCOMMODATION,0.01,2005-06-01,,KRS 142.400,d\n", ""},
		{"a city's tax without one", "IL,US-1714000,chicago-lease-tax,Personal Property Lease Transaction Tax,computer_lease,SAAS,0.15,,,ch. 3-32,d\n",
			"a local tax row needs its first day"},
	} {
		g := &gen{curated: fstest.MapFS{localTaxesSrc: &fstest.MapFile{Data: []byte(header + c.row)}}}
		rows, err := readLocalTaxes(g)
		switch {
		case c.err == "" && (err != nil || len(rows) != 1):
			t.Errorf("%s: %d rows, %v", c.name, len(rows), err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		}
	}
}
