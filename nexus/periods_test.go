package nexus_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// rowOn returns the row of company "" in state of the report of tenant
// acme on asOf.
func rowOn(t *testing.T, j journal.Store, state, asOf string) nexus.Row {
	t.Helper()
	rep, err := nexus.Build(context.Background(), j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse(asOf)})
	if err != nil {
		t.Fatal(err)
	}
	return row(t, rep, "", state)
}

func dayText(d *civil.Date) string {
	if d == nil {
		return "null"
	}
	return d.String()
}

// TestTwelveMonthsEndOfFebruary: the twelve months ending on the last
// day of February of a year after a leap year start on March 1, not on
// the leap day before: a sale on 2024-02-29 is out of Illinois's twelve
// months ending on 2025-02-28, and in those ending on 2025-02-27.
func TestTwelveMonthsEndOfFebruary(t *testing.T) {
	j := journal.NewMemory()
	sale(t, j, "acme", "1", "", "2024-02-29", "IL", "150000.00")
	for _, c := range []struct{ asOf, start, status string }{
		{"2025-02-27", "2024-02-28", nexus.StatusExceeded},
		{"2025-02-28", "2024-03-01", nexus.StatusNone},
		{"2024-02-29", "2023-03-01", nexus.StatusExceeded},
		{"2025-01-31", "2024-02-01", nexus.StatusExceeded},
		{"2025-04-30", "2024-05-01", nexus.StatusNone},
	} {
		r := rowOn(t, j, "IL", c.asOf)
		if r.PeriodStart.String() != c.start || r.PeriodEnd.String() != c.asOf || r.Status != c.status {
			t.Errorf("Illinois on %s: %s from %s to %s, want %s from %s to %s", c.asOf, r.Status, r.PeriodStart, r.PeriodEnd, c.status, c.start, c.asOf)
		}
	}
}

// TestDatedRuleAppliesFromItsDate: each of a state's dated rules decides
// the days from its own date only. A threshold crossed under an earlier
// rule keeps its day and that rule's collection (North Carolina's 60
// days until 2024-06-30, the next day after); Utah's transaction test,
// dropped from 2025-07-01, dates a crossing by count before that day; a
// lower threshold that last year's sales meet (Arizona's $100,000 from
// 2021, $150,000 in 2020) is crossed on the day it took effect, not on a
// day of 2020 that a report of 2020 showed under the threshold.
func TestDatedRuleAppliesFromItsDate(t *testing.T) {
	j := journal.NewMemory()
	sale(t, j, "acme", "nc", "", "2024-03-01", "NC", "150000.00")
	sale(t, j, "acme", "az", "", "2020-06-01", "AZ", "120000.00")
	for i := range 200 {
		sale(t, j, "acme", fmt.Sprintf("ut%d", i), "", "2025-01-10", "UT", "10.00")
	}
	sale(t, j, "acme", "ut-big", "", "2025-05-01", "UT", "100000.00")
	for i := range 250 {
		sale(t, j, "acme", fmt.Sprintf("wy%d", i), "", "2024-02-01", "WY", "10.00")
	}
	for _, c := range []struct {
		state, asOf, status, crossed, collect string
		says                                  string
	}{
		{"NC", "2024-05-01", nexus.StatusExceeded, "2024-03-01", "2024-04-30", "(days+60)"},
		{"NC", "2024-08-01", nexus.StatusExceeded, "2024-03-01", "2024-04-30", "(days+60, under the rule in force from 2018-11-02)"},
		{"AZ", "2020-12-31", nexus.StatusApproaching, "null", "null", ""},
		{"AZ", "2021-03-01", nexus.StatusExceeded, "2021-01-01", "2021-02-01", "(month-after-days+29)"},
		{"UT", "2025-06-30", nexus.StatusExceeded, "2025-01-10", "2025-01-11", "(next-day)"},
		{"UT", "2025-08-01", nexus.StatusExceeded, "2025-01-10", "2025-01-11", "(next-day, under the rule in force from 2019-01-01)"},
		// Wyoming's 250 small sales met the count alone: past its
		// date, the state is under its threshold.
		{"WY", "2024-06-30", nexus.StatusExceeded, "2024-02-01", "2024-02-02", "(next-day)"},
		{"WY", "2024-07-01", nexus.StatusNone, "null", "null", ""},
	} {
		r := rowOn(t, j, c.state, c.asOf)
		if r.Status != c.status || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect || !strings.Contains(r.Explanation, c.says) {
			t.Errorf("%s on %s: %s, crossed on %s, collect from %s, want %s, %s, %s; %s", c.state, c.asOf, r.Status,
				dayText(r.CrossedOn), dayText(r.CollectFrom), c.status, c.crossed, c.collect, r.Explanation)
		}
	}
}

