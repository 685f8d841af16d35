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
	checkFirst(t, "TX", []firstCase{
		{"past the safe harbor in 2018", [][2]string{{"2018-11-01", "300000.00"}, {"2018-12-15", "250000.00"}}, "2019-10-15",
			"2019-01-01", "2019-10-01", "(on=2019-10-01: the day the jurisdiction set for every seller past the threshold by then, under the rule in force from 2019-01-01)"},
		{"crossed in the first half of 2019", [][2]string{{"2018-11-01", "300000.00"}, {"2019-04-10", "200000.00"}}, "2019-10-15",
			"2019-04-10", "2019-10-01", "(on=2019-10-01: the day the jurisdiction set"},
		{"crossed on the first period's last day", [][2]string{{"2019-02-01", "499999.99"}, {"2019-06-30", "0.01"}}, "2019-09-01",
			"2019-06-30", "2019-10-01", "collection due from 2019-10-01"},
		{"crossed in July 2019", [][2]string{{"2019-01-20", "400000.00"}, {"2019-07-20", "100000.00"}}, "2019-12-31",
			"2019-07-20", "2019-11-01", "crossed on 2019-07-20, collection due from 2019-11-01 (month+4)"},
	})
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
	checkFirst(t, "MN", []firstCase{
		{"past the exception when the guidance came", [][2]string{{"2018-03-01", "150000.00"}}, "2018-10-15",
			"2018-07-25", "2018-10-01", "collection due from 2018-10-01 (on=2018-10-01: the day the jurisdiction set"},
		{"crossed in September", [][2]string{{"2018-03-01", "60000.00"}, {"2018-09-10", "50000.00"}}, "2018-09-20",
			"2018-09-10", "2018-10-01", "collection due from 2018-10-01 (on=2018-10-01"},
		{"crossed in October", [][2]string{{"2018-03-01", "60000.00"}, {"2018-10-20", "50000.00"}}, "2018-12-31",
			"2018-10-20", "2018-12-19", "collection due from 2018-12-19 (days+60)"},
	})
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

// firstCase is one seller in a state's first period: its sales (date,
// amount), the day asked, and the crossing, collection day and words of
// the explanation the report must give.
type firstCase struct {
	name     string
	sales    [][2]string
	asOf     string
	crossed  string
	collect  string
	explains string
}

// checkFirst posts each case's sales to state in a journal of its own
// and checks the report's row on the case's day.
func checkFirst(t *testing.T, state string, cases []firstCase) {
	t.Helper()
	for _, c := range cases {
		j := journal.NewMemory()
		for i, s := range c.sales {
			sale(t, j, "acme", strings.ToLower(state)+string(rune('1'+i)), "", s[0], state, s[1])
		}
		r := rowOn(t, j, state, c.asOf)
		if r.Status != nexus.StatusExceeded || dayText(r.CrossedOn) != c.crossed || dayText(r.CollectFrom) != c.collect {
			t.Errorf("%s %s, on %s: %s crossed %s collect %s, want exceeded crossed %s collect %s",
				state, c.name, c.asOf, r.Status, dayText(r.CrossedOn), dayText(r.CollectFrom), c.crossed, c.collect)
		}
		if !strings.Contains(r.Explanation, c.explains) {
			t.Errorf("%s %s: %q, want it to say %q", state, c.name, r.Explanation, c.explains)
		}
	}
}

// TestArizonaFirstDay: H.B. 2757 had a remote seller past Arizona's
// $200,000 of 2019 in the current or previous calendar year collect
// from 2019-10-01. A seller past it on 2018's sales is due from that
// day (Levy had 2019-11-01, the month that starts at least 30 days
// after); one first past it on 2019-10-20 (2019-10-20 + 29 days is
// 2019-11-18) from 2019-12-01.
func TestArizonaFirstDay(t *testing.T) {
	checkFirst(t, "AZ", []firstCase{
		{"past on 2018's sales", [][2]string{{"2018-05-01", "250000.00"}}, "2019-10-15",
			"2019-10-01", "2019-10-01", "(on=2019-10-01: the day the jurisdiction set for every seller past the threshold by then, under the rule in force from 2019-10-01)"},
		{"crossed in October 2019", [][2]string{{"2019-02-01", "150000.00"}, {"2019-10-20", "60000.00"}}, "2019-12-31",
			"2019-10-20", "2019-12-01", "collection due from 2019-12-01 (month-after-days+29)"},
	})
}

