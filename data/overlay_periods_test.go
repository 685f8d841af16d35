package data

import (
	"fmt"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestPeriodsOutside checks the days of a dataset's rate that an
// overlay's rows of the same state leave to it.
func TestPeriodsOutside(t *testing.T) {
	per := func(from, to string) civil.Period {
		var p civil.Period
		if from != "" {
			p.Effective = civil.MustParse(from)
		}
		if to != "" {
			p.Expiration = civil.MustParse(to)
		}
		return p
	}
	for _, c := range []struct {
		p     civil.Period
		cover []civil.Period
		want  string
	}{
		{per("1990-07-01", ""), nil, "[{1990-07-01 }]"},
		{per("1990-07-01", ""), []civil.Period{per("", "")}, "[]"},
		{per("1990-07-01", ""), []civil.Period{per("2027-01-01", "")}, "[{1990-07-01 2026-12-31}]"},
		{per("", ""), []civil.Period{per("2029-01-01", ""), per("2027-01-01", "2027-12-31")}, "[{ 2026-12-31} {2028-01-01 2028-12-31}]"},
		{per("2020-01-01", "2030-12-31"), []civil.Period{per("", "2019-12-31"), per("2031-01-01", "")}, "[{2020-01-01 2030-12-31}]"},
		{per("2020-01-01", "2030-12-31"), []civil.Period{per("", "2020-01-01"), per("2030-12-31", "")}, "[{2020-01-02 2030-12-30}]"},
		{per("2020-01-01", "2030-12-31"), []civil.Period{per("2019-01-01", "2025-06-30"), per("2025-01-01", "2030-12-31")}, "[]"},
		{per("2020-01-01", ""), []civil.Period{per("2021-01-01", "2021-01-01"), per("2021-01-02", "2021-12-31")}, "[{2020-01-01 2020-12-31} {2022-01-01 }]"},
		// A period that ends before it starts holds no day.
		{per("2009-07-01", ""), []civil.Period{per("2009-07-01", "2008-01-01")}, "[{2009-07-01 }]"},
	} {
		if got := fmt.Sprint(periodsOutside(c.p, c.cover)); got != c.want {
			t.Errorf("periodsOutside(%v, %v) = %s, want %s", c.p, c.cover, got, c.want)
		}
	}
}
