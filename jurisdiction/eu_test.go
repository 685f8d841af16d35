package jurisdiction

import (
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
)

func TestEUMember(t *testing.T) {
	for _, c := range []struct {
		country, date string
		want          bool
	}{
		{"DE", "2026-06-01", true},
		{"GR", "2026-06-01", true},
		{"EL", "2026-06-01", false}, // the VAT prefix is not a country code
		{"GB", "2020-12-31", true},
		{"GB", "2021-01-01", false},
		{"HR", "2013-06-30", false},
		{"HR", "2013-07-01", true},
		{"CH", "2026-06-01", false},
		{"", "2026-06-01", false},
	} {
		if got := EUMember(c.country, civil.MustParse(c.date)); got != c.want {
			t.Errorf("EUMember(%q, %s) = %v, want %v", c.country, c.date, got, c.want)
		}
	}
	now := EUMembers(civil.MustParse("2026-06-01"))
	if len(now) != 27 || slices.Contains(now, "GB") {
		t.Errorf("EUMembers(2026-06-01) has %d countries: %v", len(now), now)
	}
	if then := EUMembers(civil.MustParse("2020-06-01")); len(then) != 28 {
		t.Errorf("EUMembers(2020-06-01) has %d countries, want 28", len(then))
	}
}

func TestEUDistanceThreshold(t *testing.T) {
	if v, ok := EUDistanceThreshold(civil.MustParse("2026-06-01")); !ok || v.String() != "10000" {
		t.Errorf("threshold in 2026: %v %v", v, ok)
	}
	if _, ok := EUDistanceThreshold(civil.MustParse("2018-12-31")); ok {
		t.Error("a threshold before 2019")
	}
}

// TestEUNumberState: a VAT number's prefix names the member state that
// identifies its holder for goods: Greece under EL as under GR, Northern
// Ireland's XI from 2021 only, the United Kingdom's GB until it left, no
// other country.
func TestEUNumberState(t *testing.T) {
	for _, c := range []struct {
		prefix, date, state string
		ok                  bool
	}{
		{"DE", "2026-01-01", "DE", true},
		{"EL", "2026-01-01", "GR", true},
		{"GR", "2026-01-01", "GR", true},
		{"XI", "2020-12-31", "XI", false},
		{"XI", "2021-01-01", "XI", true},
		{"GB", "2020-12-31", "GB", true},
		{"GB", "2021-01-01", "GB", false},
		{"CH", "2026-01-01", "CH", false},
	} {
		state, ok := EUNumberState(c.prefix, civil.MustParse(c.date))
		if state != c.state || ok != c.ok {
			t.Errorf("%s on %s: %s %v, want %s %v", c.prefix, c.date, state, ok, c.state, c.ok)
		}
	}
}