// TestColoradoFirstDay: the Department had a retailer past Colorado's
// $100,000 or 200 transactions register by 2018-11-30 and collect from
// 2018-12-01. A retailer past it on 2018's sales is due from 2018-12-01
// (Levy had 2019-04-01, the first of the month after the 90th day,
// 2019-03-01); one first past it on 2018-12-10 (90 days on: 2019-03-10)
// from 2019-04-01.
func TestColoradoFirstDay(t *testing.T) {
	checkFirst(t, "CO", []firstCase{
		{"past before enforcement", [][2]string{{"2018-03-01", "120000.00"}}, "2018-12-15",
			"2018-12-01", "2018-12-01", "(on=2018-12-01: the day the jurisdiction set"},
		{"crossed in December 2018", [][2]string{{"2018-03-01", "60000.00"}, {"2018-12-10", "50000.00"}}, "2019-01-31",
			"2018-12-10", "2019-04-01", "collection due from 2019-04-01 (month-after-days+90)"},
	})
}

// TestHawaiiFirstDay: the Department's amended Announcement 2018-10 had
// a seller past Hawaii's $100,000 or 200 transactions in 2017 or 2018
// subject to the tax from 2018-07-01, not before. A seller past it on
// 2017's sales is due from that day (Levy had 2018-08-01); one first
// past it on 2018-07-10, from the first of the next month.
func TestHawaiiFirstDay(t *testing.T) {
	checkFirst(t, "HI", []firstCase{
		{"past on 2017's sales", [][2]string{{"2017-08-01", "150000.00"}}, "2018-07-15",
			"2018-07-01", "2018-07-01", "(on=2018-07-01: the day the jurisdiction set"},
		{"crossed in July 2018", [][2]string{{"2018-01-10", "60000.00"}, {"2018-07-10", "40000.00"}}, "2018-09-01",
			"2018-07-10", "2018-08-01", "collection due from 2018-08-01 (month+1)"},
	})
}

// TestIowaFirstDay: a remote seller past Iowa's $100,000 on its 2018
// sales collects from 2019-01-01 (Levy had 2019-02-01); one first past
// it on 2019-01-10 (29 days on: 2019-02-08) from 2019-03-01.
func TestIowaFirstDay(t *testing.T) {
	checkFirst(t, "IA", []firstCase{
		{"past on 2018's sales", [][2]string{{"2018-04-01", "120000.00"}}, "2019-01-15",
			"2019-01-01", "2019-01-01", "(on=2019-01-01: the day the jurisdiction set"},
		{"crossed in January 2019", [][2]string{{"2019-01-05", "60000.00"}, {"2019-01-10", "40000.00"}}, "2019-03-31",
			"2019-01-10", "2019-03-01", "collection due from 2019-03-01 (month-after-days+29)"},
	})
}

// TestKentuckyFirstDay: the Department had retailers past Kentucky's
// thresholds registered and collecting by 2018-10-01. A retailer past
// them on 2018's sales is due from that day (Levy had 2018-11-01); one
// first past them on 2018-10-10 (60 days on: 2018-12-09) from the first
// of that month, 2018-12-01.
func TestKentuckyFirstDay(t *testing.T) {
	checkFirst(t, "KY", []firstCase{
		{"past before enforcement", [][2]string{{"2018-03-01", "120000.00"}}, "2018-10-15",
			"2018-10-01", "2018-10-01", "(on=2018-10-01: the day the jurisdiction set"},
		{"crossed in October 2018", [][2]string{{"2018-03-01", "60000.00"}, {"2018-10-10", "50000.00"}}, "2018-12-31",
			"2018-10-10", "2018-12-01", "collection due from 2018-12-01 (month-within+60)"},
	})
}

