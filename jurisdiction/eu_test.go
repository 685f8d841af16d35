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
