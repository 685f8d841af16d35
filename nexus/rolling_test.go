package nexus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// TestRollingCrossedStaysWhileMet: in a state measuring the twelve
// months ending on the day, a seller whose trailing twelve months stayed
// past the threshold since a day was crossed on that day, though the
// sales that took it over have since left the period; its collection is
// due from then, not from the day of a later sale. Where the trailing
// total fell back under the threshold, the crossing is the day it came
// to meet it again. Figures worked by hand.
func TestRollingCrossedStaysWhileMet(t *testing.T) {
	j := journal.NewMemory()
	// Mississippi: more than $250,000 of gross sales, next day.
	sale(t, j, "acme", "ms1", "", "2025-01-15", "MS", "200000.00")
	sale(t, j, "acme", "ms2", "", "2025-06-01", "MS", "60000.00")  // 260,000 in the twelve months: crossed
	sale(t, j, "acme", "ms3", "", "2026-01-10", "MS", "200000.00") // 460,000; from 2026-01-15 260,000: still met
	// Texas: $500,000 or more, first day of the fourth month after.
	sale(t, j, "acme", "tx1", "", "2025-02-01", "TX", "400000.00")
	sale(t, j, "acme", "tx2", "", "2025-05-01", "TX", "150000.00") // 550,000: crossed, collect from 2025-09-01
	sale(t, j, "acme", "tx3", "", "2026-01-20", "TX", "400000.00") // 950,000; from 2026-02-01 550,000: still met
	// Another tenant's Mississippi figures fall under the threshold on
	// 2026-01-14 (the sale of 2025-01-14 leaves the twelve months) and
	// meet it again on 2026-02-01.
	sale(t, j, "gap", "g1", "", "2025-01-14", "MS", "200000.00")
	sale(t, j, "gap", "g2", "", "2025-06-01", "MS", "60000.00")
	sale(t, j, "gap", "g3", "", "2026-02-01", "MS", "200000.00")
	for _, c := range []struct {
		tenant, state, asOf, sales, crossed, collect string
	}{
		{"acme", "MS", "2026-03-01", "260000.00", "2025-06-01", "2025-06-02"},
		{"acme", "TX", "2026-02-15", "550000.00", "2025-05-01", "2025-09-01"},
		{"acme", "TX", "2025-12-31", "550000.00", "2025-05-01", "2025-09-01"},
		{"gap", "MS", "2026-03-01", "260000.00", "2026-02-01", "2026-02-02"},
	} {
		rep, err := nexus.Build(context.Background(), j, rules(t), c.tenant, nexus.Options{AsOf: civil.MustParse(c.asOf)})
		if err != nil {
			t.Fatal(err)
		}
		r := row(t, rep, "", c.state)
		if r.Status != nexus.StatusExceeded || r.Sales.String() != c.sales || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s %s on %s: %s %s crossed %s collect %s, want exceeded %s crossed %s collect %s",
				c.tenant, c.state, c.asOf, r.Status, r.Sales, dayText(r.CrossedOn), dayText(r.CollectFrom), c.sales, c.crossed, c.collect)
		}
	}
}

// TestRollingCrossedAtTheLatest: a Mississippi total past the threshold
// on every day of the twelve months ending on the day asked, since
// before the figures the report reads, shows the period's first day as
// the day of crossing (at the latest), and collection from the next.
func TestRollingCrossedAtTheLatest(t *testing.T) {
	j := journal.NewMemory()
	sale(t, j, "acme", "1", "", "2024-06-01", "MS", "300000.00")
	sale(t, j, "acme", "2", "", "2025-05-01", "MS", "300000.00")
	sale(t, j, "acme", "3", "", "2026-04-01", "MS", "300000.00")
	r := rowOn(t, j, "MS", "2026-06-30")
	if r.Status != nexus.StatusExceeded || r.PeriodStart.String() != "2025-07-01" || dayText(r.CrossedOn) != "2025-07-01" || dayText(r.CollectFrom) != "2025-07-02" {
		t.Errorf("Mississippi on 2026-06-30: %s from %s crossed %s collect %s, want exceeded from 2025-07-01 crossed 2025-07-01 collect 2025-07-02",
			r.Status, r.PeriodStart, dayText(r.CrossedOn), dayText(r.CollectFrom))
	}
}

// TestRollingCrossedAtTheLatestSaysSo: the explanation of a row whose
// rolling total was past the threshold on every day the report weighs
// says that its day of crossing is the latest it could have been, the
// earlier figures not weighed; a row crossed within the days weighed
// names its day without it. Before, both read "crossed on <day>", the
// first as if the seller had come past the threshold that day.
func TestRollingCrossedAtTheLatestSaysSo(t *testing.T) {
	j := journal.NewMemory()
	sale(t, j, "acme", "1", "", "2024-06-01", "MS", "300000.00")
	sale(t, j, "acme", "2", "", "2025-05-01", "MS", "300000.00")
	sale(t, j, "acme", "3", "", "2026-04-01", "MS", "300000.00")
	sale(t, j, "acme", "tx1", "", "2025-09-01", "TX", "400000.00")
	sale(t, j, "acme", "tx2", "", "2025-11-01", "TX", "150000.00")
	rep, err := nexus.Build(context.Background(), j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-06-30")})
	if err != nil {
		t.Fatal(err)
	}
	ms, tx := row(t, rep, "", "MS"), row(t, rep, "", "TX")
	if want := "crossed on 2025-07-01 at the latest ("; dayText(ms.CrossedOn) != "2025-07-01" || !strings.Contains(ms.Explanation, want) ||
		!strings.Contains(ms.Explanation, "not weighed") {
		t.Errorf("Mississippi on 2026-06-30, crossed %s: %q; want it to say %q and that the earlier sales were not weighed",
			dayText(ms.CrossedOn), ms.Explanation, want)
	}
	if want := "crossed on 2025-11-01, collection due from 2026-03-01"; !strings.Contains(tx.Explanation, want) || strings.Contains(tx.Explanation, "at the latest") {
		t.Errorf("Texas on 2026-06-30: %q; want %q, not at the latest", tx.Explanation, want)
	}
}