// TestMassachusettsFirstDay: from 2019-10-01 a remote seller whose
// Massachusetts sales exceeded $100,000 in the current or prior
// calendar year collects. A seller past it on 2018's sales is due from
// 2019-10-01 (Levy had 2019-12-01); one first past it on 2019-10-15,
// from the first day of the second month after, 2019-12-01.
func TestMassachusettsFirstDay(t *testing.T) {
	checkFirst(t, "MA", []firstCase{
		{"past on 2018's sales", [][2]string{{"2018-05-01", "120000.00"}}, "2019-10-15",
			"2019-10-01", "2019-10-01", "(on=2019-10-01: the day the jurisdiction set"},
		{"crossed in October 2019", [][2]string{{"2019-02-01", "60000.00"}, {"2019-10-15", "50000.00"}}, "2019-12-31",
			"2019-10-15", "2019-12-01", "collection due from 2019-12-01 (month+2)"},
	})
}

// TestNebraskaFirstPeriod: the Department's notice under LB 284 had a
// seller past Nebraska's threshold in 2018 or in the first two months of
// 2019 collect from 2019-04-01, and one first past it later from the
// first day of the second month after. A seller past it on 2018's sales
// or on 2019-02-20 is due from 2019-04-01 (Levy had 2019-06-01 for the
// first); one past it on 2019-03-10, from 2019-05-01.
func TestNebraskaFirstPeriod(t *testing.T) {
	checkFirst(t, "NE", []firstCase{
		{"past on 2018's sales", [][2]string{{"2018-06-01", "120000.00"}}, "2019-04-15",
			"2019-01-01", "2019-04-01", "(on=2019-04-01: the day the jurisdiction set for every seller past the threshold by then, under the rule in force from 2019-01-01)"},
		{"crossed in February 2019", [][2]string{{"2019-01-10", "60000.00"}, {"2019-02-20", "50000.00"}}, "2019-04-15",
			"2019-02-20", "2019-04-01", "collection due from 2019-04-01 (on=2019-04-01"},
		{"crossed in March 2019", [][2]string{{"2019-01-10", "60000.00"}, {"2019-03-10", "50000.00"}}, "2019-06-01",
			"2019-03-10", "2019-05-01", "collection due from 2019-05-01 (month+2)"},
	})
}

// TestSouthCarolinaFirstPeriod: Revenue Ruling #18-14 had a remote
// seller with nexus in 2017 or by 2018-09-30 collect from 2018-11-01,
// and one with nexus from 2018-10-01 on from the first day of the second
// month after. A seller past $100,000 on 2017's sales, or on
// 2018-09-25, is due from 2018-11-01 (Levy had 2019-01-01); one past it
// on 2018-10-10, from 2018-12-01 (Levy had 2019-01-01).
func TestSouthCarolinaFirstPeriod(t *testing.T) {
	checkFirst(t, "SC", []firstCase{
		{"past on 2017's sales", [][2]string{{"2017-06-01", "120000.00"}}, "2018-11-15",
			"2018-09-18", "2018-11-01", "(on=2018-11-01: the day the jurisdiction set for every seller past the threshold by then, under the rule in force from 2018-09-18)"},
		{"crossed in September 2018", [][2]string{{"2018-02-01", "60000.00"}, {"2018-09-25", "50000.00"}}, "2018-11-15",
			"2018-09-25", "2018-11-01", "collection due from 2018-11-01 (on=2018-11-01"},
		{"crossed in October 2018", [][2]string{{"2018-02-01", "60000.00"}, {"2018-10-10", "50000.00"}}, "2018-12-31",
			"2018-10-10", "2018-12-01", "collection due from 2018-12-01 (month+2)"},
	})
}

