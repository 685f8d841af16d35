package data

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/shopspring/decimal"
)

// TestNexusRules: the embedded thresholds cover every state TaxLocus
// lists, with the dated changes the issue names (New York's "and", a
// dropped transaction test).
func TestNexusRules(t *testing.T) {
	n, err := Default().Nexus()
	if err != nil {
		t.Fatal(err)
	}
	us := 0
	for _, st := range n.States() {
		if c, _ := NexusJurisdiction(st); c == "US" {
			us++
		}
	}
	if us != 48 {
		t.Errorf("%d states have rules, want 48 (45 states with a sales tax, DC, Puerto Rico and Alaska's municipalities)", us)
	}
	ny, ok := n.On("NY", civil.MustParse("2026-06-01"))
	if !ok || ny.Logic != NexusAnd || ny.Transactions != 100 || !ny.Sales.Equal(decimal.NewFromInt(500000)) || ny.Period != Nexus4QuartersNY {
		t.Errorf("New York = %+v", ny)
	}
	before, _ := n.On("IL", civil.MustParse("2025-12-31"))
	after, _ := n.On("IL", civil.MustParse("2026-01-01"))
	if before.Logic != NexusOr || before.Transactions != 200 || after.Logic != NexusSales || after.Transactions != 0 {
		t.Errorf("Illinois before and after 2026-01-01: %+v, %+v", before, after)
	}
	if _, ok := n.On("OR", civil.MustParse("2026-06-01")); ok {
		t.Error("Oregon, which has no sales tax, has a rule")
	}
	for _, r := range n.All() {
		if r.Citation == "" {
			t.Errorf("%s from %s has no citation", r.State, r.Effective)
		}
	}
}

// TestNexusRuleChecks: a negative threshold, a date out of range, an
// unknown value and a collection day (on=DATE) before the rule's
// effective date are refused, naming the member.
func TestNexusRuleChecks(t *testing.T) {
	good := NexusRule{State: "TX", Effective: civil.MustParse("2019-10-01"), Sales: decimal.NewFromInt(500000), SalesTest: NexusAtLeast,
		Logic: NexusSales, Period: Nexus12Months, Counts: NexusGross, Collect: "month+4", Citation: "https://comptroller.texas.gov/"}
	if err := good.Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		field string
		edit  func(*NexusRule)
	}{
		{"sales_threshold", func(r *NexusRule) { r.Sales = decimal.NewFromInt(-1) }},
		{"transaction_threshold", func(r *NexusRule) { r.Transactions = -5 }},
		{"effective", func(r *NexusRule) { r.Effective = civil.Date{Year: 1999, Month: 1, Day: 1} }},
		{"expiration", func(r *NexusRule) { r.Expiration = civil.MustParse("2018-01-01") }},
		{"logic", func(r *NexusRule) { r.Logic = "xor" }},
		{"period", func(r *NexusRule) { r.Period = "fortnight" }},
		{"collect", func(r *NexusRule) { r.Collect = "soon" }},
		{"collect", func(r *NexusRule) { r.Collect = "on=2019-09-30" }},
		{"jurisdiction", func(r *NexusRule) { r.State = "Texas" }},
		{"jurisdiction", func(r *NexusRule) { r.State = "CA-B1" }},
		{"scheme", func(r *NexusRule) { r.Scheme = "simplified" }},
		{"counts", func(r *NexusRule) { r.Counts = NexusConsumer }},
		{"logic", func(r *NexusRule) { r.Sales, r.SalesTest = decimal.Zero, NexusAtLeast }},
	} {
		r := good
		c.edit(&r)
		err := r.Check()
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != c.field || le.Code != levy.EInvalid {
			t.Errorf("%s: %v, want an invalid error naming %s", c.field, err, c.field)
		}
	}
	a, b := good, good
	b.Effective, b.Sales = civil.MustParse("2020-01-01"), decimal.NewFromInt(100000)
	if _, err := NewNexusRules([]NexusRule{a, b}); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("overlapping rules: %v", err)
	}
}

