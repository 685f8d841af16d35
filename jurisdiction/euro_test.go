package jurisdiction_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// TestEuroAdoptionOf checks each member state's day of the euro, its
// former currency where Levy holds it, and the Council decision cited,
// against the decisions themselves: each state is in the Union on its
// day, and each day is the first of a year, after the decision's.
func TestEuroAdoptionOf(t *testing.T) {
	for _, want := range []struct {
		country, from, former, decision string
	}{
		{"AT", "1999-01-01", "", "98/317/EC"}, {"BE", "1999-01-01", "", "98/317/EC"},
		{"DE", "1999-01-01", "", "98/317/EC"}, {"ES", "1999-01-01", "", "98/317/EC"},
		{"FI", "1999-01-01", "", "98/317/EC"}, {"FR", "1999-01-01", "", "98/317/EC"},
		{"IE", "1999-01-01", "", "98/317/EC"}, {"IT", "1999-01-01", "", "98/317/EC"},
		{"LU", "1999-01-01", "", "98/317/EC"}, {"NL", "1999-01-01", "", "98/317/EC"},
		{"PT", "1999-01-01", "", "98/317/EC"},
		{"GR", "2001-01-01", "", "2000/427/EC"},
		{"SI", "2007-01-01", "", "2006/495/EC"},
		{"CY", "2008-01-01", "", "2007/503/EC"},
		{"MT", "2008-01-01", "", "2007/504/EC"},
		{"SK", "2009-01-01", "", "2008/608/EC"},
		{"EE", "2011-01-01", "", "2010/416/EU"},
		{"LV", "2014-01-01", "LVL", "2013/387/EU"},
		{"LT", "2015-01-01", "LTL", "2014/509/EU"},
		{"HR", "2023-01-01", "HRK", "(EU) 2022/1211"},
		{"BG", "2026-01-01", "BGN", "8 July 2025"},
	} {
		t.Run(want.country, func(t *testing.T) {
			a, ok := jurisdiction.EuroAdoptionOf(want.country)
			if !ok || a.Country != want.country || a.From != civil.MustParse(want.from) || a.Former != want.former ||
				!strings.Contains(a.Decision, want.decision) {
				t.Fatalf("EuroAdoptionOf(%s) = %+v, %v; want from %s, former %q, decision %s", want.country, a, ok, want.from, want.former, want.decision)
			}
			if !jurisdiction.EUMember(a.Country, a.From) {
				t.Errorf("%s adopted the euro on %s outside the Union", a.Country, a.From)
			}
		})
	}
	if n := len(jurisdiction.EuroAdoptions()); n != 21 {
		t.Errorf("%d adoptions, want the 21 states of the euro area in 2026", n)
	}
}

// TestEuroAdoptionsInOrder: the list is in the order of the days, each
// state once.
func TestEuroAdoptionsInOrder(t *testing.T) {
	seen := map[string]bool{}
	var last civil.Date
	for _, a := range jurisdiction.EuroAdoptions() {
		if seen[a.Country] || a.From.Before(last) {
			t.Errorf("%s on %s: twice, or out of order", a.Country, a.From)
		}
		seen[a.Country], last = true, a.From
	}
}

// TestNoEuroAdoption: a member state outside the euro area, Northern
// Ireland, a former member state and a country that uses the euro
// without being a member adopted nothing.
func TestNoEuroAdoption(t *testing.T) {
	for _, c := range []string{"CZ", "DK", "HU", "PL", "RO", "SE", "GB", jurisdiction.NorthernIrelandCode, "ME", "MC", "", "at"} {
		if a, ok := jurisdiction.EuroAdoptionOf(c); ok {
			t.Errorf("EuroAdoptionOf(%q) = %+v", c, a)
		}
	}
}
