package rules

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// defaultTable compiles the default rules of the embedded dataset.
func defaultTable(tb testing.TB) *Table {
	tb.Helper()
	tx, err := data.Default().Taxability()
	if err != nil {
		tb.Fatal(err)
	}
	rs, _ := Defaults(tx)
	table, err := Compile(rs)
	if err != nil {
		tb.Fatal(err)
	}
	return table
}

// decideOn decides a class for a jurisdiction of a state on a day.
func decideOn(t *testing.T, table *Table, state, id, typ, class string, business bool, day string) *Rule {
	t.Helper()
	env := Env{Country: "US", JurisdictionID: id, JurisdictionType: typ, Subdivision: "US-" + state, Tax: "Sales and Use Tax",
		ProductClass: class, BusinessCustomer: business}
	r, ok, err := table.Decide(context.Background(), &env, civil.MustParse(day))
	if err != nil || !ok {
		t.Fatalf("%s %s %s: %v, %v", state, id, class, ok, err)
	}
	return r
}

func TestDefaultsSplitStateAndLocal(t *testing.T) {
	table := defaultTable(t)
	// Tennessee's groceries: the state's 4%, the local taxes at their
	// own rates.
	if r := decideOn(t, table, "TN", "US-TN", "STATE", Food, false, "2026-11-02"); r.Rate == nil || r.Rate.String() != "0.04" || !strings.HasSuffix(r.ID, "-state") {
		t.Errorf("TN food, state: %+v", r)
	}
	if r := decideOn(t, table, "TN", "US-47037", "COUNTY", Food, false, "2026-11-02"); r.Rate != nil || r.Outcome != Taxable || !strings.HasSuffix(r.ID, "-local") {
		t.Errorf("TN food, county: %+v", r)
	}
	// Iowa's SaaS: taxable, exempt for a business.
	if r := decideOn(t, table, "IA", "US-IA", "STATE", SaaS, false, "2026-11-02"); r.Outcome != Taxable {
		t.Errorf("IA SaaS to a consumer: %+v", r)
	}
	if r := decideOn(t, table, "IA", "US-IA", "STATE", SaaS, true, "2026-11-02"); r.Outcome != Exempt {
		t.Errorf("IA SaaS to a business: %+v", r)
	}
	// Ohio's: the other way round.
	if r := decideOn(t, table, "OH", "US-OH", "STATE", SaaS, false, "2026-11-02"); r.Outcome == Taxable {
		t.Errorf("OH SaaS to a consumer: %+v", r)
	}
	if r := decideOn(t, table, "OH", "US-39049", "COUNTY", SaaS, true, "2026-11-02"); r.Outcome != Taxable {
		t.Errorf("OH SaaS to a business, county: %+v", r)
	}
	// Texas taxes 80% of SaaS.
	if r := decideOn(t, table, "TX", "US-TX", "STATE", SaaS, false, "2026-11-02"); r.BasisPercent == nil || r.BasisPercent.String() != "0.8" {
		t.Errorf("TX SaaS: %+v", r)
	}
	// A holiday beats the class's own rule, for the state and the local
	// taxes: Texas's back-to-school clothing under $100.
	for _, j := range [][2]string{{"US-TX", "STATE"}, {"US-48201", "COUNTY"}} {
		if r := decideOn(t, table, "TX", j[0], j[1], Clothing, false, "2026-08-08"); !r.Holiday {
			t.Errorf("TX clothing on the holiday, %s: %+v", j[0], r)
		}
		if r := decideOn(t, table, "TX", j[0], j[1], AthleticClothing, false, "2026-08-08"); !r.Holiday {
			t.Errorf("TX athletic clothing on the holiday, %s: %+v", j[0], r)
		}
		// Children's clothing has no holiday rule of its own: it takes
		// its parent's, as every other rule of CLOTHING.
		if r := decideOn(t, table, "TX", j[0], j[1], ChildrensClothing, false, "2026-08-08"); !r.Holiday || !strings.HasSuffix(r.ID, "-childrens_clothing") {
			t.Errorf("TX children's clothing on the holiday, %s: %+v", j[0], r)
		}
	}
	// Textbooks follow books where a VAT country has a rule for books.
	if r := decideOn(t, table, "", "DE", "COUNTRY", Textbooks, false, "2026-11-02"); r.RateCategory != "reduced" {
		t.Errorf("DE textbooks: %+v", r)
	}
}

// BenchmarkDecideDefaults decides a class for a county with the default
// tables, without the engine's cache: the cost of the larger rule tables
// of the US matrix (the engine caches decisions, so this is paid once per
// environment). The limit is BenchmarkDecide's small sample table: the
// index keeps a lookup of the defaults within twice its cost.
func BenchmarkDecideDefaults(b *testing.B) {
	table := defaultTable(b)
	env := Env{Country: "US", JurisdictionID: "US-48201", JurisdictionType: "COUNTY", Subdivision: "US-TX", Tax: "Sales and Use Tax",
		ProductClass: SaaS}
	d := civil.MustParse("2026-11-02")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := table.Decide(ctx, &env, d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(table.Len()), "rules")
}

// TestDefaultsLocalTaxes checks the rules of Chicago's lease tax: SaaS in
// Chicago is taxable at the tax's category for the lease tax, while the
// state's rule still decides Chicago's sales tax, and goods meet no rule
// of the lease tax that asks for its category.
func TestDefaultsLocalTaxes(t *testing.T) {
	table := defaultTable(t)
	decide := func(tax, class, day string) *Rule {
		t.Helper()
		env := Env{Country: "US", JurisdictionID: "US-1714000", JurisdictionType: "CITY", Subdivision: "US-IL", Tax: tax, ProductClass: class}
		r, ok, err := table.Decide(context.Background(), &env, civil.MustParse(day))
		if err != nil || !ok {
			t.Fatalf("%s %s: %v, %v", tax, class, ok, err)
		}
		return r
	}
	const lease = "Personal Property Lease Transaction Tax"
	r := decide(lease, SaaS, "2026-03-02")
	if r.ID != "us-il-chicago-lease-tax-saas-2026-01-01" || r.Outcome != Taxable || r.RateCategory != "computer_lease" ||
		!strings.Contains(r.Reason, "3-32") || !strings.Contains(r.Reason, "Ruling #12") {
		t.Errorf("SaaS, lease tax, 2026: %s %s %q %.80q", r.ID, r.Outcome, r.RateCategory, r.Reason)
	}
	if r := decide(lease, SaaS, "2024-06-01"); r.ID != "us-il-chicago-lease-tax-saas-2021-01-01" {
		t.Errorf("SaaS, lease tax, 2024: %s", r.ID)
	}
	if r := decide("Sales and Use Tax", SaaS, "2026-03-02"); r.ID != "us-il-saas" || r.Outcome != NonTaxable {
		t.Errorf("SaaS, sales tax: %s %s, want the state's rule, NONTAXABLE", r.ID, r.Outcome)
	}
	if r := decide(lease, General, "2026-03-02"); r.RateCategory != "" {
		t.Errorf("goods, lease tax: rule %s asks for category %q", r.ID, r.RateCategory)
	}
	if r := decide(lease, SaaS, "2015-06-01"); r.RateCategory != "" {
		t.Errorf("SaaS before 2016, lease tax: rule %s asks for category %q", r.ID, r.RateCategory)
	}
}
