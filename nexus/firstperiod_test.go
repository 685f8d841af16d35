package nexus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// TestTexasFirstPeriod: the Comptroller weighed a remote seller's first
// twelve calendar months from 2018-07-01 to 2019-06-30 and had every
// seller past the $500,000 safe harbor in them collect by 2019-10-01. A
// seller past it by then is due from 2019-10-01, whether its sales met
// the threshold before Texas's first row took effect or during the first
// half of 2019; Levy dated it 2020-02-01, the fourth month after the
// rule's first day. A seller first past it in July 2019 is due from the
// first day of the fourth month after, 2019-11-01. Figures worked by
// hand.
func TestTexasFirstPeriod(t *testing.T) {
	for _, c := range []struct {
		name     string
		sales    [][2]string // date, amount
		asOf     string
		crossed  string
		collect  string
		explains string
	}{
		{"past the safe harbor in 2018", [][2]string{{"2018-11-01", "300000.00"}, {"2018-12-15", "250000.00"}}, "2019-10-15",
			"2019-01-01", "2019-10-01", "(on=2019-10-01: the day the jurisdiction set for every seller past the threshold by then, under the rule in force from 2019-01-01)"},
		{"crossed in the first half of 2019", [][2]string{{"2018-11-01", "300000.00"}, {"2019-04-10", "200000.00"}}, "2019-10-15",
			"2019-04-10", "2019-10-01", "(on=2019-10-01: the day the jurisdiction set"},
		{"crossed on the first period's last day", [][2]string{{"2019-02-01", "499999.99"}, {"2019-06-30", "0.01"}}, "2019-09-01",
			"2019-06-30", "2019-10-01", "collection due from 2019-10-01"},
		{"crossed in July 2019", [][2]string{{"2019-01-20", "400000.00"}, {"2019-07-20", "100000.00"}}, "2019-12-31",
			"2019-07-20", "2019-11-01", "crossed on 2019-07-20, collection due from 2019-11-01 (month+4)"},
	} {
		j := journal.NewMemory()
		for i, s := range c.sales {
			sale(t, j, "acme", "tx"+string(rune('1'+i)), "", s[0], "TX", s[1])
		}
		r := rowOn(t, j, "TX", c.asOf)
		if r.Status != nexus.StatusExceeded || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s, on %s: %s crossed %s collect %s, want exceeded crossed %s collect %s",
				c.name, c.asOf, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
		if !strings.Contains(r.Explanation, c.explains) {
			t.Errorf("%s: %q, want it to say %q", c.name, r.Explanation, c.explains)
		}
	}
}

// TestGeorgiaNoticeChoice: in 2019 a remote seller past Georgia's
// $250,000 or 200 retail sales could give its buyers notice of the use
// tax instead of collecting, until H.B. 182 took that choice away on
// 2019-04-28 and had those sellers collect from 2019-07-01. A seller
// past a threshold before 2019-04-28 is due from 2019-07-01 (Levy had
// the next day); one first past it after, from the next transaction.
func TestGeorgiaNoticeChoice(t *testing.T) {
	for _, c := range []struct {
		name, day, asOf, crossed, collect string
	}{
		{"crossed in February", "2019-02-11", "2019-03-01", "2019-02-11", "2019-07-01"},
		{"crossed on the last day of the choice", "2019-04-27", "2019-12-31", "2019-04-27", "2019-07-01"},
		{"crossed after the choice was repealed", "2019-05-06", "2019-12-31", "2019-05-06", "2019-05-07"},
	} {
		j := journal.NewMemory()
		sale(t, j, "acme", "ga1", "", "2019-01-15", "GA", "200000.00")
		sale(t, j, "acme", "ga2", "", c.day, "GA", "60000.00")
		r := rowOn(t, j, "GA", c.asOf)
		if r.Status != nexus.StatusExceeded || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s, on %s: %s crossed %s collect %s, want exceeded crossed %s collect %s",
				c.name, c.asOf, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
	}
}

// TestMinnesotaFirstPeriod: the Department's guidance of 2018-07-25 had
// a remote seller past Minnesota's small seller exception begin
// collecting no later than 2018-10-01. A seller already past it then, or
// past it before October, is due from 2018-10-01 (Levy had 60 days after
// 2018-10-01, 2018-11-30); one past it from 2018-10-01 on has 60 days.
func TestMinnesotaFirstPeriod(t *testing.T) {
	for _, c := range []struct {
		name     string
		sales    [][2]string
		asOf     string
		crossed  string
		collect  string
		explains string
	}{
		{"past the exception when the guidance came", [][2]string{{"2018-03-01", "150000.00"}}, "2018-10-15",
			"2018-07-25", "2018-10-01", "collection due from 2018-10-01 (on=2018-10-01: the day the jurisdiction set"},
		{"crossed in September", [][2]string{{"2018-03-01", "60000.00"}, {"2018-09-10", "50000.00"}}, "2018-09-20",
			"2018-09-10", "2018-10-01", "collection due from 2018-10-01 (on=2018-10-01"},
		{"crossed in October", [][2]string{{"2018-03-01", "60000.00"}, {"2018-10-20", "50000.00"}}, "2018-12-31",
			"2018-10-20", "2018-12-19", "collection due from 2018-12-19 (days+60)"},
	} {
		j := journal.NewMemory()
		for i, s := range c.sales {
			sale(t, j, "acme", "mn"+string(rune('1'+i)), "", s[0], "MN", s[1])
		}
		r := rowOn(t, j, "MN", c.asOf)
		if r.Status != nexus.StatusExceeded || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s, on %s: %s crossed %s collect %s, want exceeded crossed %s collect %s",
				c.name, c.asOf, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
		if !strings.Contains(r.Explanation, c.explains) {
			t.Errorf("%s: %q, want it to say %q", c.name, r.Explanation, c.explains)
		}
	}
}

