package data

import "testing"

// TestFindPlaceKeyTight checks that a name differing from a place's only
// by spaces and apostrophes finds the place, that the exact key comes
// first, and that a loosened key naming two places finds none.
func TestFindPlaceKeyTight(t *testing.T) {
	b := LocalBuilder{
		States: []LocalState{{Code: "MO"}, {Code: "TX"}},
		Places: []Place{
			{Code: "2954074", State: "MO", Name: "O'Fallon city", Incorporated: true, Counties: []string{"29183"}},
			{Code: "2941348", State: "MO", Name: "Lee's Summit city", Incorporated: true, Counties: []string{"29095", "29037"}},
			{Code: "4845744", State: "TX", Name: "McKinney city", Incorporated: true, Counties: []string{"48085"}},
			// Two places whose names are one but for an apostrophe,
			// and an exact name beside a loosened one.
			{Code: "4800001", State: "TX", Name: "D'Ann city", Incorporated: true, Counties: []string{"48001"}},
			{Code: "4800002", State: "TX", Name: "Dann", Counties: []string{"48003"}},
			{Code: "4800003", State: "TX", Name: "Mc Kinney Acres", Counties: []string{"48085"}},
			{Code: "4800004", State: "TX", Name: "McKinney Acres", Counties: []string{"48085"}},
		},
	}
	l, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	name := func(i int) string {
		if i < 0 {
			return "none"
		}
		return l.PlaceName(i)
	}
	for _, c := range []struct {
		state, city string
		county      uint32
		want        string
	}{
		{"MO", "O'Fallon", 0, "O'Fallon city"},
		{"MO", "O Fallon", 0, "O'Fallon city"},
		{"MO", "OFallon", 29183, "O'Fallon city"},
		{"MO", "o’fallon", 0, "O'Fallon city"},
		{"MO", "O Fallon", 29189, "none"}, // not in that county
		{"MO", "Lees Summit", 29037, "Lee's Summit city"},
		{"MO", "Lee's Summit", 0, "Lee's Summit city"},
		{"TX", "Mc Kinney", 48085, "McKinney city"},
		{"TX", "O Fallon", 0, "none"}, // another state
		{"TX", "Dann", 0, "Dann"},     // exact first
		{"TX", "D'Ann", 0, "D'Ann city"},
		{"TX", "D Ann", 0, "none"},     // two places of the state
		{"TX", "D Ann", 48003, "Dann"}, // one of the county
		{"TX", "McKinney Acres", 0, "McKinney Acres"},
		{"TX", "Mc Kinney Acres", 0, "Mc Kinney Acres"},
		{"TX", "McKinneyAcres", 0, "none"}, // two places of the county
		{"TX", "Kinney", 0, "none"},
	} {
		if got := name(l.FindPlace(c.state, c.city, c.county)); got != c.want {
			t.Errorf("FindPlace(%s, %q, %d) = %s, want %s", c.state, c.city, c.county, got, c.want)
		}
	}
	key := PlaceKey("O Fallon")
	if n := testing.AllocsPerRun(100, func() { l.FindPlaceKey("MO", key, 29183) }); n != 0 {
		t.Errorf("FindPlaceKey by a loosened key allocates %v times", n)
	}
}