// TestTennesseeFirstPeriod: Notice #19-04 had an out-of-state dealer
// past $500,000 of retail sales in the previous twelve months as of
// 2019-07-31 collect by 2019-10-01, and one past it later from the first
// day of the third month after. A dealer past it on sales of March 2019,
// or on 2019-07-20, is due from 2019-10-01 (Levy had 2020-01-01); one
// past it on 2019-08-15, from 2019-11-01.
func TestTennesseeFirstPeriod(t *testing.T) {
	checkFirst(t, "TN", []firstCase{
		{"past before the notice's day", [][2]string{{"2019-03-01", "600000.00"}}, "2019-10-15",
			"2019-07-01", "2019-10-01", "(on=2019-10-01: the day the jurisdiction set for every seller past the threshold by then, under the rule in force from 2019-07-01)"},
		{"crossed in July 2019", [][2]string{{"2019-01-10", "400000.00"}, {"2019-07-20", "100000.00"}}, "2019-10-15",
			"2019-07-20", "2019-10-01", "collection due from 2019-10-01 (on=2019-10-01"},
		{"crossed in August 2019", [][2]string{{"2019-01-10", "400000.00"}, {"2019-08-15", "100000.00"}}, "2019-12-31",
			"2019-08-15", "2019-11-01", "collection due from 2019-11-01 (month+3)"},
	})
}

// TestVermontFirstDay: a vendor past Vermont's $100,000 or 200 sales in
// the twelve months before July 2018 is liable for July 2018 and
// collects from 2018-07-01 (Levy had 2018-08-01); one first past it on
// 2018-07-20, from the first of the next month.
func TestVermontFirstDay(t *testing.T) {
	checkFirst(t, "VT", []firstCase{
		{"past in the twelve months before July 2018", [][2]string{{"2018-02-01", "150000.00"}}, "2018-07-15",
			"2018-07-01", "2018-07-01", "(on=2018-07-01: the day the jurisdiction set"},
		{"crossed in July 2018", [][2]string{{"2018-02-01", "60000.00"}, {"2018-07-20", "40000.00"}}, "2018-09-01",
			"2018-07-20", "2018-08-01", "collection due from 2018-08-01 (month+1)"},
	})
}

// TestWashingtonFirstDay: the Department had a seller past Washington's
// $100,000 or 200 transactions in 2017 or 2018 collect from 2018-10-01.
// A seller past it on 2017's sales is due from that day (Levy had
// 2018-11-01); one first past it on 2018-10-05 (29 days on: 2018-11-03)
// from 2018-12-01.
func TestWashingtonFirstDay(t *testing.T) {
	checkFirst(t, "WA", []firstCase{
		{"past on 2017's sales", [][2]string{{"2017-09-01", "120000.00"}}, "2018-10-15",
			"2018-10-01", "2018-10-01", "(on=2018-10-01: the day the jurisdiction set"},
		{"crossed in October 2018", [][2]string{{"2018-01-10", "60000.00"}, {"2018-10-05", "50000.00"}}, "2018-12-31",
			"2018-10-05", "2018-12-01", "collection due from 2018-12-01 (month-after-days+29)"},
	})
}

// TestMissouriFirstDay: section 144.605 RSMo weighs the 12 months ending
// with the calendar quarter just closed and has a vendor past $100,000
// collect within three months of its close. A seller past it on its 2022
// sales meets it on 2023-01-01, with the quarter that closed on
// 2022-12-31, and collects from 2023-04-01 (Levy had 2023-07-01, three
// months after the first quarter of 2023); one first past it on
// 2023-02-10 collects from 2023-07-01.
func TestMissouriFirstDay(t *testing.T) {
	checkFirst(t, "MO", []firstCase{
		{"past on 2022's sales", [][2]string{{"2022-06-01", "120000.00"}}, "2023-04-15",
			"2023-01-01", "2023-04-01", "(on=2023-04-01: the day the jurisdiction set"},
		{"crossed in February 2023", [][2]string{{"2022-09-01", "60000.00"}, {"2023-02-10", "50000.00"}}, "2023-07-15",
			"2023-02-10", "2023-07-01", "collection due from 2023-07-01 (quarter-after+3)"},
	})
}