// TestCollectionNotBeforeTheRule: a threshold that the previous year's
// sales meet on the day a state's rule takes effect is crossed that day,
// and collection is due from that day at the earliest, not from the day
// after the measurement period, months before the rule existed: Florida's
// rule of 2021-07-01 on 2020's sales, Pennsylvania's of 2019-07-01 on
// 2018's (its first collection period began on 2019-07-01), Alabama's of
// 2018-10-01 on 2017's. A crossing after the rule's date keeps the
// period's own date (Michigan: January 1 after the year).
func TestCollectionNotBeforeTheRule(t *testing.T) {
	j := journal.NewMemory()
	sale(t, j, "acme", "fl", "", "2020-05-01", "FL", "150000.00")
	sale(t, j, "acme", "pa", "", "2018-05-01", "PA", "150000.00")
	sale(t, j, "acme", "al", "", "2017-05-01", "AL", "300000.00")
	sale(t, j, "acme", "mi", "", "2024-05-01", "MI", "150000.00")
	for _, c := range []struct{ state, asOf, crossed, collect string }{
		{"FL", "2021-08-01", "2021-07-01", "2021-07-01"},
		{"FL", "2020-12-31", "null", "null"},
		{"PA", "2019-08-01", "2019-07-01", "2019-07-01"},
		{"AL", "2018-10-05", "2018-10-01", "2018-10-01"},
		{"MI", "2025-02-01", "2024-05-01", "2025-01-01"},
	} {
		r := rowOn(t, j, c.state, c.asOf)
		if dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s on %s: %s, crossed %s, collection from %s; want crossed %s, collection from %s",
				c.state, c.asOf, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
		if r.CollectFrom == nil {
			continue
		}
		if !strings.Contains(r.Explanation, "collection due from "+c.collect) {
			t.Errorf("%s on %s: explanation %q does not give collection from %s", c.state, c.asOf, r.Explanation, c.collect)
		}
		if says := strings.Contains(r.Explanation, "from the first day of the rule that the earlier sales met"); says != (c.crossed == c.collect) {
			t.Errorf("%s on %s: explanation %q says the rule's first day: %v, want %v", c.state, c.asOf, r.Explanation, says, !says)
		}
	}
}

// TestNextDayFromTheRulesFirstDay: sales made before a state's rule took
// effect that meet it on its first day are crossed that day, and a rule
// that has collection from the next transaction has it from that first
// day, whose own sales are taxed (California's rule of 2019-04-01 on
// 2018's sales, Kansas's of 2021-07-01 on 2020's, Mississippi's twelve
// months on 2018-09-01). A sale on that first day that takes the seller
// past has collection from the day after, as any other.
func TestNextDayFromTheRulesFirstDay(t *testing.T) {
	j := journal.NewMemory()
	sale(t, j, "acme", "ca", "", "2018-06-01", "CA", "600000.00")
	sale(t, j, "acme", "ks", "", "2020-06-01", "KS", "300000.00")
	sale(t, j, "acme", "ms", "", "2018-03-01", "MS", "300000.00")
	sale(t, j, "acme", "ca-late", "B", "2019-04-01", "CA", "600000.00")
	for _, c := range []struct{ company, state, asOf, crossed, collect string }{
		{"", "CA", "2019-05-01", "2019-04-01", "2019-04-01"},
		{"", "KS", "2021-07-05", "2021-07-01", "2021-07-01"},
		{"", "MS", "2018-10-01", "2018-09-01", "2018-09-01"},
		{"B", "CA", "2019-05-01", "2019-04-01", "2019-04-02"},
	} {
		rep, err := nexus.Build(context.Background(), j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse(c.asOf)})
		if err != nil {
			t.Fatal(err)
		}
		r := row(t, rep, c.company, c.state)
		if dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%q in %s on %s: %s, crossed %s, collection from %s; want crossed %s, collection from %s",
				c.company, c.state, c.asOf, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
		if says := strings.Contains(r.Explanation, "(next-day, from the first day of the rule that the earlier sales met)"); says != (c.crossed == c.collect) {
			t.Errorf("%q in %s on %s: explanation %q says the rule's first day: %v, want %v", c.company, c.state, c.asOf, r.Explanation, says, !says)
		}
	}
}