// TestNexusCollect: the day collection is due from, for each kind.
func TestNexusCollect(t *testing.T) {
	crossed, end := civil.MustParse("2026-01-15"), civil.MustParse("2026-12-31")
	for _, c := range []struct{ collect, want string }{
		{"next-day", "2026-01-16"},
		{"month+1", "2026-02-01"},
		{"month+4", "2026-05-01"},
		{"month+12", "2027-01-01"},
		{"days+60", "2026-03-16"},
		{"month-after-days+90", "2026-05-01"},
		{"month-within+60", "2026-03-01"},
		{"after-period", "2027-01-01"},
		{"next-quarter", "2026-04-01"},
		{"quarter-end+50", "2026-04-19"}, // the quarter December to February ends 2026-02-28
		{"after-period+3", "2027-04-01"},
		{"days-or-after-period+60", "2026-03-16"},
		{"quarter-after+3", "2026-07-01"},
		{"month-after-days+29", "2026-03-01"}, // the first month that starts 30 days or more after
	} {
		k, err := ParseNexusCollect(c.collect)
		if err != nil {
			t.Fatal(err)
		}
		if got := k.From(crossed, end).String(); got != c.want {
			t.Errorf("%s: %s, want %s", c.collect, got, c.want)
		}
	}
}

// TestNexusCollectEdges: the kinds whose day depends on where in the
// month, quarter or period the threshold is crossed.
func TestNexusCollectEdges(t *testing.T) {
	end := civil.MustParse("2026-12-31")
	for _, c := range []struct{ collect, crossed, want string }{
		// North Dakota: 60 days after, or January 1, whichever is earlier.
		{"days-or-after-period+60", "2026-12-01", "2027-01-01"},
		{"days-or-after-period+60", "2026-11-01", "2026-12-31"},
		// Missouri: three months after the close of the quarter of crossing.
		{"quarter-after+3", "2026-03-31", "2026-07-01"},
		{"quarter-after+3", "2026-04-01", "2026-10-01"},
		{"quarter-after+3", "2026-11-15", "2027-04-01"},
		// Arizona, Nevada, Washington: the first month that starts at least
		// 30 days after: 30 days after January 2 is February 1 itself.
		{"month-after-days+29", "2026-01-02", "2026-02-01"},
		{"month-after-days+29", "2026-01-03", "2026-03-01"},
		{"month-after-days+29", "2026-07-15", "2026-09-01"},
		// After the period, plain: the day after it ends.
		{"after-period", "2026-05-05", "2027-01-01"},
		// Texas's first period: one day for any crossing up to it, the
		// day of crossing after it.
		{"on=2019-10-01", "2019-01-01", "2019-10-01"},
		{"on=2019-10-01", "2019-06-30", "2019-10-01"},
		{"on=2019-10-01", "2019-10-01", "2019-10-01"},
		{"on=2019-10-01", "2019-10-02", "2019-10-02"},
	} {
		k, err := ParseNexusCollect(c.collect)
		if err != nil {
			t.Fatal(err)
		}
		if got := k.From(civil.MustParse(c.crossed), end).String(); got != c.want {
			t.Errorf("%s crossed %s: %s, want %s", c.collect, c.crossed, got, c.want)
		}
	}
	for _, bad := range []string{"after-period+", "quarter-after+x", "days-or-after-period", "quarter-after+-1",
		"on=", "on=2019-10", "on=2019-02-30", "on=2019-1-01", "on+2019-10-01"} {
		if _, err := ParseNexusCollect(bad); err == nil {
			t.Errorf("%q read without error", bad)
		}
	}
}