// TestNorthDakotaFirstPeriod: the Commissioner enforced North Dakota's
// threshold from 2018-10-01, a seller past it registering by that day or
// 60 days after meeting it, whichever is later. A seller past it on
// 2017's sales, or by 2018-08-02, is due from 2018-10-01; one past it on
// 2018-08-20, from 2018-10-19. Levy dated both from 2018-11-30, 60 days
// after its first row began.
func TestNorthDakotaFirstPeriod(t *testing.T) {
	for _, c := range []struct {
		name    string
		sales   [][2]string
		asOf    string
		crossed string
		collect string
	}{
		{"past on the previous year's sales", [][2]string{{"2017-05-01", "120000.00"}}, "2018-10-15", "2018-07-10", "2018-10-01"},
		{"crossed on 2018-08-02", [][2]string{{"2018-01-10", "60000.00"}, {"2018-08-02", "40000.00"}}, "2018-10-15", "2018-08-02", "2018-10-01"},
		{"crossed on 2018-08-20", [][2]string{{"2018-01-10", "60000.00"}, {"2018-08-20", "40000.00"}}, "2018-10-15", "2018-08-20", "2018-10-19"},
	} {
		j := journal.NewMemory()
		for i, s := range c.sales {
			sale(t, j, "acme", "nd"+string(rune('1'+i)), "", s[0], "ND", s[1])
		}
		r := rowOn(t, j, "ND", c.asOf)
		if r.Status != nexus.StatusExceeded || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s, on %s: %s crossed %s collect %s, want exceeded crossed %s collect %s",
				c.name, c.asOf, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
	}
}

// TestNorthCarolinaFirstDay: the Department had every remote seller past
// North Carolina's threshold in the previous or current calendar year
// register and collect effective 2018-11-01. A seller already past it
// then is due from 2018-11-01 (Levy had 2018-12-31, 60 days after); one
// first past it later has 60 days.
func TestNorthCarolinaFirstDay(t *testing.T) {
	for _, c := range []struct {
		name    string
		sales   [][2]string
		crossed string
		collect string
	}{
		{"past before enforcement", [][2]string{{"2018-02-01", "150000.00"}}, "2018-11-01", "2018-11-01"},
		{"crossed after", [][2]string{{"2018-02-01", "60000.00"}, {"2018-11-15", "50000.00"}}, "2018-11-15", "2019-01-14"},
	} {
		j := journal.NewMemory()
		for i, s := range c.sales {
			sale(t, j, "acme", "nc"+string(rune('1'+i)), "", s[0], "NC", s[1])
		}
		r := rowOn(t, j, "NC", "2018-12-31")
		if r.Status != nexus.StatusExceeded || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s: %s crossed %s collect %s, want exceeded crossed %s collect %s",
				c.name, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
	}
}

// TestOnDayCrossedAfter: a rule collecting on=DATE dates a crossing
// after that day from the day of crossing, and its row's explanation
// says so, not that the day collection is due from is the one the
// jurisdiction set (a table whose rule runs past its day: Texas's first
// row left open).
func TestOnDayCrossedAfter(t *testing.T) {
	var list []data.NexusRule
	for _, r := range rules(t).All() {
		if r.State != "TX" {
			list = append(list, r)
		} else if r.Collect == "on=2019-10-01" {
			r.Expiration = civil.Date{}
			list = append(list, r)
		}
	}
	open, err := data.NewNexusRules(list)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, day, crossed, collect, explains, not string
	}{
		{"crossed before the day", "2019-08-20", "2019-08-20", "2019-10-01",
			"collection due from 2019-10-01 (on=2019-10-01: the day the jurisdiction set for every seller past the threshold by then", ""},
		{"crossed on the day", "2019-10-01", "2019-10-01", "2019-10-01",
			"collection due from 2019-10-01 (on=2019-10-01: the day the jurisdiction set for every seller past the threshold by then", ""},
		{"crossed after the day", "2019-11-05", "2019-11-05", "2019-11-05",
			"collection due from 2019-11-05 (on=2019-10-01: the day of crossing, after the day the jurisdiction set", "(on=2019-10-01: the day the jurisdiction set"},
	} {
		j := journal.NewMemory()
		sale(t, j, "acme", "tx1", "", "2019-03-01", "TX", "400000.00")
		sale(t, j, "acme", "tx2", "", c.day, "TX", "100000.00")
		rep, err := nexus.Build(context.Background(), j, open, "acme", nexus.Options{AsOf: civil.MustParse("2019-12-31")})
		if err != nil {
			t.Fatal(err)
		}
		r := row(t, rep, "", "TX")
		if r.Status != nexus.StatusExceeded || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s: %s crossed %s collect %s, want exceeded crossed %s collect %s",
				c.name, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
		if !strings.Contains(r.Explanation, c.explains) || c.not != "" && strings.Contains(r.Explanation, c.not) {
			t.Errorf("%s: %q, want it to say %q", c.name, r.Explanation, c.explains)
		}
	}
}
