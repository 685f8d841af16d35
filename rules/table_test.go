package rules

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

func half() *decimal.Decimal { d := decimal.RequireFromString("0.5"); return &d }

var sample = []Rule{
	{ID: "general", Outcome: Taxable},
	{ID: "us-food", Jurisdiction: "US-*", ProductClass: "FOOD", Outcome: Exempt, Reason: "most states exempt groceries"},
	{ID: "il-food", Jurisdiction: "US-IL", ProductClass: "FOOD", Outcome: Taxable, RateCategory: "food",
		Effective: civil.MustParse("1990-01-01"), Expiration: civil.MustParse("2025-12-31"), Reason: "1% state rate on groceries until 2025"},
	{ID: "resale", CustomerClass: "RESELLER", Outcome: Exempt, Priority: 10},
	{ID: "manufacturing", Jurisdiction: "US-*", When: `usage == "MANUFACTURING" && jurisdictionType == "STATE"`, Outcome: Exempt},
	{ID: "half-basis", Jurisdiction: "US-FL", ProductClass: "SERVICES", Outcome: Taxable, BasisPercent: half()},
	{ID: "eu-books", Jurisdiction: "DE", ProductClass: "BOOKS", Outcome: Taxable, RateCategory: "reduced"},
}

func TestDecide(t *testing.T) {
	table, err := Compile(sample)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d := civil.MustParse("2026-06-01")
	cases := []struct {
		name string
		env  Env
		date civil.Date
		want string
	}{
		{"nothing special", Env{JurisdictionID: "US-NY", ProductClass: "GENERAL"}, d, "general"},
		{"groceries in New York", Env{JurisdictionID: "US-NY", ProductClass: "FOOD"}, d, "us-food"},
		{"groceries in Illinois in 2025", Env{JurisdictionID: "US-IL", ProductClass: "FOOD"}, civil.MustParse("2025-06-01"), "il-food"},
		{"groceries in Illinois in 2026", Env{JurisdictionID: "US-IL", ProductClass: "FOOD"}, d, "us-food"},
		{"books in Germany", Env{JurisdictionID: "DE", ProductClass: "BOOKS"}, d, "eu-books"},
		{"a reseller", Env{JurisdictionID: "US-TX", ProductClass: "GENERAL", CustomerClass: "RESELLER"}, d, "resale"},
		{"manufacturing use, state level", Env{JurisdictionID: "US-OH", JurisdictionType: "STATE", Usage: "MANUFACTURING"}, d, "manufacturing"},
		{"manufacturing use, county level", Env{JurisdictionID: "US-39049", JurisdictionType: "COUNTY", Usage: "MANUFACTURING"}, d, "general"},
		{"services in Florida", Env{JurisdictionID: "US-FL", ProductClass: "SERVICES"}, d, "half-basis"},
	}
	for _, c := range cases {
		r, ok, err := table.Decide(ctx, &c.env, c.date)
		if err != nil || !ok || r.ID != c.want {
			t.Errorf("%s: rule %+v (%v, %v), want %q", c.name, r, ok, err, c.want)
		}
	}
	r, _, _ := table.Decide(ctx, &Env{JurisdictionID: "US-FL", ProductClass: "SERVICES"}, d)
	if r == nil || r.BasisPercent == nil || r.BasisPercent.String() != "0.5" {
		t.Errorf("basis reduction lost: %+v", r)
	}
	empty, _ := Compile(nil)
	if _, ok, _ := empty.Decide(ctx, &Env{}, d); ok {
		t.Error("an empty table decided something")
	}
}

func TestCompileRefusesBadRules(t *testing.T) {
	cases := map[string]Rule{
		"no id":            {Outcome: Taxable},
		"bad outcome":      {ID: "x", Outcome: "MAYBE"},
		"not boolean":      {ID: "x", Outcome: Taxable, When: `productClass`},
		"unknown field":    {ID: "x", Outcome: Taxable, When: `colour == "red"`},
		"syntax error":     {ID: "x", Outcome: Taxable, When: `usage ==`},
		"backwards period": {ID: "x", Outcome: Taxable, Effective: civil.MustParse("2026-01-01"), Expiration: civil.MustParse("2025-01-01")},
		"inner star":       {ID: "x", Outcome: Taxable, Jurisdiction: "US-*-X"},
		"basis above one":  {ID: "x", Outcome: Taxable, BasisPercent: func() *decimal.Decimal { d := decimal.NewFromInt(2); return &d }()},
		"too large":        {ID: "x", Outcome: Taxable, When: strings.Repeat(`usage == "A" || `, 300) + `usage == "B"`},
	}
	for name, r := range cases {
		if _, err := Compile([]Rule{r}); err == nil {
			t.Errorf("%s: compiled", name)
		} else if r.ID != "" && !strings.Contains(err.Error(), "rule x") {
			t.Errorf("%s: error %q does not name the rule", name, err)
		}
	}
	if _, err := Compile([]Rule{{ID: "a", Outcome: Taxable}, {ID: "a", Outcome: Exempt}}); err == nil {
		t.Error("a repeated id compiled")
	}
}

func TestDecideIsBounded(t *testing.T) {
	// A condition that builds large values runs out of its memory budget
	// instead of running away. (One that does so on every line is
	// refused by Compile, and so is one that does so on every long
	// usage: this one does so on the usage MANUFACTURING only.)
	table, err := Compile([]Rule{{ID: "greedy", Outcome: Taxable, When: `usage != "MANUFACTURING" || len(map(1..(len(usage) * 100000), # * 2)) > 0`}})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = table.Decide(context.Background(), &Env{Usage: "MANUFACTURING"}, civil.MustParse("2026-01-01"))
	var ce *ConditionError
	if !errors.As(err, &ce) || ce.ID != "greedy" || !strings.Contains(err.Error(), "greedy") {
		t.Errorf("err = %v, want a budget error naming the rule", err)
	}
}