// TestNexusCanada: the embedded thresholds hold British Columbia's,
// Saskatchewan's, Manitoba's and Québec's, and Canada's two, dated, in
// Canadian dollars; Canada's rule needs its scheme, and a province's has
// none.
func TestNexusCanada(t *testing.T) {
	n, err := Default().Nexus()
	if err != nil {
		t.Fatal(err)
	}
	day := civil.MustParse("2026-06-01")
	for _, c := range []struct {
		state, scheme, amount, counts string
	}{
		{"CA-BC", "", "10000", NexusRetail},
		{"CA-SK", "", "0", NexusTaxable},
		{"CA-MB", "", "10000", NexusTaxable},
		{"CA-QC", "", "30000", NexusConsumer},
		{NexusCanada, NexusSimplified, "30000", NexusConsumer},
		{NexusCanada, NexusSmallSupplier, "30000", NexusRetail},
	} {
		r, ok := n.OnScheme(c.state, c.scheme, day)
		if !ok || !r.Sales.Equal(decimal.RequireFromString(c.amount)) || r.Counts != c.counts || r.Currency() != "CAD" || r.Citation == "" {
			t.Errorf("%s %s: %+v, %v", c.state, c.scheme, r, ok)
		}
	}
	if _, ok := n.OnScheme("CA-BC", "", civil.MustParse("2021-03-31")); ok {
		t.Error("British Columbia's threshold for sellers outside it applies before 2021-04-01")
	}
	if _, ok := n.OnScheme(NexusCanada, NexusSimplified, civil.MustParse("2021-06-30")); ok {
		t.Error("the simplified GST/HST registration applies before 2021-07-01")
	}
	early, _ := n.OnScheme("CA-QC", "", civil.MustParse("2019-08-31"))
	late, _ := n.OnScheme("CA-QC", "", civil.MustParse("2019-09-01"))
	if early.Effective.String() != "2019-01-01" || late.Effective.String() != "2019-09-01" {
		t.Errorf("Québec's two phases: %s, %s", early.Effective, late.Effective)
	}
	if tx, _ := n.On("TX", day); tx.Currency() != "USD" {
		t.Errorf("Texas's currency is %s", tx.Currency())
	}
	ca := NexusRule{State: NexusCanada, Effective: civil.MustParse("2021-07-01"), Sales: decimal.NewFromInt(30000), SalesTest: NexusOver,
		Logic: NexusSales, Period: Nexus12Months, Counts: NexusConsumer, Collect: "next-day", Citation: "https://www.canada.ca/"}
	var le *levy.Error
	if err := ca.Check(); !errors.As(err, &le) || le.Field != "scheme" {
		t.Errorf("Canada without a scheme: %v", err)
	}
	ca.Scheme = NexusSimplified
	if err := ca.Check(); err != nil {
		t.Errorf("Canada's simplified registration: %v", err)
	}
}

// TestNexusDecodeRefusesVersion1: a nexus.lvd written before Canada's
// rows (format v1) is refused, saying which format this build reads.
func TestNexusDecodeRefusesVersion1(t *testing.T) {
	w := binfmt.NewWriter(nexusKind, 1)
	w.Uvarint(0)
	b, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeNexus(b); err == nil || !strings.Contains(err.Error(), "format v1 is not supported (this build reads v2)") {
		t.Errorf("a file of format v1: %v", err)
	}
}

// TestNexusCollectSmallSupplier: Canada's small supplier collects on the
// supply that takes a single quarter over, and from the first day of the
// second month after four quarters that went over.
func TestNexusCollectSmallSupplier(t *testing.T) {
	k, err := ParseNexusCollect("small-supplier")
	if err != nil {
		t.Fatal(err)
	}
	day := civil.MustParse
	if got := k.FromPeriod(day("2026-05-10"), day("2026-04-01"), day("2026-06-30")); got.String() != "2026-05-10" {
		t.Errorf("one quarter: %s", got)
	}
	if got := k.FromPeriod(day("2025-11-10"), day("2025-04-01"), day("2026-03-31")); got.String() != "2026-05-01" {
		t.Errorf("four quarters ending 2026-03-31: %s", got)
	}
	if got := k.FromPeriod(day("2025-11-10"), day("2025-01-01"), day("2025-12-31")); got.String() != "2026-02-01" {
		t.Errorf("four quarters ending 2025-12-31: %s", got)
	}
}
