package datagen

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// TestStartRatesOnMeetsTheRateBefore dates a city's source rate with
// StartRatesOn, as the Kansas and Washington builders do, and checks
// checkStarts against the curated rate before the change: one that ends
// the day before passes; one that ends two days before (a day without
// the city's tax), one of another category and none at all are refused
// naming the jurisdiction, the start and the day the rate before should
// end.
func TestStartRatesOnMeetsTheRateBefore(t *testing.T) {
	const city = "US-5320750"
	start := civil.MustParse("2026-04-01")
	for name, c := range map[string]struct {
		before *jurisdiction.Rate // the curated rate before the change, if any
		want   string             // "" when checkStarts passes
	}{
		"ends the day before": {&jurisdiction.Rate{Category: jurisdiction.General, Period: civil.Period{Expiration: civil.MustParse("2026-03-31")}}, ""},
		"ends two days before": {&jurisdiction.Rate{Category: jurisdiction.General, Period: civil.Period{Expiration: civil.MustParse("2026-03-30")}},
			"US-5320750's general rate starts on 2026-04-01, but no rate of it ends on 2026-03-31 (the curated rate before the change; rates of it end on [2026-03-30])"},
		"of another category": {&jurisdiction.Rate{Category: "food", Period: civil.Period{Expiration: civil.MustParse("2026-03-31")}},
			"no rate of it ends on 2026-03-31"},
		"none": {nil, "US-5320750's general rate starts on 2026-04-01, but no rate of it ends on 2026-03-31"},
	} {
		b := &ratesBuilder{juris: map[string]jurisdiction.Jurisdiction{}}
		if err := b.addJuris(jurisdiction.Jurisdiction{ID: city, Type: jurisdiction.City, Name: "Edmonds", Country: "US"}); err != nil {
			t.Fatal(err)
		}
		sub, _ := jurisdiction.SubdivisionOf("US", "WA")
		s := (&usLocal{b: b}).newLocalState(sub, nil, StateDef{})
		add := func(r jurisdiction.Rate) {
			r.Jurisdiction, r.Tax, r.Source = city, jurisdiction.SalesTax, "test"
			if err := b.addRate(r); err != nil {
				t.Fatal(err)
			}
		}
		add(jurisdiction.Rate{Category: jurisdiction.General, Value: decimal.RequireFromString("0.016")}) // the source's, undated
		if err := s.StartRatesOn(city, start); err != nil {
			t.Fatal(err)
		}
		if c.before != nil {
			c.before.Value = decimal.RequireFromString("0.015")
			add(*c.before)
		}
		err := s.checkStarts()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want an error saying %q", name, err, c.want)
		}
	}
}