func TestDecideConcurrently(t *testing.T) {
	table, err := Compile(sample)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			env := Env{JurisdictionID: "US-OH", JurisdictionType: "STATE", Usage: "MANUFACTURING"}
			for i := 0; i < 500; i++ {
				if r, _, err := table.Decide(context.Background(), &env, civil.MustParse("2026-01-01")); err != nil || r.ID != "manufacturing" {
					t.Errorf("got %q, %v", r.ID, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func BenchmarkDecide(b *testing.B) {
	table, err := Compile(sample)
	if err != nil {
		b.Fatal(err)
	}
	env := Env{JurisdictionID: "US-OH", JurisdictionType: "STATE", Usage: "MANUFACTURING", ProductClass: "GENERAL"}
	d := civil.MustParse("2026-01-01")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := table.Decide(ctx, &env, d); err != nil {
			b.Fatal(err)
		}
	}
}

// TestIndexAgreesWithScan checks the bucketed lookup against a plain scan
// of every rule in order, over many selectors and environments.
func TestIndexAgreesWithScan(t *testing.T) {
	jurs := []string{"", "US", "US*", "US-*", "US-TN", "US-TN*", "US-47157", "US-T*", "DE", "DE*", "CA-ON", "U*", "US-CA-CITY-X"}
	classes := []string{"", "FOOD", "CLOTHING"}
	types := []string{"", "STATE", "COUNTY"}
	var list []Rule
	n := 0
	for _, j := range jurs {
		for _, pc := range classes {
			for _, jt := range types {
				n++
				list = append(list, Rule{ID: strings.Repeat("r", 1) + string(rune('a'+n%26)) + strings.Repeat("x", n/26),
					Jurisdiction: j, ProductClass: pc, JurisdictionType: jt, Outcome: Taxable, Priority: n % 7})
			}
		}
	}
	table, err := Compile(list)
	if err != nil {
		t.Fatal(err)
	}
	envs := []Env{
		{JurisdictionID: "US", JurisdictionType: "COUNTRY"},
		{JurisdictionID: "US-TN", Subdivision: "US-TN", JurisdictionType: "STATE"},
		{JurisdictionID: "US-47157", Subdivision: "US-TN", JurisdictionType: "COUNTY"},
		{JurisdictionID: "US-06037", Subdivision: "US-CA", JurisdictionType: "COUNTY"},
		{JurisdictionID: "US-CA-CITY-X", Subdivision: "US-CA", JurisdictionType: "CITY"},
		{JurisdictionID: "DE", JurisdictionType: "COUNTRY"},
		{JurisdictionID: "CA-ON", Subdivision: "CA-ON", JurisdictionType: "PROVINCE"},
		{JurisdictionID: "FR"},
	}
	d := civil.MustParse("2026-01-01")
	for _, env := range envs {
		for _, pc := range classes {
			env.ProductClass = pc
			got, ok, err := table.Decide(context.Background(), &env, d)
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			for i := range table.rules {
				if table.rules[i].sel.matches(&env, d) {
					want = table.rules[i].ID
					break
				}
			}
			if (want != "") != ok || got.ID != want {
				t.Errorf("%+v: index chose %q, scan %q", env, got.ID, want)
			}
		}
	}
}

// TestDecideOutsideHolidays: DecideOutsideHolidays passes over the
// holidays' rules, which Decide takes in their turn. Clothing in Ohio on
// the first day of its 2026 holiday: Decide gives the holiday's rule;
// DecideOutsideHolidays the year-round clothing rule, and, for a class of
// no rule but the holiday's, none.
func TestDecideOutsideHolidays(t *testing.T) {
	table, err := Compile([]Rule{
		{ID: "oh-clothing", Jurisdiction: "US-OH*", ProductClass: "CLOTHING", Outcome: Taxable},
		{ID: "oh-holiday-clothing", Jurisdiction: "US-OH*", ProductClass: "CLOTHING", Outcome: Taxable, Holiday: true, Priority: 1,
			Effective: civil.MustParse("2026-08-07"), Expiration: civil.MustParse("2026-08-10"),
			Threshold: &Threshold{Amount: decimal.RequireFromString("75"), Kind: UpToExempt}},
		{ID: "oh-holiday-supplies", Jurisdiction: "US-OH*", ProductClass: "SCHOOL_SUPPLIES", Outcome: Taxable, Holiday: true,
			Effective: civil.MustParse("2026-08-07"), Expiration: civil.MustParse("2026-08-10")},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, d := context.Background(), civil.MustParse("2026-08-07")
	clothing := Env{JurisdictionID: "US-OH", ProductClass: "CLOTHING"}
	if r, ok, err := table.Decide(ctx, &clothing, d); err != nil || !ok || r.ID != "oh-holiday-clothing" {
		t.Errorf("Decide: %+v (%v, %v), want oh-holiday-clothing", r, ok, err)
	}
	if r, ok, err := table.DecideOutsideHolidays(ctx, &clothing, d); err != nil || !ok || r.ID != "oh-clothing" {
		t.Errorf("DecideOutsideHolidays: %+v (%v, %v), want oh-clothing", r, ok, err)
	}
	supplies := Env{JurisdictionID: "US-OH", ProductClass: "SCHOOL_SUPPLIES"}
	if r, ok, err := table.DecideOutsideHolidays(ctx, &supplies, d); err != nil || ok {
		t.Errorf("DecideOutsideHolidays of supplies: %+v (%v, %v), want none", r, ok, err)
	}
}
